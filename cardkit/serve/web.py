"""The preview's web pages (starlette, jinja2 with autoescaping): they only read snapshots.

Every URL is a fixed route; a card is found by its id in the snapshot, a source file by the
number of a problem, an asset by its name in ``ASSETS``: no part of a request becomes a
path. A request body larger than ``MAX_BODY`` is refused (413) before it is read whole.
Open pages follow the game through server-sent events (``/events``): on each new snapshot
the page fetches its own content again and swaps it in.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardkit.diagnostics import Diagnostic
from cardkit.package_data import data_dir
from cardkit.serve.snapshot import CardView, PlaytestState, SheetResult, Snapshot

MAX_BODY = 1024 * 1024  # no page takes more than a small form
SOURCE_CONTEXT = 4  # lines shown each side of a problem's line
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
ASSETS: Mapping[str, str] = {"app.css": "text/css", "app.js": "text/javascript"}
PAPERS = ("a4", "letter", "a3")
DUPLEX = ("long", "short", "none")


@dataclass(slots=True)
class Services:
    """What the pages need from the preview: the latest snapshot, a rebuild loop to run, and
    the slower pages made on request."""

    snapshot: Callable[[], Snapshot]
    run: Callable[[Callable[[], None]], Coroutine[Any, Any, None]]  # watch and rebuild; calls back
    rulebook: Callable[[], tuple[str | None, list[Diagnostic]]]
    sheets: Callable[[str, str, str, str], SheetResult]  # paper, bleed, gutter, duplex
    playtest: Callable[[], PlaytestState]
    start_playtest: Callable[[int, int, tuple[str, str]], object]  # games, seed, bots
    bots: tuple[str, ...]
    # why no playtest can start (message, what to do), None when one can: the page says so
    # in place of a Play button
    playtest_blocker: Callable[[], tuple[str, str] | None] = lambda: None


class Hub:
    """Wakes every open event stream when a new snapshot is published."""

    def __init__(self) -> None:
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.closing = False

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def close(self) -> None:
        """End every event stream (the server is stopping); callable from a signal handler."""
        self.closing = True
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.notify)

    async def wait(self, timeout: float) -> bool:
        self._loop = asyncio.get_running_loop()
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True


class BodyLimit:
    """Refuse a request whose body is over ``limit`` bytes: at once when its Content-Length
    says so, else when the bytes read pass the limit."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _too_large(send)
            return
        read = 0

        async def limited() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > self.limit:
                raise HTTPException(413, "the request is too large")
            return message

        await self.app(scope, limited, send)


async def _too_large(send: Send) -> None:
    body = b"the request is too large"
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"text/plain"), (b"content-length", b"%d" % len(body))],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(data_dir("templates") / "serve"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["quote"] = lambda text: quote(str(text), safe="")
    return env


def _filtered(snapshot: Snapshot, query: Mapping[str, str]) -> list[CardView]:
    cards = list(snapshot.cards)
    if kind := query.get("type"):
        cards = [card for card in cards if card.type == kind]
    if faction := query.get("faction"):
        cards = [card for card in cards if faction in card.factions]
    if deck := query.get("deck"):
        cards = [card for card in cards if card.deck == deck]
    if query.get("problems"):
        cards = [card for card in cards if snapshot.problems_of(card.id)]
    return cards


def _source_lines(path: Path, line: int) -> list[tuple[int, str]]:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    first = max(1, line - SOURCE_CONTEXT)
    last = min(len(lines), max(line, 1) + SOURCE_CONTEXT)
    return [(number, lines[number - 1]) for number in range(first, last + 1)]


def make_app(services: Services) -> Starlette:
    """The web app over ``services``."""
    env = _templates()
    hub = Hub()
    sheet_cache: dict[tuple[int, tuple[str, ...]], SheetResult] = {}

    def versions() -> str:
        """What the open pages follow: the snapshot's number, and the playtest's progress."""
        run = services.playtest()
        return f"{services.snapshot().generation} {run.run}-{run.status.value}-{run.done}"

    def page(request: Request, name: str, status: int = 200, **values: Any) -> HTMLResponse:
        snapshot: Snapshot = values.pop("snapshot", None) or services.snapshot()
        fragment = request.headers.get("x-fragment") == "1"
        html = env.get_template(name).render(
            snapshot=snapshot,
            fragment=fragment,
            path=request.url.path,
            versions=versions(),
            **values,
        )
        return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})

    async def cards(request: Request) -> Response:
        snapshot = services.snapshot()
        query = dict(request.query_params)
        return page(
            request,
            "cards.html.j2",
            snapshot=snapshot,
            shown=_filtered(snapshot, query),
            query=query,
            types=sorted({card.type for card in snapshot.cards}),
            factions=sorted({f for card in snapshot.cards for f in card.factions}),
            decks=sorted({card.deck for card in snapshot.cards if card.deck}),
        )

    async def card(request: Request) -> Response:
        snapshot = services.snapshot()
        found = snapshot.card(request.path_params["card_id"])
        if found is None:
            raise HTTPException(404, "no card has that id")
        return page(request, "card.html.j2", snapshot=snapshot, card=found)

    async def image(request: Request) -> Response:
        name: str = request.path_params["name"]
        found = services.snapshot().card(name.removesuffix(".png"))
        if not name.endswith(".png") or found is None or found.image is None:
            raise HTTPException(404, "no picture of that card")
        try:
            data = await asyncio.to_thread(found.image.read_bytes)
        except OSError:
            raise HTTPException(404, "no picture of that card") from None
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=31536000"})

    async def problems(request: Request) -> Response:
        return page(request, "problems.html.j2")

    async def source(request: Request) -> Response:
        snapshot = services.snapshot()
        number = request.path_params["number"]
        if not 0 <= number < len(snapshot.diagnostics):
            raise HTTPException(404, "no such problem")
        diag = snapshot.diagnostics[number]
        path = snapshot.sources.get(diag.location.path)
        lines = await asyncio.to_thread(_source_lines, path, diag.location.line) if path else []
        return page(request, "source.html.j2", snapshot=snapshot, diag=diag, lines=lines)

    def sheet_options(request: Request) -> tuple[str, ...]:
        query = request.query_params
        paper = query.get("paper", "a4")
        return (
            paper if paper in PAPERS else "a4",
            query.get("bleed", "0mm")[:20],
            query.get("gutter", "0mm")[:20],
            query.get("duplex", "long") if query.get("duplex") in DUPLEX else "long",
        )

    async def sheet_result(request: Request) -> SheetResult:
        options = sheet_options(request)
        key = (services.snapshot().generation, options)
        if key not in sheet_cache:
            result = await asyncio.to_thread(services.sheets, *options)
            sheet_cache.clear()
            sheet_cache[key] = result
        return sheet_cache[key]

    async def sheets(request: Request) -> Response:
        options = sheet_options(request)
        result = await sheet_result(request)
        named = dict(zip(("paper", "bleed", "gutter", "duplex"), options, strict=True))
        return page(
            request,
            "sheets.html.j2",
            result=result,
            options=named,
            query=urlencode(named),
            papers=PAPERS,
            duplexes=DUPLEX,
        )

    async def sheet_image(request: Request) -> Response:
        result = await sheet_result(request)
        number = request.path_params["number"]
        if not 1 <= number <= len(result.pages):
            raise HTTPException(404, "no such sheet")
        return Response(result.pages[number - 1], media_type="image/png")

    async def rulebook(request: Request) -> Response:
        return page(request, "rulebook.html.j2")

    async def rulebook_html(request: Request) -> Response:
        html, _ = await asyncio.to_thread(services.rulebook)
        if html is None:
            raise HTTPException(404, "the reference pages cannot be made: see Problems")
        # The reference pages hold the game's text: shown sandboxed, with no script at all.
        return HTMLResponse(
            html,
            headers={
                "Content-Security-Policy": "default-src 'none'; img-src data:; "
                "style-src 'unsafe-inline'; sandbox",
                "Cache-Control": "no-store",
            },
        )

    async def playtest(request: Request) -> Response:
        return page(
            request,
            "playtest.html.j2",
            run=services.playtest(),
            bots=services.bots,
            blocker=services.playtest_blocker(),
        )

    async def start_playtest(request: Request) -> Response:
        form = parse_qs((await request.body()).decode("utf-8", "replace"))

        def number(name: str, default: int) -> int:
            text = form.get(name, [str(default)])[0].strip()
            return int(text) if text.isdigit() and len(text) < 10 else -1

        bots = (form.get("bot_a", ["greedy"])[0], form.get("bot_b", ["greedy"])[0])
        services.start_playtest(number("games", 200), number("seed", 1), bots)
        return RedirectResponse("/playtest", status_code=303)

    async def playtest_chart(request: Request) -> Response:
        chart = services.playtest().charts.get(request.path_params["name"])
        if chart is None:
            raise HTTPException(404, "no such chart")
        return Response(chart, media_type="image/png", headers={"Cache-Control": "no-store"})

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise HTTPException(404, "no such file")
        data = (data_dir("templates") / "serve" / name).read_bytes()
        return Response(data, media_type=ASSETS[name])

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield f"retry: 1000\ndata: {versions()}\n\n"
            while not hub.closing and not await request.is_disconnected():
                if await hub.wait(KEEPALIVE):
                    yield f"data: {versions()}\n\n"
                else:
                    yield ": idle\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else "internal error"
        if status == 413:
            return Response("the request is too large", status_code=413)
        return page(request, "error.html.j2", status=status, status_code=status, detail=detail)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(services.run(hub.notify))
        try:
            yield
        finally:
            task.cancel()

    routes = [
        Route("/", cards),
        Route("/card/{card_id:path}", card),
        Route("/image/{name:path}", image),
        Route("/problems", problems),
        Route("/source/{number:int}", source),
        Route("/sheets", sheets),
        Route("/sheets/{number:int}.png", sheet_image),
        Route("/rulebook", rulebook),
        Route("/rulebook/reference.html", rulebook_html),
        Route("/playtest", playtest),
        Route("/playtest", start_playtest, methods=["POST"]),
        Route("/playtest/{name}", playtest_chart),
        Route("/assets/{name}", asset),
        Route("/events", events),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: not_found, 500: not_found},
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)
    app.state.hub = hub
    return app

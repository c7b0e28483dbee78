"""`cardkit serve`: the live preview's work, without the web: load, check, draw, watch.

A ``Preview`` rebuilds a game folder into a ``Snapshot`` (``cardkit.serve.snapshot``):

1. the cards are loaded (``load_card_set``) and drawn by the PNG export of ``build --png``
   at screen resolution into a cache folder under the output folder, whose fingerprints
   redraw only the cards whose inputs changed; a first snapshot is published at once;
2. then the checks of ``validate`` (rules text, layouts and art, what fits) run, and a
   second snapshot carries every problem.

A file that no longer reads (a YAML file saved half-written) keeps its cards' last good
pictures on screen, marked stale, beside the error. Nothing is ever written into the game
folder: the cache folder lives in the output folder (``output/<game id>/serve``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from watchfiles import Change, DefaultFilter, awatch

from cardkit.app.build import BuildOptions, paper_size, plan_deck
from cardkit.app.options import RulebookOptions
from cardkit.app.playtest import Playtests, playtest_blocker
from cardkit.app.rulebook import FILES, make_reference, render_outputs
from cardkit.diagnostics import CODES, Diagnostic, Severity
from cardkit.errors import CardkitError
from cardkit.export.filenames import safe_file_stem
from cardkit.export.png import PNG_FOLDER, build_pngs
from cardkit.export.raster import png_bytes, rasterise_pages
from cardkit.load.cards import load_card_set
from cardkit.model import Card, CardSet
from cardkit.render.impose import Duplex
from cardkit.render.measure import measure_cards
from cardkit.render.pdf import render_pdf
from cardkit.render.style import prepare_style
from cardkit.render.units import parse_length
from cardkit.rules.check import check_card_text
from cardkit.rules.suppress import apply_suppressions
from cardkit.serve.snapshot import CardView, SheetResult, Snapshot
from cardkit.serve.web import Services

SERVE_FOLDER = "serve"  # inside the output folder: the preview's own cache
SCREEN_DPI = 110.0  # cards on screen: a poker card is 303 x 413 pixels
SHEET_DPI = 50.0  # sheet previews
VALIDATE_CODES = frozenset(code for code in CODES if code < "CK300")
QUIET_MS = 150  # a burst of saves ends when the folder has been quiet this long
BURST_MS = 1000  # and at the latest after this long: one rebuild per burst
DRAWN_STEP = 6  # while drawing many cards, show them every this many

Publish = Callable[[Snapshot], None]


class Preview:
    """A game folder, rebuilt into snapshots on demand; thread-safe (one rebuild at a time)."""

    def __init__(self, root: Path, shown_root: str, output: Path) -> None:
        self.root = root
        self.shown_root = shown_root.rstrip("/") or "."
        self.output = output
        self.cache = output / SERVE_FOLDER
        self._lock = threading.Lock()
        self._snapshot = Snapshot()
        self._card_set: CardSet | None = None
        self._checks: tuple[Diagnostic, ...] = ()  # the last slow checks' problems
        self._shown: tuple[object, ...] = ((), (), False)  # what the snapshot was made from
        self.playtests = Playtests()

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    @property
    def card_set(self) -> CardSet | None:
        return self._card_set

    def rebuild(
        self, publish: Publish | None = None, *, pending: Callable[[], bool] = lambda: False
    ) -> Snapshot:
        """Load, draw and check the game. ``publish`` gets each snapshot as it is made: the
        cards loaded (their last pictures), then as they are drawn, then checked.

        When ``pending`` says that the files changed again, the drawing stops after its
        current card (each picture and the cache are written whole) and the checks are not
        begun: the rebuild ends early, leaving the work to the next one.
        """

        def tell(snapshot: Snapshot) -> None:
            if publish is not None:
                publish(snapshot)

        with self._lock:
            card_set, loaded = load_card_set(self.root, self.shown_root)
            if card_set is not None:
                self._card_set = card_set

            def show(found: Sequence[Diagnostic], *, checking: bool = True) -> None:
                """Publish what is shown now, when it differs from what is on screen."""
                cards = self._cards(card_set, found)
                key = (cards, tuple(found), checking)
                if key[:2] == self._shown[:2] and (checking or key == self._shown):
                    return  # e.g. a redraw that has not reached a changed card yet
                self._shown = key
                tell(self._publish(cards, found, card_set, checking=checking))

            show([*loaded, *self._checks])
            if card_set is not None:

                def drawn(index: int, total: int) -> None:
                    if pending():
                        raise _Superseded
                    if index % DRAWN_STEP == 0 and index < total:
                        show([*loaded, *self._checks])

                try:
                    report = build_pngs(
                        card_set, self.cache, bleed=0.0, dpi=SCREEN_DPI, progress=drawn
                    )
                except _Superseded:
                    return self._snapshot
                loaded = [*loaded, *report.diagnostics]
                show([*loaded, *self._checks])
            checks: list[Diagnostic] = []
            if card_set is not None:
                if pending():
                    return self._snapshot
                style, looks = prepare_style(card_set.game, card_set.cards)
                fits = measure_cards(style, card_set.cards)
                if pending():
                    return self._snapshot
                checks = [*check_card_text(card_set), *looks, *fits]
            self._checks = tuple(_unique(checks))
            show([*loaded, *self._checks], checking=False)
            return self._snapshot

    def _publish(
        self,
        cards: tuple[CardView, ...],
        found: Sequence[Diagnostic],
        card_set: CardSet | None,
        *,
        checking: bool,
    ) -> Snapshot:
        problems = _unique(found)
        if card_set is not None:
            problems = apply_suppressions(card_set, problems, ran=VALIDATE_CODES)
        game = card_set.game.name if card_set is not None else self._snapshot.game
        self._snapshot = Snapshot(
            generation=self._snapshot.generation + 1,
            game=game,
            cards=cards,
            diagnostics=tuple(sorted(problems, key=lambda d: d.sort_key)),
            checking=checking,
            sources=self._sources(problems),
        )
        return self._snapshot

    def _cards(self, card_set: CardSet | None, found: Sequence[Diagnostic]) -> tuple[CardView, ...]:
        """The cards to show: those of the set, those with flawed fields (their last picture),
        and the last good ones of files that no longer read."""
        views: list[CardView] = []
        if card_set is not None:
            # in the order they are written: a card whose fields have errors stays in place
            files = {shown: index for index, shown in enumerate(card_set.files)}
            written = sorted(
                [(card, False) for card in card_set.cards]
                + [(card, True) for card in card_set.flawed],
                key=lambda pair: (
                    files.get(pair[0].location().path, len(files)),
                    pair[0].location().line,
                ),
            )
            views += [self._view(card, flawed=flawed) for card, flawed in written]
        broken = {d.location.path for d in found if d.card is None and d.severity is Severity.ERROR}
        seen = {view.id for view in views}
        for old in self._snapshot.cards:
            path = old.where.rsplit(":", 2)[0]
            if old.id not in seen and (card_set is None or path in broken):
                views.append(replace(old, stale=True))
                seen.add(old.id)
        return tuple(views)

    def _view(self, card: Card, *, flawed: bool = False) -> CardView:
        image = self.cache / PNG_FOLDER / f"{safe_file_stem(card.id)}.png"
        try:
            stat = image.stat()
        except OSError:
            stat = None
        return CardView(
            id=card.id,
            name=card.name,
            type=card.type,
            factions=card.factions,
            deck=card.deck,
            count=card.count,
            where=str(card.location()),
            image=image if stat is not None else None,
            version=f"{stat.st_mtime_ns:x}-{stat.st_size:x}" if stat is not None else "",
            flawed=flawed,
        )

    def _sources(self, found: Sequence[Diagnostic]) -> dict[str, Path]:
        """The files the problems name, by their shown path: only files inside the game."""
        root = self.root.resolve()
        sources: dict[str, Path] = {}
        prefix = self.shown_root + "/"
        for diag in found:
            shown = diag.location.path
            if shown in sources or not shown.startswith(prefix):
                continue
            path = (root / shown.removeprefix(prefix)).resolve()
            if path.is_relative_to(root) and path.is_file():
                sources[shown] = path
        return sources

    # -- the other pages --------------------------------------------------------------------

    def rulebook_html(self) -> tuple[str | None, list[Diagnostic]]:
        """The HTML reference pages of the last loaded set, made in memory."""
        card_set = self._card_set
        if card_set is None:
            return None, []
        reference, found = make_reference(card_set)
        files, problems = render_outputs(
            reference, RulebookOptions(formats=("html",)), card_set.game, self.shown_root
        )
        html = files.get(FILES["html"])
        return (html if isinstance(html, str) else None), [*found, *problems]

    def sheets(self, paper: str, bleed: str, gutter: str, duplex: str) -> SheetResult:
        """The print-and-play pages ``build`` would print with these options, as pictures."""
        card_set = self._card_set
        if card_set is None:
            return SheetResult(problem="the game does not load: see Problems")
        try:
            options = BuildOptions(
                paper=paper,
                bleed=parse_length(bleed),
                gutter=parse_length(gutter),
                duplex=Duplex(duplex),
            )
            paper_size(options.paper)
            pages = plan_deck(card_set, options)
            style, problems = prepare_style(card_set.game, card_set.cards)
            if any(d.severity is Severity.ERROR for d in problems):
                return SheetResult(problem="layouts, icons or art have errors: see Problems")
            pdf, _ = render_pdf(card_set.game, pages, style=style)
        except (CardkitError, ValueError) as exc:
            return SheetResult(problem=str(exc))
        pictures = [
            png_bytes(page) for page in rasterise_pages(pdf, range(len(pages)), dpi=SHEET_DPI)
        ]
        return SheetResult(pages=tuple(pictures))

    def services(self, report: Callable[[BaseException], None]) -> Services:
        """The web pages' view of this preview; ``report`` hears of a rebuild that failed."""
        return Services(
            snapshot=lambda: self._snapshot,
            run=lambda notify: self.run(notify, report),
            rulebook=self.rulebook_html,
            sheets=self.sheets,
            playtest=lambda: self.playtests.state,
            start_playtest=lambda games, seed, bots: self.playtests.start(
                self._card_set, games=games, seed=seed, bots=bots
            ),
            bots=self.playtests.bots,
            playtest_blocker=lambda: playtest_blocker(self._card_set),
        )

    async def run(
        self, notify: Callable[[], None], report: Callable[[BaseException], None]
    ) -> None:
        """Build, and build again after each burst of saves (those made during a build
        included: one more build follows); ``notify`` (called in the event loop) hears of
        each new snapshot, ``report`` of a build that failed (the last good one stays)."""
        loop = asyncio.get_running_loop()
        dirty = asyncio.Event()
        dirty.set()

        def publish(_snapshot: object = None) -> None:
            loop.call_soon_threadsafe(notify)

        self.playtests.changed = publish

        async def builder() -> None:
            while True:
                await dirty.wait()
                dirty.clear()
                try:
                    await asyncio.to_thread(self.rebuild, publish, pending=dirty.is_set)
                except Exception as exc:
                    report(exc)

        task = asyncio.create_task(builder())
        try:
            await self.watch(dirty.set)
        finally:
            task.cancel()

    # -- watching ---------------------------------------------------------------------------

    async def watch(self, changed: Callable[[], object], stop: asyncio.Event | None = None) -> None:
        """Call ``changed`` after each burst of saves in the game folder; the output folder,
        hidden files and editors' temporary files are not watched."""
        skip = self.output.resolve()

        class _Filter(DefaultFilter):
            def __call__(self, change: Change, path: str) -> bool:
                return super().__call__(change, path) and not Path(path).resolve().is_relative_to(
                    skip
                )

        async for _changes in awatch(
            self.root,
            watch_filter=_Filter(),
            debounce=BURST_MS,
            step=QUIET_MS,
            stop_event=stop,
        ):
            changed()


class _Superseded(Exception):
    """The files changed again while drawing: this rebuild's pictures would be stale."""


def _unique(found: Sequence[Diagnostic]) -> list[Diagnostic]:
    seen: set[Diagnostic] = set()
    unique: list[Diagnostic] = []
    for diag in found:
        if diag not in seen:
            seen.add(diag)
            unique.append(diag)
    return unique

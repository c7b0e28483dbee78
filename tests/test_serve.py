"""`cardkit serve` without a browser: the pages over a built preview, untrusted input, the
half-written file that keeps the last good cards, and only changed cards redrawn."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardkit.app.serve import Preview
from cardkit.serve.snapshot import Snapshot
from cardkit.serve.web import MAX_BODY, make_app

ROOT = Path(__file__).resolve().parent.parent


def _fail(exc: BaseException) -> None:
    raise exc


@pytest.fixture
def game(skirmish: Path) -> Path:
    return skirmish


def _preview(game: Path, tmp_path: Path) -> tuple[Preview, TestClient]:
    preview = Preview(game, "skirmish", tmp_path / "out")
    preview.rebuild()
    # Not entered as a context manager: no lifespan, so no watcher; rebuilds are called.
    return preview, TestClient(make_app(preview.services(_fail)), raise_server_exceptions=False)


def _game_files(game: Path) -> dict[str, bytes]:
    return {p.relative_to(game).as_posix(): p.read_bytes() for p in game.rglob("*") if p.is_file()}


def test_the_cards_page_shows_every_card_with_its_picture(game: Path, tmp_path: Path) -> None:
    preview, client = _preview(game, tmp_path)
    page = client.get("/")
    assert page.status_code == 200
    for name in ("Marine", "Kerrigan", "Fireball", "Teleport &lt;&amp;&gt;"):
        assert f'<span class="name">{name}</span>' in page.text
    src = re.search(r'src="(/image/marine\.png\?v=[^"]+)"', page.text)
    assert src is not None
    picture = client.get(src.group(1))
    assert picture.status_code == 200
    assert picture.headers["content-type"] == "image/png"
    assert picture.content.startswith(b"\x89PNG")
    assert preview.snapshot.card("marine") is not None


def test_the_filters_keep_only_the_matching_cards(game: Path, tmp_path: Path) -> None:
    _, client = _preview(game, tmp_path)
    names = re.compile(r'<span class="name">([^<]+)</span>')
    zerg = names.findall(client.get("/", params={"faction": "zerg"}).text)
    assert zerg == ["Mutalisk", "Zergling", "Kerrigan", "Hatchery", "Spawning Pool", "Spire"]
    buildings = names.findall(client.get("/", params={"type": "building"}).text)
    assert buildings == ["Hatchery", "Spawning Pool", "Spire", "Barracks"]
    spells = names.findall(client.get("/", params={"deck": "spells"}).text)
    assert spells == ["Fireball", "Heal", "Teleport &lt;&amp;&gt;"]


def test_a_problem_is_shown_beside_its_card_located_with_its_source_line(
    game: Path, tmp_path: Path
) -> None:
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text().replace(
            "name: Wraith, type: unit, faction: terran, cost: 3",
            "name: Wraith, type: unit, faction: terran, cost: 99",
        )
    )
    preview, client = _preview(game, tmp_path)
    [problem] = [d for d in preview.snapshot.diagnostics if d.card == "wraith"]
    assert (problem.code, str(problem.location)) == ("CK024", "skirmish/cards.yaml:5:55")
    page = client.get("/", params={"problems": "1"}).text
    figure = page[page.index('data-card="wraith"') :]
    figure = figure[: figure.index("</figure>")]
    assert "skirmish/cards.yaml:5:55" in figure
    assert "error[CK024]" in figure
    assert "left out of the set: its fields have errors" in figure
    number = preview.snapshot.diagnostics.index(problem)
    source = client.get(f"/source/{number}").text
    assert '<span class="line marked"><span class="no">   5</span>' in source
    assert " " * 54 + "^" in source
    assert client.get("/problems").text.count('data-card="wraith"') == 1


def test_a_half_written_file_keeps_its_last_good_cards_and_shows_its_error(
    game: Path, tmp_path: Path
) -> None:
    preview, client = _preview(game, tmp_path)
    before = preview.snapshot.card("mutalisk")
    assert before is not None and before.image is not None
    cards = game / "cards.yaml"
    text = cards.read_text()
    cards.write_text(text[: text.index("Kerrigan") + 3])  # saved mid-edit: a YAML syntax error
    after = preview.rebuild()
    kept = after.card("mutalisk")
    assert kept is not None and kept.stale and kept.image == before.image
    assert {d.code for d in after.diagnostics if d.location.path == "skirmish/cards.yaml"}
    page = client.get("/").text
    assert "last good picture: its file does not read" in page
    assert "skirmish/cards.yaml:" in page
    cards.write_text(text)
    fixed = preview.rebuild()
    assert not any(card.stale for card in fixed.cards)
    assert fixed.diagnostics == ()


def test_only_the_edited_card_is_redrawn(game: Path, tmp_path: Path) -> None:
    preview, _ = _preview(game, tmp_path)
    versions = {card.id: card.version for card in preview.snapshot.cards}
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text().replace(
            "cost: 4, tags: [hero], hero_of: Marine", "cost: 5, tags: [hero], hero_of: Marine"
        )
    )
    after = {card.id: card.version for card in preview.rebuild().cards}
    assert {card for card in after if after[card] != versions[card]} == {"jim-raynor"}


def test_a_hostile_card_name_is_escaped_everywhere(game: Path, tmp_path: Path) -> None:
    hostile = ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>']
    (game / "hostile.yaml").write_text(
        "cards:\n"
        + "".join(f"  - {{name: '{name}', type: spell, text: Draw a card.}}\n" for name in hostile)
    )
    preview, client = _preview(game, tmp_path)
    pages = [client.get(url).text for url in ("/", "/problems")]
    pages += [client.get(f"/card/{card.id}").text for card in preview.snapshot.cards]
    for text in pages:
        assert "<script>alert" not in text
        assert "<img src=x" not in text
        assert "onerror=alert(2)>" not in text or "&#34;&gt;&lt;img" in text
    page = pages[0]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt;" in page


@pytest.mark.parametrize(
    "url",
    [
        "/image/../../game.yaml",
        "/image/..%2F..%2Fgame.yaml",
        "/image/%2e%2e/%2e%2e/cards.yaml",
        "/image/..%252F..%252Fgame.yaml",
        "/card/../../etc/passwd",
        "/card/..%2F..%2Fetc%2Fpasswd",
        "/assets/../cards.html.j2",
        "/assets/..%2Fcards.html.j2",
        "/assets/%2e%2e%2fcards.html.j2",
        "/assets/base.html.j2",
        "/source/999",
        "/sheets/99.png",
        "/../game.yaml",
        "/%2e%2e/game.yaml",
        "/cards.yaml",
        "/game.yaml",
    ],
)
def test_no_request_path_reaches_a_file(game: Path, tmp_path: Path, url: str) -> None:
    _, client = _preview(game, tmp_path)
    response = client.get(url)
    assert response.status_code == 404
    assert "id: skirmish" not in response.text
    assert "root:" not in response.text


def test_a_missing_card_is_a_404_page(game: Path, tmp_path: Path) -> None:
    _, client = _preview(game, tmp_path)
    response = client.get("/card/no-such-card")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "no card has that id" in response.text
    assert "Traceback" not in response.text
    assert client.get("/image/no-such-card.png").status_code == 404


def test_a_50_mb_request_is_refused(game: Path, tmp_path: Path) -> None:
    _, client = _preview(game, tmp_path)
    body = b"x" * (50 * 1024 * 1024)
    assert client.post("/", content=body).status_code == 413

    def chunks() -> object:  # no Content-Length: refused as the bytes pass the limit
        for _ in range(50):
            yield b"x" * (1024 * 1024)

    response = client.post("/playtest", content=chunks())  # type: ignore[arg-type]
    assert response.status_code == 413
    assert client.post("/playtest", content=body).status_code == 413
    assert MAX_BODY < 50 * 1024 * 1024


def test_the_server_never_writes_into_the_game_folder(game: Path, tmp_path: Path) -> None:
    files = _game_files(game)
    _, client = _preview(game, tmp_path)
    for url in ("/", "/problems", "/sheets", "/rulebook", "/rulebook/reference.html"):
        assert client.get(url).status_code == 200
    assert _game_files(game) == files
    assert (tmp_path / "out" / "serve" / "png" / "marine.png").is_file()


def test_the_sheets_and_rulebook_pages(game: Path, tmp_path: Path) -> None:
    _, client = _preview(game, tmp_path)
    sheets = client.get("/sheets", params={"paper": "letter", "bleed": "3mm"}).text
    assert "cardkit build --paper letter --bleed 3mm" in sheets
    pages = re.findall(r'src="(/sheets/\d+\.png\?[^"]+)"', sheets)
    assert len(pages) >= 2
    assert client.get(pages[0].replace("&amp;", "&")).content.startswith(b"\x89PNG")
    bad = client.get("/sheets", params={"bleed": "lots"}).text
    assert "lots" in bad and 'class="problem error"' in bad
    reference = client.get("/rulebook/reference.html")
    assert "Marine" in reference.text
    assert "sandbox" in reference.headers["content-security-policy"]


def test_a_snapshot_without_cards_still_renders() -> None:
    client = TestClient(make_app(_services_of(Snapshot())))
    for url in ("/", "/problems", "/sheets", "/playtest"):
        assert client.get(url).status_code == 200
    assert client.get("/rulebook/reference.html").status_code == 404


def _services_of(snapshot: Snapshot):  # type: ignore[no-untyped-def]
    from cardkit.serve.snapshot import PlaytestState, SheetResult
    from cardkit.serve.web import Services

    async def run(notify: object) -> None:
        return None

    return Services(
        snapshot=lambda: snapshot,
        run=run,
        rulebook=lambda: (None, []),
        sheets=lambda *options: SheetResult(),
        playtest=PlaytestState,
        start_playtest=lambda *options: None,
        bots=("greedy",),
    )


def test_serve_binds_to_loopback_and_warns_for_another_host(game: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "cardkit", "serve", str(game), "--port", "0"]
    with subprocess.Popen(
        [*command, "-o", str(tmp_path / "out")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert re.fullmatch(
                r"cardkit serve: http://127\.0\.0\.1:\d+/  \(Ctrl-C to stop\)\n", line
            )
        finally:
            process.terminate()
    with subprocess.Popen(
        [*command, "--host", "0.0.0.0", "-o", str(tmp_path / "out")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as process:
        try:
            assert process.stderr is not None
            warning = process.stderr.readline()
            assert "warning: listening on 0.0.0.0" in warning
        finally:
            process.terminate()


def test_serve_of_a_missing_folder_is_a_located_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardkit", "serve", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert result.returncode == 1
    assert "error[CK001]" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_burst_of_saves_is_one_rebuild(game: Path, tmp_path: Path) -> None:
    import asyncio

    preview = Preview(game, "skirmish", tmp_path / "out")
    rebuilds: list[float] = []

    async def main() -> None:
        stop = asyncio.Event()

        watcher = asyncio.create_task(
            preview.watch(lambda: rebuilds.append(time.monotonic()), stop)
        )
        await asyncio.sleep(0.5)
        cards = game / "cards.yaml"
        text = cards.read_text()
        for save in range(10):  # ten saves, 10 ms apart
            cards.write_text(f"{text}# save {save}\n")
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)
        stop.set()
        await watcher

    asyncio.run(main())
    assert len(rebuilds) == 1, rebuilds


def test_a_playtest_runs_in_the_background_and_a_new_run_cancels_the_last() -> None:
    from cardkit.app.playtest import Playtests
    from cardkit.load.cards import load_card_set
    from cardkit.serve.snapshot import Status

    card_set, _ = load_card_set(ROOT / "cards" / "star-realms", "star-realms")
    playtests = Playtests()
    first = playtests.start(card_set, games=100_000, seed=1, bots=("greedy", "simple"))
    assert first.status is Status.RUNNING
    time.sleep(0.3)
    second = playtests.start(card_set, games=40, seed=2, bots=("greedy", "simple"))
    deadline = time.monotonic() + 60
    while playtests.state.status is Status.RUNNING and time.monotonic() < deadline:
        time.sleep(0.05)
    state = playtests.state
    assert (state.run, state.status, state.done) == (second.run, Status.DONE, 40)
    assert state.summary is not None and state.summary.games == 40
    assert set(state.charts) == {"seats.png", "cards.png"}
    time.sleep(0.3)  # the cancelled run has stopped: it changes nothing any more
    assert playtests.state is state
    refused = playtests.start(card_set, games=0, seed=1, bots=("greedy", "simple"))
    assert refused.status is Status.FAILED
    assert refused.problem == "games must be from 1 to 100,000, not 0"


def test_the_playtest_page_of_a_game_without_play_says_what_is_needed_and_offers_no_play(
    game: Path, tmp_path: Path
) -> None:
    preview, client = _preview(game, tmp_path)
    page = client.get("/playtest").text
    # no Play button that could only fail: the words of `cardkit sim`'s CK401 in its place
    assert "<button>Play</button>" not in page and 'id="playtest-blocked"' in page
    assert "The simulator cannot play this game yet:</strong> game &#39;skirmish&#39; has " in page
    assert "no &#39;play:&#39; declaration; the simulator needs its setup" in page
    assert "cardkit new NAME --kind deck-builder" in page
    # a run asked for all the same (an old page's form) is refused with the same words
    response = client.post(
        "/playtest",
        content="games=10&seed=1&bot_a=greedy&bot_b=simple",
        follow_redirects=False,
    )
    assert (response.status_code, response.headers["location"]) == (303, "/playtest")
    assert preview.playtests.state.status.value == "failed"
    assert preview.playtests.state.problem == (
        "game 'skirmish' has no 'play:' declaration; the simulator needs its setup"
    )
    assert client.get("/playtest/seats.png").status_code == 404


def test_the_playtest_page_of_a_game_with_play_offers_play(tmp_path: Path) -> None:
    from cardkit.app.new_game import new_game

    folder = tmp_path / "cards"
    folder.mkdir()
    root = new_game("Harbour Lords", folder, kind="deck-builder")
    _, client = _preview(root, tmp_path)
    page = client.get("/playtest").text
    assert "<button>Play</button>" in page and "playtest-blocked" not in page


def test_a_rebuild_overtaken_by_new_saves_stops_early(game: Path, tmp_path: Path) -> None:
    preview, _ = _preview(game, tmp_path)
    before = preview.snapshot.card("jim-raynor")
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 4, tags: [hero]", "cost: 6, tags: [hero]"))
    overtaken = preview.rebuild(pending=lambda: True)
    assert overtaken.card("jim-raynor") == before  # not redrawn: the next rebuild will
    after = preview.rebuild().card("jim-raynor")
    assert after is not None and before is not None and after.version != before.version

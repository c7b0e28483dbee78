"""Rules text kept as it prints between runs (cardkit/rules/printed.py, ``KeptPrinted``): read
back exactly as read afresh, never trusted blindly, never stale, and a build that finds every
line needs neither the parser nor the effect classes, with the same outputs and warnings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.cachedir import CACHE_ENV
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet, Game
from cardkit.rules import printed
from cardkit.rules.printed import (
    PrintedLine,
    kept_printed,
    printed_key,
    printed_text,
    save_printed,
)

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml")) + sorted(
    path.parent for path in (ROOT / "tests" / "fixtures" / "rules" / "families").glob("*/game.yaml")
)


def _set(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, folder.name)
    assert card_set is not None, found
    return card_set


def _exactly(lines: tuple[PrintedLine, ...]) -> list[tuple[PrintedLine, object]]:
    """Everything of the printed lines, the columns too (which ``==`` leaves out)."""
    return [(line, [m.columns for m in line.lines]) for line in lines]


def _printed(game: Game, texts: list[str]) -> list[list[tuple[PrintedLine, object]]]:
    printed._MEMORY.clear()
    printed._KEPT.clear()
    found = [_exactly(printed_text(game, text)) for text in texts]
    save_printed()  # as a command does once it has drawn
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_every_text_of_every_set_reads_back_as_it_prints(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _set(folder).game
    texts = list(dict.fromkeys(card.text for card in _set(folder).cards))
    monkeypatch.setenv(CACHE_ENV, "")
    fresh = _printed(game, texts)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert _printed(game, texts) == fresh  # read, and kept
    parsed = {line for text in texts for line in text.split("\n") if line.strip()}
    lines = {}
    for kept_file in tmp_path.glob("printed-lines-*.json"):  # none when no card has text
        lines = json.loads(kept_file.read_text())["lines"]
    kept_any = any(line.parsed for text in fresh for line, _ in text)
    assert set(lines) <= parsed and bool(lines) == kept_any
    assert _printed(game, texts) == fresh  # read back
    store = kept_printed(game)
    assert not store.new and set(store.read) == set(lines)  # every kept line was used


def test_a_build_reads_every_line_back_without_the_effect_classes(tmp_path: Path) -> None:
    runs: list[tuple[str, bytes]] = []
    for name, cache_dir in (("none", ""), ("cold", "cache"), ("warm", "cache")):
        out = tmp_path / name
        code = (
            "import sys\nfrom cardkit.cli import main\n"
            f"status = main(['build', 'cards/star-realms', '-o', {str(out)!r}])\n"
            "print('EFFECTS', 'cardkit.effects' in sys.modules, file=sys.stderr)\n"
        )
        env = {**os.environ, CACHE_ENV: cache_dir and str(tmp_path / cache_dir)}
        env["PYTHONPATH"] = str(ROOT)
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT
        )
        said, _, effects = done.stderr.rpartition("EFFECTS ")
        assert effects.strip() == str(name != "warm"), (name, done.stderr)
        runs.append(
            ((done.stdout + said).replace(str(out), "OUT"), (out / "deck.pdf").read_bytes())
        )
    assert runs[0] == runs[1] == runs[2]


def _game_with(tmp_path: Path, text: str) -> Path:
    game = tmp_path / "game"
    game.mkdir(exist_ok=True)
    (game / "game.yaml").write_text(
        "id: g\nname: G\nresources:\n  gold: {name: Gold}\ncard_types:\n  unit: {name: Unit}\n"
        "keywords:\n  swift: {name: Swift, reminder: Acts at once.}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text(
        f"cards:\n  - name: Bard\n    type: unit\n    text: {json.dumps(text)}\n"
        "  - name: Lute\n    type: unit\n    text: Gain 1 Gold.\n    flavor: '**loud'\n",
        encoding="utf-8",
    )
    return game


@pytest.mark.parametrize(
    "text",
    ["Gain 2 Gold.\nSwift.\nGain **3** {Gld}.", "Gain 2 Gold.\nSing a song.\nSwift."],
    ids=["markup-slips", "a-line-that-does-not-parse"],
)
def test_a_build_warns_the_same_with_and_without_kept_lines(tmp_path: Path, text: str) -> None:
    game = _game_with(tmp_path, text)
    runs: list[tuple[int, str, bytes]] = []
    for cache_dir in ("", str(tmp_path / "cache"), str(tmp_path / "cache")):
        out = tmp_path / f"out{len(runs)}"
        env = {**os.environ, CACHE_ENV: cache_dir, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "cardkit", "build", str(game), "-o", str(out)],
            env=env,
            capture_output=True,
            text=True,
        )
        said = (done.stdout + done.stderr).replace(str(out), "OUT")
        runs.append((done.returncode, said, (out / "deck.pdf").read_bytes()))
    assert runs[0][0] == 0 and "warning[CK11" in runs[0][1], runs[0][1]
    assert "CK101" in runs[0][1] or "cards.yaml:" in runs[0][1]
    assert runs[0] == runs[1] == runs[2]


def _star_realms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Game, list[str], list[list[tuple[PrintedLine, object]]]]:
    """Star Realms' game and texts, and the texts as printed with nothing kept; the cache
    folder is ``tmp_path`` from then on."""
    folder = ROOT / "cards" / "star-realms"
    game = _set(folder).game
    texts = [card.text for card in _set(folder).cards]
    monkeypatch.setenv(CACHE_ENV, "")
    fresh = _printed(game, texts)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    return game, texts, fresh


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[: len(text) // 2],
        lambda text: text.replace('"Gain 2 ', '"Gain 5 '),  # another line's value
        lambda text: text.replace("true", "1"),
        lambda text: text.replace("false", "null"),
        lambda text: text.replace('"lines":{', '"lines":{"Gain 2 Trade.":[[[[7]]]],', 1),
        lambda text: text.replace('"lines":{', '"lines":{"Gain 2 Trade.":{"a":1},', 1),
        lambda text: text.replace('"lines":{', '"lines":{"Gain 2 Trade.":[[[[],1,[]]],""],', 1),
        lambda text: text.replace('"format":1', '"format":2'),
    ],
    ids=["cut", "moved", "int-for-bool", "null", "short-run", "object", "int-bullet", "format"],
)
def test_a_spoilt_file_is_ignored_and_the_lines_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: object
) -> None:
    game, texts, fresh = _star_realms(tmp_path, monkeypatch)
    _printed(game, texts)
    (path,) = tmp_path.glob("printed-lines-*.json")
    text = path.read_text()
    assert '"Gain 2 Trade."' in text and "true" in text and "false" in text
    spoilt = spoil(text)  # type: ignore[operator]
    assert spoilt != text
    path.write_text(spoilt)
    assert _printed(game, texts) == fresh
    assert _printed(game, texts) == fresh  # and the file, written again, reads back


def test_a_file_others_could_have_written_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, texts, fresh = _star_realms(tmp_path, monkeypatch)
    _printed(game, texts)
    (path,) = tmp_path.glob("printed-lines-*.json")
    wrong = path.read_text().replace('"Trade"', '"Tr4de"')
    path.write_text(wrong)
    path.chmod(0o664)
    assert _printed(game, texts) == fresh  # not read
    assert path.stat().st_mode & 0o777 == 0o664 and path.read_text() == wrong  # nor written


def test_every_declaration_of_the_game_is_in_the_key() -> None:
    game = _set(ROOT / "cards" / "star-realms").game
    key = printed_key(game)
    assert key is not None and key == printed_key(_set(ROOT / "cards" / "star-realms").game)
    assert key == printed_key(replace(game, source=replace(game.source, path="elsewhere")))
    keyword = next(iter(game.keywords.values()))
    resource = next(iter(game.resources.values()))
    icon = next(iter(game.icons.values()))
    others = [
        replace(game, keywords={**game.keywords, keyword.id: replace(keyword, reminder="New.")}),
        replace(game, resources={**game.resources, resource.id: replace(resource, name="Gems")}),
        replace(game, icons={**game.icons, icon.id: replace(icon, words=("Shiny",))}),
        replace(game, own_sizes=frozenset({"tarot"})),
        replace(game, phrasing=replace(game.phrasing, phrases={"x": "Do {n} net damage"})),
        replace(game, name="Other"),
    ]
    keys = {printed_key(other) for other in others}
    assert None not in keys and key not in keys and len(keys) == len(others)
    assert printed_key(replace(game, description=object())) is None  # type: ignore[arg-type]


def test_a_file_keeps_at_most_its_number_of_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, texts, fresh = _star_realms(tmp_path, monkeypatch)
    monkeypatch.setattr(printed, "MAX_LINES", 10)
    assert _printed(game, texts) == fresh
    (path,) = tmp_path.glob("printed-lines-*.json")
    assert len(json.loads(path.read_text())["lines"]) == 10
    assert _printed(game, texts) == fresh
    assert len(json.loads(path.read_text())["lines"]) == 10

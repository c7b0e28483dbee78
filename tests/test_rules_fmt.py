"""`cardkit fmt`: canonical wording written back into real card files, comments, order and
quoting kept; `--check` changes nothing and exits 1 when something would change; both exit 1
when a line does not parse (fmt could not do its job there)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "rules"
FMT = FIXTURES / "fmt"


def _game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    shutil.copy(FIXTURES / "game" / "game.yaml", folder / "game.yaml")
    shutil.copy(FMT / "cards.yaml", folder / "cards.yaml")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    capsys.readouterr()
    status = main(["fmt", *args])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err.strip()


def test_check_lists_each_line_that_would_change_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _game(tmp_path)
    before = (folder / "cards.yaml").read_bytes()
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(capsys, "game", "--check")
    assert status == 1
    assert out == [
        "game/cards.yaml:12:7: would reformat 'pikeman': 'gain 2 gold' -> 'Gain 2 Gold.'",
        "game/cards.yaml:13:7: would reformat 'pikeman': '{Red Guild Ally}: {Gain 1 Royal "
        "Favor}' -> 'Red Guild Ally: Gain 1 Royal Favor.'",
        "game/cards.yaml:23:12: would reformat 'old-crown': 'if you have two or more relics "
        "in play, gain 3 royal favor and draw a card' -> 'If you have two or more relics in "
        "play, gain 3 Royal Favor and draw a card.'",
        "game/cards.yaml:27:11: would reformat 'dock-hand': 'draw  a  card' -> 'Draw a card.'",
        "game/cards.yaml:32:7: would reformat 'broken-idol': 'gain 1 gold.' -> 'Gain 1 Gold.'",
        "game/cards.yaml:34:7: error[CK109] unknown word 'Gian' (did you mean 'Gain'?) in rules "
        "text of 'broken-idol'",
        "    hint: fix the spelling, or declare the word in game.yaml if it is the game's",
    ]
    assert err == (
        "4 cards would be reformatted, 1 already canonical, "
        "1 line left as written (they do not parse: fix them, then run fmt again)"
    )
    assert (folder / "cards.yaml").read_bytes() == before


def test_fmt_rewrites_the_wording_and_keeps_comments_order_and_quoting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    status, out, err = _run(capsys, str(folder))
    assert status == 1  # the line that does not parse ('Gian') is left as written
    assert len(out) == 7 and "reformatted 'pikeman'" in out[0]
    assert "error[CK109] unknown word 'Gian'" in out[5]
    assert err == (
        "4 cards reformatted, 1 already canonical, "
        "1 line left as written (they do not parse: fix them, then run fmt again)"
    )
    written = (folder / "cards.yaml").read_text(encoding="utf-8")
    assert written == (FMT / "cards.formatted.yaml").read_text(encoding="utf-8")
    assert sorted(p.name for p in folder.iterdir()) == ["cards.yaml", "game.yaml"]


def test_fmt_is_idempotent_and_the_result_validates_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    assert _run(capsys, str(folder))[0] == 1
    status, out, err = _run(capsys, str(folder), "--check")
    assert status == 1  # still the one line that does not parse
    assert [line for line in out if "would reformat" in line] == []
    assert err.startswith("0 cards would be reformatted, 5 already canonical, 1 line left")
    _fix_the_typo(folder)
    status, out, err = _run(capsys, str(folder), "--check")
    assert (status, out) == (0, [])
    assert err == "0 cards would be reformatted, 5 already canonical"
    assert _run(capsys, str(folder))[0] == 0


def _fix_the_typo(folder: Path) -> None:
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Gian", "Gain"), encoding="utf-8")


@pytest.mark.parametrize("check", [True, False])
def test_a_line_that_does_not_parse_fails_fmt_even_when_nothing_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: bool
) -> None:
    folder = _game(tmp_path)
    cards = folder / "cards.yaml"
    assert _run(capsys, str(folder))[0] == 1
    before = cards.read_bytes()
    assert b"Gian 2 Gold." in before
    status, out, err = _run(capsys, str(folder), *(["--check"] if check else []))
    assert status == 1
    assert len(out) == 2 and "error[CK109] unknown word 'Gian'" in out[0]
    assert err == (
        "0 cards {}reformatted, 5 already canonical, 1 line left as written "
        "(they do not parse: fix them, then run fmt again)".format("would be " * check)
    )
    assert cards.read_bytes() == before


def test_star_realms_is_already_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, str(ROOT / "cards" / "star-realms"), "--check")
    assert (status, out) == (0, [])
    assert err == "0 cards would be reformatted, 58 already canonical"


def test_cards_from_a_spreadsheet_are_reported_not_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(ROOT / "cards" / "star-realms", tmp_path / "sr")
    sheet = tmp_path / "sr" / "extra.csv"
    sheet.write_text(
        "Name,Faction,Type,Cost,Text\nBlob Wheel,Blob,Ship,2,{Gain 1 Combat}\n", encoding="utf-8"
    )
    before = sheet.read_bytes()
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(capsys, "sr")
    assert status == 1
    assert out == [
        "sr/extra.csv:2:5: error[CK014] text of 'blob-wheel' not rewritten: it is in a "
        "spreadsheet ('{Gain 1 Combat}' -> 'Gain 1 Combat.')",
        "    hint: make the change in the spreadsheet",
    ]
    assert "1 card not rewritable" in err
    assert sheet.read_bytes() == before


def test_a_card_set_that_does_not_load_is_not_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    (folder / "game.yaml").write_text("id: x\n", encoding="utf-8")
    status, out, err = _run(capsys, str(folder))
    # what fmt finds is its answer, on standard output as validate's (docs/command-line.md)
    assert status == 1 and err == ""
    assert any("error[CK022]" in line for line in out)
    assert (folder / "cards.yaml").read_bytes() == (FMT / "cards.yaml").read_bytes()


def test_the_command_line_does_not_load_ruamel_until_fmt_runs() -> None:
    code = "import sys, cardkit.load.cards, cardkit.cli; print('ruamel' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


FOLDED = """\
defaults:
  deck: market

cards:
  - name: Scribe   # a folded text over two lines
    type: unit
    cost: 2
    text: >
      Draw a card
      and gain 1 gold.
  - name: Miner
    type: unit
    cost: 1
    text: gain 2 gold
"""


def test_a_folded_text_over_two_lines_and_a_later_card_are_both_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    (folder / "cards.yaml").write_text(FOLDED, encoding="utf-8")
    status, out, err = _run(capsys, str(folder))
    assert status == 0, out
    assert err == "2 cards reformatted, 0 already canonical"
    assert (folder / "cards.yaml").read_text(encoding="utf-8") == FOLDED.replace(
        "      Draw a card\n      and gain 1 gold.", "      Draw a card and gain 1 Gold."
    ).replace("gain 2 gold", "Gain 2 Gold.")
    assert _run(capsys, str(folder), "--check")[0] == 0


@pytest.mark.parametrize("check", [False, True])
def test_a_file_fmt_cannot_rewrite_is_a_located_coded_error_and_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, check: bool
) -> None:
    folder = _game(tmp_path)
    cards = folder / "cards.yaml"
    cards.write_text(
        "defaults: {deck: market}\ncards:\n"
        '  - {name: Miner, type: unit, cost: 1, text: "gain 2 gold\\ndraw a card"}\n'
        "  - name: Scribe\n    type: unit\n    cost: 2\n    text: draw a card\n",
        encoding="utf-8",
    )
    before = cards.read_bytes()
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(capsys, "game", *(["--check"] if check else []))
    assert status == 1  # --check says so too: it does not promise what fmt will not do
    assert out == [
        "game/cards.yaml:3:46: error[CK014] text of 'miner' not rewritten: a value of several "
        "lines cannot be written inside [...] or {...}; the file is left as it was",
        "    hint: write the mapping as a block, one 'key: value' per line, or make the "
        "changes listed below by hand",
        "game/cards.yaml:3:47: to change by hand 'miner': 'gain 2 gold' -> 'Gain 2 Gold.'",
        "game/cards.yaml:3:46: to change by hand 'miner': 'draw a card' -> 'Draw a card.'",
        "game/cards.yaml:7:11: to change by hand 'scribe': 'draw a card' -> 'Draw a card.'",
    ]
    assert err == "0 cards {}reformatted, 0 already canonical, 2 cards not rewritable".format(
        "would be " * check
    )
    assert cards.read_bytes() == before


ANCHORED = """\
defaults:
  deck: market
cards:
  - name: Miner
    type: unit
    cost: 1
    text: &shared gain 2 gold
  - name: Digger
    type: unit
    cost: 1
    text: *shared
  - name: Scribe
    type: unit
    cost: 1
    text: !!str draw a card
"""


def test_an_anchored_and_a_tagged_text_keep_their_anchor_and_tag_and_still_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    (folder / "cards.yaml").write_text(ANCHORED, encoding="utf-8")
    status, out, err = _run(capsys, str(folder))
    assert status == 0, out
    assert err == "3 cards reformatted, 0 already canonical"
    assert (folder / "cards.yaml").read_text(encoding="utf-8") == ANCHORED.replace(
        "&shared gain 2 gold", "&shared Gain 2 Gold."
    ).replace("!!str draw a card", "!!str Draw a card.")
    capsys.readouterr()
    assert main(["validate", str(folder)]) == 0, capsys.readouterr()
    assert _run(capsys, str(folder), "--check")[0] == 0


# FOLDED (a folded and a plain text), and a literal, a single- and a double-quoted one.
CRLF = (
    FOLDED
    + """\
  - name: Hauler
    type: unit
    cost: 1
    text: |
      gain 3 gold
      draw a card
  - name: Tide
    type: unit
    cost: 1
    text: 'gain 4 gold'   # single
  - name: Crown
    type: unit
    cost: 1
    text: "gain 5 gold"
"""
)


def test_a_file_with_windows_line_endings_keeps_them_on_every_rewritten_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path)
    cards = folder / "cards.yaml"
    cards.write_bytes(CRLF.replace("\n", "\r\n").encode("utf-8"))
    status, out, err = _run(capsys, str(folder))
    assert status == 0, out
    assert err == "5 cards reformatted, 0 already canonical"
    written = cards.read_bytes()
    assert written.count(b"\n") == written.count(b"\r\n")
    assert written.decode("utf-8") == (
        CRLF.replace(
            "      Draw a card\n      and gain 1 gold.", "      Draw a card and gain 1 Gold."
        )
        .replace("gain 2 gold", "Gain 2 Gold.")
        .replace("      gain 3 gold\n      draw a card", "      Gain 3 Gold.\n      Draw a card.")
        .replace("'gain 4 gold'", "'Gain 4 Gold.'")
        .replace('"gain 5 gold"', '"Gain 5 Gold."')
        .replace("\n", "\r\n")
    )
    assert _run(capsys, str(folder), "--check")[0] == 0

"""The public API (``import cardkit``): its names load on first use, ``help(cardkit)`` shows
them, each does what its command does, and the example script runs on a real game."""

from __future__ import annotations

import json
import pydoc
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardkit
import cardkit.api
from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = ROOT / "cards" / "star-realms"
TO_BOLDLY_GO = ROOT / "cards" / "to-boldly-go"
EXAMPLE = ROOT / "examples" / "cost_report.py"
FUNCTIONS = [name for name in cardkit.api.__all__ if name[0].islower()]


def _broken_star_realms(tmp_path: Path) -> Path:
    """A copy of Star Realms whose Blob Alpha says 'Gain 10 Combat 10.' (which does not parse)."""
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    blob = game / "trade-deck" / "blob.yaml"
    text = blob.read_text(encoding="utf-8")
    assert "      Gain 10 Combat.\n" in text
    blob.write_text(text.replace("      Gain 10 Combat.\n", "      Gain 10 Combat 10.\n"), "utf-8")
    return game


def _example(game: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE), str(game)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_the_package_lists_the_api_and_loads_it_only_when_asked() -> None:
    assert cardkit.__all__ == cardkit.api.__all__
    assert set(cardkit.__all__) <= set(dir(cardkit))
    assert not {"importlib", "typing", "Any"} & set(dir(cardkit))  # what __init__ uses
    probe = (
        "import sys, cardkit; loaded = 'cardkit.api' in sys.modules; "
        "cardkit.load_game; print(loaded, 'cardkit.api' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert out == "False True\n"
    with pytest.raises(AttributeError, match="has no attribute 'build_desk'"):
        cardkit.build_desk  # noqa: B018


def test_help_shows_every_api_function_with_its_docstring() -> None:
    shown = pydoc.render_doc(cardkit, renderer=pydoc.plaintext)
    functions = shown[shown.index("\nFUNCTIONS\n") :]
    for name in FUNCTIONS:
        function = getattr(cardkit, name)
        assert f"\n    {name}(" in functions, name
        first_line = function.__doc__.splitlines()[0]
        assert first_line in functions, name
        assert "Example:" in function.__doc__, name


def test_the_example_reports_star_realms_per_faction() -> None:
    run = _example(STAR_REALMS)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Star Realms: 58 cards, 152 copies"
    rows = [line.split() for line in lines[2:]]
    assert rows == [
        ["Blob", "12", "20", "4.25", "-"],
        ["Machine", "Cult", "11", "20", "4.36", "-"],
        ["Star", "Empire", "11", "20", "4.36", "-"],
        ["Trade", "Federation", "11", "20", "4.36", "-"],
        ["(no", "faction)", "13", "72", "0.67", "-"],
    ]


def test_the_example_names_the_card_whose_text_does_not_parse(tmp_path: Path) -> None:
    run = _example(_broken_star_realms(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "Blob                  12     20     4.25  Blob Alpha" in run.stdout.splitlines()


def test_the_example_says_why_a_folder_is_not_a_game(tmp_path: Path) -> None:
    run = _example(tmp_path)
    assert run.returncode == 1 and run.stdout == ""
    assert "error[CK001]" in run.stderr


def test_load_and_check_give_what_validate_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _broken_star_realms(tmp_path)
    assert main(["validate", str(game), "--format", "json"]) == 1
    printed = json.loads(capsys.readouterr().out)
    cards, problems = cardkit.load_game(game)
    assert cards is not None and problems == []
    found = cardkit.check(cards, loaded=problems)
    assert [d.as_json() for d in found] == printed
    assert [(d.code, d.card) for d in found] == [("CK140", "blob-alpha"), ("CK101", "blob-alpha")]
    assert found[1].location.line == 10  # blob.yaml line 10: "Gain 10 Combat 10."
    assert cardkit.unparsed_rules_text(cards) == [found[1]]


def test_build_deck_writes_the_deck_the_command_writes(tmp_path: Path) -> None:
    assert main(["build", str(TO_BOLDLY_GO), "-o", str(tmp_path / "cli"), "--paper", "letter"]) == 0
    cards, _ = cardkit.load_game(TO_BOLDLY_GO)
    assert cards is not None
    options = cardkit.BuildOptions(paper="letter", output=tmp_path / "api")
    result = cardkit.build_deck(cards, options)
    assert result.diagnostics == () and result.files == (tmp_path / "api" / "deck.pdf",)
    assert result.deck is not None
    assert result.deck.read_bytes() == (tmp_path / "cli" / "deck.pdf").read_bytes()


def test_build_deck_tells_a_card_size_that_does_not_fit_and_writes_nothing(
    tmp_path: Path,
) -> None:
    cards, _ = cardkit.load_game(TO_BOLDLY_GO)
    assert cards is not None
    options = cardkit.BuildOptions(paper="40mmx40mm", output=tmp_path)
    result = cardkit.build_deck(cards, options)
    assert [d.code for d in result.diagnostics] == ["CK050"]
    assert result.blamed == ("paper",) and result.files == ()
    assert list(tmp_path.iterdir()) == []


def test_length_reads_a_length_in_points() -> None:
    assert cardkit.length("1in") == 72.0
    assert cardkit.length("25.4mm") == pytest.approx(72.0)


def test_simulate_gives_the_report_the_command_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["--games", "12", "--seed", "5", "--jobs", "1", "--bots", "greedy,simple"]
    out = str(tmp_path / "sim")
    assert main(["sim", str(STAR_REALMS), *args, "--format", "json", "-o", out]) == 0
    printed = json.loads(capsys.readouterr().out)
    cards, _ = cardkit.load_game(STAR_REALMS)
    assert cards is not None
    options = cardkit.SimOptions(games=12, seed=5, jobs=1, bots=("greedy", "simple"))
    played, problems = cardkit.simulate(cards, options)
    assert problems == [] and played is not None
    assert played.report() == printed
    assert played.summary.games == 12


def test_simulate_without_a_play_setup_is_a_diagnostic() -> None:
    cards, _ = cardkit.load_game(TO_BOLDLY_GO)
    assert cards is not None and cards.game.play is None
    played, problems = cardkit.simulate(cards, cardkit.SimOptions(games=2))
    assert played is None
    assert [d.severity.value for d in problems] == ["error"]


def test_simulate_refuses_an_unknown_bot_and_no_games() -> None:
    cards, _ = cardkit.load_game(STAR_REALMS)
    assert cards is not None
    with pytest.raises(cardkit.CardkitError, match=r"unknown bot 'gredy' \(did you mean"):
        cardkit.simulate(cards, cardkit.SimOptions(bots=("gredy", "greedy")))
    with pytest.raises(cardkit.CardkitError, match="games must be at least 1, not 0"):
        cardkit.SimOptions(games=0)


def test_format_rules_text_checks_without_writing_then_rewrites(tmp_path: Path) -> None:
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    blob = game / "trade-deck" / "blob.yaml"
    before = blob.read_text(encoding="utf-8")
    blob.write_text(before.replace("Gain 10 Combat.", "gain 10 combat."), "utf-8")
    cards, _ = cardkit.load_game(game)
    assert cards is not None
    pending = cardkit.format_rules_text(cards, check=True)
    assert (pending.changed, pending.failed, pending.clean) == (1, 0, False)
    assert [r.card.id for f in pending.files for r in f.rewrites] == ["blob-alpha"]
    assert "gain 10 combat." in blob.read_text(encoding="utf-8")
    done = cardkit.format_rules_text(cards)
    assert (done.changed, done.clean) == (1, True)
    assert blob.read_text(encoding="utf-8") == before


def test_import_spreadsheet_gives_the_yaml_the_command_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(
        "Qty,Name,Faction,Type,Cost,Text\n2,Mud Crawler,Blob,Ship,2,{Gain 2 Combat}\n",
        encoding="utf-8",
    )
    assert main(["import", str(sheet), "--game", str(STAR_REALMS)]) == 0
    printed = capsys.readouterr().out
    text, problems = cardkit.import_spreadsheet(sheet, STAR_REALMS)
    assert problems == [] and text == printed
    assert "name: Mud Crawler" in printed and "count: 2" in printed


def test_import_spreadsheet_keeps_going_past_a_bad_row_only_when_asked(tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(
        "Qty,Name,Faction,Type,Cost,Text\n"
        "2,Mud Crawler,Blob,Ship,2,{Gain 2 Combat}\n"
        "1,Sky Eel,Blob,Ship,lots,{Gain 1 Trade}\n",
        encoding="utf-8",
    )
    text, problems = cardkit.import_spreadsheet(sheet, STAR_REALMS)
    assert text is None
    assert [(d.severity.value, d.location.line) for d in problems] == [("error", 3)]
    text, kept = cardkit.import_spreadsheet(sheet, STAR_REALMS, keep_going=True)
    assert kept == problems
    assert text is not None and "Mud Crawler" in text and "Sky Eel" not in text


def test_build_rulebook_writes_the_pages_it_is_asked_for(tmp_path: Path) -> None:
    cards, _ = cardkit.load_game(TO_BOLDLY_GO)
    assert cards is not None
    options = cardkit.RulebookOptions(formats=("md",), output=tmp_path)
    written, problems = cardkit.build_rulebook(cards, options)
    assert problems == []
    assert tmp_path / "reference.md" in written
    assert all(path.is_file() for path in written)
    assert not (tmp_path / "reference.pdf").exists()


def test_new_game_makes_a_folder_that_loads_clean(tmp_path: Path) -> None:
    folder = cardkit.new_game("Moon Tactics", into=tmp_path)
    assert folder == tmp_path / "moon-tactics"
    cards, problems = cardkit.load_game(folder)
    assert cards is not None and cards.cards
    assert problems + cardkit.check(cards) == []

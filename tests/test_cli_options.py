"""Command-line values: negative lengths typed the usual way, and every mistake in a value
told the same way (exit status 2, the command's usage, the option named)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.cli.output import EXIT_OK, EXIT_USAGE

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = str(ROOT / "cards" / "star-realms")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def _deck(capsys: pytest.CaptureFixture[str], out: Path, *options: str) -> bytes:
    status, printed = _run(
        capsys, "build", STAR_REALMS, "--only", "explorer", "-o", str(out), *options
    )
    assert status == EXIT_OK, printed
    return (out / "deck.pdf").read_bytes()


def test_a_negative_back_offset_can_follow_the_option_as_a_word_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spaced = _deck(capsys, tmp_path / "spaced", "--back-offset", "-1mm,0.5mm")
    joined = _deck(capsys, tmp_path / "joined", "--back-offset=-1mm,0.5mm")
    unmoved = _deck(capsys, tmp_path / "unmoved")
    assert spaced == joined
    assert spaced != unmoved


def _usage_error(capsys: pytest.CaptureFixture[str], command: str, *argv: str) -> str:
    """The one error line of a command line that exits with status 2 and the usage."""
    status, printed = _run(capsys, command, *argv)
    assert status == EXIT_USAGE, printed
    assert printed.startswith(f"usage: cardkit {command} "), printed
    assert "Traceback" not in printed and "internal error" not in printed
    lines = [line for line in printed.splitlines() if line.startswith("cardkit: error: ")]
    assert len(lines) == 1, printed
    return lines[0].removeprefix("cardkit: error: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bleed", "-1mm"], "argument --bleed: '-1mm' is negative: give a length of 0mm or more"),
        (["--bleed=-1mm"], "argument --bleed: '-1mm' is negative: give a length of 0mm or more"),
        (["--gutter=-1mm"], "argument --gutter: '-1mm' is negative: give a length of 0mm or more"),
        (["--gutter", "-0.5in"], "argument --gutter: '-0.5in' is negative"),
        (["--back-offset", "-1mm"], "argument --back-offset: invalid offset '-1mm': write X,Y"),
        (
            ["--back-offset", "-1mm,--2mm"],
            "argument --back-offset: invalid offset '-1mm,--2mm': '--2mm' is not a length",
        ),
        (["--back-offset", "1mm,2"], "argument --back-offset: invalid offset '1mm,2': '2' is not"),
        (["--bleed", "-1"], "argument --bleed: invalid length '-1': write a number and one"),
        # paper, bleed and gutter that the cards do not fit with (they do with the defaults)
        (
            ["--paper", "0mmx0mm"],
            "argument --paper: paper '0mmx0mm' has no area: give a width and a height above 0",
        ),
        (
            ["--paper", "100mmx100mm"],
            "argument --paper: a 63.5mm x 88.9mm card with 3mm bleed does not fit on "
            "100mmx100mm paper (100mm x 100mm) with 3mm margins",
        ),
        (
            ["--paper", "100mmx100mm", "--bleed", "0mm"],
            "argument --paper: a 88.9mm x 127mm card with 0mm bleed does not fit",
        ),
        (
            ["--paper", "120mmx120mm", "--bleed", "10mm"],
            "argument --paper: a 88.9mm x 127mm card with 10mm bleed does not fit",
        ),
        (
            ["--bleed", "80mm", "--paper", "100mmx100mm"],
            "arguments --paper and --bleed: a 63.5mm x 88.9mm card with 80mm bleed",
        ),
    ],
)
def test_a_bad_length_or_paper_on_the_command_line_names_its_option(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told = _usage_error(capsys, "build", STAR_REALMS, *argv, "-o", str(tmp_path / "out"))
    assert told.startswith(message), told
    assert not (tmp_path / "out").exists()


def test_a_negative_count_is_told_as_a_bad_count_not_a_missing_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told = _usage_error(capsys, "sim", STAR_REALMS, "--games", "-5", "-o", str(tmp_path))
    assert told == "argument --games: must be at least 1, not -5"


def test_an_option_is_still_an_option_after_a_negative_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    told = _usage_error(capsys, "build", STAR_REALMS, "--back-offset", "-1mm,0", "--paper", "a5")
    assert told.startswith("argument --paper: unknown paper 'a5'"), told


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--bots", "greedy"],
            "argument --bots: takes two bot names, not 1: 'greedy'",
        ),
        (
            ["--bots", "greedy,gredy"],
            "argument --bots: unknown bot 'gredy' (did you mean 'greedy'?); "
            "the bots are random, simple, greedy, mc, or a strategy file (.yaml)",
        ),
    ],
)
def test_a_bad_bot_is_told_with_the_usage_and_the_option(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told = _usage_error(capsys, "sim", STAR_REALMS, *argv, "-o", str(tmp_path / "out"))
    assert told == message
    assert not (tmp_path / "out").exists()


def test_an_unknown_card_for_only_is_told_with_the_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told = _usage_error(
        capsys, "build", STAR_REALMS, "--only", "Blob Minr", "-o", str(tmp_path / "out")
    )
    assert told.startswith("--only: no card 'Blob Minr' (did you mean 'Blob Miner'?)"), told
    assert not (tmp_path / "out").exists()


def test_a_card_too_large_for_the_default_paper_is_still_the_game_s_ck050(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text(
        "id: big\nname: Big\nsizes:\n  huge: {width: 300mm, height: 400mm}\n"
        "card_types:\n  thing: {name: Thing, size: huge}\n",
        encoding="utf-8",
    )
    (game / "things.yaml").write_text("name: Rock\ntype: thing\n", encoding="utf-8")
    for argv in ([], ["--paper", "a3", "--bleed", "1mm"]):
        status, printed = _run(capsys, "build", str(game), *argv, "-o", str(tmp_path / "out"))
        assert status == 1, printed
        assert "error[CK050] a 300mm x 400mm card" in printed
        assert "usage:" not in printed

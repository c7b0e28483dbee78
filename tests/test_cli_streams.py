"""Which stream a command's diagnostics go to (docs/command-line.md, "Standard output and
standard error"): standard output carries what the command was asked for -- the problems, for
`validate` and `fmt`; files, reports and trees for the others, whose problems go to standard
error with what they wrote. A designer's friction: `sim` printed on standard error what
`validate` printed on standard output, and `fmt` split its own problems between the two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit.cli import main

BROKEN = (
    "cards:\n  - {name: Broken Agent, type: agent, faction: forge, deck: market, cost: -1, "
    "text: Gain 2 Might.}\n"
)
PROBLEM = (
    "cards/harbour-lords/market/broken.yaml:2:75: error[CK024] cost must be a whole number "
    ">= 0, got -1"
)


@pytest.fixture
def game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A deck-builder as `cardkit new` writes it (the one game every command plays)."""
    monkeypatch.chdir(tmp_path)
    assert main(["new", "Harbour Lords", "--kind", "deck-builder"]) == 0
    capsys.readouterr()
    return tmp_path / "cards" / "harbour-lords"


ASKED_FOR_PROBLEMS = [["validate"], ["fmt"], ["fmt", "--check"]]
ASKED_FOR_MORE = [
    ["build"],
    ["build", "--png"],
    ["rulebook"],
    ["sim", "--games", "2", "--jobs", "1"],
    ["sim", "--games", "2", "--jobs", "1", "--format", "json"],
    ["costs"],
    ["explain", "{game}", "Smelter"],
]


def _streams(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    command, *options = argv
    if "{game}" not in options:
        options = ["{game}", *options]
    status = main([command, *(o.replace("{game}", "cards/harbour-lords") for o in options)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv", ASKED_FOR_PROBLEMS, ids=" ".join)
def test_the_problems_asked_for_go_to_standard_output(
    game: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    (game / "market" / "broken.yaml").write_text(BROKEN, "utf-8")
    status, out, err = _streams(capsys, argv)
    assert status == 1
    assert out.splitlines() == [PROBLEM]
    assert PROBLEM not in err and err.strip()  # the count, on standard error


@pytest.mark.parametrize("argv", ASKED_FOR_MORE, ids=" ".join)
def test_problems_met_on_the_way_go_to_standard_error(
    game: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    (game / "market" / "broken.yaml").write_text(BROKEN, "utf-8")
    status, out, err = _streams(capsys, argv)
    assert (status, out) == (1, "")
    assert err.splitlines()[0] == PROBLEM


def test_a_warning_of_build_is_on_standard_error_the_same_line_validate_prints(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (game / "market" / "broken.yaml").write_text(
        BROKEN.replace("cost: -1", "cost: 2").replace("Gain 2 Might.", "Gain 2 Might and and."),
        "utf-8",
    )
    status, out, err = _streams(capsys, ["validate"])
    assert status == 1
    problem = out.splitlines()[0]
    assert problem.startswith("cards/harbour-lords/market/broken.yaml:2:") and "error[" in problem
    status, out, err = _streams(capsys, ["build"])
    assert (status, out) == (0, "")
    assert problem.replace("error[", "warning[") in err.splitlines()


def test_a_report_asked_for_as_json_is_json_alone(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _streams(capsys, ["sim", "--games", "2", "--jobs", "1", "--format", "json"])
    assert status == 0
    assert json.loads(out)["games"] == 2

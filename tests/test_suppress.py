"""Per-card ``suppress``: silences its codes on that card only; bad or stale entries reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cardkit.cli import main

GAME = Path(__file__).resolve().parent / "fixtures" / "rules" / "game" / "game.yaml"

DRIFTER = """\
cards:
  - name: Drifter
    type: unit
    deck: market
    cost: 2
    text: "Sea Folk Ally: Draw a card."
"""


def _validate(
    tmp_path: Path, cards: str, capsys: pytest.CaptureFixture[str], *, name: str = "cards.yaml"
) -> tuple[int, list[tuple[str, int, int, str, str]]]:
    shutil.copy(GAME, tmp_path / "game.yaml")
    (tmp_path / name).write_text(cards, encoding="utf-8")
    status = main(["validate", str(tmp_path), "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    return status, [(d["code"], d["line"], d["column"], d["severity"], d["card"]) for d in found]


def test_an_unsuppressed_problem_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _validate(tmp_path, DRIFTER, capsys) == (1, [("CK102", 6, 12, "error", "drifter")])


def test_suppress_silences_that_code_on_that_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = DRIFTER + "    suppress: [CK102]\n"
    assert _validate(tmp_path, cards, capsys) == (0, [])


def test_suppress_on_one_card_leaves_the_same_problem_on_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = DRIFTER + "    suppress: [CK102]\n" + DRIFTER[7:].replace("Drifter", "Wanderer")
    assert _validate(tmp_path, cards, capsys) == (1, [("CK102", 12, 12, "error", "wanderer")])


def _printed(
    tmp_path: Path, cards: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, list[str]]:
    shutil.copy(GAME, tmp_path / "game.yaml")
    (tmp_path / "cards.yaml").write_text(cards, encoding="utf-8")
    status = main(["validate", str(tmp_path)])
    return status, capsys.readouterr().out.splitlines()


# (suppress list added to Drifter, whether its ally ability stays, the lines printed after the path)
PRINTED: list[tuple[str, bool, int, list[str]]] = [
    (
        "[CK998, CK102]",
        True,
        1,
        [
            "cards.yaml:7:16: error[CK150] suppress names unknown code 'CK998' on card 'drifter'",
            "    hint: copy the code from a diagnostic of the card: the 'CK' and three digits "
            "in brackets, as in 'warning[CK140]'",
        ],
    ),
    (
        "[CK102]",
        False,
        0,
        [
            "cards.yaml:7:16: warning[CK151] suppress lists CK102 but CK102 does not fire on "
            "card 'drifter'",
            "    hint: remove CK102 from the card's suppress list",
        ],
    ),
]


@pytest.mark.parametrize(("codes", "bond", "status", "lines"), PRINTED)
def test_bad_and_stale_suppress_entries_are_reported(
    codes: str,
    bond: bool,
    status: int,
    lines: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cards = (
        DRIFTER if bond else DRIFTER.replace("Sea Folk Ally: ", "")
    ) + f"    suppress: {codes}\n"
    shutil.copy(GAME, tmp_path / "game.yaml")
    (tmp_path / "cards.yaml").write_text(cards, encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == status
    printed = capsys.readouterr().out.splitlines()
    assert printed == [line if line.startswith(" ") else f"{tmp_path}/{line}" for line in lines]


def test_the_suppress_codes_themselves_cannot_be_suppressed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = DRIFTER + "    suppress: [CK102, CK151]\n"
    assert _validate(tmp_path, cards, capsys) == (1, [("CK150", 7, 23, "error", "drifter")])


def test_a_spreadsheet_column_suppresses_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = (
        "name,type,deck,cost,text,suppress\n"
        'Drifter,unit,market,2,"Sea Folk Ally: Draw a card.",CK102\n'
        'Wanderer,unit,market,2,"Gain 1 Gold.",CK102; CK140\n'
    )
    status, found = _validate(tmp_path, sheet, capsys, name="cards.csv")
    assert status == 0
    assert found == [
        ("CK151", 3, 6, "warning", "wanderer"),
        ("CK151", 3, 6, "warning", "wanderer"),
    ]


def test_a_code_validate_does_not_check_is_not_called_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # CK404 comes from the simulator, which validate does not run.
    cards = DRIFTER.replace("Sea Folk Ally: ", "") + "    suppress: [CK404]\n"
    assert _validate(tmp_path, cards, capsys) == (0, [])

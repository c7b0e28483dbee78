"""A card with a bad field still has its rules text and suppress list checked, in the same run.

A card whose fields break the schema (a cost out of range, an unknown faction) is left out of
the set: it is not printed, counted or costed. What can be judged without the bad value is
still judged (``TEXT_CHECKS``: parse errors, keyword parameters, slips, references; and
the suppress list, CK150); what weighs the card's text against its fields or the set's totals
is not, so one bad value gives one error and no follow-on errors.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from readme_helpers import all_docs

from cardkit.cli import main
from cardkit.diagnostics import CODES
from cardkit.rules.check import CHECKS, TEXT_CHECKS

STAR_REALMS = Path(__file__).resolve().parents[1] / "cards" / "star-realms"

# Every rules and set code, by whether a card with errors in its fields is still checked for it.
INDEPENDENT = {
    "CK101": "rules text does not parse: the text is read whatever the other fields hold",
    "CK103": "an unknown keyword in the text",
    "CK104": "a keyword's parameters, judged by the text and the game",
    "CK109": "a misspelt word",
    "CK110": "a doubled word",
    "CK111": "a typographic quote",
    "CK112": "unbalanced brackets",
    "CK113": "markup never closed, in the text or a text field",
    "CK114": "an icon name in markup that is close to one of the game's",
    "CK115": "a real word slipped for another: the text is read whatever the other fields hold",
    "CK130": "the text names a card that does not exist",
    "CK150": "the suppress list names a code that does not exist",
}
DEPENDENT = {
    "CK102": "an ally ability on a card with no faction: the faction may be the bad field",
    "CK105": "a keyword on the wrong card type",
    "CK106": "a keyword whose field the card does not set: the field may be the bad value",
    "CK107": "a field set without its keyword: the field may be the bad value",
    "CK108": "wording drift: weighed over the cards of the set",
    "CK121": "deck totals: the card is left out, so totals are not judged",
    "CK122": "faction totals in a deck, likewise",
    "CK123": "copy limits: the card's count may be the bad value",
    "CK140": "cost against the cost curve: the cost may be the bad value",
    "CK151": "a suppressed code that does not fire: the dependent checks did not run",
    "CK170": "the game's constraints: weighed over the cards' fields",
}
NOT_OF_A_CARD = {"CK120": "a deck rule of game.yaml"}

BAD = """\
name: Bad Card
type: ship
faction: blob
cost: 99
text: Gain 1 Gold.
suppress: [CK998]
"""


def _validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], card: str
) -> tuple[int, list[tuple[str, int, int, str, str | None]]]:
    game = tmp_path / "sr"
    if not game.exists():
        shutil.copytree(STAR_REALMS, game)
    (game / "bad.yaml").write_text(card, encoding="utf-8")
    status = main(["validate", str(game), "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    # Star Realms is clean: everything found is about the bad card (game.yaml's deck totals too).
    return status, [(d["code"], d["line"], d["column"], d["severity"], d["card"]) for d in found]


def test_the_checks_of_the_text_alone_are_named_and_the_rest_are_not_run_on_flawed_cards() -> None:
    assert {check.__name__ for check in TEXT_CHECKS} == {
        "check_keyword_params",
        "check_slips",
        "check_references",
        "check_markup",
    }
    assert set(TEXT_CHECKS) <= set(CHECKS)
    tables = [INDEPENDENT, DEPENDENT, NOT_OF_A_CARD]
    assert sum(map(len, tables)) == len({code for table in tables for code in table})
    assert {code for table in tables for code in table} == {
        code for code in CODES if "CK100" <= code < "CK200"
    }


def test_a_cost_out_of_range_leaves_the_text_and_suppress_errors_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _validate(tmp_path, capsys, BAD) == (
        1,
        [
            ("CK024", 4, 7, "error", "bad-card"),
            ("CK130", 5, 14, "error", "bad-card"),
            ("CK150", 6, 12, "error", "bad-card"),
        ],
    )


def test_fixing_the_cost_reveals_nothing_that_was_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, before = _validate(tmp_path, capsys, BAD)
    _, after = _validate(tmp_path, capsys, BAD.replace("cost: 99", "cost: 3"))
    assert [d for d in before if d[0] != "CK024"] == [
        d
        for d in after
        if d[0] not in ("CK121", "CK122")  # the card now counts in its deck
    ]


def test_every_text_problem_of_a_flawed_card_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = BAD.replace("Gain 1 Gold.", "|-\n  Draw draw a card.\n  Acquire Wrong Ship (for free.")
    status, found = _validate(tmp_path, capsys, card.replace("suppress: [CK998]\n", ""))
    assert status == 1
    assert [code for code, *_ in found] == ["CK024", "CK110", "CK112"]


def test_an_unknown_faction_gives_no_follow_on_error_about_the_bond_ability(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = BAD.replace("faction: blob", "faction: blobb").replace(
        "Gain 1 Gold.", '"Blob Ally: Drwa a card."'
    )
    status, found = _validate(tmp_path, capsys, card.replace("cost: 99", "cost: 2"))
    assert status == 1
    assert [code for code, *_ in found] == ["CK025", "CK109", "CK150"]  # no CK102


def test_a_flawed_card_suppresses_its_text_codes_but_never_its_schema_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = BAD.replace("[CK998]", "[CK130, CK024, CK140]")
    # CK024 stays: the card is left out of the set, which no suppress list may hide; CK140
    # is not judged on the card, so it is not stale either.
    assert _validate(tmp_path, capsys, card) == (1, [("CK024", 4, 7, "error", "bad-card")])


def test_a_text_of_the_wrong_type_is_not_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, found = _validate(tmp_path, capsys, BAD.replace("Gain 1 Gold.", "[Gain 1 Gold.]"))
    assert status == 1
    assert [code for code, *_ in found] == ["CK024", "CK023", "CK150"]


def test_the_readme_shows_what_validate_prints_for_the_flawed_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(STAR_REALMS, tmp_path / "star-realms")
    (tmp_path / "star-realms" / "bad.yaml").write_text(BAD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "star-realms"]) == 1
    printed = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert len(printed) == 3
    docs = all_docs()
    assert all(f"\n    {line}\n" in docs for line in printed)

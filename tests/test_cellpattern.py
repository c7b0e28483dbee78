"""Patterns of game.yaml's spreadsheet values: "{n} Outpost" (load/cellpattern.py)."""

from __future__ import annotations

import pytest

from cardkit.load.cellpattern import filled, is_pattern, match_pattern, parse_pattern
from cardkit.model import ValuePattern


def _pattern(text: str) -> ValuePattern:
    pattern, problems = parse_pattern(text, {})
    assert pattern is not None, problems
    return pattern


@pytest.mark.parametrize(
    ("pattern", "cell", "taken"),
    [
        ("{n} Outpost", "5 Outpost", {"n": "5"}),
        ("{n} Outpost", "  5   outpost ", {"n": "5"}),
        ("{n} Outpost", "Outpost", None),  # a slot takes at least one character
        ("{n} Outpost", "5 Outposts", None),
        ("{n} Outpost", "5 Outpost 2", None),
        ("{n} Outpost", "5Outpost", None),  # the pattern has a space there
        ("{n}x", "3x", {"n": "3"}),  # ... and none here
        ("Cost {n}", "cost 12", {"n": "12"}),
        ("Cost {n}", "Costly 12", None),
        ("{a} or {b}", "Gorgon or Blob", {"a": "Gorgon", "b": "Blob"}),
        ("{a} or {b}", "Blob or Gorgon or Cult", {"a": "Blob", "b": "Gorgon or Cult"}),
        ("{a}/{b}", "2/3", {"a": "2", "b": "3"}),
        ("{a}/{b}", "2/", None),
        ("[{n}]", "[4]", {"n": "4"}),  # text that is a regular expression's syntax is text
        ("a.b {n}", "axb 4", None),
    ],
)
def test_a_pattern_matches_a_cell_and_gives_its_slots(
    pattern: str, cell: str, taken: dict[str, str] | None
) -> None:
    assert match_pattern(_pattern(pattern), cell) == taken


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "{n}",
            "pattern '{n}' is only slots: it would match every cell; "
            "write the text around the slot",
        ),
        (
            "{a}{b} x",
            "pattern '{a}{b} x' has slots {a} and {b} side by side: put text between them",
        ),
        (
            "{a} {b}",
            "pattern '{a} {b}' is only slots: it would match every cell; "
            "write the text around the slot",
        ),
        ("{n} of {n}", "pattern '{n} of {n}' has the slot {n} twice"),
    ],
)
def test_a_wrongly_written_pattern_says_what_is_wrong(text: str, problem: str) -> None:
    assert parse_pattern(text, {}) == (None, [problem])


@pytest.mark.parametrize(
    ("key", "pattern"), [("{n} Outpost", True), ("Outpost", False), ("{Scrap}", False)]
)
def test_only_a_lower_case_slot_makes_a_pattern(key: str, pattern: bool) -> None:
    assert is_pattern(key) is pattern


def test_slots_are_filled_into_strings_and_other_values_kept() -> None:
    taken = {"n": "5"}
    assert filled("{n}", taken) == "5"
    assert filled("{n} cards", taken) == "5 cards"
    assert filled(True, taken) is True
    assert filled("Outpost", taken) == "Outpost"

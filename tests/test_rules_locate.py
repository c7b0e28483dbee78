"""Finding a character of a YAML string value in its file, for every scalar style."""

from __future__ import annotations

import pytest
import yaml

from cardkit.rules.locate import source_position


def _value_start(source: str) -> tuple[int, int, str]:
    """Where PyYAML says the 'text' value starts, and the value."""
    root = yaml.compose(source, Loader=yaml.SafeLoader)
    assert root is not None
    for key, value in root.value:
        if key.value == "text":
            return value.start_mark.line + 1, value.start_mark.column + 1, value.value
    raise AssertionError("no text")


CASES = [
    # (source, line in text, column in text, expected file line:column)
    ("text: |-\n  Draw a card.\n  Gain 2 Glod.\n", 2, 8, (3, 10)),
    ("text: |\n    Draw a card.\n\n    Gain 2 Glod.\n", 3, 8, (4, 12)),
    ("text: |2-\n   Draw a card.\n", 1, 2, (2, 4)),  # explicit indentation: a kept space
    ("text: >-\n  Gain 3 Gold and\n  draw 2 cards\n  or draw a card.\n", 1, 30, (4, 3)),
    ("text: Gain 3 Gold\n  and draw 2 cards\n", 1, 21, (2, 11)),
    ("text: 'It''s 2 Glod.'\n", 1, 8, (1, 16)),
    ('text: "Gain 2 Glod."\n', 1, 8, (1, 15)),
    ("text: Gain 2\n", 1, 7, (1, 13)),  # past the end of the line: just after its last character
    ("text: |-\n  Gain 2\n  Draw a card.\n", 1, 7, (2, 9)),
    ("text: Gain 2 Gold.   # a comment\n", 1, 1, (1, 7)),
]


@pytest.mark.parametrize(("source", "line", "column", "expected"), CASES)
def test_a_character_of_the_value_is_found_in_the_file(
    source: str, line: int, column: int, expected: tuple[int, int]
) -> None:
    value_line, value_column, text = _value_start(source)
    assert source_position(source, value_line, value_column, text, line, column) == expected


def test_a_double_quoted_escape_is_not_followed() -> None:
    source = 'text: "Draw a card.\\nGain 2 Glod."\n'
    value_line, value_column, text = _value_start(source)
    assert text.split("\n")[1] == "Gain 2 Glod."
    assert source_position(source, value_line, value_column, text, 2, 8) is None


def test_a_file_that_no_longer_holds_the_value_gives_none() -> None:
    assert source_position("text: Gain 2 Gold.\n", 1, 7, "Draw a card.", 1, 6) is None
    assert source_position("text: x\n", 9, 1, "x", 1, 1) is None
    assert source_position("text: x\n", 1, 7, "x", 3, 1) is None

from __future__ import annotations

import math

import pytest

from cardkit.errors import CardkitError, LayoutError, LengthError
from cardkit.render.units import format_mm, mm, parse_length, to_mm


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("63.5mm", 180.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        ("1in", 72.0),
        ("0.125in", 9.0),
        ("9pt", 9.0),
        ("0mm", 0.0),
        ("3mm", 72 * 3 / 25.4),
    ],
)
def test_lengths_with_a_unit_become_points(text: str, points: float) -> None:
    assert math.isclose(parse_length(text), points, rel_tol=1e-12)


# Each bad length, and why it is refused: the error table is the test.
BAD_LENGTHS = [
    "63.5",  # no unit
    "63.5 mm",  # space before the unit
    " 3mm",  # leading space
    "3mm ",  # trailing space
    "3MM",  # units are lowercase
    "3px",  # unknown unit
    "3 millimetres",
    "-3mm",  # negative
    "+3mm",
    ".5in",  # a digit before the point
    "5.in",  # a digit after the point
    "1e3mm",  # no exponents
    "3,5mm",  # no decimal comma
    "nanmm",
    "infmm",
    "mm",
    "",
    "3mm3",
    "\uff13mm",  # a full-width digit
]


@pytest.mark.parametrize("text", BAD_LENGTHS)
def test_malformed_lengths_raise_and_name_the_accepted_forms(text: str) -> None:
    with pytest.raises(LengthError) as caught:
        parse_length(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "mm, cm, in, pt" in message


@pytest.mark.parametrize("value", [3, 3.0, None, b"3mm"])
def test_lengths_that_are_not_text_are_refused(value: object) -> None:
    with pytest.raises(LengthError):
        parse_length(value)  # type: ignore[arg-type]


def test_length_errors_belong_to_the_one_exception_tree() -> None:
    assert issubclass(LengthError, LayoutError)
    assert issubclass(LayoutError, CardkitError)


def test_millimetres_round_trip_through_points() -> None:
    assert math.isclose(to_mm(mm(63.5)), 63.5)
    assert format_mm(parse_length("63.5mm")) == "63.5mm"
    assert format_mm(parse_length("3mm")) == "3mm"
    assert format_mm(parse_length("1in")) == "25.4mm"

"""Lengths: text such as '63.5mm' in, PostScript points out. Strict: no unit, no length."""

from __future__ import annotations

import re

from cardkit.errors import LengthError

POINTS_PER_INCH = 72.0

# Points in one of each accepted unit.
UNITS: dict[str, float] = {
    "mm": POINTS_PER_INCH / 25.4,
    "cm": POINTS_PER_INCH / 2.54,
    "in": POINTS_PER_INCH,
    "pt": 1.0,
}

_LENGTH = re.compile(r"([0-9]+(?:\.[0-9]+)?)(mm|cm|in|pt)")
ACCEPTED = "a number and one of the units mm, cm, in, pt (e.g. '63.5mm', '0.125in', '9pt')"


def parse_length(text: str) -> float:
    """The length ``text`` (e.g. ``'63.5mm'``) in points; anything else raises LengthError."""
    if not isinstance(text, str):
        raise LengthError(f"invalid length {text!r}: write {ACCEPTED}")
    match = _LENGTH.fullmatch(text)
    if match is None:
        raise LengthError(f"invalid length {text!r}: write {ACCEPTED}")
    number, unit = match.groups()
    return float(number) * UNITS[unit]


def mm(value: float) -> float:
    """``value`` millimetres in points (for lengths written in code, not read from users)."""
    return value * UNITS["mm"]


def to_mm(points: float) -> float:
    """``points`` in millimetres, for messages and tests."""
    return points / UNITS["mm"]


def format_mm(points: float) -> str:
    """``points`` as short millimetre text: '63.5mm', '3mm'."""
    return f"{to_mm(points):.2f}".rstrip("0").rstrip(".") + "mm"

"""Where the line saying what a sheet is goes: in the bottom margin, between the crop marks.

The crop marks stand at every column edge, so text may only sit between two of them. When
the whole line fits inside the middle column it goes there; on sheets of narrow cards (chits)
its pieces are spread over neighbouring columns, one group of pieces per column, centred.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardkit.render.fonts import FONT
from cardkit.render.impose import Sheet
from cardkit.render.textfit import fit_line
from cardkit.render.units import mm

SIZE, MIN_SIZE = 6.0, 4.0  # points
WHOLE_MIN = 5.5  # the whole line in one column only when it fits at this size or more
MARK_CLEAR = mm(2)  # the text keeps this far from each crop mark
DOT = " \u00b7 "
# How the pieces of the line are grouped for 1 to 4 columns.
_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((0, 1, 2, 3),),
    2: ((0, 1), (2, 3)),
    3: ((0,), (1, 2), (3,)),
    4: ((0,), (1,), (2,), (3,)),
}


@dataclass(frozen=True, slots=True)
class FooterText:
    """One piece of the footer: its text, size, the span it is centred in, its baseline."""

    text: str
    size: float
    left: float
    width: float
    y: float


def footer_texts(sheet: Sheet, pieces: Sequence[str], room: float) -> list[FooterText]:
    """The footer of ``sheet`` (four pieces: game, sheet number, side, a printing hint) in a
    bottom margin ``room`` points high, each piece between two crop marks."""
    columns = sheet.columns
    whole = DOT.join(pieces)
    if columns <= 1:
        text, size, _ = fit_line(whole, sheet.grid.w, SIZE, MIN_SIZE, FONT)
        return [FooterText(text, size, sheet.grid.x, sheet.grid.w, _baseline(room, size))]
    middle = sheet.trim(columns // 2, 0)
    width = middle.w - 2 * MARK_CLEAR
    text, size, cut = fit_line(whole, width, SIZE, MIN_SIZE, FONT)
    if (not cut and size >= WHOLE_MIN) or len(pieces) != 4:
        return [FooterText(text, size, middle.x, middle.w, _baseline(room, size))]
    count = max(n for n in _GROUPS if n <= columns and (columns - n) % 2 == 0)
    first = (columns - count) // 2
    found = []
    for offset, group in enumerate(_GROUPS[count]):
        slot = sheet.trim(first + offset, 0)
        piece = DOT.join(pieces[i] for i in group)
        text, size, _ = fit_line(piece, slot.w - 2 * MARK_CLEAR, SIZE, MIN_SIZE, FONT)
        found.append(FooterText(text, size, slot.x, slot.w, _baseline(room, size)))
    return found


def _baseline(room: float, size: float) -> float:
    return room / 2 - size * 0.36

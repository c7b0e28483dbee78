"""Cell patterns of game.yaml's spreadsheet ``values``: ``"{n} Outpost"`` matches a cell
"5 Outpost" with ``n`` = "5".

A pattern is text with slots (``{name}``: a lower-case name). The text around the slots
matches in any case and with any spaces; where the pattern has a space between a slot and
its text, the text is a word of its own ("{a} or {b}" does not find the "or" of "Gorgon"),
where it has none, the two are written together ("{n}x" matches "3x"). Each slot takes the
text between, at least one character. There are no regular expressions for a designer to write, and
matching looks for each piece of text once, left to right: a pattern never backtracks,
whatever the cell holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cardkit.model import ValuePattern

__all__ = ["filled", "is_pattern", "match_pattern", "parse_pattern", "slots_in"]

_SLOT = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def is_pattern(key: str) -> bool:
    """Whether a key of ``values`` is a pattern (it has a ``{slot}``), not a cell value."""
    return _SLOT.search(key) is not None


def slots_in(text: str) -> list[str]:
    """The names of the slots ``text`` writes, in order."""
    return _SLOT.findall(text)


def parse_pattern(text: str, fields: Mapping[str, Any]) -> tuple[ValuePattern | None, list[str]]:
    """The pattern ``text`` declares, setting ``fields``, or None and what is wrong with it."""
    pieces = _SLOT.split(text)  # text, slot, text, slot, ..., text
    texts = tuple(pieces[::2])
    slots = tuple(pieces[1::2])
    problems = []
    if not any(piece.strip() for piece in texts):
        problems.append(
            f"pattern {text!r} is only slots: it would match every cell; "
            "write the text around the slot"
        )
    else:
        problems.extend(
            f"pattern {text!r} has slots {{{slots[i - 1]}}} and {{{slots[i]}}} side by side: "
            "put text between them"
            for i in range(1, len(slots))
            if not texts[i].strip()
        )
    for slot in sorted({s for s in slots if slots.count(s) > 1}):
        problems.append(f"pattern {text!r} has the slot {{{slot}}} twice")
    if problems:
        return None, problems
    return ValuePattern(text, texts, slots, dict(fields)), []


@lru_cache(maxsize=256)
def _piece(text: str, at_end: bool) -> re.Pattern[str]:
    """``text`` of a pattern in any case, with any spaces between its words; where it begins
    (ends) with a space, it begins (ends) a word."""
    body = r"\s+".join(re.escape(word) for word in text.split())
    before = r"(?<!\w)" if text[:1].isspace() else ""
    after = r"(?!\w)" if text[-1:].isspace() else ""
    return re.compile(before + body + after + (r"\s*\Z" if at_end else ""), re.IGNORECASE)


def match_pattern(pattern: ValuePattern, cell: str) -> dict[str, str] | None:
    """The text each slot of ``pattern`` takes in ``cell``, or None when it does not match."""
    text = cell.strip()
    position = 0
    if pattern.texts[0].strip():
        first = _piece(pattern.texts[0], not pattern.slots).match(text)
        if first is None:
            return None
        position = first.end()
    taken: dict[str, str] = {}
    for i, slot in enumerate(pattern.slots):
        after = pattern.texts[i + 1]
        last = i == len(pattern.slots) - 1
        if not after.strip():  # the last slot, at the end of the cell
            value, position = text[position:].strip(), len(text)
        else:
            found = _piece(after, last).search(text, position)
            while found is not None and not text[position : found.start()].strip():
                found = _piece(after, last).search(text, found.start() + 1)
            if found is None:
                return None
            value, position = text[position : found.start()].strip(), found.end()
        if not value:
            return None
        taken[slot] = value
    return taken if position == len(text) else None


def filled(value: Any, taken: Mapping[str, str]) -> Any:
    """``value`` of a pattern's fields with its slots filled in from ``taken``."""
    if not isinstance(value, str) or not is_pattern(value):
        return value
    return _SLOT.sub(lambda m: taken.get(m.group(1), m.group(0)), value)

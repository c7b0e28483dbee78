"""The forms a game declares with typed slots ("+{n} Cards", "{faction} Ally"): their pieces.

Apart from ``cardkit.effects.forms`` (which writes the text of a form for given values) so
that loading a game, which checks each declared form, does not import the effect classes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardkit.frozen import Reduced, reduced

SLOTS: tuple[str, ...] = (
    "n",
    "resource",
    "card type",
    "zone",
    "card name",
    "keyword",
    "faction",
    "factions",
)
"""The slots a declared form may hold."""
SLOT_PATTERN = re.compile(r"(\+?\$?)\{([^{}]*)\}")
"""A slot in a declared form, with the "+" or "$" written before it."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of a declared form: literal words (``slot`` ''), or a slot; a number slot
    keeps the sign or currency written before it ('+', '$', '+$') in ``text``."""

    text: str
    slot: str = ""

    def __reduce__(self) -> Reduced:  # pickled the same compiled or not (cardkit.frozen)
        return reduced(self)


def pieces(form: str) -> tuple[Piece, ...]:
    """A declared form as literal words and slots: "+{n} Cards" -> ('+', n), ('Cards').
    Raises ValueError for an unknown slot or a form without words."""
    out: list[Piece] = []
    at = 0
    for match in SLOT_PATTERN.finditer(form):
        literal = form[at : match.start()]
        if literal.strip():
            out.append(Piece(" ".join(literal.split())))
        prefix, name = match.group(1), " ".join(match.group(2).split()).lower()
        if name not in SLOTS:
            shown = ", ".join("{" + s + "}" for s in SLOTS)
            raise ValueError(f"unknown slot {{{match.group(2)}}}: a form may hold {shown}")
        if prefix and name != "n":
            out.append(Piece(prefix))
            prefix = ""
        out.append(Piece(prefix, name))
        at = match.end()
    if form[at:].strip():
        out.append(Piece(" ".join(form[at:].split())))
    if not out:
        raise ValueError("a form needs at least one word")
    return tuple(out)

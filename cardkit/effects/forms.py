"""The forms a game declares with typed slots ("+{n} Cards", "{faction} Ally", "Do {n} net
damage"): their pieces, and the text a form writes for given slot values."""

from __future__ import annotations

from cardkit.effects.vocab import Vocabulary
from cardkit.formslots import SLOT_PATTERN
from cardkit.formslots import SLOTS as SLOTS
from cardkit.formslots import Piece as Piece
from cardkit.formslots import pieces as pieces

SlotValue = int | str | tuple[str, ...]
"""A slot's value: a number, an id (resource, card type, keyword, faction), a zone or card
name as written, or several faction ids."""


def slot_text(piece: Piece, value: SlotValue, vocab: Vocabulary) -> str:
    """How a slot's value is written in a form."""
    if piece.slot == "n":
        return f"{piece.text}{value}"
    if isinstance(value, tuple):
        return " or ".join(vocab.faction(v) for v in value)
    if isinstance(value, int):
        return str(value)
    if piece.slot == "resource":
        return vocab.resource(value)
    if piece.slot == "card type":
        return vocab.card_type(value)
    if piece.slot == "keyword":
        return vocab.keyword(value)
    if piece.slot == "faction":
        return vocab.faction(value)
    if piece.slot == "zone":  # the zone's name as the game writes it ("Run HQ", not "Run hq")
        for _, _, name in vocab.zones:
            head = value[: len(value) - len(name)]
            if value.endswith(name.lower()) and (not head or head.endswith(" ")):
                return head + name
    return value


def fill(form: str, values: tuple[SlotValue, ...], vocab: Vocabulary) -> str:
    """The text a form writes for its slot values, in order, spaced as the form is: "Test
    Lore ({n})" writes "Test Lore (3)", "{n}x" writes "3x"."""
    out: list[str] = []
    slots = iter(values)
    at = 0
    for match in SLOT_PATTERN.finditer(form):
        out.append(form[at : match.start()])
        prefix, name = match.group(1), " ".join(match.group(2).split()).lower()
        value = next(slots)
        if name == "n":
            text = slot_text(Piece(prefix, name), value, vocab)
        else:
            text = prefix + slot_text(Piece("", name), value, vocab)
        after = form[match.end() :].split()[:1]
        if name == "resource" and after and after[0].lower() in ("counter", "token"):
            # one counter of a resource: its singular ("Hosted {resource} counter")
            text = prefix + dict(vocab.singulars).get(str(value), text[len(prefix) :])
        out.append(text)
        at = match.end()
    out.append(form[at:])
    return " ".join("".join(out).split())


def slot_count(form: str) -> int:
    return sum(1 for piece in pieces(form) if piece.slot)

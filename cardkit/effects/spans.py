"""How long an effect lasts: this turn, a span the game declares, or for good."""

from __future__ import annotations

from cardkit.effects.vocab import Vocabulary


def check_lasts(this_turn: object, duration: object) -> None:
    """Raise unless ``duration`` is a span id (or ''), and not said with 'this turn'."""
    if not isinstance(duration, str) or duration != duration.strip():
        raise ValueError(f"a span must be an id, not {duration!r}")
    if this_turn and duration:
        raise ValueError(f"an effect lasts this turn or this {duration}, not both")


def until_phrase(this_turn: bool, duration: str, vocab: Vocabulary) -> str:
    """' this turn', ' this battle' (a span the game declares), or '' (for good)."""
    if this_turn:
        return " this turn"
    return f" this {vocab.span(duration)}" if duration else ""


def check_span(this_turn: bool, duration: str, what: str) -> None:
    """As ``check_lasts``, and raise unless it lasts this turn or a span (not for good)."""
    check_lasts(this_turn, duration)
    if not this_turn and not duration:
        raise ValueError(f"{what} needs 'this turn' or a span of the game")

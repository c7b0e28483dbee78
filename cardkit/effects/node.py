"""The roots of the vocabulary (Pos, Node, Effect, Clause) and the phrase helpers and value
checks that effects of every kind share."""

from __future__ import annotations

from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from cardkit.effects.vocab import NO_NAMES, Vocabulary
from cardkit.frozen import Reduced, reduced
from cardkit.inflect import article as article  # the phrase helpers of effects use it

NUMBER_WORDS: tuple[str, ...] = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


@dataclass(frozen=True, slots=True)
class Pos:
    """Where a node starts in the text it was parsed from (both count from 1)."""

    line: int
    column: int

    def __reduce__(self) -> Reduced:  # pickled the same compiled or not (cardkit.frozen)
        return reduced(self)


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Node:
    """Every value of the vocabulary: where it was parsed from, and the names to print."""

    pos: Pos | None = field(default=None, compare=False, repr=False, kw_only=True)
    vocab: Vocabulary | None = field(default=None, compare=False, repr=False, kw_only=True)

    def phrase(self, vocab: Vocabulary) -> str:
        """The node as running text: lowercase start, no final period."""
        raise NotImplementedError(type(self).__name__)

    def text(self, vocab: Vocabulary) -> str:
        """The canonical text, as a card prints it."""
        return _sentence(self.phrase(vocab))

    def __str__(self) -> str:
        return self.text(self.vocab or NO_NAMES)

    def __reduce__(self) -> Reduced:  # pickled the same compiled or not (cardkit.frozen)
        return reduced(self)


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Effect(Node):
    """Something an ability does."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Clause(Effect):
    """One verb phrase: the unit that chains join."""


# -- helpers --------------------------------------------------------------------------------


def _sentence(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] + "."


def check_at_least(what: str, value: object, minimum: int) -> None:
    """Raise unless ``value`` is a whole number (not a bool) of at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{what} must be a whole number of at least {minimum}, not {value!r}")


def check_amounts(amounts: tuple[tuple[str, int], ...], needs: str, amount: str) -> None:
    """Raise unless there is at least one amount, each of a resource id and a count."""
    if not amounts:
        raise ValueError(f"{needs} at least one amount")
    for resource, n in amounts:
        if not isinstance(resource, str) or not resource:
            raise ValueError(f"a resource must be an id, not {resource!r}")
        check_at_least(amount, n, 0)


def kinds_phrase(what: tuple[str, ...], vocab: Vocabulary) -> str:
    """'card' for any card, else the card types joined by 'or': 'unit or relic'."""
    if not what:
        return "card"
    return " or ".join(vocab.card_type(kind) for kind in what)


def check_kinds(what: tuple[str, ...]) -> None:
    """Raise unless the card types are distinct ids."""
    if len(set(what)) != len(what) or not all(isinstance(k, str) and k for k in what):
        raise ValueError(f"card types must be distinct ids, not {what!r}")


def amounts_phrase(amounts: tuple[tuple[str, int], ...], vocab: Vocabulary) -> str:
    """'4 Gold, 1 Wood and 5 Stone'."""
    parts = [vocab.amount(resource, n) for resource, n in amounts]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def number_word(n: int) -> str:
    """'two' for 2, up to ten; larger numbers as digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def check_type(what: object, role: str) -> None:
    """Raise unless ``what`` is a card type id; ``role`` starts the message."""
    if not isinstance(what, str) or not what:
        raise ValueError(f"{role} a card type id, not {what!r}")

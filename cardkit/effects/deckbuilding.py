"""The deck-building clauses: gain, draw, discard, scrap, acquire, put on top, copy, and
'for each'."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.effects.node import (
    Clause,
    Node,
    amounts_phrase,
    article,
    check_amounts,
    check_at_least,
    check_kinds,
    kinds_phrase,
)
from cardkit.effects.vocab import Vocabulary, inflect
from cardkit.effects.zones import (
    DECK,
    Destination,
    Zone,
    check_zone,
    destination_phrase,
    zone_phrase,
    zone_words,
)


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


@dataclass(frozen=True, slots=True)
class Gain(Clause):
    """Gain amounts of resources: ``Gain 4 Gold, 1 Wood and 5 Stone``."""

    amounts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        check_amounts(self.amounts, "gain needs", "an amount to gain")

    def phrase(self, vocab: Vocabulary) -> str:
        return "gain " + amounts_phrase(self.amounts, vocab)


@dataclass(frozen=True, slots=True)
class GainPerCost(Clause):
    """``Gain Gold equal to its cost``: as much of a resource as the card just named costs."""

    resource: str

    def phrase(self, vocab: Vocabulary) -> str:
        return f"gain {vocab.resource(self.resource)} equal to its cost"


@dataclass(frozen=True, slots=True)
class Draw(Clause):
    n: int = 1

    def __post_init__(self) -> None:
        check_at_least("the number of cards to draw", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "draw " + _cards(self.n)


@dataclass(frozen=True, slots=True)
class Discard(Clause):
    """You discard ``n`` cards, or any number of them (``n`` is None)."""

    n: int | None = 1

    def __post_init__(self) -> None:
        if self.n is not None:
            check_at_least("the number of cards to discard", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "discard " + ("any number of cards" if self.n is None else _cards(self.n))


@dataclass(frozen=True, slots=True)
class OpponentDiscards(Clause):
    n: int = 1

    def __post_init__(self) -> None:
        check_at_least("the number of cards to discard", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "target opponent discards " + _cards(self.n)


@dataclass(frozen=True, slots=True)
class BanishCards(Clause):
    """Scrap up to ``up_to`` cards from the zones; ``optional`` adds "you may"."""

    up_to: int
    zones: tuple[Zone, ...]
    optional: bool = False

    def __post_init__(self) -> None:
        check_at_least("the number of cards to remove", self.up_to, 1)
        if not self.zones or len(set(self.zones)) != len(self.zones):
            raise ValueError(f"zones must be distinct and at least one, not {self.zones!r}")
        for zone in self.zones:
            check_zone(zone)

    def phrase(self, vocab: Vocabulary) -> str:
        count = "a card" if self.up_to == 1 else f"up to {self.up_to} cards"
        joiner = " or " if self.up_to == 1 else " and/or "
        parts, previous = [], ""
        for zone in self.zones:
            determiner, noun = zone_words(zone, vocab)
            parts.append(noun if determiner == previous else f"{determiner} {noun}")
            previous = determiner
        may = "you may " if self.optional else ""
        return f"{may}{vocab.removal_verb()} {count} in {joiner.join(parts)}"


@dataclass(frozen=True, slots=True)
class AcquireFree(Clause):
    """Acquire a card (of the card types ``what``; any card when empty) for free."""

    max_cost: int
    what: tuple[str, ...] = ()
    destination: Destination = "discard"
    """'discard' (the default), 'top-of-deck', or the id of the zone it is put into."""

    def __post_init__(self) -> None:
        check_at_least("the highest cost", self.max_cost, 0)
        check_kinds(self.what)
        check_zone(self.destination)

    def phrase(self, vocab: Vocabulary) -> str:
        return (
            f"acquire {article(kinds_phrase(self.what, vocab))} of cost {self.max_cost} or less "
            f"for free{destination_phrase(self.destination, vocab)}"
        )


@dataclass(frozen=True, slots=True)
class DestroyTarget(Clause):
    """Destroy a card in play of the card type ``what`` (a building, say)."""

    what: str
    optional: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        may = "you may " if self.optional else ""
        return f"{may}destroy target {vocab.card_type(self.what)}"


@dataclass(frozen=True, slots=True)
class NextAcquireOnTop(Clause):
    """The next card of the types ``what`` acquired this turn goes on top of the deck."""

    what: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = kinds_phrase(self.what, vocab)
        return f"put the next {kinds} you acquire this turn on top of {zone_phrase(DECK, vocab)}"


@dataclass(frozen=True, slots=True)
class PutFromDiscardOnTop(Clause):
    """Put a card of the types ``what`` from the discard pile on top of the deck."""

    what: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = article(kinds_phrase(self.what, vocab))
        return (
            f"put {kinds} from {zone_phrase('discard', vocab)} on top of {zone_phrase(DECK, vocab)}"
        )


@dataclass(frozen=True, slots=True)
class PutOnTop(Clause):
    """Put a card of the types ``what`` from zone ``source`` on top of zone ``target``
    (from the discard pile to the deck is ``PutFromDiscardOnTop``)."""

    what: tuple[str, ...]
    source: str
    target: str

    def __post_init__(self) -> None:
        check_kinds(self.what)
        check_zone(self.source)
        check_zone(self.target)
        if (self.source, self.target) == ("discard", DECK):
            raise ValueError("from the discard pile to the deck is PutFromDiscardOnTop")

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = article(kinds_phrase(self.what, vocab))
        source, target = zone_phrase(self.source, vocab), zone_phrase(self.target, vocab)
        return f"put {kinds} from {source} on top of {target}"


@dataclass(frozen=True, slots=True)
class CopyAnother(Clause):
    """Copy another card of the types ``what`` played this turn."""

    what: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        return f"copy another {kinds_phrase(self.what, vocab)} you have played this turn"


EVERY_FACTION_TEXT = "this card counts as a card of every faction"
"""How ``EveryFaction`` reads in a game that declares no sentence of its own for it."""


@dataclass(frozen=True, slots=True)
class EveryFaction(Clause):
    """The card counts as a card of every faction for the abilities of the game's label of
    meaning 'ally' (its sentence: 'phrasing: labels: ...: every_faction')."""

    def phrase(self, vocab: Vocabulary) -> str:
        text = vocab.all_factions or EVERY_FACTION_TEXT
        return text[:1].lower() + text[1:]


@dataclass(frozen=True, slots=True)
class Special(Clause):
    """A one-off effect no grammar rule should generalise: a game declares each, by key, with
    the whole clause its text writes (game.yaml ``special_effects``)."""

    key: str
    words: str

    def phrase(self, vocab: Vocabulary) -> str:
        return self.words


@dataclass(frozen=True, slots=True)
class Counted(Node):
    """What a ``ForEach`` counts."""


@dataclass(frozen=True, slots=True)
class BanishedThisTurn(Counted):
    including_this: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        tail = ", including this one" if self.including_this else ""
        return f"card you have {inflect(vocab.removal_verb())[1]} this turn" + tail


@dataclass(frozen=True, slots=True)
class DiscardedThisWay(Counted):
    def phrase(self, vocab: Vocabulary) -> str:
        return "card discarded this way"


@dataclass(frozen=True, slots=True)
class ForEach(Clause):
    """``Gain 2 Gold for each card discarded this way``."""

    effect: Gain | Draw
    counted: Counted

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Gain | Draw):
            raise ValueError(f"'for each' repeats a gain or a draw, not {self.effect!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"{self.effect.phrase(vocab)} for each {self.counted.phrase(vocab)}"

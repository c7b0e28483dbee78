"""Clauses that move cards and time: cards put into zones or back into play, moved between
places, counters removed, spans ended or joined, attacks, and limits on targets, moves and play."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.effects.node import (
    Clause,
    Node,
    article,
    check_at_least,
    check_kinds,
    check_type,
    kinds_phrase,
    number_word,
)
from cardkit.effects.spans import check_lasts, check_span, until_phrase
from cardkit.effects.vocab import Vocabulary
from cardkit.effects.zones import check_zone, zone_phrase


def _plural_kinds(what: tuple[str, ...], vocab: Vocabulary) -> str:
    """'cards' for any card, else the plurals of the card types joined by 'or'."""
    if not what:
        return "cards"
    return " or ".join(vocab.card_types_plural(kind) for kind in what)


def _stat_words(stat: str) -> str:
    """A stat as an attack's strength names it: 'force' -> 'Force'."""
    words = stat.replace("_", " ")
    return words[:1].upper() + words[1:]


@dataclass(frozen=True, slots=True)
class PutInto(Clause):
    """Put a card of the types ``what`` (or this card itself, ``what`` None) from zone
    ``source`` into zone ``target``: ``Put this card from the scrap heap into your discard
    pile``, ``Put a unit from your hand into your discard pile``."""

    what: tuple[str, ...] | None
    source: str
    target: str

    def __post_init__(self) -> None:
        if self.what is not None:
            check_kinds(self.what)
        check_zone(self.source)
        check_zone(self.target)
        if self.source == self.target:
            raise ValueError(f"a card is put into another zone, not back into {self.source!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        moved = "this card" if self.what is None else article(kinds_phrase(self.what, vocab))
        source, target = zone_phrase(self.source, vocab), zone_phrase(self.target, vocab)
        return f"put {moved} from {source} into {target}"


@dataclass(frozen=True, slots=True)
class PutBackIntoPlay(Clause):
    """The card of type ``what`` destroyed last (this turn, or in a span of the game) comes
    back into play: ``Put the unit just destroyed in this battle back into play``."""

    what: str
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        check_type(self.what, "a card put back into play is of")
        check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = until_phrase(self.this_turn, self.duration, vocab)
        when = f" in{until}" if self.duration else until
        return f"put the {vocab.card_type(self.what)} just destroyed{when} back into play"


@dataclass(frozen=True, slots=True)
class Place(Node):
    """A card in play that cards move from or to: a target card of type ``what``, or one
    adjacent to the other place; perhaps one you control. ``target planet you control``."""

    what: str
    adjacent: bool = False
    controlled: bool = False

    def __post_init__(self) -> None:
        check_type(self.what, "a place is a card of")

    def phrase(self, vocab: Vocabulary) -> str:
        which = "an adjacent" if self.adjacent else "target"
        yours = " you control" if self.controlled else ""
        return f"{which} {vocab.card_type(self.what)}{yours}"


@dataclass(frozen=True, slots=True)
class MoveCards(Clause):
    """Cards in play of the types ``what`` (any, when empty) move from one place to
    another: ``n`` of them, or any number (``n`` None, perhaps only ``yours``). ``Move any
    number of your infantry from target planet you control to an adjacent planet``."""

    what: tuple[str, ...]
    source: Place
    target: Place
    n: int | None = None
    yours: bool = False

    def __post_init__(self) -> None:
        check_kinds(self.what)
        if not isinstance(self.source, Place) or not isinstance(self.target, Place):
            raise ValueError("cards move between places (target or adjacent cards)")
        if self.source.adjacent:
            raise ValueError("cards move from a target card, to it or to an adjacent one")
        if self.n is not None:
            check_at_least("the number of cards to move", self.n, 1)
            if self.yours:
                raise ValueError("'your' narrows 'any number of' cards to move")

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n is None:
            yours = "your " if self.yours else ""
            moved = f"any number of {yours}{_plural_kinds(self.what, vocab)}"
        elif self.n == 1:
            moved = article(kinds_phrase(self.what, vocab))
        else:
            moved = f"{self.n} {_plural_kinds(self.what, vocab)}"
        return f"move {moved} from {self.source.phrase(vocab)} to {self.target.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class RemoveCounters(Clause):
    """``n`` counters of a resource come off a target card of type ``what``, or off each
    card at it (``each``); removed by you, or by each player from their own cards
    (``each_player``): ``Each player removes 3 Resource counters from each card at target
    planet``."""

    resource: str
    n: int
    what: str
    each: bool = False
    each_player: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.resource, str) or not self.resource:
            raise ValueError(f"a resource must be an id, not {self.resource!r}")
        check_at_least("the number of counters to remove", self.n, 1)
        check_type(self.what, "counters are removed from")

    def phrase(self, vocab: Vocabulary) -> str:
        who = "each player removes" if self.each_player else "remove"
        counters = "counter" if self.n == 1 else "counters"
        cards = "each card at target" if self.each else "target"
        return (
            f"{who} {self.n} {vocab.resource(self.resource)} {counters} from {cards} "
            f"{vocab.card_type(self.what)}"
        )


@dataclass(frozen=True, slots=True)
class EndSpan(Clause):
    """The turn, or a span of the game, ends now: ``End this battle immediately``."""

    this_turn: bool = False
    duration: str = ""
    immediately: bool = False

    def __post_init__(self) -> None:
        check_span(self.this_turn, self.duration, "ending")

    def phrase(self, vocab: Vocabulary) -> str:
        now = " immediately" if self.immediately else ""
        return f"end{until_phrase(self.this_turn, self.duration, vocab)}{now}"


@dataclass(frozen=True, slots=True)
class DrawKind(Clause):
    """Draw ``n`` cards of the type ``what`` (from where the game keeps them): ``Draw a
    unit``, ``Draw 2 relics``."""

    what: str
    n: int = 1

    def __post_init__(self) -> None:
        check_type(self.what, "cards drawn are of")
        check_at_least("the number of cards to draw", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n == 1:
            return "draw " + article(vocab.card_type(self.what))
        return f"draw {self.n} {vocab.card_types_plural(self.what)}"


@dataclass(frozen=True, slots=True)
class Joins(Clause):
    """The card the sentence before named takes part in the turn, or in a span of the
    game, already under way: ``Draw a unit. It joins this battle``."""

    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        check_span(self.this_turn, self.duration, "joining")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"it joins{until_phrase(self.this_turn, self.duration, vocab)}"


@dataclass(frozen=True, slots=True)
class MakeAttack(Clause):
    """An attack of strength ``strength`` in the card field ``stat``, against a target card
    of type ``what`` or each enemy one (``each``), for good or within a span: ``Make a Force
    2 attack against each enemy unit this round``."""

    stat: str
    strength: int
    what: str
    each: bool = False
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.stat, str) or not self.stat or self.stat != self.stat.strip():
            raise ValueError(f"a stat must be a field name, not {self.stat!r}")
        check_at_least("an attack's strength", self.strength, 0)
        check_type(self.what, "an attack is made against")
        check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        against = "each enemy" if self.each else "target"
        until = until_phrase(self.this_turn, self.duration, vocab)
        return (
            f"make {article(_stat_words(self.stat))} {self.strength} attack against "
            f"{against} {vocab.card_type(self.what)}{until}"
        )


@dataclass(frozen=True, slots=True)
class MayBeTargeted(Clause):
    """Enemy cards of type ``what`` -- with the keyword ``keyword``, at this card of type
    ``at`` -- may be targeted, which the keyword (or a rule) forbids elsewhere: ``Enemy Stealth
    units at this planet may be targeted``."""

    what: str
    keyword: str | None = None
    at: str | None = None

    def __post_init__(self) -> None:
        check_type(self.what, "cards that may be targeted are of")
        if self.keyword is not None and (not isinstance(self.keyword, str) or not self.keyword):
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")
        if self.at is not None:
            check_type(self.at, "cards may be targeted at")

    def phrase(self, vocab: Vocabulary) -> str:
        keyword = f"{vocab.keyword(self.keyword)} " if self.keyword else ""
        at = f" at this {vocab.card_type(self.at)}" if self.at else ""
        return f"enemy {keyword}{vocab.card_types_plural(self.what)}{at} may be targeted"


@dataclass(frozen=True, slots=True)
class MoveWithout(Clause):
    """This card (of type ``what``) moves between cards of type ``between`` without a card
    with the keyword that moving there needs: ``This mech may move between planets without
    a Transport``."""

    what: str
    between: str
    keyword: str

    def __post_init__(self) -> None:
        check_type(self.what, "a card that moves is of")
        check_type(self.between, "cards move between cards of")
        if not isinstance(self.keyword, str) or not self.keyword:
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        return (
            f"this {vocab.card_type(self.what)} may move between "
            f"{vocab.card_types_plural(self.between)} without "
            f"{article(vocab.keyword(self.keyword))}"
        )


@dataclass(frozen=True, slots=True)
class PlayOnlyDuring(Clause):
    """The card may be played only during your, or your opponent's (``opponents``), or anyone's
    (``anyone``) turn or span of the game (``span``; '' for the turn): ``Play only during your
    opponent's combat step``, ``Play only during a run``."""

    span: str = ""
    opponents: bool = False
    anyone: bool = False
    """During anyone's span, as "Play only during a run" says."""

    def __post_init__(self) -> None:
        if not isinstance(self.span, str) or self.span != self.span.strip():
            raise ValueError(f"a span must be an id, not {self.span!r}")
        if self.anyone and self.opponents:
            raise ValueError("a span of anyone's is not only the opponents'")

    def phrase(self, vocab: Vocabulary) -> str:
        span = vocab.span(self.span) if self.span else "turn"
        if self.anyone:
            return f"play only during {article(span)}"
        whose = "your opponent's" if self.opponents else "your"
        return f"play only during {whose} {span}"


@dataclass(frozen=True, slots=True)
class ReplaceAll(Clause):
    """All ``n`` cards in play of type ``what`` are replaced by ``n`` others of the type whose
    enum field ``field`` has another value: ``Replace all three environments with three
    environments of another world``."""

    what: str
    n: int
    field: str

    def __post_init__(self) -> None:
        check_type(self.what, "cards replaced are of")
        check_at_least("the number of cards to replace", self.n, 1)
        if not isinstance(self.field, str) or not self.field or self.field != self.field.strip():
            raise ValueError(f"a field must be a field name, not {self.field!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        cards = f"{number_word(self.n)} {vocab.card_types_plural(self.what)}"
        return f"replace all {cards} with {cards} of another {self.field.replace('_', ' ')}"

"""Clauses on cards in play: keywords used and granted, cards created, damage, stats changed or
set, actions forbidden, cards revealed, control taken, cards put into play, discards by type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from cardkit.effects.node import (
    Clause,
    article,
    check_at_least,
    check_kinds,
    check_type,
    kinds_phrase,
)
from cardkit.effects.spans import check_lasts, until_phrase
from cardkit.effects.vocab import Vocabulary
from cardkit.effects.zones import check_zone, zone_phrase, zone_words

_ARG_FORBIDDEN = frozenset("(){}/\n")


@dataclass(frozen=True, slots=True)
class KeywordUse(Clause):
    """A keyword of the game, with its parameters: ``Walled``, ``Transport(2)``,
    ``Produces(2/1)``. Whole numbers are ints; any other parameter is kept as written (the
    checks, not the parser, say whether it suits the keyword's declared parameters)."""

    keyword: str
    args: tuple[int | str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.keyword, str) or not self.keyword:
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")
        for arg in self.args:
            if isinstance(arg, bool) or not isinstance(arg, int | str):
                raise ValueError(f"a keyword parameter is a number or words, not {arg!r}")
            if isinstance(arg, int):
                check_at_least("a keyword's number", arg, 0)
            elif arg != arg.strip() or not arg or arg.isdigit() or _ARG_FORBIDDEN & set(arg):
                raise ValueError(f"a keyword parameter cannot be written {arg!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        name = vocab.keyword(self.keyword)
        if not self.args:
            return name
        return f"{name}({'/'.join(str(arg) for arg in self.args)})"


@dataclass(frozen=True, slots=True)
class CreateCard(Clause):
    """Bring ``n`` copies of the card (or token) named ``name`` into play, or into a zone:
    ``Create a "Zergling"``, ``Create 2 "Spark" into your hand``. The name is the card's as
    printed; the references check holds it against the set."""

    name: str
    n: int = 1
    zone: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name != self.name.strip() or not self.name:
            raise ValueError(f"a card name must be written as printed, not {self.name!r}")
        if set(self.name) & set('"{}\n\u201c\u201d'):
            raise ValueError(
                f"a card name cannot hold quotes, braces or line breaks: {self.name!r}"
            )
        check_at_least("the number of cards to create", self.n, 1)
        if self.zone is not None:
            check_zone(self.zone)

    def phrase(self, vocab: Vocabulary) -> str:
        count = "a" if self.n == 1 else str(self.n)
        into = f" into {' '.join(zone_words(self.zone, vocab))}" if self.zone else ""
        return f'create {count} "{self.name}"{into}'


@dataclass(frozen=True, slots=True)
class DealDamage(Clause):
    """Damage to a card in play of type ``what``: ``Deal 2 damage to target mech``,
    ``Deal 1D6 damage to each enemy unit``. With ``sides``, ``amount`` dice of that many
    sides are rolled and added."""

    amount: int
    what: str
    sides: int | None = None
    each: bool = False

    def __post_init__(self) -> None:
        check_at_least("an amount of damage", self.amount, 1)
        if self.sides is not None:
            check_at_least("a die's sides", self.sides, 2)
        if not isinstance(self.what, str) or not self.what:
            raise ValueError(f"damage needs a card type id, not {self.what!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        amount = f"{self.amount}D{self.sides}" if self.sides else str(self.amount)
        if self.each:
            target = f"each enemy {vocab.card_type(self.what)}"
        else:
            target = f"target {vocab.card_type(self.what)}"
        return f"deal {amount} damage to {target}"


@dataclass(frozen=True, slots=True)
class GrantKeyword(Clause):
    """A card in play of type ``what`` gains a keyword, for good or (``this_turn``) until
    the end of the turn: ``Target unit gains Stealth``, ``... gains Fast(2) this turn``."""

    what: str
    keyword: KeywordUse
    this_turn: bool = False
    duration: str = ""
    """A span id of the game's ``spans`` it lasts instead ('battle'); '' for the turn or for
    good."""

    def __post_init__(self) -> None:
        if not isinstance(self.what, str) or not self.what:
            raise ValueError(f"a keyword is granted to a card type id, not {self.what!r}")
        if not isinstance(self.keyword, KeywordUse):
            raise ValueError(f"what is granted is a keyword, not {self.keyword!r}")
        check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = until_phrase(self.this_turn, self.duration, vocab)
        return f"target {vocab.card_type(self.what)} gains {self.keyword.phrase(vocab)}{until}"


Scope = Literal["target", "your", "enemy"]
SCOPES: tuple[Scope, ...] = get_args(Scope)
STATES: tuple[str, ...] = ("attacking", "blocking")
"""What a card in play may be doing, as text narrows a target: 'target blocking unit'."""
ACTIONS: tuple[str, ...] = ("attack", "block", "move")
"""What a card in play may be forbidden to do: 'target unit cannot attack'."""


@dataclass(frozen=True, slots=True)
class ModifyStat(Clause):
    """A whole-number field of cards in play changes by ``delta``: of a target card, or of
    all your or all enemy cards of the type; for good or (``this_turn``) for the turn.
    ``Target infantry gets +2 attack this turn``, ``All enemy units get -1 force``."""

    what: str
    stat: str
    delta: int
    scope: Scope = "target"
    this_turn: bool = False
    duration: str = ""
    """A span id of the game's ``spans`` it lasts instead ('battle'); '' for the turn or for
    good."""
    state: str = ""
    """What the target card is doing, of ``STATES`` ('blocking'); '' for any."""

    def __post_init__(self) -> None:
        check_lasts(self.this_turn, self.duration)
        if self.state and (self.state not in STATES or self.scope != "target"):
            raise ValueError(f"a state ({STATES}) narrows a target card, not {self.state!r}")
        if not isinstance(self.what, str) or not self.what:
            raise ValueError(f"a stat changes on a card type id, not {self.what!r}")
        if not isinstance(self.stat, str) or not self.stat or self.stat != self.stat.strip():
            raise ValueError(f"a stat must be a field name, not {self.stat!r}")
        if not isinstance(self.delta, int) or isinstance(self.delta, bool) or self.delta == 0:
            raise ValueError(f"a stat changes by a whole number other than 0, not {self.delta!r}")
        if self.scope not in SCOPES:
            raise ValueError(f"unknown scope {self.scope!r} (expected one of {SCOPES})")

    def phrase(self, vocab: Vocabulary) -> str:
        until = until_phrase(self.this_turn, self.duration, vocab)
        change = f"{self.delta:+d} {self.stat.replace('_', ' ')}"
        if self.scope == "target":
            state = f"{self.state} " if self.state else ""
            return f"target {state}{vocab.card_type(self.what)} gets {change}{until}"
        whose = "your" if self.scope == "your" else "enemy"
        return f"all {whose} {vocab.card_types_plural(self.what)} get {change}{until}"


@dataclass(frozen=True, slots=True)
class Cannot(Clause):
    """A target card in play may not do an action of ``ACTIONS``, for good or for a span:
    ``Target unit cannot attack this battle``."""

    what: str
    action: str
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        check_type(self.what, "a card that cannot act is of")
        if self.action not in ACTIONS:
            raise ValueError(f"unknown action {self.action!r} (expected one of {ACTIONS})")
        check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = until_phrase(self.this_turn, self.duration, vocab)
        return f"target {vocab.card_type(self.what)} cannot {self.action}{until}"


@dataclass(frozen=True, slots=True)
class SetStat(Clause):
    """A whole-number field of the card itself (of type ``what``), or of the card an effect
    card is played on (``what`` None), becomes ``value``, or is halved (``value`` None):
    ``This unit's range is 1``, ``The affected card's range is halved``."""

    what: str | None
    stat: str
    value: int | None = None

    def __post_init__(self) -> None:
        if self.what is not None:
            check_type(self.what, "a stat is set on")
        if not isinstance(self.stat, str) or not self.stat or self.stat != self.stat.strip():
            raise ValueError(f"a stat must be a field name, not {self.stat!r}")
        if self.value is not None:
            check_at_least("a stat's new value", self.value, 0)

    def phrase(self, vocab: Vocabulary) -> str:
        becomes = "halved" if self.value is None else str(self.value)
        owner = "the affected card" if self.what is None else f"this {vocab.card_type(self.what)}"
        return f"{owner}'s {self.stat.replace('_', ' ')} is {becomes}"


@dataclass(frozen=True, slots=True)
class Reveal(Clause):
    """Every card with the keyword is revealed, everywhere or at a target card of type
    ``at``: ``Reveal every Cloaked card``, ``Reveal every Hidden card at target planet``."""

    keyword: str
    at: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.keyword, str) or not self.keyword:
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")
        if self.at is not None:
            check_type(self.at, "cards are revealed at")

    def phrase(self, vocab: Vocabulary) -> str:
        where = f" at target {vocab.card_type(self.at)}" if self.at else ""
        return f"reveal every {vocab.keyword(self.keyword)} card{where}"


@dataclass(frozen=True, slots=True)
class TakeControl(Clause):
    """You take control of a target card in play of type ``what``, but not one with the
    keyword ``excluding``: ``Take control of target non-Leader unit``."""

    what: str
    excluding: str | None = None

    def __post_init__(self) -> None:
        check_type(self.what, "control is taken of")
        if self.excluding is not None and (
            not isinstance(self.excluding, str) or not self.excluding
        ):
            raise ValueError(f"a keyword must be an id, not {self.excluding!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        non = f"non-{vocab.keyword(self.excluding)} " if self.excluding else ""
        return f"take control of target {non}{vocab.card_type(self.what)}"


@dataclass(frozen=True, slots=True)
class PutIntoPlay(Clause):
    """Put a card of the types ``what`` from zone ``source`` into play, perhaps at the card
    of type ``at`` this card is at: ``Put a ship from your hand into play at this planet``."""

    what: tuple[str, ...]
    source: str
    at: str | None = None

    def __post_init__(self) -> None:
        check_kinds(self.what)
        check_zone(self.source)
        if self.at is not None:
            check_type(self.at, "a card is put into play at")

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = article(kinds_phrase(self.what, vocab))
        here = f" at this {vocab.card_type(self.at)}" if self.at else ""
        return f"put {kinds} from {zone_phrase(self.source, vocab)} into play{here}"


@dataclass(frozen=True, slots=True)
class OpponentDiscardsKinds(Clause):
    """Target opponent discards ``n`` cards of the types ``what``, which they choose:
    ``Target opponent discards 10 troops or buildings of their choice``."""

    n: int
    what: tuple[str, ...]

    def __post_init__(self) -> None:
        check_at_least("the number of cards to discard", self.n, 1)
        if not self.what:
            raise ValueError("the cards to discard need at least one card type")
        check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n == 1:
            kinds = article(kinds_phrase(self.what, vocab))
        else:
            kinds = f"{self.n} " + " or ".join(vocab.card_types_plural(k) for k in self.what)
        return f"target opponent discards {kinds} of their choice"

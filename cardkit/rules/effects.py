"""The effect vocabulary: frozen values whose canonical text is their ``str``.

An ability is a trigger and an effect. Effects nest in three levels, and the levels are what
keep the text unambiguous (so that parsing ``str(effect)`` gives ``effect`` back):

- a *clause* is one verb phrase: ``Gain 2 Gold``, ``draw a card``, ``you may scrap a card in
  your hand``;
- a *chain* joins clauses in one sentence with "and" (``And``), ", then" (``Then``) or "or"
  (``Choice``); a chain never holds another chain;
- a *sentence* is a clause, a chain, or ``If <condition>, <chain>``; a ``Sequence`` is two or
  more sentences.

Values hold ids (resource, faction and card type ids), never display names, so that they
compare by meaning. Rendering needs the names: ``effect.text(vocab)`` renders with any
``Vocabulary``, and ``str(effect)`` renders with the vocabulary the parser captured in the
value (``vocab``, which like ``pos`` takes no part in comparison). Without a captured
vocabulary, ids are shown as they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Literal, get_args

from cardkit.rules.vocab import NO_NAMES, Vocabulary

Zone = str
"""A zone id of the game's ``zones`` (game.yaml): 'hand', 'discard'."""
Destination = str
"""Where a card goes: a zone id, 'top-of-<zone id>', or 'discard' (the default, unsaid)."""

# How effects built without a game's vocabulary name a player's own generic zones; every
# other zone (game.yaml 'zones') is named by the game's vocabulary.
_ZONE_WORDS: Mapping[str, tuple[str, str]] = {
    "hand": ("your", "hand"),
    "discard": ("your", "discard pile"),
    "deck": ("your", "deck"),
}
DECK = "deck"
"""The id of the zone that 'on top of your deck' names; a game's deck zone has this id."""
TOP_OF = "top-of-"
"""A destination on top of a zone: 'top-of-deck'."""


def _destination(destination: str, vocab: Vocabulary) -> str:
    if destination == "discard":
        return ""
    if destination.startswith(TOP_OF):
        return " and put it on top of " + _zone(destination[len(TOP_OF) :], vocab)
    return " and put it into " + _zone(destination, vocab)


def _zone(zone: str, vocab: Vocabulary) -> str:
    return " ".join(zone_words(zone, vocab))


def zone_words(zone: str, vocab: Vocabulary) -> tuple[str, str]:
    """A zone's owner word and name: ('your', 'discard pile'), ('the', 'trade row')."""
    return vocab.zone(zone) or _ZONE_WORDS.get(zone) or ("your", zone)


def _check_zone(zone: object) -> None:
    if not isinstance(zone, str) or not zone:
        raise ValueError(f"a zone must be an id, not {zone!r}")


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


# -- helpers --------------------------------------------------------------------------------


def _sentence(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] + "."


def _at_least(what: str, value: object, minimum: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{what} must be a whole number of at least {minimum}, not {value!r}")


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


_SOUNDS_LIKE_YOU = ("uni", "use", "usu", "uti", "eu")


def _article(noun: str) -> str:
    """'a' or 'an' before a noun, by its spelling ('an ally', 'a unit')."""
    lower = noun.lower()
    vowel = lower[:1] in "aeiou" and not lower.startswith(_SOUNDS_LIKE_YOU)
    return ("an " if vowel else "a ") + noun


def _check_amounts(amounts: tuple[tuple[str, int], ...], needs: str, amount: str) -> None:
    if not amounts:
        raise ValueError(f"{needs} at least one amount")
    for resource, n in amounts:
        if not isinstance(resource, str) or not resource:
            raise ValueError(f"a resource must be an id, not {resource!r}")
        _at_least(amount, n, 0)


def _kinds(what: tuple[str, ...], vocab: Vocabulary) -> str:
    """'card' for any card, else the card types joined by 'or': 'unit or relic'."""
    if not what:
        return "card"
    return " or ".join(vocab.card_type(kind) for kind in what)


def _check_kinds(what: tuple[str, ...]) -> None:
    if len(set(what)) != len(what) or not all(isinstance(k, str) and k for k in what):
        raise ValueError(f"card types must be distinct ids, not {what!r}")


def _amounts(amounts: tuple[tuple[str, int], ...], vocab: Vocabulary) -> str:
    parts = [f"{n} {vocab.resource(resource)}" for resource, n in amounts]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


# -- effects --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect(Node):
    """Something an ability does."""


@dataclass(frozen=True, slots=True)
class Clause(Effect):
    """One verb phrase: the unit that chains join."""


@dataclass(frozen=True, slots=True)
class Gain(Clause):
    """Gain amounts of resources: ``Gain 4 Gold, 1 Wood and 5 Stone``."""

    amounts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        _check_amounts(self.amounts, "gain needs", "an amount to gain")

    def phrase(self, vocab: Vocabulary) -> str:
        return "gain " + _amounts(self.amounts, vocab)


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
        _at_least("the number of cards to draw", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "draw " + _cards(self.n)


@dataclass(frozen=True, slots=True)
class Discard(Clause):
    """You discard ``n`` cards, or any number of them (``n`` is None)."""

    n: int | None = 1

    def __post_init__(self) -> None:
        if self.n is not None:
            _at_least("the number of cards to discard", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "discard " + ("any number of cards" if self.n is None else _cards(self.n))


@dataclass(frozen=True, slots=True)
class OpponentDiscards(Clause):
    n: int = 1

    def __post_init__(self) -> None:
        _at_least("the number of cards to discard", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        return "target opponent discards " + _cards(self.n)


@dataclass(frozen=True, slots=True)
class ScrapCards(Clause):
    """Scrap up to ``up_to`` cards from the zones; ``optional`` adds "you may"."""

    up_to: int
    zones: tuple[Zone, ...]
    optional: bool = False

    def __post_init__(self) -> None:
        _at_least("the number of cards to scrap", self.up_to, 1)
        if not self.zones or len(set(self.zones)) != len(self.zones):
            raise ValueError(f"zones must be distinct and at least one, not {self.zones!r}")
        for zone in self.zones:
            _check_zone(zone)

    def phrase(self, vocab: Vocabulary) -> str:
        count = "a card" if self.up_to == 1 else f"up to {self.up_to} cards"
        joiner = " or " if self.up_to == 1 else " and/or "
        parts, previous = [], ""
        for zone in self.zones:
            determiner, noun = zone_words(zone, vocab)
            parts.append(noun if determiner == previous else f"{determiner} {noun}")
            previous = determiner
        may = "you may " if self.optional else ""
        return f"{may}scrap {count} in {joiner.join(parts)}"


@dataclass(frozen=True, slots=True)
class AcquireFree(Clause):
    """Acquire a card (of the card types ``what``; any card when empty) for free."""

    max_cost: int
    what: tuple[str, ...] = ()
    destination: Destination = "discard"
    """'discard' (the default), 'top-of-deck', or the id of the zone it is put into."""

    def __post_init__(self) -> None:
        _at_least("the highest cost", self.max_cost, 0)
        _check_kinds(self.what)
        _check_zone(self.destination)

    def phrase(self, vocab: Vocabulary) -> str:
        return (
            f"acquire {_article(_kinds(self.what, vocab))} of cost {self.max_cost} or less "
            f"for free{_destination(self.destination, vocab)}"
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
        _check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = _kinds(self.what, vocab)
        return f"put the next {kinds} you acquire this turn on top of {_zone(DECK, vocab)}"


@dataclass(frozen=True, slots=True)
class PutFromDiscardOnTop(Clause):
    """Put a card of the types ``what`` from the discard pile on top of the deck."""

    what: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = _article(_kinds(self.what, vocab))
        return f"put {kinds} from {_zone('discard', vocab)} on top of {_zone(DECK, vocab)}"


@dataclass(frozen=True, slots=True)
class PutOnTop(Clause):
    """Put a card of the types ``what`` from zone ``source`` on top of zone ``target``
    (from the discard pile to the deck is ``PutFromDiscardOnTop``)."""

    what: tuple[str, ...]
    source: str
    target: str

    def __post_init__(self) -> None:
        _check_kinds(self.what)
        _check_zone(self.source)
        _check_zone(self.target)
        if (self.source, self.target) == ("discard", DECK):
            raise ValueError("from the discard pile to the deck is PutFromDiscardOnTop")

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = _article(_kinds(self.what, vocab))
        return f"put {kinds} from {_zone(self.source, vocab)} on top of {_zone(self.target, vocab)}"


@dataclass(frozen=True, slots=True)
class CopyAnother(Clause):
    """Copy another card of the types ``what`` played this turn."""

    what: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        return f"copy another {_kinds(self.what, vocab)} you have played this turn"


@dataclass(frozen=True, slots=True)
class AllyForAllFactions(Clause):
    def phrase(self, vocab: Vocabulary) -> str:
        return "this card counts as an ally for all factions"


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
class ScrappedThisTurn(Counted):
    including_this: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        tail = ", including this one" if self.including_this else ""
        return "card you have scrapped this turn" + tail


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
                _at_least("a keyword's number", arg, 0)
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
        _at_least("the number of cards to create", self.n, 1)
        if self.zone is not None:
            _check_zone(self.zone)

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
        _at_least("an amount of damage", self.amount, 1)
        if self.sides is not None:
            _at_least("a die's sides", self.sides, 2)
        if not isinstance(self.what, str) or not self.what:
            raise ValueError(f"damage needs a card type id, not {self.what!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        amount = f"{self.amount}D{self.sides}" if self.sides else str(self.amount)
        if self.each:
            target = f"each enemy {vocab.card_type(self.what)}"
        else:
            target = f"target {vocab.card_type(self.what)}"
        return f"deal {amount} damage to {target}"


def _check_lasts(this_turn: object, duration: object) -> None:
    if not isinstance(duration, str) or duration != duration.strip():
        raise ValueError(f"a span must be an id, not {duration!r}")
    if this_turn and duration:
        raise ValueError(f"an effect lasts this turn or this {duration}, not both")


def _until(this_turn: bool, duration: str, vocab: Vocabulary) -> str:
    """' this turn', ' this battle' (a span the game declares), or '' (for good)."""
    if this_turn:
        return " this turn"
    return f" this {vocab.span(duration)}" if duration else ""


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
        _check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = _until(self.this_turn, self.duration, vocab)
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
        _check_lasts(self.this_turn, self.duration)
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
        until = _until(self.this_turn, self.duration, vocab)
        change = f"{self.delta:+d} {self.stat.replace('_', ' ')}"
        if self.scope == "target":
            state = f"{self.state} " if self.state else ""
            return f"target {state}{vocab.card_type(self.what)} gets {change}{until}"
        whose = "your" if self.scope == "your" else "enemy"
        return f"all {whose} {vocab.card_types_plural(self.what)} get {change}{until}"


def _check_type(what: object, role: str) -> None:
    if not isinstance(what, str) or not what:
        raise ValueError(f"{role} a card type id, not {what!r}")


@dataclass(frozen=True, slots=True)
class Cannot(Clause):
    """A target card in play may not do an action of ``ACTIONS``, for good or for a span:
    ``Target unit cannot attack this battle``."""

    what: str
    action: str
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        _check_type(self.what, "a card that cannot act is of")
        if self.action not in ACTIONS:
            raise ValueError(f"unknown action {self.action!r} (expected one of {ACTIONS})")
        _check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = _until(self.this_turn, self.duration, vocab)
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
            _check_type(self.what, "a stat is set on")
        if not isinstance(self.stat, str) or not self.stat or self.stat != self.stat.strip():
            raise ValueError(f"a stat must be a field name, not {self.stat!r}")
        if self.value is not None:
            _at_least("a stat's new value", self.value, 0)

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
            _check_type(self.at, "cards are revealed at")

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
        _check_type(self.what, "control is taken of")
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
        _check_kinds(self.what)
        _check_zone(self.source)
        if self.at is not None:
            _check_type(self.at, "a card is put into play at")

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = _article(_kinds(self.what, vocab))
        here = f" at this {vocab.card_type(self.at)}" if self.at else ""
        return f"put {kinds} from {_zone(self.source, vocab)} into play{here}"


@dataclass(frozen=True, slots=True)
class OpponentDiscardsKinds(Clause):
    """Target opponent discards ``n`` cards of the types ``what``, which they choose:
    ``Target opponent discards 10 troops or buildings of their choice``."""

    n: int
    what: tuple[str, ...]

    def __post_init__(self) -> None:
        _at_least("the number of cards to discard", self.n, 1)
        if not self.what:
            raise ValueError("the cards to discard need at least one card type")
        _check_kinds(self.what)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n == 1:
            kinds = _article(_kinds(self.what, vocab))
        else:
            kinds = f"{self.n} " + " or ".join(vocab.card_types_plural(k) for k in self.what)
        return f"target opponent discards {kinds} of their choice"


def _plural_kinds(what: tuple[str, ...], vocab: Vocabulary) -> str:
    """'cards' for any card, else the plurals of the card types joined by 'or'."""
    if not what:
        return "cards"
    return " or ".join(vocab.card_types_plural(kind) for kind in what)


def _check_span(this_turn: bool, duration: str, what: str) -> None:
    _check_lasts(this_turn, duration)
    if not this_turn and not duration:
        raise ValueError(f"{what} needs 'this turn' or a span of the game")


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
            _check_kinds(self.what)
        _check_zone(self.source)
        _check_zone(self.target)
        if self.source == self.target:
            raise ValueError(f"a card is put into another zone, not back into {self.source!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        moved = "this card" if self.what is None else _article(_kinds(self.what, vocab))
        return f"put {moved} from {_zone(self.source, vocab)} into {_zone(self.target, vocab)}"


@dataclass(frozen=True, slots=True)
class PutBackIntoPlay(Clause):
    """The card of type ``what`` destroyed last (this turn, or in a span of the game) comes
    back into play: ``Put the unit just destroyed in this battle back into play``."""

    what: str
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        _check_type(self.what, "a card put back into play is of")
        _check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        until = _until(self.this_turn, self.duration, vocab)
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
        _check_type(self.what, "a place is a card of")

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
        _check_kinds(self.what)
        if not isinstance(self.source, Place) or not isinstance(self.target, Place):
            raise ValueError("cards move between places (target or adjacent cards)")
        if self.source.adjacent:
            raise ValueError("cards move from a target card, to it or to an adjacent one")
        if self.n is not None:
            _at_least("the number of cards to move", self.n, 1)
            if self.yours:
                raise ValueError("'your' narrows 'any number of' cards to move")

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n is None:
            yours = "your " if self.yours else ""
            moved = f"any number of {yours}{_plural_kinds(self.what, vocab)}"
        elif self.n == 1:
            moved = _article(_kinds(self.what, vocab))
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
        _at_least("the number of counters to remove", self.n, 1)
        _check_type(self.what, "counters are removed from")

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
        _check_span(self.this_turn, self.duration, "ending")

    def phrase(self, vocab: Vocabulary) -> str:
        now = " immediately" if self.immediately else ""
        return f"end{_until(self.this_turn, self.duration, vocab)}{now}"


@dataclass(frozen=True, slots=True)
class DrawKind(Clause):
    """Draw ``n`` cards of the type ``what`` (from where the game keeps them): ``Draw a
    unit``, ``Draw 2 relics``."""

    what: str
    n: int = 1

    def __post_init__(self) -> None:
        _check_type(self.what, "cards drawn are of")
        _at_least("the number of cards to draw", self.n, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.n == 1:
            return "draw " + _article(vocab.card_type(self.what))
        return f"draw {self.n} {vocab.card_types_plural(self.what)}"


@dataclass(frozen=True, slots=True)
class Joins(Clause):
    """The card the sentence before named takes part in the turn, or in a span of the
    game, already under way: ``Draw a unit. It joins this battle``."""

    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        _check_span(self.this_turn, self.duration, "joining")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"it joins{_until(self.this_turn, self.duration, vocab)}"


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
        _at_least("an attack's strength", self.strength, 0)
        _check_type(self.what, "an attack is made against")
        _check_lasts(self.this_turn, self.duration)

    def phrase(self, vocab: Vocabulary) -> str:
        against = "each enemy" if self.each else "target"
        until = _until(self.this_turn, self.duration, vocab)
        return (
            f"make {_article(_stat_words(self.stat))} {self.strength} attack against "
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
        _check_type(self.what, "cards that may be targeted are of")
        if self.keyword is not None and (not isinstance(self.keyword, str) or not self.keyword):
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")
        if self.at is not None:
            _check_type(self.at, "cards may be targeted at")

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
        _check_type(self.what, "a card that moves is of")
        _check_type(self.between, "cards move between cards of")
        if not isinstance(self.keyword, str) or not self.keyword:
            raise ValueError(f"a keyword must be an id, not {self.keyword!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        return (
            f"this {vocab.card_type(self.what)} may move between "
            f"{vocab.card_types_plural(self.between)} without "
            f"{_article(vocab.keyword(self.keyword))}"
        )


@dataclass(frozen=True, slots=True)
class PlayOnlyDuring(Clause):
    """The card may be played only during your, or your opponent's (``opponents``), turn or
    span of the game (``span``; '' for the turn): ``Play only during your opponent's combat
    step``."""

    span: str = ""
    opponents: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.span, str) or self.span != self.span.strip():
            raise ValueError(f"a span must be an id, not {self.span!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        whose = "your opponent's" if self.opponents else "your"
        span = vocab.span(self.span) if self.span else "turn"
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
        _check_type(self.what, "cards replaced are of")
        _at_least("the number of cards to replace", self.n, 1)
        if not isinstance(self.field, str) or not self.field or self.field != self.field.strip():
            raise ValueError(f"a field must be a field name, not {self.field!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        cards = f"{number_word(self.n)} {vocab.card_types_plural(self.what)}"
        return f"replace all {cards} with {cards} of another {self.field.replace('_', ' ')}"


def _check_clauses(kind: str, items: tuple[Effect, ...]) -> None:
    if len(items) < 2:
        raise ValueError(f"{kind} joins at least two clauses, not {len(items)}")
    for item in items:
        if not isinstance(item, Clause):
            raise ValueError(f"{kind} joins single clauses, not {type(item).__name__}")


@dataclass(frozen=True, slots=True)
class And(Effect):
    """Clauses done together, in one sentence: ``Gain 2 Stone and draw a card``."""

    effects: tuple[Clause, ...]

    def __post_init__(self) -> None:
        _check_clauses("'and'", self.effects)

    def phrase(self, vocab: Vocabulary) -> str:
        return " and ".join(effect.phrase(vocab) for effect in self.effects)


@dataclass(frozen=True, slots=True)
class Then(Effect):
    """Clauses done in order, in one sentence: ``Draw a card, then discard a card``."""

    effects: tuple[Clause, ...]

    def __post_init__(self) -> None:
        _check_clauses("', then'", self.effects)

    def phrase(self, vocab: Vocabulary) -> str:
        return ", then ".join(effect.phrase(vocab) for effect in self.effects)


@dataclass(frozen=True, slots=True)
class Choice(Effect):
    """One of the options: ``Gain 1 Gold or 3 Stone``, ``Gain 3 Gold or draw a card``.

    An option that gains, after an option that gains, is written without its verb.
    """

    options: tuple[Clause, ...]

    def __post_init__(self) -> None:
        _check_clauses("'or'", self.options)

    def phrase(self, vocab: Vocabulary) -> str:
        parts: list[str] = []
        previous: Clause | None = None
        for option in self.options:
            if type(option) is Gain and type(previous) is Gain:
                parts.append(_amounts(option.amounts, vocab))
            else:
                parts.append(option.phrase(vocab))
            previous = option
        return " or ".join(parts)


@dataclass(frozen=True, slots=True)
class Condition(Node):
    """What a ``Conditional`` asks."""


@dataclass(frozen=True, slots=True)
class InPlay(Condition):
    """``you have two or more buildings in play``."""

    what: str
    at_least: int = 1

    def __post_init__(self) -> None:
        _at_least("the number of cards in play", self.at_least, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.at_least == 1:
            return f"you have {_article(vocab.card_type(self.what))} in play"
        plural = vocab.card_types_plural(self.what)
        return f"you have {number_word(self.at_least)} or more {plural} in play"


@dataclass(frozen=True, slots=True)
class IfYouDo(Condition):
    """``If you do``: the sentence before it was done."""

    def phrase(self, vocab: Vocabulary) -> str:
        return "you do"


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    """``If <condition>, <chain>``."""

    condition: Condition
    effect: Chain

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Clause | And | Then | Choice):
            raise ValueError(f"a condition governs one chain, not {type(self.effect).__name__}")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"if {self.condition.phrase(vocab)}, {self.effect.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class AtEndOf(Effect):
    """A delayed trigger: ``At the end of this turn, <chain>``, or of a span of the game."""

    effect: Chain
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Clause | And | Then | Choice):
            raise ValueError(f"a delayed trigger does one chain, not {type(self.effect).__name__}")
        _check_span(self.this_turn, self.duration, "a delayed trigger")

    def phrase(self, vocab: Vocabulary) -> str:
        when = _until(self.this_turn, self.duration, vocab)
        return f"at the end of{when}, {self.effect.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class Sequence(Effect):
    """Two or more sentences, done in order."""

    effects: tuple[Sentence, ...]

    def __post_init__(self) -> None:
        if len(self.effects) < 2:
            raise ValueError(f"a sequence holds at least two sentences, not {len(self.effects)}")
        for effect in self.effects:
            if not isinstance(effect, Clause | And | Then | Choice | Conditional | AtEndOf):
                raise ValueError(f"a sequence holds sentences, not {type(effect).__name__}")

    def phrase(self, vocab: Vocabulary) -> str:
        return ". ".join(effect.phrase(vocab) for effect in self.effects)

    def text(self, vocab: Vocabulary) -> str:
        return " ".join(effect.text(vocab) for effect in self.effects)


Chain = Clause | And | Then | Choice
Sentence = Chain | Conditional | AtEndOf

CLAUSES: tuple[type[Clause], ...] = (
    Gain,
    GainPerCost,
    Draw,
    Discard,
    OpponentDiscards,
    ScrapCards,
    AcquireFree,
    DestroyTarget,
    NextAcquireOnTop,
    PutFromDiscardOnTop,
    CopyAnother,
    AllyForAllFactions,
    Special,
    ForEach,
    KeywordUse,
    CreateCard,
    DealDamage,
    PutOnTop,
    GrantKeyword,
    ModifyStat,
    Cannot,
    SetStat,
    Reveal,
    TakeControl,
    OpponentDiscardsKinds,
    PutIntoPlay,
    PutInto,
    PutBackIntoPlay,
    MoveCards,
    RemoveCounters,
    EndSpan,
    DrawKind,
    Joins,
    MakeAttack,
    MayBeTargeted,
    MoveWithout,
    PlayOnlyDuring,
    ReplaceAll,
)
"""The closed vocabulary of clauses."""

EFFECTS: tuple[type[Effect], ...] = (
    *CLAUSES,
    And,
    Then,
    Choice,
    Conditional,
    AtEndOf,
    Sequence,
)
"""Every kind of effect."""


# -- abilities ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    """When an ability happens."""

    def label(self, vocab: Vocabulary) -> str:
        """The words before the colon ('' for a primary ability)."""
        raise NotImplementedError(type(self).__name__)

    def phrase(self, vocab: Vocabulary) -> str:
        return self.label(vocab)

    def text(self, vocab: Vocabulary) -> str:
        return self.label(vocab)


@dataclass(frozen=True, slots=True)
class Primary(Trigger):
    """When the card is played (every turn, for a card that stays in play)."""

    def label(self, vocab: Vocabulary) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Ally(Trigger):
    """When another card of ``faction`` is in play (``double``: two others)."""

    faction: str
    double: bool = False

    def label(self, vocab: Vocabulary) -> str:
        name = f"{vocab.faction(self.faction)} Ally"
        return f"Double {name}" if self.double else name


@dataclass(frozen=True, slots=True)
class OnScrap(Trigger):
    """When the player scraps the card."""

    def label(self, vocab: Vocabulary) -> str:
        return "Scrap"


@dataclass(frozen=True, slots=True)
class AbilityCost(Trigger):
    """When the player pays the cost, from the card's own counters: ``(2)P``, ``(1)P(3)R``."""

    costs: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        _check_amounts(self.costs, "an ability cost needs", "an ability's cost")

    def label(self, vocab: Vocabulary) -> str:
        return "".join(vocab.cost(resource, n) for resource, n in self.costs)


PRIMARY = Primary()
ON_SCRAP = OnScrap()


@dataclass(frozen=True, slots=True)
class Ability(Node):
    """One line of rules text: a trigger and an effect."""

    trigger: Trigger
    effect: Effect

    def phrase(self, vocab: Vocabulary) -> str:
        return self.text(vocab)

    def text(self, vocab: Vocabulary) -> str:
        label = self.trigger.label(vocab)
        body = self.effect.text(vocab)
        return f"{label}: {body}" if label else body


def walk(node: Node) -> Iterator[Node]:
    """``node`` and every node inside it, depth first, in the order the text writes them."""
    yield node
    for spec in fields(node):
        if spec.name in ("pos", "vocab"):
            continue
        value = getattr(node, spec.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Node):
                yield from walk(item)

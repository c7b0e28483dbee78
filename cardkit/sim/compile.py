"""Effect values -> executors: each card's abilities compiled once into plain closures.

An executor is ``run(match, player) -> bool`` (whether it did something, for "If you do").
``EXECUTORS`` maps every effect class to the function that compiles it, ``CONDITIONS`` and
``COUNTERS`` do the same for conditions and counted things, and ``DEEDS`` for the one-off
effects a game maps to an engine deed (``play: specials``); tests fail when one of them misses
a class of ``effects.py``. Each handler takes its own class, and ``handles(Gain, _gain)``
pairs them in a table so that mypy checks the pair.
An effect no table knows is never skipped: ``unsupported`` names it, and the card is reported
(CK403) before any game starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from cardkit.effects import (
    Ability,
    AbilityCost,
    AcquireFree,
    And,
    AtEndOf,
    BanishCards,
    BanishedThisTurn,
    Bond,
    Cannot,
    Choice,
    Condition,
    Conditional,
    CopyAnother,
    Counted,
    CreateCard,
    DealDamage,
    DestroyTarget,
    Discard,
    DiscardedThisWay,
    Draw,
    DrawKind,
    Effect,
    EndSpan,
    EveryFaction,
    ForEach,
    Gain,
    GainPerCost,
    GrantKeyword,
    IfYouDo,
    InPlay,
    Joins,
    KeywordUse,
    MakeAttack,
    MayBeTargeted,
    ModifyStat,
    MoveCards,
    MoveWithout,
    NextAcquireOnTop,
    Node,
    OnBanish,
    OpponentDiscards,
    OpponentDiscardsKinds,
    PlayOnlyDuring,
    Primary,
    PutBackIntoPlay,
    PutFromDiscardOnTop,
    PutInto,
    PutIntoPlay,
    PutOnTop,
    RemoveCounters,
    ReplaceAll,
    Reveal,
    Sequence,
    SetStat,
    Special,
    TakeControl,
    Then,
    Trigger,
)
from cardkit.effects.core import (
    Act,
    Choose,
    Declared,
    Framed,
    Labelled,
    Note,
    Shorthand,
    Wording,
)
from cardkit.model import PlayZones
from cardkit.sim.actions import Worth
from cardkit.sim.coremoves import (
    Deed,
    DiscardHand,
    GainCard,
    GainCosting,
    NextTurn,
    Pick,
    RemoveCards,
    RemoveThis,
)
from cardkit.sim.deeds import (
    acquire_free,
    banish_cards,
    choose_option,
    copy_another,
    destroy_target,
    discard_from_hand,
    discard_hand,
    gain_named,
    opponent_discards,
    put_from_discard_on_top,
    remove_this,
)

if TYPE_CHECKING:
    from cardkit.sim.engine import Match

Exec = Callable[["Match", int], bool]


class Unsupported(Exception):
    """An effect, condition or trigger no executor table knows."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass(frozen=True, slots=True)
class Env:
    """The indices the executors use: resources by id, card types by id, faction bits."""

    resources: Mapping[str, int]
    life: int
    acquire: int
    attack: int
    factions: Mapping[str, int]  # faction id -> bit
    specials: Mapping[str, str] = field(default_factory=dict)  # special key -> name of DEEDS
    zones: PlayZones = field(default_factory=PlayZones)  # the game's ids of the engine's zones
    cards: Mapping[str, int] = field(default_factory=dict)  # card id -> index in the pool


N = TypeVar("N", bound=Node)
R = TypeVar("R")


def handles(
    cls: type[N], handler: Callable[[N, Env], R]
) -> tuple[type[N], Callable[[Node, Env], R]]:
    """An entry of a table of handlers by class (``EXECUTORS``, ``CONDITIONS``, ``COUNTERS``):
    ``handler`` takes the nodes of ``cls`` only, as its signature says, and the tables are
    looked up by ``type(node)``, so the check that narrows a node to its class never fails."""

    def handle(node: Node, env: Env) -> R:
        assert isinstance(node, cls)
        return handler(node, env)

    return cls, handle


def _compile(effect: Effect, env: Env) -> Exec:
    compiler = EXECUTORS.get(type(effect))
    if compiler is None:
        raise Unsupported(_named(effect))
    return compiler(effect, env)


_WRITTEN: tuple[type[Node], ...] = (Act, Framed, Choose, Wording, Shorthand)
"""The core's generic values (``effects/core.py``): one the engine cannot run is named with
its text, since its class alone ('Act') says nothing of what it does."""


def _named(node: Node) -> str:
    """How CK403 names an effect or condition the engine cannot run."""
    name = type(node).__name__
    if isinstance(node, _WRITTEN):
        return f"{name}: {str(node).rstrip('.')}"
    return name


def _gain(effect: Gain, env: Env) -> Exec:
    parts = tuple((env.resources[r], n) for r, n in effect.amounts)
    life = env.life

    def run(m: Match, p: int) -> bool:
        pool = m.pool
        for r, n in parts:
            if r == life:
                m.life[p] += n
            else:
                pool[r] += n
        return True

    if len(parts) == 1 and parts[0][0] != life:
        r0, n0 = parts[0]

        def run_one(m: Match, p: int) -> bool:
            m.pool[r0] += n0
            return True

        return run_one
    return run


def _gain_per_cost(effect: GainPerCost, env: Env) -> Exec:
    r = env.resources[effect.resource]
    life = env.life

    def run(m: Match, p: int) -> bool:
        if m.last_cost < 0:
            return False
        if r == life:
            m.life[p] += m.last_cost
        else:
            m.pool[r] += m.last_cost
        return True

    return run


def _draw(effect: Draw, env: Env) -> Exec:
    n = effect.n

    def run(m: Match, p: int) -> bool:
        return m.draw(p, n) > 0

    return run


def _discard(effect: Discard, env: Env) -> Exec:
    n = effect.n

    def run(m: Match, p: int) -> bool:
        return discard_from_hand(m, p, n) > 0

    return run


def _opponent_discards(effect: OpponentDiscards, env: Env) -> Exec:
    n = effect.n

    def run(m: Match, p: int) -> bool:
        did = False
        for q in m.others(p):
            did = opponent_discards(m, q, n) > 0 or did
        return did

    return run


def _banish_cards(effect: BanishCards, env: Env) -> Exec:
    up_to, zones, optional = effect.up_to, effect.zones, effect.optional

    def run(m: Match, p: int) -> bool:
        return banish_cards(m, p, up_to, zones, optional) > 0

    return run


def _acquire_free(effect: AcquireFree, env: Env) -> Exec:
    max_cost, what, destination = effect.max_cost, frozenset(effect.what), effect.destination

    def run(m: Match, p: int) -> bool:
        return acquire_free(m, p, max_cost, what, destination)

    return run


def _destroy_target(effect: DestroyTarget, env: Env) -> Exec:
    what, optional = effect.what, effect.optional

    def run(m: Match, p: int) -> bool:
        return destroy_target(m, p, what, optional)

    return run


def _next_acquire_on_top(effect: NextAcquireOnTop, env: Env) -> Exec:
    what = frozenset(effect.what)

    def run(m: Match, p: int) -> bool:
        m.next_on_top = what
        return True

    return run


def _put_from_discard_on_top(effect: PutFromDiscardOnTop, env: Env) -> Exec:
    what = frozenset(effect.what)

    def run(m: Match, p: int) -> bool:
        return put_from_discard_on_top(m, p, what)

    return run


def _copy_another(effect: CopyAnother, env: Env) -> Exec:
    what = frozenset(effect.what)

    def run(m: Match, p: int) -> bool:
        return copy_another(m, p, what)

    return run


def _nothing(effect: EveryFaction | KeywordUse | Note, env: Env) -> Exec:
    """A static effect: counting as every faction, or a keyword (Outpost), which stands for a
    card field the engine reads when it compiles the card, or a note in parentheses; nothing
    happens when it is played."""

    def run(m: Match, p: int) -> bool:
        return True

    return run


def _return_to_discard_at_end_of_turn(effect: Effect, env: Env) -> Exec:
    def run(m: Match, p: int) -> bool:
        m.return_at_end.append((p, m.src))
        return True

    return run


def _number_in(effect: Special | Declared | Deed, default: int) -> int:
    """The first number a special effect's sentence writes ('... down to 3 cards'), or the
    first whole number of a declared phrase's slots, or a core sentence's number; else
    ``default`` ('a card')."""
    if isinstance(effect, Deed):
        return effect.n
    if isinstance(effect, Declared):
        return next((v for v in effect.values if isinstance(v, int)), default)
    for word in effect.words.replace(".", " ").split():
        if word.isdigit():
            return int(word)
    return default


def _others_gain_curse(effect: Special | Declared | Deed, env: Env) -> Exec:
    """'Each other player gains a <curse>': one from the pile ``play: curse`` names, in turn
    order, while the pile lasts."""

    def run(m: Match, p: int) -> bool:
        gave = False
        for q in m.others(p):
            gave = m.give_curse(q) or gave
        return gave

    return run


def _others_discard_down_to(effect: Special | Declared | Deed, env: Env) -> Exec:
    """'Each other player discards down to N cards in hand' (they choose which)."""
    keep = _number_in(effect, 3)

    def run(m: Match, p: int) -> bool:
        did = False
        for q in m.others(p):
            extra = len(m.hand[q]) - keep
            if extra > 0:
                did = discard_from_hand(m, q, extra) > 0 or did
        return did

    return run


def _others_draw(effect: Special | Declared | Deed, env: Env) -> Exec:
    """'Each other player draws N cards' ('a card': 1)."""
    n = _number_in(effect, 1)

    def run(m: Match, p: int) -> bool:
        for q in m.others(p):
            m.draw(q, n)
        return True

    return run


DEEDS: Mapping[str, Callable[[Special | Declared | Deed, Env], Exec]] = {
    "return-to-discard-at-end-of-turn": _return_to_discard_at_end_of_turn,
    "each-other-player-gains-curse": _others_gain_curse,
    "each-other-player-discards-down-to": _others_discard_down_to,
    "each-other-player-draws": _others_draw,
}
"""The engine deeds a game's one-off effects may be mapped to (``play: specials:``, by name);
every special effect the game does not map to one is outside the engine."""

OUTSIDE_SPECIAL = "a one-off effect of the game's own that 'play: specials' maps to no engine deed"


def _special(effect: Special, env: Env) -> Exec:
    deed = env.specials.get(effect.key)
    if deed is None:
        raise Unsupported(f"Special:{effect.key}")
    return DEEDS[deed](effect, env)


def _declared(effect: Declared, env: Env) -> Exec:
    """A sentence the game declares ('phrasing: phrases'), run by the deed ``play: specials``
    maps its key to; its numbers come from its slots."""
    deed = env.specials.get(effect.key)
    if deed is None or effect.parts:
        raise Unsupported(f"Special:{effect.key}")
    return DEEDS[deed](effect, env)


def _shorthand(effect: Shorthand, env: Env) -> Exec:
    """A shorthand form ('+2 Cards') runs as the core sentence it means ('Draw 2 cards'); one
    with phrases after it ('+$1 for each Action card you have in play') does not."""
    if effect.meaning is None or effect.parts:
        raise Unsupported(_named(effect))
    return _compile(effect.meaning, env)


def _deed(effect: Deed, env: Env) -> Exec:
    """An engine deed a core sentence means ('Each other player discards down to 3 cards in
    hand'), with its number."""
    return DEEDS[effect.key](effect, env)


def _gain_card(effect: GainCard, env: Env) -> Exec:
    """'Gain a Farthing' ('each other player gains ...'): from the card's supply pile, while
    it lasts, in turn order."""
    c, n, destination, others = env.cards[effect.card], effect.n, effect.destination, effect.others

    def run(m: Match, p: int) -> bool:
        did = False
        for q in m.others(p) if others else (p,):
            for _ in range(n):
                did = gain_named(m, q, c, destination) or did
        return did

    return run


def _remove_cards(effect: RemoveCards, env: Env) -> Exec:
    """'Trash a Treasure from your hand', 'trash a Farthing ...': cards of a type, or one card."""
    up_to, zones, optional = effect.up_to, (effect.zone,), effect.optional
    what = frozenset(effect.what)
    card = -1 if effect.card is None else env.cards[effect.card]

    def run(m: Match, p: int) -> bool:
        return banish_cards(m, p, up_to, zones, optional, what, card) > 0

    return run


def _next_turn(effect: NextTurn, env: Env) -> Exec:
    """'At the start of your next turn, +2 Cards': noted with the card played, which stays in
    play until the end of that turn (``Match.run_later``)."""
    inner = _compile(effect.effect, env)

    def run(m: Match, p: int) -> bool:
        m.later[p].append((m.src, inner))
        return True

    return run


def _remove_this(effect: RemoveThis, env: Env) -> Exec:
    def run(m: Match, p: int) -> bool:
        return remove_this(m, p)

    return run


def _discard_hand(effect: DiscardHand, env: Env) -> Exec:
    def run(m: Match, p: int) -> bool:
        return discard_hand(m, p)

    return run


def _gain_costing(effect: GainCosting, env: Env) -> Exec:
    """'Gain a card costing up to 2 more than it': than the card last removed."""
    more, what, destination, exact = (
        effect.more,
        frozenset(effect.what),
        effect.destination,
        effect.exact,
    )

    def run(m: Match, p: int) -> bool:
        if m.last_cost < 0:
            return False
        most = m.last_cost + more
        return acquire_free(m, p, most, what, destination, most if exact else 0)

    return run


OUTSIDE_LABEL = (
    "the engine runs a label the game gives a meaning it plays ('means: bond' or 'means: "
    "cost' under 'phrasing: labels:', docs/phrasing.md); this one has none"
)
OUTSIDE_DELAYED = (
    "the only delayed effect the engine runs puts this card from a shared zone into your "
    "discard pile at the end of the turn"
)


def _at_end_of(effect: AtEndOf, env: Env) -> Exec:
    """'At the end of this turn, put this card from <a shared zone> into your <discard
    zone>': the card comes back from where scrapped cards go (the engine's one delayed deed)."""
    inner = effect.effect
    if (
        effect.this_turn
        and isinstance(inner, PutInto)
        and inner.what is None
        and inner.target == env.zones.discard
        and inner.source not in (env.zones.hand, env.zones.discard, env.zones.market)
        and (inner.vocab is None or inner.vocab.shared(inner.source))
    ):
        return _return_to_discard_at_end_of_turn(effect, env)
    raise Unsupported("AtEndOf")


def _banished_this_turn(counted: BanishedThisTurn, env: Env) -> Callable[[Match], int]:
    including = counted.including_this

    def count(m: Match) -> int:
        return m.banished if including else m.banished - m.self_banished

    return count


def _discarded_this_way(counted: DiscardedThisWay, env: Env) -> Callable[[Match], int]:
    def count(m: Match) -> int:
        return m.last_count

    return count


_COUNTERS = (
    handles(BanishedThisTurn, _banished_this_turn),
    handles(DiscardedThisWay, _discarded_this_way),
)
COUNTERS: Mapping[type[Counted], Callable[[Counted, Env], Callable[[Match], int]]] = dict(_COUNTERS)
"""Every counted thing (``for each ...``) and the function that compiles it into a count."""


def _for_each(effect: ForEach, env: Env) -> Exec:
    counter = COUNTERS.get(type(effect.counted))
    if counter is None:
        raise Unsupported(type(effect.counted).__name__)
    count = counter(effect.counted, env)
    inner = _compile(effect.effect, env)

    def run(m: Match, p: int) -> bool:
        n = count(m)
        for _ in range(n):
            inner(m, p)
        return n > 0

    return run


def _and(effect: And | Then, env: Env) -> Exec:
    runs = tuple(_compile(e, env) for e in effect.effects)

    def run(m: Match, p: int) -> bool:
        did = False
        for r in runs:
            did = r(m, p) or did
        return did

    return run


def _choice(effect: Choice | Pick, env: Env) -> Exec:
    runs = tuple(_compile(e, env) for e in effect.options)
    worths = tuple(worth(e, env) for e in effect.options)

    def run(m: Match, p: int) -> bool:
        return runs[choose_option(m, p, worths)](m, p)

    return run


def _in_play(condition: InPlay, env: Env) -> Callable[[Match, int], bool]:
    what, at_least = condition.what, condition.at_least

    def test(m: Match, p: int) -> bool:
        return m.count_in_play(p, what) >= at_least

    return test


def _if_you_do(condition: IfYouDo, env: Env) -> Callable[[Match, int], bool]:
    def test(m: Match, p: int) -> bool:
        return m.last_did

    return test


_CONDITIONS = (handles(InPlay, _in_play), handles(IfYouDo, _if_you_do))
CONDITIONS: Mapping[type[Condition], Callable[[Condition, Env], Callable[[Match, int], bool]]] = (
    dict(_CONDITIONS)
)
"""Every condition (``if ...``) and the function that compiles it into a test."""


def _conditional(effect: Conditional, env: Env) -> Exec:
    tester = CONDITIONS.get(type(effect.condition))
    if tester is None:
        raise Unsupported(_named(effect.condition))
    test = tester(effect.condition, env)
    body = _compile(effect.effect, env)

    def run(m: Match, p: int) -> bool:
        return body(m, p) if test(m, p) else False

    return run


def in_order(runs: tuple[Exec, ...]) -> Exec:
    """Executors run one after another, each noting whether it did something (for "If you do")."""
    if len(runs) == 1:
        return runs[0]

    def run(m: Match, p: int) -> bool:
        did = False
        for r in runs:
            did = r(m, p)
            m.last_did = did
        return did

    return run


def _sequence(effect: Sequence, env: Env) -> Exec:
    return in_order(tuple(_compile(e, env) for e in effect.effects))


_EXECUTORS = (
    handles(Gain, _gain),
    handles(GainPerCost, _gain_per_cost),
    handles(Draw, _draw),
    handles(Discard, _discard),
    handles(OpponentDiscards, _opponent_discards),
    handles(BanishCards, _banish_cards),
    handles(AcquireFree, _acquire_free),
    handles(DestroyTarget, _destroy_target),
    handles(NextAcquireOnTop, _next_acquire_on_top),
    handles(PutFromDiscardOnTop, _put_from_discard_on_top),
    handles(CopyAnother, _copy_another),
    handles(EveryFaction, _nothing),
    handles(KeywordUse, _nothing),
    handles(Note, _nothing),
    handles(Special, _special),
    handles(Declared, _declared),
    handles(Shorthand, _shorthand),
    handles(ForEach, _for_each),
    handles(And, _and),
    handles(Then, _and),
    handles(Choice, _choice),
    handles(Pick, _choice),
    handles(Deed, _deed),
    handles(GainCard, _gain_card),
    handles(GainCosting, _gain_costing),
    handles(RemoveCards, _remove_cards),
    handles(RemoveThis, _remove_this),
    handles(NextTurn, _next_turn),
    handles(DiscardHand, _discard_hand),
    handles(Conditional, _conditional),
    handles(AtEndOf, _at_end_of),
    handles(Sequence, _sequence),
)
EXECUTORS: Mapping[type[Effect], Callable[[Effect, Env], Exec]] = dict(_EXECUTORS)
"""Every effect class and the function that compiles it into an executor."""

TRIGGERS: tuple[type[Trigger], ...] = (Primary, Bond, OnBanish)
"""The triggers the engine fires: on play (and each turn for a base), ally, on scrap."""

OUTSIDE_ENGINE: Mapping[type[Effect] | type[Trigger], str] = {
    CreateCard: "tokens and created cards are outside this engine, whose cards all come from decks",
    DealDamage: "damage to cards in play is for games of units that fight",
    PutOnTop: "moving cards between arbitrary zones is not modelled yet",
    AbilityCost: "abilities paid from a card's own counters belong to other games",
    GrantKeyword: "keywords granted to cards in play are for games of units that fight",
    ModifyStat: "changing cards' numbers in play is for games of units that fight",
    Cannot: "forbidding cards in play to act is for games of units that fight",
    SetStat: "setting cards' numbers in play is for games of units that fight",
    Reveal: "face-down cards in play belong to other games",
    TakeControl: "taking control of cards in play is for games of units that fight",
    OpponentDiscardsKinds: "discarding cards of given types belongs to other games",
    PutIntoPlay: "cards put into play from a zone belong to other games",
    PutInto: "moving cards between arbitrary zones is not modelled yet",
    PutBackIntoPlay: "destroyed cards coming back into play are for games of units that fight",
    MoveCards: "cards moving between places in play are for board games",
    RemoveCounters: "counters on cards in play belong to other games",
    EndSpan: "ending a span of play early is for games of units that fight",
    DrawKind: "drawing cards of a given type belongs to games with several draw piles",
    Joins: "cards joining a span under way are for games of units that fight",
    MakeAttack: "attacks against cards in play are for games of units that fight",
    MayBeTargeted: "targeting cards in play is for games of units that fight",
    MoveWithout: "cards moving between places in play are for board games",
    PlayOnlyDuring: "cards played outside the main phase belong to other games",
    ReplaceAll: "cards in play replaced by others of a kind are for board games",
}
"""Effect and trigger classes of the rules language this engine knows and deliberately does
not execute, and why: a card that uses one is reported (CK403, with the reason as its hint)
and the run stops, as for any effect without an executor -- never a silent skip."""


def outside_reason(name: str) -> str | None:
    """Why the engine leaves the effect or trigger class called ``name`` alone, if it does."""
    if name.startswith("Special:"):
        return OUTSIDE_SPECIAL
    if name == AtEndOf.__name__:
        return OUTSIDE_DELAYED
    if name.startswith(f"{Labelled.__name__}:"):
        return OUTSIDE_LABEL
    for cls, reason in OUTSIDE_ENGINE.items():
        if cls.__name__ == name:
            return reason
    return None


def worth(effect: Effect, env: Env) -> Worth:
    """What an effect gives, summed over its parts (a choice counts its best option)."""
    if isinstance(effect, Gain):
        acquire = attack = life = 0
        for r, n in effect.amounts:
            index = env.resources.get(r)
            acquire += n if index == env.acquire else 0
            attack += n if index == env.attack else 0
            life += n if index == env.life else 0
        return Worth(acquire, attack, life)
    if isinstance(effect, Draw):
        return Worth(draw=effect.n)
    if isinstance(effect, DestroyTarget):
        return Worth(destroy=True)
    if isinstance(effect, And | Then | Sequence):
        return sum((worth(e, env) for e in effect.effects), Worth())
    if isinstance(effect, Choice | Pick):
        options = [worth(e, env) for e in effect.options]
        return max(options, key=lambda w: w.acquire + w.attack + w.life / 2 + 2 * w.draw)
    if isinstance(effect, Conditional):
        inner = worth(effect.effect, env)
        return Worth(inner.acquire // 2, inner.attack // 2, inner.life // 2, 0, False, 1)
    if isinstance(effect, Shorthand) and effect.meaning is not None:
        return worth(effect.meaning, env)  # '+2 Cards' gives what 'Draw 2 cards' gives
    return Worth(other=1)


def _walk_effect(effect: Effect, env: Env) -> None:
    _compile(effect, env)


def unsupported(
    ability: Ability, specials: Mapping[str, str] | None = None, zones: PlayZones | None = None
) -> str | None:
    """The name of the first part of ``ability`` the engine cannot execute, or None; the
    game's ``play: specials`` say which of its special effects the engine runs, and its
    ``play: zones`` which of its zones play the engine's roles."""
    if type(ability.trigger) not in TRIGGERS:
        label = str(ability.trigger) if isinstance(ability.trigger, Labelled) else ""
        return f"{type(ability.trigger).__name__}{': ' if label else ''}{label}"
    probe = Env(
        _Everything(), 0, 1, 2, _Everything(), specials or {}, zones or PlayZones(), _Everything()
    )
    try:
        _walk_effect(ability.effect, probe)
    except Unsupported as exc:
        return exc.name
    return None


class _Everything(dict[str, int]):
    """A lookup that knows every id (to probe an effect for support without a game)."""

    def __missing__(self, key: str) -> int:
        return 3

    def __contains__(self, key: object) -> bool:
        return True


def compile_ability(ability: Ability, env: Env) -> Exec:
    return _compile(ability.effect, env)


def counts_as_every_faction(abilities: tuple[Ability, ...]) -> bool:
    return any(
        isinstance(a.trigger, Primary) and _mentions(a.effect, EveryFaction) for a in abilities
    )


def _mentions(effect: Effect, kind: type[Effect]) -> bool:
    if isinstance(effect, kind):
        return True
    if isinstance(effect, And | Then | Sequence):
        return any(_mentions(e, kind) for e in effect.effects)
    if isinstance(effect, Choice | Pick):
        return any(_mentions(e, kind) for e in effect.options)
    if isinstance(effect, Conditional):
        return _mentions(effect.effect, kind)
    return False

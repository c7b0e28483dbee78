"""The handlers of grammar.lark (``Builder``, one method per rule and alias): each builds one
effect value while the parser reads the text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from lark import Token, Transformer

from cardkit.effects import (
    DECK,
    NUMBER_WORDS,
    TOP_OF,
    Ability,
    AbilityCost,
    AcquireFree,
    Ally,
    AllyForAllFactions,
    And,
    AtEndOf,
    Cannot,
    Choice,
    Clause,
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
    OnScrap,
    OpponentDiscards,
    OpponentDiscardsKinds,
    Place,
    PlayOnlyDuring,
    Pos,
    Primary,
    PutBackIntoPlay,
    PutFromDiscardOnTop,
    PutInto,
    PutIntoPlay,
    PutOnTop,
    RemoveCounters,
    ReplaceAll,
    Reveal,
    ScrapCards,
    ScrappedThisTurn,
    Sequence,
    SetStat,
    Special,
    TakeControl,
    Then,
    Trigger,
)
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.rules.grammar import fold

N = TypeVar("N", bound=Node)


class _Amounts(NamedTuple):
    pairs: tuple[tuple[str, int], ...]
    pos: Pos


def _pos(token: Token) -> Pos:
    return Pos(token.line or 1, token.column or 1)


class Builder(Transformer[Token, Any]):
    """One handler per rule and alias of grammar.lark; each builds one value."""

    def __init__(self, vocab: Vocabulary) -> None:
        super().__init__()
        self.vocab = vocab
        self.resources = {fold(name): key for key, name in vocab.resources}
        self.factions = {fold(name): key for key, name in vocab.factions}
        self.types = {fold(name): key for key, name in vocab.kinds()}
        self.types_plural = {fold(name): key for key, name in vocab.plural_names()}
        self.specials = {fold(words): Special(key, words) for key, words in vocab.specials}
        self.keyword_ids = {fold(name): key for key, name in vocab.keywords}
        self.zone_ids = {fold(name): key for key, _, name in vocab.zones}
        self.span_ids = {fold(name): key for key, name in vocab.spans}
        self.cost_ids = {fold(name): key for key, name in (*vocab.resources, *vocab.symbols)}
        self.stats = {fold(stat.replace("_", " ")): stat for stat in vocab.stats}
        self.properties = {fold(p.replace("_", " ")): p for p in vocab.properties}

    def _node(self, pos: Pos, make: Callable[..., N], *args: Any, **kwargs: Any) -> N:
        try:
            return make(*args, pos=pos, vocab=self.vocab, **kwargs)
        except ValueError as exc:
            raise RulesTextError(str(exc), line=pos.line, column=pos.column) from None

    # abilities

    def card_text(self, children: list[Ability]) -> tuple[Ability, ...]:
        return tuple(children)

    def ability(self, children: list[Any]) -> Ability:
        trigger, effect = children
        if trigger is None:
            trigger = self._node(_start(effect), Primary)
            return self._node(_start(effect), Ability, trigger, effect)
        return self._node(trigger.pos, Ability, trigger, effect)

    def ally(self, children: list[Token]) -> Trigger:
        (faction,) = children
        return self._node(_pos(faction), Ally, self.factions[fold(faction)])

    def double_ally(self, children: list[Token]) -> Trigger:
        double, faction = children
        return self._node(_pos(double), Ally, self.factions[fold(faction)], double=True)

    def on_scrap(self, children: list[Token]) -> Trigger:
        return self._node(_pos(children[0]), OnScrap)

    def ability_cost(self, children: list[tuple[tuple[str, int], Pos]]) -> Trigger:
        costs = tuple(cost for cost, _ in children)
        return self._node(children[0][1], AbilityCost, costs)

    def cost_item(self, children: list[Token]) -> tuple[tuple[str, int], Pos]:
        opening, number, resource = children
        return (self.cost_ids[fold(resource)], int(number)), _pos(opening)

    def body(self, children: list[Effect]) -> Effect:
        if len(children) == 1:
            return children[0]
        return self._node(_start(children[0]), Sequence, tuple(children))

    # chains and conditions

    def all_of(self, children: list[Clause]) -> Effect:
        return self._node(_start(children[0]), And, tuple(children))

    def then(self, children: list[Clause]) -> Effect:
        return self._node(_start(children[0]), Then, tuple(children))

    def choice(self, children: list[Clause | _Amounts]) -> Effect:
        options = tuple(
            self._node(child.pos, Gain, child.pairs) if isinstance(child, _Amounts) else child
            for child in children
        )
        return self._node(_start(options[0]), Choice, options)

    def conditional(self, children: list[Any]) -> Effect:
        word, condition, effect = children
        return self._node(_pos(word), Conditional, condition, effect)

    def one_in_play(self, children: list[Token]) -> InPlay:
        you_have, kind = children
        return self._node(_pos(you_have), InPlay, self.types[fold(kind)], 1)

    def in_play(self, children: list[Any]) -> InPlay:
        you_have, n, kinds = children
        return self._node(_pos(you_have), InPlay, self.types_plural[fold(kinds)], n)

    def delayed(self, children: list[Any]) -> AtEndOf:
        word, lasts, effect = children
        return self._node(_pos(word), AtEndOf, effect, *lasts)

    def you_do(self, children: list[Token]) -> IfYouDo:
        return self._node(_pos(children[0]), IfYouDo)

    def quantity(self, children: list[Token]) -> int:
        (token,) = children
        if token.type == "NUMBER":
            return int(token)
        return NUMBER_WORDS.index(token.lower())

    # clauses

    def gain(self, children: list[Any]) -> Gain:
        word, amounts = children
        return self._node(_pos(word), Gain, amounts.pairs)

    def amounts(self, children: list[tuple[tuple[str, int], Pos]]) -> _Amounts:
        return _Amounts(tuple(pair for pair, _ in children), children[0][1])

    def bare_gain(self, children: list[_Amounts]) -> Gain:
        (amounts,) = children
        return self._node(amounts.pos, Gain, amounts.pairs)

    def amount(self, children: list[Token]) -> tuple[tuple[str, int], Pos]:
        number, resource = children
        return (self.resources[fold(resource)], int(number.lstrip("+"))), _pos(number)

    def gain_per_cost(self, children: list[Token]) -> GainPerCost:
        word, resource = children
        return self._node(_pos(word), GainPerCost, self.resources[fold(resource)])

    def for_each(self, children: list[Any]) -> ForEach:
        effect, counted = children
        return self._node(_start(effect), ForEach, effect, counted)

    def scrapped_this_turn(self, children: list[Token | None]) -> Counted:
        words, including = children
        assert words is not None
        return self._node(_pos(words), ScrappedThisTurn, including is not None)

    def discarded_this_way(self, children: list[Token]) -> Counted:
        return self._node(_pos(children[0]), DiscardedThisWay)

    def draw(self, children: list[Any]) -> Draw:
        word, n = children
        return self._node(_pos(word), Draw, n)

    def discard(self, children: list[Any]) -> Discard:
        word, n = children
        return self._node(_pos(word), Discard, n)

    def discard_any_number(self, children: list[Token]) -> Discard:
        return self._node(_pos(children[0]), Discard, None)

    def opponent_discards(self, children: list[Any]) -> OpponentDiscards:
        words, n = children
        return self._node(_pos(words), OpponentDiscards, n)

    def a_card(self, children: list[Token]) -> int:
        return 1

    def n_cards(self, children: list[int]) -> int:
        return children[0]

    def scrap_cards(self, children: list[Any]) -> ScrapCards:
        may, word, n, zones = children
        pos = _pos(may if may is not None else word)
        return self._node(pos, ScrapCards, n, zones, optional=may is not None)

    def scrap_one(self, children: list[Token]) -> int:
        return 1

    def scrap_up_to(self, children: list[Token]) -> int:
        return int(children[0])

    def zones(self, children: list[str]) -> tuple[str, ...]:
        return tuple(children)

    def zone(self, children: list[Token]) -> str:
        return self.zone_ids[fold(children[0])]

    def acquire(self, children: list[Any]) -> AcquireFree:
        word, kinds, cost, destination = children
        return self._node(
            _pos(word), AcquireFree, int(cost), kinds, destination=destination or "discard"
        )

    def on_top_of(self, children: list[str]) -> str:
        return TOP_OF + children[0]

    def into_zone(self, children: list[str]) -> str:
        return children[0]

    def any_card(self, children: list[Token]) -> tuple[str, ...]:
        return ()

    def card_types(self, children: list[Token]) -> tuple[str, ...]:
        return tuple(self.types[fold(kind)] for kind in children)

    def destroy(self, children: list[Any]) -> DestroyTarget:
        may, word, kind = children
        pos = _pos(may if may is not None else word)
        return self._node(pos, DestroyTarget, self.types[fold(kind)], optional=may is not None)

    def next_acquire_on_top(self, children: list[Any]) -> NextAcquireOnTop:
        word, kinds, zone = children
        if zone != DECK:
            raise RulesTextError(
                f"a card acquired goes on top of the deck (zone {DECK!r}), not {zone!r}",
                line=_pos(word).line,
                column=_pos(word).column,
            )
        return self._node(_pos(word), NextAcquireOnTop, kinds)

    def top_from_discard(self, children: list[Any]) -> PutFromDiscardOnTop | PutOnTop:
        word, kinds, source, target = children
        if (source, target) == ("discard", DECK):
            return self._node(_pos(word), PutFromDiscardOnTop, kinds)
        return self._node(_pos(word), PutOnTop, kinds, source, target)

    def into_play(self, children: list[Any]) -> PutIntoPlay:
        word, kinds, source, at = children
        here = self.types[fold(at)] if at is not None else None
        return self._node(_pos(word), PutIntoPlay, kinds, source, here)

    def put_into(self, children: list[Any]) -> PutInto:
        word, kinds, source, target = children
        return self._node(_pos(word), PutInto, kinds, source, target)

    def put_this_into(self, children: list[Any]) -> PutInto:
        word, _this, source, target = children
        return self._node(_pos(word), PutInto, None, source, target)

    def put_back(self, children: list[Any]) -> PutBackIntoPlay:
        word, kind, lasts = children
        what = self.types[fold(kind)]
        return self._node(_pos(word), PutBackIntoPlay, what, *_lasts(lasts))

    def move(self, children: list[Any]) -> MoveCards:
        word, (n, yours, kinds), source, target = children
        return self._node(_pos(word), MoveCards, kinds, source, target, n, yours)

    def move_any(self, children: list[Any]) -> tuple[int | None, bool, tuple[str, ...]]:
        yours, kinds = children
        return None, yours is not None, kinds

    def move_one(self, children: list[Any]) -> tuple[int | None, bool, tuple[str, ...]]:
        return 1, False, children[0]

    def move_n(self, children: list[Any]) -> tuple[int | None, bool, tuple[str, ...]]:
        number, kinds = children
        return int(number), False, kinds

    def any_cards(self, children: list[Token]) -> tuple[str, ...]:
        return ()

    def card_types_plural(self, children: list[Token]) -> tuple[str, ...]:
        return tuple(self.types_plural[fold(kind)] for kind in children)

    def target_place(self, children: list[Token | None]) -> Place:
        return self._place(children, adjacent=False)

    def adjacent_place(self, children: list[Token | None]) -> Place:
        return self._place(children, adjacent=True)

    def _place(self, children: list[Token | None], *, adjacent: bool) -> Place:
        word, kind, controlled = children
        assert word is not None and kind is not None
        what = self.types[fold(kind)]
        return self._node(_pos(word), Place, what, adjacent, controlled is not None)

    def remove_counters(self, children: list[Any]) -> RemoveCounters:
        return self._remove(children, each_player=True)

    def you_remove_counters(self, children: list[Any]) -> RemoveCounters:
        return self._remove(children, each_player=False)

    def _remove(self, children: list[Any], *, each_player: bool) -> RemoveCounters:
        word, number, resource, (each, what) = children
        resource_id = self.resources[fold(resource)]
        return self._node(
            _pos(word), RemoveCounters, resource_id, int(number), what, each, each_player
        )

    def each_card_at(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[fold(children[0])]

    def one_target(self, children: list[Token]) -> tuple[bool, str]:
        return False, self.types[fold(children[0])]

    def end_span(self, children: list[Any]) -> EndSpan:
        word, lasts, now = children
        return self._node(_pos(word), EndSpan, *lasts, immediately=now is not None)

    def draw_one_kind(self, children: list[Token]) -> DrawKind:
        word, kind = children
        return self._node(_pos(word), DrawKind, self.types[fold(kind)])

    def draw_n_kinds(self, children: list[Any]) -> DrawKind:
        word, n, kinds = children
        return self._node(_pos(word), DrawKind, self.types_plural[fold(kinds)], n)

    def joins(self, children: list[Any]) -> Joins:
        word, lasts = children
        return self._node(_pos(word), Joins, *lasts)

    def attack(self, children: list[Any]) -> MakeAttack:
        word, stat, number, (each, kind), lasts = children
        return self._node(
            _pos(word),
            MakeAttack,
            self.stats[fold(stat)],
            int(number),
            kind,
            each,
            *_lasts(lasts),
        )

    def targetable(self, children: list[Any]) -> MayBeTargeted:
        word, keyword, kinds, at = children
        what = self.types_plural[fold(kinds)]
        keyword_id = self.keyword_ids[fold(keyword)] if keyword is not None else None
        here = self.types[fold(at)] if at is not None else None
        return self._node(_pos(word), MayBeTargeted, what, keyword_id, here)

    def move_without(self, children: list[Token]) -> MoveWithout:
        word, kind, between, keyword = children
        what, where = self.types[fold(kind)], self.types_plural[fold(between)]
        return self._node(_pos(word), MoveWithout, what, where, self.keyword_ids[fold(keyword)])

    def play_only(self, children: list[Token]) -> PlayOnlyDuring:
        word, whose, span = children
        span_id = "" if fold(span) == "turn" else self.span_ids[fold(span)]
        opponents = whose.type == "YOUR_OPPONENTS"
        return self._node(_pos(word), PlayOnlyDuring, span_id, opponents)

    def replace(self, children: list[Any]) -> ReplaceAll:
        word, n, kinds, m, replacements, field = children
        what = self.types_plural[fold(kinds)]
        if (m, self.types_plural[fold(replacements)]) != (n, what):
            raise RulesTextError(
                f"all {n} {fold(kinds)} are replaced by as many of their type, not by {m} "
                f"{fold(replacements)}",
                line=_pos(word).line,
                column=_pos(word).column,
            )
        return self._node(_pos(word), ReplaceAll, what, n, self.properties[fold(field)])

    def copy_another(self, children: list[Any]) -> CopyAnother:
        word, kinds = children
        return self._node(_pos(word), CopyAnother, kinds)

    def ally_for_all(self, children: list[Token]) -> AllyForAllFactions:
        return self._node(_pos(children[0]), AllyForAllFactions)

    def special(self, children: list[Token]) -> Special:
        (words,) = children
        entry = self.specials[fold(words)]
        return self._node(_pos(words), Special, entry.key, entry.words)

    def modify_target(self, children: list[Any]) -> ModifyStat:
        word, state, *rest = children
        return self._modify([word, *rest], "target", fold(state) if state else "")

    def modify_yours(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "your")

    def modify_enemy(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "enemy")

    def _modify(self, children: list[Any], scope: str, state: str = "") -> ModifyStat:
        word, kind, (delta, stat), lasts = children
        types = self.types if scope == "target" else self.types_plural
        what = types[fold(kind)]
        return self._node(
            _pos(word), ModifyStat, what, stat, delta, scope, *_lasts(lasts), state=state
        )

    def duration(self, children: list[Token]) -> tuple[bool, str]:
        """'this turn' -> (True, ''); 'this <span>' -> (False, the span's id)."""
        (word,) = children
        if word.type == "THIS_TURN":
            return True, ""
        return False, self.span_ids[fold(word).split(" ", 1)[1]]

    # The same span words where only some words may follow (grammar.lark says why).
    end_of = duration
    destroyed_in = duration
    ended = duration

    def cannot(self, children: list[Any]) -> Cannot:
        word, kind, action, lasts = children
        what = self.types[fold(kind)]
        return self._node(_pos(word), Cannot, what, fold(action), *_lasts(lasts))

    def set_stat(self, children: list[Any]) -> SetStat:
        (pos, what), stat, value = children
        return self._node(pos, SetStat, what, self.stats[fold(stat)], value)

    def this_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        word, kind = children
        return _pos(word), self.types[fold(kind)]

    def affected_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        return _pos(children[0]), None

    def to_number(self, children: list[Token]) -> int | None:
        return int(children[0])

    def halved(self, children: list[Token]) -> int | None:
        return None

    def reveal(self, children: list[Any]) -> Reveal:
        word, keyword, at = children
        where = self.types[fold(at)] if at is not None else None
        return self._node(_pos(word), Reveal, self.keyword_ids[fold(keyword)], where)

    def take_control(self, children: list[Any]) -> TakeControl:
        word, excluding, kind = children
        non = self.keyword_ids[fold(excluding)] if excluding is not None else None
        return self._node(_pos(word), TakeControl, self.types[fold(kind)], non)

    def opponent_discards_kinds(self, children: list[Any]) -> OpponentDiscardsKinds:
        words, (n, kinds) = children
        return self._node(_pos(words), OpponentDiscardsKinds, n, kinds)

    def one_of_kinds(self, children: list[Token]) -> tuple[int, tuple[str, ...]]:
        return 1, tuple(self.types[fold(kind)] for kind in children)

    def n_of_kinds(self, children: list[Any]) -> tuple[int, tuple[str, ...]]:
        n, *kinds = children
        return n, tuple(self.types_plural[fold(kind)] for kind in kinds)

    def stat_change(self, children: list[Token]) -> tuple[int, str]:
        number, stat = children
        digits = str(number).lstrip("+-\u2212\u2013")
        delta = int(digits) if str(number).startswith("+") else -int(digits)
        return delta, self.stats[fold(stat)]

    def grant(self, children: list[Any]) -> GrantKeyword:
        word, kind, keyword, lasts = children
        what = self.types[fold(kind)]
        return self._node(_pos(word), GrantKeyword, what, keyword, *_lasts(lasts))

    def keyword(self, children: list[Any]) -> KeywordUse:
        word, args = children
        keyword = self.keyword_ids[fold(word)]
        return self._node(_pos(word), KeywordUse, keyword, args or ())

    def keyword_args(self, children: list[Token]) -> tuple[int | str, ...]:
        args = (" ".join(str(token).split()) for token in children)
        return tuple(int(arg) if arg.isdigit() else arg for arg in args)

    def create(self, children: list[Any]) -> CreateCard:
        word, n, name, zone = children
        return self._node(_pos(word), CreateCard, str(name)[1:-1].strip(), n, zone)

    def one_copy(self, children: list[Token]) -> int:
        return 1

    def n_copies(self, children: list[Token]) -> int:
        return int(children[0])

    def damage(self, children: list[Any]) -> DealDamage:
        word, (amount, sides), (each, kind) = children
        return self._node(_pos(word), DealDamage, amount, kind, sides, each)

    def flat_damage(self, children: list[Token]) -> tuple[int, int | None]:
        return int(children[0]), None

    def dice_damage(self, children: list[Token]) -> tuple[int, int | None]:
        count, sides = str(children[0]).lower().split("d")
        return int(count), int(sides)

    def target_card(self, children: list[Token]) -> tuple[bool, str]:
        return False, self.types[fold(children[0])]

    def each_enemy(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[fold(children[0])]


def _lasts(duration: tuple[bool, str] | None) -> tuple[bool, str]:
    """An effect's ``this_turn`` and ``duration`` from the span the text names, if any."""
    return duration or (False, "")


def _start(node: Node) -> Pos:
    assert node.pos is not None
    return node.pos


def handler_names() -> frozenset[str]:
    """The rules and aliases that ``Builder`` has a handler for."""
    return frozenset(
        name
        for name, value in vars(Builder).items()
        if callable(value) and not name.startswith("_")
    )

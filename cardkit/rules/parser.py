"""Rules text in, effect values out: the LALR parser built from grammar.lark for one game.

The grammar file knows no game. ``rules_parser(game)`` appends terminals for the game's
resource, faction and card type names (and the special effects of the registry), builds a
Lark LALR parser whose handlers (``_Builder``, one method per rule) construct the effect
values while parsing, and caches it per vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any, NamedTuple, TypeVar

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from cardkit.diagnostics import did_you_mean
from cardkit.errors import RulesTextError, UnknownFactionError, UnknownKeywordError
from cardkit.model import Game
from cardkit.rules.effects import (
    ACTIONS,
    DECK,
    NUMBER_WORDS,
    STATES,
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
from cardkit.rules.vocab import Vocabulary

GRAMMAR_FILE = "grammar.lark"
STARTS = ("card_text", "ability")

N = TypeVar("N", bound=Node)


def grammar_text() -> str:
    """The game-independent grammar, as shipped in the package."""
    return files("cardkit.rules").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _alternatives(names: Iterable[str]) -> str:
    """A regex matching any of ``names`` as whole words, in any case and spacing."""
    patterns = {
        r"[ \t]+".join(re.escape(word).replace("/", r"\/") for word in name.split())
        for name in names
        if name.split()
    }
    if not patterns:
        return r"(?!x)x"  # a game without such names: a terminal that never matches
    ordered = sorted(patterns, key=lambda p: (-len(p), p))
    return "(?:" + "|".join(ordered) + r")(?![\w-])"


def game_terminals(vocab: Vocabulary) -> str:
    """The grammar lines for one game's words (and the words of the effect vocabulary),
    appended to the grammar file's text."""
    types = [name.lower() for _, name in vocab.kinds()]
    specials = [words for _, words in vocab.specials]
    zones = _alternatives(name for _, _, name in vocab.zones)
    cost_words = [name for _, name in vocab.resources] + [sym for _, sym in vocab.symbols]
    return "\n".join(
        (
            "",
            "// Generated from the game's vocabulary.",
            f"RESOURCE.3: /{_alternatives(name for _, name in vocab.resources)}/i",
            f"FACTION.3: /{_alternatives(name for _, name in vocab.factions)}/i",
            f"CARD_TYPE.3: /{_alternatives(types)}/i",
            f"CARD_TYPES.3: /{_alternatives(name for _, name in vocab.plural_names())}/i",
            f"SPECIAL.3: /{_alternatives(specials)}/i",
            f"KEYWORD.3: /{_alternatives(name for _, name in vocab.keywords)}/i",
            f"COST_RESOURCE.3: /{_alternatives(cost_words)}/i",
            f"STAT.3: /{_alternatives(s.replace('_', ' ') for s in vocab.stats)}/i",
            f"ZONE.3: /{_alternatives(name for _, _, name in vocab.zones)}/i",
            f"_ZONE_OR.2: /(?:or|and\\/or)(?=[ \\t{{}}]+(?:(?:your|the)[ \\t{{}}]+)?{zones})/i",
            f"NUMBER_WORD: /{_alternatives(NUMBER_WORDS[1:])}/i",
            f"THIS_SPAN: /this[ \\t]+{_alternatives(name for _, name in vocab.spans)}/i",
            f"SPAN: /{_alternatives(['turn', *(name for _, name in vocab.spans)])}/i",
            f"PROPERTY: /{_alternatives(p.replace('_', ' ') for p in vocab.properties)}/i",
            f"ACTION: /{_alternatives(ACTIONS)}/i",
            f"STATE: /{_alternatives(STATES)}/i",
            "",
        )
    )


# -- error messages -------------------------------------------------------------------------

_END = "the end of the line"
# How error messages name the terminals whose name does not spell their words.
TERMINAL_WORDS: dict[str, str] = {
    "$END": _END,
    "_NL": _END,
    "RESOURCE": "a resource",
    "FACTION": "a faction",
    "CARD_TYPE": "a card type",
    "CARD_TYPES": "a card type (plural)",
    "NUMBER": "a number",
    "PLUS_NUMBER": "a number",
    "NUMBER_WORD": "a number",
    "SPECIAL": "a special effect",
    "KEYWORD": "a keyword",
    "THIS_TURN": "'this turn'",
    "THIS_SPAN": "'this' and a span the game declares",
    "SPAN": "'turn' or a span the game declares",
    "PROPERTY": "a card's enum field",
    "YOUR_OPPONENTS": "'your opponent's'",
    "AFFECTED_CARD": "'the affected card'",
    "TAKE_CONTROL": "'take control of'",
    "_NON": "'non-'",
    "ACTION": "an action ('attack')",
    "STATE": "a state ('blocking')",
    "_POSSESSIVE": '"\'s"',
    "STAT": "a card's number field",
    "MINUS_NUMBER": "a number",
    "COST_RESOURCE": "a resource",
    "COST_OPEN": "'('",
    "CARD_NAME": "a card name in quotes",
    "DICE": "dice ('2D6')",
    "ZONE": "a zone",
    "_ZONE_OWNER": "'your'",
    "KEYWORD_ARG": "a keyword parameter",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "_SLASH": "'/'",
    "_PERIOD": "'.'",
    "_COLON": "':'",
    "_COMMA": "','",
    "_THEN": "', then'",
    "_AMOUNT_SEP": "'and'",
    "_OR_AMOUNT": "'or'",
    "_ZONE_OR": "'or'",
    "INCLUDING_THIS_ONE": "', including this one'",
    "ALLY_FOR_ALL": "'this card counts as an ally for all factions'",
    "TARGET_CARD": "'target'",
    "AT_THE_END_OF": "'at the end of'",
}
_MAX_SHOWN = 8
_ALLY_LINE = re.compile(r"(?P<name>[^\W\d_][^:{}\n]*?)[ \t{}]+ally[ \t{}]*:", re.IGNORECASE)
_WORD = re.compile(r"[^\s{}.,:]+")
# A sentence that is one word, perhaps with parameters: a keyword, if anything.
_KEYWORD_SENTENCE = re.compile(
    r"(?P<name>[^\W\d_][\w-]*)[ \t{}]*(?P<args>\([^()\n]*\))?[ \t{}]*(?:\.|$)"
)


def _shown(terminal: str) -> str:
    """How an error message names a terminal: by its words (the name spells them)."""
    return TERMINAL_WORDS.get(terminal) or repr(terminal.strip("_").lower().replace("_", " "))


def _listed(items: list[str]) -> str:
    if not items:
        return "something else"
    if len(items) == 1:
        return items[0]
    if len(items) > _MAX_SHOWN:
        rest = len(items) - _MAX_SHOWN
        return "one of " + ", ".join(items[:_MAX_SHOWN]) + f" or {rest} more"
    return "one of " + ", ".join(items[:-1]) + " or " + items[-1]


_DIGITS = re.compile(r"\d+")


def _clip(text: str, limit: int = 12) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Amounts(NamedTuple):
    pairs: tuple[tuple[str, int], ...]
    pos: Pos


# -- the handlers ---------------------------------------------------------------------------


def _pos(token: Token) -> Pos:
    return Pos(token.line or 1, token.column or 1)


class _Builder(Transformer[Token, Any]):
    """One handler per rule and alias of grammar.lark; each builds one value."""

    def __init__(self, vocab: Vocabulary) -> None:
        super().__init__()
        self.vocab = vocab
        self.resources = {_fold(name): key for key, name in vocab.resources}
        self.factions = {_fold(name): key for key, name in vocab.factions}
        self.types = {_fold(name): key for key, name in vocab.kinds()}
        self.types_plural = {_fold(name): key for key, name in vocab.plural_names()}
        self.specials = {_fold(words): Special(key, words) for key, words in vocab.specials}
        self.keyword_ids = {_fold(name): key for key, name in vocab.keywords}
        self.zone_ids = {_fold(name): key for key, _, name in vocab.zones}
        self.span_ids = {_fold(name): key for key, name in vocab.spans}
        self.cost_ids = {_fold(name): key for key, name in (*vocab.resources, *vocab.symbols)}
        self.stats = {_fold(stat.replace("_", " ")): stat for stat in vocab.stats}
        self.properties = {_fold(p.replace("_", " ")): p for p in vocab.properties}

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
        return self._node(_pos(faction), Ally, self.factions[_fold(faction)])

    def double_ally(self, children: list[Token]) -> Trigger:
        double, faction = children
        return self._node(_pos(double), Ally, self.factions[_fold(faction)], double=True)

    def on_scrap(self, children: list[Token]) -> Trigger:
        return self._node(_pos(children[0]), OnScrap)

    def ability_cost(self, children: list[tuple[tuple[str, int], Pos]]) -> Trigger:
        costs = tuple(cost for cost, _ in children)
        return self._node(children[0][1], AbilityCost, costs)

    def cost_item(self, children: list[Token]) -> tuple[tuple[str, int], Pos]:
        opening, number, resource = children
        return (self.cost_ids[_fold(resource)], int(number)), _pos(opening)

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
        return self._node(_pos(you_have), InPlay, self.types[_fold(kind)], 1)

    def in_play(self, children: list[Any]) -> InPlay:
        you_have, n, kinds = children
        return self._node(_pos(you_have), InPlay, self.types_plural[_fold(kinds)], n)

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
        return (self.resources[_fold(resource)], int(number.lstrip("+"))), _pos(number)

    def gain_per_cost(self, children: list[Token]) -> GainPerCost:
        word, resource = children
        return self._node(_pos(word), GainPerCost, self.resources[_fold(resource)])

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
        return self.zone_ids[_fold(children[0])]

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
        return tuple(self.types[_fold(kind)] for kind in children)

    def destroy(self, children: list[Any]) -> DestroyTarget:
        may, word, kind = children
        pos = _pos(may if may is not None else word)
        return self._node(pos, DestroyTarget, self.types[_fold(kind)], optional=may is not None)

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
        here = self.types[_fold(at)] if at is not None else None
        return self._node(_pos(word), PutIntoPlay, kinds, source, here)

    def put_into(self, children: list[Any]) -> PutInto:
        word, kinds, source, target = children
        return self._node(_pos(word), PutInto, kinds, source, target)

    def put_this_into(self, children: list[Any]) -> PutInto:
        word, _this, source, target = children
        return self._node(_pos(word), PutInto, None, source, target)

    def put_back(self, children: list[Any]) -> PutBackIntoPlay:
        word, kind, lasts = children
        what = self.types[_fold(kind)]
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
        return tuple(self.types_plural[_fold(kind)] for kind in children)

    def target_place(self, children: list[Token | None]) -> Place:
        return self._place(children, adjacent=False)

    def adjacent_place(self, children: list[Token | None]) -> Place:
        return self._place(children, adjacent=True)

    def _place(self, children: list[Token | None], *, adjacent: bool) -> Place:
        word, kind, controlled = children
        assert word is not None and kind is not None
        what = self.types[_fold(kind)]
        return self._node(_pos(word), Place, what, adjacent, controlled is not None)

    def remove_counters(self, children: list[Any]) -> RemoveCounters:
        return self._remove(children, each_player=True)

    def you_remove_counters(self, children: list[Any]) -> RemoveCounters:
        return self._remove(children, each_player=False)

    def _remove(self, children: list[Any], *, each_player: bool) -> RemoveCounters:
        word, number, resource, (each, what) = children
        resource_id = self.resources[_fold(resource)]
        return self._node(
            _pos(word), RemoveCounters, resource_id, int(number), what, each, each_player
        )

    def each_card_at(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[_fold(children[0])]

    def one_target(self, children: list[Token]) -> tuple[bool, str]:
        return False, self.types[_fold(children[0])]

    def end_span(self, children: list[Any]) -> EndSpan:
        word, lasts, now = children
        return self._node(_pos(word), EndSpan, *lasts, immediately=now is not None)

    def draw_one_kind(self, children: list[Token]) -> DrawKind:
        word, kind = children
        return self._node(_pos(word), DrawKind, self.types[_fold(kind)])

    def draw_n_kinds(self, children: list[Any]) -> DrawKind:
        word, n, kinds = children
        return self._node(_pos(word), DrawKind, self.types_plural[_fold(kinds)], n)

    def joins(self, children: list[Any]) -> Joins:
        word, lasts = children
        return self._node(_pos(word), Joins, *lasts)

    def attack(self, children: list[Any]) -> MakeAttack:
        word, stat, number, (each, kind), lasts = children
        return self._node(
            _pos(word),
            MakeAttack,
            self.stats[_fold(stat)],
            int(number),
            kind,
            each,
            *_lasts(lasts),
        )

    def targetable(self, children: list[Any]) -> MayBeTargeted:
        word, keyword, kinds, at = children
        what = self.types_plural[_fold(kinds)]
        keyword_id = self.keyword_ids[_fold(keyword)] if keyword is not None else None
        here = self.types[_fold(at)] if at is not None else None
        return self._node(_pos(word), MayBeTargeted, what, keyword_id, here)

    def move_without(self, children: list[Token]) -> MoveWithout:
        word, kind, between, keyword = children
        what, where = self.types[_fold(kind)], self.types_plural[_fold(between)]
        return self._node(_pos(word), MoveWithout, what, where, self.keyword_ids[_fold(keyword)])

    def play_only(self, children: list[Token]) -> PlayOnlyDuring:
        word, whose, span = children
        span_id = "" if _fold(span) == "turn" else self.span_ids[_fold(span)]
        opponents = whose.type == "YOUR_OPPONENTS"
        return self._node(_pos(word), PlayOnlyDuring, span_id, opponents)

    def replace(self, children: list[Any]) -> ReplaceAll:
        word, n, kinds, m, replacements, field = children
        what = self.types_plural[_fold(kinds)]
        if (m, self.types_plural[_fold(replacements)]) != (n, what):
            raise RulesTextError(
                f"all {n} {_fold(kinds)} are replaced by as many of their type, not by {m} "
                f"{_fold(replacements)}",
                line=_pos(word).line,
                column=_pos(word).column,
            )
        return self._node(_pos(word), ReplaceAll, what, n, self.properties[_fold(field)])

    def copy_another(self, children: list[Any]) -> CopyAnother:
        word, kinds = children
        return self._node(_pos(word), CopyAnother, kinds)

    def ally_for_all(self, children: list[Token]) -> AllyForAllFactions:
        return self._node(_pos(children[0]), AllyForAllFactions)

    def special(self, children: list[Token]) -> Special:
        (words,) = children
        entry = self.specials[_fold(words)]
        return self._node(_pos(words), Special, entry.key, entry.words)

    def modify_target(self, children: list[Any]) -> ModifyStat:
        word, state, *rest = children
        return self._modify([word, *rest], "target", _fold(state) if state else "")

    def modify_yours(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "your")

    def modify_enemy(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "enemy")

    def _modify(self, children: list[Any], scope: str, state: str = "") -> ModifyStat:
        word, kind, (delta, stat), lasts = children
        types = self.types if scope == "target" else self.types_plural
        what = types[_fold(kind)]
        return self._node(
            _pos(word), ModifyStat, what, stat, delta, scope, *_lasts(lasts), state=state
        )

    def duration(self, children: list[Token]) -> tuple[bool, str]:
        """'this turn' -> (True, ''); 'this <span>' -> (False, the span's id)."""
        (word,) = children
        if word.type == "THIS_TURN":
            return True, ""
        return False, self.span_ids[_fold(word).split(" ", 1)[1]]

    # The same span words where only some words may follow (grammar.lark says why).
    end_of = duration
    destroyed_in = duration
    ended = duration

    def cannot(self, children: list[Any]) -> Cannot:
        word, kind, action, lasts = children
        what = self.types[_fold(kind)]
        return self._node(_pos(word), Cannot, what, _fold(action), *_lasts(lasts))

    def set_stat(self, children: list[Any]) -> SetStat:
        (pos, what), stat, value = children
        return self._node(pos, SetStat, what, self.stats[_fold(stat)], value)

    def this_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        word, kind = children
        return _pos(word), self.types[_fold(kind)]

    def affected_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        return _pos(children[0]), None

    def to_number(self, children: list[Token]) -> int | None:
        return int(children[0])

    def halved(self, children: list[Token]) -> int | None:
        return None

    def reveal(self, children: list[Any]) -> Reveal:
        word, keyword, at = children
        where = self.types[_fold(at)] if at is not None else None
        return self._node(_pos(word), Reveal, self.keyword_ids[_fold(keyword)], where)

    def take_control(self, children: list[Any]) -> TakeControl:
        word, excluding, kind = children
        non = self.keyword_ids[_fold(excluding)] if excluding is not None else None
        return self._node(_pos(word), TakeControl, self.types[_fold(kind)], non)

    def opponent_discards_kinds(self, children: list[Any]) -> OpponentDiscardsKinds:
        words, (n, kinds) = children
        return self._node(_pos(words), OpponentDiscardsKinds, n, kinds)

    def one_of_kinds(self, children: list[Token]) -> tuple[int, tuple[str, ...]]:
        return 1, tuple(self.types[_fold(kind)] for kind in children)

    def n_of_kinds(self, children: list[Any]) -> tuple[int, tuple[str, ...]]:
        n, *kinds = children
        return n, tuple(self.types_plural[_fold(kind)] for kind in kinds)

    def stat_change(self, children: list[Token]) -> tuple[int, str]:
        number, stat = children
        digits = str(number).lstrip("+-\u2212\u2013")
        delta = int(digits) if str(number).startswith("+") else -int(digits)
        return delta, self.stats[_fold(stat)]

    def grant(self, children: list[Any]) -> GrantKeyword:
        word, kind, keyword, lasts = children
        what = self.types[_fold(kind)]
        return self._node(_pos(word), GrantKeyword, what, keyword, *_lasts(lasts))

    def keyword(self, children: list[Any]) -> KeywordUse:
        word, args = children
        keyword = self.keyword_ids[_fold(word)]
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
        return False, self.types[_fold(children[0])]

    def each_enemy(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[_fold(children[0])]


def _lasts(duration: tuple[bool, str] | None) -> tuple[bool, str]:
    """An effect's ``this_turn`` and ``duration`` from the span the text names, if any."""
    return duration or (False, "")


def _start(node: Node) -> Pos:
    assert node.pos is not None
    return node.pos


def handler_names() -> frozenset[str]:
    """The rules and aliases that ``_Builder`` has a handler for."""
    return frozenset(
        name
        for name, value in vars(_Builder).items()
        if callable(value) and not name.startswith("_")
    )


# -- the parser -----------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RulesParser:
    """The rules-text parser for one game's vocabulary."""

    vocab: Vocabulary
    lark: Lark

    def parse_ability(self, text: str) -> Ability:
        result: Ability = self._parse(text, "ability")
        return result

    def parse_card_text(self, text: str) -> tuple[Ability, ...]:
        if not text.strip():
            return ()
        result: tuple[Ability, ...] = self._parse(text, "card_text")
        return result

    def _parse(self, text: str, start: str) -> Any:
        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput as exc:
            raise self._error(text, exc) from None

    def _error(self, text: str, exc: UnexpectedInput) -> RulesTextError:
        expected: set[str] = set()
        found = ""
        at_end = False
        line, column = exc.line, exc.column
        if isinstance(exc, UnexpectedToken):
            expected = set(exc.expected)
            if exc.token.type == "$END":
                at_end = True
                lines = text.rstrip().split("\n") or [""]
                line, column = len(lines), len(lines[-1].rstrip()) + 1
            elif exc.token.type == "_NL":
                return RulesTextError(
                    "unexpected line break: an ability is one line of text",
                    line=line,
                    column=column,
                    expected=(_END,),
                    found="\n",
                )
            else:
                found = repr(_clip(str(exc.token), 40))
        elif isinstance(exc, UnexpectedCharacters):
            expected = set(exc.allowed or ())
        line, column = max(line, 1), max(column, 1)
        rest = text.split("\n")[line - 1][column - 1 :]
        if "FACTION" in expected and (match := _ALLY_LINE.match(rest)):
            name = " ".join(match.group("name").split())
            return UnknownFactionError(
                f"unknown faction {name!r}"
                + did_you_mean(name, [n for _, n in self.vocab.factions]),
                name=name,
                line=line,
                column=column,
            )
        if "KEYWORD" in expected and (unknown := self._unknown_keyword(text, line, column)):
            return unknown
        shown = sorted({_shown(name) for name in expected})
        digits = _DIGITS.match(rest)
        if not at_end and digits and "NUMBER" in expected:
            number = digits.group(0)
            reason = (
                f"number {_clip(number)!r} is too large: numbers in rules text go up to 9999"
                if number.isascii()
                else f"{number!r} is not written with the digits 0-9"
            )
            return RulesTextError(reason, line=line, column=column, found=number)
        if at_end:
            reason = f"the text ends too early: expected {_listed(shown)}"
        else:
            suggestion, words = self._suggestion(rest, expected)
            if not found:
                word = _WORD.match(rest)
                found = repr(_clip(words or (word.group(0) if word else rest[:1]), 40))
            reason = f"unexpected {found}: expected {_listed(shown)}"
            if len(shown) > 1 or suggestion != f" (did you mean {shown[0]}?)":
                reason += suggestion
        return RulesTextError(
            reason, line=line, column=column, expected=tuple(shown), found=found.strip("'")
        )

    def _unknown_keyword(self, text: str, line: int, column: int) -> RulesTextError | None:
        """An UnknownKeywordError when the sentence at the error is one unknown word that
        looks like a keyword: it has parameters, is close to a keyword's name, or is the
        whole line."""
        current = text.split("\n")[line - 1]
        match = _KEYWORD_SENTENCE.match(current, column - 1)
        if match is None:
            return None
        name = match.group("name")
        names = [n for _, n in self.vocab.keywords]
        suggestion = did_you_mean(name, names)
        whole_line = not current[: column - 1].strip(" \t{}")
        if not (match.group("args") or suggestion or whole_line):
            return None
        return UnknownKeywordError(
            f"unknown keyword {name!r}{suggestion}",
            name=name,
            line=line,
            column=column,
        )

    def _suggestion(self, rest: str, expected: set[str]) -> tuple[str, str]:
        """' (did you mean ...?)' for the words at the error, among what could come there;
        and those words."""
        candidates: list[str] = []
        vocab = self.vocab
        for name in expected:
            if name == "RESOURCE":
                candidates += [n for _, n in vocab.resources]
            elif name == "FACTION":
                candidates += [n for _, n in vocab.factions]
            elif name == "CARD_TYPE":
                candidates += [n.lower() for _, n in vocab.kinds()]
            elif name == "ZONE":
                candidates += [n for _, _, n in vocab.zones]
            elif name == "KEYWORD":
                candidates += [n for _, n in vocab.keywords]
            elif name == "CARD_TYPES":
                candidates += [name for _, name in vocab.plural_names()]
            elif name not in TERMINAL_WORDS:
                candidates.append(_shown(name).strip("'"))
        words = _WORD.findall(rest)
        for size in sorted({len(c.split()) for c in candidates}, reverse=True):
            if size > len(words):
                continue
            phrase = " ".join(words[:size])
            folded = {c.casefold(): c for c in candidates if len(c.split()) == size}
            suggestion = did_you_mean(phrase.casefold(), folded)
            for key, original in folded.items():
                if repr(key) in suggestion:
                    return suggestion.replace(repr(key), repr(original)), phrase
        return "", ""


@lru_cache(maxsize=32)
def _parser_for(vocab: Vocabulary) -> RulesParser:
    lark = Lark(
        grammar_text() + game_terminals(vocab),
        parser="lalr",
        lexer="contextual",
        start=list(STARTS),
        transformer=_Builder(vocab),
        maybe_placeholders=True,
    )
    return RulesParser(vocab, lark)


_RECENT: dict[int, tuple[Game, RulesParser]] = {}


def rules_parser(game: Game | Vocabulary) -> RulesParser:
    """The parser for a game's rules text (built once per vocabulary, then cached)."""
    if isinstance(game, Vocabulary):
        return _parser_for(game)
    # Deriving the vocabulary costs as much as parsing a short line; remember it per Game
    # object (kept alive here, so its id cannot be reused while it is remembered).
    recent = _RECENT.get(id(game))
    if recent is not None and recent[0] is game:
        return recent[1]
    parser = _parser_for(Vocabulary.of(game))
    if len(_RECENT) >= 32:
        _RECENT.clear()
    _RECENT[id(game)] = (game, parser)
    return parser


def parse_ability(text: str, game: Game | Vocabulary) -> Ability:
    """One line of rules text as an ``Ability``; raises ``RulesTextError``."""
    return rules_parser(game).parse_ability(text)


def parse_card_text(text: str, game: Game | Vocabulary) -> tuple[Ability, ...]:
    """A card's rules text, one ability per line; raises ``RulesTextError``."""
    return rules_parser(game).parse_card_text(text)

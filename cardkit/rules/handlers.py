"""The handlers of grammar.lark (``Builder``, one method per rule and alias): each builds one
effect value while the parser reads the text.

Generic clauses are built as ``Act`` values of typed terms; ``shapes.py`` then gives the
clauses the sample games' simulator knows (``Draw``, ``Gain``, ``ScrapCards`` ...) their own
values, so that one clause has one value however it was parsed.

The installed wheel compiles this module with mypyc (``hatch_build.py``). ``Builder`` stays a
Python class (lark's ``Transformer`` is its base) whose methods are compiled; in such a class a
method cannot be named again in the class body (``recipient = cards``): write a method that
calls the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple, TypeVar

from lark import Token, Tree
from lark.visitors import Transformer
from mypy_extensions import mypyc_attr

from cardkit.effects import (
    NUMBER_WORDS,
    Ability,
    AbilityCost,
    And,
    AtEndOf,
    Bond,
    Choice,
    Clause,
    Conditional,
    CopyAnother,
    Effect,
    EndSpan,
    EveryFaction,
    Gain,
    Joins,
    KeywordUse,
    MakeAttack,
    MayBeTargeted,
    ModifyStat,
    MoveCards,
    MoveWithout,
    Node,
    OnBanish,
    Place,
    PlayOnlyDuring,
    Pos,
    Primary,
    RemoveCounters,
    ReplaceAll,
    Sequence,
    SetStat,
    Special,
    TakeControl,
    Then,
    Trigger,
)
from cardkit.effects.core import (
    Act,
    Amounts,
    Choose,
    Costs,
    Declared,
    Framed,
    KeywordList,
    Labelled,
    Nested,
    Note,
    Shorthand,
    Term,
    Under,
    Wording,
    Words,
)
from cardkit.effects.forms import SlotValue, fill
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.inflect import plural_noun
from cardkit.rules.grammar import fold, verb_labels
from cardkit.rules.shapes import Shapes

N = TypeVar("N", bound=Node)


class _Amounts(NamedTuple):
    pairs: tuple[tuple[str, int], ...]
    pos: Pos


class _Zone(NamedTuple):
    """A zone as a rule reads it: its id, and the owner word written before it."""

    id: str
    owner: Token | None
    name: Token
    words: tuple[Token, ...] = ()
    """Every word before the name ("the top of your"), the owner word among them."""


_POSITIONS: dict[tuple[int, int], Pos] = {}
"""Positions made before (a ``Pos`` is an immutable value: one per place serves every node)."""


def _pos(token: Token) -> Pos:
    key = (token.line or 1, token.column or 1)
    found = _POSITIONS.get(key)
    if found is None:
        if len(_POSITIONS) >= 4096:
            _POSITIONS.clear()
        found = _POSITIONS[key] = Pos(*key)
    return found


_MODAL_WORDS = {"YOU_MAY": "you may", "CAN_NOT": "cannot", "BE": "be"}
_VERB_WORDS = frozenset(
    {
        "VERB",
        "VERB_S",
        "VERB_ED",
        "ACTION",
        "CONJ",
        "NOT",
        "COST_BY",
        "ALSO",
        "ADVERB",
        *_MODAL_WORDS,
    }
)
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-"})


@mypyc_attr(native_class=False)  # compiled methods in a Python class (module docstring)
class Builder(Transformer[Token, Any]):
    """One handler per rule and alias of grammar.lark; each builds one value."""

    def __init__(self, vocab: Vocabulary) -> None:
        super().__init__()
        self.vocab = vocab
        self.resources = {fold(name): key for key, name in vocab.resources}
        self.singulars = {fold(name): key for key, name in vocab.singulars}
        self.factions = {fold(name): key for key, name in vocab.factions}
        self.types = {fold(name): key for key, name in vocab.kinds()}
        self.types_plural = {fold(name): key for key, name in vocab.plural_names()}
        self.specials = {fold(words): Special(key, words) for key, words in vocab.specials}
        self.keyword_ids = {fold(name): key for key, name in vocab.keywords}
        self.zone_ids = {fold(name): key for key, _, name in vocab.zones}
        self.zone_ids |= {fold(plural_noun(name)): key for key, _, name in vocab.zones}
        self.zone_names = frozenset(fold(name) for _, _, name in vocab.zones)
        self.span_ids = {fold(name): key for key, name in vocab.spans}
        self.cost_ids = {fold(name): key for key, name in (*vocab.resources, *vocab.symbols)}
        self.stats = {fold(stat.replace("_", " ")): stat for stat in vocab.stats}
        self.properties = {fold(p.replace("_", " ")): p for p in vocab.properties}
        self.shapes = Shapes(vocab)
        self.verb_labels = verb_labels(vocab)
        self.symbol_ids = {
            fold(name): key
            for key, singular, plural in vocab.cost_symbols
            for name in (singular, plural)
        }
        self.meaning: Callable[[str], Effect] | None = None
        """Parses a core sentence; set by the parser once built (shorthand forms mean one)."""

    def _node(self, pos: Pos, make: Callable[..., N], *args: Any, **kwargs: Any) -> N:
        try:
            return make(*args, pos=pos, vocab=self.vocab, **kwargs)
        except ValueError as exc:
            raise RulesTextError(str(exc), line=pos.line, column=pos.column) from None

    # terms

    def _term(self, token: Token) -> Term:
        """One word of a generic phrase as a typed term (module docstring of effects/core)."""
        kind, text = token.type, " ".join(str(token).split())
        folded = text.casefold()
        if kind == "NUMBER":
            return ("n", str(int(text)))
        if kind == "CARD_TYPE":
            return ("type", self.types[folded])
        if kind == "CARD_TYPES":
            return ("types", self.types_plural[folded])
        if kind == "RESOURCE":
            if folded in self.resources:
                return ("resource", self.resources[folded])
            return ("resource1", self.singulars[folded])
        if kind in ("ZONE", "ZONE_ADJ"):
            if folded not in self.zone_names:  # a zone's name in the plural: 'Win 2 tricks'
                return ("w", folded)  # is kept as written ('zone' terms print the name)
            return ("zone", self.zone_ids[folded])
        if kind == "KEYWORD":
            return ("keyword", self.keyword_ids[folded])
        if kind == "FACTION":
            return ("faction", self.factions[folded])
        if kind == "THIS_SPAN":
            return ("span", self.span_ids[folded.split(" ", 1)[1]])
        if kind in ("NAME", "SUBJECT_NAME"):
            return ("name", text)
        if kind == "RESOURCE_COUNTER":
            name, word = folded.rsplit(" ", 1)
            resource = self.resources.get(name) or self.singulars[name]
            return ("counter", f"{resource} {word}")
        if kind == "CARD_NAME":
            return ("quote", text[1:-1].strip())
        if kind == "STAT":
            return ("stat", self.stats[folded])
        if kind in ("WORD", "FREE"):
            return ("word", folded)
        if kind in ("PLAYER", "OWNER_POSS", "ADJ") and self.vocab.side(folded) != folded:
            return ("side", folded)  # a side the game declares, printed as it writes it
        return ("w", folded.translate(_MINUS))

    def _terms(self, children: list[Any]) -> tuple[Term, ...]:
        out: list[Term] = []
        for child in children:
            if child is None:
                continue
            if isinstance(child, Token) and child.type == "THIS_KIND":
                out += [("w", "this"), ("type", self.types[fold(str(child).split(None, 1)[1])])]
            elif isinstance(child, Token):
                out.append(self._term(child))
            elif isinstance(child, _Zone):
                out += [self._term(word) for word in child.words]
                out.append(("zone", child.id))
            elif isinstance(child, int):
                out.append(("n", str(child)))
            elif isinstance(child, tuple) and len(child) == 2 and isinstance(child[0], bool):
                out.extend(self._duration_terms(child))
            elif isinstance(child, Words):
                out.extend(child.terms)
            else:
                raise AssertionError(f"no term for {child!r}")
        return tuple(out)

    def _duration_terms(self, lasts: tuple[bool, str]) -> list[Term]:
        this_turn, span = lasts
        return [("w", "this turn")] if this_turn else [("span", span)]

    def _words(self, role: str, children: list[Any]) -> Words:
        pos = Pos(1, 1)
        for child in children:
            if isinstance(child, Token):
                pos = _pos(child)
                break
            if isinstance(child, _Zone):
                pos = _pos(child.owner if child.owner is not None else child.name)
                break
            if isinstance(child, Node) and child.pos is not None:
                pos = child.pos
                break
        return self._node(pos, Words, role, self._terms(children))

    # abilities

    def card_text(self, children: list[Ability]) -> tuple[Ability, ...]:
        return tuple(children)

    def ability(self, children: list[Any]) -> Ability:
        trigger, effect = children
        if trigger is None:
            trigger = self._node(_start(effect), Primary)
            return self._node(_start(effect), Ability, trigger, effect)
        return self._node(trigger.pos, Ability, trigger, effect)

    def labelled(self, children: list[Trigger]) -> Trigger:
        return children[0]

    def nested(self, children: list[Any]) -> Trigger:
        first, inner = children
        outer = first if isinstance(first, Trigger) else self.costs([first])
        return self._node(_start(outer), Nested, outer, inner)

    def labelled_cost(self, children: list[Any]) -> Trigger:
        """A label and the ability's cost: "Interface -> 1 credit:"."""
        label, chain = children
        if not isinstance(label, Trigger):  # a label that is a verb alone: "Access -> 1 credit:"
            label = self.costs([label])
            if isinstance(label, Costs):
                raise RulesTextError(
                    "a cost after a cost is not read; write the costs together before one ':'",
                    line=_start(label).line,
                    column=_start(label).column,
                )
        costs = self.costs([chain])
        if not isinstance(label, Labelled) or not isinstance(costs, Costs):
            raise RulesTextError(
                "a cost after this label is not read; write the cost alone before ':'",
                line=_start(label).line,
                column=_start(label).column,
            )
        return replace(label, costs=costs)

    def label(self, children: list[Tree[Any]]) -> Trigger:
        index, values, pos = self._declared(children[0])
        return self._label(index, values, pos)

    def nested_label(self, children: list[Tree[Any]]) -> Trigger:
        return self.label(children)

    def _label(self, index: int, values: tuple[SlotValue, ...], pos: Pos) -> Trigger:
        key, _, means, count, cost = self.vocab.labels[index]
        if means == "bond" and len(values) == 1 and isinstance(values[0], str):
            return self._node(pos, Bond, values[0], double=count == 2)
        if means == "cost" and self.shapes.removes_this_card(cost):
            return self._node(pos, OnBanish)
        return self._node(pos, Labelled, key, values)

    def _declared(self, tree: Tree[Any]) -> tuple[int, tuple[SlotValue, ...], Pos]:
        index = int(str(tree.data).rsplit("_", 1)[1])
        values = tuple(c[0] for c in tree.children if isinstance(c, tuple))
        tokens = [c for c in tree.children if isinstance(c, Token)]
        firsts = [c[1] for c in tree.children if isinstance(c, tuple)]
        pos = _pos(tokens[0]) if tokens else firsts[0]
        if (
            tokens
            and firsts
            and (firsts[0].line, firsts[0].column)
            < (
                tokens[0].line or 1,
                tokens[0].column or 1,
            )
        ):
            pos = firsts[0]
        return index, values, pos

    def phrase(self, children: list[Tree[Any]]) -> Clause:
        index, values, pos = self._declared(children[0])
        return self._node(pos, Declared, self.vocab.phrases[index][0], values)

    def shorthand(self, children: list[Tree[Any]]) -> Clause:
        index, values, pos = self._declared(children[0])
        form, meaning = self.vocab.shorthand[index]
        effect = None
        if self.meaning is not None:
            effect = self.meaning(fill(meaning, values, self.vocab))
        return self._node(pos, Shorthand, form, values, effect)

    def slot_n(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        token = children[0]
        if token.type == "NUMBER_WORD":
            return NUMBER_WORDS.index(str(token).lower()), _pos(token)
        return int(str(token).lstrip("+$")), _pos(token)

    def slot_plus(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self.slot_n(children)

    def slot_dollar(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self.slot_n(children)

    def slot_plus_dollar(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self.slot_n(children)

    def slot_resource(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        term = self._term(children[0])
        return term[1], _pos(children[0])

    def slot_card_type(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self._term(children[0])[1], _pos(children[0])

    def slot_keyword(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self.slot_card_type(children)

    def slot_faction(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return self.slot_card_type(children)

    def slot_factions(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return tuple(self._term(c)[1] for c in children), _pos(children[0])

    def slot_card_name(self, children: list[Token]) -> tuple[SlotValue, Pos]:
        return " ".join(str(children[0]).split()), _pos(children[0])

    def slot_zone(self, children: list[Token | None]) -> tuple[SlotValue, Pos]:
        zone = self.zone(children)
        first = zone.owner if zone.owner is not None else zone.name
        words = f"{fold(zone.owner)} " if zone.owner is not None else ""
        return words + fold(zone.name), _pos(first)

    def ability_cost(self, children: list[tuple[tuple[str, int], Pos]]) -> Trigger:
        costs = tuple(cost for cost, _ in children)
        return self._node(children[0][1], AbilityCost, costs)

    def cost_item(self, children: list[Token]) -> tuple[tuple[str, int], Pos]:
        opening, number, resource = children
        return (self.cost_ids[fold(resource)], int(number)), _pos(opening)

    def costs(self, children: list[Effect]) -> Trigger:
        (chain,) = children
        items = chain.effects if isinstance(chain, And) else (chain,)
        first = items[0]
        if len(items) == 1 and isinstance(first, Act) and not first.parts and not first.modal:
            index = self.verb_labels.get(first.verb)
            if index is not None:  # a label that is a verb alone: "Scrap:"
                return self._label(index, (), _start(first))
        return self._node(_start(first), Costs, tuple(items))

    def cost_symbol(self, children: list[Token]) -> Clause:
        (word,) = children
        return self._node(_pos(word), Act, fold(word))

    def body(self, children: list[Effect]) -> Effect:
        if len(children) == 1:
            return children[0]
        # a sentence that is two ("If X, A, otherwise B") stands as the two it is
        flat = [e for c in children for e in (c.effects if isinstance(c, Sequence) else (c,))]
        return self._node(_start(children[0]), Sequence, tuple(flat))

    # chains, conditions, frames

    def all_of(self, children: list[Effect]) -> Effect:
        joined = self._node(_start(children[0]), And, tuple(children))
        return self.shapes.chain(joined)

    def and_if_tail(self, children: list[Effect]) -> Effect:
        """Clauses, then a condition that governs the rest of the sentence: "+1 Coin, and if
        you have 10 or more, +1 Buy" (the condition is the last of the clauses done)."""
        first, condition = children
        clauses = first.effects if isinstance(first, And) else (first,)
        return self._node(_start(first), And, (*clauses, condition))

    def then(self, children: list[Effect]) -> Effect:
        return self._node(_start(children[0]), Then, tuple(children))

    def choice(self, children: list[Effect | _Amounts | Words | None]) -> Effect:
        options: list[Effect] = []
        for child in children:
            if isinstance(child, _Amounts):
                options.append(self._amount_option(options[-1], child))
            elif isinstance(child, Words):  # what follows an option's amounts
                last = options[-1]
                if isinstance(last, Act):
                    options[-1] = replace(last, parts=(*last.parts, child))
                else:  # a gain: "Gain 2 life, or 3 mana if you control an Elf"
                    assert isinstance(last, Gain) and last.pos is not None
                    amounts = self._node(last.pos, Amounts, last.amounts)
                    made = self._node(last.pos, Act, "gain", (amounts, child))
                    options[-1] = self.shapes.clause(made)
            elif child is not None:
                options.append(child)
        return self._node(_start(options[0]), Choice, tuple(options))

    def or_then(self, children: list[Effect]) -> Effect:
        return self.then(children)

    def either(self, children: list[Any]) -> Effect:
        """A choice within clauses done together: "... and either discards it or puts it back"
        (the word "either" is the first option's, as in "may either trash a card or ...")."""
        word, first, *rest = children
        if not isinstance(first, Act):
            raise RulesTextError(
                "write the first option after 'either' with a verb of its own",
                line=_pos(word).line,
                column=_pos(word).column,
            )
        first = replace(first, verb=f"either {first.verb}", pos=_pos(word))
        return self._node(_pos(word), Choice, (first, *rest))

    def _amount_option(self, previous: Effect, amounts: _Amounts) -> Clause:
        """Amounts alone after "or": the verb of the option before them ("You lose 2 life, or
        1 life if ..."), or gain after a gain ("Gain 1 Gold or 3 Stone")."""
        made = self._node(amounts.pos, Amounts, amounts.pairs)
        if isinstance(previous, Act) and previous.parts and isinstance(previous.parts[0], Amounts):
            return replace(previous, parts=(made,), pos=amounts.pos)
        return self.shapes.gain(made)

    def otherwise(self, children: list[Any]) -> Sequence:
        """A condition and what happens otherwise in one sentence ("If X, A, otherwise B"):
        the two sentences "If X, A. Otherwise, B." are."""
        word, condition, effect, otherwise, other = children
        first = self._node(_pos(word), Conditional, condition, effect)
        then = self._node(_pos(otherwise), Framed, "otherwise", None, other)
        return self._node(_pos(word), Sequence, (first, then))

    def conditional(self, children: list[Any]) -> Effect:
        word, condition, effect = children
        return self._node(_pos(word), Conditional, condition, effect)

    def note(self, children: list[Token]) -> Note:
        (token,) = children
        return self._node(_pos(token), Note, " ".join(str(token)[1:-1].split()))

    def or_word(self, children: list[Any]) -> Token:
        return Token("CONJ", "or")

    def and_word(self, children: list[Any]) -> Token:
        return Token("CONJ", "and")

    def condition(self, children: list[Any]) -> Node:
        wording = self._node(_pos(children[0]), Wording, self._terms(children))
        return self.shapes.condition(wording)

    def quantity(self, children: list[Token]) -> int:
        (token,) = children
        if token.type == "NUMBER":
            return int(token)
        return NUMBER_WORDS.index(token.lower())

    def delayed(self, children: list[Any]) -> AtEndOf:
        word, lasts, effect = children
        return self._node(_pos(word), AtEndOf, effect, *lasts)

    def framed(self, children: list[Any]) -> Framed:
        lead, *words, effect = children
        terms = self._terms(words)
        wording = self._node(_pos(lead), Wording, terms) if terms else None
        return self._node(_pos(lead), Framed, fold(lead), wording, effect)

    def under(self, children: list[Any]) -> Under:
        label, effect = children
        return self._node(_start(label), Under, label, effect)

    def case(self, children: list[Any]) -> Framed:
        """An option line, "Action card, +1 Action": the cards frame what happens. The cards
        may start with a count ("Two Action cards, ..."), which is no token: the words are
        the terms of every child, at the first token's place."""
        *cards, effect = children
        terms = self._terms(cards)
        where = self._words("cards", cards).pos or Pos(1, 1)
        lead, rest = terms[0][1], terms[1:]
        wording = self._node(where, Wording, rest) if rest else None
        return self._node(where, Framed, lead, wording, effect)

    def numbered(self, children: list[Any]) -> Framed:
        """An option of a table of numbers, "2 or 6: +3 Cards": the numbers frame what
        happens, as the cards of an option line do ("Action card, +1 Action")."""
        first, *rest, effect = children
        numbers = [number for number in rest if number is not None]
        wording = self._node(_pos(first), Wording, self._terms(numbers)) if numbers else None
        return self._node(_pos(first), Framed, str(int(first)), wording, effect)

    def choose(self, children: list[Any]) -> Choose:
        word, *options = children
        count = fold(word).split(None, 1)[1]
        if len(options) == 1 and isinstance(options[0], Choice):  # "Choose one: A, or B"
            options = list(options[0].options)
        return self._node(_pos(word), Choose, count, tuple(options))

    def keyword_list(self, children: list[Any]) -> Clause:
        uses = tuple(child for child in children if isinstance(child, KeywordUse))
        return self._node(_start(uses[0]), KeywordList, uses)

    # generic clauses

    def act(self, children: list[Any]) -> Clause:
        modal, verb, at = "", [], 0
        rest = [child for child in children if child is not None]
        while at < len(rest) and isinstance(rest[at], Token) and rest[at].type in _VERB_WORDS:
            token = rest[at]
            if token.type == "NOT":
                modal = fold(token).replace("\u2019", "'")
            elif token.type in _MODAL_WORDS:
                modal = _MODAL_WORDS[token.type] if token.type != "BE" else modal + " be"
            else:
                verb.append(fold(token))
            at += 1
        if not verb and modal.endswith(" be"):  # "Can't be the target of spells"
            modal, verb = modal[: -len(" be")], ["be"]
        pos = _pos(rest[0])
        made = self._node(pos, Act, " ".join(verb), self._parts(rest[at:]), modal=modal)
        return self.shapes.clause(made)

    def trailer(self, children: list[Any]) -> Words:
        return self._words("trailer", children)

    def rest_too(self, children: list[Any]) -> Words:
        return self._words("trailer", children)

    def shorthand_more(self, children: list[Any]) -> Clause:
        first, *parts = [child for child in children if child is not None]
        if isinstance(first, _Amounts):
            amounts = self._node(first.pos, Amounts, first.pairs)
            made = self._node(first.pos, Act, "gain", (amounts, *self._parts(parts)))
            return self.shapes.clause(made)
        assert isinstance(first, Shorthand | Declared)
        return replace(first, parts=self._parts(parts))

    def bare_stat(self, children: list[Any]) -> Clause:
        change, *parts = children
        made = self._node(_start(change), Act, "get", (change, *self._parts(parts)))
        return self.shapes.clause(made)

    def _amount_term(self, resource: str, n: int) -> Term:
        if resource in self.symbol_ids.values():
            return ("w", fold(self.vocab.amount(resource, n).split(" ", 1)[1]))
        if n == 1 and resource in self.singulars.values():
            return ("resource1", resource)
        return ("resource", resource)

    def by_much(self, children: list[Any]) -> Words:
        return self._words("by", children)

    def from_being(self, children: list[Any]) -> Words:
        return self._words("from", children)

    def card_ref(self, children: list[Any]) -> Words:
        return self._words("on", children)

    def subject_act(self, children: list[Any]) -> Clause:
        # "also" and an adverb before the verb are None when absent
        subject, modal, *given = children
        rest = [child for child in given if child is not None]
        if isinstance(modal, Token) and modal.type == "CAN_NOT" and rest[0].type == "BE":
            # "cannot be blocked": the participle is the verb; "cannot be the target of
            # spells": 'be' is, and the cards follow it
            beheld = len(rest) > 1 and not isinstance(rest[1], Token)
            words, rest = ("cannot", rest) if beheld else ("cannot be", rest[1:])
        elif isinstance(modal, Token):
            words = {"CAN_NOT": "cannot"}.get(modal.type, fold(modal).replace("\u2019", "'"))
        else:
            words = ""
        at = 1
        while at < len(rest) and isinstance(rest[at], Token) and rest[at].type in _VERB_WORDS:
            at += 1
        verb = " ".join(fold(token) for token in rest[:at])
        parts = rest[at:]
        made = self._node(subject.pos, Act, verb, self._parts(parts), subject=subject, modal=words)
        return self.shapes.clause(made)

    def _parts(self, parts: list[Any]) -> tuple[Node, ...]:
        out: list[Node] = []
        for part in parts:
            if isinstance(part, Node):
                out.append(part)
            elif isinstance(part, _Amounts):
                out.append(self._node(part.pos, Amounts, part.pairs))
            elif isinstance(part, _Zone):
                out.append(self._words("zone", [part]))
            elif isinstance(part, tuple):
                out.append(Words("time", tuple(self._duration_terms(part)), vocab=self.vocab))
            elif isinstance(part, Token):
                out.append(self._words(part.type.lower(), [part]))
            elif isinstance(part, int):  # a number alone after the verb's other words
                out.append(Words("n", (("n", str(part)),), vocab=self.vocab))
            elif part is not None:
                raise AssertionError(f"no phrase for {part!r}")
        return tuple(out)

    def subject(self, children: list[Any]) -> Words:
        return self._words("subject", children)

    def player(self, children: list[Any]) -> Words:
        return self._words("player", children)

    def cards(self, children: list[Any]) -> Words:
        return self._words("cards", children)

    # The cards given something: "Give target creature 2 counters".
    def recipient(self, children: list[Any]) -> Words:
        return self.cards(children)

    def zone_ref(self, children: list[Any]) -> Words:
        return self._words("zone", children)

    def by_n(self, children: list[Any]) -> Words:
        return self._words("by", children)

    def zone_of(self, children: list[Any]) -> Words:
        return self._words("zone", children)

    def zone(self, children: list[Token | None]) -> _Zone:
        *words, name = children
        assert name is not None
        owner = next((word for word in words if word is not None), None)
        return _Zone(self.zone_ids[fold(name)], owner, name, tuple(w for w in words if w))

    def time(self, children: list[Any]) -> Words:
        return self._words("time", children)

    def for_each(self, children: list[Any]) -> Words:
        return self._words("for each", children)

    def equal_to(self, children: list[Any]) -> Words:
        return self._words("equal to", children)

    def to_whom(self, children: list[Any]) -> Words:
        return self._words("to", children)

    def manner(self, children: list[Any]) -> Words:
        return self._words("manner", children)

    def amounts_for(self, children: list[Any]) -> Words:
        word, amounts = children
        terms: list[Term] = [("w", "for")]
        for index, (resource, n) in enumerate(amounts.pairs):
            if index:
                terms.append(("w", "and"))
            terms += [("n", str(n)), ("resource", resource)]
        return self._node(_pos(word), Words, "for", tuple(terms))

    def stat_change(self, children: list[Token]) -> Words:
        return self._words("stat", children)

    def bare_gain(self, children: list[_Amounts]) -> Clause:
        (amounts,) = children
        return self.shapes.gain(self._node(amounts.pos, Amounts, amounts.pairs))

    def amounts(self, children: list[tuple[tuple[str, int], Pos]]) -> _Amounts:
        return _Amounts(tuple(pair for pair, _ in children), children[0][1])

    def amount(self, children: list[Token]) -> tuple[tuple[str, int], Pos]:
        number, resource = children
        term = (
            ("w", self.symbol_ids[fold(resource)])
            if resource.type == "COST_SYMBOL"
            else self._term(resource)
        )
        if number.type == "NUMBER_WORD":
            n = NUMBER_WORDS.index(str(number).lower())
        else:
            n = int(str(number).lstrip("+"))
        return (term[1], n), _pos(number)

    # the sample games' own rules

    def copy_another(self, children: list[Any]) -> CopyAnother:
        word, kinds = children
        return self._node(_pos(word), CopyAnother, kinds)

    def all_factions(self, children: list[Token]) -> EveryFaction:
        return self._node(_pos(children[0]), EveryFaction)

    def special(self, children: list[Token]) -> Special:
        (words,) = children
        entry = self.specials[fold(words)]
        return self._node(_pos(words), Special, entry.key, entry.words)

    def any_card(self, children: list[Token]) -> tuple[str, ...]:
        return ()

    def card_types(self, children: list[Token]) -> tuple[str, ...]:
        return tuple(self.types[fold(kind)] for kind in children)

    def move(self, children: list[Any]) -> MoveCards:
        word, (n, yours, kinds), source, target = children
        return self._node(_pos(word), MoveCards, kinds, source, target, n, yours)

    def move_any(self, children: list[Any]) -> tuple[int | None, bool, tuple[str, ...]]:
        _any, yours, kinds = children
        return None, yours is not None, kinds

    def move_one(self, children: list[Any]) -> tuple[int | None, bool, tuple[str, ...]]:
        return 1, False, children[1]

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

    def _remove(self, children: list[Any], *, each_player: bool) -> RemoveCounters:
        word, number, resource, (each, what) = children
        resource_id = self._term(resource)[1]
        return self._node(
            _pos(word), RemoveCounters, resource_id, int(number), what, each, each_player
        )

    def each_card_at(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[fold(children[-1])]

    def one_target(self, children: list[Token]) -> tuple[bool, str]:
        return False, self.types[fold(children[-1])]

    def end_span(self, children: list[Any]) -> EndSpan:
        word, lasts, now = children
        return self._node(_pos(word), EndSpan, *lasts, immediately=now is not None)

    def joins(self, children: list[Any]) -> Joins:
        word, lasts = children
        return self._node(_pos(word), Joins, *lasts)

    def attack(self, children: list[Any]) -> MakeAttack:
        word, _a, stat, number, (each, kind), lasts = children
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
        word, between, _a, keyword = children
        what = self.types[fold(str(word).split(None, 1)[1])]
        where = self.types_plural[fold(between)]
        return self._node(_pos(word), MoveWithout, what, where, self.keyword_ids[fold(keyword)])

    def play_only(self, children: list[Token]) -> PlayOnlyDuring:
        word, whose, span = children
        span_id = "" if fold(span) == "turn" else self.span_ids[fold(span)]
        opponents = whose.type == "YOUR_OPPONENTS"
        anyone = whose.type == "A_SPAN"
        return self._node(_pos(word), PlayOnlyDuring, span_id, opponents, anyone)

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

    def modify_yours(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "your")

    def modify_enemy(self, children: list[Any]) -> ModifyStat:
        return self._modify(children, "enemy")

    def _modify(self, children: list[Any], scope: str) -> ModifyStat:
        word, kind, (delta, stat), lasts = children
        what = self.types_plural[fold(kind)]
        return self._node(_pos(word), ModifyStat, what, stat, delta, scope, *_lasts(lasts))

    def old_stat_change(self, children: list[Token]) -> tuple[int, str]:
        number, stat = children
        digits = str(number).lstrip("+-\u2212\u2013")
        delta = int(digits) if str(number).startswith("+") else -int(digits)
        return delta, self.stats[fold(stat)]

    def duration(self, children: list[Token]) -> tuple[bool, str]:
        """'this turn' -> (True, ''); 'this <span>' -> (False, the span's id)."""
        (word,) = children
        if word.type == "THIS_TURN":
            return True, ""
        return False, self.span_ids[fold(word).split(" ", 1)[1]]

    # The same span words where only some words may follow (grammar.lark says why).
    def end_of(self, children: list[Token]) -> tuple[bool, str]:
        return self.duration(children)

    def ended(self, children: list[Token]) -> tuple[bool, str]:
        return self.duration(children)

    def set_stat(self, children: list[Any]) -> SetStat:
        (pos, what), stat, _is, value = children
        return self._node(pos, SetStat, what, self.stats[fold(stat)], value)

    def this_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        (word,) = children
        return _pos(word), self.types[fold(str(word).split(None, 1)[1])]

    def affected_card(self, children: list[Token]) -> tuple[Pos, str | None]:
        return _pos(children[0]), None

    def to_number(self, children: list[Token]) -> int | None:
        return int(children[0])

    def halved(self, children: list[Token]) -> int | None:
        return None

    def take_control(self, children: list[Any]) -> TakeControl:
        word, _target, _non, excluding, kind = children
        non = self.keyword_ids[fold(excluding)] if excluding is not None else None
        return self._node(_pos(word), TakeControl, self.types[fold(kind)], non)

    def keyword(self, children: list[Any]) -> KeywordUse:
        word, args, reminder = children
        keyword = self.keyword_ids[fold(word)]
        note = " ".join(str(reminder).split()) if reminder is not None else ""
        return self._node(_pos(word), KeywordUse, keyword, args or (), reminder=note)

    def keyword_args(self, children: list[Token]) -> tuple[int | str, ...]:
        args = (" ".join(str(token).split()) for token in children)
        return tuple(int(arg) if arg.isdigit() else arg for arg in args)

    def target_card(self, children: list[Token]) -> tuple[bool, str]:
        return False, self.types[fold(children[-1])]

    def each_enemy(self, children: list[Token]) -> tuple[bool, str]:
        return True, self.types[fold(children[-1])]


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

"""The sample games' effect values, read from generic clauses.

The grammar reads every verb the same way (``Act``: a verb and typed phrases). The simulator
and the checks know some clauses by values of their own (``Draw``, ``Gain``, ``ScrapCards``,
``PutInto`` ...). ``Shapes`` gives a generic clause that value when its terms have that
value's shape, so that a clause has one value however it is written: ``str`` of the value
parses back to it.

A shape is the clause's words with typed terms as ``<kind:id>`` ('draw 2 cards', 'put a
<type:base> from your <zone:discard> on top of your <zone:deck>'); numbers written as words
are digits there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from cardkit.effects import (
    DECK,
    NUMBER_WORDS,
    TOP_OF,
    AcquireFree,
    And,
    BanishCards,
    BanishedThisTurn,
    Cannot,
    Clause,
    Condition,
    CreateCard,
    DealDamage,
    DestroyTarget,
    Discard,
    DiscardedThisWay,
    Draw,
    DrawKind,
    Effect,
    ForEach,
    Gain,
    GainPerCost,
    GrantKeyword,
    IfYouDo,
    InPlay,
    KeywordUse,
    ModifyStat,
    NextAcquireOnTop,
    Node,
    OpponentDiscards,
    OpponentDiscardsKinds,
    PutBackIntoPlay,
    PutFromDiscardOnTop,
    PutInto,
    PutIntoPlay,
    PutOnTop,
    RemoveCounters,
    Reveal,
)
from cardkit.effects.core import Act, Amounts, Term, Wording, Words
from cardkit.effects.vocab import Vocabulary, inflect
from cardkit.errors import RulesTextError

N = TypeVar("N", bound=Node)

_ID = r"[^<>:\s]+"
_KINDS = rf"card|<type:{_ID}>(?: or <type:{_ID}>)*"
_NUMBER = {word: str(n) for n, word in enumerate(NUMBER_WORDS)}


def shape(terms: tuple[Term, ...]) -> str:
    out = []
    for kind, value in terms:
        if kind == "w":
            out.append(_NUMBER.get(value, value))
        elif kind == "n" or (kind == "stat" and value == "cost"):
            out.append(value)
        else:
            out.append(f"<{kind}:{value}>")
    return " ".join(out).replace(" ,", ",")


def _kinds(text: str) -> tuple[str, ...]:
    return tuple(re.findall(rf"<type:({_ID})>", text))


def _count(word: str) -> int:
    return 1 if word in ("a", "an") else int(word)


def _lasts(text: str | None) -> tuple[bool, str]:
    if not text:
        return False, ""
    if text.strip() == "this turn":
        return True, ""
    found = re.search(rf"<span:({_ID})>", text)
    return False, found.group(1) if found else ""


class Shapes:
    """The shapes of one game's vocabulary (its removal verb, from its labels)."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.removal = ""
        self.removed = ""
        for words, _, _ in vocab.verbs:
            if words.lower() == vocab.removal_verb():
                self.removal = words.lower()
                self.removed = inflect(words.lower())[1]
        if not self.removed:  # "for each card you have removed this turn" in any game
            self.removed = inflect(vocab.removal_verb())[1]
        self.rules: list[tuple[re.Pattern[str], Callable[[re.Match[str], Act], Effect | None]]] = []
        self._build()
        # Each clause is tried against the shapes that may match it: those whose pattern starts
        # with its first word, and those that start with no fixed word (in their order).
        firsts = [(rule, _first_word(rule[0].pattern)) for rule in self.rules]
        self._unkeyed = [rule for rule, first in firsts if first is None]
        self._keyed = {
            word: [rule for rule, first in firsts if first in (word, None)]
            for _, word in firsts
            if word is not None
        }

    def removes_this_card(self, cost: str) -> bool:
        """Whether a cost label's core words remove the card: '<a declared verb> this card'."""
        words = cost.lower().split()
        moves = {verb.lower() for verb, _, _ in self.vocab.verbs}
        return len(words) >= 3 and words[0] in moves and words[1:] == ["this", "card"]

    # the shapes

    def _build(self) -> None:
        rules = self.rules
        rules.append((re.compile(r"^draw (a|\d+) cards?$"), lambda m, a: Draw(_count(m[1]))))
        rules.append((re.compile(rf"^draw (?:a|an) <type:({_ID})>$"), lambda m, a: DrawKind(m[1])))
        rules.append(
            (re.compile(rf"^draw (\d+) <types:({_ID})>$"), lambda m, a: DrawKind(m[2], int(m[1])))
        )
        rules.append((re.compile(r"^discard (a|\d+) cards?$"), lambda m, a: Discard(_count(m[1]))))
        rules.append((re.compile(r"^discard any number of cards$"), lambda m, a: Discard(None)))
        rules.append(
            (
                re.compile(rf"^gain <resource:({_ID})> equal to its (?:cost|<stat:cost>)$"),
                lambda m, a: GainPerCost(m[1]),
            )
        )
        if self.removal:
            verb = re.escape(self.removal)
            rules.append(
                (
                    re.compile(rf"^(you may )?{verb} (a card|up to (\d+) cards) in (.*)$"),
                    self._banish,
                )
            )
        rules.append(
            (
                re.compile(rf"^(you may )?destroy target <types?:({_ID})>$"),
                lambda m, a: DestroyTarget(m[2], optional=bool(m[1])),
            )
        )
        rules.append(
            (
                re.compile(rf"^acquire (?:a|an) ({_KINDS}) of cost (\d+) or less for free$"),
                lambda m, a: AcquireFree(int(m[2]), _kinds(m[1])),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^put the next ({_KINDS}) you acquire this turn on top of (?:your|the) "
                    rf"<zone:({_ID})>$"
                ),
                self._next_on_top,
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^put (?:a|an) ({_KINDS}) from (?:your|the) <zone:({_ID})> on top of "
                    rf"(?:your|the) <zone:({_ID})>$"
                ),
                self._on_top,
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^put (?:a|an) ({_KINDS}) from (?:your|the) <zone:({_ID})> into play"
                    rf"(?: at this <type:({_ID})>)?$"
                ),
                lambda m, a: PutIntoPlay(_kinds(m[1]), m[2], m[3]),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^put (?:(?:a|an) ({_KINDS})|(this card)) from (?:your|the) <zone:({_ID})>"
                    rf" into (?:your|the) <zone:({_ID})>$"
                ),
                lambda m, a: PutInto(None if m[2] else _kinds(m[1]), m[3], m[4]),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^put the <types?:({_ID})> just destroyed( in <span:{_ID}>| this turn)? "
                    r"back into play$"
                ),
                lambda m, a: PutBackIntoPlay(m[1], *_lasts(m[2])),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^reveal every <keyword:({_ID})> card(?: at target <types?:({_ID})>)?$"
                ),
                lambda m, a: Reveal(m[1], m[2]),
            )
        )
        rules.append(
            (
                re.compile(r"^target opponent discards (a|\d+) cards?$"),
                lambda m, a: OpponentDiscards(_count(m[1])),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^target opponent discards (?:(a|an) (<type:{_ID}>(?: or <type:{_ID}>)*)|"
                    rf"(\d+) (<types:{_ID}>(?: or <types:{_ID}>)*)) of their choice$"
                ),
                self._discards_kinds,
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^target (?:(attacking|blocking) )?<types?:({_ID})> gets ([+-]\d+) "
                    rf"(?:<stat:({_ID})>|(cost))( this turn| <span:{_ID}>)?$"
                ),
                lambda m, a: ModifyStat(
                    m[2], m[4] or m[5], int(m[3]), "target", *_lasts(m[6]), state=m[1] or ""
                ),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^target <types?:({_ID})> gains <keyworduse>( this turn| <span:{_ID}>)?$"
                ),
                self._grant,
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^target <types?:({_ID})> cannot (attack|block|move)"
                    rf"( this turn| <span:{_ID}>)?$"
                ),
                lambda m, a: Cannot(m[1], m[2], *_lasts(m[3])),
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^remove (\d+) <counter:({_ID}) counters?> from (each card at )?target"
                    rf" <types?:({_ID})>$"
                ),
                lambda m, a: RemoveCounters(m[2], int(m[1]), m[4], bool(m[3])),
            )
        )
        rules.append(
            (
                re.compile(rf"^deal (\d+|\d+d\d+) damage to (target|each enemy) <types?:({_ID})>$"),
                self._damage,
            )
        )
        rules.append(
            (
                re.compile(
                    rf"^create (a|\d+) <quote:([^>]+)>(?: into (?:your|the) <zone:({_ID})>)?$"
                ),
                lambda m, a: CreateCard(m[2], _count(m[1]), m[3]),
            )
        )
        if self.removed:
            rules.append(
                (
                    re.compile(
                        rf"^(.*) for each card you have {re.escape(self.removed)} this turn"
                        r"(, including this one)?$"
                    ),
                    self._for_each,
                )
            )
        rules.append((re.compile(r"^(.*) for each card discarded this way$"), self._for_each))

    def _damage(self, m: re.Match[str], act: Act) -> Effect:
        amount, _, sides = m[1].partition("d")
        return DealDamage(int(amount), m[3], int(sides) if sides else None, m[2] == "each enemy")

    def _next_on_top(self, m: re.Match[str], act: Act) -> Effect:
        if m[2] != DECK:
            raise ValueError(
                f"a card acquired goes on top of the deck (zone {DECK!r}), not {m[2]!r}"
            )
        return NextAcquireOnTop(_kinds(m[1]))

    def _banish(self, m: re.Match[str], act: Act) -> Effect | None:
        zones = re.findall(rf"<zone:({_ID})>", m[4])
        if not re.fullmatch(
            rf"(?:(?:your|the) )?<zone:{_ID}>(?: (?:or|and/or) (?:(?:your|the) )?<zone:{_ID}>)*",
            m[4],
        ):
            return None
        n = int(m[3]) if m[3] else 1
        return BanishCards(n, tuple(zones), optional=bool(m[1]))

    def _on_top(self, m: re.Match[str], act: Act) -> Effect:
        kinds, source, target = _kinds(m[1]), m[2], m[3]
        if (source, target) == ("discard", DECK):
            return PutFromDiscardOnTop(kinds)
        return PutOnTop(kinds, source, target)

    def _discards_kinds(self, m: re.Match[str], act: Act) -> Effect:
        if m[1]:
            return OpponentDiscardsKinds(1, _kinds(m[2]))
        return OpponentDiscardsKinds(int(m[3]), tuple(re.findall(rf"<types:({_ID})>", m[4])))

    def _grant(self, m: re.Match[str], act: Act) -> Effect | None:
        uses = [p for p in act.parts if isinstance(p, KeywordUse)]
        if len(uses) != 1:
            return None
        return GrantKeyword(m[1], uses[0], *_lasts(m[2]))

    def _for_each(self, m: re.Match[str], act: Act) -> Effect | None:
        counted = (
            DiscardedThisWay()
            if m.group(0).endswith("discarded this way")
            else BanishedThisTurn(bool(m[2]))
        )
        inner_parts = tuple(p for p in act.parts if not _is_counting(p))
        if len(inner_parts) == len(act.parts):  # the count is in free words ("a crad for each")
            return None
        inner = self.clause(Act(act.verb, inner_parts, vocab=self.vocab), pos=act.pos)
        if not isinstance(inner, Gain | Draw):
            return None
        return ForEach(inner, counted)

    # entry points

    def act_shape(self, act: Act) -> str:
        words = []
        if act.subject is not None:
            words.append(shape(act.subject.terms))
        if act.modal:
            words.append(act.modal)
        words.append(act.verb)
        for part in act.parts:
            if isinstance(part, Words):
                words.append(shape(part.terms))
            elif isinstance(part, Amounts):
                words.append("<amounts>")
            elif isinstance(part, KeywordUse):
                words.append("<keyworduse>")
            else:
                words.append(f"<{type(part).__name__}>")
        return " ".join(words).replace(" ,", ",")

    def clause(self, act: Act, pos: object = None) -> Clause:
        """The sample games' value of a generic clause, or the clause itself."""
        gains = act.subject is None and not act.modal and act.verb in ("gain", "add")
        if gains and len(act.parts) == 1 and isinstance(act.parts[0], Amounts):
            return _placed(Gain(act.parts[0].amounts), act)
        text = self.act_shape(act)
        for pattern, make in self._keyed.get(text.partition(" ")[0], self._unkeyed):
            found = pattern.match(text)
            if found is None:
                continue
            try:
                made = make(found, act)
            except ValueError as exc:  # the shape, with a value out of range: "draw 0 cards"
                pos = act.pos
                raise RulesTextError(
                    str(exc), line=pos.line if pos else 1, column=pos.column if pos else 1
                ) from None
            if isinstance(made, Clause):
                return _placed(made, act)
        return act

    def gain(self, amounts: Amounts) -> Clause:
        return _placed(Gain(amounts.amounts), amounts)

    def chain(self, joined: And) -> Effect:
        """'acquire ... for free and put it on top of your deck' is one clause."""
        first, *rest = joined.effects
        if isinstance(first, AcquireFree) and len(rest) == 1 and isinstance(rest[0], Act):
            found = re.fullmatch(
                rf"put it (on top of|into) (?:your|the) <zone:({_ID})>", self.act_shape(rest[0])
            )
            if found and first.destination == "discard":
                where = TOP_OF + found[2] if found[1] == "on top of" else found[2]
                if where != "discard":
                    return _placed(
                        AcquireFree(first.max_cost, first.what, destination=where), first
                    )
        return joined

    def condition(self, wording: Wording) -> Condition:
        text = shape(wording.terms)
        made: Condition | None = None
        if text == "you do":
            made = IfYouDo()
        elif found := re.fullmatch(rf"you have (?:a|an) <type:({_ID})> in play", text):
            made = InPlay(found[1], 1)
        elif (
            found := re.fullmatch(rf"you have (\d+) or more <types:({_ID})> in play", text)
        ) and int(found[1]) >= 2:
            made = InPlay(found[2], int(found[1]))
        return _placed(made, wording) if made is not None else wording


def _first_word(pattern: str) -> str | None:
    """The word a shape's pattern starts with ('^draw (a|...' -> 'draw'), None if it starts with
    no fixed word."""
    found = re.match(r"\^([a-z]+) ", pattern)
    return found[1] if found else None


def _is_counting(part: Node) -> bool:
    if not isinstance(part, Words):
        return False
    return part.role in ("for each", "time", "manner")


def _placed(made: N, like: Node) -> N:
    """``made`` given the position and vocabulary of the node it stands for. ``made`` is a
    value its caller has just constructed, that nothing else holds yet: it is completed in
    place, as its constructor would have (``dataclasses.replace`` would build it again and run
    its checks twice, a tenth of a fresh parse)."""
    object.__setattr__(made, "pos", like.pos)
    object.__setattr__(made, "vocab", like.vocab)
    return made

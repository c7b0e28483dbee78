"""What joins clauses into sentences: 'and', ', then', 'or', 'If <condition>, ...', 'At the end
of ...', and sequences of sentences."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.effects.deckbuilding import Gain
from cardkit.effects.node import (
    Clause,
    Effect,
    Node,
    amounts_phrase,
    article,
    check_at_least,
    number_word,
)
from cardkit.effects.spans import check_span, until_phrase
from cardkit.effects.vocab import Vocabulary


def _check_clauses(
    kind: str,
    items: tuple[Effect, ...],
    choice: bool = False,
    then: bool = False,
    at_least: int = 2,
    joined: bool = False,
) -> None:
    if len(items) < at_least:
        least = "two clauses" if at_least == 2 else "one clause"
        raise ValueError(f"{kind} joins at least {least}, not {len(items)}")
    for item in items:
        if isinstance(item, Clause):
            continue
        if (choice and isinstance(item, Choice)) or (then and isinstance(item, Then)):
            continue
        if not (joined and isinstance(item, And)):
            raise ValueError(f"{kind} joins single clauses, not {type(item).__name__}")


@dataclass(frozen=True, slots=True)
class And(Effect):
    """Clauses done together, in one sentence: ``Gain 2 Stone and draw a card``."""

    effects: tuple[Clause | Choice | Conditional, ...]
    """Clauses, and choices said with 'either' ("... and either discards it or puts it
    back"); the last may be a condition of its own, after a comma ("+1 Coin, and if you
    have 10 or more, +1 Buy": the rest of the sentence is the condition's)."""

    def __post_init__(self) -> None:
        if len(self.effects) >= 2 and isinstance(self.effects[-1], Conditional):
            # one clause or more, then the condition (checked as itself)
            _check_clauses("'and'", self.effects[:-1], choice=True, at_least=1)
        else:
            _check_clauses("'and'", self.effects, choice=True)

    def phrase(self, vocab: Vocabulary) -> str:
        *first, last = self.effects
        joined = " and ".join(effect.phrase(vocab) for effect in first)
        if isinstance(last, Conditional):
            return f"{joined}, and {last.phrase(vocab)}"
        return f"{joined} and {last.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class Then(Effect):
    """Clauses done in order, in one sentence: ``Draw a card, then discard a card``."""

    effects: tuple[Clause | And, ...]
    """Clauses; the first may be clauses done together ("Reveal it and put it into your
    hand, then shuffle your deck")."""

    def __post_init__(self) -> None:
        _check_clauses("', then'", self.effects, joined=True)
        if any(isinstance(effect, And) for effect in self.effects[1:]):
            raise ValueError("only the first clauses of ', then' may be joined by 'and'")

    def phrase(self, vocab: Vocabulary) -> str:
        return ", then ".join(effect.phrase(vocab) for effect in self.effects)


@dataclass(frozen=True, slots=True)
class Choice(Effect):
    """One of the options: ``Gain 1 Gold or 3 Stone``, ``Gain 3 Gold or draw a card``.

    An option that gains, after an option that gains, is written without its verb. The last
    option may be clauses done in order: ``Gain 1 Gold or discard a card, then draw a card``
    (the 'then' is the last option's: a choice is never followed by ', then').
    """

    options: tuple[Clause | Then, ...]

    def __post_init__(self) -> None:
        _check_clauses("'or'", self.options, then=True)
        if any(isinstance(option, Then) for option in self.options[:-1]):
            raise ValueError("only the last option of 'or' may hold ', then'")

    def phrase(self, vocab: Vocabulary) -> str:
        parts: list[str] = []
        previous: Clause | Then | None = None
        for option in self.options:
            if type(option) is Gain and type(previous) is Gain:
                parts.append(amounts_phrase(option.amounts, vocab))
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
        check_at_least("the number of cards in play", self.at_least, 1)

    def phrase(self, vocab: Vocabulary) -> str:
        if self.at_least == 1:
            return f"you have {article(vocab.card_type(self.what))} in play"
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
    effect: Effect  # a Chain, or a framed sentence: as __post_init__ checks (mypyc checks this)

    def __post_init__(self) -> None:
        # One chain, or a sentence framed in turn ("if you do, at the start of your next
        # turn, ..."), or a choice of options ("if you do, choose one: A; or B")
        if not isinstance(self.effect, Clause | And | Then | Choice) and not _framed(self.effect):
            raise ValueError(f"a condition governs one chain, not {type(self.effect).__name__}")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"if {self.condition.phrase(vocab)}, {self.effect.phrase(vocab)}"


def _framed(effect: object) -> bool:
    """A sentence framed by a trigger or a time, itself governing one chain, or a choice of
    options (``Framed`` and ``Choose`` of effects/core.py, which builds on this module)."""
    return type(effect).__name__ in ("Framed", "Choose") and isinstance(effect, Effect)


@dataclass(frozen=True, slots=True)
class AtEndOf(Effect):
    """A delayed trigger: ``At the end of this turn, <chain>``, or of a span of the game."""

    effect: Chain
    this_turn: bool = False
    duration: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Clause | And | Then | Choice):
            raise ValueError(f"a delayed trigger does one chain, not {type(self.effect).__name__}")
        check_span(self.this_turn, self.duration, "a delayed trigger")

    def phrase(self, vocab: Vocabulary) -> str:
        when = until_phrase(self.this_turn, self.duration, vocab)
        return f"at the end of{when}, {self.effect.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class Sequence(Effect):
    """Two or more sentences, done in order."""

    effects: tuple[Effect, ...]  # sentences: any effect but a sequence (framed ones too)

    def __post_init__(self) -> None:
        if len(self.effects) < 2:
            raise ValueError(f"a sequence holds at least two sentences, not {len(self.effects)}")
        for effect in self.effects:
            if isinstance(effect, Sequence) or not isinstance(effect, Effect):
                raise ValueError(f"a sequence holds sentences, not {type(effect).__name__}")

    def phrase(self, vocab: Vocabulary) -> str:
        return ". ".join(effect.phrase(vocab) for effect in self.effects)

    def text(self, vocab: Vocabulary) -> str:
        return " ".join(effect.text(vocab) for effect in self.effects)


Chain = Clause | And | Then | Choice
Sentence = Chain | Conditional | AtEndOf

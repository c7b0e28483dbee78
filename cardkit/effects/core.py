"""The generic values of the core card-game moves: a clause is a verb with typed phrases (who
acts, which cards, which zones, how many, how long), each phrase a sequence of typed terms.

A term is ``(kind, value)``: ``('w', 'up to')`` words as written (casefolded), ``('n', '3')`` a
number, and ids the vocabulary names: ``('type', 'action')``, ``('types', 'action')`` (plural),
``('resource', 'coin')`` (``'resource1'``: its singular), ``('zone', 'hand')``, ``('keyword',
...)``, ``('faction', ...)``, ``('span', ...)`` ('this <span>'), ``('name', 'Farthing')`` a card
named as printed, ``('quote', 'Spark')`` one named in quotes, ``('word', 'shiny')`` a word
the grammar has no role for, read as written where the grammar allows free words (in a
condition, after a clause); the spelling check reads these.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from cardkit.effects.abilities import Trigger
from cardkit.effects.combinators import And, Choice, Condition, Conditional, Then
from cardkit.effects.deckbuilding import Gain
from cardkit.effects.forms import SlotValue, fill, slot_count
from cardkit.effects.node import Clause, Effect, Node, amounts_phrase, check_amounts
from cardkit.effects.vocab import Vocabulary

Term = tuple[str, str]
"""One word (or words) of a phrase and its kind: see the module's docstring."""

TERM_KINDS = frozenset(
    {"w", "n", "type", "types", "resource", "resource1", "zone", "keyword", "faction", "span"}
    | {"name", "quote", "stat", "counter", "word", "side"}
)


def free_words(value: object) -> frozenset[str]:
    """The free words (``('word', ...)`` terms) anywhere in an effect value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            if len(item) == 2 and item[0] == "word" and isinstance(item[1], str):
                found.add(item[1])
            else:
                stack.extend(item)
        elif isinstance(item, Node):
            stack.extend(getattr(item, f.name) for f in fields(item) if f.name not in _NOT_TEXT)
    return frozenset(found)


_NOT_TEXT = frozenset({"pos", "vocab"})


def _zone_name(zone: str, vocab: Vocabulary) -> str:
    found = vocab.zone(zone)
    return found[1] if found else zone


def term_text(term: Term, vocab: Vocabulary) -> str:
    """How a term is written."""
    kind, value = term
    if kind == "type":
        return vocab.card_type(value)
    if kind == "types":
        return vocab.card_types_plural(value)
    if kind == "resource":
        return vocab.resource(value)
    if kind == "resource1":
        return dict(vocab.singulars).get(value, vocab.resource(value))
    if kind == "zone":
        return _zone_name(value, vocab)
    if kind == "keyword":
        return vocab.keyword(value)
    if kind == "faction":
        return vocab.faction(value)
    if kind == "span":
        return "this " + vocab.span(value)
    if kind == "side":
        return vocab.side(value)
    if kind == "quote":
        return f'"{value}"'
    if kind == "counter":
        resource, word = value.split(" ")
        return f"{vocab.resource(resource)} {word}"
    return value


def terms_text(terms: tuple[Term, ...], vocab: Vocabulary) -> str:
    out = ""
    for term in terms:
        text = term_text(term, vocab)
        joined = not out or out.endswith("non-") or text.startswith((",", "'s", "\u2019s"))
        joined = joined or text == "+"  # "5+": a number or more, in a table of numbers
        out += text if joined else " " + text  # "non-" joins its word: "a non-Duration card"
    return out


def check_terms(terms: object) -> None:
    if not isinstance(terms, tuple) or not terms:
        raise ValueError(f"a phrase needs at least one term, not {terms!r}")
    for term in terms:
        if (
            not isinstance(term, tuple)
            or len(term) != 2
            or term[0] not in TERM_KINDS
            or not isinstance(term[1], str)
            or not term[1]
        ):
            raise ValueError(f"a term is (kind, value) of a known kind, not {term!r}")


@dataclass(frozen=True, slots=True)
class Words(Node):
    """A phrase of a generic clause, by its role ('cards', 'zone', 'time', 'player', 'for
    each', 'equal to', 'to', 'manner', 'stat', 'resource', 'for') and its terms."""

    role: str
    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        check_terms(self.terms)

    def phrase(self, vocab: Vocabulary) -> str:
        return terms_text(self.terms, vocab)


@dataclass(frozen=True, slots=True)
class Amounts(Node):
    """Amounts of resources as the object of a verb: ``pay 2 Trade``, ``lose 1 VP``."""

    amounts: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        check_amounts(self.amounts, "an amount needs", "an amount")

    def phrase(self, vocab: Vocabulary) -> str:
        return amounts_phrase(self.amounts, vocab)


MODALS: tuple[str, ...] = (
    "",
    "you may",
    "you may be",
    "may",
    "must",
    "should",
    "can",
    "cannot",
    "cannot be",
    "is",
    "are",
    "it's",
    "was",
    "were",
    "not",
    "don't",
    "doesn't",
    "didn't",
    "no longer",
)
"""What stands before a generic clause's verb: "you may trash", "each player may trash", "it
cannot be blocked", "it is discarded", "it doesn't untap"."""


@dataclass(frozen=True, slots=True)
class Act(Clause):
    """A core move: who (``subject``; the player reading it when None), ``modal``, the verb as
    written, and its phrases in the order written. ``Trash up to three cards from your
    hand``, ``each other player gains a Curse``, ``target creature gets +2/+2 this turn``."""

    verb: str
    parts: tuple[Node, ...] = ()
    subject: Words | None = None
    modal: str = ""

    def __post_init__(self) -> None:
        if (
            not isinstance(self.verb, str)
            or not self.verb
            or self.verb != " ".join(self.verb.split())
        ):
            raise ValueError(f"a verb is written as words, not {self.verb!r}")
        if self.modal not in MODALS:
            raise ValueError(f"unknown modal {self.modal!r} (expected one of {MODALS})")
        for part in self.parts:
            if not isinstance(part, Node):
                raise ValueError(f"a clause's phrases are values, not {part!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        words = []
        if self.subject is not None:
            words.append(self.subject.phrase(vocab))
        if self.modal:
            words.append(self.modal)
        words.append(self.verb)
        words += [part.phrase(vocab) for part in self.parts]
        return " ".join(words).replace(" ,", ",")


@dataclass(frozen=True, slots=True)
class Wording(Condition):
    """A condition or event as written, in terms: ``you played a base this turn``."""

    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        check_terms(self.terms)

    def phrase(self, vocab: Vocabulary) -> str:
        return terms_text(self.terms, vocab)


Framable = Clause | And | Then | Choice


@dataclass(frozen=True, slots=True)
class Framed(Effect):
    """A sentence under a trigger, a time or a condition: ``When you play this, <effect>``,
    ``At the start of your turn, <effect>``, ``Otherwise, <effect>``. ``lead`` is the first
    words ('when', 'at the start of', 'otherwise'); ``words`` what follows them."""

    lead: str
    words: Wording | None
    effect: Effect

    def __post_init__(self) -> None:
        # one chain, a sentence framed in turn, a condition or a choice of options
        if not isinstance(self.effect, Framable | Framed | Conditional | Choose):
            raise ValueError(f"a framed sentence holds one chain, not {type(self.effect).__name__}")
        if not self.lead:
            raise ValueError("a framed sentence needs its first words")

    def phrase(self, vocab: Vocabulary) -> str:
        words = self.words.phrase(vocab) if self.words is not None else ""
        if words and not words.startswith(",") and words != "+":
            # ", when ...": a frame's words after a comma; "5+, ...": a number or more
            words = " " + words
        # 'then' in a frame follows without a comma ('Then then, destroy'): after a comma,
        # 'then' reads as the next sentence of a sequence
        inner_then = isinstance(self.effect, Framed) and self.effect.lead == "then"
        joint = " " if inner_then and not words else ", "
        return f"{self.lead}{words}{joint}{self.effect.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class Choose(Effect):
    """``Choose one: A; or B``: how many of the options, as written ('one', 'two different
    ones', 'one or both'), and the options."""

    count: str
    options: tuple[Effect, ...]

    def __post_init__(self) -> None:
        if len(self.options) < 2:
            raise ValueError("a choice needs at least two options")
        if not self.count or self.count != " ".join(self.count.lower().split()):
            raise ValueError(f"how many to choose is written in words, not {self.count!r}")
        for option in self.options:
            if not isinstance(option, Framable):
                raise ValueError(f"an option is one chain, not {type(option).__name__}")

    def phrase(self, vocab: Vocabulary) -> str:
        options = "; or ".join(option.phrase(vocab) for option in self.options)
        return f"choose {self.count}: {options}"


@dataclass(frozen=True, slots=True)
class KeywordList(Clause):
    """Keywords in one sentence: ``Soaring, Swift``."""

    uses: tuple[Clause, ...]

    def __post_init__(self) -> None:
        if len(self.uses) < 2:
            raise ValueError("a list of keywords holds at least two")

    def phrase(self, vocab: Vocabulary) -> str:
        return ", ".join(use.phrase(vocab) for use in self.uses)


@dataclass(frozen=True, slots=True)
class Labelled(Trigger):
    """An ability under one of the game's labels ('phrasing: labels'), with its slot values:
    ``Subroutine:``, ``Unity Ally (Blob or Machine Cult):``."""

    key: str
    values: tuple[SlotValue, ...] = ()
    costs: Costs | None = None
    """What the ability costs, written after the label: ``Interface -> 1 credit:``."""

    def label(self, vocab: Vocabulary) -> str:
        cost = f" -> {self.costs.label(vocab)}" if self.costs is not None else ""
        for key, text, _, _, _ in vocab.labels:
            if key == self.key and slot_count(text) == len(self.values):
                return fill(text, self.values, vocab) + cost
        return self.key + cost


@dataclass(frozen=True, slots=True)
class Costs(Trigger):
    """An ability's costs before its colon: ``Click, 1 credit:``, ``Pay 1 Trade:``, ``Discard a
    card:``. Each cost is an amount, a cost symbol (``Words`` of role 'symbol') or a clause."""

    costs: tuple[Node, ...]

    def __post_init__(self) -> None:
        if not self.costs:
            raise ValueError("a cost needs at least one item")

    def label(self, vocab: Vocabulary) -> str:
        text = ", ".join(
            amounts_phrase(cost.amounts, vocab) if isinstance(cost, Gain) else cost.phrase(vocab)
            for cost in self.costs
        )
        return text[:1].upper() + text[1:]


@dataclass(frozen=True, slots=True)
class Nested(Trigger):
    """A label under another label or after a cost: ``Subroutine: Trace 3 - If successful,
    ...``, ``Trash this facility: Trace 4 - If successful, ...``."""

    outer: Trigger
    inner: Trigger

    @property
    def separator(self) -> str:
        return ", "  # one colon after the outer label: "Subroutine: Trace 3 - If successful,"

    def label(self, vocab: Vocabulary) -> str:
        return f"{self.outer.label(vocab)}: {self.inner.label(vocab)}"


@dataclass(frozen=True, slots=True)
class Under(Effect):
    """A sentence under one of the game's labels after other sentences of the same line:
    ``Objective: Play two bases. Reward: Draw a card.`` (the second label's sentence)."""

    label: Trigger
    effect: Effect

    def __post_init__(self) -> None:
        if not isinstance(self.effect, Framable | Framed | Conditional | Choose):
            raise ValueError(
                f"a labelled sentence holds one chain, not {type(self.effect).__name__}"
            )

    def phrase(self, vocab: Vocabulary) -> str:
        return f"{self.label.label(vocab)}: {self.effect.text(vocab)[:-1]}"

    def text(self, vocab: Vocabulary) -> str:
        return f"{self.label.label(vocab)}: {self.effect.text(vocab)}"


@dataclass(frozen=True, slots=True)
class Declared(Clause):
    """A sentence the game declares ('phrasing: phrases'), with its slot values: ``Do 3 net
    damage`` for "Do {n} net damage"."""

    key: str
    values: tuple[SlotValue, ...] = ()
    parts: tuple[Node, ...] = ()
    """Phrases written after the sentence: "End the run unless the Diver pays 2 credits"."""

    def phrase(self, vocab: Vocabulary) -> str:
        words = [self._text(vocab), *(p.phrase(vocab) for p in self.parts)]
        return " ".join(words).replace(" ,", ",")

    def _text(self, vocab: Vocabulary) -> str:
        for key, text in vocab.phrases:
            if key == self.key and slot_count(text) == len(self.values):
                return fill(text, self.values, vocab)
        return " ".join([self.key, *(str(v) for v in self.values)])


@dataclass(frozen=True, slots=True)
class Shorthand(Clause):
    """A shorthand form of the game ('phrasing: shorthand') and the core sentence it means:
    ``+2 Cards`` means ``Draw 2 cards``. ``meaning`` follows from the form and values."""

    form: str
    values: tuple[SlotValue, ...]
    meaning: Effect | None = field(default=None, compare=False)
    parts: tuple[Node, ...] = ()
    """Phrases written after the form: "+$1 for each Farthing in it"."""

    def phrase(self, vocab: Vocabulary) -> str:
        words = [fill(self.form, self.values, vocab), *(p.phrase(vocab) for p in self.parts)]
        return " ".join(words).replace(" ,", ",")


@dataclass(frozen=True, slots=True)
class Note(Clause):
    """Words in parentheses that remind rather than rule: a sentence of its own ("(This is not
    in the Supply.)") or a note after a clause. Kept as written; it does nothing."""

    words: str

    def __post_init__(self) -> None:
        words = self.words
        if not words.strip() or "(" in words or ")" in words or "\n" in words:
            raise ValueError(f"a note is words without parentheses or line breaks, not {words!r}")

    def phrase(self, vocab: Vocabulary) -> str:
        return f"({self.words})"

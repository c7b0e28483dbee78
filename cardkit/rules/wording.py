"""Wording checks over a whole set: drift between cards, and typing slips in each line.

- CK108, wording drift: one effect written in different ways across the set ("+2 Gold",
  "Gain 2 gold", "Add 2 Gold"). Each sentence of each line is compared with every other
  sentence that parses to the same value; those not written the set's way (the canonical
  wording when the set uses it, else its most common one) are reported, with the canonical
  wording as the fix (which ``cardkit fmt`` writes).
- CK109-CK112, slips (``textlint.py``): misspelt words (those the grammar takes as they come,
  a card name or a word of a condition, included), doubled words, typographic quotes where
  the set uses straight ones, unbalanced brackets; CK115, a real word slipped for another
  ("form" for "from"): a word the grammar keeps only as written where a word one edit away
  makes the rest of the line read. A slip that explains why a line does not
  parse was already reported in place of the parse error (``context.py``) and is not
  reported twice.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator

from cardkit.diagnostics import Diagnostic, error, warning
from cardkit.effects import Effect, Sequence
from cardkit.effects.core import free_words
from cardkit.model import Card
from cardkit.rules.context import CheckContext, ParsedLine
from cardkit.rules.references import CardNames, effect_references, missing_names
from cardkit.rules.textlint import (
    CLOSED_CLASS,
    CURLY,
    Finding,
    curly,
    doubled,
    misspelt,
    named_spans,
    parameter_spans,
    slipped_words,
    unbalanced,
)

_SPACES = re.compile(r"[ \t{}]+")


def _form(written: str) -> str:
    """How a sentence is written, ignoring spacing, icon braces and the final period."""
    return _SPACES.sub(" ", written).strip().rstrip(".").strip()


def _sentences(parsed: ParsedLine) -> Iterator[tuple[Effect, int, str]]:
    """Each sentence of a line: its value, its column, and how it is written."""
    effect = parsed.ability.effect
    parts = effect.effects if isinstance(effect, Sequence) else (effect,)
    columns = [part.pos.column if part.pos else 1 for part in parts]
    for i, part in enumerate(parts):
        end = columns[i + 1] - 1 if i + 1 < len(parts) else len(parsed.text)
        yield part, columns[i], parsed.text[columns[i] - 1 : end]


def check_drift(context: CheckContext) -> list[Diagnostic]:
    """CK108: the same effect written differently across the set."""
    vocab = context.vocab
    groups: dict[Effect, list[tuple[Card, ParsedLine, int, str]]] = defaultdict(list)
    # A set repeats its lines: split each distinct line into sentences once.
    split: dict[str, list[tuple[Effect, int, str]]] = {}
    for card in context.card_set.cards:
        for parsed in context.parsed.get(card.id, []):
            sentences = split.get(parsed.text)
            if sentences is None:
                sentences = split[parsed.text] = list(_sentences(parsed))
            for sentence, column, written in sentences:
                groups[sentence].append((card, parsed, column, written))
    found: list[Diagnostic] = []
    for sentence, uses in groups.items():
        forms = Counter(_form(written) for _, _, _, written in uses)
        if len(forms) < 2:
            continue
        canonical = _form(sentence.text(vocab))
        (common, most), *rest = forms.most_common()
        reference = canonical if canonical in forms else common
        if reference != canonical and rest and rest[0][1] == most:
            reference = ""  # no one way is the set's: every non-canonical form is drift
        for card, parsed, column, written in uses:
            form = _form(written)
            if form in (reference, canonical):
                continue
            others = forms[reference or canonical]
            found.append(
                warning(
                    "CK108",
                    f"wording drift: {form!r} is written "
                    f"{(reference or canonical)!r} elsewhere in the set "
                    f"({others} time{'s' * (others != 1)}) in rules text of {card.id!r}",
                    context.at(card, parsed.line, column),
                    card=card.id,
                    hint=f"write {sentence.text(vocab)!r} ('cardkit fmt' does)",
                )
            )
    return found


def _uses_curly(context: CheckContext) -> bool:
    """Whether the set writes typographic quotes: more often than straight ones, and on more
    than one card (one card's curly apostrophe is a slip, not the set's style)."""
    typographic = straight = cards = 0
    for card in context.card_set.cards:
        count = sum(card.text.count(c) for c in CURLY)
        typographic += count
        cards += count > 0
        straight += card.text.count("'") + card.text.count('"')
    return typographic > straight and cards > 1


def _diagnostic(
    context: CheckContext, card: Card, line: int, finding: Finding, *, severe: bool = False
) -> Diagnostic:
    severity = error if severe or finding.code == "CK112" else warning
    return severity(
        finding.code,
        f"{finding.message} in rules text of {card.id!r}",
        context.at(card, line, finding.column),
        card=card.id,
        hint=finding.hint,
    )


def check_slips(context: CheckContext) -> list[Diagnostic]:
    """CK109-CK112, CK115: typing slips in each line. Words are spelt but for the cards named in
    quotes or after 'named' (CK130 checks them): in a line that parses, every word (the
    grammar takes some as they come: a card name, a word of a condition); in a line that
    does not, those after the word it stopped at (the parse error, or the slip that explains
    it, is about that word and those before).
    A misspelt word read as a card's name ("Gain 2 Glod") is an error: the line means a card
    that is not there."""
    flag_curly = not _uses_curly(context)
    words = context.words()
    names = CardNames(context.card_set)
    keywords = [name for _, name in context.vocab.keywords]
    found: list[Diagnostic] = []

    # The slips of each distinct line that parses, each with whether it is an error.
    seen: dict[str, list[tuple[Finding, bool]]] = {}

    def slips(text: str) -> list[Finding]:
        findings = [*doubled(text), *unbalanced(text)]
        if flag_curly:
            findings += curly(text)
        return findings

    def parsed_slips(parsed: ParsedLine) -> list[tuple[Finding, bool]]:
        misnamed = [
            (column, column + len(name))
            for name, column in missing_names(
                parsed, list(effect_references(parsed.ability)), names
            )
        ]
        skip = [*named_spans(parsed.text), *parameter_spans(parsed.text, keywords)]
        spelling = misspelt(parsed.text, words, skip=skip)
        # A misspelt word the grammar read only as written (a free word: "Draw a card from
        # your hnad") is an error too: the line parses only by not understanding it.
        free = free_words(parsed.ability)
        # a slip is spelt right and is none of the game's or the grammar's own words ('draw
        # that many', 'end the run' are kept as written)
        right = [w for w in free if words.knows(w) and not words.game_knows(w.casefold())]
        slipped = slipped_words(parsed.text, right, CLOSED_CLASS, context.unread)
        return [(finding, False) for finding in [*slips(parsed.text), *slipped]] + [
            (
                finding,
                finding.word.casefold() in free
                or any(first <= finding.column < end for first, end in misnamed),
            )
            for finding in spelling
        ]

    for card in context.card_set.cards:
        parsed_lines, failed_lines = context.card_lines(card)
        for parsed in parsed_lines:
            if parsed.text not in seen:
                seen[parsed.text] = parsed_slips(parsed)
            for finding, severe in seen[parsed.text]:
                found.append(_diagnostic(context, card, parsed.line, finding, severe=severe))
        for failed in failed_lines:
            # The words up to the end of the one it stopped at are the parse error's.
            stopped = failed.error.column + len(failed.error.found)
            skip = [*named_spans(failed.text), (1, stopped + 1)]
            findings = slips(failed.text) + misspelt(failed.text, words, skip=skip)
            for finding in findings:
                explained = failed.explained
                if explained is None or (finding.code, finding.column) != (
                    explained.code,
                    explained.column,
                ):
                    found.append(_diagnostic(context, card, failed.line, finding))
    return found

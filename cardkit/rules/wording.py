"""Wording checks over a whole set: drift between cards, and typing slips in each line.

- CK108, wording drift: one effect written in different ways across the set ("+2 Gold",
  "Gain 2 gold", "Add 2 Gold"). Each sentence of each line is compared with every other
  sentence that parses to the same value; those not written the set's way (the canonical
  wording when the set uses it, else its most common one) are reported, with the canonical
  wording as the fix (which ``cardkit fmt`` writes).
- CK109-CK112, slips (``textlint.py``): misspelt words after the place a line stops parsing,
  doubled words, typographic quotes where the set uses straight ones, unbalanced brackets.
  A slip that explains why a line does not parse was already reported in place of the parse
  error (``context.py``) and is not reported twice.
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
from cardkit.rules.textlint import CURLY, Finding, curly, doubled, misspelt, unbalanced

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
    vocab = context.parser.vocab
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


def _diagnostic(context: CheckContext, card: Card, line: int, finding: Finding) -> Diagnostic:
    # A misspelt word is an error (the line reads it only as written), other slips warnings.
    severity = error if finding.code in ("CK109", "CK112") else warning
    return severity(
        finding.code,
        f"{finding.message} in rules text of {card.id!r}",
        context.at(card, line, finding.column),
        card=card.id,
        hint=finding.hint,
    )


def _free_slips(context: CheckContext, text: str, free: frozenset[str] | None) -> list[Finding]:
    """CK109 for the misspelt words among those a line that parses reads as written (the
    grammar had no role for them: "Draw a card from your hnad"); words it read as its own
    are spelt right."""
    if not free:
        return []
    return [f for f in misspelt(text, context.words()) if f.word.casefold() in free]


def check_slips(context: CheckContext) -> list[Diagnostic]:
    """CK109-CK112: typing slips in each line."""
    flag_curly = not _uses_curly(context)
    found: list[Diagnostic] = []
    seen: dict[str, list[Finding]] = {}  # the slips of each distinct line that parses
    free: dict[str, frozenset[str]] = {}  # the words each line that parses reads as written

    def slips(text: str) -> list[Finding]:
        findings = [*doubled(text), *unbalanced(text)]
        if flag_curly:
            findings += curly(text)
        return findings

    for card in context.card_set.cards:
        lines: list[tuple[int, str, Finding | None, int | None]] = [
            (p.line, p.text, None, None) for p in context.parsed.get(card.id, [])
        ]
        free.update((p.text, free_words(p.ability)) for p in context.parsed.get(card.id, []))
        for failed in context.failed.get(card.id, []):
            exc = failed.error  # words up to the end of the one it stopped at are its own
            lines.append((failed.line, failed.text, failed.explained, exc.column + len(exc.found)))
        for line, text, explained, stopped in lines:
            if stopped is None:
                if text not in seen:
                    seen[text] = slips(text) + _free_slips(context, text, free.get(text))
                findings = seen[text]
            else:
                findings = slips(text) + [
                    f for f in misspelt(text, context.words(), stopped) if f.column > stopped
                ]
            for finding in findings:
                if finding != explained:
                    found.append(_diagnostic(context, card, line, finding))
    return found

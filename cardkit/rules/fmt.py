"""Canonical wording: what ``cardkit fmt`` would write for each card's rules text.

Each line of a card's text that parses is replaced by the canonical text of its ability
(``str(ability)``); lines that do not parse are kept as written and reported; blank lines
stay. The result is a plan -- per card, the new text and the lines that change, each with
the place it is written -- that ``cardkit fmt`` applies to the card files (``yamledit.py``)
or, with ``--check``, only reports.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cardkit.diagnostics import Diagnostic, Location
from cardkit.effects.vocab import Vocabulary
from cardkit.inflect import plural_noun
from cardkit.model import Card, CardSet
from cardkit.rules.context import CheckContext, parse_set
from cardkit.rules.printed import has_markup

_YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class LineChange:
    """Line ``line`` (from 1) of a card's text, written ``old``, canonically ``new``."""

    line: int
    old: str
    new: str
    location: Location


@dataclass(frozen=True, slots=True)
class CardRewrite:
    """A card whose text is not canonical: the text it should have, and what changes."""

    card: Card
    text: str
    changes: tuple[LineChange, ...]

    @property
    def rewritable(self) -> bool:
        """Whether the card is written in a YAML file (spreadsheets are not rewritten)."""
        return self.card.location("text").path.lower().endswith(_YAML_SUFFIXES)


@dataclass
class FormatPlan:
    """Every card of a set whose text would change, and the lines left as they are."""

    context: CheckContext
    rewrites: list[CardRewrite] = field(default_factory=list)
    unchanged: int = 0

    @property
    def not_parsed(self) -> list[Diagnostic]:
        """Lines that do not parse (kept as written), as the diagnostics validate gives."""
        return sorted(self.context.parse_errors, key=lambda d: d.sort_key)


def canonical_text(card: Card, context: CheckContext) -> CardRewrite | None:
    """The card's text with each parsed line canonical; None when it already is."""
    lines = card.text.split("\n")
    changes: list[LineChange] = []
    capitals = declared_capitals(context.parser.vocab)
    for parsed in context.parsed.get(card.id, []):
        new = keep_separator(parsed.text, keep_capitals(parsed.text, str(parsed.ability), capitals))
        if has_markup(context.card_set.game, lines[parsed.line - 1]):
            continue  # a line with markup (cardkit.markup): the designer's, left as written
        if new != parsed.text:
            where = context.at(card, parsed.line, 1 + len(parsed.text) - len(parsed.text.lstrip()))
            changes.append(LineChange(parsed.line, parsed.text, new, where))
            lines[parsed.line - 1] = new
    if not changes:
        return None
    return CardRewrite(card, "\n".join(lines), tuple(changes))


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def declared_capitals(vocab: Vocabulary) -> Mapping[str, str]:
    """The words the game declares with a capital that text names cards by -- its card types'
    and groups' names and their plurals, its nouns ('Machine', 'Gear icon') -- casefolded,
    each to its declared spelling."""
    names = [name for _, name in vocab.kinds()] + [noun for noun, _ in vocab.nouns]
    words = {
        word
        for name in names
        for form in (name, plural_noun(name))
        for word in _WORD.findall(form)
        if word[0].isupper()
    }
    words |= {word for _, plural in vocab.nouns for word in _WORD.findall(plural)}
    # the whole-number fields effects change: a line that writes 'Wits' keeps it ('+1 Wits')
    words |= {word.capitalize() for stat in vocab.stats for word in _WORD.findall(stat)}
    return {word.casefold(): word for word in words if word[0].isupper()}


def keep_capitals(old: str, new: str, capitals: Mapping[str, str]) -> str:
    """``new`` (the canonical text of a line written ``old``) with the capital kept on each
    word the game declares capitalised and ``old`` writes so: the canonical text writes card
    types lowercase ('a machine'), as most games do, but a game that declares 'Machine' and
    writes 'Whenever you play a Machine' keeps it."""

    def kept(match: re.Match[str]) -> str:
        word = match.group()
        declared = capitals.get(word.casefold())
        if declared is None or declared == word:
            return word
        return declared if re.search(rf"\b{re.escape(declared)}\b", old) else word

    return _WORD.sub(kept, new)


_DASH = re.compile(r"[ \t]*(?:-|\u2013|\u2014)[ \t]*")


def keep_separator(old: str, new: str) -> str:
    """``new`` with the dash ``old`` writes after the ability's label kept in place of the
    canonical colon: a game that writes 'Forced - When ...' (a dash ends a label as a
    colon does) keeps its dash; the dash is written with a space either side."""
    label, colon, body = new.partition(": ")
    if not colon or not label:
        return new
    written = old.lstrip()
    if written[: len(label)].casefold() != label.casefold():
        return new
    dash = _DASH.match(written, len(label))
    if dash is None or written[dash.end() :][:1] in ("", ">"):
        return new  # no dash, or the arrow '->' of a label and its cost
    return f"{label} {dash.group().strip()} {body}"


def plan_format(card_set: CardSet) -> FormatPlan:
    """What ``cardkit fmt`` would change in ``card_set``."""
    plan = FormatPlan(parse_set(card_set))
    for card in card_set.cards:
        rewrite = canonical_text(card, plan.context)
        if rewrite is None:
            plan.unchanged += 1
        else:
            plan.rewrites.append(rewrite)
    return plan

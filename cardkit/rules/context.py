"""What every rules check works from: each card's text parsed once, and where it is written.

Each line of a card's text is parsed on its own, so one run reports every line that does not
parse. Checks (``check.py``) read the parsed lines from a ``CheckContext`` and point their
diagnostics inside the text -- ``file:line:col`` of the offending character, wherever the YAML
value puts it (see ``locate.py``); for cards read from spreadsheets, at the cell.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.effects import Ability, Node, walk
from cardkit.effects.core import free_words
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError, UnknownFactionError, UnknownKeywordError
from cardkit.markup import reading_text
from cardkit.model import Card, CardSet
from cardkit.rules.kept import KeptRules, kept_rules
from cardkit.rules.locate import CardFiles

if TYPE_CHECKING:  # the checks of lines that do not parse: imported when one does not
    from cardkit.rules.parser import RulesParser
    from cardkit.rules.textlint import Dictionary, Finding


@dataclass(frozen=True)
class ParsedLine:
    """One line of a card's rules text (1-based ``line``) and the ability it parsed to."""

    line: int
    text: str
    ability: Ability


@dataclass(frozen=True)
class FailedLine:
    """A line that does not parse: its error, and the slip (``textlint.py``) reported in
    place of the parse error when one explains it."""

    line: int
    text: str
    error: RulesTextError
    explained: Finding | None = None


@dataclass
class CheckContext:
    """A card set with every card's text parsed; what the checks in ``CHECKS`` read."""

    card_set: CardSet
    reader: KeptRules
    """The set's lines as parsed before (``kept.py``), and its parser, built when needed."""
    sources: CardFiles
    parsed: dict[str, list[ParsedLine]] = field(default_factory=dict)
    parse_errors: list[Diagnostic] = field(default_factory=list)
    failed: dict[str, list[FailedLine]] = field(default_factory=dict)
    # The lines of each card whose id another card of the set has too (CK030), by the card
    # object's id: ``parsed`` and ``failed`` hold such cards' lines under their one id.
    shared: dict[int, tuple[list[ParsedLine], list[FailedLine]]] = field(default_factory=dict)
    _words: Dictionary | None = None
    _verbs: frozenset[str] | None = None

    @property
    def parser(self) -> RulesParser:
        """The game's rules parser (built the first time it is asked for)."""
        return self.reader.parser

    @property
    def vocab(self) -> Vocabulary:
        """The vocabulary of the game's parser (without building it when the set's lines
        were all parsed before)."""
        return self.reader.vocab

    def card_lines(self, card: Card) -> tuple[list[ParsedLine], list[FailedLine]]:
        """The lines of ``card``'s text that parse and those that do not, its own even when
        another card of the set has its id."""
        own = self.shared.get(id(card))
        if own is not None:
            return own
        return self.parsed.get(card.id, []), self.failed.get(card.id, [])

    def words(self) -> Dictionary:
        """The dictionary of the set's rules text (grammar, game and card-name words)."""
        if self._words is None:
            from cardkit.rules.textlint import dictionary

            names = (card.name for card in self.card_set.cards)
            self._words = dictionary(self.vocab, names)
        return self._words

    def verbs(self) -> frozenset[str]:
        """Every form of every verb the game's rules text may use, casefolded."""
        if self._verbs is None:
            from cardkit.rules.grammar import verb_forms

            forms = verb_forms(self.vocab)
            self._verbs = frozenset(word.casefold() for each in forms for word in each)
        return self._verbs

    def unread(self, line: str) -> int | None:
        """How many free words (words read only as written) a line of text has; None when
        it does not parse."""
        found = self.parse_line(line)
        return None if isinstance(found, RulesTextError) else len(free_words(found))

    # Each distinct line is parsed once: cards of a set share much of their wording, and an
    # ability (a frozen value, positions counted within its line) is the same for each.
    lines: dict[str, Ability | RulesTextError] = field(default_factory=dict)
    walked: dict[str, tuple[Node, ...]] = field(default_factory=dict)

    def parse_line(self, line: str) -> Ability | RulesTextError:
        """The ability a line of text parses to, or why it does not parse."""
        found = self.lines.get(line)
        if found is None:
            try:
                found = self.reader.parse_ability(line)
            except RulesTextError as exc:
                found = exc
            self.lines[line] = found
        return found

    def nodes(self, parsed: ParsedLine) -> tuple[Node, ...]:
        """Every node of a parsed line's ability, depth first (see ``effects.walk``), found
        once per distinct line."""
        found = self.walked.get(parsed.text)
        if found is None:
            found = self.walked[parsed.text] = tuple(walk(parsed.ability))
        return found

    def at(self, card: Card, line: int, column: int, field: str = "text") -> Location:
        """Where character ``column`` (1-based) of line ``line`` of the card's text (or of
        its text field ``field``) is written."""
        return self.sources.at(card, line, column, field)


def _slipped_at(line: str, exc: RulesTextError, context: CheckContext) -> str:
    """The word meant where a line stops parsing at a word spelt right, when one of the
    closed-class words one edit away makes the whole line read ('you' for 'your'
    in 'Gain a Silver onto you deck', 'than' for 'then'); '' otherwise."""
    if exc.line != 1 or not exc.found:
        return ""
    word = line[exc.column - 1 : exc.column - 1 + len(exc.found)]
    if word != exc.found or not context.words().knows(word) or word.casefold() in context.verbs():
        return ""  # a misspelt word is CK109's; a verb where none may stand is no slip
    from cardkit.rules.textlint import CLOSED_CLASS, slip_meant

    return slip_meant(line, word, exc.column, CLOSED_CLASS, context.unread, stopped=True)


def _keywords_hint(vocab: Vocabulary) -> str:
    names = [name for _, name in vocab.keywords]
    if not names:
        return "the game declares no keywords; declare it under 'keywords' in game.yaml"
    return f"the game's keywords are {', '.join(map(repr, names))}; declare new ones in game.yaml"


def _zones_hint(vocab: Vocabulary, line: str, column: int, words: Dictionary) -> str | None:
    """What to do where a zone may stand; reading stopped at ``column`` (1-based) of ``line``.
    None where the word there is one of the grammar's or the game's own ('of', 'most',
    'each'): a zone is only one of the things that may stand there, and no new zone helps."""
    names = [name for _, _, name in vocab.zones]
    before, rest = line[: column - 1], line[column - 1 :]
    written = next((name for name in names if _starts_with_words(rest, name)), None)
    if written is None:
        stop = re.match(r"[A-Za-z]+", rest)
        if stop is not None and words.game_knows(stop.group().casefold()):
            return None
        if not rest.strip() and not _ZONE_PLACE.search(before):
            return None  # the line ends early, not after 'in your' or 'from the' ...
    if not names:
        return "the game declares no zones; declare them under 'zones' in game.yaml"
    if written is None:
        return f"the game's zones are {', '.join(map(repr, names))}; declare new ones in game.yaml"
    # The name is declared, so "declare new ones" would send the designer in a circle.
    if _ZONE_PLACE.search(before):
        first = rest.split()[0]
        return (
            f"{written!r} is one of the game's zones, but the grammar reads {first!r} as "
            "another word of rules text: give the zone another name in game.yaml"
        )
    return (
        f"{written!r} is one of the game's zones, not read as a zone here: rules text names "
        "a zone after 'in', 'from', 'into', 'onto' or 'on top of' ('a card in your hand')"
    )


# The words before a zone's name: "in your", "from the", "into".
_ZONE_PLACE = re.compile(
    r"\b(?:in|from|into|onto|to|of|on top of)\s+(?:(?:your|the|their|its|his|her|my)\s+)?$",
    re.IGNORECASE,
)


def _starts_with_words(text: str, words: str) -> bool:
    """Whether ``text`` starts with ``words`` (any case, either number) as whole words."""
    found = re.match(rf"{re.escape(words)}s?\b", text, re.IGNORECASE)
    return found is not None


def _option_follows(lines: list[str], index: int) -> bool:
    """Whether line ``index`` (1-based) ends an option with ';' and the next line starts the
    next option with 'or': a choice written across two lines ("Choose one: +1 Card;" and "or
    +1 Buy."), read as the one line it is."""
    return (
        index < len(lines)
        and lines[index - 1].rstrip().endswith(";")
        and re.match(r"\s*or\b", lines[index], re.IGNORECASE) is not None
    )


def _parse_card(card: Card, context: CheckContext, shared: bool) -> None:
    lines: list[ParsedLine] = []
    failures: list[FailedLine] = []
    # The checks read each line as the grammar does: markup is spaces, columns stay put.
    written = card.text.split("\n")
    reading = reading_text(card.text).split("\n")
    joined: set[int] = set()
    for index, line in enumerate(reading, start=1):
        if not line.strip() or index in joined:
            continue
        if _option_follows(reading, index):  # "Choose one: A;" and, on the next line, "or B."
            both = context.parse_line(f"{written[index - 1]} {written[index]}")
            if isinstance(both, Ability):
                lines.append(ParsedLine(index, f"{line} {reading[index]}", both))
                joined.add(index + 1)
                continue
        exc = context.parse_line(written[index - 1])
        if isinstance(exc, Ability):
            lines.append(ParsedLine(index, line, exc))
            continue
        code, hint, reason, column = "CK101", None, exc.reason, exc.column
        explained = None
        if isinstance(exc, UnknownFactionError):
            code = "CK102"
            factions = [name for _, name in context.vocab.factions]
            hint = (
                f"the game's factions are {', '.join(map(repr, factions))}"
                if factions
                else "the game declares no factions"
            )
        elif isinstance(exc, UnknownKeywordError):
            code, hint = "CK103", _keywords_hint(context.vocab)
        else:
            from cardkit.rules.textlint import explain_failure, label_hint, unhinted, verb_hint

            explained = explain_failure(line, exc, context.words(), context.parse_line)
            if explained is not None:
                code, hint = explained.code, explained.hint
                reason, column = explained.message, explained.column
            else:
                reason = unhinted(exc, context.words())
                meant = _slipped_at(line, exc, context)
                if meant and "(did you mean" not in reason:
                    reason += f" (did you mean {meant!r}?)"
                if "a zone" in exc.expected:
                    hint = _zones_hint(context.vocab, line, column, context.words())
                # a slip for a word of the grammar is no verb of the game
                if hint is None and not meant:
                    hint = label_hint(exc, line, verb_hint(exc, line, context.words()))
        failures.append(FailedLine(index, line, exc, explained))
        context.failed.setdefault(card.id, []).append(failures[-1])
        context.parse_errors.append(
            error(
                code,
                f"{reason} in rules text of {card.id!r}",
                context.at(card, index, column),
                card=card.id,
                hint=hint,
            )
        )
    context.parsed[card.id] = lines
    if shared:
        context.shared[id(card)] = (lines, failures)


def parse_set(card_set: CardSet) -> CheckContext:
    """Parse every card's text; lines that do not parse become CK101/CK102 diagnostics."""
    context = CheckContext(card_set, kept_rules(card_set.game), CardFiles(card_set.game))
    ids = Counter(card.id for card in card_set.cards)
    for card in card_set.cards:
        if card.text:
            _parse_card(card, context, ids[card.id] > 1)
        else:
            context.parsed[card.id] = []
            if ids[card.id] > 1:
                context.shared[id(card)] = ([], [])
    context.reader.save()
    return context

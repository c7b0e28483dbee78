"""Syntax errors in rules text as located, worded ``RulesTextError``s: what was found, what
could come there (named by ``TERMINAL_WORDS``), and a did-you-mean."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from cardkit.diagnostics import did_you_mean
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError, UnknownFactionError, UnknownKeywordError

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


def listed(items: list[str]) -> str:
    """What may come at a place, as an error message says it: 'a number', 'one of 'card'
    or a card type', the first few of a long list and how many more."""
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


def syntax_error(vocab: Vocabulary, text: str, exc: UnexpectedInput) -> RulesTextError:
    """The located error for text the grammar does not accept: an unknown faction or keyword
    by name, a number out of range, or what was found and what could come there."""
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
            f"unknown faction {name!r}" + did_you_mean(name, [n for _, n in vocab.factions]),
            name=name,
            line=line,
            column=column,
        )
    if "KEYWORD" in expected and (unknown := _unknown_keyword(vocab, text, line, column)):
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
    meant = ""
    if at_end:
        reason = f"the text ends too early: expected {listed(shown)}"
    else:
        suggestion, words, meant = _suggestion(vocab, rest, expected)
        if not found:
            word = _WORD.match(rest)
            found = repr(_clip(words or (word.group(0) if word else rest[:1]), 40))
        reason = f"unexpected {found}: expected {listed(shown)}"
        if len(shown) > 1 or suggestion != f" (did you mean {shown[0]}?)":
            reason += suggestion
    return RulesTextError(
        reason,
        line=line,
        column=column,
        expected=tuple(shown),
        found=found.strip("'"),
        suggestion=meant,
    )


def _unknown_keyword(vocab: Vocabulary, text: str, line: int, column: int) -> RulesTextError | None:
    """An UnknownKeywordError when the sentence at the error is one unknown word that
    looks like a keyword: it has parameters, is close to a keyword's name, or is the
    whole line."""
    current = text.split("\n")[line - 1]
    match = _KEYWORD_SENTENCE.match(current, column - 1)
    if match is None:
        return None
    name = match.group("name")
    names = [n for _, n in vocab.keywords]
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


def _suggestion(vocab: Vocabulary, rest: str, expected: set[str]) -> tuple[str, str, str]:
    """' (did you mean ...?)' for the words at the error, among what could come there;
    those words; and what they were likely meant to be."""
    candidates: list[str] = []
    vocab = vocab
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
                return suggestion.replace(repr(key), repr(original)), phrase, original
    return "", "", ""

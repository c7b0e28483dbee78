"""Typing slips in one line of rules text: misspelt and doubled words, typographic quotes,
unbalanced brackets. Pure functions of the text, each finding with its column (from 1).

The dictionary that spelling is checked against is built from the grammar's own words, the
game's vocabulary (resources, factions, card types, keywords, zones) and the set's card names,
so a game's words are never "misspelt". ``explain_failure`` uses these findings to say why a
line does not parse when a slip is the reason: "doubled word 'draw'" is a better message than
"unexpected 'draw'".
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from cardkit.effects import ACTIONS, NUMBER_WORDS, STATES
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.rules.grammar import verb_forms
from cardkit.rules.parser import grammar_text

_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_DOUBLED = re.compile(r"\b([^\W\d_]+)[ \t{}]+\1\b", re.IGNORECASE)
_TERMINAL = re.compile(r"^_?[A-Z][A-Z_]*(?:\.\d+)?:\s*(.*)$", re.MULTILINE)
_ESCAPE = re.compile(r"\\[a-zA-Z]")
CURLY = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}
_PAIRS = {")": "(", "}": "{", "]": "["}
_CLOSE = 0.75  # how alike (difflib's ratio) a misspelt word is to the word it stands for


@dataclass(frozen=True, slots=True)
class Finding:
    """A slip at ``column`` (from 1): what kind, the message, and the fix."""

    code: str
    column: int
    message: str
    hint: str
    word: str = ""  # the word found wrong, where there is one


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """Every word the grammar file's terminals spell, casefolded."""
    words = {"a"}  # the grammar spells it 'an?'
    for definition in _TERMINAL.findall(grammar_text()):
        words.update(w.casefold() for w in re.findall(r"[a-zA-Z]+", _ESCAPE.sub(" ", definition)))
    return frozenset(words)


def dictionary(vocab: Vocabulary, names: Iterable[str] = ()) -> Mapping[str, str]:
    """The words rules text may use -- the grammar's, the game's and the card names' --
    casefolded, each to the way the game writes it ('gold' -> 'Gold')."""
    phrases = [name for _, name in (*vocab.resources, *vocab.factions, *vocab.keywords)]
    phrases += [name for _, _, name in vocab.zones]
    phrases += [name for _, name in vocab.kinds()]
    phrases += [name for _, name in vocab.plural_names()]
    phrases += [words for _, words in vocab.specials]
    phrases += [name for _, name in vocab.spans]
    phrases += [*NUMBER_WORDS, *ACTIONS, *STATES, *names]
    # The core verbs and the game's own (grammar.py generates their terminals), and the words
    # of the game's declared labels, phrases and shorthand forms.
    phrases += [form for forms in verb_forms(vocab) for form in forms]
    phrases += [text for _, text, _, _, _ in vocab.labels]
    phrases += [text for _, text in vocab.phrases]
    phrases += [form for form, _ in vocab.shorthand]
    phrases += [name for _, name, plural in vocab.cost_symbols] + [vocab.all_factions]
    words = {w: w for w in grammar_words()}
    words.update((w.casefold(), w) for phrase in phrases for w in _WORD.findall(phrase))
    return words


def misspelt(line: str, words: Mapping[str, str], start: int = 1) -> list[Finding]:
    """Words from column ``start`` on that the dictionary lacks but has one close to."""
    found = []
    for match in _WORD.finditer(line, start - 1):
        word = match.group(0).strip("'\u2019-")
        folded = word.casefold()
        if not word or folded in words or folded.rstrip("s") in words:
            continue
        close = difflib.get_close_matches(folded, words, n=1, cutoff=_CLOSE)
        if close:
            found.append(unknown_word(word, match.start() + 1, words[close[0]]))
    return found


def unknown_word(word: str, column: int, meant: str) -> Finding:
    """CK109 for ``word`` at ``column``, likely meant to be ``meant`` (written with a capital
    when ``word`` starts with one: 'Drwa' is 'Draw', not 'draw')."""
    if word[:1].isupper() and meant.islower():
        meant = meant[:1].upper() + meant[1:]
    return Finding(
        "CK109",
        column,
        f"unknown word {word!r} (did you mean {meant!r}?)",
        "fix the spelling, or declare the word in game.yaml if it is the game's",
        word,
    )


def doubled(line: str) -> list[Finding]:
    """A word written twice in a row ("draw draw"), at the second one."""
    return [
        Finding(
            "CK110",
            match.start() + len(match.group(0)) - len(match.group(1)) + 1,
            f"doubled word {match.group(1)!r}",
            f"write {match.group(1)!r} once",
        )
        for match in _DOUBLED.finditer(line)
    ]


def curly(line: str) -> list[Finding]:
    """Typographic quotes and apostrophes (to flag where a set uses straight ones)."""
    return [
        Finding(
            "CK111",
            column,
            f"typographic quote {char!r} where the set uses straight ones",
            f"write {CURLY[char]!r}",
        )
        for column, char in enumerate(line, 1)
        if char in CURLY
    ]


def unbalanced(line: str) -> list[Finding]:
    """Brackets and braces that do not close, or close what was not opened."""
    found, stack = [], []
    for column, char in enumerate(line, 1):
        if char in "({[":
            stack.append((column, char))
        elif char in _PAIRS:
            if stack and stack[-1][1] == _PAIRS[char]:
                stack.pop()
            else:
                found.append(
                    Finding(
                        "CK112",
                        column,
                        f"{char!r} closes nothing",
                        f"remove it, or open it with {_PAIRS[char]!r}",
                    )
                )
    closing = {v: k for k, v in _PAIRS.items()}
    for column, char in stack:
        found.append(
            Finding(
                "CK112", column, f"{char!r} is never closed", f"close it with {closing[char]!r}"
            )
        )
    return sorted(found, key=lambda f: f.column)


def explain_failure(line: str, exc: RulesTextError, words: Mapping[str, str]) -> Finding | None:
    """A slip that explains why ``line`` does not parse, in place of the parse error."""
    if exc.line != 1:
        return None
    brackets = unbalanced(line)
    if brackets:
        return brackets[0]
    for finding in doubled(line):
        if finding.column == exc.column:
            return finding
    for finding in misspelt(line, words, exc.column):
        if finding.column != exc.column:
            continue
        if not exc.suggestion:
            return finding
        # The parser's guess is among what may come there, so better than the closest word
        # of the whole dictionary; when it is not a word close to the one written ('wizard'
        # where 'card' may come), the parse error says it better.
        word = finding.word
        if " " in exc.suggestion or _similarity(word, exc.suggestion) < _CLOSE:
            return None
        return unknown_word(word, exc.column, exc.suggestion)
    return None


def _similarity(word: str, other: str) -> float:
    return difflib.SequenceMatcher(None, word.casefold(), other.casefold()).ratio()

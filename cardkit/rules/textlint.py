"""Typing slips in one line of rules text: misspelt and doubled words, typographic quotes,
unbalanced brackets. Pure functions of the text, each finding with its column (from 1).

Spelling is checked against two lists, and a word is misspelt only when neither knows it:

- the game's own words (``dictionary``): the grammar's, every word the game declares
  (resources, factions, card types, keywords, zones, spans, phrasing) with the plurals,
  possessives and verb forms of each ('Relics', 'Gold's', 'rezzed' of 'rez'), and the
  set's card names;
- English, from a maintained word list (``english.py``), read only when a word is not one
  of the game's. Words the list does not have must be declared by the game: 'subroutine',
  'trash' and 'install' are English, 'rez' and 'deathtouch' are not.

Words in capitals ('HP', 'ATK'), single letters ('X') and words with digits ('D6') are not
checked. The hint for a misspelt word comes from the same two lists: the known words one
edit away (a letter dropped, added, changed, or two swapped), else two; the game's declared
words first, then the core's, then English; among those the commoner word and the likelier
slip (a letter dropped, doubled or swapped rather than one changed or added).

``explain_failure`` uses these findings to say why a line does not parse when a slip is the
reason: "doubled word 'draw'" is a better message than "unexpected 'draw'". A correctly
spelt word the grammar cannot take leaves the parse error standing.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from cardkit.effects import ACTIONS, NUMBER_WORDS, STATES
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.rules.english import english_words
from cardkit.rules.grammar import FUNCTION_WORDS, grammar_text, verb_forms
from cardkit.rules.parse_errors import clip, edit_distance, listed

_WORD = re.compile(r"(?<![\w'\u2019])[^\W\d_][\w'\u2019-]*")
_LETTERS = re.compile(r"[^\W\d_]+")
_PARTS = re.compile(r"[-']")
_DOUBLED = re.compile(r"\b([^\W\d_]+)[ \t{}]+\1\b", re.IGNORECASE)
_TERMINAL = re.compile(r"^_?[A-Z][A-Z_]*(?:\.\d+)?:\s*(.*)$", re.MULTILINE)
_ESCAPE = re.compile(r"\\[a-zA-Z]")
CURLY = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}
_PAIRS = {")": "(", "}": "{", "]": "["}
_ALPHABET = "abcdefghijklmnopqrstuvwxyz'"
# The longest word given a hint: longer than any word of the English list ('floccinaucinihilipili-
# fication' is 29 letters) or likely to be one of the game's.
_HINTED = 40
# How often an English word must be used (in the list's counts) to be a hint two edits away:
# 26,000 of its 160,000 words. A rare word that far from the one written is seldom meant.
_COMMON = 500
# Endings of the game's words in running text, each with what to put back: plurals
# ('relics', 'allies'), possessives ('Gold's', 'players''), verb forms ('scrapped', 'rezzing').
_ENDINGS = (
    ("'s", ""),
    ("s'", ""),
    ("ies", "y"),
    ("ied", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
)


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
    """Every word the grammar spells, casefolded: its file's terminals' and the core verbs'
    (with their forms: 'draws', 'drawn')."""
    words = {"a"}  # the grammar spells it 'an?'
    for definition in _TERMINAL.findall(grammar_text()):
        words.update(w.casefold() for w in re.findall(r"[a-zA-Z]+", _ESCAPE.sub(" ", definition)))
    for forms in verb_forms(Vocabulary()):
        words.update(w.casefold() for form in forms for w in _LETTERS.findall(form))
    return frozenset(words)


def _texts(value: object) -> Iterator[str]:
    """Every string in a value made of dataclasses, mappings and collections."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _texts(getattr(value, field.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _texts(item)


def _stems(folded: str) -> Iterator[str]:
    """What ``folded`` may be a plural, possessive or verb form of ('rezzed' -> 'rez')."""
    for ending, back in _ENDINGS:
        if folded.endswith(ending) and len(folded) > len(ending) + 1:
            stem = folded[: -len(ending)] + back
            yield stem
            if ending in ("es", "ed", "ing") and not back and _doubled_after_vowel(stem):
                yield stem[:-1]  # a doubled consonant: 'scrapped', 'rezzes'


def _doubled_after_vowel(stem: str) -> bool:
    """Whether ``stem`` ends in a consonant doubled after one vowel, as a verb doubles it
    before an ending ('scrapp' of 'scrapped', 'rezz'); not 'costt' of 'costting'."""
    vowels = "aeiou"
    return (
        len(stem) >= 3
        and stem[-1] == stem[-2]
        and stem[-1] not in vowels
        and stem[-3] in vowels
        and (len(stem) == 3 or stem[-4] not in vowels)
    )


def _edits(word: str) -> set[str]:
    """The strings one edit away from ``word``: a letter dropped, added or changed, or two
    neighbours swapped."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    letters = _ALPHABET + "".join(sorted(set(word) - set(_ALPHABET)))
    return {
        *(left + right[1:] for left, right in splits if right),
        *(left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1),
        *(left + c + right[1:] for left, right in splits if right for c in letters),
        *(left + c + right for left, right in splits for c in letters),
    }


def _deletes(words: Iterable[str]) -> Mapping[str, list[str]]:
    """Each word, and each string one letter shorter than a word, to the words it comes
    from: the words one edit away from a string are among those under the string and under
    each of its one-letter-shorter forms."""
    index: dict[str, list[str]] = defaultdict(list)
    for word in words:
        index[word].append(word)
        for i in range(len(word)):
            index[word[:i] + word[i + 1 :]].append(word)
    return index


@cache
def _common_deletes() -> Mapping[str, list[str]]:
    """``_deletes`` of the English words used at least ``_COMMON`` times, made once."""
    return _deletes(word for word, count in english_words().items() if count >= _COMMON)


class Dictionary(Mapping[str, str]):
    """The game's words, casefolded, each to the way the game writes it ('gold' -> 'Gold'):
    those it ``declared`` (its vocabulary and card names) and the ``core`` words every game
    shares (the grammar's). And what a word in rules text is, against them and against
    English: known, or misspelt with a hint. What it found for a word is kept: a set
    repeats its words."""

    def __init__(self, declared: Mapping[str, str], core: Iterable[str] = ()) -> None:
        self._declared = dict(declared)
        self._words = {**self._declared, **{word: word for word in core}}
        self._known: dict[str, bool] = {}
        self._hints: dict[str, tuple[str, int]] = {}
        self._deletes: Mapping[str, list[str]] | None = None

    def __getitem__(self, key: str) -> str:
        return self._words[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)

    def game_knows(self, folded: str) -> bool:
        """Whether a casefolded word is the game's, or a plural, possessive or verb form of
        one of its words."""
        return folded in self._words or any(stem in self._words for stem in _stems(folded))

    def knows(self, word: str) -> bool:
        """Whether ``word`` is spelt right: the game's, or English (a hyphenated word
        when each part is)."""
        folded = word.casefold().replace("\u2019", "'")
        known = self._known.get(folded)
        if known is None:
            known = self._known[folded] = self._knows(folded)
        return known

    def _knows(self, folded: str) -> bool:
        if self.game_knows(folded):
            return True
        parts = [part for part in _PARTS.split(folded) if len(part) > 1]
        if len(parts) > 1 and all(map(self.game_knows, parts)):
            return True  # 'non-Leader': known without reading English
        english = english_words()
        if folded in english or folded.removesuffix("'s").removesuffix("'") in english:
            return True
        parts = [part for part in _PARTS.split(folded) if len(part) > 1]
        return len(parts) > 1 and all(map(self.knows, parts))

    def hint(self, word: str) -> tuple[str, int]:
        """The word ``word`` was likely meant to be, written as the game writes it, and how
        many edits away it is (1 or 2); ('', 0) when no known word is that close, or when
        ``word`` is longer than ``_HINTED`` letters (the strings two edits from a word grow
        with the square of its length: 'a' written 4,800 times took 2.5 GB)."""
        folded = word.casefold().replace("\u2019", "'")
        if len(folded) > _HINTED:
            return "", 0
        found = self._hints.get(folded)
        if found is None:
            near = _edits(folded)
            found = self._best(folded, near), 1
            if not found[0]:
                found = self._best(folded, self._two_edits(folded)), 2
            if not found[0]:
                found = "", 0
            self._hints[folded] = found
        meant, distance = found
        return _written_like(word, meant), distance

    def _two_edits(self, folded: str) -> set[str]:
        """The known words two edits away from ``folded``: the game's, and the English
        ones used at least ``_COMMON`` times. Found through the strings one edit away and
        the indexes of deletes, not by comparing ``folded`` with every word."""
        if self._deletes is None:
            self._deletes = _deletes(self._words)
        indexes = (self._deletes, _common_deletes())
        found: set[str] = set()
        for one in _edits(folded):
            for key in (one, *(one[:i] + one[i + 1 :] for i in range(len(one)))):
                for index in indexes:
                    found.update(index.get(key, ()))
        return {word for word in found if edit_distance(folded, word) == 2}

    def _best(self, typed: str, candidates: set[str]) -> str:
        """The likeliest of ``candidates`` to have been meant by ``typed``: one the game
        declared, else one of the core's words, else an English one; among those, the one
        the commoner word and the likelier slip."""
        english = english_words()
        for known in (self._declared, self._words, english):
            found = [word for word in candidates if word in known]
            if found:
                best = min(found, key=lambda w: (-english.get(w, 1) * _slip(typed, w), w))
                return self._words.get(best, best)
        return ""


def dictionary(vocab: Vocabulary, names: Iterable[str] = ()) -> Dictionary:
    """The game's words: every word it declares (with the plurals of its card types) and
    the card names', and the core's (the grammar's, numbers, actions and states)."""
    declared: dict[str, str] = {}
    plurals = (name for _, name in vocab.plural_names())
    for phrase in (*_texts(vocab), *plurals):
        for word in _LETTERS.findall(phrase):
            # As names write it, not as ids do: ('favor', 'Royal Favor') gives 'Favor'.
            if declared.setdefault(word.casefold(), word).islower():
                declared[word.casefold()] = word
    for name in names:  # capitalised as titles are: their words keep the game's writing
        for word in _LETTERS.findall(name):
            declared.setdefault(word.casefold(), word)
    verbs = (form for forms in verb_forms(vocab) for form in forms)  # draws, drew, drawn
    core = {*grammar_words(), *(w.casefold() for w in (*NUMBER_WORDS, *ACTIONS, *STATES))}
    core.update(w.casefold() for form in verbs for w in _LETTERS.findall(form))
    return Dictionary(declared, core)


def _checked(line: str, start: int) -> Iterator[tuple[str, int]]:
    """The words of ``line`` from column ``start`` on that spelling checks, with their
    columns: not in capitals, not one letter, no digits."""
    for match in _WORD.finditer(line, start - 1):
        word = match.group(0).rstrip("'\u2019-")
        if len(word) > 1 and not word.isupper() and not any(c.isdigit() or c == "_" for c in word):
            yield word, match.start() + 1


# A card named in quotes, or after 'named': the words of a card's name, checked against the
# set's cards (CK130), not spelt (a card of another set may be named so).
_NAMED = re.compile(
    r"\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d"
    r"|(?<![\w-])named[ \t]+[^\W\d_][\w'\u2019-]*"
    r"(?:[ \t]+(?:of[ \t]+(?:the[ \t]+)?)?[A-Z][\w'\u2019-]*)*"
)


def named_spans(line: str) -> list[tuple[int, int]]:
    """The columns (from 1; first, and one past the last) of the cards ``line`` names in
    quotes or after 'named'."""
    return [(match.start() + 1, match.end() + 1) for match in _NAMED.finditer(line)]


def parameter_spans(line: str, keywords: Iterable[str]) -> list[tuple[int, int]]:
    """The columns (from 1; first, and one past the last) of the parameters of the
    ``keywords`` used in ``line`` ('Sworn(Sea Folk)'): checked against what the keyword
    takes (CK104), not spelt. Reminder text ('(Draw a card.)') is not a parameter."""
    names = sorted(keywords, key=len, reverse=True)
    if not names:
        return []
    pattern = re.compile(
        rf"(?<![\w-])(?:{'|'.join(map(re.escape, names))})[ \t]*\(([^()\n]*)\)", re.IGNORECASE
    )
    return [
        (match.start(1) + 1, match.end(1) + 1)
        for match in pattern.finditer(line)
        if not match.group(1).rstrip().endswith((".", "!"))
    ]


def misspelt(
    line: str, words: Dictionary, start: int = 1, skip: Iterable[tuple[int, int]] = ()
) -> list[Finding]:
    """Words from column ``start`` on that neither the game nor English knows, but for those
    in the ``skip`` spans of columns (first, one past the last)."""
    spans = tuple(skip)
    return [
        unknown_word(word, column, words.hint(word)[0])
        for word, column in _checked(line, start)
        if not any(first <= column < end for first, end in spans) and not words.knows(word)
    ]


def unknown_word(word: str, column: int, meant: str) -> Finding:
    """CK109 for ``word`` at ``column``, likely meant to be ``meant`` ('' when no known word
    is close)."""
    guess = f" (did you mean {meant!r}?)" if meant else ""
    return Finding(
        "CK109",
        column,
        f"unknown word {clip(word, 40)!r}{guess}",
        "fix the spelling, or declare the word in game.yaml if it is the game's",
        word,
    )


# What a real word slipped for another may have been meant to be: English's closed classes
# as the grammar spells them (articles, pronouns, prepositions, conjunctions, auxiliaries).
# Slips between such words ('form' for 'from', 'you' for 'your', 'than' for 'then') are
# common and the grammar tells them apart; a content word ('hero' for 'here') it does not.
CLOSED_CLASS = frozenset(
    [
        *FUNCTION_WORDS,
        *("do", "does", "did", "not", "may", "can", "up", "down", "out", "off"),
        # relative and question words, each no slip for another ('Collect what it produces')
        *("what", "which", "who", "whom", "whose"),
    ]
)
# At most this many candidates are tried for one word slipped for another, in a line of at
# most this many characters (each is the line parsed again).
_TRIED = 3
_REREAD = 400


def slipped_words(
    line: str,
    free: Iterable[str],
    known: Iterable[str],
    unread: Callable[[str], int | None],
) -> list[Finding]:
    """CK115: a word spelt right that the grammar could only keep as written (a free word),
    where one of the ``known`` words (``CLOSED_CLASS``) one edit away makes the whole line
    read (no free word left): 'Trash a card form your hand' ('from'), 'up too 4'.
    ``unread(text)`` is how many free words a line has, None when it does not parse."""
    folded = {word.casefold() for word in free}
    kinds = frozenset(known)
    found: list[Finding] = []
    # one word replaced must leave no free word: a line with more than one, or too long to
    # read again for each guess, has no single slip to find
    written = [(word, column) for word, column in _checked(line, 1) if word.casefold() in folded]
    if len(written) != 1 or len(line) > _REREAD:
        return found
    for word, column in written:
        meant = slip_meant(line, word, column, kinds, unread)
        if meant:
            found.append(
                Finding(
                    "CK115",
                    column,
                    f"{word!r} is read only as written; with {meant!r} the rest of the line "
                    f"reads (did you mean {meant!r}?)",
                    f"write {meant!r}, or keep {word!r} if it is what you meant",
                    word,
                )
            )
    return found


def slip_meant(
    line: str,
    word: str,
    column: int,
    known: frozenset[str],
    unread: Callable[[str], int | None],
    *,
    stopped: bool = False,
) -> str:
    """The word of ``known`` one edit away from ``word`` (at ``column`` of ``line``) with
    which the whole line reads, written as ``word`` is ('Form' -> 'From'); '' when none
    does. A word that is itself one of the ``known`` is no slip for another ('draw that
    many') unless the line ``stopped`` parsing at it, and then only for the word with its
    last letter dropped ('onto you deck'): where the grammar stops at a word of its own
    ('other than Copper', '3 Coins or 4 Coins'), a form it lacks is likelier than a slip.
    The likeliest slips are tried first, at most ``_TRIED`` of them."""
    key = word.casefold()
    own = key in known
    if len(key) < 2 or (own and not stopped) or len(line) > _REREAD:
        return ""
    if len(key) > max(map(len, known), default=0) + 1:
        return ""  # no word of ``known`` is one edit away
    english = english_words()
    candidates = sorted(
        (
            c
            for c in _edits(key)
            if c in known and len(c) > 1 and (not own or (c[:-1] == key and len(c) > 2))
        ),
        # a slip seldom changes the first letter ('man' is likelier 'may' than 'can')
        key=lambda c: (c[0] != key[0], -english.get(c, 1) * _slip(key, c), c),
    )
    for candidate in candidates[:_TRIED]:
        meant = _written_like(word, candidate)
        if unread(line[: column - 1] + meant + line[column - 1 + len(word) :]) == 0:
            return meant
    return ""


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


def explain_failure(
    line: str,
    exc: RulesTextError,
    words: Dictionary,
    parse: Callable[[str], object] | None = None,
) -> Finding | None:
    """A slip that explains why ``line`` does not parse, in place of the parse error: an
    unbalanced bracket, a doubled word, or a misspelt word with a hint where parsing stops.
    ``parse`` (the ability a line parses to, or the ``RulesTextError`` why not) tells
    whether the word meant may stand there; where it may not, the message also says what
    may, as the parse error does."""
    if exc.line != 1:
        return None
    brackets = unbalanced(line)
    if brackets:
        return brackets[0]
    for finding in doubled(line):
        if finding.column == exc.column:
            return finding
    for word, column in _checked(line, exc.column):
        if column != exc.column or words.knows(word):
            return None  # a word spelt right that the grammar cannot take: the parse error
        meant, distance = words.hint(word)
        if not meant:
            return None  # no word like it: the parse error says what may come there
        # The parser's guess is among what may come there: as close, it is the better one.
        guess = exc.suggestion
        if (
            guess
            and " " not in guess
            and edit_distance(word.casefold(), guess.casefold()) <= distance
        ):
            return unknown_word(word, column, _written_like(word, guess))
        found = unknown_word(word, column, meant)
        if parse is None or not exc.expected:
            return found
        fixed = parse(line[: column - 1] + meant + line[column - 1 + len(word) :])
        if not isinstance(fixed, RulesTextError) or fixed.line > 1 or fixed.column > column:
            return found
        message = f"{found.message}; expected {listed(list(exc.expected))} here"
        return dataclasses.replace(found, message=message)
    return None


_BEFORE_A_VERB = frozenset({"you", "may", "must", "can", "cannot", "to", "then", "and", "or"})
# Words that open a sentence and are never its verb (adverbs of time and order): 'Later
# this round, ...' wants no hint to declare 'later' as a verb of the game.
_NEVER_VERBS = frozenset(
    {
        "later", "earlier", "afterwards", "afterward", "meanwhile", "immediately", "finally",
        "firstly", "secondly", "lastly", "soon", "now", "still", "also", "ever", "never",
        "always", "sometimes", "often", "together", "alone", "otherwise", "instead",
        "likewise", "anyway", "thereafter", "again", "already", "usually",
    }
)  # fmt: skip
# Where a sentence starts: the line's start, or after a sentence's end or a label's colon.
_SENTENCE_START = re.compile(r"(?:^|[.:!?\u2014-])\s*$")


def verb_hint(exc: RulesTextError, line: str, words: Dictionary) -> str | None:
    """Where a verb may stand and an English word that is no word of the game stands instead
    ("This card beats ..."): the hint to declare it as the game's verb."""
    if not any(item.startswith("a verb") for item in exc.expected):
        return None
    found = re.match(r"[A-Za-z][a-z]*\b", line[exc.column - 1 :])
    if found is None:
        return None
    written = word = found.group()
    starts = bool(_SENTENCE_START.search(line[: exc.column - 1]))
    if word[0].isupper():  # a capital only where a sentence starts: 'Action: Barter 3 Gems'
        if not starts:
            return None
        word = word.lower()
    if words.game_knows(word) or not words.knows(word) or word.casefold() in _NEVER_VERBS:
        return None  # the grammar's or the game's own word, a slip the spelling check tells,
        # or an adverb ('Later this round, ...')
    english = english_words()
    # the longest stem English knows: 'trades' is 'trade' (not 'trad'), 'uses' is 'use'
    base = max((stem for stem in _stems(word) if stem in english), key=len, default=None)
    if base is None:
        before = line[: exc.column - 1].split()
        modal = bool(before) and before[-1].casefold() in _BEFORE_A_VERB
        if not modal and not (starts and word in english):
            return None  # neither a verb's form ('beats'), after a modal ('may bid') nor
            # a command ('Barter 3 Gems for 1 VP')
        base = word
    return (
        f"if {written!r} is a verb of the game, declare it in game.yaml under 'phrasing: verbs:' "
        f"({base}: {{}}); see docs/phrasing.md"
    )


# A label at the start of a line: a few words (a number in brackets among them, as in
# 'Test Lore (3)'), then a colon, a spaced dash or an em dash, then the ability.
_LABEL_START = re.compile(
    r"[ \t]*(?P<label>[A-Z][\w'\u2019]*(?:[ \t]+(?:[\w'\u2019]+|\(\d+\)|\d+)){0,4})"
    r"(?P<sep>[ \t]*:|[ \t]+-[ \t]+|[ \t]*\u2014[ \t]*)(?=[ \t]*\S)"
)


def label_hint(exc: RulesTextError, line: str, verb: str | None = None) -> str | None:
    """Where parsing stops in the words before a label's colon or dash at the start of a line
    ('Forced - When ...', 'Test Lore (3): If you pass, ...'): the hint to declare them as a
    label of the game, its numbers as ``{n}`` slots. Before a colon they may also be a cost
    ('Bid 2 Gold: ...'): then ``verb``, the hint to declare its verb, is given as the other
    way; before a dash (no cost is written so), ``verb`` is not. None where no label stands."""
    found = _LABEL_START.match(line)
    if found is None or exc.line != 1 or exc.column - 1 >= found.end("label"):
        return verb
    label = found.group("label")
    text = re.sub(r"\d+", "{n}", label)
    key = "-".join(re.findall(r"[a-z]+", label.lower())) or "label"
    sep = found.group("sep").strip()
    shown = text if re.fullmatch(r"[\w' -]+", text) else f'"{text}"'
    hint = (
        f"if {label!r} is a label of the game (the words before '{sep}' that start an "
        f"ability), declare it in game.yaml under 'phrasing: labels:' ({key}: {{text: {shown}}})"
    )
    if verb and sep == ":":
        return f"{hint}; or {verb}"
    return f"{hint}; see docs/phrasing.md"


def unhinted(exc: RulesTextError, words: Dictionary) -> str:
    """The reason of a parse error, without its guess when the words found are spelt right
    and the guess is not a form of them: 'player' is not a slip for 'played', nor 'and' for
    'hand', but 'infantries' may be for 'infantry' where the game writes that."""
    guess = exc.suggestion
    if not guess or " " in guess or not exc.found.strip():
        return exc.reason
    # of words found, the first is the one guessed at ('Border Guards' is no 'reorder')
    written = exc.found.split()[0]
    found, meant = written.casefold(), guess.casefold()
    if not words.knows(written) or meant in _stems(found) or found in _stems(meant):
        return exc.reason
    return exc.reason.removesuffix(f" (did you mean {guess!r}?)")


def _slip(typed: str, meant: str) -> float:
    """How likely ``typed`` is as a slip in writing ``meant``, one edit away, against the
    other slips: a letter dropped, doubled or swapped with its neighbour is one slip of the
    word's own letters; a letter changed or added is one of 25 (1/25 as likely).
    Words two edits away are not weighed (1)."""
    if len(meant) == len(typed) + 1:
        return 1.0  # a letter dropped
    if len(meant) == len(typed) - 1:
        doubled = any(
            typed[i] == typed[i - 1] and typed[:i] + typed[i + 1 :] == meant
            for i in range(1, len(typed))
        )
        return 1.0 if doubled else 1 / 25
    if len(meant) == len(typed) and sorted(meant) == sorted(typed):
        return 1.0  # two neighbours swapped
    return 1 / 25 if len(meant) == len(typed) else 1.0


def _written_like(word: str, meant: str) -> str:
    """``meant`` with a capital where ``word`` has one and ``meant`` has none ('Drwa' is
    'Draw', 'hWen' is 'When')."""
    if meant.islower() and not word.islower():
        return meant[:1].upper() + meant[1:]
    return meant

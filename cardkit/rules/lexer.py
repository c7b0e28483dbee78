"""lark's contextual lexer, with scanners that cost little to build and to run.

lark's ``ContextualLexer`` gives each parser state a scanner: one regular expression joining
every terminal the state accepts (``(?P<A>...)|(?P<B>...)|...``), in lark's order. The
rules grammar has about 180 terminals, several of them tries of a game's whole vocabulary, and
a card set's lines visit some 40 states, so a run compiled ~40 expressions of ~100
alternatives each, the same big terminals again in each: about half a second, which Python
cannot keep between runs. At each word, the joined expression tries its alternatives in turn.

``FirstCharScanner`` gives the same answer as that joined expression (the first terminal in
lark's order that matches, and its text) from the terminals' own expressions, each compiled
once per parser: it tries only the terminals that can start with the character at hand (known
from the expression's parse, a superset: lookarounds and case are taken generously), in
lark's order. A state's list of such terminals is made the first time a character is met in
that state. ``FastContextualLexer`` is lark's contextual lexer with these scanners (given to
lark as ``Lark(lexer=RulesLexer)``), each state's ``next_token`` doing less per token (the
same steps: terminal order, lark's "unless" callbacks, positions); where no terminal of a
state matches, lark's own code raises the error, so messages and columns are lark's. Text
that parses is read by ``lalr.py``'s loop, which takes the states' scanners from here.
tests/test_rules_lexer.py holds it to lark's own lexer on every line of every game.

Most tokens are words, and most terminals that may start with a word's first letter cannot
start with that word (``VERB_S`` at "gain", ``A_SPAN`` at "attack"): the loop asks a scanner
for the terminals of a whole word (``word_candidates``), those of the first character less
the ones whose expression rules the word out (``word_starts``: the words a match may begin
with, read from the expression's parse). Likewise at a blank, only the terminals that may go
on with the character after it (``blank_candidates``, ``after_blanks``). Each is a superset,
in lark's order, and the expressions still decide; a scanner keeps the lists it made. This
cut the expressions tried per line of bench/rules.py's card set from 39 to 9 (issue 15).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from functools import cache
from re import _compiler as sre_compile  # type: ignore[attr-defined]
from re import _constants as sre
from re import _parser as sre_parse
from typing import Any

from lark.common import LexerConf
from lark.exceptions import LexError
from lark.lexer import (
    BasicLexer,
    CallChain,
    ContextualLexer,
    Lexer,
    LexerState,
    PatternRE,
    PatternStr,
    Scanner,
    TerminalDef,
    Token,
    UnlessCallback,
)

__all__ = [
    "BLANKS",
    "WORD",
    "FastContextualLexer",
    "FirstCharScanner",
    "RulesLexer",
    "after_blanks",
    "first_chars",
    "word_starts",
]

_ANY = None
"""A terminal that may start with any character (or one we cannot tell)."""

_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d",
    sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w",
    sre.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT)}
_REMEMBERED = 1024
"""How many characters a scanner keeps its terminals for (text may hold any character)."""
_REMEMBERED_WORDS = 4096
"""How many words a scanner keeps its terminals for (then it starts again)."""
WORD = re.compile(r"[A-Za-z]+(?![A-Za-z]|[^\x00-\x7f])")
"""A word whose terminals a scanner knows (``word_candidates``): ASCII letters, then no other
letter (a non-ASCII one may be one the terminals' case-folding takes for an ASCII letter)."""
_ATOMIC = getattr(sre, "ATOMIC_GROUP", object())
_ZERO_WIDTH = {sre.AT, sre.ASSERT, sre.ASSERT_NOT}


class _Unknown(Exception):
    """An expression whose first character the walk does not tell."""


def first_chars(regexp: str, flags: int = 0) -> re.Pattern[str] | None:
    """An expression matching every character a match of ``regexp`` can start with (and
    perhaps more), or None when that may be any character."""
    try:
        parsed = sre_parse.parse(regexp, flags)
    except (re.error, RecursionError):
        return _ANY
    return _first_chars_of(parsed)


def _first_chars_of(parsed: Any) -> re.Pattern[str] | None:
    """``first_chars`` of an expression parsed by ``re._parser``."""
    try:
        parts: list[tuple[str, bool]] = []
        nullable = _walk(parsed, parsed.state.flags, parts)  # with "(?i)" at its start
    except (_Unknown, RecursionError):
        return _ANY
    if nullable or not parts:
        return _ANY
    return _chars(parts)


def _chars(parts: list[tuple[str, bool]]) -> re.Pattern[str]:
    """An expression matching the characters of ``parts`` (class members, case folded or not)."""
    exact = "".join(text for text, folded in parts if not folded)
    folded = "".join(text for text, folded in parts if folded)
    branches = []
    if exact:
        branches.append(f"[{exact}]")
    if folded:
        branches.append(f"(?i:[{folded}])")
    return re.compile("|".join(branches))  # Unicode classes: a superset of ASCII ones


BLANKS = " \t"
"""The blanks ``after_blanks`` looks past (the spaces between words, mostly)."""


def after_blanks(regexp: str, flags: int = 0) -> re.Pattern[str] | None:
    """An expression matching every character that a match of ``regexp`` at a space or tab can
    take first after the spaces and tabs it starts with (and perhaps more), or None when that
    may be any character (or a match may hold no other character)."""
    try:
        parsed = sre_parse.parse(regexp, flags)
    except (re.error, RecursionError):
        return _ANY
    return _after_blanks_of(parsed)


def _after_blanks_of(parsed: Any) -> re.Pattern[str] | None:
    """``after_blanks`` of an expression parsed by ``re._parser``."""
    try:
        parts: list[tuple[str, bool]] = []
        nullable = _past_blanks(parsed, parsed.state.flags, parts)
    except (_Unknown, RecursionError):
        return _ANY
    if nullable or not parts:
        return _ANY
    found = _chars(parts)
    # a blank there: the match may take more blanks first, and then any character
    return _ANY if any(found.match(blank) for blank in BLANKS) else found


def _past_blanks(items: Any, flags: int, parts: list[tuple[str, bool]]) -> bool:
    """As ``_walk``, past the parts of a sequence that match blanks only: add the first
    characters the sequence may take after blanks; whether it may match blanks only."""
    for op, av in items:
        if op in _ZERO_WIDTH or _blanks_only(op, av):
            continue
        if op is sre.SUBPATTERN:
            _group, add, remove, sub = av
            if not _past_blanks(sub, (flags | add) & ~remove, parts):
                return False
            continue
        if op is _ATOMIC:
            if not _past_blanks(av, flags, parts):
                return False
            continue
        if op is sre.BRANCH:
            nullable = False
            for branch in av[1]:
                nullable = _past_blanks(branch, flags, parts) or nullable
            if not nullable:
                return False
            continue
        # a part that cannot take a blank: empty while blanks are left, or it takes the
        # first character after them
        first: list[tuple[str, bool]] = []
        nullable = _walk([(op, av)], flags, first)
        if not first or any(_chars(first).match(blank) for blank in BLANKS):
            raise _Unknown  # it may take blanks and then any character
        parts += first
        if not nullable:
            return False
    return True


def _blanks_only(op: Any, av: Any) -> bool:
    """Whether a part of an expression matches nothing but blanks (or nothing)."""
    if op is sre.LITERAL:
        return chr(av) in BLANKS
    if op is sre.IN:
        return all(kind is sre.LITERAL and chr(value) in BLANKS for kind, value in av)
    if op in _REPEATS:
        return all(
            sub_op in _ZERO_WIDTH or _blanks_only(sub_op, sub_av) for sub_op, sub_av in av[2]
        )
    return False


def _walk(items: Any, flags: int, parts: list[tuple[str, bool]]) -> bool:
    """Add the first characters of a sequence to ``parts``; whether it may match nothing."""
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sre.SUBPATTERN:
            _group, add, remove, sub = av
            if not _walk(sub, (flags | add) & ~remove, parts):
                return False
            continue
        if op is _ATOMIC:
            if not _walk(av, flags, parts):
                return False
            continue
        if op in _REPEATS:
            low, _high, sub = av
            if not _walk(sub, flags, parts) and low > 0:
                return False
            continue
        if op is sre.BRANCH:
            nullable = False
            for branch in av[1]:
                nullable = _walk(branch, flags, parts) or nullable
            if not nullable:
                return False
            continue
        folded = bool(flags & re.IGNORECASE)
        if op is sre.LITERAL:
            parts.append((_char(av), folded))
        elif op is sre.IN:
            parts.append(("".join(_member(kind, value) for kind, value in av), folded))
        else:  # ANY, NOT_LITERAL, a back reference ...: any character
            raise _Unknown
        return False
    return True


def _char(code: int) -> str:
    return re.escape(chr(code)) if chr(code) not in "]^-\\" else "\\" + chr(code)


def _member(kind: Any, value: Any) -> str:
    if kind is sre.LITERAL:
        return _char(value)
    if kind is sre.RANGE:
        return f"{_char(value[0])}-{_char(value[1])}"
    if kind is sre.CATEGORY and value in _CATEGORIES:
        return _CATEGORIES[value]
    raise _Unknown  # NEGATE, a line-break category ...


WordStarts = tuple[frozenset[str], frozenset[str]]
"""The words a terminal's match may start with (``word_starts``): whole words, and prefixes."""

_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_MOST_STARTS = 50_000
"""Beyond this many ways to start, a terminal is taken to start with any word."""
_WORD_ENDS = {sre.AT_BOUNDARY, sre.AT_END, sre.AT_END_STRING}


def word_starts(regexp: str, flags: int = 0) -> WordStarts | None:
    """Which words a match of ``regexp`` can start with, where a word is a run of ASCII letters
    followed by an ASCII character that is not one, or by the end of the text (a superset, in
    lowercase): ``(words, prefixes)``, a word in ``words``, or a word that starts with one of
    ``prefixes``. None when that may be any word."""
    try:
        parsed = sre_parse.parse(regexp, flags)
    except (re.error, RecursionError):
        return None
    return _word_starts_of(parsed)


def _word_starts_of(parsed: Any) -> WordStarts | None:
    """``word_starts`` of an expression parsed by ``re._parser``.

    The walk follows the letters a match must begin with: an ASCII letter extends each way of
    starting (case folded), a character that cannot be an ASCII letter (a space, a digit,
    ``\\b``, ``(?![\\w-])``, the end) makes it a whole word, and anything that may be a letter
    (a class of letters, any character, a repeat) leaves it a prefix. Lookarounds are skipped."""
    words: set[str] = set()
    prefixes: set[str] = set()
    try:
        ends = _letters(parsed, parsed.state.flags, {""}, words, prefixes)
    except (_Unknown, RecursionError):
        return None
    prefixes |= ends  # the match may end there, and any letter follow
    if "" in prefixes:
        return None
    return frozenset(words), frozenset(prefixes)


def _letters(
    items: Any, flags: int, ways: set[str], words: set[str], prefixes: set[str]
) -> set[str]:
    """The ways of starting still made of letters after a sequence (see ``_word_starts_of``)."""
    for op, av in items:
        if not ways:
            break
        if len(ways) > _MOST_STARTS:
            raise _Unknown
        if op is sre.AT:
            if av in _WORD_ENDS:  # after a letter, the word ends here
                words.update(way for way in ways if way)
                ways = {""} & ways
            continue
        if op is sre.ASSERT_NOT:
            direction, sub = av
            if direction == 1 and _takes_any_letter(sub, flags):  # "(?![\w-])"
                words.update(way for way in ways if way)
                ways = {""} & ways
            continue
        if op is sre.ASSERT:
            continue
        if op is sre.SUBPATTERN:
            _group, add, remove, sub = av
            ways = _letters(sub, (flags | add) & ~remove, ways, words, prefixes)
            continue
        if op is _ATOMIC:
            ways = _letters(av, flags, ways, words, prefixes)
            continue
        if op is sre.BRANCH:
            ways = set().union(*(_letters(b, flags, ways, words, prefixes) for b in av[1]))
            continue
        if op in _REPEATS:
            low, high, sub = av
            once = _letters(sub, flags, ways, words, prefixes)
            if high != 1:  # more of it may follow: what is left is a prefix
                prefixes.update(once)
                once = set()
            ways = (ways | once) if low == 0 else once
            continue
        folded = bool(flags & re.IGNORECASE)
        if op is sre.LITERAL:
            char = chr(av)
            if char in _ASCII_LETTERS:
                ways = {way + char.lower() for way in ways}
                continue
            may_be_letter = folded and _folds_to_letter(char)
        elif op is sre.IN:
            may_be_letter = _may_be_letter(av, folded)
        else:  # any character, not a character, a back reference ...
            may_be_letter = True
        if may_be_letter:
            prefixes.update(ways)
        else:  # a character that is not a letter: the word ends before it
            words.update(way for way in ways if way)
        ways = set()
    return ways


@cache
def _folds_to_letter(char: str) -> bool:
    """Whether ``char`` matches an ASCII letter when case is ignored ('\u212a', Kelvin's K)."""
    pattern = re.compile(re.escape(char), re.IGNORECASE)
    return not char.isascii() and any(pattern.fullmatch(letter) for letter in _ASCII_LETTERS)


def _takes_any_letter(items: Any, flags: int) -> bool:
    """Whether ``items`` is one character class holding every letter (``[\\w-]``, ``\\w``)."""
    if len(items) != 1 or items[0][0] is not sre.IN:
        return False
    members = items[0][1]
    return any(kind is sre.NEGATE for kind, _ in members) is False and any(
        kind is sre.CATEGORY and value is sre.CATEGORY_WORD for kind, value in members
    )


def _may_be_letter(members: Any, folded: bool) -> bool:
    """Whether a character class may match an ASCII letter."""
    for kind, value in members:
        if kind is sre.NEGATE:
            return True
        if kind is sre.LITERAL:
            char = chr(value)
            if char in _ASCII_LETTERS or (folded and _folds_to_letter(char)):
                return True
        elif kind is sre.RANGE:
            low, high = value
            if folded and high > 127:
                return True
            if (low <= ord("z") and high >= ord("a")) or (low <= ord("Z") and high >= ord("A")):
                return True
        elif kind is sre.CATEGORY:
            if value not in (sre.CATEGORY_DIGIT, sre.CATEGORY_SPACE, sre.CATEGORY_NOT_WORD):
                return True
        else:
            return True
    return False


class FirstCharScanner:
    """lark's ``Scanner`` interface: the first of ``terminals`` (in order) that matches at a
    position, tried only among those that can start with the character there."""

    def __init__(self, terminals: list[TerminalDef], compiled: _Compiled) -> None:
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._compiled = compiled
        self.by_char: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {}
        self.by_word: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {}
        self._named = {t.name: t for t in terminals}

    def candidates(self, char: str) -> tuple[tuple[re.Pattern[str], str], ...]:
        found = tuple(
            (self._compiled.pattern(t), t.name)
            for t in self.terminals
            if (first := self._compiled.first(t)) is _ANY or first.match(char)
        )
        if len(self.by_char) < _REMEMBERED:
            self.by_char[char] = found
        return found

    def word_candidates(self, word: str) -> tuple[tuple[re.Pattern[str], str], ...]:
        """The terminals that can start with ``word`` (a match of ``WORD``), in order: those
        that can start with its first character, less those whose ``word_starts`` leave it
        out (the word is their first word, or starts with one of their prefixes)."""
        folded = word.lower()
        heads = {folded[:i] for i in range(1, len(folded) + 1)}
        char = word[0]
        found = []
        for pattern, name in self.by_char.get(char) or self.candidates(char):
            starts = self._compiled.words(self._named[name])
            if starts is None or folded in starts[0] or not heads.isdisjoint(starts[1]):
                found.append((pattern, name))
        if len(self.by_word) >= _REMEMBERED_WORDS:
            self.by_word.clear()
        self.by_word[word] = kept = tuple(found)
        return kept

    def blank_candidates(self, key: str) -> tuple[tuple[re.Pattern[str], str], ...]:
        """The terminals that can start with ``key``: a blank and the character after it (or
        the blank alone at the end of the text), in order: those that can start with the
        blank, less those that cannot go on with that character after their blanks (see
        ``after_blanks``). A second blank tells nothing: all of the blank's."""
        found = self.by_char.get(key[0]) or self.candidates(key[0])
        after = key[1:]
        if not after or after not in BLANKS:
            found = tuple(
                (pattern, name)
                for pattern, name in found
                if (first := self._compiled.after_blanks(self._named[name])) is _ANY
                or (after and first.match(after))
            )
        if len(self.by_word) >= _REMEMBERED_WORDS:
            self.by_word.clear()
        self.by_word[key] = found
        return found

    def match(self, text: Any, pos: int) -> tuple[str, str] | None:
        if pos >= text.end:
            return None
        char = text.text[pos]
        candidates = self.by_char.get(char)
        if candidates is None:
            candidates = self.candidates(char)
        whole, end = text.text, text.end
        for pattern, name in candidates:
            found = pattern.match(whole, pos, end)
            if found:
                return found.group(0), name
        return None

    def fullmatch(self, text: str) -> str | None:
        for t in self.terminals:
            if self._compiled.pattern(t).fullmatch(text):
                return t.name
        return None


class _Compiled:
    """Each terminal's expression and its first characters, compiled once per lexer.

    A regular expression terminal is parsed (``re._parser``) once, and that parse gives its
    width (which lark would parse it again for, to order terminals), its first characters and
    its compiled form (``re.compile`` would parse it a third time): the game's vocabulary
    terminals are long, and parsing them was most of the lexer's start-up."""

    def __init__(self, flags: int) -> None:
        self.flags = flags
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._firsts: dict[str, re.Pattern[str] | None] = {}
        self._words: dict[str, WordStarts | None] = {}
        self._after_blanks: dict[str, re.Pattern[str] | None] = {}
        self._parsed: dict[str, Any] = {}

    def prepare(self, terminals: list[TerminalDef]) -> None:
        """Parse each regular expression terminal, before lark orders them by width. Only
        without global flags, as lark's width (``get_regexp_width``) parses without them."""
        if self.flags:
            return
        for terminal in terminals:
            pattern = terminal.pattern
            if not isinstance(pattern, PatternRE) or terminal.name in self._parsed:
                continue
            regexp = pattern.to_regexp()
            if "\\p{" in regexp:  # lark rewrites Unicode categories for its width
                continue
            try:
                parsed = sre_parse.parse(regexp)
            except (re.error, RecursionError):
                continue  # lark's own code reports it
            if pattern._width is None:
                pattern._width = [int(x) for x in parsed.getwidth()]
            self._parsed[terminal.name] = parsed

    def pattern(self, terminal: TerminalDef) -> re.Pattern[str]:
        found = self._patterns.get(terminal.name)
        if found is None:
            parsed = self._parsed.get(terminal.name)
            if parsed is None:
                found = re.compile(terminal.pattern.to_regexp(), self.flags)
            else:
                first = self.first(terminal)  # from the parse, before it is compiled
                self.words(terminal)
                if first is _ANY or any(first.match(blank) for blank in BLANKS):
                    self.after_blanks(terminal)
                found = sre_compile.compile(parsed, self.flags)
                del self._parsed[terminal.name]
            self._patterns[terminal.name] = found
        return found

    def first(self, terminal: TerminalDef) -> re.Pattern[str] | None:
        if terminal.name not in self._firsts:
            parsed = self._parsed.get(terminal.name)
            self._firsts[terminal.name] = (
                first_chars(terminal.pattern.to_regexp(), self.flags)
                if parsed is None
                else _first_chars_of(parsed)
            )
        return self._firsts[terminal.name]

    def words(self, terminal: TerminalDef) -> WordStarts | None:
        if terminal.name not in self._words:
            parsed = self._parsed.get(terminal.name)
            self._words[terminal.name] = (
                word_starts(terminal.pattern.to_regexp(), self.flags)
                if parsed is None
                else _word_starts_of(parsed)
            )
        return self._words[terminal.name]

    def after_blanks(self, terminal: TerminalDef) -> re.Pattern[str] | None:
        if terminal.name not in self._after_blanks:
            parsed = self._parsed.get(terminal.name)
            self._after_blanks[terminal.name] = (
                after_blanks(terminal.pattern.to_regexp(), self.flags)
                if parsed is None
                else _after_blanks_of(parsed)
            )
        return self._after_blanks[terminal.name]

    def match(self, terminal: TerminalDef, text: str) -> str | None:
        """lark's ``_get_match``: the text ``terminal`` matches at the start of ``text``."""
        found = self.pattern(terminal).match(text)
        return found.group(0) if found else None


def _create_unless(
    terminals: Collection[TerminalDef], compiled: _Compiled, flags: int, use_bytes: bool
) -> tuple[list[TerminalDef], dict[str, Any]]:
    """lark's ``_create_unless`` (string terminals that a regular expression terminal of the
    same priority matches whole are found by that one, then renamed by a callback), with the
    terminals' compiled expressions, and no expression compiled where no string can start
    a match of it (lark compiled every one, again, from its text)."""
    strings = [t for t in terminals if isinstance(t.pattern, PatternStr)]
    embedded: set[TerminalDef] = set()
    callback: dict[str, Any] = {}
    for retok in terminals:
        if not isinstance(retok.pattern, PatternRE):
            continue
        first = compiled.first(retok)
        unless = []
        for strtok in strings:
            if strtok.priority != retok.priority:
                continue
            text = strtok.pattern.value
            if first is not _ANY and not first.match(text[:1]):
                continue
            if text == compiled.match(retok, text):
                unless.append(strtok)
                if frozenset(strtok.pattern.flags) <= frozenset(retok.pattern.flags):
                    embedded.add(strtok)
        if unless:
            callback[retok.name] = UnlessCallback(Scanner(unless, flags, re, use_bytes=use_bytes))  # type: ignore[no-untyped-call]
    return [t for t in terminals if t not in embedded], callback


class _StateLexer(BasicLexer):
    """lark's lexer of one parser state, scanning with a ``FirstCharScanner``."""

    compiled: _Compiled | None = None

    def _build_scanner(self) -> Scanner:
        if self.compiled is None:
            return super()._build_scanner()
        # As lark's own BasicLexer._build_scanner: string terminals that a regular expression
        # of the same priority matches are found by that one and renamed (lark's "unless").
        terminals, self.callback = _create_unless(
            self.terminals, self.compiled, self.g_regex_flags, self.use_bytes
        )
        for name, call in self.user_callbacks.items():
            if name in self.callback:
                self.callback[name] = CallChain(  # type: ignore[no-untyped-call]
                    self.callback[name], call, lambda t, name=name: t.type == name
                )
            else:
                self.callback[name] = call
        return FirstCharScanner(terminals, self.compiled)  # type: ignore[return-value]

    def next_token(self, lex_state: LexerState, parser_state: Any = None) -> Token:
        """lark's ``BasicLexer.next_token``, with less work per token: ignored text (spaces)
        skipped without a token, the token made in one call."""
        scanner = self._scanner or self.scanner
        ignore, callback, newline = self.ignore_types, self.callback, self.newline_types
        line_ctr = lex_state.line_ctr
        text = lex_state.text
        while line_ctr.char_pos < text.end:
            pos = line_ctr.char_pos
            found = scanner.match(text, pos)
            if not found:
                return super().next_token(lex_state, parser_state)  # raises lark's error
            value, name = found
            if name in ignore and name not in callback:
                line_ctr.feed(value, name in newline)
                continue
            line, column = line_ctr.line, line_ctr.column
            line_ctr.feed(value, name in newline)
            token = Token(
                name, value, pos, line, column, line_ctr.line, line_ctr.column, line_ctr.char_pos
            )
            if name in callback:
                token = callback[name](token)
            if name not in ignore:
                if not isinstance(token, Token):
                    raise LexError(f"Callbacks must return a token (returned {token!r})")
                lex_state.last_token = token
                return token
        raise EOFError(self)


class FastContextualLexer(ContextualLexer):
    """lark's contextual lexer whose scanners share their terminals' compiled expressions."""

    BasicLexer = _StateLexer

    def __init__(self, conf: Any, states: Any, always_accept: Any = ()) -> None:
        # lark's own scanners for bytes or the third-party regex module (not used here)
        self.first_char_scanners = conf.re_module is re and not conf.use_bytes
        compiled = _Compiled(conf.g_regex_flags) if self.first_char_scanners else None
        if compiled is not None:
            compiled.prepare(list(conf.terminals))  # before lark orders them by width
        super().__init__(conf, states, always_accept)
        for lexer in [*self.lexers.values(), self.root_lexer]:
            lexer.compiled = compiled  # type: ignore[attr-defined]


class RulesLexer(Lexer):
    """The lexer given to lark (``Lark(lexer=RulesLexer)``, lark's interface for a lexer of
    one's own): a ``FastContextualLexer`` over the parser's states, made at the first text."""

    __future_interface__ = 2  # lex(lexer_state, parser_state), as lark's own lexers

    def __init__(self, conf: LexerConf) -> None:
        self.conf = conf
        self.contextual: FastContextualLexer | None = None

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        return self.states(parser_state.parse_conf.parse_table).lex(lexer_state, parser_state)

    def states(self, table: Any) -> FastContextualLexer:
        """The lexers of the parser's states (lark's parse table), made the first time."""
        if self.contextual is None:
            states = {state: list(accepts) for state, accepts in table.states.items()}
            self.contextual = FastContextualLexer(self.conf, states)
        return self.contextual

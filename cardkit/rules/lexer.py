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
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
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

__all__ = ["FastContextualLexer", "FirstCharScanner", "RulesLexer", "first_chars"]

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
    exact = "".join(text for text, folded in parts if not folded)
    folded = "".join(text for text, folded in parts if folded)
    branches = []
    if exact:
        branches.append(f"[{exact}]")
    if folded:
        branches.append(f"(?i:[{folded}])")
    return re.compile("|".join(branches))  # Unicode classes: a superset of ASCII ones


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


class FirstCharScanner:
    """lark's ``Scanner`` interface: the first of ``terminals`` (in order) that matches at a
    position, tried only among those that can start with the character there."""

    def __init__(self, terminals: list[TerminalDef], compiled: _Compiled) -> None:
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._compiled = compiled
        self.by_char: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {}

    def candidates(self, char: str) -> tuple[tuple[re.Pattern[str], str], ...]:
        found = tuple(
            (self._compiled.pattern(t), t.name)
            for t in self.terminals
            if (first := self._compiled.first(t)) is _ANY or first.match(char)
        )
        if len(self.by_char) < _REMEMBERED:
            self.by_char[char] = found
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
                self.first(terminal)  # from the parse, before it is compiled
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

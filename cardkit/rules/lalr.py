"""A tight LALR(1) loop over lark's own parse table and callbacks, for rules text that parses.

Why it exists: lark's loop is generic. Per token it goes through a lexer generator, a
``ParserState.feed_token`` call, and per reduction a dictionary lookup keyed by lark's ``Rule``
objects (whose ``__hash__`` and ``__eq__`` are Python); on the rules grammar that was about half
of a fresh parse, which must stay at 40 µs per line or less (issue 15, ``bench/rules.py``).

``Driver.parse`` runs the same steps in one function: lex a token with the scanner of the
parser's state (``lexer.py``, as lark's contextual lexer does; at a word or a blank, only
the terminals that can start with it), shift it or reduce by lark's
table (``IntParseTable.states``; a state's row is copied with numbers for actions when the
loop first meets it), and call the ``Builder`` handlers with the children lark's tree builder
would give them: lark's ChildFilter steps are run in the loop (``_plan``), and an inline rule
(``_name``) gives its parent a plain list where lark made a ``Tree`` that nobody sees. Rules
of other shapes keep lark's own callback.

It only ever parses text the grammar accepts. Wherever lark would raise (no terminal matches,
no action for a token), it raises ``Unparsed``, and the caller parses the text again with
``Lark.parse``, so errors and their messages are lark's exactly. A handler's own error
(``RulesTextError``) passes through as it would from lark. ``tests/test_rules_lalr.py``
compares both ways on every line of every test set.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from lark import Token
from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift

from cardkit.rules.lexer import BLANKS, RulesLexer
from cardkit.rules.lexer import WORD as _WORD

__all__ = ["Driver", "Unparsed"]


_new_str = str.__new__


class Unparsed(Exception):
    """The text is not one the grammar accepts here: parse it with lark for its error."""


_Steps = tuple[tuple[int, bool, int], ...]
_Rule = tuple[int, int, _Steps, int, Any, str]
"""A rule as the loop reduces it: its length, how (``_PASS`` ...), lark's ChildFilter steps
and placeholders at the end, the handler (or lark's callback), the name it reduces to."""
_PASS, _KEEP, _LIST, _CALL, _RAW = range(5)
"""How a rule is reduced: ``_a: _b`` passes the value on; an inline rule (``_a``, no handler)
keeps its children as they are, or as lark's ChildFilter takes them, in a list; a rule with a
ChildFilter calls its handler (or lark's tree builder) with the children filtered; any other
calls lark's callback."""
_State = tuple[dict[str, Any], dict[str, Any], Any, dict[str, Any]]
"""A state's lexer: its terminals by first character and by first word, its scanner, lark's
token callbacks."""
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_BLANKS = frozenset(BLANKS)


class Driver:
    """The loop for one lark parser (``Lark(parser="lalr", lexer=RulesLexer)``).

    Each state's row of lark's table is copied the first time the loop is in that state, with
    numbers for actions: a state to go to (shift, goto), or ``-1 - i`` to reduce by rule ``i``
    of ``rules``. A text visits a few dozen of the table's states."""

    def __init__(self, lark: Any) -> None:
        inner = lark.parser.parser.parser  # lark's _Parser: the table and the callbacks
        self.parse_table = inner.parse_table
        self.starts: dict[str, int] = inner.parse_table.start_states
        self.ends: dict[str, int] = inner.parse_table.end_states
        self.callbacks: dict[Any, Any] = inner.callbacks
        self.contextual: Callable[[Any], Any] = lark.parser.lexer.states  # made once
        size = max(inner.parse_table.states) + 1
        self.actions: list[dict[str, int] | None] = [None] * size
        self.lexers: list[_State | None] = [None] * size
        self.rules: list[_Rule] = []
        self.numbers: dict[int, int] = {}  # a rule's number by its identity (the table's)
        self.given_up = False

    @staticmethod
    def of(lark: Any) -> Driver | None:
        """The loop for ``lark``; None where it would not be lark's (another lexer, bytes,
        callbacks on tokens): lark parses every text itself."""
        conf = lark.lexer_conf
        if not isinstance(lark.parser.lexer, RulesLexer) or conf.re_module is not re:
            return None
        if conf.use_bytes or any(isinstance(key, str) for key in lark._callbacks):
            return None
        return Driver(lark)

    def _actions(self, state: int) -> dict[str, int]:
        row: dict[str, int] = {}
        for kind, (action, arg) in self.parse_table.states[state].items():
            row[kind] = arg if action is Shift else -1 - self._number(arg)
        self.actions[state] = row
        return row

    def _number(self, rule: Any) -> int:
        found = self.numbers.get(id(rule))  # the table holds the rule: its id stays its own
        if found is None:
            try:
                plan = _plan(rule, self.callbacks[rule])
            except Unplanned:
                self.given_up = True  # lark parses every text from now on
                raise Unparsed from None
            found = self.numbers[id(rule)] = len(self.rules)
            self.rules.append(plan)
        return found

    def _lexer(self, state: int) -> _State:
        lexer = self.contextual(self.parse_table).lexers[state]
        scanner = lexer._scanner or lexer.scanner
        found = (scanner.by_char, scanner.by_word, scanner, lexer.callback)
        self.lexers[state] = found
        return found

    def parse(self, text: str, start: str) -> Any:
        """The value of ``text``; raises ``Unparsed`` wherever lark would raise."""
        if self.given_up:
            raise Unparsed
        actions, rules, lexers = self.actions, self.rules, self.lexers
        root = self.contextual(self.parse_table).root_lexer  # its sets hold every state's
        ignore: frozenset[str] = root.ignore_types
        newline: frozenset[str] = root.newline_types
        state = self.starts[start]
        end_state = self.ends[start]
        states = [state]
        values: list[Any] = []
        pos, end, line, line_start = 0, len(text), 1, 0
        while True:
            if pos < end:  # lex a token in the state the parser is in
                by_char, by_word, scanner, callback = lexers[state] or self._lexer(state)
                char = text[pos]
                word = _WORD.match(text, pos) if char in _LETTERS else None
                if word is not None:  # most tokens: only the terminals that start so
                    key = word.group()
                    candidates = by_word.get(key)
                    if candidates is None:
                        candidates = scanner.word_candidates(key)
                elif char in _BLANKS:  # a space: only the terminals that go on so
                    key = text[pos : pos + 2]
                    candidates = by_word.get(key)
                    if candidates is None:
                        candidates = scanner.blank_candidates(key)
                else:
                    candidates = by_char.get(char)
                    if candidates is None:
                        candidates = scanner.candidates(char)
                name = ""
                for pattern, name in candidates:  # noqa: B007 (the one that matched)
                    found = pattern.match(text, pos)
                    if found:
                        break
                else:
                    raise Unparsed
                start_pos, column, line_at = pos, pos - line_start + 1, line
                pos = found.end()
                if name in newline:
                    value = found.group()
                    lines = value.count("\n")
                    if lines:
                        line += lines
                        line_start = start_pos + value.rindex("\n") + 1
                if name in ignore:
                    if name in callback:
                        raise Unparsed  # lark calls it on ignored text: let lark parse
                    continue
                value = found.group()
                token = _new_str(Token, value)  # Token(...) with its fields set here: half
                token.type = name  # the time of lark's two calls, each token
                token.value = value
                token.start_pos = start_pos
                token.line = line_at
                token.column = column
                token.end_line = line
                token.end_column = pos - line_start + 1
                token.end_pos = pos
                if name in callback:
                    token = callback[name](token)
                kind: str = token.type
            else:
                token, kind = None, "$END"
            while True:  # reduce as lark's ParserState.feed_token does, then shift
                action = (actions[state] or self._actions(state)).get(kind)
                if action is None:
                    raise Unparsed
                if action >= 0:
                    if token is None:
                        raise Unparsed  # lark asserts against it
                    state = action
                    states.append(state)
                    values.append(token)
                    break
                size, how, steps, nones, call, origin = rules[-1 - action]
                if how == _PASS:  # the value stays: one state less, then the goto
                    del states[-1]
                else:
                    children = values[-size:] if size else []
                    if size:
                        del states[-size:]
                        del values[-size:]
                    if how == _KEEP:
                        value = children
                    elif how == _RAW:
                        value = call(children)
                    else:  # lark's ChildFilterLALR, its steps written inline
                        kept: list[Any] = []
                        for i, expand, add_none in steps:
                            if add_none:
                                kept += [None] * add_none
                            if not expand:
                                kept.append(children[i])
                            elif kept:
                                kept += children[i]  # an inline rule's list
                            else:  # lark's step for left recursion: the list itself
                                kept = children[i]
                        if nones:
                            kept += [None] * nones
                        value = kept if how == _LIST else call(kept)
                    values.append(value)
                top = states[-1]
                state = (actions[top] or self._actions(top))[origin]
                states.append(state)
                if token is None and state == end_state:
                    return values[-1]


def _plan(rule: Any, call: Any) -> _Rule:
    """How the loop reduces ``rule`` whose lark callback is ``call``.

    lark makes a ``Tree`` for an inline rule (``_name``) without a handler, which the parent's
    ``ChildFilter`` always takes apart again (``children[i].children``; no handler sees it).
    Here such a rule gives its parent a plain list, so the loop runs every ChildFilter's
    steps itself (lark's ``ChildFilterLALR``: which children, inline ones spread, placeholders
    for absent optional parts) and calls the handler behind it. Raises ``Unplanned`` for a
    callback of another shape where an inline rule is involved (lark then parses every text;
    a rule's plan is made when a state that reduces by it is first met)."""
    size, origin = len(rule.expansion), rule.origin.name
    inline = origin.startswith("_")
    filtered = type(call) in (ChildFilterLALR, ChildFilterLALR_NoPlaceholders)
    spreads = any(not s.is_term and s.name.startswith("_") for s in rule.expansion)
    behind = call.node_builder if filtered else call
    if inline and not (isinstance(behind, partial) and not rule.options.expand1):
        raise Unplanned(origin)  # an inline rule with a handler of its own, or '?_name'
    if not filtered:
        if spreads:
            raise Unplanned(origin)
        return (size, _KEEP if inline else _RAW, (), 0, call, origin)
    if type(call) is ChildFilterLALR:
        steps, nones = tuple(call.to_include), call.append_none
    else:
        steps, nones = tuple((i, expand, 0) for i, expand in call.to_include), 0
    if inline and size == 1 and steps == ((0, True, 0),) and not nones:
        return (size, _PASS, (), 0, None, origin)  # '_a: _b': the child's list is the value
    return (size, _LIST if inline else _CALL, steps, nones, behind, origin)


class Unplanned(Exception):
    """A rule's callback is not one the loop knows how to run."""

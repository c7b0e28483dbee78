"""A tight LALR(1) loop over lark's own parse table and callbacks, for rules text that parses.

Why it exists: lark's loop is generic. Per token it goes through a lexer generator, a
``ParserState.feed_token`` call, and per reduction a dictionary lookup keyed by lark's ``Rule``
objects (whose ``__hash__`` and ``__eq__`` are Python); on the rules grammar that was about half
of a fresh parse, which must stay at 40 µs per line or less (issue 15, ``bench/rules.py``).

``Driver.parse`` runs the same steps in one function: lex a token with the scanner of the
parser's state (``lexer.py``, as lark's contextual lexer does), shift it or reduce by lark's
table (``IntParseTable.states``), calling lark's own callbacks (its tree builder with the
``Builder`` handlers inline), so values are lark's. Nothing is converted ahead: per reduced rule
its length, callback and name are looked up once and kept by the rule's identity.

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
from types import SimpleNamespace
from typing import Any

from lark import Token
from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift

from cardkit.rules.lexer import RulesLexer

__all__ = ["Driver", "Unparsed"]


_new_str = str.__new__


class Unparsed(Exception):
    """The text is not one the grammar accepts here: parse it with lark for its error."""


_Rule = tuple[int, Callable[[list[Any]], Any], str]
"""A rule as the loop reduces it: its length, lark's callback, the name it reduces to."""
_State = tuple[dict[str, Any], Any, dict[str, Any]]
"""A state's lexer: its terminals by first character, its scanner, lark's token callbacks."""


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
            call = self.callbacks[rule]
            if rule.origin.name.startswith("_") and not rule.options.expand1:
                call = _inlined(call, len(rule.expansion)) or call
            found = self.numbers[id(rule)] = len(self.rules)
            self.rules.append((len(rule.expansion), call, rule.origin.name))
        return found

    def _lexer(self, state: int) -> _State:
        lexer = self.contextual(self.parse_table).lexers[state]
        scanner = lexer._scanner or lexer.scanner
        found = (scanner.by_char, scanner, lexer.callback)
        self.lexers[state] = found
        return found

    def parse(self, text: str, start: str) -> Any:
        """The value of ``text``; raises ``Unparsed`` wherever lark would raise."""
        actions, rules, lexers = self.actions, self.rules, self.lexers
        root = self.contextual(self.parse_table).root_lexer  # its sets hold every state's
        ignore, newline = root.ignore_types, root.newline_types
        state = self.starts[start]
        end_state = self.ends[start]
        states = [state]
        values: list[Any] = []
        pos, end, line, line_start = 0, len(text), 1, 0
        while True:
            if pos < end:  # lex a token in the state the parser is in
                by_char, scanner, callback = lexers[state] or self._lexer(state)
                char = text[pos]
                candidates = by_char.get(char)
                if candidates is None:
                    candidates = scanner.candidates(char)
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
                kind = token.type
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
                size, call, origin = rules[-1 - action]
                if call is _pass_on:  # the value stays: one state less, then the goto
                    del states[-1]
                elif size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                    values.append(call(children))
                else:
                    values.append(call([]))
                top = states[-1]
                state = (actions[top] or self._actions(top))[origin]
                states.append(state)
                if token is None and state == end_state:
                    return values[-1]


def _inlined(call: Any, size: int) -> Callable[[list[Any]], Any] | None:
    """The callback of an inline rule (``_name``) without a handler, making no tree.

    lark makes a ``Tree`` for such a rule, which its parent's ``ChildFilter`` always takes
    apart again (``children[i].children``; no handler sees it). This gives the parent the
    same children (lark's ChildFilterLALR steps) in a plain object instead. None when ``call``
    is not lark's tree builder behind at most a child filter (then lark's callback is used)."""
    if isinstance(call, partial):  # every child kept as it is
        return lambda children: SimpleNamespace(children=children)
    if not isinstance(getattr(call, "node_builder", None), partial):
        return None
    if type(call) is ChildFilterLALR_NoPlaceholders:
        steps = [(i, expand, 0) for i, expand in call.to_include]
        nones = 0
    elif type(call) is ChildFilterLALR:
        steps, nones = call.to_include, call.append_none
    else:
        return None
    if size == 1 and list(steps) == [(0, True, 0)] and not nones:
        return _pass_on  # '_a: _b': the child's children are the parent's

    def build(children: list[Any]) -> Any:
        kept: list[Any] = []
        for i, expand, add_none in steps:
            if add_none:
                kept += [None] * add_none
            if not expand:
                kept.append(children[i])
            elif kept:
                kept += children[i].children
            else:  # lark's step for left recursion: the list itself
                kept = children[i].children
        if nones:
            kept += [None] * nones
        return SimpleNamespace(children=kept)

    return build


def _pass_on(children: list[Any]) -> Any:
    """An inline rule of one inline rule gives its child on (the loop keeps the value)."""
    return children[0]

"""Deck-rule formulas: a tiny arithmetic language over names a game declares. Never ``eval``.

A formula is whole numbers, names, ``+``, ``-``, ``*`` and parentheses: ``20 + 10 * planets``,
``buildings + draw``. Names are deck ids (the cards the set puts in that deck) and the
play-time counts of ``deck_rules.counts`` (how many planets a player places). A name may hold
``-`` and ``_`` like any id, so subtraction is written with spaces: ``draw - 10``.

``parse_formula`` gives a ``Formula`` (its text and its tree) or raises ``FormulaError`` with
the column of the problem; ``Formula.value`` evaluates it for given values of its names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cardkit.errors import CardkitError

MAX_LENGTH = 200
_TOKEN = re.compile(r"\s*(?:(\d+)|([a-z][a-z0-9_]*(?:-[a-z0-9_]+)*)|([-+*()]))")


class FormulaError(CardkitError):
    """A formula that does not parse; ``column`` counts from 1 in the formula's text."""

    def __init__(self, reason: str, column: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.column = column


@dataclass(frozen=True, slots=True)
class Number:
    value: int


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    column: int


@dataclass(frozen=True, slots=True)
class Negate:
    operand: Node


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: Node
    right: Node


Node = Number | Name | Negate | Binary


@dataclass(frozen=True, slots=True)
class Formula:
    """A parsed formula; ``str`` gives its text back as written."""

    text: str
    tree: Node

    def __str__(self) -> str:
        return self.text

    def names(self) -> tuple[Name, ...]:
        """The names the formula uses, in the order written."""
        return tuple(_names(self.tree))

    def value(self, values: Mapping[str, int]) -> int:
        """The formula's value when each name has the value ``values`` gives it."""
        return _value(self.tree, values)


def _names(node: Node) -> Iterator[Name]:
    if isinstance(node, Name):
        yield node
    elif isinstance(node, Negate):
        yield from _names(node.operand)
    elif isinstance(node, Binary):
        yield from _names(node.left)
        yield from _names(node.right)


def _value(node: Node, values: Mapping[str, int]) -> int:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Name):
        return values[node.name]
    if isinstance(node, Negate):
        return -_value(node.operand, values)
    left, right = _value(node.left, values), _value(node.right, values)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    return left * right


class _Parser:
    """Recursive descent: expr = term (('+'|'-') term)*; term = factor ('*' factor)*."""

    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, str, int]] = []  # (kind, text, column)
        position = 0
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None or match.end() == position:
                rest = text[position:]
                column = position + len(rest) - len(rest.lstrip()) + 1
                if not rest.strip():
                    break
                raise FormulaError(
                    f"unexpected {text[column - 1]!r}: a formula holds whole numbers, names, "
                    "'+', '-', '*' and parentheses",
                    column,
                )
            kind = "number" if match.group(1) else "name" if match.group(2) else match.group(3)
            start = match.start(match.lastindex or 0) + 1
            self.tokens.append((kind, match.group(match.lastindex or 0), start))
            position = match.end()
        self.end = len(text) + 1
        self.index = 0

    def peek(self) -> tuple[str, str, int]:
        if self.index < len(self.tokens):
            return self.tokens[self.index]
        return ("end", "", self.end)

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        self.index += 1
        return token

    def expression(self) -> Node:
        node = self.term()
        while self.peek()[0] in ("+", "-"):
            op = self.take()[0]
            node = Binary(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.peek()[0] == "*":
            self.take()
            node = Binary("*", node, self.factor())
        return node

    def factor(self) -> Node:
        kind, text, column = self.take()
        if kind == "number":
            return Number(int(text))
        if kind == "name":
            return Name(text, column)
        if kind == "-":
            return Negate(self.factor())
        if kind == "(":
            node = self.expression()
            closing = self.take()
            if closing[0] != ")":
                raise FormulaError(f"expected ')' {_found(closing)}", closing[2])
            return node
        raise FormulaError(
            f"expected a number, a name or '(' {_found((kind, text, column))}", column
        )


def _found(token: tuple[str, str, int]) -> str:
    return "at the end" if token[0] == "end" else f"but found {token[1]!r}"


def parse_formula(text: str | int) -> Formula:
    """Parse a formula (a bare whole number is one too); raises ``FormulaError``."""
    if isinstance(text, int):
        return Formula(str(text), Number(text))
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"a formula is at most {MAX_LENGTH} characters", MAX_LENGTH + 1)
    parser = _Parser(text)
    tree = parser.expression()
    kind, word, column = parser.peek()
    if kind != "end":
        raise FormulaError(f"expected an operator or the end, but found {word!r}", column)
    return Formula(text, tree)

"""Rewriting string values inside a YAML file, keeping everything else byte for byte.

``cardkit fmt`` changes card text and nothing else: comments, key order, blank lines,
indentation and each value's quoting style stay as the designer wrote them. Rather than load
and dump the whole document (which re-flows what it does not know about), the ruamel.yaml
parser finds each value to change -- its exact span in the file and its scalar style -- and
only that span is written again, in the same style:

- plain and quoted values stay plain, single- or double-quoted (a plain value that would
  need quotes becomes single-quoted);
- block values (``|``, ``|-``, ``>``...) keep their header line, comment and indentation;
  a folded (``>``) value of several lines becomes literal (``|``), where each line of text
  is a line of the file;
- a value of several lines that was written inline becomes a literal block;
- each line written ends as the file's lines do: "\r\n" in a file whose first line does.

An anchor or tag in front of a value (``&shared``, ``!!str``) stays in front of it, so every
alias of an anchored value still resolves -- to the new value. An alias (``*shared``) is no
value of its own: the anchored value is the one rewritten.

Every rewrite is checked by reading the result back: each value must read back exactly as
given, and the whole file is loaded again (aliases resolved) and compared with the old one,
value for value and tag for tag, with the new values in place; a file that would not load, or
would load as anything else, is refused (``YamlEditError``) and left as it was.

ruamel.yaml is imported here only, and this module only by ``cardkit fmt``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    Event,
    MappingEndEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.tokens import ScalarToken

_FOLD_MARK = "\x07"  # ruamel marks where a folded value was folded


class YamlEditError(ValueError):
    """A value cannot be rewritten in place (the file is not changed): ``place`` is the
    (line, column) of the value to blame, as in the file before the rewrite, if one is;
    ``hint`` what the user can do about it, when there is more to do than by hand."""

    def __init__(
        self, message: str, place: tuple[int, int] | None = None, hint: str | None = None
    ) -> None:
        super().__init__(message)
        self.place = place
        self.hint = hint


@dataclass(frozen=True, slots=True)
class _Scalar:
    start: int  # index of the first character of the value's source (its quote or '|'),
    # after its anchor and tag; -1 for an empty value after an anchor or tag
    end: int
    style: str | None
    value: str
    indent: int  # the column (from 0) of the key the value belongs to, plus two


def _scalars(source: str) -> Iterator[tuple[tuple[int, int], _Scalar]]:
    """Every mapping value that is a scalar, by its (line, column) counted from 1."""
    # One entry per open collection: for a mapping, the key event when a value comes next
    # (or None when a key comes next); for a sequence, always None.
    stack: list[tuple[bool, ScalarEvent | Event | None]] = []
    try:
        starts = {
            token.end_mark.index: token.start_mark.index
            for token in YAML(typ="rt").scan(source)
            if isinstance(token, ScalarToken)
        }
        for event in YAML(typ="rt").parse(source):
            if isinstance(event, MappingEndEvent | SequenceEndEvent):
                stack.pop()
                continue
            if not isinstance(event, NodeEvent):
                continue
            if stack and stack[-1][0]:
                key = stack[-1][1]
                if key is None:
                    stack[-1] = (True, event)
                else:
                    stack[-1] = (True, None)
                    if isinstance(event, ScalarEvent):
                        yield _scalar(event, key, _value_start(starts, event))
            if isinstance(event, MappingStartEvent):
                stack.append((True, None))
            elif isinstance(event, SequenceStartEvent):
                stack.append((False, None))
    except YAMLError as exc:
        raise YamlEditError(f"the file no longer parses as YAML: {exc}") from None


def _value_start(starts: Mapping[int, int], event: ScalarEvent) -> int:
    """Where the value's own source begins: after its anchor and tag, if it has them."""
    if event.anchor is None and event.tag is None:
        return int(event.start_mark.index)
    return starts.get(event.end_mark.index, -1)


def _scalar(event: ScalarEvent, key: Event, value_start: int) -> tuple[tuple[int, int], _Scalar]:
    start, end = event.start_mark, event.end_mark
    return (start.line + 1, start.column + 1), _Scalar(
        value_start,
        end.index,
        event.style,
        event.value.replace(_FOLD_MARK, ""),
        key.start_mark.column + 2,
    )


def _plain_ok(text: str) -> bool:
    try:
        loaded: Any = YAML(typ="safe", pure=True).load(f"v: {text}\n")
    except YAMLError:
        return False
    return isinstance(loaded, dict) and loaded.get("v") == text


def _newline(source: str) -> str:
    """The file's line ending: that of its first line."""
    first = source.find("\n")
    return "\r\n" if first > 0 and source[first - 1] == "\r" else "\n"


def _block(header: str, value: str, indent: int, tail: str, newline: str) -> str:
    lines = value.rstrip("\n").split("\n")
    body = newline.join(" " * indent + line if line.strip() else "" for line in lines)
    return f"{header}{newline}{body}{tail}"


def _content_indent(span: str, fallback: int) -> int:
    for line in span.split("\n")[1:]:
        if line.strip():
            return len(line) - len(line.lstrip(" "))
    return fallback


def _render(scalar: _Scalar, span: str, value: str, newline: str) -> str:
    """The new source for the value ``value``, in the style of ``span``, its lines ending
    in ``newline``."""
    if scalar.style in ("|", ">"):
        header = span.split("\n", 1)[0].rstrip("\r")
        if scalar.style == ">" and "\n" in value.rstrip("\n"):
            header = "|" + header[1:]
        tail = span[len(span.rstrip()) :] or newline
        return _block(header, value, _content_indent(span, scalar.indent), tail, newline)
    if "\n" in value:
        chomp = "" if value.endswith("\n") else "-"
        return _block(f"|{chomp}", value, scalar.indent, "", newline)
    if scalar.style == '"':
        return json.dumps(value, ensure_ascii=False)
    if scalar.style is None and _plain_ok(value):
        return value
    return "'" + value.replace("'", "''") + "'"


def _inline_to_block(
    source: str, scalar: _Scalar, block: str, place: tuple[int, int], newline: str
) -> tuple[str, int]:
    """A block value in place of an inline one: a comment after the value moves to the
    block's header line (after the value, it would become text)."""
    line_end = source.find("\n", scalar.end)
    line_end = len(source) if line_end < 0 else line_end
    if line_end > scalar.end and source[line_end - 1] == "\r":
        line_end -= 1
    rest = source[scalar.end : line_end]
    if rest.strip() and not rest.strip().startswith("#"):
        raise YamlEditError(
            "a value of several lines cannot be written inside [...] or {...}",
            place,
            "write the mapping as a block, one 'key: value' per line",
        )
    header, body = block.split(newline, 1)
    return f"{header}{rest.rstrip()}{newline}{body}", line_end


def replace_values(source: str, changes: Mapping[tuple[int, int], str]) -> str:
    """``source`` with the string values that start at the given (line, column) replaced.

    Raises ``YamlEditError`` when a position holds no mapping value, or when the result
    would not read back with exactly the new values and every other value as it was.
    Values are matched by their order in the file, not by position: a value after one that
    gains or loses lines has moved.
    """
    found = list(_scalars(source))
    order = {place: index for index, (place, _) in enumerate(found)}
    edits: dict[int, str] = {}
    for place, value in changes.items():
        if place not in order:
            raise YamlEditError("no string value starts there (has the file changed?)", place)
        edits[order[place]] = value
    result, newline = source, _newline(source)
    for index in sorted(edits, reverse=True):
        scalar, value = found[index][1], edits[index]
        if scalar.start < 0:
            raise YamlEditError(
                "an empty value after an anchor or tag cannot be rewritten", found[index][0]
            )
        span = result[scalar.start : scalar.end]
        new, end = _render(scalar, span, value, newline), scalar.end
        if scalar.style not in ("|", ">") and new.startswith("|"):
            new, end = _inline_to_block(result, scalar, new, found[index][0], newline)
        result = result[: scalar.start] + new + result[end:]
    after = [scalar.value for _, scalar in _scalars(result)]
    for index, (place, scalar) in enumerate(found):
        wanted = edits.get(index, scalar.value)
        if index >= len(after) or after[index] != wanted:
            raise YamlEditError("the value would not read back as written", place)
    if len(after) != len(found):
        raise YamlEditError("the rewritten file would hold more values than it does")
    _same_documents(source, result, {found[index][0]: value for index, value in edits.items()})
    return result


def _compose(source: str) -> list[Node]:
    return list(YAML(typ="safe", pure=True).compose_all(source))


def _same_documents(source: str, result: str, changes: Mapping[tuple[int, int], str]) -> None:
    """Refuse ``result`` unless it loads, aliases resolved, as ``source`` does with the
    values at ``changes`` (by their place in ``source``) replaced."""
    try:
        before = _compose(source)
    except YAMLError as exc:
        raise YamlEditError(f"the file does not load as YAML: {exc}") from None
    try:
        after = _compose(result)
    except YAMLError as exc:
        raise YamlEditError(f"the rewritten file would not load: {exc}") from None
    if len(before) != len(after):
        raise YamlEditError("the rewritten file would hold another number of documents")
    paired: dict[int, Node] = {}
    for old, new in zip(before, after, strict=True):
        _same_node(old, new, changes, paired)


def _same_node(
    old: Node, new: Node, changes: Mapping[tuple[int, int], str], paired: dict[int, Node]
) -> None:
    """``new`` is ``old`` with the changes made; a node reached twice (through an alias) must
    be reached as the same node in both files."""
    place = (old.start_mark.line + 1, old.start_mark.column + 1)
    if id(old) in paired:
        if paired[id(old)] is not new:
            raise YamlEditError("an alias would not read back as the same value", place)
        return
    paired[id(old)] = new
    if type(old) is not type(new) or old.tag != new.tag:
        raise YamlEditError("the value would not read back as written", place)
    if isinstance(old, ScalarNode):
        wanted = changes.get(place, old.value)
        if new.value != wanted:
            raise YamlEditError("the value would not read back as written", place)
        return
    if isinstance(old, MappingNode | SequenceNode):
        children_old = _children(old)
        children_new = _children(new)
        if len(children_old) != len(children_new):
            raise YamlEditError("the value would not read back as written", place)
        for child_old, child_new in zip(children_old, children_new, strict=True):
            _same_node(child_old, child_new, changes, paired)


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return list(node.value)

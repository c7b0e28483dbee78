"""Safe YAML reading that keeps where every key and value came from.

PyYAML composes the document into a node graph (with libyaml when it is installed);
no constructor ever runs, so no tag can build a program object. The graph is turned
into plain values here, with the YAML 1.2 core schema (``on``/``no`` stay strings),
and each value's line and column are kept in a ``SourceMap`` keyed by its path.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

import yaml

from cardkit.diagnostics import Diagnostic, Location, PathKey, Positions, SourceMap, error
from cardkit.load.loaded import LoadedYaml as LoadedYaml  # where PyYAML is not loaded
from cardkit.load.textfile import disputed_break, text_position

MAX_DEPTH = 64
MAX_ALIAS_EXPANSION = 100_000
# Values (scalars, lists, mappings) one file may hold: each costs far more memory composed
# than written ('0,' is two bytes), so the count, not the file size, bounds the work.
MAX_VALUES = 200_000
# Digits a whole number may have, in any base: 0x... is not bound by Python's own limit.
MAX_INT_DIGITS = 1_000

_CORE_RESOLVERS: tuple[tuple[str, str, str], ...] = (
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+0123456789.",
    ),
    ("tag:yaml.org,2002:merge", r"^<<$", "<"),
)


def core_schema_loader(base: type[Any]) -> type[Any]:
    """The safe loader ``base`` with plain scalars resolved by the YAML 1.2 core schema."""

    class CoreSchemaLoader(base):  # type: ignore[misc]
        pass

    CoreSchemaLoader.yaml_implicit_resolvers = {}
    for tag, pattern, first in _CORE_RESOLVERS:
        CoreSchemaLoader.add_implicit_resolver(tag, re.compile(pattern), list(first))
    # The empty plain scalar resolves through the None key.
    CoreSchemaLoader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [None])
    return CoreSchemaLoader


# libyaml when it is installed; PyYAML's pure-Python loader (same results, slower) otherwise.
_CoreSchemaLoader = core_schema_loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
_PurePythonLoader = core_schema_loader(yaml.SafeLoader)
"""For counting the nesting of deep text: libyaml (PyYAML 6.0.4 on) refuses flow nesting past
1,000 levels before it gives a single event, so the first level too deep is found in Python."""

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_MERGE = "tag:yaml.org,2002:merge"


# Characters YAML does not accept in a stream (YAML 1.2, 5.1: all but tab, line breaks,
# \x20-\x7e, \x85, \xa0-\ud7ff, \ue000-\ufffd, \U00010000-\U0010ffff); they stop the reader.
# Written as what is refused: the class of what is accepted took 4 ms to compile at each run.
_UNPRINTABLE = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
)


def _char_at(text: str, mark: Any, offset: int = 0) -> str:
    """The character at a PyYAML mark (moved ``offset`` along its line), or ''."""
    if mark is None:
        return ""
    lines = text.splitlines()
    column = mark.column + offset
    if mark.line >= len(lines) or column < 0:
        return ""
    line = lines[mark.line]
    return line[column] if column < len(line) else ""


def _token_at(text: str, mark: Any) -> str:
    """The word (alias, tag, ...) that starts at a PyYAML mark."""
    char = _char_at(text, mark)
    if not char:
        return ""
    line = text.splitlines()[mark.line]
    match = re.match(r"\S+", line[mark.column :])
    return match.group(0).rstrip(",]}") if match else char


def _at(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _syntax_error(exc: yaml.MarkedYAMLError, text: str) -> tuple[str, tuple[int, int]]:
    """A plain-words message for a PyYAML or libyaml syntax error, and where to point.

    libyaml and PyYAML word their errors differently; both are recognised here.
    """
    problem = exc.problem or ""
    context = exc.context or ""
    here, opened = exc.problem_mark, exc.context_mark or exc.problem_mark
    char = _char_at(text, here)
    if char == "\t" or "tab character" in problem or "'\\t'" in problem:
        return "tab character: YAML indents with spaces, never tabs", _at(here)
    if "quoted scalar" in context and "end of stream" in problem:
        return "unclosed quote: this string runs to the end of the file", _at(opened)
    for kind, start, end, noun in (
        ("sequence", "[", "]", "list"),
        ("mapping", "{", "}", "mapping"),
    ):
        if f"flow {kind}" not in context:
            continue
        if here is None or opened is None or here.line > opened.line or not char:
            return f"unclosed {start!r}: a flow {noun} must end with {end!r}", _at(opened)
        return f"expected ',' or {end!r} in this flow {noun}", _at(here)
    if "mapping values are not allowed" in problem:
        return (
            "unexpected ':' (check the indentation, or quote a value that contains ': ')",
            _at(here),
        )
    if "expected a single document" in context:
        return "more than one YAML document ('---') in one file", _at(here)
    if "undefined alias" in problem:
        alias = _token_at(text, here)
        return f"undefined alias {alias!r}: no anchor '&{alias[1:]}' comes before it", _at(here)
    if "undefined tag handle" in problem:
        return f"undefined tag handle in {_token_at(text, here)!r}", _at(here)
    if "duplicate anchor" in context:
        first = exc.context_mark
        return (
            f"anchor {_token_at(text, here)!r} is defined twice (first on line {_at(first)[0]})",
            _at(here),
        )
    if "cannot start any token" in problem and char:
        return f"{char!r} cannot start a value; put the value in quotes", _at(here)
    if here is not None and (
        "expected <block end>" in problem
        or "expected '-' indicator" in problem
        or "did not find expected key" in problem
        or "document start" in problem
        or "could not find expected ':'" in problem
    ):
        before = text.splitlines()[here.line][: here.column] if char else ""
        quote = before[-1:]
        if quote in ("'", '"') and before.count(quote) % 2:
            # A quoted string that began on an earlier line ended just before the parser
            # gave up: its opening quote was most likely never closed.
            return "unclosed quote above: a quoted string runs on to here", _at(here)
        if before.strip():
            return (
                f"unexpected text {_token_at(text, here)!r} after the value "
                "(put the whole value in quotes)",
                _at(here),
            )
        return "bad indentation: this line does not line up with the lines above it", _at(here)
    if "node content" in problem and char:
        return f"unexpected {char!r}: a value was expected here", _at(here)
    text_ = problem.strip()
    return (f"{context.strip()}: {text_}" if context else text_), _at(here)


def _unreadable(text: str, path: str) -> Diagnostic:
    bad = _UNPRINTABLE.search(text)
    if bad is None:  # pragma: no cover - the reader refused the text for a reason
        return error("CK002", "the file holds characters YAML does not allow", Location(path, 1, 1))
    line, column = text_position(text, bad.start())
    return error(
        "CK002",
        f"control character U+{ord(bad.group()):04X} is not allowed in a text file",
        Location(path, line, column),
        hint="delete it; it is often left behind by copying from another program",
    )


# libyaml's composer recurses on the C stack: tens of thousands of nested '[' crash the
# process. Text that could nest deeper than this is first scanned event by event.
SAFE_COMPOSE_DEPTH = 5_000
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _could_nest_deeply(text: str) -> bool:
    """Whether ``text`` might nest past SAFE_COMPOSE_DEPTH.

    Each level of nesting takes a '[' or '{', or more room on its line: a '- ', a 'key:', or
    (every second level at least) one more space of indent. So the brackets plus twice the
    longest line bound the depth.
    """
    brackets = text.count("[") + text.count("{")
    if brackets > SAFE_COMPOSE_DEPTH:
        return True
    return brackets + 2 * max(map(len, text.splitlines()), default=0) > SAFE_COMPOSE_DEPTH


def _too_big(text: str, path: str) -> Diagnostic | None:
    """CK004 where the nesting first goes past MAX_DEPTH, or the values past MAX_VALUES.

    Found event by event, without composing. Every value takes at least one character, so
    only text longer than MAX_VALUES, or text that could nest deeply, is scanned.
    """
    if len(text) <= MAX_VALUES and not _could_nest_deeply(text):
        return None
    depth = values = 0
    loader = _PurePythonLoader if _could_nest_deeply(text) else _CoreSchemaLoader
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH + 1:
                return error(
                    "CK004", f"nesting deeper than {MAX_DEPTH} levels", _event_at(event, path)
                )
        elif isinstance(event, _CLOSE):
            depth -= 1
        if isinstance(event, (*_OPEN, yaml.ScalarEvent)):
            values += 1
            if values > MAX_VALUES:
                return error(
                    "CK004",
                    f"the file holds more than {MAX_VALUES:,} values",
                    _event_at(event, path),
                    hint="split it into several card files",
                )
    return None


def _event_at(event: yaml.Event, path: str) -> Location:
    mark = event.start_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    return Location(path, line, column)


def parse_yaml(text: str, path: str) -> LoadedYaml:
    """Compose ``text`` safely; report syntax errors and refused tags as diagnostics."""
    source = SourceMap(path)
    disputed = disputed_break(text, path)  # PyYAML would count lines its own way
    if disputed is not None:
        return LoadedYaml(None, source, [disputed])
    try:
        deep = _too_big(text, path)
        if deep is not None:
            return LoadedYaml(None, source, [deep])
        root = yaml.compose(text, Loader=_CoreSchemaLoader)
    except yaml.MarkedYAMLError as exc:
        message, (line, column) = _syntax_error(exc, text)
        return LoadedYaml(None, source, [error("CK010", message, Location(path, line, column))])
    except yaml.reader.ReaderError:
        return LoadedYaml(None, source, [_unreadable(text, path)])
    except yaml.YAMLError as exc:
        return LoadedYaml(None, source, [error("CK010", str(exc), Location(path, 1, 1))])
    except RecursionError:
        return LoadedYaml(
            None,
            source,
            [error("CK004", f"nesting deeper than {MAX_DEPTH} levels", Location(path, 1, 1))],
        )
    if root is None:
        return LoadedYaml(None, source, [])
    builder = _Builder(source)
    try:
        value = builder.build(root, (), 0)
    except _AliasBomb as bomb:
        return LoadedYaml(
            None,
            source,
            [
                error(
                    "CK013",
                    f"anchors and aliases expand to more than {MAX_ALIAS_EXPANSION:,} values",
                    source.at(bomb.where[:1], key=True),
                    hint="write the repeated data out, or use fewer nested aliases",
                )
            ],
        )
    return LoadedYaml(value, source, builder.diagnostics)


class _AliasBomb(Exception):
    def __init__(self, where: PathKey) -> None:
        super().__init__(where)
        self.where = where


def _core_int(text: str) -> int:
    """An integer of the YAML 1.2 core schema: '010' is ten (1.1 read it as octal eight)."""
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _shown_tag(tag: str) -> str:
    """A tag as it was written: '!!python/object', not 'tag:yaml.org,2002:python/object'."""
    return "!!" + tag.removeprefix(_STANDARD) if tag.startswith(_STANDARD) else tag


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


_STANDARD = "tag:yaml.org,2002:"
_KEY_TAGS = (_STR, _INT, _FLOAT, _BOOL, _NULL)


class _Builder:
    def __init__(self, source: SourceMap) -> None:
        self.source = source
        # the source map's tables, filled directly (the hot loop of loading a file)
        self.values, self.keys = source.values.packed, source.keys.packed
        self.pack = Positions.pack
        self.diagnostics: list[Diagnostic] = []
        self.seen: set[int] = set()
        self.revisits = 0
        self.constructor = yaml.SafeLoader("")

    def _loc(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return Location(self.source.path, mark.line + 1, mark.column + 1)

    def _visit(self, node: yaml.Node, path: PathKey) -> None:
        """Count a node built a second time (through an alias or a merge) against the limit."""
        if id(node) in self.seen:
            self.revisits += 1
            if self.revisits > MAX_ALIAS_EXPANSION:
                raise _AliasBomb(path)
        else:
            self.seen.add(id(node))

    def build(self, node: yaml.Node, path: PathKey, depth: int) -> Any:
        self._visit(node, path)
        mark = node.start_mark
        self.values.setdefault(path, self.pack(mark.line + 1, mark.column + 1))
        if depth > MAX_DEPTH:
            self.diagnostics.append(
                error("CK004", f"nesting deeper than {MAX_DEPTH} levels", self._loc(node))
            )
            return None
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                self._refuse_tag(node)
                return None
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                self._refuse_tag(node)
                return None
            return self._mapping(node, path, depth)
        return None  # pragma: no cover - PyYAML has only these three node kinds

    def _refuse_tag(self, node: yaml.Node) -> None:
        self.diagnostics.append(
            error(
                "CK011",
                f"YAML tag {_shown_tag(node.tag)!r} is not allowed in card data",
                self._loc(node),
                hint="remove the tag; card data holds only plain values, lists and mappings",
            )
        )

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag = node.tag
        if tag == _INT:
            digits = sum(c.isalnum() for c in node.value.removeprefix("0x").removeprefix("0o"))
            if digits > MAX_INT_DIGITS:
                self.diagnostics.append(
                    error("CK024", f"a number of {digits:,} digits is too large", self._loc(node))
                )
                return None
        try:
            if tag == _STR:
                return node.value
            if tag == _INT:
                return _core_int(node.value)
            if tag == _FLOAT:
                number = self.constructor.construct_yaml_float(node)
                if not math.isfinite(number):  # no card holds .nan or .inf of anything
                    raise ValueError(node.value)
                return number
            if tag == _BOOL:
                return node.value.lower() == "true"
            if tag == _NULL:
                return None
        except ValueError:
            kind = "whole number" if tag == _INT else "number"
            self.diagnostics.append(
                error("CK023", f"{_shorten(node.value)!r} is not a valid {kind}", self._loc(node))
            )
            return None
        self._refuse_tag(node)
        return None

    def _mapping(self, node: yaml.MappingNode, path: PathKey, depth: int) -> dict[str, Any]:
        """The mapping's own keys first, then what '<<' merges in under keys it lacks.

        Own keys are built first so that their locations, not the merged ones', are kept.
        """
        result: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        merges: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merges.append((key_node, value_node))
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _KEY_TAGS:
                self.diagnostics.append(
                    error("CK023", "a mapping key must be a plain name", self._loc(key_node))
                )
                continue
            key = sys.intern(str(key_node.value))  # one string for a key every card has
            if key in result:
                self.diagnostics.append(
                    error(
                        "CK012",
                        f"key {key!r} appears twice in this mapping (first on line "
                        f"{first_line[key]})",
                        self._loc(key_node),
                        hint="delete or rename one of them",
                    )
                )
                continue
            child = (*path, key)
            kmark = key_node.start_mark
            first_line[key] = kmark.line + 1
            self.keys.setdefault(child, self.pack(kmark.line + 1, kmark.column + 1))
            result[key] = self.build(value_node, child, depth + 1)
        for key_node, value_node in merges:
            for key, value in self._merge_source(key_node, value_node, path, depth).items():
                result.setdefault(key, value)
        return result

    def _merge_source(
        self, key_node: yaml.Node, node: yaml.Node, path: PathKey, depth: int
    ) -> dict[str, Any]:
        sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
        mappings = [s for s in sources if isinstance(s, yaml.MappingNode) and s.tag == _MAP]
        if len(mappings) != len(sources):
            self.diagnostics.append(
                error(
                    "CK023",
                    "'<<' merges only mappings (write '<<: *name' with an anchored mapping)",
                    self._loc(key_node),
                )
            )
            return {}
        merged: dict[str, Any] = {}
        for source in mappings:
            self._visit(source, path)
            for key, value in self._mapping(source, path, depth + 1).items():
                merged.setdefault(key, value)
        return merged


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dump_yaml(value: Any) -> str:
    """``value`` as YAML text, keys in their order, multi-line strings as literal blocks."""
    return yaml.dump(value, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)

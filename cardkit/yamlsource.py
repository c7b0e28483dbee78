"""Safe YAML reading that keeps where every key and value came from.

PyYAML composes the document into a node graph (with libyaml when it is installed);
no constructor ever runs, so no tag can build a program object. The graph is turned
into plain values here, with the YAML 1.2 core schema (``on``/``no`` stay strings),
and each value's line and column are kept in a ``SourceMap`` keyed by its path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from cardkit.diagnostics import Diagnostic, Location, error

PathKey = tuple[str | int, ...]

MAX_DEPTH = 64
MAX_ALIAS_EXPANSION = 100_000

_LoaderBase: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _CoreSchemaLoader(_LoaderBase):  # type: ignore[misc]
    """A safe loader whose plain scalars follow the YAML 1.2 core schema."""


_CoreSchemaLoader.yaml_implicit_resolvers = {}
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
for _tag, _pattern, _first in _CORE_RESOLVERS:
    _CoreSchemaLoader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
# The empty plain scalar resolves through the None key.
_CoreSchemaLoader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [None])

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_MERGE = "tag:yaml.org,2002:merge"


@dataclass
class SourceMap:
    """Where each value (and each mapping key) of one loaded file was written."""

    path: str
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def at(self, where: PathKey, *, key: bool = False) -> Location:
        """The location of the value at ``where`` (or of its key), else of its nearest ancestor."""
        table = self.keys if key else self.values
        probe = tuple(where)
        while True:
            if probe in table:
                line, column = table[probe]
                return Location(self.path, line, column)
            if key and probe in self.values:
                line, column = self.values[probe]
                return Location(self.path, line, column)
            if not probe:
                return Location(self.path, 1, 1)
            probe = probe[:-1]


@dataclass
class LoadedYaml:
    value: Any
    source: SourceMap
    diagnostics: list[Diagnostic]


def _friendly(problem: str, context: str | None) -> str:
    if "'\\t'" in problem or "\t" in problem:
        return "tab character: YAML indents with spaces, never tabs"
    if "while scanning a quoted scalar" in (context or "") and "end of stream" in problem:
        return "unclosed quote: the string runs to the end of the file"
    if "flow sequence" in (context or "") or "expected ',' or ']'" in problem:
        return "unclosed '[': a flow list must end with ']'"
    if "flow mapping" in (context or "") or "expected ',' or '}'" in problem:
        return "unclosed '{': a flow mapping must end with '}'"
    if "mapping values are not allowed here" in problem:
        return "unexpected ':' (check the indentation, or quote a value that contains ': ')"
    if "expected <block end>" in problem:
        return "bad indentation: this line does not line up with the lines above it"
    if "found undefined alias" in problem or "found undefined tag handle" in problem:
        return problem
    if "expected a single document" in problem:
        return "more than one YAML document ('---') in a card file"
    text = problem.strip()
    return f"{context.strip()}: {text}" if context else text


def parse_yaml(text: str, path: str) -> LoadedYaml:
    """Compose ``text`` safely; report syntax errors and refused tags as diagnostics."""
    source = SourceMap(path)
    try:
        root = yaml.compose(text, Loader=_CoreSchemaLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = _friendly(exc.problem or str(exc), exc.context)
        return LoadedYaml(None, source, [error("CK010", message, Location(path, line, column))])
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
    except _AliasBomb:
        return LoadedYaml(
            None,
            source,
            [
                error(
                    "CK013",
                    f"anchors and aliases expand to more than {MAX_ALIAS_EXPANSION:,} values",
                    Location(path, 1, 1),
                    hint="write the repeated data out, or use fewer nested aliases",
                )
            ],
        )
    return LoadedYaml(value, source, builder.diagnostics)


class _AliasBomb(Exception):
    pass


class _Builder:
    def __init__(self, source: SourceMap) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.seen: set[int] = set()
        self.revisits = 0
        self.constructor = yaml.SafeLoader("")

    def _loc(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return Location(self.source.path, mark.line + 1, mark.column + 1)

    def build(self, node: yaml.Node, path: PathKey, depth: int) -> Any:
        if id(node) in self.seen:
            self.revisits += 1
            if self.revisits > MAX_ALIAS_EXPANSION:
                raise _AliasBomb
        else:
            self.seen.add(id(node))
        mark = node.start_mark
        self.source.values.setdefault(path, (mark.line + 1, mark.column + 1))
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
                f"YAML tag {node.tag!r} is not allowed in card data",
                self._loc(node),
                hint="remove the tag; card data holds only plain values, lists and mappings",
            )
        )

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag = node.tag
        try:
            if tag == _STR:
                return node.value
            if tag == _INT:
                return self.constructor.construct_yaml_int(node)
            if tag == _FLOAT:
                return self.constructor.construct_yaml_float(node)
            if tag == _BOOL:
                return node.value.lower() == "true"
            if tag == _NULL:
                return None
        except ValueError:
            self.diagnostics.append(
                error(
                    "CK023",
                    f"{node.value!r} is not a valid {tag.rsplit(':', 1)[-1]}",
                    self._loc(node),
                )
            )
            return node.value
        self._refuse_tag(node)
        return None

    def _mapping(self, node: yaml.MappingNode, path: PathKey, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.update(self._merge_source(value_node, path, depth))
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (
                _STR,
                _INT,
                _FLOAT,
                _BOOL,
                _NULL,
            ):
                self.diagnostics.append(
                    error("CK023", "a mapping key must be a plain name", self._loc(key_node))
                )
                continue
            key = str(key_node.value)
            if key in result:
                self.diagnostics.append(
                    error(
                        "CK012",
                        f"key {key!r} appears twice in this mapping",
                        self._loc(key_node),
                        hint="delete or rename one of them",
                    )
                )
                continue
            child = (*path, key)
            kmark = key_node.start_mark
            self.source.keys[child] = (kmark.line + 1, kmark.column + 1)
            result[key] = self.build(value_node, child, depth + 1)
        for key, value in merged.items():
            result.setdefault(key, value)
        return result

    def _merge_source(self, node: yaml.Node, path: PathKey, depth: int) -> dict[str, Any]:
        sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
        merged: dict[str, Any] = {}
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                self.diagnostics.append(
                    error("CK023", "'<<' merges only mappings", self._loc(source))
                )
                continue
            for key, value in self._mapping(source, path, depth + 1).items():
                merged.setdefault(key, value)
        return merged

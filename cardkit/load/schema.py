"""JSON Schema: game.yaml's schema, card schemas derived from a game, errors as diagnostics.

jsonschema lives here and nowhere else, and is imported only when a value must be checked: a
value checked clean against the same schema in an earlier run is not checked again
(``checked.py``), so a rebuild whose files did not change never imports it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from cardkit.diagnostics import Diagnostic, PathKey, SourceMap, did_you_mean, error
from cardkit.load.checked import kept_checks, schema_digest, value_key
from cardkit.package_data import data_dir

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    from cardkit.model import FieldSpec, Game

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_PATTERN = "^[a-z0-9][a-z0-9._-]*$"
CODE_PATTERN = "^CK[0-9]{3}$"
RELATIVE_PATH = r"^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^:\u0000]+$"
MAX_COPIES = 1000  # the most copies of one card a set may hold

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "empty",
}

# What a value matching a pattern looks like, by pattern (game.schema.json's own patterns
# included), then by the name of the field.
_PATTERNS = {
    ID_PATTERN: "an id (lowercase letters, digits, '.', '_' and '-')",
    "^[a-z0-9][a-z0-9-]*$": "an id (lowercase letters, digits and '-')",
    "^[a-z][a-z0-9_]*$": "a field name (lowercase letters, digits and '_', starting with a letter)",
    CODE_PATTERN: "a diagnostic code such as CK021",
    # the words of 'phrasing:' (verbs, nouns, sides, adjectives) and a resource's symbol
    "^[A-Za-z][A-Za-z' -]{0,40}$": "words of letters, spaces, '-' and \"'\" (no digits)",
    "^[A-Za-z][A-Za-z' -]{0,59}$": "words of letters, spaces, '-' and \"'\" (no digits)",
    "^[A-Za-z][A-Za-z -]{0,59}$": "words of letters, spaces and '-' (no digits)",
    "^[A-Za-z][A-Za-z-]{0,39}$": "a word of letters and '-' (no digits)",
    "^[A-Za-z][A-Za-z0-9]{0,3}$": "a letter, then at most three letters or digits",
}

_FORMS = {
    "id": "an id (lowercase letters, digits, '.', '_' and '-')",
    "art": "a relative path inside the game folder",
    "image": "a relative path inside the game folder",
    "icon": "a relative path inside the game folder",
    "color": "a colour written #rgb or #rrggbb",
    "width": "a length such as 63.5mm, 2.5in or 180pt",
    "height": "a length such as 63.5mm, 2.5in or 180pt",
    "suppress": "a diagnostic code such as CK021",
}


@cache
def load_schema(name: str) -> Mapping[str, Any]:
    """A schema file shipped in schemas/, parsed."""
    with open(data_dir("schemas") / name, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def _is_whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


_END = re.compile(r"(?<!\\)\$")  # every '$' in cardkit's schemas is an anchor


@cache
def _validator_class() -> Any:
    """Draft 2020-12 with cardkit's rules: JSON Schema counts 3.0 as an integer; card data
    does not (a count or a cost of 3.0 is a slip, and it would reach the cards as a float)."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
        """'pattern', with '$' the end of the text: Python's '$' also matches before a final
        newline, which would let 'scout\\n' through as an id (and into file names)."""
        if isinstance(instance, str) and (re.search(_END.sub(r"\\Z", pattern), instance) is None):
            yield ValidationError(f"{instance!r} does not match {pattern!r}")

    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        validators={"pattern": pattern},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
    )


class Checker:
    """A schema and its validator, built (and jsonschema imported) only when a value must be
    checked: ``diagnose`` and ``coded_diagnostics`` skip a value found clean before."""

    __slots__ = ("_digest", "_validator", "schema")

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema
        self._validator: Draft202012Validator | None = None
        self._digest: str | None = None

    @property
    def validator(self) -> Draft202012Validator:
        if self._validator is None:
            self._validator = _validator_class()(self.schema)
        return self._validator

    @property
    def digest(self) -> str:
        """A hash of the schema: what a kept check is keyed by, with the value."""
        if self._digest is None:
            self._digest = schema_digest(self.schema)
        return self._digest

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """Every schema error of ``instance`` (always checked, nothing kept)."""
        return self.validator.iter_errors(instance)

    def errors(self, instance: Any) -> list[ValidationError]:
        """Every schema error of ``instance``; [] at once when it was found clean before, and
        kept when it is found clean now."""
        kept = kept_checks()
        entry = value_key(self.digest, instance)
        if kept.clean(entry):
            return []
        errors = list(self.validator.iter_errors(instance))
        if not errors:
            kept.add(entry)
        return errors


@cache
def game_validator() -> Checker:
    return Checker(load_schema("game.schema.json"))


@cache
def play_validator() -> Checker:
    """The validator of game.yaml's ``play:`` alone, as ``{"play": ...}`` (the game schema's
    definitions kept)."""
    schema = load_schema("game.schema.json")
    play = {
        "$defs": schema.get("$defs", {}),
        "type": "object",
        "properties": {"play": schema["properties"]["play"]},
    }
    return Checker(play)


def compile_schema(schema: Mapping[str, Any]) -> Checker:
    """The validator of ``schema``: one of cardkit's or derived from a game already checked
    by game.schema.json. It is not checked against the meta-schema at each run (that took
    longer than validating a whole card set); tests/test_card_schema.py checks every shipped
    schema and every sample game's derived ones."""
    return Checker(schema)


# ---------------------------------------------------------------------------
# card schemas derived from a game


def _field_schema(spec: FieldSpec, game: Game) -> dict[str, Any]:
    kind = spec.kind
    schema: dict[str, Any]
    if kind in ("integer", "number"):
        schema = {"type": kind}
        if spec.minimum is not None:
            schema["minimum"] = spec.minimum
        if spec.maximum is not None:
            schema["maximum"] = spec.maximum
    elif kind in ("string", "text"):
        schema = {
            "type": "string",
            "maxLength": spec.max_length or (200 if kind == "string" else 5000),
        }
    elif kind == "boolean":
        schema = {"type": "boolean"}
    elif kind == "enum":
        schema = {"type": "string", "enum": list(spec.values)}
    elif kind == "faction":
        schema = {"type": "string", "enum": list(game.factions)}
    elif kind == "factions":
        schema = {
            "type": "array",
            "uniqueItems": True,
            "items": {"type": "string", "enum": list(game.factions)},
        }
    elif kind == "card":
        schema = {"type": "string", "minLength": 1, "maxLength": 200}
    elif kind == "cards":
        schema = {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 200}}
    elif kind == "resources":
        schema = {
            "type": "object",
            "propertyNames": {"enum": list(game.resources)},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100_000},
        }
    elif kind == "list":
        schema = {"type": "array"}
        if spec.items is not None:
            schema["items"] = _field_schema(spec.items, game)
    elif kind == "object":
        schema = _object_schema(spec.fields, game)
    else:  # pragma: no cover - the game schema admits only these kinds
        raise ValueError(f"unknown field kind {kind!r}")
    if spec.description:
        schema["description"] = spec.description
    return schema


def _object_schema(fields: Iterable[FieldSpec], game: Game) -> dict[str, Any]:
    specs = list(fields)
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {spec.name: _field_schema(spec, game) for spec in specs},
        "additionalProperties": False,
    }
    required = [spec.name for spec in specs if spec.required]
    if required:
        schema["required"] = required
    return schema


def _core_properties(game: Game) -> dict[str, Any]:
    faction_ids = list(game.factions)
    deck: dict[str, Any] = (
        {"type": "string", "enum": list(game.decks)}
        if game.decks
        else {"type": "string", "pattern": ID_PATTERN}
    )
    return {
        "id": {
            "type": "string",
            "pattern": ID_PATTERN,
            "maxLength": 64,
            "description": "Stable id; defaults to the name in lowercase with '-' for spaces.",
        },
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "type": {"type": "string", "enum": list(game.card_types)},
        "faction": {
            "type": ["string", "array", "null"],
            "if": {"type": "string"},
            "then": {"enum": faction_ids},
            "else": {
                "if": {"type": "array"},
                "then": {
                    "minItems": 1,
                    "uniqueItems": True,
                    "items": {"type": "string", "enum": faction_ids},
                },
            },
        },
        "deck": deck,
        "count": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_COPIES,
            "description": "How many copies of this card the set holds.",
        },
        "text": {"type": "string", "maxLength": 5000, "description": "Rules text."},
        "flavor": {"type": "string", "maxLength": 1000},
        "art": {"type": "string", "pattern": RELATIVE_PATH, "maxLength": 300},
        "tags": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": 64},
            "uniqueItems": True,
        },
        "suppress": {
            "type": "array",
            "items": {"type": "string", "pattern": CODE_PATTERN},
            "uniqueItems": True,
        },
        "notes": {"type": "string"},
    }


def card_type_schema(game: Game, type_id: str) -> dict[str, Any]:
    """The schema of one card of the given type, with its defaults already applied."""
    card_type = game.card_types[type_id]
    schema = _object_schema(card_type.fields, game)
    schema["title"] = f"{game.name}: {card_type.name}"
    schema["properties"] = {**_core_properties(game), **schema["properties"]}
    required = ["name", "type", *schema.get("required", [])]
    if card_type.faction == "required":
        required.append("faction")
    schema["required"] = required
    if card_type.faction == "forbidden":
        schema["properties"]["faction"] = {"type": "null"}
    return schema


def _is_type(type_id: str) -> dict[str, Any]:
    """Matches a mapping whose own 'type' is ``type_id``."""
    return {"properties": {"type": {"const": type_id}}, "required": ["type"]}


def _each_card(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Applies ``schema`` to every card of a file's 'cards' list."""
    return {"properties": {"cards": {"items": schema}}}


def _unless_defaults_give(field: str, then: Mapping[str, Any]) -> dict[str, Any]:
    return {"if": {"properties": {"defaults": {"required": [field]}}}, "else": then}


def _with_defaults(game: Game) -> dict[str, Any]:
    """What a 'cards' list needs when 'defaults' may supply any field of its cards.

    A card of the list needs a field its type requires only when the defaults do not
    give it; a card without a 'type' of its own has the type the defaults give.
    """
    needs_type = {"not": {"required": ["type"]}}
    rules: list[dict[str, Any]] = [_each_card({"$ref": "#/$defs/entry"})]
    rules += [_unless_defaults_give(f, _each_card({"required": [f]})) for f in ("name", "type")]
    needed_by: dict[str, list[str]] = {}  # a field -> the card types that require it
    for type_id in game.card_types:
        fields = {"$ref": f"#/$defs/fields-{type_id}"}
        rules.append(
            {
                "if": {"properties": {"defaults": _is_type(type_id)}, "required": ["defaults"]},
                "then": {
                    "properties": {"defaults": fields},
                    **_each_card({"if": needs_type, "then": fields}),
                },
            }
        )
        for field in card_type_schema(game, type_id)["required"][2:]:  # after name, type
            needed_by.setdefault(field, []).append(type_id)
    for field, type_ids in needed_by.items():
        of_these = {"properties": {"type": {"enum": type_ids}}, "required": ["type"]}
        needed = {"required": [field]}
        rules.append(_unless_defaults_give(field, _each_card({"if": of_these, "then": needed})))
        rules.append(
            {
                "if": {
                    "properties": {"defaults": {**of_these, "not": needed}},
                    "required": ["defaults"],
                },
                "then": _each_card({"if": needs_type, "then": needed}),
            }
        )
    return {"allOf": rules}


def card_file_schema(game: Game) -> dict[str, Any]:
    """The schema of a card file of this game, for editors (VS Code YAML) and for tools.

    A card file is one card, a list of cards, or 'cards' (a list) with optional
    'defaults' that every card of the list starts from.
    """
    defs: dict[str, Any] = {}
    branches = []
    entry_branches = []
    for type_id in game.card_types:
        full = card_type_schema(game, type_id)
        fields = f"#/$defs/fields-{type_id}"
        defs[f"fields-{type_id}"] = {key: v for key, v in full.items() if key != "required"}
        defs[f"type-{type_id}"] = {"$ref": fields, "required": full["required"]}
        branches.append({"if": _is_type(type_id), "then": {"$ref": f"#/$defs/type-{type_id}"}})
        entry_branches.append({"if": _is_type(type_id), "then": {"$ref": fields}})
    types = {"type": {"enum": list(game.card_types)}}
    defs["card"] = {
        "type": "object",
        "required": ["name", "type"],
        "properties": types,
        "allOf": branches,
    }
    defs["entry"] = {"type": "object", "properties": types, "allOf": entry_branches}
    defs["partial-card"] = {"type": "object", "properties": _core_properties(game)}
    defs["with-defaults"] = _with_defaults(game)
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://cardkit.dev/schemas/{game.id}/cards.schema.json",
        "title": f"{game.name} card file",
        "description": "One card, a list of cards, or 'cards' (a list of cards) with optional "
        "'defaults' that every card of the list starts from.",
        "anyOf": [
            {
                "type": "object",
                "required": ["cards"],
                "additionalProperties": False,
                "properties": {
                    "defaults": {"$ref": "#/$defs/partial-card"},
                    "cards": {"type": "array", "items": {"type": "object"}},
                },
                "if": {"required": ["defaults"]},
                "then": {"$ref": "#/$defs/with-defaults"},
                "else": _each_card({"$ref": "#/$defs/card"}),
            },
            {"type": "array", "items": {"$ref": "#/$defs/card"}},
            {"$ref": "#/$defs/card"},
        ],
        "$defs": defs,
    }


# ---------------------------------------------------------------------------
# errors as diagnostics


_MAX_CHOICES = 12


def _as_yaml(value: Any) -> str:
    """``repr(value)``, but null, true and false as the YAML they were written in."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_as_yaml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {_as_yaml(item)}" for key, item in value.items()) + "}"
    return repr(value)


def _shown(value: Any) -> str:
    """The value as written, in the YAML spelling of null, true and false; cut short when
    it is long."""
    text = _as_yaml(value)
    return text if len(text) <= 60 else f"{text[:56]}...{text[-1]}"


def _label(path: Iterable[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "value"


def _split_value_hint(key: object, value: object) -> str | None:
    """The hint for a key that is words with no value: the rest of a value that a comma
    inside ``{...}`` cut short (``{name: round, description: One deal, from ...}``)."""
    if value is None and isinstance(key, str) and " " in key.strip():
        return (
            "if these words are the rest of the value before them: a ',' inside '{...}' "
            "ends a value, so put that value in quotes"
        )
    return None


def _in_property_names(err: ValidationError) -> bool:
    return "propertyNames" in err.relative_schema_path


def _diagnose(
    err: ValidationError,
    source: SourceMap,
    base: PathKey,
    noun: str,
    card: str | None,
    excused: Collection[str] = (),
) -> Iterable[Diagnostic]:
    rel = tuple(err.absolute_path)
    where = (*base, *rel)
    label = _label(rel)
    kind = err.validator
    value: Any = err.instance
    expected: Any = err.validator_value
    schema: Any = err.schema

    def at(path: PathKey = where, *, key: bool = False) -> Any:
        return source.at(path, key=key)

    if _in_property_names(err):
        name = str(value)
        message = f"{name!r} is not a valid name in {label}"
        hint = None
        if kind == "enum":
            guess = did_you_mean(name, expected)
            message = f"unknown {label} {name!r}{guess}"
            if not guess and expected:  # 'unknown cost 'Gems'': which names there are
                hint = f"write one of {', '.join(map(repr, expected))}"
        elif kind == "pattern":
            message = f"{name!r} in {label} is not {_PATTERNS.get(expected, 'a valid name')}"
        elif kind == "maxLength":
            message = f"{_shown(name)} in {label} is longer than {expected} characters"
        yield error(
            "CK025" if kind == "enum" else "CK026",
            message,
            at((*where, name), key=True),
            card=card,
            hint=hint,
        )
        return
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = set(schema.get("properties", {}))
        owner = noun if not rel else label
        for extra in value:
            if extra not in allowed:
                yield error(
                    "CK021",
                    f"{extra!r} is not a field of {owner}{did_you_mean(extra, allowed)}",
                    at((*where, extra), key=True),
                    card=card,
                    hint=_split_value_hint(extra, value[extra]),
                )
        return
    if kind == "required" and isinstance(value, dict):
        owner = noun if not rel else label
        for name in expected:
            if name not in value and name not in excused:
                yield error("CK022", f"missing required field {name!r} of {owner}", at(), card=card)
        return
    if kind == "type":
        expected = expected
        names = [expected] if isinstance(expected, str) else list(expected)
        words = " or ".join(_TYPE_WORDS.get(n, n) for n in names)
        yield error("CK023", f"{label} must be {words}, got {_shown(value)}", at(), card=card)
        return
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        whole = "a whole number" if schema.get("type") == "integer" else "a number"
        sign = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}[
            kind
        ]
        yield error(
            "CK024",
            f"{label} must be {whole} {sign} {expected}, got {_shown(value)}",
            at(),
            card=card,
        )
        return
    if kind == "enum" or kind == "const":
        choices = [str(c) for c in (expected if kind == "enum" else [expected])]
        field = next((p for p in reversed(rel) if isinstance(p, str)), label)
        if field == "type" and "fields" in rel:
            field = "field type"
        if field == "faction" and len(rel) == 3 and rel[0] == "card_types":
            field = "faction setting"  # required/optional/forbidden, not a faction's id
        shown = ", ".join(repr(c) for c in choices[:_MAX_CHOICES])
        if len(choices) > _MAX_CHOICES:
            shown += f" and {len(choices) - _MAX_CHOICES} more"
        hint = f"expected one of {shown}" if choices else "the game declares none"
        yield error(
            "CK025",
            f"unknown {field} {_shown(value)}{did_you_mean(str(value), choices)}",
            at(),
            card=card,
            hint=hint,
        )
        return
    if kind == "pattern":
        field = next((p for p in reversed(rel) if isinstance(p, str)), "")
        form = _PATTERNS.get(expected) or _FORMS.get(field, "the required form")
        yield error("CK026", f"{label} {_shown(value)} is not {form}", at(), card=card)
        return
    if kind in ("minLength", "maxLength"):
        if kind == "minLength":
            message = f"{label} must not be empty"
        else:
            message = f"{label} is longer than {expected} characters ({len(value)})"
        yield error("CK026", message, at(), card=card)
        return
    if kind in ("minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"):
        messages = {
            "minItems": f"{label} needs at least {expected} item(s)",
            "maxItems": f"{label} has more than {expected} items",
            "uniqueItems": f"{label} repeats an item",
            "minProperties": f"{label} must not be empty",
            "maxProperties": f"{label} has more than {expected} entries",
        }
        yield error("CK027", messages[kind], at(), card=card)
        return
    if kind in ("oneOf", "anyOf") and err.context:
        # Report the branch the value was meant for: the one whose errors lie deepest, or
        # else one whose type the value has. When the value has none of the types, say so.
        depth = len(err.absolute_path)
        fitting = [
            sub
            for sub in err.context
            if len(sub.absolute_path) > depth or sub.validator not in ("type", "oneOf", "anyOf")
        ]
        if fitting:
            deepest = max(fitting, key=lambda sub: len(sub.absolute_path))
            yield from _diagnose(deepest, source, base, noun, card)
            return
        types: list[Any] = [sub.validator_value for sub in err.context if sub.validator == "type"]
        if len(types) == len(err.context):
            names = [n for t in types for n in ([t] if isinstance(t, str) else t)]
            words = " or ".join(dict.fromkeys(_TYPE_WORDS.get(n, n) for n in names))
            yield error("CK023", f"{label} must be {words}, got {_shown(value)}", at(), card=card)
            return
    yield error("CK023", f"{label}: {err.message}", at(), card=card)


def diagnose(
    validator: Checker,
    instance: Any,
    source: SourceMap,
    *,
    base: PathKey = (),
    noun: str = "this mapping",
    card: str | None = None,
    unreadable: Collection[str] = (),
) -> list[Diagnostic]:
    """Every schema error of ``instance`` as located, coded diagnostics.

    A value of the wrong type gets one diagnostic, not also one per range or form it
    misses. Required fields named in ``unreadable`` (already reported) are not missing.
    """
    errors = validator.errors(instance)
    wrong_type = {tuple(err.absolute_path) for err in errors if err.validator == "type"}
    # A required field is not reported missing when it was reported already: as an
    # unreadable cell, or as the field an unknown (misspelt) one was meant to be.
    excused: dict[PathKey, set[str]] = {(): set(unreadable)}
    for err in errors:
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            node: Any = err.schema
            allowed = list(node.get("properties", {}))
            meant = excused.setdefault(tuple(err.absolute_path), set())
            for extra in err.instance:
                if extra not in allowed:
                    suggestion = did_you_mean(str(extra), allowed)
                    meant.update(n for n in allowed if suggestion == f" (did you mean {n!r}?)")
    found: list[Diagnostic] = []
    for err in errors:
        path = tuple(err.absolute_path)
        if err.validator != "type" and path in wrong_type:
            continue
        found.extend(_diagnose(err, source, base, noun, card, excused.get(path, set())))
    return found


# ---------------------------------------------------------------------------
# schemas that carry their own diagnostics ('x-errors')


@cache
def shipped_validator(name: str) -> Checker:
    """The validator of a schema file shipped in schemas/ (checked once, then cached)."""
    return compile_schema(load_schema(name))


def _error_spec(err: ValidationError) -> Mapping[str, Any] | None:
    """The 'x-errors' entry the failing schema node gives for this kind of error."""
    table = err.schema.get("x-errors", {}) if isinstance(err.schema, Mapping) else {}
    spec = table.get(err.validator, table.get("*"))
    return spec if isinstance(spec, Mapping) else None


def _innermost(err: ValidationError) -> ValidationError:
    """A oneOf/anyOf error without a message of its own: its deepest branch error."""
    while err.validator in ("oneOf", "anyOf") and err.context and _error_spec(err) is None:
        err = max(err.context, key=lambda sub: len(sub.absolute_path))
    return err


def coded_diagnostics(
    validator: Checker,
    instance: Any,
    source: SourceMap,
    noun: Callable[[PathKey], str],
    words: Mapping[str, str] | None = None,
) -> list[Diagnostic]:
    """Every schema error of ``instance``, coded and worded by the schema's own 'x-errors'.

    A schema node may carry ``"x-errors": {<keyword or '*'>: {"code", "message", "hint",
    "at", "keys", "alone"}}``. Message and hint are templates: ``{noun}`` (what ``noun``
    calls the value's path), ``{key}`` (the last key of the path), ``{value}`` (the value,
    repr), ``{name}`` (an unknown key, repr), ``{did_you_mean}``, ``{given}`` (which of
    'keys' the mapping gives) and the ``words`` given. 'at' is 'up' to point at the mapping
    that holds the value. An error marked 'alone' is said only when nothing else is wrong at
    or under its value. Without an entry, a wrong type or an unknown key gets a CK204.
    """
    errors = [_innermost(err) for err in validator.errors(instance)]
    wrong_type = {tuple(err.absolute_path) for err in errors if err.validator == "type"}
    found: list[tuple[PathKey, bool, Diagnostic]] = []
    for err in errors:
        path: PathKey = tuple(err.absolute_path)
        if err.validator != "type" and path in wrong_type:
            continue
        spec = _error_spec(err) or {}
        for diagnostic in _coded(err, path, spec, source, noun, words or {}):
            found.append((path, bool(spec.get("alone")), diagnostic))
    said: list[Diagnostic] = []
    for path, alone, diagnostic in found:
        crowded = alone and any(
            other[: len(path)] == path and not quiet for other, quiet, _ in found
        )
        if not crowded and diagnostic not in said:
            said.append(diagnostic)
    return sorted(said, key=lambda d: (d.location.line, d.location.column))


def _coded(
    err: ValidationError,
    path: PathKey,
    spec: Mapping[str, Any],
    source: SourceMap,
    noun: Callable[[PathKey], str],
    words: Mapping[str, str],
) -> Iterable[Diagnostic]:
    """The diagnostics of one schema error: one per unknown key, else one."""
    kind = err.validator
    value: Any = err.instance
    expected: Any = err.validator_value
    node: Any = err.schema
    where = path[:-1] if spec.get("at") == "up" and path else path
    given = value if isinstance(value, dict) else {}
    fields: dict[str, str] = {
        "noun": noun(where),
        "key": str(next((p for p in reversed(path) if isinstance(p, str)), "value")),
        "value": _shown(value) if not isinstance(value, str) else repr(value),
        "did_you_mean": "",
        "name": "",
        "given": ", ".join(k for k in spec.get("keys", ()) if k in given) or "nothing",
        **words,
    }

    def made(location: Any, **more: str) -> Diagnostic:
        values = {**fields, **more}
        message = str(spec.get("message", "{key} of {noun}: " + err.message)).format(**values)
        hint = spec.get("hint")
        return error(
            str(spec.get("code", "CK204")),
            message,
            location,
            hint=str(hint).format(**values) if hint else None,
        )

    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = list(node.get("properties", {}))
        if "message" not in spec:
            spec = {**spec, "message": "unknown key {name}{did_you_mean} in {noun}"}
        for extra in value:
            if extra not in allowed:
                yield made(
                    source.at((*path, extra), key=True),
                    name=repr(extra),
                    did_you_mean=did_you_mean(str(extra), allowed),
                )
        return
    if "propertyNames" in err.relative_schema_path:
        choices = expected if kind == "enum" else ()
        yield made(
            source.at((*path, value), key=True),
            name=repr(value),
            did_you_mean=did_you_mean(str(value), [str(c) for c in choices]),
        )
        return
    if kind == "type" and "message" not in spec:
        names = [expected] if isinstance(expected, str) else expected
        expected = " or ".join(_TYPE_WORDS.get(n, n) for n in names)
        spec = {**spec, "message": "{key} of {noun} must be " + expected + ", not {value}"}
    choices = [str(c) for c in expected] if kind == "enum" else []
    yield made(source.at(where), did_you_mean=did_you_mean(str(value), choices))

"""Reading a game's game.yaml into a ``Game``, with every problem reported at once."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Location, SourceMap, did_you_mean, error
from cardkit.formslots import pieces
from cardkit.load.cellpattern import is_pattern, parse_pattern, slots_in
from cardkit.load.refsheets import load_sheets
from cardkit.load.schema import diagnose, game_validator, play_validator
from cardkit.load.textfile import read_text
from cardkit.load.yamlkept import load_yaml
from cardkit.model import (
    CORE_FIELDS,
    Back,
    Bounds,
    CardGroup,
    CardType,
    Constraint,
    CopyLimit,
    Deck,
    DeckRules,
    FieldSpec,
    FontFiles,
    Game,
    GameId,
    Icon,
    Keyword,
    KeywordParam,
    LabelSpec,
    Named,
    Phrasing,
    PlayCount,
    PlaySetup,
    PlayZones,
    SeatSetup,
    SizeRule,
    Span,
    SpreadsheetMapping,
    ValuePattern,
    VerbSpec,
    Zone,
)

GAME_FILE = "game.yaml"

# Card sizes every game may name without declaring them: (width, height).
BUILTIN_SIZES: dict[str, tuple[str, str]] = {
    "poker": ("63.5mm", "88.9mm"),
    "bridge": ("57.15mm", "88.9mm"),
    "tarot": ("70mm", "120mm"),
    "mini": ("41mm", "63mm"),
    "square": ("63.5mm", "63.5mm"),
    "chit": ("25.4mm", "25.4mm"),
}


def _bounds(value: Any) -> Bounds | None:
    if value is None:
        return None
    if isinstance(value, int):
        return Bounds(value, value)
    return Bounds(value.get("min"), value.get("max"))


def _named(entries: Mapping[str, Any] | None) -> dict[str, Named]:
    return {
        key: Named(
            key,
            spec["name"],
            spec.get("color"),
            spec.get("icon"),
            spec.get("description", ""),
            spec.get("back"),
            spec.get("symbol"),
            spec.get("singular"),
        )
        for key, spec in (entries or {}).items()
    }


def _backs(entries: Mapping[str, Any] | None) -> dict[str, Back]:
    return {
        key: Back(key, spec.get("color"), spec.get("image"), spec.get("text"))
        for key, spec in (entries or {}).items()
    }


def _fonts(entries: Mapping[str, Any] | None) -> dict[str, FontFiles]:
    return {
        key: FontFiles(
            key, spec["regular"], spec.get("bold"), spec.get("italic"), spec.get("bold_italic")
        )
        for key, spec in (entries or {}).items()
    }


def _constraints(entries: Mapping[str, Any] | None) -> tuple[Constraint, ...]:
    return tuple(
        Constraint(
            key,
            spec["rule"],
            spec["each"],
            spec["by"],
            tuple(spec["fields"]),
            spec.get("team", 1),
            spec.get("description", ""),
        )
        for key, spec in (entries or {}).items()
    )


def _icons(entries: Mapping[str, Any] | None) -> dict[str, Icon]:
    return {
        key: Icon(key, spec["file"], tuple(spec.get("words", ())))
        for key, spec in (entries or {}).items()
    }


class _GameBuilder:
    def __init__(self, data: Mapping[str, Any], source: SourceMap) -> None:
        self.data = data
        self.source = source
        self.diagnostics: list[Diagnostic] = []

    def phrasing(self) -> Phrasing:
        """``phrasing:``, with a CK060 for each verb naming an unknown zone and each form
        with an unknown slot (the form is left out)."""
        raw = dict(self.data.get("phrasing") or {})
        zones = self.data.get("zones") or {}
        for words, spec in (raw.get("verbs") or {}).items():
            for end in ("to", "from"):
                zone = spec.get(end)
                if zone is not None and zone not in zones:
                    self.problem(
                        f"verb {words!r} moves cards {end} {zone!r}, which is not a zone of "
                        "the game" + did_you_mean(zone, list(zones)),
                        "phrasing",
                        "verbs",
                        words,
                        end,
                        code="CK060",
                    )
        for table, field in (("labels", "text"), ("phrases", None), ("shorthand", None)):
            entries = dict(raw.get(table) or {})
            for key, value in list(entries.items()):
                forms = [value[field]] if field else [key, value]
                where: tuple[str, ...] = ("phrasing", table, key) + ((field,) if field else ())
                for form in forms:
                    try:
                        pieces(form)
                    except ValueError as exc:
                        self.problem(f"{table[:-1]} {form!r}: {exc}", *where, code="CK060")
                        entries.pop(key, None)
            raw[table] = entries
        return _phrasing(raw)

    def problem(
        self, message: str, *where: str | int, key: bool = False, code: str = "CK031"
    ) -> None:
        found = error(code, message, self.source.at(where, key=key))
        if found not in self.diagnostics:  # a shared field's problem, met by every type
            self.diagnostics.append(found)

    def field_spec(
        self,
        name: str,
        raw: Mapping[str, Any],
        where: tuple[str | int, ...],
        *,
        shared: tuple[str | int, ...] | None = None,
        own: Collection[str] = (),
    ) -> FieldSpec:
        """The field ``raw`` declares at ``where``; keys not in ``own`` came from ``shared``."""

        def at(key: str) -> tuple[str | int, ...]:
            return (*where, key) if shared is None or key in own else (*shared, key)

        kind = raw.get("type")
        if kind is None:
            self.problem(f"field {name!r} has no 'type'", *where, code="CK022")
            kind = "string"
        values = tuple(raw.get("values", ()))
        if kind == "enum" and not values:
            self.problem(f"enum field {name!r} lists no 'values'", *where, code="CK022")
        minimum, maximum = raw.get("min"), raw.get("max")
        if minimum is not None and maximum is not None and minimum > maximum:
            self.problem(
                f"field {name!r} has min {minimum} above max {maximum}", *at("min"), code="CK024"
            )
        items = raw.get("items")
        sub_fields = raw.get("fields") or {}
        names = raw.get("names") or {}
        for value in names:
            if value not in values:
                self.problem(
                    f"field {name!r} names {value!r}, which is not one of its values"
                    f"{did_you_mean(str(value), values)}",
                    *at("names"),
                    value,
                    key=True,
                    code="CK215",
                )
        return FieldSpec(
            name=name,
            kind=kind,
            required=bool(raw.get("required", False)),
            default=raw.get("default"),
            minimum=minimum,
            maximum=maximum,
            values=values,
            items=self.field_spec(f"{name} item", items, (*where, "items")) if items else None,
            fields=tuple(
                self.field_spec(sub, spec, (*where, "fields", sub))
                for sub, spec in sub_fields.items()
            ),
            max_length=raw.get("max_length"),
            description=raw.get("description", ""),
            names=tuple((str(v), str(n)) for v, n in names.items() if v in values),
        )

    def card_types(
        self, sizes: Mapping[str, Any], backs: Mapping[str, Any], decks: Mapping[str, Any]
    ) -> dict[str, CardType]:
        shared: Mapping[str, Any] = self.data.get("fields") or {}
        result: dict[str, CardType] = {}
        for type_id, raw in self.data["card_types"].items():
            where = ("card_types", type_id)
            fields = []
            for name, own in (raw.get("fields") or {}).items():
                if name in CORE_FIELDS:
                    self.problem(
                        f"{name!r} is a field every card has; a card type cannot declare it again",
                        *where,
                        "fields",
                        name,
                        key=True,
                    )
                    continue
                fields.append(
                    self.field_spec(
                        name,
                        {**shared.get(name, {}), **own},
                        (*where, "fields", name),
                        shared=("fields", name) if name in shared else None,
                        own=tuple(own),
                    )
                )
            size = raw.get("size", "poker")
            if size not in sizes:
                self.problem(
                    f"unknown card size {size!r}{did_you_mean(size, sizes)}", *where, "size"
                )
            for ref, table, noun in (("back", backs, "back"), ("deck", decks, "deck")):
                if ref in raw and raw[ref] not in table:
                    self.problem(
                        f"unknown {noun} {raw[ref]!r}{did_you_mean(raw[ref], table)}", *where, ref
                    )
            back_by = raw.get("back_by")
            names = {*CORE_FIELDS, *(f.name for f in fields)}
            if back_by is not None and back_by not in names:
                self.problem(
                    f"card type {type_id!r} chooses backs by field {back_by!r}, which it does "
                    f"not have{did_you_mean(back_by, names)}",
                    *where,
                    "back_by",
                )
            result[type_id] = CardType(
                id=type_id,
                name=raw["name"],
                fields=tuple(fields),
                faction=raw.get("faction", "optional"),
                size=size,
                back=raw.get("back"),
                deck=raw.get("deck"),
                description=raw.get("description", ""),
                layout=raw.get("layout"),
                plural=raw.get("plural", ""),
                back_by=back_by,
                color=raw.get("color"),
            )
        return result

    def decks(self, backs: Mapping[str, Any]) -> dict[str, Deck]:
        result = {}
        for deck_id, raw in (self.data.get("decks") or {}).items():
            if "back" in raw and raw["back"] not in backs:
                self.problem(
                    f"unknown back {raw['back']!r}{did_you_mean(raw['back'], backs)}",
                    "decks",
                    deck_id,
                    "back",
                )
            result[deck_id] = Deck(
                deck_id,
                raw["name"],
                _bounds(raw.get("size")),
                _bounds(raw.get("per_faction")),
                raw.get("back"),
                raw.get("description", ""),
                raw.get("card_size"),
            )
        return result

    def sized_and_backed(self, sizes: Mapping[str, Any], backs: Mapping[str, Any]) -> None:
        """Check the card sizes decks name and the backs factions name."""
        for section, key, table, noun in (
            ("decks", "card_size", sizes, "card size"),
            ("factions", "back", backs, "back"),
        ):
            for entry_id, raw in (self.data.get(section) or {}).items():
                value = raw.get(key)
                if value is not None and value not in table:
                    self.problem(
                        f"unknown {noun} {value!r}{did_you_mean(value, table)}",
                        section,
                        entry_id,
                        key,
                    )

    def card_groups(self, card_types: Mapping[str, CardType]) -> dict[str, CardGroup]:
        """``card_groups:``, each a name for card types the game declares; a group may not
        take a card type's id or name."""
        result = {}
        names = {spec.name.casefold(): key for key, spec in card_types.items()}
        for key, raw in (self.data.get("card_groups") or {}).items():
            if key in card_types:
                self.problem(
                    f"card group {key!r} has the id of a card type", "card_groups", key, key=True
                )
            elif raw["name"].casefold() in names:
                self.problem(
                    f"card group {key!r} is named like the card type "
                    f"{names[raw['name'].casefold()]!r}",
                    "card_groups",
                    key,
                    "name",
                )
            for index, member in enumerate(raw["card_types"]):
                if member not in card_types:
                    self.problem(
                        f"unknown card type {member!r}{did_you_mean(member, card_types)}",
                        "card_groups",
                        key,
                        "card_types",
                        index,
                    )
            result[key] = CardGroup(
                key,
                raw["name"],
                tuple(raw["card_types"]),
                raw.get("plural", ""),
                raw.get("description", ""),
            )
        return result

    def keywords(self, card_types: Mapping[str, CardType] | None = None) -> dict[str, Keyword]:
        result = {
            key: Keyword(
                key,
                raw["name"],
                tuple(
                    KeywordParam(p["name"], p["type"], p.get("min"), p.get("max"))
                    for p in raw.get("params", ())
                ),
                raw.get("reminder", ""),
                tuple(raw.get("card_types", ())),
                raw.get("field"),
                bool(raw.get("text_required", False)),
            )
            for key, raw in (self.data.get("keywords") or {}).items()
        }
        if card_types is not None:
            for keyword in result.values():
                self.keyword_links(keyword, card_types)
        return result

    def keyword_links(self, keyword: Keyword, card_types: Mapping[str, CardType]) -> None:
        """A keyword's card types and field must be ones the game declares."""
        where = ("keywords", keyword.id)
        for i, type_id in enumerate(keyword.card_types):
            if type_id not in card_types:
                self.problem(
                    f"keyword {keyword.name!r} names unknown card type {type_id!r}"
                    f"{did_you_mean(type_id, card_types)}",
                    *where,
                    "card_types",
                    i,
                )
        if keyword.field is None:
            if keyword.text_required:
                self.problem(
                    f"keyword {keyword.name!r} has 'text_required' but no 'field'",
                    *where,
                    "text_required",
                )
            return
        types = [card_types[t] for t in keyword.card_types if t in card_types]
        specs = [spec for t in types or card_types.values() if (spec := t.field(keyword.field))]
        if not specs or any(spec.kind != "boolean" for spec in specs):
            self.problem(
                f"keyword {keyword.name!r} stands for field {keyword.field!r}, which is not "
                "a boolean field of its card types",
                *where,
                "field",
            )

    def deck_rules(
        self, card_types: Mapping[str, CardType], decks: Mapping[str, Deck]
    ) -> DeckRules:
        """``deck_rules``: play counts, size formulas (parsed by the rules checks), copy limits."""
        raw = self.data.get("deck_rules") or {}
        counts = {}
        for count_id, spec in (raw.get("counts") or {}).items():
            if count_id in decks:
                self.problem(
                    f"play count {count_id!r} has the name of a deck; formulas could not tell "
                    "them apart",
                    "deck_rules",
                    "counts",
                    count_id,
                    key=True,
                    code="CK120",
                )
            low, high = spec["min"], spec["max"]
            if low > high:
                self.problem(
                    f"play count {count_id!r} has min {low} above max {high}",
                    "deck_rules",
                    "counts",
                    count_id,
                    "min",
                    code="CK120",
                )
            counts[count_id] = PlayCount(count_id, low, high, spec.get("description", ""))
        sizes = tuple(
            SizeRule(
                rule["of"],
                rule.get("equals", rule.get("min")),
                rule.get("equals", rule.get("max")),
                rule.get("description", ""),
                "equals" in rule,
            )
            for rule in raw.get("sizes") or ()
        )
        fields = {spec.name for card_type in card_types.values() for spec in card_type.fields}
        limits = []
        for index, rule in enumerate(raw.get("limits") or ()):
            where = ("deck_rules", "limits", index)
            field_name, per = rule.get("field"), rule.get("per", "card")
            if field_name is not None and field_name not in fields:
                self.problem(
                    f"copy limit {rule['name']!r} names unknown field {field_name!r}"
                    f"{did_you_mean(field_name, fields)}",
                    *where,
                    "field",
                    code="CK120",
                )
            if per not in ("card", "name") and per not in fields:
                self.problem(
                    f"copy limit {rule['name']!r} groups per {per!r}, which is not 'card', "
                    f"'name' or a field{did_you_mean(per, {'card', 'name', *fields})}",
                    *where,
                    "per",
                    code="CK120",
                )
            for i, deck in enumerate(rule.get("decks", ())):
                if deck not in decks:
                    self.problem(
                        f"copy limit {rule['name']!r} names unknown deck {deck!r}"
                        f"{did_you_mean(deck, decks)}",
                        *where,
                        "decks",
                        i,
                        code="CK120",
                    )
            limits.append(
                CopyLimit(
                    rule["name"],
                    rule["max"],
                    field_name,
                    rule.get("tag"),
                    per,
                    tuple(rule.get("decks", ())),
                    rule.get("description", ""),
                    tuple(rule.get("values", ())),
                )
            )
        return DeckRules(counts, sizes, tuple(limits))

    def spreadsheet(self, card_types: Mapping[str, CardType]) -> SpreadsheetMapping:
        raw = self.data.get("spreadsheet") or {}
        known = set(CORE_FIELDS) | {f.name for t in card_types.values() for f in t.fields}
        mapped = (raw.get("columns") or {}).items()
        columns = tuple((str(header), name) for header, name in mapped if name is not None)
        unread = frozenset(str(header) for header, name in mapped if name is None)
        for header, name in columns:
            if name not in known:
                self.problem(
                    f"column {header!r} maps to unknown field {name!r}{did_you_mean(name, known)}",
                    "spreadsheet",
                    "columns",
                    header,
                )
        headers = {header for header, _ in columns}
        for i, header in enumerate(raw.get("optional", ())):
            if header not in headers:
                self.problem(
                    f"optional column {header!r} is not one of the mapped columns",
                    "spreadsheet",
                    "optional",
                    i,
                )
        sheet = raw.get("sheet")
        values, patterns = self.spreadsheet_values(raw.get("values") or {}, known)
        return SpreadsheetMapping(
            columns,
            frozenset(raw.get("optional", ())),
            values,
            tuple(sheet) if isinstance(sheet, list) else sheet,
            patterns,
            unread,
        )

    def spreadsheet_values(
        self, raw: Mapping[str, Mapping[str, Mapping[str, Any]]], known: Collection[str]
    ) -> tuple[dict[str, dict[str, Mapping[str, Any]]], dict[str, tuple[ValuePattern, ...]]]:
        """The cell values (``Outpost``) and patterns (``{n} Outpost``) of ``values:``, each
        field they set checked (CK031) and each pattern's form (CK045)."""
        values: dict[str, dict[str, Mapping[str, Any]]] = {}
        patterns: dict[str, tuple[ValuePattern, ...]] = {}
        for name, table in raw.items():
            where = ("spreadsheet", "values", name)
            if name not in known:
                self.problem(
                    f"values of unknown field {name!r}{did_you_mean(name, known)}",
                    *where,
                    key=True,
                )
            found: list[ValuePattern] = []
            for cell, sets in table.items():
                pattern, problems = parse_pattern(cell, sets) if is_pattern(cell) else (None, [])
                for problem in problems:
                    self.problem(problem, *where, cell, key=True, code="CK045")
                for target, value in sets.items():
                    self.set_by_value(cell, target, value, pattern, where, known)
                if pattern is not None:
                    found.append(pattern)
                elif not problems:
                    values.setdefault(name, {})[cell] = sets
            if found:
                patterns[name] = tuple(found)
        return values, patterns

    def set_by_value(
        self,
        cell: str,
        target: str,
        value: Any,
        pattern: ValuePattern | None,
        where: tuple[str, ...],
        known: Collection[str],
    ) -> None:
        """Check a field a cell value (or pattern) sets: a known field, and only the slots
        of its pattern."""
        unknown = (
            [slot for slot in slots_in(value) if slot not in pattern.slots]
            if (pattern is not None and isinstance(value, str))
            else []
        )
        for slot in unknown:
            self.problem(
                f"{target!r} of pattern {cell!r} uses the slot {{{slot}}}, "
                "which the pattern does not have",
                *where,
                cell,
                target,
                code="CK045",
            )
        if target not in known:
            self.problem(
                f"{cell!r} sets unknown field {target!r}{did_you_mean(target, known)}",
                *where,
                cell,
                target,
                key=True,
            )


def _play_setup(builder: _GameBuilder, card_types: Mapping[str, CardType]) -> PlaySetup | None:
    """The ``play:`` declaration, its names checked against the game (CK400)."""
    raw = builder.data.get("play")
    if raw is None:
        return None
    resources = builder.data.get("resources") or {}
    decks = builder.data.get("decks") or {}

    def known(value: str, table: Collection[str], noun: str, *where: str | int) -> None:
        if value not in table:
            builder.problem(
                f"play: unknown {noun} {value!r}{did_you_mean(value, table)}",
                "play",
                *where,
                code="CK400",
            )

    life = raw.get("life") or {}
    row = raw.get("market") or {}
    bases = raw.get("bases") or {}
    pile = raw.get("pile") or {}
    hand = raw.get("hand") or {}
    if life:
        known(life["resource"], resources, "resource", "life", "resource")
    known(raw["acquire_with"], resources, "resource", "acquire_with")
    if "attack_with" in raw:
        known(raw["attack_with"], resources, "resource", "attack_with")
    if row:
        known(row["deck"], decks, "deck", "market", "deck")
    for i, type_id in enumerate(bases.get("types", ())):
        known(type_id, card_types, "card type", "bases", "types", i)
    fields = {f.name for t in card_types.values() for f in t.fields}
    cost = raw.get("cost", "cost")
    known(cost, fields, "field", *(("cost",) if "cost" in raw else ()))
    kinds = sorted({f.kind for t in card_types.values() for f in t.fields if f.name == cost})
    if any(kind not in ("integer", "number") for kind in kinds):
        builder.problem(  # an engine builder's costs in several resources: say it once
            f"play: the cards' {cost!r} is a {' or '.join(kinds)} field, not a whole number: "
            "the simulator plays cards that cost an amount of one resource ('acquire_with')",
            "play",
            *(("cost",) if "cost" in raw else ()),
            code="CK407",
        )
    defense, guard = bases.get("defense", "defense"), bases.get("guard", "guard")
    if bases and all(t in card_types for t in bases["types"]):
        types = [card_types[t] for t in bases["types"]]
        base_fields = {f.name for t in types for f in t.fields}
        for name, key in ((defense, "defense"), (guard, "guard")):
            where = (key,) if key in bases else ()
            known(name, base_fields, "field of a base type", "bases", *where)
    family = _play_family(builder, known, fields, card_types)
    size = hand.get("size", 5)
    players = raw.get("players", 2)
    seats = raw.get("seats") or []
    if "format" in raw and (players < 3 or "life" not in raw):
        builder.problem(
            "play: 'format' is for three or more players who fight with 'life:'",
            "play",
            "format",
            code="CK407",
        )
    if len(seats) > players:
        builder.problem(
            f"play: {len(seats)} seats for {players} players",
            "play",
            "seats",
            players,
            code="CK407",
        )
    return PlaySetup(
        players=players,
        format=raw.get("format", "free-for-all"),
        life=life.get("resource", ""),
        starting_life=life.get("start", 0),
        acquire_with=raw["acquire_with"],
        attack_with=raw.get("attack_with", ""),
        cost_field=cost,
        starting_deck=tuple((str(k), int(v)) for k, v in raw["starting_deck"].items()),
        hand_size=size,
        first_hand_size=hand.get("first", size),
        market_deck=row.get("deck", ""),
        market_size=row.get("size", 5) if row else 0,
        pile=pile.get("card"),
        pile_count=pile.get("count"),
        base_types=tuple(bases.get("types", ())),
        defense_field=defense,
        guard_field=guard,
        max_turns=raw.get("max_turns", 200),
        seats=tuple(
            SeatSetup(
                hand=seat.get("hand"),
                life=seat.get("life"),
                starting_deck=None
                if "starting_deck" not in seat
                else tuple((str(k), int(v)) for k, v in seat["starting_deck"].items()),
            )
            for seat in seats
        ),
        zones=_play_zones(builder, known),
        specials=_play_specials(builder, known),
        **family,
    )


def _play_family(
    builder: _GameBuilder,
    known: Callable[..., None],
    fields: Collection[str],
    card_types: Mapping[str, CardType],
) -> dict[str, Any]:
    """The deck-builder family's variations of ``play:`` (supply piles, victory points, the
    game's end, per-turn limits, curses), checked against the game (CK400) and each other
    (CK407): what a game cannot be played with is an error of ``validate``, once."""
    raw = builder.data["play"]
    resources = builder.data.get("resources") or {}
    decks = builder.data.get("decks") or {}
    supply = raw.get("supply") or {}
    win = raw.get("win") or {"by": "life"}
    end = raw.get("end") or {}
    limits = raw.get("limits") or {}

    def clash(message: str, *where: str) -> None:
        builder.problem(f"play: {message}", "play", *where, code="CK407")

    for i, deck in enumerate(supply.get("decks", ())):
        known(deck, decks, "deck", "supply", "decks", i)
    for key in ("actions", "buys"):
        if key in limits:
            known(limits[key]["resource"], resources, "resource", "limits", key, "resource")
    for i, type_id in enumerate(limits.get("free", ())):
        known(type_id, card_types, "card type", "limits", "free", i)
    points = win.get("field", "")
    if points:
        known(points, fields, "field", "win", "field")
    if win["by"] == "life" and "life" not in raw:
        where = ("win",) if "win" in raw else ()
        clash("'win: {by: life}' needs 'life:' (a resource and its start)", *where)
    if win["by"] == "points" and not points:
        clash("'win: {by: points}' needs 'field:', the card field of victory points", "win")
    if "target" in win and win["by"] != "points":
        clash("'target' counts points: it needs 'by: points'", "win", "target")
    if not supply and "market" not in raw and "pile" not in raw:
        clash("nothing to acquire: declare 'supply:', 'market:' or 'pile:'")
    if win["by"] == "points" and not end and "target" not in win:
        clash(
            "a game won on points needs an end: 'end:' (empty piles, a pile, turns) or a 'target'",
            "win",
        )
    if (end.get("empty_piles") or "pile" in end) and not supply:
        clash("the game ends on empty piles but declares no 'supply:' piles", "end")
    if "life" in raw and "attack_with" not in raw:
        clash("'life:' needs 'attack_with:', the resource that takes it away", "life")
    return {
        "supply": tuple((str(k), int(v)) for k, v in (supply.get("piles") or {}).items()),
        "supply_decks": tuple(supply.get("decks", ())),
        "supply_size": supply.get("size", 0),
        "points_field": points,
        "win": win["by"],
        "target": win.get("target", 0),
        "empty_piles": end.get("empty_piles", 0),
        "end_pile": end.get("pile"),
        "end_rounds": end.get("turns", 0),
        "actions": (limits.get("actions") or {}).get("resource", ""),
        "actions_start": (limits.get("actions") or {}).get("start", 1),
        "buys": (limits.get("buys") or {}).get("resource", ""),
        "buys_start": (limits.get("buys") or {}).get("start", 1),
        "free_types": tuple(limits.get("free", ())),
        "curse": raw.get("curse"),
    }


def _play_specials(
    builder: _GameBuilder, known: Callable[..., None]
) -> tuple[tuple[str, str], ...]:
    """``play: specials:``, each a key of the game's ``special_effects`` or of its declared
    phrases (``phrasing: phrases:``)."""
    raw: Mapping[str, str] = builder.data["play"].get("specials") or {}
    phrasing = builder.data.get("phrasing") or {}
    declared = [*(builder.data.get("special_effects") or {}), *(phrasing.get("phrases") or {})]
    for key in raw:
        known(key, declared, "special effect or phrase", "specials", key)
    return tuple(raw.items())


def _play_zones(builder: _GameBuilder, known: Callable[..., None]) -> PlayZones:
    """``play: zones:``, each a zone the game declares (when it declares any)."""
    raw = builder.data["play"].get("zones") or {}
    zones = PlayZones(**raw)
    declared = builder.data.get("zones") or {}
    for role, zone in raw.items():
        if declared:
            known(zone, declared, "zone", "zones", role)
    return zones


def _not_a_game_hint(root: Path, shown_root: str) -> str:
    """The game folder that holds ``root`` (a folder of its cards), else how to make one."""
    for up, folder in enumerate(root.resolve().parents, start=1):
        if (folder / GAME_FILE).is_file():
            game = os.path.normpath(os.path.join(shown_root, *[os.pardir] * up))
            return f"it is inside the game folder {game!r}: give that folder"
    return "create one with 'cardkit new NAME'"


def _phrasing(raw: Mapping[str, Any]) -> Phrasing:
    labels = tuple(
        LabelSpec(
            key,
            spec["text"],
            spec.get("means", ""),  # '' (a plain label), 'bond' or 'cost' (the schema says so)
            spec.get("count", 1),
            spec.get("cost", ""),
        )
        for key, spec in (raw.get("labels") or {}).items()
    )
    every = next(
        (
            spec["every_faction"]
            for spec in (raw.get("labels") or {}).values()
            if "every_faction" in spec
        ),
        "",
    )
    return Phrasing(
        verbs={
            words: VerbSpec(" ".join(words.split()), spec.get("to"), spec.get("from"))
            for words, spec in (raw.get("verbs") or {}).items()
        },
        labels=labels,
        shorthand=dict(raw.get("shorthand") or {}),
        phrases=dict(raw.get("phrases") or {}),
        cost_symbols={
            key: (spec["name"], spec.get("plural", spec["name"] + "s"))
            for key, spec in (raw.get("cost_symbols") or {}).items()
        },
        plurals=dict(raw.get("plurals") or {}),
        nouns=tuple(" ".join(str(noun).split()) for noun in raw.get("nouns") or ()),
        sides=tuple(" ".join(str(side).split()) for side in raw.get("sides") or ()),
        adjectives=tuple(" ".join(str(word).split()) for word in raw.get("adjectives") or ()),
        all_factions=every,
    )


def load_game(root: Path, shown_root: str) -> tuple[Game | None, list[Diagnostic]]:
    """Read ``root``/game.yaml. The game is None when it has errors."""
    shown = f"{shown_root.rstrip('/')}/{GAME_FILE}"
    path = root / GAME_FILE
    if root.is_file():
        return None, [
            error(
                "CK001",
                f"not a game folder: {shown_root!r} is a file",
                Location(shown_root),
                hint=f"give the folder that holds {GAME_FILE}",
            )
        ]
    if not root.is_dir():
        return None, [error("CK001", f"no such game folder: {shown_root!r}", Location(shown_root))]
    if not path.is_file():
        return None, [
            error(
                "CK001",
                f"not a game folder: {shown_root!r} has no {GAME_FILE}",
                Location(shown_root),
                hint=_not_a_game_hint(root, shown_root),
            )
        ]
    if not path.resolve().is_relative_to(root.resolve()):
        return None, [
            error(
                "CK001",
                f"{GAME_FILE} links outside the game folder; not read",
                Location(shown),
                hint=f"copy the {GAME_FILE} you mean into the game folder",
            )
        ]
    text, problems = read_text(path, shown)
    if text is None:
        return None, problems
    loaded = load_yaml(text, shown)
    if loaded.diagnostics:
        return None, loaded.diagnostics
    data = loaded.value
    if not isinstance(data, dict):
        return None, [
            error(
                "CK020",
                "game.yaml must be a mapping with at least id, name and card_types",
                loaded.source.at(()),
            )
        ]
    # 'play:' on its own: what is wrong with it is no reason not to build the game's cards
    play_raw = data.get("play")
    rest = {key: value for key, value in data.items() if key != "play"}
    found = diagnose(game_validator(), rest, loaded.source, noun="a game")
    if found:
        return None, found
    play_found = (
        []
        if play_raw is None
        else diagnose(play_validator(), {"play": play_raw}, loaded.source, noun="a game")
    )
    builder = _GameBuilder(data, loaded.source)
    custom_sizes = {k: (v["width"], v["height"]) for k, v in (data.get("sizes") or {}).items()}
    sizes = {**BUILTIN_SIZES, **custom_sizes}
    backs = _backs(data.get("backs"))
    decks = builder.decks(backs)
    card_types = builder.card_types(sizes, backs, decks)
    builder.sized_and_backed(sizes, backs)
    play, play_problems = None, play_found
    if play_raw is not None and not play_found:
        before = len(builder.diagnostics)
        play = _play_setup(builder, card_types)
        play_problems = builder.diagnostics[before:]
        del builder.diagnostics[before:]
    game = Game(
        id=GameId(data["id"]),
        name=data["name"],
        root=root,
        card_types=card_types,
        factions=_named(data.get("factions")),
        resources=_named(data.get("resources")),
        keywords=builder.keywords(card_types),
        decks=decks,
        sizes=sizes,
        backs=backs,
        spreadsheet=builder.spreadsheet(card_types),
        source=loaded.source,
        description=data.get("description", ""),
        zones={
            key: Zone(key, raw["name"], bool(raw.get("shared", False)), raw.get("description", ""))
            for key, raw in (data.get("zones") or {}).items()
        },
        icons=_icons(data.get("icons")),
        deck_rules=builder.deck_rules(card_types, decks),
        play=None if play_problems else play,
        play_problems=tuple(play_problems),
        spans={
            key: Span(key, raw["name"], raw.get("description", ""))
            for key, raw in (data.get("spans") or {}).items()
        },
        special_effects=dict(data.get("special_effects") or {}),
        card_groups=builder.card_groups(card_types),
        phrasing=builder.phrasing(),
        own_sizes=frozenset(custom_sizes),
        fonts=_fonts(data.get("fonts")),
        rulebook_sections=_rulebook_sections(builder.data),
        constraints=_constraints(data.get("constraints")),
    )
    if "sheets" in data:
        sheets, problems = load_sheets(
            data["sheets"],
            loaded.source,
            root,
            card_types,
            tuple(game.factions),
            decks,
        )
        builder.diagnostics.extend(problems)
        sheets_file = data["sheets"] if isinstance(data["sheets"], str) else None
        game = replace(game, sheets=sheets, sheets_file=sheets_file)
    if builder.diagnostics:
        return None, [*builder.diagnostics, *play_problems]
    return game, list(play_problems)


def _rulebook_sections(data: Mapping[str, Any]) -> tuple[str, ...] | None:
    """``rulebook: sections:`` as written (the schema has checked it is a list of names)."""
    rulebook = data.get("rulebook")
    names = rulebook.get("sections") if isinstance(rulebook, Mapping) else None
    return tuple(str(name) for name in names) if isinstance(names, list) else None

"""Reading a game's card files (YAML, CSV, XLSX) into validated ``Card`` values."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Location, PathKey, SourceMap, did_you_mean, error
from cardkit.inflect import article
from cardkit.load.checked import save_checks
from cardkit.load.game import GAME_FILE, load_game
from cardkit.load.playcards import play_card_problems
from cardkit.load.rawcard import RawCard, from_sheet
from cardkit.load.schema import MAX_COPIES, Checker, card_type_schema, compile_schema, diagnose
from cardkit.load.textfile import plain_line_breaks, read_text
from cardkit.load.yamlkept import load_yaml, save_read
from cardkit.model import Card, CardId, CardSet, Game

YAML_SUFFIXES = (".yaml", ".yml")
SHEET_SUFFIXES = (".csv", ".xlsx")
_FILE_KEYS = ("cards", "defaults")
# Top-level folders of a game that hold no cards: its layout files.
NOT_CARDS = ("layouts", "strategies")  # card faces; strategy files for sim
_NOT_ID = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """The default id of a card: its name in lowercase ASCII with '-' between words."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    slug = _NOT_ID.sub("-", folded).strip("-")
    if slug:
        return slug
    return "card-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def card_files(root: Path) -> tuple[list[Path], list[Diagnostic]]:
    """Card files below ``root`` in a stable order; links leading outside the folder refused,
    and a folder that cannot be listed reported (CK001), not skipped in silence."""
    candidates: list[Path] = []
    problems: list[Diagnostic] = []
    real_root = root.resolve()

    def unlisted(exc: OSError) -> None:
        where = Path(exc.filename) if exc.filename else root
        problems.append(
            error(
                "CK001",
                f"cannot read folder: {exc.strerror or exc}; its cards would be left out",
                Location(str(where)),
                hint="make the folder readable (chmod u+rx), or move it out of the game folder",
            )
        )

    for folder, dirs, names in os.walk(root, onerror=unlisted):
        here = Path(folder)
        top = here == root
        # hidden folders and layouts/ are not card folders: not entered, so not reported
        dirs[:] = [d for d in dirs if not d.startswith(".") and not (top and d in NOT_CARDS)]
        for name in dirs:
            if (here / name).is_symlink():  # os.walk does not follow links to folders
                candidates.append(here / name)
        candidates += [here / name for name in names if not name.startswith(".")]
    files: list[Path] = []
    for path in sorted(candidates):
        rel = path.relative_to(root)
        if rel.as_posix() == GAME_FILE:
            continue
        if path.is_symlink() and path.is_dir():
            # links to folders are not followed; say so when one leads outside.
            if not path.resolve().is_relative_to(real_root):
                problems.append(
                    error(
                        "CK001",
                        "folder links outside the game folder; not read",
                        Location(str(path)),
                    )
                )
            continue
        if path.suffix.lower() not in YAML_SUFFIXES + SHEET_SUFFIXES or not path.is_file():
            continue
        if not path.resolve().is_relative_to(real_root):
            problems.append(
                error("CK001", "file links outside the game folder; not read", Location(str(path)))
            )
            continue
        files.append(path)
    return files, sorted(problems, key=lambda d: d.location.path)


def game_card_files(root: Path, game: Game) -> tuple[list[Path], list[Diagnostic]]:
    """The files of the game folder ``root`` that the game reads as cards: YAML files and
    spreadsheets alike (``card_files``), less the sheets file game.yaml names."""
    files, found = card_files(root)
    if game.sheets_file is not None:  # the game's sheets file holds sheets, not cards
        files = [path for path in files if path.resolve() != (root / game.sheets_file).resolve()]
    return files, found


def _yaml_records(path: Path, shown: str) -> tuple[list[RawCard], list[Diagnostic]]:
    text, problems = read_text(path, shown)
    if text is None:
        return [], problems
    loaded = load_yaml(text, shown)
    if loaded.diagnostics:
        return [], loaded.diagnostics
    data, source = loaded.value, loaded.source
    if data is None:
        return [], [
            error(
                "CK003",
                "empty card file: it holds no cards",
                Location(shown, 1, 1),
                hint="add 'cards:' with a list of cards, or delete the file",
            )
        ]
    items: list[Any]
    defaults: dict[str, Any]
    base: PathKey
    if isinstance(data, list):
        items, defaults, base = data, {}, ()
    elif isinstance(data, dict) and "cards" in data:
        found = [
            error(
                "CK021",
                f"{key!r} is not a key of a card file (expected 'cards' and "
                f"'defaults'){did_you_mean(key, _FILE_KEYS)}",
                source.at((key,), key=True),
            )
            for key in data
            if key not in _FILE_KEYS
        ]
        items, defaults, base = data["cards"], data.get("defaults") or {}, ("cards",)
        if not isinstance(items, list):
            found.append(error("CK023", "'cards' must be a list of cards", source.at(("cards",))))
            return [], found
        if not isinstance(defaults, dict):
            found.append(
                error(
                    "CK023",
                    "'defaults' must be a mapping of field values",
                    source.at(("defaults",)),
                )
            )
            return [], found
        if not items and not found:
            found.append(
                error(
                    "CK003",
                    "empty card file: 'cards' lists no cards",
                    source.at(("cards",), key=True),
                    hint="add cards to the list, or delete the file",
                )
            )
        if found:
            return [], found
    elif isinstance(data, dict) and ("name" in data or "type" in data):
        return [RawCard(data, source, ())], []
    elif isinstance(data, dict):
        # Neither a card nor a list of cards: most likely 'cards' is misspelt.
        return [], [
            error(
                "CK021",
                f"{key!r} is not a key of a card file{did_you_mean(key, _FILE_KEYS)}",
                source.at((key,), key=True),
                hint="a card file holds one card (a mapping with 'name' and 'type') "
                "or 'cards:' with a list of cards",
            )
            for key in data
        ]
    else:
        return [], [
            error(
                "CK020",
                "a card file holds one card (a mapping with 'name') or "
                "'cards:' with a list of cards",
                source.at(()),
            )
        ]
    records: list[RawCard] = []
    found = []
    for index, item in enumerate(items):
        where = (*base, index)
        if not isinstance(item, dict):
            found.append(
                error(
                    "CK020",
                    f"card {index + 1} of the list is not a mapping of fields",
                    source.at(where),
                )
            )
            continue
        for key in defaults:
            source.values.setdefault((*where, key), source.values.get(("defaults", key), (1, 1)))
            source.keys.setdefault((*where, key), source.keys.get(("defaults", key), (1, 1)))
        records.append(RawCard({**defaults, **item}, source, where))
    return records, found


@dataclass
class CardChecker:
    """Validates raw card mappings against a game's derived card schemas."""

    game: Game
    validators: dict[str, Checker] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for type_id in self.game.card_types:
            self.validators[type_id] = compile_schema(card_type_schema(self.game, type_id))

    def check(
        self,
        raw: dict[str, Any],
        source: SourceMap,
        where: PathKey,
        *,
        unreadable: frozenset[str] = frozenset(),
    ) -> tuple[Card | None, list[Diagnostic]]:
        """The card, or None and every problem of it.

        ``unreadable`` names fields whose values were dropped after being reported
        (spreadsheet cells of the wrong form); they are not reported missing as well.
        """
        game = self.game
        name = raw.get("name")
        explicit = raw.get("id")
        card_id = (
            explicit
            if isinstance(explicit, str)
            else (slugify(name) if isinstance(name, str) and name.strip() else None)
        )
        type_id = raw.get("type")
        if type_id is None:
            return None, [
                error(
                    "CK022",
                    "missing required field 'type' of a card",
                    source.at(where),
                    card=card_id,
                    hint=f"one of {', '.join(map(repr, game.card_types))}",
                )
            ]
        if not isinstance(type_id, str) or type_id not in game.card_types:
            shown = type_id if isinstance(type_id, str) else repr(type_id)
            return None, [
                error(
                    "CK025",
                    f"unknown card type {shown!r}{did_you_mean(str(type_id), game.card_types)}",
                    source.at((*where, "type")),
                    card=card_id,
                    hint=f"the game declares {', '.join(map(repr, game.card_types))}",
                )
            ]
        card_type = game.card_types[type_id]
        found = diagnose(
            self.validators[type_id],
            raw,
            source,
            base=where,
            noun=article(card_type.name.lower()),
            card=card_id,
            unreadable=unreadable,
        )
        deck = self._deck(raw, type_id)
        if game.decks and deck is None and not found:
            found.append(
                error(
                    "CK022",
                    "card belongs to no deck: set 'deck'",
                    source.at(where),
                    card=card_id,
                    hint=f"one of {', '.join(map(repr, game.decks))}, or give card type "
                    f"{type_id!r} a 'deck' in game.yaml for all its cards",
                )
            )
        if found or card_id is None:
            return None, found
        return self._card(raw, source, where, card_id), []

    def salvage(self, raw: dict[str, Any], source: SourceMap, where: PathKey) -> Card | None:
        """A card that ``check`` refused, holding only its fields without schema errors: for
        the checks that judge it without them (its rules text, its suppress list). None when
        its type, name or id is what is wrong: then nothing else of it can be told apart."""
        type_id = raw.get("type")
        if not isinstance(type_id, str) or type_id not in self.game.card_types:
            return None
        errors = self.validators[type_id].iter_errors(raw)
        bad = {err.absolute_path[0] for err in errors if err.absolute_path}
        name, explicit = raw.get("name"), raw.get("id")
        if bad & {"name", "id"} or not isinstance(name, str) or not name.strip():
            return None
        kept = {key: value for key, value in raw.items() if key not in bad}
        card_id = explicit if isinstance(explicit, str) else slugify(name)
        return self._card(kept, source, where, card_id)

    def _deck(self, raw: dict[str, Any], type_id: str) -> str | None:
        """The card's deck: its own, else its type's, else the game's only deck."""
        deck = raw.get("deck", self.game.card_types[type_id].deck)
        if deck is None and len(self.game.decks) == 1:
            deck = next(iter(self.game.decks))  # a game of one deck: every card is in it
        return deck if isinstance(deck, str) else None

    def _card(self, raw: dict[str, Any], source: SourceMap, where: PathKey, card_id: str) -> Card:
        type_id = raw["type"]
        card_type = self.game.card_types[type_id]
        values = {spec.name: spec.default for spec in card_type.fields if spec.default is not None}
        values.update(raw)
        faction = raw.get("faction")
        factions = tuple(faction) if isinstance(faction, list) else ((faction,) if faction else ())
        return Card(
            id=CardId(card_id),
            name=str(raw["name"]),
            type=type_id,
            factions=factions,
            deck=self._deck(raw, type_id),
            count=raw.get("count", 1),
            text=plain_line_breaks(raw.get("text", "")),
            values=values,
            source=source,
            path=where,
        )


@dataclass(frozen=True)
class CheckedCards:
    """What ``check_cards`` makes of a game's raw cards."""

    cards: tuple[Card, ...]  # the cards without errors, in the order read
    flawed: tuple[Card, ...]  # cards with errors, holding only their fields without errors
    diagnostics: list[Diagnostic]  # every problem of the cards, duplicate ids (CK030) too


def check_cards(game: Game, records: Sequence[RawCard]) -> CheckedCards:
    """Check each raw card against the game's card schemas, then the ids of those that
    passed against each other: the one check of cards, whether a game folder's files or a
    spreadsheet ``cardkit import`` reads gave them."""
    checker = CardChecker(game)
    cards: list[Card] = []
    flawed: list[Card] = []
    found: list[Diagnostic] = []
    for raw, source, where, unreadable in records:
        card, more = checker.check(raw, source, where, unreadable=unreadable)
        found.extend(more)
        if card is not None:
            cards.append(card)
        elif (salvaged := checker.salvage(raw, source, where)) is not None:
            flawed.append(salvaged)
    if any(from_sheet(record) for record in records):
        from cardkit.load.spreadsheet import column_hints  # a game with spreadsheets

        found = column_hints(found, records, game)
    found.extend(duplicate_ids(cards))
    return CheckedCards(tuple(cards), tuple(flawed), found)


def load_card_set(
    root: Path, shown_root: str | None = None, *, max_copies: int | None = None
) -> tuple[CardSet | None, list[Diagnostic]]:
    """Load a game folder: its game.yaml and every card file below it.

    With ``max_copies``, a folder whose cards add up to more copies than that is refused
    (CK006) before any card is checked, and the card set is None. The values found clean by
    their schemas, and the YAML files read, are kept for the next run (``checked.py``,
    ``yamlkept.py``).
    """
    try:
        return _load_card_set(root, shown_root, max_copies=max_copies)
    finally:
        save_checks()
        save_read()


def _load_card_set(
    root: Path, shown_root: str | None, *, max_copies: int | None
) -> tuple[CardSet | None, list[Diagnostic]]:
    shown_root = shown_root or str(root)
    game, found = load_game(root, shown_root)
    if game is None:
        return None, found
    files, more = game_card_files(root, game)
    found += more
    shown_files: list[str] = []
    copies_read = 0
    names_read: set[str] = set()
    read: list[RawCard] = []
    for path in files:
        shown = f"{shown_root.rstrip('/')}/{path.relative_to(root).as_posix()}"
        shown_files.append(shown)
        if path.suffix.lower() in SHEET_SUFFIXES:
            from cardkit.load.spreadsheet import read_spreadsheet

            records: list[RawCard]
            records, problems = read_spreadsheet(path, shown, game)
        else:
            records, problems = _yaml_records(path, shown)
        found.extend(problems)
        read.extend(records)
        for raw, *_ in records:
            names_read.update(v for v in (raw.get("name"), raw.get("id")) if isinstance(v, str))
            count = raw.get("count", 1)
            valid_count = isinstance(count, int) and 1 <= count <= MAX_COPIES
            copies_read += count if valid_count else 1
    if max_copies is not None and copies_read > max_copies:
        return None, [
            error(
                "CK006",
                f"the cards add up to {copies_read:,} copies; one build prints at most "
                f"{max_copies:,}",
                Location(shown_root),
                hint="split the cards into several games, or lower their 'count'",
            )
        ]
    checked = check_cards(game, read)
    found.extend(checked.diagnostics)
    named = play_card_problems(game, [*checked.cards, *checked.flawed])
    if named:  # no setup to play: only 'sim' and 'validate' stop on it
        found.extend(named)
        game = replace(game, play=None, play_problems=(*game.play_problems, *named))
    found = _unique(found)
    if not files and not found:
        found.append(
            error(
                "CK003",
                "the game folder holds no card files",
                Location(shown_root),
                hint="add a .yaml, .csv or .xlsx file of cards next to game.yaml",
            )
        )
    found.sort(key=lambda d: d.sort_key)
    card_set = CardSet(
        game,
        checked.cards,
        tuple(shown_files),
        copies_read,
        frozenset(names_read),
        flawed=checked.flawed,
    )
    return card_set, found


def _unique(found: Iterable[Diagnostic]) -> list[Diagnostic]:
    """One diagnostic per place and problem: a bad default is reported once, not per card."""
    seen: set[tuple[str, str, str]] = set()
    result = []
    for diag in found:
        key = (str(diag.location), diag.code, diag.message)
        if key not in seen:
            seen.add(key)
            result.append(diag)
    return result


def duplicate_ids(cards: Iterable[Card]) -> list[Diagnostic]:
    first: dict[str, Card] = {}
    found = []
    for card in cards:
        if card.id in first:
            other = first[card.id]
            explicit = "id" in card.values and card.source.keys.get((*card.path, "id"))
            where = card.location("id" if explicit else "name")
            found.append(
                error(
                    "CK030",
                    f"card id {card.id!r} is already used by {other.name!r} at {other.location()}",
                    where,
                    card=card.id,
                    hint="give one of them a different name or an explicit 'id'",
                )
            )
        else:
            first[card.id] = card
    return found

"""`cardkit import`: a designer's spreadsheet (CSV or XLSX) into YAML card files."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.load.cards import check_cards
from cardkit.load.spreadsheet import read_spreadsheet
from cardkit.load.yamlsource import dump_yaml
from cardkit.model import Card, Game

_TOKEN = re.compile(r"\{([^{}]*)\}")
_SPACES = re.compile(r"[ \t]+")
_OR = re.compile(r"\s+OR\s+")


def plain_text(text: str) -> str:
    """Spreadsheet token form ('{Blob Ally}: {Gain 3 Combat}') as plain sentences."""
    lines = []
    for line in text.splitlines():
        line = _TOKEN.sub(lambda m: m.group(1).strip(), line)
        line = _OR.sub(" or ", _SPACES.sub(" ", line)).strip()
        if not line:
            continue
        if line[-1] not in ".!?:":
            line += "."
        lines.append(line)
    return "\n".join(lines)


def _ordered(card: Card, game: Game) -> dict[str, Any]:
    order = ["id", "name", "type", "faction", "deck"]
    order += [spec.name for spec in game.card_types[card.type].fields]
    order += ["count", "text", "flavor", "art", "tags", "suppress", "notes"]
    defaults = {spec.name: spec.default for spec in game.card_types[card.type].fields}
    result: dict[str, Any] = {}
    for key in order + sorted(card.values):
        value = card.values.get(key)
        if key in card.values and key not in result and defaults.get(key, ...) != value:
            result[key] = value
    if card.text:
        result["text"] = plain_text(card.text)
    if result.get("count") == 1:
        del result["count"]
    return result


def cards_yaml(cards: Iterable[Card], game: Game, source: str) -> str:
    body = {"cards": [_ordered(card, game) for card in cards]}
    header = f"# Imported from {source} by 'cardkit import'.\n"
    return header + dump_yaml(body)


@dataclass(frozen=True)
class Imported:
    """What importing a spreadsheet found: the cards of the rows without errors, in row order
    (sheet by sheet), every problem, and how many rows were left out for their errors."""

    cards: tuple[Card, ...]
    found: tuple[Diagnostic, ...]
    skipped: int

    @property
    def errors(self) -> bool:
        return _has_error(self.found)


def import_spreadsheet(
    path: Path, shown: str, game: Game, *, keep_going: bool = False
) -> tuple[str | None, list[Diagnostic]]:
    """The YAML text of the spreadsheet's cards, and every problem found; None when there
    are errors, unless ``keep_going`` (then the rows without errors, if there are any)."""
    imported = import_cards(path, shown, game)
    if imported.errors and not (keep_going and imported.cards):
        return None, list(imported.found)
    return cards_yaml(imported.cards, game, path.name), list(imported.found)


def import_cards(path: Path, shown: str, game: Game) -> Imported:
    """The spreadsheet's cards, checked: a row with an error (in one of its cells, or in the
    card it makes) gives no card."""
    records, found = read_spreadsheet(path, shown, game)
    checked = check_cards(game, records)
    found.extend(checked.diagnostics)
    # A row's cells may be reported while it is read (a formula without a saved result), its
    # card when it is checked: any error located on a row leaves its card out.
    bad_rows = {(d.location.path, d.location.line) for d in found if d.severity is Severity.ERROR}
    cards = []
    for card in checked.cards:
        at = card.source.at(card.path)
        if (at.path, at.line) not in bad_rows:
            cards.append(card)
    if _has_error(found):
        found.sort(key=lambda d: d.sort_key)
    return Imported(tuple(cards), tuple(found), len(records) - len(cards))


def _has_error(found: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in found)

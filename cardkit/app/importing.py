"""`cardkit import`: a designer's spreadsheet (CSV or XLSX) into YAML card files."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic
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


def import_cards(path: Path, shown: str, game: Game) -> tuple[list[Card] | None, list[Diagnostic]]:
    """The spreadsheet's cards, checked, in row order (sheet by sheet), or None and every
    problem found."""
    records, found = read_spreadsheet(path, shown, game)
    checked = check_cards(game, records)
    cards = list(checked.cards)
    found.extend(checked.diagnostics)
    if any(d.severity.value == "error" for d in found):
        return None, sorted(found, key=lambda d: d.sort_key)
    return cards, found

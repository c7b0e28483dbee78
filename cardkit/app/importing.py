"""`cardkit import`: a designer's spreadsheet (CSV or XLSX) into YAML card files.

``import_spreadsheet`` reads the spreadsheet's cards as the game folder's column mapping says,
checks them, and makes their YAML; ``SpreadsheetImport.write`` writes it to a file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardkit import transaction
from cardkit.diagnostics import Diagnostic, Location, Severity, error, warning
from cardkit.errors import OutputExistsError
from cardkit.load.cards import check_cards, game_card_files
from cardkit.load.game import load_game
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


@dataclass(frozen=True, slots=True, kw_only=True)
class SpreadsheetImport:
    """The cards of a spreadsheet and their YAML (``text``), or None and why: every problem
    found, in the order to tell them. ``read``: whether the spreadsheet was read at all (it
    is not when it or the game folder cannot be used); ``skipped``: the rows left out for
    their errors (with ``keep_going``)."""

    spreadsheet: str
    game_folder: str
    game: Game | None = None
    cards: tuple[Card, ...] = ()
    text: str | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    read: bool = False
    skipped: int = 0

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    def write(self, output: str | Path, *, force: bool = False) -> tuple[bool, list[Diagnostic]]:
        """Write the YAML to ``output``: whether it was written, and CK007 when a file is in
        the way (and not ``force``), or CK044 when the game now reads the cards twice.
        Raises OutputError (CK005) when the file cannot be written."""
        if self.text is None or self.game is None:
            raise ValueError("nothing to write: the spreadsheet was not imported")
        shown = str(output)
        try:
            with transaction.output_transaction(Path(output).parent):
                transaction.write(Path(output), self.text, overwrite=force)
        except OutputExistsError:  # made since it was looked for
            return False, [_exists(shown)]
        return True, self._twice(shown, self.game)

    def _twice(self, output: str, game: Game) -> list[Diagnostic]:
        """CK044 when the game reads both the spreadsheet and the YAML written from it."""
        files, _ = game_card_files(Path(self.game_folder), game)
        read = {path.resolve() for path in files}
        if not {Path(self.spreadsheet).resolve(), Path(output).resolve()} <= read:
            return []
        return [
            warning(
                "CK044",
                f"the cards of {self.spreadsheet!r} are now in the game twice: game folder "
                f"{self.game_folder!r} reads the spreadsheet as cards, and {output!r} as well",
                Location(self.spreadsheet),
                hint="move the spreadsheet out of the game folder (then only import reads "
                "it), or delete one of the two copies",
            )
        ]


def import_spreadsheet(
    spreadsheet: str | Path,
    *,
    game: str | Path,
    output: str | Path | None = None,
    force: bool = False,
    keep_going: bool = False,
) -> SpreadsheetImport:
    """Read a spreadsheet's cards with the column mapping of the game folder ``game`` and
    make their YAML, or say every reason why not.

    ``output``: the file the YAML is to be written to, refused (CK007) when a file is there
    already and not ``force``; None when the YAML goes elsewhere. ``keep_going``: make the
    YAML of the rows without errors (if there are any) even when other rows have errors.
    """
    shown, folder = str(spreadsheet), str(game)
    source = Path(spreadsheet)
    found = []
    if not source.is_file():
        what = "a folder, not a spreadsheet" if source.is_dir() else "no such spreadsheet"
        found.append(
            error(
                "CK001",
                f"{what}: {shown!r}",
                Location(shown),
                hint="give a .csv or .xlsx file, one card per row",
            )
        )
    loaded, problems = load_game(Path(game), folder)
    if loaded is None:
        found.extend(problems)
    refused = SpreadsheetImport(spreadsheet=shown, game_folder=folder, game=loaded)
    if loaded is None or found:
        return replace(refused, diagnostics=(*_in_the_way(output, force), *found))
    imported = import_cards(source, shown, loaded)
    in_the_way = _in_the_way(output, force)
    kept = keep_going and bool(imported.cards)
    if (imported.errors and not kept) or in_the_way:
        skipped = imported.skipped if keep_going and not in_the_way else 0
        diagnostics = (*in_the_way, *imported.found)
        return replace(refused, diagnostics=diagnostics, read=True, skipped=skipped)
    return replace(
        refused,
        cards=imported.cards,
        text=cards_yaml(imported.cards, loaded, source.name),
        diagnostics=imported.found,
        read=True,
        skipped=imported.skipped,
    )


def _in_the_way(output: str | Path | None, force: bool) -> list[Diagnostic]:
    """CK007 when ``output`` names a file that is there already and not ``force``."""
    if output is None or force or Path(output).is_dir():  # a folder: CK005 says why
        return []
    if not (Path(output).exists() or Path(output).is_symlink()):
        return []
    return [_exists(str(output))]


def _exists(shown: str) -> Diagnostic:
    return error(
        "CK007",
        f"output file {shown!r} already exists",
        Location(shown),
        hint="give --force to replace it, or choose another file with -o",
    )


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

"""Cards a designer adds to a simulation (``cardkit sim --add FILE_OR_DIR``).

Added files are read and checked like the game's own card files, against the same game; a
card whose id the game already has is reported (CK030), since it would be ambiguous which one
a report means.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.load.cards import SHEET_SUFFIXES, CardChecker, _yaml_records, card_files, duplicate_ids
from cardkit.load.spreadsheet import RawCard, read_spreadsheet
from cardkit.model import Card, CardSet


def _files(path: Path, shown: str) -> tuple[list[tuple[Path, str]], list[Diagnostic]]:
    if path.is_dir():
        files, problems = card_files(path)
        base = shown.rstrip("/")
        return [(f, f"{base}/{f.relative_to(path).as_posix()}") for f in files], problems
    if path.is_file():
        return [(path, shown)], []
    return [], [error("CK001", f"no such card file or folder: {shown!r}", Location(shown))]


def load_added(card_set: CardSet, paths: Sequence[str]) -> tuple[list[Card], list[Diagnostic]]:
    """The cards of ``paths`` (files or folders), checked against ``card_set``'s game."""
    checker = CardChecker(card_set.game)
    cards: list[Card] = []
    found: list[Diagnostic] = []
    for shown_path in paths:
        files, problems = _files(Path(shown_path), shown_path)
        found.extend(problems)
        for path, shown in files:
            records: list[RawCard]
            if path.suffix.lower() in SHEET_SUFFIXES:
                records, problems = read_spreadsheet(path, shown, card_set.game)
            else:
                records, problems = _yaml_records(path, shown)
            found.extend(problems)
            for raw, source, where, unreadable in records:
                card, problems = checker.check(raw, source, where, unreadable=unreadable)
                found.extend(problems)
                if card is not None:
                    cards.append(card)
    if not cards and not found:
        found.append(error("CK003", "the added files hold no cards", Location(", ".join(paths))))
    clashes = duplicate_ids([*card_set.cards, *cards])
    found.extend(clashes)
    return cards, sorted(found, key=lambda d: d.sort_key)

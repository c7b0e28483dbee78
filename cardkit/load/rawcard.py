"""One card's fields as written, before they are checked, from a YAML file or a spreadsheet row.

Apart from ``spreadsheet.py`` so that loading a game of YAML files does not import the
spreadsheet readers.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from cardkit.diagnostics import PathKey, SourceMap


class RawCard(NamedTuple):
    """One card's fields as written, before checking, and where they were written."""

    values: dict[str, Any]
    source: SourceMap
    path: PathKey
    # Fields whose cells could not be read; already reported, so not "missing" as well.
    unreadable: frozenset[str] = frozenset()


_SHEET_PATH = re.compile(r"\.(csv|xlsx)(\[[^\]]*\])?$", re.IGNORECASE)  # cards.xlsx[Bases]


def from_sheet(record: RawCard) -> bool:
    """Whether ``record`` is a spreadsheet's row (``cards.xlsx[Bases]``, ``cards.csv``)."""
    return _SHEET_PATH.search(record.source.path) is not None

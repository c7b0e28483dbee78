"""Where the data folders that ship with cardkit (schemas/, templates/) are found.

The top-level folders of the source tree are the source of truth; a wheel carries
copies inside the package (see pyproject.toml), which win when present.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``schemas`` or ``templates``), installed or in the source tree."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cardkit's {name}/ folder is missing from this installation")

"""What a kept reading of rules text is made by: the hash of the source files that make it.

Shared by the kept parses (``kept.py``) and the kept printed lines (``printed.py``); it
imports neither a parser nor the effect classes, so that a run that finds what it needs kept
imports neither.
"""

from __future__ import annotations

import hashlib
import importlib.util
from functools import cache
from pathlib import Path

import cardkit

SOURCES = (
    "rules",
    "effects",
    "markup.py",
    "inflect.py",
    "errors.py",
    "model.py",
)
"""What the parse of a line is made by, under ``cardkit/``: hashed into the key."""


def sources_digest(root: Path) -> str:
    """A hash of the source files that make a parse (``root`` is the cardkit package's
    folder), and of lark's version file."""
    digest = hashlib.sha256()
    for name in SOURCES:
        path = root / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for each in files:
            if each.suffix in (".py", ".lark") and each.is_file():
                digest.update(f"{each.relative_to(root).as_posix()}\0".encode())
                digest.update(each.read_bytes())
    lark = importlib.util.find_spec("lark")
    if lark is not None and lark.origin:
        digest.update(Path(lark.origin).read_bytes())  # holds lark's __version__
    return digest.hexdigest()


@cache
def our_sources() -> str:
    """``sources_digest`` of the cardkit that runs."""
    return sources_digest(Path(cardkit.__file__).parent)

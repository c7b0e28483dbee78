"""What a drawn card depends on, as hashes: the cache keys of image exports.

A card's image changes when its data changes, or when anything the drawing reads changes:
the game's declarations (game.yaml), the game's other files (art, icons, fonts, layouts),
cardkit's drawing code and shipped templates, and the libraries that draw and rasterise.
``drawing_fingerprint`` hashes all of those but the card data once per build;
``key_of(fingerprint, card_data(card), options...)`` adds one card's data and the options.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import reportlab

from cardkit.cardload import SHEET_SUFFIXES, YAML_SUFFIXES
from cardkit.model import Card, Game
from cardkit.render.raster import RENDERER
from cardkit.resources import data_dir

_RENDER_CODE = Path(__file__).resolve().parent
_CARD_DATA = {*YAML_SUFFIXES, *SHEET_SUFFIXES}


def _update(digest: Any, *parts: bytes | str) -> None:
    """Feed ``parts`` to ``digest``, each length-prefixed so that no two inputs collide."""
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)


def _files(folder: Path, skip: Path | None) -> Iterable[Path]:
    """Every file below ``folder`` in a stable order, but hidden ones and those under ``skip``."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        if skip is not None and path.resolve().is_relative_to(skip):
            continue
        yield path


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def drawing_fingerprint(game: Game, *, output: Path | None = None) -> str:
    """A hash of everything but the card data that the drawing of ``game``'s cards reads.

    ``output`` (the export folder, which may lie inside the game folder) is left out.
    """
    skip = output.resolve() if output is not None else None
    digest = hashlib.sha256()
    _update(digest, RENDERER, f"reportlab {reportlab.Version}", _json(game.data))
    for path in _files(game.root, skip):
        if path.suffix.lower() not in _CARD_DATA:
            _update(digest, "game", path.relative_to(game.root).as_posix(), path.read_bytes())
    for path in sorted(_RENDER_CODE.glob("*.py")):
        _update(digest, "code", path.name, path.read_bytes())
    try:
        templates = data_dir("templates")
    except FileNotFoundError:
        templates = None
    if templates is not None:
        for path in _files(templates, skip):
            _update(digest, "template", path.relative_to(templates).as_posix(), path.read_bytes())
    return digest.hexdigest()


def card_data(card: Card) -> str:
    """Everything a card's front is drawn from, as canonical text (not its count)."""
    fields = {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "factions": list(card.factions),
        "deck": card.deck,
        "text": card.text,
        "values": card.values,
    }
    return _json(fields)


def key_of(*parts: str) -> str:
    """A cache key: the hash of ``parts`` (a fingerprint, card data, options...)."""
    digest = hashlib.sha256()
    _update(digest, *parts)
    return digest.hexdigest()

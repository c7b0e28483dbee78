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
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import reportlab

from cardkit.export.raster import RENDERER
from cardkit.load.cards import NOT_CARDS, SHEET_SUFFIXES, YAML_SUFFIXES
from cardkit.load.game import GAME_FILE
from cardkit.model import Card, FieldValue, Game
from cardkit.package_data import data_dir

# The code a card's picture comes from: the drawing (cardkit/render: faces, layouts, fonts),
# the reading of its rules text (icons go where the parse says) and the exports (rasterising).
_DRAWING_CODE = tuple(
    Path(__file__).resolve().parent.parent / name
    for name in ("export", "render", "rules", "effects", "markup.py", "model.py", "inflect.py")
)
_CARD_DATA = {*YAML_SUFFIXES, *SHEET_SUFFIXES}
_MADE_FROM_SOURCES = (".pyc", ".so", ".pyd")


def _update(digest: Any, *parts: bytes | str) -> None:
    """Feed ``parts`` to ``digest``, each length-prefixed so that no two inputs collide."""
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)


# Past this size a file is known by its size and time, not read: nothing cardkit draws from is
# larger (pictures stop at 64 MB, card files at 20 MB).
MAX_HASHED = 64 * 1024 * 1024


# What an export writes inside its output folder; never drawn from (nor are PDFs).
_OUTPUT_FOLDERS = ("png", "tts", "reference-icons")


def _skipped(game_root: Path, output: Path | None) -> tuple[Path, ...]:
    """The folders the fingerprint leaves out: the output folder, or, when the output folder
    holds the game folder (``-o`` the game itself or a parent), only what exports write there."""
    if output is None:
        return ()
    out = output.resolve()
    if game_root.resolve().is_relative_to(out):
        return tuple(out / name for name in _OUTPUT_FOLDERS)
    return (out,)


def _files(folder: Path, skip: tuple[Path, ...] = ()) -> Iterable[Path]:
    """Every file below ``folder`` in a stable order, but hidden ones, PDFs, those under
    ``skip`` and links that lead outside ``folder``."""
    inside = folder.resolve()
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        real = path.resolve()
        if not real.is_relative_to(inside):
            continue
        if path.suffix.lower() == ".pdf" or any(real.is_relative_to(s) for s in skip):
            continue
        yield path


def _content(path: Path) -> bytes:
    """What stands for a file in a hash: its bytes; for a huge or unreadable file, what
    ``stat`` says of it (a change still changes the key)."""
    try:
        found = path.stat()
        if found.st_size <= MAX_HASHED:
            return path.read_bytes()
        return f"{found.st_size} bytes, changed {found.st_mtime_ns}".encode()
    except OSError as exc:
        return f"unreadable: {exc.strerror}".encode()


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _strings(value: FieldValue) -> Iterable[str]:
    """Every string inside a card value (lists and objects included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def own_files(game: Game, card: Card) -> list[str]:
    """The files of the game folder that ``card``'s values name (its art), as relative paths;
    files game.yaml names too (back images, icons) are the game's, not the card's."""
    root = game.root.resolve()
    declared = (game.root / GAME_FILE).read_text(encoding="utf-8", errors="replace")
    found: set[str] = set()
    for text in _strings(card.values):
        if len(text) > 300 or "\x00" in text or text in declared:
            continue
        path = (root / text).resolve()
        if path.is_relative_to(root) and path.is_file():
            found.add(path.relative_to(root).as_posix())
    return sorted(found)


def drawing_fingerprint(
    game: Game, *, cards: Sequence[Card] = (), output: Path | None = None
) -> str:
    """A hash of everything but the card data that the drawing of ``game``'s cards reads.

    Files that ``cards`` name as their own (see ``own_files``) are left out, as is
    ``output`` (the export folder, which may lie inside the game folder): ``card_data``
    hashes a card's own files with its data, so new art redraws only its card.
    """
    skip = _skipped(game.root, output)
    owned = {name for card in cards for name in own_files(game, card)}
    digest = hashlib.sha256()
    _update(digest, RENDERER, f"reportlab {reportlab.Version}")
    for path in _files(game.root, skip):
        name = path.relative_to(game.root).as_posix()
        cards_file = path.suffix.lower() in _CARD_DATA and name != GAME_FILE
        if cards_file and name.split("/")[0] in NOT_CARDS and "/" in name:
            cards_file = False  # a layout file (layouts/*.yaml) draws every card of its type
        if not cards_file and name not in owned:
            _update(digest, "game", name, _content(path))
    for code in _DRAWING_CODE:  # the drawing code and its data (fonts)
        for path in _files(code) if code.is_dir() else [code]:
            # the sources, not what Python or mypyc made of them: an install (compiled) and a
            # checkout of the same code give the same key
            if "__pycache__" not in path.parts and path.suffix not in _MADE_FROM_SOURCES:
                shown = path.relative_to(code.parent).as_posix()
                _update(digest, "code", shown, path.read_bytes())
    try:
        templates = data_dir("templates")
    except FileNotFoundError:
        templates = None
    if templates is not None:
        # the live preview's web pages draw no card
        for path in _files(templates, (*skip, (templates / "serve").resolve())):
            _update(digest, "template", path.relative_to(templates).as_posix(), path.read_bytes())
    return digest.hexdigest()


def card_data(game: Game, card: Card) -> str:
    """Everything a card's front is drawn from, as canonical text: its data (not its count)
    and the hashes of its own files."""
    files = {
        name: hashlib.sha256(_content(game.root / name)).hexdigest()
        for name in own_files(game, card)
    }
    fields = {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "factions": list(card.factions),
        "deck": card.deck,
        "text": card.text,
        "values": card.values,
        "files": files,
    }
    return _json(fields)


def key_of(*parts: str) -> str:
    """A cache key: the hash of ``parts`` (a fingerprint, card data, options...)."""
    digest = hashlib.sha256()
    _update(digest, *parts)
    return digest.hexdigest()

"""The art placeholder: a pattern in the frame's colours, fixed by the card id.

A pattern is many small shapes (about an eighth of a warm Star Realms build went into drawing
them), and it is the same for the same card at the same place in every run, so the drawing
operators each writes are kept between runs (``KeptArt``) and written again as they are.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfgen.canvas import Canvas

from cardkit.cachedir import PerFolder, read_kept, write_kept
from cardkit.render.colour import BLACK, WHITE, Rgb
from cardkit.render.impose import Box
from cardkit.render.units import mm


def hash_stream(card_id: str) -> Iterator[float]:
    """Endless numbers in [0, 1) derived from the card id: the same card, the same pattern."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{block}:{card_id}".encode()).digest()
        for i in range(0, len(digest), 2):
            yield int.from_bytes(digest[i : i + 2], "big") / 65536
        block += 1


def art_shades(frame: Rgb) -> tuple[Rgb, Rgb, Rgb]:
    """Light, middle and dark tints of a frame colour for the art placeholder.

    Tints of a pale colour towards white all look alike, so pale frames shade towards black.
    """
    if frame.luminance > 0.45:
        return frame.mix(WHITE, 0.45), frame.mix(BLACK, 0.06), frame.mix(BLACK, 0.16)
    return frame.mix(WHITE, 0.72), frame.mix(WHITE, 0.58), frame.mix(WHITE, 0.45)


def _fill(c: Canvas, colour: Rgb) -> None:
    c.setFillColorRGB(colour.r, colour.g, colour.b)


def draw_placeholder(c: Canvas, card_id: str, box: Box, frame: Rgb) -> None:
    """Fill ``box`` (already clipped by the caller, between ``saveState`` and
    ``restoreState``) with the card's pattern: the operators drawn for it in an earlier run
    when they are kept, else drawn (and kept)."""
    code: list[str] = c._code  # type: ignore[attr-defined]  # reportlab's operators so far
    fill_mode: Any = c._fillMode  # type: ignore[attr-defined]
    store = _KEPT.current()
    key = json.dumps([card_id, box.x, box.y, box.w, box.h, frame.r, frame.g, frame.b, fill_mode])
    kept = store.get(key)
    if kept is not None:
        code.append(kept)
        return
    start = len(code)
    _draw(c, card_id, box, frame)
    if store.room():
        store.put(key, "\n".join(code[start:]))


def _draw(c: Canvas, card_id: str, box: Box, frame: Rgb) -> None:
    numbers = hash_stream(card_id)
    light, mid, dark = art_shades(frame)
    _fill(c, light)
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    kind = int(next(numbers) * 4)
    if kind == 0:  # rings around a point
        cx, cy = box.x + box.w * next(numbers), box.y + box.h * next(numbers)
        step = mm(3) + mm(3) * next(numbers)
        radius = (box.w**2 + box.h**2) ** 0.5
        ring = 0
        while radius > 0:
            _fill(c, dark if ring % 2 == 0 else light)
            c.circle(cx, cy, radius, stroke=0, fill=1)
            radius -= step
            ring += 1
    elif kind == 1:  # diagonal stripes
        step = mm(2.5) + mm(3) * next(numbers)
        slope = 0.4 + 1.2 * next(numbers)
        _fill(c, dark)
        x = box.x - box.h * slope
        while x < box.right:
            path = c.beginPath()
            path.moveTo(x, box.y)
            path.lineTo(x + step / 2, box.y)
            path.lineTo(x + step / 2 + box.h * slope, box.top)
            path.lineTo(x + box.h * slope, box.top)
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            x += step
    elif kind == 2:  # scattered discs of two shades
        for i in range(14):
            _fill(c, dark if i % 3 == 0 else mid)
            r = mm(2) + mm(7) * next(numbers)
            c.circle(box.x + box.w * next(numbers), box.y + box.h * next(numbers), r, 0, 1)
    else:  # a mosaic of triangles
        size = mm(6) + mm(4) * next(numbers)
        shades = (light, mid, dark)
        row = 0
        y = box.y
        while y < box.top:
            x = box.x - (size / 2 if row % 2 else 0.0)
            while x < box.right:
                for up in (True, False):
                    _fill(c, shades[int(next(numbers) * 3)])
                    path = c.beginPath()
                    if up:
                        path.moveTo(x, y)
                        path.lineTo(x + size, y)
                        path.lineTo(x + size / 2, y + size)
                    else:
                        path.moveTo(x + size / 2, y + size)
                        path.lineTo(x + size * 1.5, y + size)
                        path.lineTo(x + size, y)
                    path.close()
                    c.drawPath(path, stroke=0, fill=1)
                x += size
            y += size
            row += 1


# -- the patterns kept between runs ------------------------------------------------------------

FORMAT = 1
"""The version of the kept file's layout; part of the key."""

MAX_KEPT = 2_000_000
"""Characters of operators kept at most (the file is read at every run): past it, patterns
are drawn each time."""

_OPERATORS = re.compile(r"[-0-9. a-zA-Z*\n]*")  # numbers and operators ('f*'): no string,
# name, array or dictionary
_HERE = Path(__file__).resolve().parent


def _file_key() -> str:
    """The key of the kept patterns: this file's format, Python's and reportlab's versions
    (reportlab writes the operators) and the source of the code that draws them."""
    digest = hashlib.sha256(f"{FORMAT}\n{sys.version_info[:2]}\n{reportlab.Version}\n".encode())
    for name in ("placeholder.py", "colour.py", "units.py"):
        digest.update(f"{name}\0".encode())
        digest.update((_HERE / name).read_bytes())
    return digest.hexdigest()


class KeptArt:
    """The operators of the patterns drawn in earlier runs, by card, box, colour and fill
    rule, and those drawn in this one: one JSON file per key in the user's private cache
    folder, read only when safe (``cachedir.py``); an entry that is anything but numbers and
    operators is not used."""

    def __init__(self, folder: Path | None) -> None:
        self.key = _file_key() if folder is not None else ""
        self.path = folder / f"art-placeholders-{self.key[:32]}.json" if folder else None
        self.kept: dict[str, Any] = {}
        self.new: dict[str, str] = {}
        self.size = 0
        data = read_kept(self.path)  # None: none, unsafe, cut short or not JSON
        if type(data) is dict and data.get("format") == FORMAT and data.get("key") == self.key:
            patterns = data.get("patterns")
            if type(patterns) is dict:
                self.kept = patterns
                self.size = sum(len(v) for v in patterns.values() if type(v) is str)

    def get(self, key: str) -> str | None:
        """The operators kept for ``key``; None when none (or not only operators)."""
        found = self.kept.get(key)
        if type(found) is not str or _OPERATORS.fullmatch(found) is None:
            return None
        return found

    def room(self) -> bool:
        """Whether more patterns may be kept."""
        return self.path is not None and self.size < MAX_KEPT

    def put(self, key: str, operators: str) -> None:
        """Keep ``operators`` for ``key`` while the kept ones stay under ``MAX_KEPT``."""
        if self.path is None or self.size + len(operators) > MAX_KEPT:
            return
        self.new[key] = operators
        self.kept[key] = operators
        self.size += len(operators)

    def save(self) -> None:
        """Write the patterns drawn since the file was read into it (nothing when there are
        none, or no safe place); a failure to write keeps nothing and says nothing."""
        if not self.new or self.path is None:
            return
        data = {"format": FORMAT, "key": self.key, "patterns": self.kept}
        self.new = {}
        write_kept(self.path, json.dumps(data, ensure_ascii=True, separators=(",", ":")))


_KEPT = PerFolder(KeptArt)


def save_placeholders() -> None:
    """Write the patterns drawn in this process to the cache folder."""
    for kept in _KEPT.made():
        kept.save()

"""Pictures from the game folder (card art, icons): confined paths, safe decoding with Pillow
(PNG, JPEG) or svglib (SVG, see ``vector``).

A path is relative to the game folder; absolute paths, '..' and links that lead outside the
folder are refused. Pillow's decompression-bomb limit is on (``MAX_PIXELS``), and a truncated
or unreadable file is a diagnostic, never a traceback. Large art is scaled down once, here,
so the PDF holds it at print resolution and no bigger.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from PIL import Image, UnidentifiedImageError

from cardkit.diagnostics import Diagnostic, Location, error, warning

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

MAX_PIXELS = 50_000_000  # about 7000 x 7000: more is refused as a possible decompression bomb
MAX_BYTES = 64 * 1024 * 1024  # a picture file larger than this is refused unread
MAX_SIDE = 1600  # pixels: art for a tarot card at 300 dpi; larger pictures are scaled down
FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


@dataclass(frozen=True, slots=True)
class Picture:
    """A decoded picture: RGB or RGBA pixels, and a fingerprint of the file it came from."""

    path: str  # as the game data wrote it
    file: Path  # where it is, resolved (inside the game folder)
    image: Image.Image | None  # pixels; None for an SVG picture
    digest: str  # of the file's bytes, to tell two versions of a file apart
    drawing: Drawing | None = None  # an SVG picture, drawn as vectors
    svg: bytes | None = None  # an SVG picture's bytes, as they were checked

    @property
    def size(self) -> tuple[float, float]:
        if self.drawing is not None:
            return float(self.drawing.width), float(self.drawing.height)
        assert self.image is not None
        return self.image.size

    @property
    def source(self) -> str:
        """The file, for reportlab markup (``<img src=...>``), escaped for an attribute."""
        return escape(str(self.file), {'"': "&quot;"})


def confine(root: Path, relative: str) -> Path | str:
    """The file ``relative`` names inside ``root``, or why it is refused."""
    if not relative or "\x00" in relative:
        return "is empty"
    pure = PurePosixPath(relative.replace("\\", "/"))
    if pure.is_absolute() or relative.startswith(("/", "\\")) or ":" in relative:
        return "is absolute; give a path inside the game folder"
    if ".." in pure.parts:
        return "leaves the game folder ('..')"
    path = root.joinpath(*pure.parts)
    try:
        real = path.resolve()
        inside = real.is_relative_to(root.resolve())
    except (OSError, RuntimeError):
        return "cannot be resolved"
    if not inside:
        return "is a link that leads outside the game folder"
    return path


def load_picture(
    root: Path, relative: str, where: Location, *, what: str, card: str | None = None
) -> tuple[Picture | None, list[Diagnostic]]:
    """Decode the picture at ``relative`` (inside ``root``); None and a diagnostic if it fails.

    A refused path is an error (CK212); a missing or broken file is a warning (CK213): the
    card is drawn without it (art gets its placeholder), so a proof can be printed before
    every picture is done.
    """
    path = confine(root, relative)
    if isinstance(path, str):
        return None, [
            error(
                "CK212",
                f"{what} path {relative!r} {path}",
                where,
                card=card,
                hint="write a path relative to the game folder, e.g. 'art/hero.png'",
            )
        ]

    def bad(problem: str, hint: str | None = None) -> tuple[None, list[Diagnostic]]:
        found = warning("CK213", f"{what} {relative!r} {problem}", where, card=card, hint=hint)
        return None, [found]

    if not path.is_file():
        return bad("does not exist", "check the spelling; paths are relative to the game folder")
    size = path.stat().st_size
    if size > MAX_BYTES:
        return bad(f"is {size:,} bytes; the limit is {MAX_BYTES:,}", "save it smaller")
    if path.suffix.lower() == ".svg":
        from cardkit.render.vector import load_svg  # reportlab, only when a game has SVG

        data = path.read_bytes()
        drawing = load_svg(path, root, data)
        if isinstance(drawing, str):
            return bad(drawing)
        digest = hashlib.sha1(data, usedforsecurity=False).hexdigest()
        return Picture(relative, path.resolve(), None, digest, drawing, data), []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            data = path.read_bytes()
            with Image.open(io.BytesIO(data)) as opened:
                if opened.format not in FORMATS:
                    return bad(f"is a {opened.format} image; use PNG, JPEG or SVG")
                width, height = opened.size
                if width * height > MAX_PIXELS:
                    return bad(f"has {width} x {height} pixels; the limit is {MAX_PIXELS:,}")
                opened.load()
                image = _normalised(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return bad(f"has more than {MAX_PIXELS:,} pixels (a decompression bomb?)")
    except UnidentifiedImageError:
        return bad("is not a picture Pillow can read", "save it as PNG or JPEG")
    except (OSError, SyntaxError, ValueError) as exc:
        return bad(f"cannot be decoded: {str(exc).lower() or type(exc).__name__}", "save it again")
    digest = hashlib.sha1(data, usedforsecurity=False).hexdigest()
    return Picture(relative, path.resolve(), image, digest), []


def _normalised(image: Image.Image) -> Image.Image:
    """RGB or RGBA pixels, at most ``MAX_SIDE`` pixels a side."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    converted = image.convert("RGBA" if has_alpha else "RGB")
    if max(converted.size) > MAX_SIDE:
        scale = MAX_SIDE / max(converted.size)
        target = (max(1, round(converted.width * scale)), max(1, round(converted.height * scale)))
        converted = converted.resize(target, Image.Resampling.LANCZOS)
    return converted

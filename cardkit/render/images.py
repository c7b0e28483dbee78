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
from html import escape
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from PIL import Image, UnidentifiedImageError

from cardkit.diagnostics import Diagnostic, Location, error, warning
from cardkit.errors import CardkitError

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

MAX_PIXELS = 50_000_000  # about 7000 x 7000: more is refused as a possible decompression bomb
MAX_BYTES = 64 * 1024 * 1024  # a picture file larger than this is refused unread
MAX_SIDE = 1600  # pixels: art for a tarot card at 300 dpi; larger pictures are scaled down
FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


@dataclass(frozen=True, slots=True)
class Picture:
    """A decoded picture: RGB or RGBA pixels, and a fingerprint of the file it came from.

    Card art is not kept decoded (a game of 10,000 cards would hold every picture in memory):
    it is checked when loaded, and ``pixels()`` decodes it again when it is drawn, from the
    same bytes (``digest``)."""

    path: str  # as the game data wrote it
    file: Path  # where it is, resolved (inside the game folder)
    image: Image.Image | None  # pixels kept; None for an SVG picture or art not kept
    digest: str  # of the file's bytes, to tell two versions of a file apart
    drawing: Drawing | None = None  # an SVG picture, drawn as vectors
    svg: bytes | None = None  # an SVG picture's bytes, as they were checked
    pixel_size: tuple[int, int] = (0, 0)  # of the pixels, kept or not

    @property
    def size(self) -> tuple[float, float]:
        if self.drawing is not None:
            return float(self.drawing.width), float(self.drawing.height)
        return self.pixel_size

    def pixels(self) -> Image.Image:
        """The decoded pixels (RGB or RGBA): kept, or decoded again from the file; a file
        that changed since it was checked is a ``PictureChangedError``."""
        if self.image is not None:
            return self.image
        try:
            data = self.file.read_bytes()
        except OSError as exc:
            raise PictureChangedError(self.path, "cannot be read any more") from exc
        if hashlib.sha1(data, usedforsecurity=False).hexdigest() != self.digest:
            raise PictureChangedError(self.path, "changed while it was being drawn")
        decoded = _decode(data)
        if isinstance(decoded, str):  # the same bytes decoded before: not expected
            raise PictureChangedError(self.path, decoded)
        return decoded

    @property
    def source(self) -> str:
        """The file, for reportlab markup (``<img src=...>``), escaped for an attribute."""
        return escape(str(self.file), quote=False).replace('"', "&quot;")


class PictureChangedError(CardkitError):
    """A picture file that changed between its check and its drawing."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"picture {path!r} {problem}; run the command again")


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
    root: Path,
    relative: str,
    where: Location,
    *,
    what: str,
    card: str | None = None,
    keep: bool = True,
) -> tuple[Picture | None, list[Diagnostic]]:
    """Decode the picture at ``relative`` (inside ``root``); None and a diagnostic if it fails.

    A refused path is an error (CK212); a missing or broken file is a warning (CK213): the
    card is drawn without it (art gets its placeholder), so a proof can be printed before
    every picture is done. Unless ``keep``, the pixels are checked and let go (``pixels()``
    decodes them again).
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
        data = path.read_bytes()
    except OSError as exc:
        return bad(f"{_UNDECODED}{str(exc).lower() or type(exc).__name__}", "save it again")
    image = _decode(data)
    if isinstance(image, str):
        return bad(image, _hint(image))
    digest = hashlib.sha1(data, usedforsecurity=False).hexdigest()
    kept = image if keep else None
    return Picture(relative, path.resolve(), kept, digest, pixel_size=image.size), []


_NOT_READABLE = "is not a picture Pillow can read"
_UNDECODED = "cannot be decoded: "


def _hint(problem: str) -> str | None:
    if problem == _NOT_READABLE:
        return "save it as PNG or JPEG"
    return "save it again" if problem.startswith(_UNDECODED) else None


def _decode(data: bytes) -> Image.Image | str:
    """The pixels of a picture file's bytes, normalised; or what is wrong with them."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                if opened.format not in FORMATS:
                    return f"is a {opened.format} image; use PNG, JPEG or SVG"
                width, height = opened.size
                if width * height > MAX_PIXELS:
                    return f"has {width} x {height} pixels; the limit is {MAX_PIXELS:,}"
                opened.load()
                return _normalised(opened)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"has more than {MAX_PIXELS:,} pixels (a decompression bomb?)"
    except UnidentifiedImageError:
        return _NOT_READABLE
    except (OSError, SyntaxError, ValueError) as exc:
        return f"{_UNDECODED}{str(exc).lower() or type(exc).__name__}"


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

"""SVG pictures (icons, art) read with svglib into reportlab drawings, safely.

SVG is XML, and XML can reach outside the file: entities (including the 'billion laughs'
bomb), external DTDs, and links to other files or URLs. A file that declares a DOCTYPE or
an ENTITY is refused before parsing; svglib parses without resolving entities, and only
follows links to files inside the game folder. No network access is ever made.
"""

from __future__ import annotations

import logging
import math
import re
from pathlib import Path

from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from cardkit.render.fontnames import FONT

_DECLARATIONS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_EXTERNAL = re.compile(rb"""(?:xlink:)?href\s*=\s*["']\s*(?!#|data:)""", re.IGNORECASE)
_USE = re.compile(rb"<\s*(?:[\w.-]+:)?use\b", re.IGNORECASE)
# svglib copies what each <use> points at: the work is about (elements x uses). A picture
# past this bound is refused before it is parsed.
MAX_SVG_WORK = 200_000
# A picture's side, in points, must lie between these (a hair and about 35 metres).
MIN_SIDE, MAX_SIDE = 1e-3, 1e5


def load_svg(path: Path, root: Path, data: bytes) -> Drawing | str:
    """The drawing in the SVG ``data`` read from ``path``, or why it is refused."""
    if _DECLARATIONS.search(data):
        return "declares a DOCTYPE or ENTITY, which SVG pictures may not (they can reach outside)"
    if _EXTERNAL.search(data):
        return "links to another file or address; an icon must be self-contained"
    uses = len(_USE.findall(data))
    elements = data.count(b"<")
    if uses * elements > MAX_SVG_WORK:
        return (
            f"has {uses:,} <use> copies of up to {elements:,} elements; "
            f"the limit is {MAX_SVG_WORK:,} copied elements"
        )
    quiet = logging.getLogger("svglib.svglib")
    level = quiet.level
    # svglib logs every unsupported attribute and every skipped <use>: none of it may reach
    # the terminal as an uncoded line.
    quiet.setLevel(logging.CRITICAL + 1)
    try:
        drawing = svg2rlg(str(path), resolve_entities=False, external_reference_root=str(root))
    except Exception as exc:  # svglib raises many kinds for a broken file
        return f"is not an SVG picture svglib can read: {str(exc).lower() or type(exc).__name__}"
    finally:
        quiet.setLevel(level)
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        return "is not an SVG picture with a size (give it width, height or a viewBox)"
    for side in (drawing.width, drawing.height):
        if not (math.isfinite(side) and MIN_SIDE <= side <= MAX_SIDE):
            return f"has a side of {side!r} points; give it a width and height from 0.001 to 100000"
    # Drawn in the card font's state, so the PDF names no unembedded Helvetica.
    drawing.initialFontName = FONT  # type: ignore[attr-defined]  # an AttrMap attribute
    return drawing

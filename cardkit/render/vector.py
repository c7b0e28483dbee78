"""SVG pictures (icons, art) read with svglib into reportlab drawings, safely.

SVG is XML, and XML can reach outside the file: entities (including the 'billion laughs'
bomb), external DTDs, and links to other files or URLs. A file that declares a DOCTYPE or
an ENTITY is refused before parsing; svglib parses without resolving entities, and only
follows links to files inside the game folder. No network access is ever made.

An SVG icon is also copied into the rulebook's HTML and Markdown, where a browser would run
what it holds: a picture with active content (``<script>``, ``on*=`` event attributes,
``<foreignObject>``, ``javascript:`` or links to anything but its own ``#ids`` and embedded
bitmaps, style sheets that import, processing instructions) is refused, whatever it is used for.
"""

from __future__ import annotations

import logging
import math
import re
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser
from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from cardkit.render.fontnames import FONT

_DECLARATIONS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_EXTERNAL = re.compile(rb"""(?:xlink:)?href\s*=\s*["']\s*(?!#|data:)""", re.IGNORECASE)
_USE = re.compile(rb"<\s*(?:[\w.-]+:)?use\b", re.IGNORECASE)
# svglib copies what each <use> points at: the work is about (elements x uses). A picture
# past this bound is refused before it is parsed.
MAX_SVG_WORK = 200_000
# Elements that run code or embed another document, by local name (lower case).
_ACTIVE_ELEMENTS = frozenset(
    {
        "script",
        "foreignobject",
        "iframe",
        "embed",
        "object",
        "handler",
        "listener",
        "audio",
        "video",
    }
)
_INSTRUCTION = re.compile(rb"<\?(?!xml[\s?])", re.IGNORECASE)  # not the XML declaration
_LINK_ATTRIBUTES = frozenset({"href", "src"})
_BITMAP_URI = re.compile(r"data:image/(?:png|jpeg|gif|webp)[;,]", re.IGNORECASE)
_URL = re.compile(r"url\s*\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
_IMPORT = re.compile(r"@\s*import", re.IGNORECASE)
_JAVASCRIPT = re.compile(r"(?:java|vb)script\s*:", re.IGNORECASE)
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
    active = active_content(data)
    if active is not None:
        return active
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


def _local(name: str) -> str:
    """An element or attribute name without its namespace, in lower case."""
    return name.rpartition("}")[2].rpartition(":")[2].lower()


def _link_problem(value: str) -> str | None:
    link = value.strip()
    if not link or link.startswith("#") or _BITMAP_URI.match(link):
        return None
    return f"links to {link[:60]!r}; an SVG picture may link only to its own '#ids'"


def active_content(data: bytes) -> str | None:
    """Why the SVG ``data`` could run code or reach outside itself in a browser, or None.

    Parsed with defusedxml (no DTD, no entities, no network). A file that is not well-formed
    XML is refused too: svglib's parser recovers from errors, and what it would recover is
    not what a browser or this check would read.
    """
    if _INSTRUCTION.search(data):  # anywhere, the prolog included (no tree holds those)
        return "holds a processing instruction ('<?...?>'); an SVG picture may hold none"
    parser = DefusedXMLParser(target=TreeBuilder(), forbid_dtd=True)
    try:
        parser.feed(data)
        root = parser.close()
    except DefusedXmlException:
        return "declares a DOCTYPE or ENTITY, which SVG pictures may not (they can reach outside)"
    except (ParseError, ValueError) as exc:
        return (
            f"is not an SVG picture: not well-formed XML ({str(exc).lower() or type(exc).__name__})"
        )
    for element in root.iter():
        if problem := _element_problem(element):
            return problem
    return None


def _element_problem(element: Element) -> str | None:
    tag = _local(element.tag)
    if tag in _ACTIVE_ELEMENTS:
        return f"holds a <{tag}> element; an SVG picture may not run code or embed a page"
    if tag == "style" and element.text:
        if _IMPORT.search(element.text):
            return "holds a style sheet that imports another; an SVG picture must be self-contained"
        for target in _URL.findall(element.text):
            if problem := _link_problem(target):
                return problem
    for name, value in element.attrib.items():
        attribute = _local(name)
        if attribute.startswith("on"):
            return f"has an event attribute {attribute!r}; an SVG picture may not run code"
        if _JAVASCRIPT.search(value):
            return f"has a script link in {attribute!r}; an SVG picture may not run code"
        if attribute in _LINK_ATTRIBUTES and (problem := _link_problem(value)):
            return problem
        animated = _local(value)
        if attribute == "attributename" and (
            animated.startswith("on") or animated in _LINK_ATTRIBUTES
        ):
            return f"animates {value!r}; an SVG picture may not change its links or handlers"
        for target in _URL.findall(value):
            if problem := _link_problem(target):
                return problem
    return None

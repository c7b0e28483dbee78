"""The automatic stats of the built-in layouts: where a card's numbers go when no layout of
the game places them. Pure geometry; the words are ``fieldtext.stats_text``.

A layout's ``stats`` section has a ``badge`` (one field, the cost, in a corner) and a ``line``
(the card type's other short fields: ``Power 1 · Range 2``). They are shown only by a layout
that places no badges and no lines of its own: the built-in layouts as they are, or a game's
layout that extends one to move or recolour its parts. A layout that places stats of its own
has taken them over, so the automatic ones never overlap them.

On a card that shows them, the name bar ends before the badge, and a rules panel the line
overlaps gives up that room.
"""

from __future__ import annotations

from dataclasses import replace

from cardkit.render.impose import Box
from cardkit.render.layoutfile import Edges, Element, Layout
from cardkit.render.units import mm

GAP = mm(1)  # between the stats and the part that makes room for them
BADGE_STEP = 1.15  # resource badges side by side: a badge's height apart, and a little more


def shows_stats(layout: Layout) -> bool:
    """Whether ``layout`` shows the automatic stats: it declares them and places none."""
    placed = layout.badges or layout.lines or any(t.field for t in layout.texts)
    return bool(layout.stats) and not placed


def with_stats(layout: Layout, *, badges: int, line: bool) -> Layout:
    """``layout`` with its automatic badge (``badges`` of them side by side, one per
    resource of a resources cost; 0 for none) and line (when ``line``) as elements."""
    if not shows_stats(layout):
        return layout
    added: list[Element] = []
    badge = layout.stat("badge")
    if badge is not None and badges > 0:
        added.append(replace(badge, edges=_widened(badge, badges)))
    stats_line = layout.stat("line")
    if stats_line is not None and line:
        added.append(stats_line)
    if not added:
        return layout
    return replace(layout, elements=(*layout.elements, *added))


def _widened(badge: Element, count: int) -> Edges:
    """The badge's edges, as wide as ``count`` badges side by side (growing away from the
    edge it is anchored to)."""
    edges = badge.edges
    if count <= 1 or edges.width is None or edges.height is None:
        return edges
    side = min(edges.width, edges.height)
    return replace(edges, width=side + (count - 1) * side * BADGE_STEP)


def make_room(placed: list[tuple[Element, Box]]) -> list[tuple[Element, Box]]:
    """The name bar ending before the automatic badge, and the rules panel clear of the
    automatic line, where they would overlap."""
    badge = next((b for e, b in placed if e.stats and e.badge), None)
    line = next((b for e, b in placed if e.stats and e.line), None)
    if badge is None and line is None:
        return placed
    roomy = []
    for element, box in placed:
        if element.stats or element.badge or element.line or element.text:
            roomy.append((element, box))
            continue
        if element.name == "name" and badge is not None and badge.overlaps(box):
            if badge.x >= box.x + box.w / 2:  # the badge at the bar's right end
                box = Box(box.x, box.y, max(0.0, badge.x - GAP - box.x), box.h)
            else:
                left = badge.right + GAP
                box = Box(left, box.y, max(0.0, box.right - left), box.h)
        if element.name == "rules" and line is not None and line.overlaps(box):
            if line.y + line.h / 2 >= box.y + box.h / 2:  # the line over the panel's top
                box = Box(box.x, box.y, box.w, max(0.0, line.y - GAP - box.y))
            else:
                bottom = line.top + GAP
                box = Box(box.x, bottom, box.w, max(0.0, box.top - bottom))
        roomy.append((element, box))
    return roomy


def hugged(box: Box, width: float, align: str) -> Box:
    """``box`` narrowed to ``width`` (never widened), kept at the edge ``align`` names."""
    if width >= box.w:
        return box
    if align == "right":
        return Box(box.right - width, box.y, width, box.h)
    if align == "center":
        return Box(box.x + (box.w - width) / 2, box.y, width, box.h)
    return Box(box.x, box.y, width, box.h)

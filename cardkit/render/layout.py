"""Where each part of a card front goes, for any card size. Pure maths, in points.

Boxes are relative to the card's trim box (origin at its bottom-left corner). Every box
lies inside the safe area, ``SAFE`` inside the trim line, so no text or badge is lost
to a cut that is a little off.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.render.impose import Box
from cardkit.render.units import mm

SAFE = mm(3)  # nothing that matters comes closer than this to the trim line
GAP = mm(1)  # between the parts of a card
PAD = mm(1.5)  # inside a panel, around its text
HEADER = mm(8)  # the name and the cost badge
TYPE_LINE = mm(6.5)  # the band with the card type and faction; the defense badge sits in it
MIN_ART = mm(18)  # below this the art panel is left out and the rules text takes its room
ART_SHARE = 0.6  # of the height left for art and rules text
MIN_TEXT = 7.2  # one line of 6pt text; a text box lower than this is left out


@dataclass(frozen=True, slots=True)
class FrontLayout:
    width: float
    height: float
    name: Box  # the card name, on the frame
    cost: Box  # the cost badge (a circle inside this square)
    art: Box | None  # the art panel; None on cards too small for one
    type_line: Box  # the band below the art
    type_text: Box  # the card type and faction, inside the band
    defense: Box  # the defense badge, right of the band when a card has one
    type_line_short: Box  # the band, stopping short of the defense badge
    rules: Box  # the rules text panel; no height on cards too small for one
    rules_text: Box  # the text inside that panel

    @property
    def safe(self) -> Box:
        return Box(SAFE, SAFE, self.width - 2 * SAFE, self.height - 2 * SAFE)

    def text_boxes(self) -> dict[str, Box]:
        """The boxes that hold text or badges, which must not overlap one another."""
        return {
            "name": self.name,
            "cost": self.cost,
            "type_text": self.type_text,
            "defense": self.defense,
            "rules_text": self.rules_text,
        }


def front_layout(width: float, height: float) -> FrontLayout:
    """The layout of a card front ``width`` x ``height`` points (trim size)."""
    inner = width - 2 * SAFE
    top = height - SAFE
    cost = Box(width - SAFE - HEADER, top - HEADER, HEADER, HEADER)
    name = Box(SAFE + mm(1), top - HEADER, cost.x - GAP - SAFE - mm(1), HEADER)
    left = top - HEADER - GAP - TYPE_LINE - GAP - SAFE  # height for art, gaps and rules
    art_height = ART_SHARE * (left - GAP)
    art: Box | None = None
    band_top = top - HEADER - GAP
    if art_height >= MIN_ART:
        art = Box(SAFE, band_top - art_height, inner, art_height)
        band_top = art.y - GAP
    band = Box(SAFE, band_top - TYPE_LINE, inner, TYPE_LINE)
    defense = Box(band.right - TYPE_LINE, band.y, TYPE_LINE, TYPE_LINE)
    short = Box(band.x, band.y, defense.x - GAP - band.x, TYPE_LINE)
    type_text = Box(band.x + PAD, band.y, short.w - 2 * PAD, TYPE_LINE)
    rules = Box(SAFE, SAFE, inner, band.y - GAP - SAFE)
    rules_text = Box(rules.x + PAD, rules.y + PAD, rules.w - 2 * PAD, rules.h - 2 * PAD)
    if rules_text.h < MIN_TEXT:  # no room for even one line: no text box at all
        rules = Box(SAFE, SAFE, inner, 0.0)
        rules_text = Box(rules.x + PAD, SAFE, rules.w - 2 * PAD, 0.0)
    return FrontLayout(
        width=width,
        height=height,
        name=name,
        cost=cost,
        art=art,
        type_line=band,
        type_text=type_text,
        defense=defense,
        type_line_short=short,
        rules=rules,
        rules_text=rules_text,
    )

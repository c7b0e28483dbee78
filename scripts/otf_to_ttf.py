"""Turn an OpenType font with PostScript (CFF) outlines into a TrueType one, cut to Latin-1.

cardkit embeds TrueType outlines only (reportlab's subsetter), so a font published as CFF
.otf is converted first: each cubic outline becomes quadratic curves (fontTools' cu2qu,
within a thousandth of an em), its digits are mapped to lining figures, then the font is cut
to the characters cards use. This is how
cards/hearthfield/fonts/ was made from EB Garamond (SIL Open Font License 1.1, no reserved
font name; Debian's fonts-ebgaramond):

    python scripts/otf_to_ttf.py EBGaramond12-Regular.otf \
        cards/hearthfield/fonts/EBGaramond-Regular.ttf
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

LATIN = [*range(0x20, 0x7F), *range(0xA0, 0x100), 0x2013, 0x2014, 0x2018, 0x2019, 0x201C]
LATIN += [0x201D, 0x2022, 0x2026, 0x2212]
MAX_ERROR = 1.0  # font units (of 1000 an em)


def to_truetype(font: TTFont) -> None:
    """Replace the CFF outlines of ``font`` with TrueType ones, in place."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    quadratic = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        quadratic[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def lining_figures(font: TTFont) -> None:
    """Map the digits to the font's lining figures ('one.lnum'), where it has them: a card's
    numbers read at a glance, and an old-style 1 looks like an I (reportlab applies no
    OpenType features, so the figures are chosen here)."""
    names = set(font.getGlyphOrder())
    for table in font["cmap"].tables:
        for code in range(0x30, 0x3A):
            lining = f"{table.cmap.get(code)}.lnum"
            if code in table.cmap and lining in names:
                table.cmap[code] = lining


def main(source: str, target: str) -> None:
    font = TTFont(source, recalcTimestamp=False)  # the same bytes every run
    lining_figures(font)
    if "CFF " in font:
        to_truetype(font)
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=LATIN)
    cutter.subset(font)
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


if __name__ == "__main__":
    main(*sys.argv[1:3])

"""Cut Droid Sans Fallback down to the characters card names and rules text commonly use.

The full font (3.4 MB, 33,000 characters) is too large to ship in the package. This keeps:
kana, Hangul syllables and jamo, CJK punctuation and full-width forms, and the 6,763
Chinese characters of GB 2312 (which also cover most of the Japanese joyo kanji); plus the
joyo kanji that GB 2312 lacks, found through Shift JIS level 1. A character outside the subset
is still reported by cardkit (CK203), never dropped silently.

    pip install fonttools
    python scripts/subset_cjk_font.py DroidSansFallback-full.ttf \
        cardkit/render/fonts/DroidSansFallback.ttf
"""

from __future__ import annotations

import sys

from fontTools import subset
from fontTools.ttLib import TTFont


def _encodable(codec: str, start: int, end: int) -> set[int]:
    found = set()
    for cp in range(start, end + 1):
        try:
            encoded = chr(cp).encode(codec)
        except UnicodeEncodeError:
            continue
        if codec == "shift_jis" and not 0x889F <= int.from_bytes(encoded, "big") <= 0x9872:
            continue  # Shift JIS level 1 kanji only
        found.add(cp)
    return found


def wanted() -> set[int]:
    keep: set[int] = set()
    for start, end in (
        (0x1100, 0x11FF),  # Hangul jamo
        (0x3000, 0x303F),  # CJK symbols and punctuation
        (0x3040, 0x30FF),  # hiragana and katakana
        (0x3130, 0x318F),  # Hangul compatibility jamo
        (0xAC00, 0xD7A3),  # Hangul syllables
        (0xFF00, 0xFFEF),  # half- and full-width forms
    ):
        keep.update(range(start, end + 1))
    keep |= _encodable("gb2312", 0x4E00, 0x9FFF)
    keep |= _encodable("shift_jis", 0x4E00, 0x9FFF)
    return keep


def main(source: str, target: str) -> None:
    font = TTFont(source, recalcTimestamp=False)
    cmap = font.getBestCmap()
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False  # the same bytes every time
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted() & set(cmap)))
    subsetter.subset(font)
    font.save(target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

"""Draw the Star Realms sample icons (cards/star-realms/icons/*.png) with Pillow.

Simple flat shapes, drawn 4x larger and scaled down for smooth edges. Deterministic: run it
again and the files come out the same. Usage: python scripts/star_realms_icons.py
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 96  # pixels of the saved icon
SCALE = 4  # drawn at SIZE * SCALE, then scaled down
OUT = Path(__file__).resolve().parents[1] / "cards" / "star-realms" / "icons"
S = SIZE * SCALE
INK = (30, 32, 38, 255)

Draw = Callable[[ImageDraw.ImageDraw], None]


def hexrgb(text: str) -> tuple[int, int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16), 255)


def star(
    cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90
) -> list[tuple[float, float]]:
    result = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180 / points)
        result.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return result


def trade(d: ImageDraw.ImageDraw) -> None:  # a gold coin
    d.ellipse((8, 8, S - 8, S - 8), fill=hexrgb("#d9a521"), outline=INK, width=18)
    d.ellipse((S * 0.27, S * 0.27, S * 0.73, S * 0.73), outline=hexrgb("#8a6410"), width=22)


def combat(d: ImageDraw.ImageDraw) -> None:  # a burst
    points = star(S / 2, S / 2, S * 0.49, S * 0.22, 8)
    d.polygon(points, fill=hexrgb("#c0392b"), outline=INK)
    d.line([*points, points[0]], fill=INK, width=14, joint="curve")


def authority(d: ImageDraw.ImageDraw) -> None:  # a shield
    shape = [(S * 0.12, S * 0.1), (S * 0.88, S * 0.1), (S * 0.88, S * 0.45)]
    for i in range(1, 21):  # right side curving down to the point
        t = i / 20
        shape.append((S * 0.88 - S * 0.38 * t, S * 0.45 + S * 0.47 * math.sin(t * math.pi / 2)))
    for i in range(1, 21):
        t = i / 20
        shape.append(
            (S * 0.5 - S * 0.38 * t, S * 0.92 - S * 0.47 * (1 - math.cos(t * math.pi / 2)))
        )
    d.polygon(shape, fill=hexrgb("#2f7fc1"))
    d.line([*shape, shape[0]], fill=INK, width=16, joint="curve")
    d.line([(S * 0.5, S * 0.25), (S * 0.5, S * 0.72)], fill=(255, 255, 255, 255), width=30)
    d.line([(S * 0.3, S * 0.45), (S * 0.7, S * 0.45)], fill=(255, 255, 255, 255), width=30)


def scrap(d: ImageDraw.ImageDraw) -> None:  # a waste bin
    red = hexrgb("#b3261e")
    d.rounded_rectangle((S * 0.36, S * 0.04, S * 0.64, S * 0.16), radius=14, fill=INK)
    d.rounded_rectangle((S * 0.12, S * 0.13, S * 0.88, S * 0.25), radius=16, fill=INK)
    body = [(S * 0.2, S * 0.3), (S * 0.8, S * 0.3), (S * 0.72, S * 0.96), (S * 0.28, S * 0.96)]
    d.polygon(body, fill=red, outline=INK)
    d.line([*body, body[0]], fill=INK, width=14)
    for x in (0.38, 0.5, 0.62):
        d.line([(S * x, S * 0.4), (S * x, S * 0.86)], fill=INK, width=16)


def blob(d: ImageDraw.ImageDraw) -> None:  # a green blob
    green = hexrgb("#3d9a3d")
    lobes = [
        (0.5, 0.52, 0.34),
        (0.3, 0.35, 0.2),
        (0.7, 0.33, 0.18),
        (0.74, 0.7, 0.19),
        (0.27, 0.7, 0.18),
    ]
    for x, y, r in lobes:
        d.ellipse(
            (S * (x - r) - 10, S * (y - r) - 10, S * (x + r) + 10, S * (y + r) + 10), fill=INK
        )
    for x, y, r in lobes:
        d.ellipse((S * (x - r), S * (y - r), S * (x + r), S * (y + r)), fill=green)
    for x, y in ((0.42, 0.47), (0.6, 0.47)):
        d.ellipse((S * (x - 0.05), S * (y - 0.07), S * (x + 0.05), S * (y + 0.07)), fill=INK)


def machine_cult(d: ImageDraw.ImageDraw) -> None:  # a gear
    red = hexrgb("#c0392b")
    teeth = []
    for i in range(32):
        angle = math.radians(i * 360 / 32 - 90 + 360 / 64)
        radius = S * (0.48 if (i // 2) % 2 == 0 else 0.37)
        teeth.append((S / 2 + radius * math.cos(angle), S / 2 + radius * math.sin(angle)))
    d.polygon(teeth, fill=red)
    d.line([*teeth, teeth[0]], fill=INK, width=14)
    d.ellipse(
        (S * 0.33, S * 0.33, S * 0.67, S * 0.67), fill=(255, 255, 255, 255), outline=INK, width=14
    )


def star_empire(d: ImageDraw.ImageDraw) -> None:  # a star
    points = star(S / 2, S * 0.54, S * 0.5, S * 0.21, 5)
    d.polygon(points, fill=hexrgb("#d4a017"))
    d.line([*points, points[0]], fill=INK, width=16, joint="curve")


def trade_federation(d: ImageDraw.ImageDraw) -> None:  # a planet with a ring
    blue = hexrgb("#2e6fb5")
    d.ellipse((S * 0.2, S * 0.2, S * 0.8, S * 0.8), fill=blue, outline=INK, width=16)
    d.arc((S * 0.02, S * 0.36, S * 0.98, S * 0.64), start=-15, end=195, fill=INK, width=34)
    d.arc(
        (S * 0.02, S * 0.36, S * 0.98, S * 0.64),
        start=-15,
        end=195,
        fill=(255, 255, 255, 255),
        width=14,
    )


ICONS: dict[str, Draw] = {
    "trade": trade,
    "combat": combat,
    "authority": authority,
    "scrap": scrap,
    "blob": blob,
    "machine-cult": machine_cult,
    "star-empire": star_empire,
    "trade-federation": trade_federation,
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in ICONS.items():
        image = Image.new("RGBA", (S, S), (0, 0, 0, 0))
        draw(ImageDraw.Draw(image))
        image.resize((SIZE, SIZE), Image.Resampling.LANCZOS).save(
            OUT / f"{name}.png", optimize=True
        )


if __name__ == "__main__":
    main()

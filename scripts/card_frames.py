"""Draw card frame pictures with Pillow: Hearthfield's frame per card type
(cards/hearthfield/frames/, with a 3 mm bleed) and the feature test game's frame per faction
(tests/fixtures/feature-game/pictures/frames/).

A frame is a whole-card picture drawn under a layout's parts (a 'pictures:' entry with no
box): a shaded ground, a double border and corner ornaments, in the card's colours. The
pictures are cardkit's own work, drawn here. Drawn 4x larger and scaled down for smooth
edges; deterministic, so running it again gives the same files.
Usage: python scripts/card_frames.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
WIDTH, HEIGHT = 375, 525  # pixels of a saved frame (a poker card at 150 dpi)
SCALE = 4
Rgb = tuple[int, int, int]

# name -> (ground, border, accent)
HEARTHFIELD: dict[str, tuple[str, str, str]] = {
    "treasure": ("#e9c45a", "#8a6410", "#fff3c4"),
    "victory": ("#7fb069", "#2f5d27", "#e8f5d8"),
    "curse": ("#8e6fae", "#3d2659", "#eadcf7"),
    "action": ("#d9c7a3", "#6b5434", "#fbf3e2"),
    "attack": ("#c9745f", "#6e2619", "#fbe3dc"),
}
FEATURE: dict[str, tuple[str, str, str]] = {
    "moth": ("#7d6aa8", "#2e2150", "#e4dcf5"),
    "ember": ("#d8804a", "#6b2a0c", "#ffe6cf"),
}


def rgb(text: str) -> Rgb:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def mix(a: Rgb, b: Rgb, t: float) -> Rgb:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def frame(
    ground: Rgb, border: Rgb, accent: Rgb, *, landscape: bool = False, bleed: bool = False
) -> Image.Image:
    """One frame: ground shaded top to bottom, a border band, an inner line, corner jewels.
    With ``bleed``, the picture has a 3 mm bleed all round (the border band grows into it),
    for a layout picture with 'bleed: true'."""
    w, h = (HEIGHT, WIDTH) if landscape else (WIDTH, HEIGHT)
    extra = round(3 / 63.5 * WIDTH) if bleed else 0  # 3 mm, in pixels
    w, h = w + 2 * extra, h + 2 * extra
    big_w, big_h = w * SCALE, h * SCALE
    image = Image.new("RGB", (big_w, big_h), ground)
    draw = ImageDraw.Draw(image)
    for y in range(0, big_h, SCALE):  # shading, one band per output row
        shade = mix(mix(ground, accent, 0.25), mix(ground, border, 0.25), y / big_h)
        draw.rectangle((0, y, big_w, y + SCALE - 1), fill=shade)
    step = 18 * SCALE  # faint diagonal hatching over the ground
    for x in range(-big_h, big_w, step):
        draw.line((x, big_h, x + big_h, 0), fill=mix(ground, accent, 0.18), width=SCALE)
    band = (9 + extra) * SCALE
    draw.rectangle((0, 0, big_w - 1, big_h - 1), outline=border, width=band)
    inset = band + 4 * SCALE
    draw.rounded_rectangle(
        (inset, inset, big_w - 1 - inset, big_h - 1 - inset),
        radius=10 * SCALE,
        outline=accent,
        width=2 * SCALE,
    )
    jewel = 11 * SCALE
    for cx in (inset, big_w - 1 - inset):
        for cy in (inset, big_h - 1 - inset):
            diamond = [(cx, cy - jewel), (cx + jewel, cy), (cx, cy + jewel), (cx - jewel, cy)]
            draw.polygon(diamond, fill=border, outline=accent, width=2 * SCALE)
            dot = 3 * SCALE
            draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=accent)
    return image.resize((w, h), Image.Resampling.LANCZOS)


def write(folder: Path, colours: dict[str, tuple[str, str, str]], **kind: bool) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, (ground, border, accent) in colours.items():
        picture = frame(rgb(ground), rgb(border), rgb(accent), **kind)
        picture.save(folder / f"{name}.png", optimize=True)


def main() -> None:
    write(ROOT / "cards" / "hearthfield" / "frames", HEARTHFIELD, bleed=True)
    feature = ROOT / "tests" / "fixtures" / "feature-game" / "pictures" / "frames"
    write(feature, FEATURE)
    write(feature / "landscape", FEATURE, landscape=True)


if __name__ == "__main__":
    main()

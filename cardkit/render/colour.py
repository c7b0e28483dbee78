"""Colours: validated '#rgb'/'#rrggbb' values, mixing, contrast, and the card palette."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

NEUTRAL = "#59606b"  # the frame of cards of no faction
DEFAULT_BACK = "#3a3f4b"
INK_DARK = "#1b1e24"
INK_LIGHT = "#ffffff"
PAPER = "#fbfaf6"  # the rules text panel
BADGE = "#23272f"
CUT_MARKER = "#e0312b"  # the corner of a rules panel whose text did not fit


@dataclass(frozen=True, slots=True)
class Rgb:
    """A colour from a validated '#rgb' or '#rrggbb' value; components 0..1."""

    r: float
    g: float
    b: float

    @classmethod
    def hex(cls, text: str) -> Rgb:
        digits = text.removeprefix("#")
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        if len(digits) != 6:
            raise ValueError(f"not a hex colour: {text!r}")
        value = int(digits, 16)
        return cls(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)

    def mix(self, other: Rgb, amount: float) -> Rgb:
        """This colour moved ``amount`` (0..1) of the way towards ``other``."""
        return Rgb(
            self.r + (other.r - self.r) * amount,
            self.g + (other.g - self.g) * amount,
            self.b + (other.b - self.b) * amount,
        )

    @property
    def luminance(self) -> float:
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        return 0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)

    def contrast(self, other: Rgb) -> float:
        high, low = sorted((self.luminance, other.luminance), reverse=True)
        return (high + 0.05) / (low + 0.05)

    @property
    def ink(self) -> Rgb:
        """White text on this colour when it reads well enough (bold, 3:1), else dark text."""
        white = Rgb.hex(INK_LIGHT)
        return white if self.contrast(white) >= 3.0 else Rgb.hex(INK_DARK)

    @property
    def color(self) -> Color:
        return Color(self.r, self.g, self.b)


WHITE = Rgb.hex("#ffffff")
BLACK = Rgb.hex("#000000")

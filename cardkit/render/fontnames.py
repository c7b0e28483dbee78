"""The names the bundled card fonts are registered under (``fonts`` registers them).

Apart from ``fonts`` so that modules that only name a font need not import reportlab.
"""

from __future__ import annotations

FONT = "CardkitSans"
BOLD = "CardkitSans-Bold"
ITALIC = "CardkitSans-Oblique"
BOLD_ITALIC = "CardkitSans-BoldOblique"
FALLBACK = "CardkitFallback"

"""cardkit: card data, checks, print-and-play and reference pages for card-game designers."""

from __future__ import annotations

__version__ = "0.1.0"

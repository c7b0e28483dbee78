"""The options of the use cases: what a command's flags say, as frozen values.

Light to import (no drawing, parsing or file-format library), so that ``cardkit.api`` and
the command line can name them without loading what the use cases need to run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardkit.errors import UsageError
from cardkit.render.impose import DEFAULT_BLEED, DEFAULT_MARGIN, Duplex

RULEBOOK_FORMATS: tuple[str, ...] = ("pdf", "html", "md")


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildOptions:
    """How to print: paper name, bleed and gutter in points, duplex, output folder; which
    cards (``only``: ids or names, none for every card); and which exports besides deck.pdf
    (``single``: one card per page; ``png`` at ``dpi``; ``tts``, or ``tts_url`` for
    Tabletop Simulator images uploaded there)."""

    paper: str = "a4"  # a name in PAPERS, or 'WIDTHxHEIGHT' such as '300mmx200mm'
    bleed: float = DEFAULT_BLEED
    gutter: float = 0.0
    margin: float = DEFAULT_MARGIN
    duplex: Duplex = Duplex.LONG
    output: Path | None = None  # default: output/<game id>
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, right and up, on backs pages
    only: tuple[str, ...] = ()
    single: bool = False
    png: bool = False
    dpi: float = 300.0  # the PNGs' resolution, 72 to 1200
    tts: bool = False
    tts_url: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RulebookOptions:
    """Which files to make (``formats``: some of 'pdf', 'html', 'md') and where to write them
    (``output``; default: ``output/<game id>``)."""

    formats: tuple[str, ...] = RULEBOOK_FORMATS
    output: Path | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SimOptions:
    """How to play: ``games`` per sweep, the sweep ``seed``, two ``bots`` (random, simple,
    greedy, mc), ``jobs`` processes (None: every core), and card files or folders to ``add``
    to the market deck (then a second sweep without them says what they change)."""

    games: int = 1000
    seed: int = 1
    bots: tuple[str, str] = ("greedy", "greedy")
    jobs: int | None = None
    add: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, value, least in (("games", self.games, 1), ("seed", self.seed, 0)):
            if value < least:
                raise UsageError(f"{name} must be at least {least}, not {value}")
        if self.jobs is not None and self.jobs < 1:
            raise UsageError(f"jobs must be at least 1 (or None: every core), not {self.jobs}")

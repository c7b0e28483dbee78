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
    jobs: int = 1  # processes drawing the PNGs (the files are the same for any number)
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
    to the market deck (then a second sweep without them says what they change); with
    ``effects``, each card's effect measured to ``precision``; ``log`` games written out."""

    games: int = 1000
    seed: int = 1
    bots: tuple[str, str] = ("greedy", "greedy")
    jobs: int | None = None
    add: tuple[str, ...] = ()
    effects: bool = False  # measure each card's effect by paired games (sim/effects.py)
    precision: float = 0.04  # ... until its 95% interval is narrower than this, or ``games``
    log: int = 0  # the sweep's first ``log`` games written turn by turn

    def __post_init__(self) -> None:
        if not 0 < self.precision < 1:
            raise UsageError(f"precision must be a share between 0 and 1, not {self.precision}")
        if self.log < 0:
            raise UsageError(f"log must be at least 0, not {self.log}")
        for name, value, least in (("games", self.games, 1), ("seed", self.seed, 0)):
            if value < least:
                raise UsageError(f"{name} must be at least {least}, not {value}")
        if self.jobs is not None and self.jobs < 1:
            raise UsageError(f"jobs must be at least 1 (or None: every core), not {self.jobs}")

"""What the preview shows at one moment: plain values the web pages read, nothing else.

``cardkit.app.serve`` makes a new ``Snapshot`` after each rebuild; the pages only read the
latest one, so a request never sees a half-made state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from cardkit.diagnostics import Diagnostic
from cardkit.sim.stats import Summary


@dataclass(frozen=True, slots=True, kw_only=True)
class CardView:
    """One card in the gallery."""

    id: str
    name: str
    type: str
    factions: tuple[str, ...]
    deck: str | None
    count: int
    where: str  # 'file:line:col' of the card
    image: Path | None = None  # its PNG in the preview's cache folder, or None (never drawn)
    version: str = ""  # changes whenever the PNG does: the image URL carries it
    stale: bool = False  # its file no longer reads: the last good picture is shown
    flawed: bool = False  # its fields have errors: left out of the set, its last picture shown


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """The game as last built: its cards, every problem found, and whether checks still run."""

    generation: int = 0
    game: str = ""
    cards: tuple[CardView, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    checking: bool = False  # the slower checks (rules text, fit) are still running
    sources: Mapping[str, Path] = field(default_factory=dict)  # shown path -> file to read

    def card(self, card_id: str) -> CardView | None:
        for card in self.cards:
            if card.id == card_id:
                return card
        return None

    def problems_of(self, card_id: str) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.card == card_id]

    def numbered_problems_of(self, card_id: str) -> list[tuple[int, Diagnostic]]:
        """The problems of a card with their numbers (``/source/<number>`` shows each)."""
        return [(n, d) for n, d in enumerate(self.diagnostics) if d.card == card_id]

    def numbered_unattached(self) -> list[tuple[int, Diagnostic]]:
        shown = {card.id for card in self.cards}
        return [
            (n, d) for n, d in enumerate(self.diagnostics) if d.card is None or d.card not in shown
        ]


@dataclass(frozen=True, slots=True)
class SheetResult:
    """The print-and-play pages as PNGs, or why there are none."""

    pages: tuple[bytes, ...] = ()
    problem: str | None = None


class Status(StrEnum):
    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaytestState:
    """Where the latest run is."""

    run: int = 0
    status: Status = Status.IDLE
    games: int = 0
    done: int = 0
    seed: int = 1
    bots: tuple[str, str] = ("greedy", "greedy")
    problem: str | None = None
    summary: Summary | None = None
    charts: Mapping[str, bytes] = field(default_factory=dict)

"""PNG charts of simulation results: bars with 95% interval whiskers (Pillow only here).

``bar_chart`` takes plain rows, not simulator objects: ``Bar(label, value, low, high,
highlight)``; ``sim_charts`` makes the charts of a sweep (``cardkit sim``, ``cardkit serve``).
The drawing is deterministic (a fixed canvas, Pillow's built-in font, no timestamps), so the
same rows give the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from cardkit.sim.stats import CardRow, Delta, Rate, Summary

WIDTH = 900
ROW = 26
TOP = 56
BOTTOM = 40
LABEL_WIDTH = 260
RIGHT = 40
INK = (33, 37, 41)
GRID = (222, 226, 230)
BAR = (66, 110, 176)
HIGHLIGHT = (200, 70, 50)
WHISKER = (20, 20, 20)


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: float
    low: float
    high: float
    highlight: bool = False


def bar_chart(
    title: str,
    bars: Sequence[Bar],
    *,
    axis: tuple[float, float],
    reference: float | None = None,
    percent: bool = True,
) -> bytes:
    """A horizontal bar chart as PNG bytes; bars start at ``reference`` (or the axis start)."""
    low_end, high_end = axis
    if not high_end > low_end:
        raise ValueError(f"an axis must run upwards, not {axis!r}")
    height = TOP + BOTTOM + ROW * max(1, len(bars))
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    plot_left, plot_right = LABEL_WIDTH, WIDTH - RIGHT

    def x(value: float) -> float:
        clipped = min(max(value, low_end), high_end)
        return plot_left + (clipped - low_end) / (high_end - low_end) * (plot_right - plot_left)

    def shown(value: float) -> str:
        if not percent:
            return f"{value:g}"
        if round(value * 100) == 0:
            return "0%"  # no sign, and never "-0%"
        return f"{value * 100:+.0f}%" if low_end < 0 else f"{value * 100:.0f}%"

    draw.text((12, 14), title, fill=INK, font=font)
    for k in range(5):
        tick = low_end + (high_end - low_end) * k / 4
        tx = x(tick)
        draw.line([(tx, TOP - 6), (tx, height - BOTTOM)], fill=GRID)
        draw.text((tx - 14, height - BOTTOM + 8), shown(tick), fill=INK, font=font)
    start = reference if reference is not None else low_end
    if reference is not None:
        rx = x(reference)
        draw.line([(rx, TOP - 8), (rx, height - BOTTOM)], fill=INK)
    for i, bar in enumerate(bars):
        top = TOP + i * ROW
        middle = top + ROW / 2
        label = bar.label if len(bar.label) <= 38 else bar.label[:35] + "..."
        draw.text((12, middle - 6), label, fill=INK, font=font)
        left, right = sorted((x(start), x(bar.value)))
        colour = HIGHLIGHT if bar.highlight else BAR
        draw.rectangle([(left, top + 5), (max(right, left + 1), top + ROW - 5)], fill=colour)
        lx, hx = x(bar.low), x(bar.high)
        draw.line([(lx, middle), (hx, middle)], fill=WHISKER, width=1)
        draw.line([(lx, middle - 5), (lx, middle + 5)], fill=WHISKER)
        draw.line([(hx, middle - 5), (hx, middle + 5)], fill=WHISKER)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


# -- the charts of a sweep ---------------------------------------------------------------------

CHART_CARDS = 25  # bars of the per-card chart


def charted_rows(cards: tuple[CardRow, ...]) -> list[CardRow]:
    """The edge chart's bars: the widest edges, largest first, with every added card among
    them (in its place) even when its edge is small."""
    widest = sorted(cards, key=lambda r: (-abs(r.edge), r.id))
    added = [row for row in widest[CHART_CARDS:] if row.added]
    keep = {row.id for row in widest[: CHART_CARDS - len(added)]} | {row.id for row in added}
    return [row for row in widest if row.id in keep]


def _symmetric(bars: list[Bar]) -> tuple[float, float]:
    """An axis around 0 wide enough for every bar and whisker, in steps of 10%."""
    widest = max([0.1, *(max(abs(b.low), abs(b.high), abs(b.value)) for b in bars)])
    half = min(1.0, math.ceil(widest * 10 - 1e-9) / 10)
    return -half, half


def _delta_label(slot: str, bot: str) -> str:
    """'seat A: greedy', or the first player's row as 'first player'."""
    return bot if slot == "first" else f"seat {slot}: {bot}"


def sim_charts(summary: Summary, changes: Sequence[Delta] | None = None) -> dict[str, bytes]:
    """The charts of a sweep by file name: win rate per seat, each card's edge, and what
    added cards change (with ``changes``)."""

    def bar(label: str, rate: Rate, highlight: bool = False) -> Bar:
        low, high = rate.interval
        return Bar(label, rate.value, low, high, highlight)

    seats = [
        bar(f"seat {s}: {name}", r)
        for s, name, r in zip("AB", summary.bots, summary.slots, strict=True)
    ]
    seats.append(bar("first player", summary.first))
    charts = {
        "seats.png": bar_chart(
            "win rate per seat (95% Wilson interval)", seats, axis=(0.0, 1.0), reference=0.5
        ),
    }
    rows = charted_rows(summary.cards)
    edges = [Bar(row.name, row.edge, *row.edge_interval, row.added) for row in rows]
    charts["cards.png"] = bar_chart(
        "win rate when bought minus when not bought (95% Newcombe interval)",
        edges,
        axis=_symmetric(edges),
        reference=0.0,
    )
    if changes is not None:
        deltas = [Bar(_delta_label(c.slot, c.bot), *c.change) for c in changes]
        charts["delta.png"] = bar_chart(
            "win rate change with the added cards (95% interval)",
            deltas,
            axis=_symmetric(deltas),
            reference=0.0,
        )
    return charts

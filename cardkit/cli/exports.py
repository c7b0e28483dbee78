"""The export options of ``cardkit build``: one card per page, PNGs, Tabletop Simulator.

Not a command of its own: ``cli/build.py`` adds these options and runs the exports after
the print-and-play PDF, each with its own progress bar.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from cardkit.cli.output import plural, whole
from cardkit.diagnostics import Diagnostic

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.model import CardSet

T = TypeVar("T")
Step = Callable[[int, int], None]


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("exports")
    group.add_argument(
        "--single",
        action="store_true",
        help="also write cards-<size>.pdf: one card per page with its bleed, each front "
        "followed by its back, TrimBox and BleedBox set (for print services)",
    )
    group.add_argument(
        "--png",
        action="store_true",
        help="also write png/: one PNG per card and per back, with its bleed; "
        "only cards that changed are redrawn",
    )
    group.add_argument(
        "--tts",
        action="store_true",
        help="also write tts/: Tabletop Simulator deck sheets and the saved object "
        "<game>.json that loads them",
    )
    group.add_argument(
        "--tts-url",
        metavar="URL",
        type=_base_url,
        help="where you will upload the tts/ images (e.g. https://example.com/game/tts/); "
        "default: their file:// paths on this computer",
    )
    group.add_argument(
        "--dpi",
        type=_dpi,
        default=300.0,
        help="resolution of the PNGs, 72 to 1200 (default: 300)",
    )
    group.add_argument(
        "--jobs", type=whole(1), default=None, help="processes for --png (default: every core)"
    )


def _dpi(text: str) -> float:
    """An argparse type: a resolution in dots per inch, 72 to 1200."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 72 <= value <= 1200:
        raise argparse.ArgumentTypeError(f"invalid resolution {text!r}: give 72 to 1200 dpi")
    return value


def _base_url(text: str) -> str:
    """An argparse type: a base URL that Tabletop Simulator can load images from."""
    from cardkit.errors import UsageError
    from cardkit.export.tts import check_base_url

    try:
        return check_base_url(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def with_bar(err: Console, label: str, unit: str, work: Callable[[Step | None], T]) -> T:
    """Run ``work(progress)``, showing a progress bar on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    if not err.is_terminal:
        return work(None)
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)
        return work(lambda done, total: bar.update(task, completed=done, total=total))


def run_exports(
    args: argparse.Namespace, card_set: CardSet, folder: Path, bleed: float, err: Console
) -> list[Diagnostic]:
    """Write the exports the options ask for into ``folder``; return the warnings found."""
    from rich.text import Text

    from cardkit.export.single import build_single

    found: list[Diagnostic] = []
    if args.single:
        written, drawn = with_bar(
            err,
            "one card per page",
            "pages",
            lambda step: build_single(card_set, folder, bleed=bleed, progress=step),
        )
        found.extend(drawn)
        for path in written:
            err.print(Text(f"wrote {path} (one card per page)"), soft_wrap=True)
    if args.png:
        from cardkit.export.png import PNG_FOLDER, build_pngs
        from cardkit.sim.runner import default_jobs

        report = with_bar(
            err,
            "rasterising",
            "images",
            lambda step: build_pngs(
                card_set,
                folder,
                bleed=bleed,
                dpi=args.dpi,
                prune=not args.only,
                progress=step,
                jobs=args.jobs or default_jobs(),
            ),
        )
        found.extend(report.diagnostics)
        counts = [
            f"{plural(len(report.written), 'image')} drawn",
            f"{len(report.unchanged)} unchanged",
        ]
        if report.removed:
            counts.append(f"{len(report.removed)} removed (cards no longer in the game)")
        err.print(Text(f"wrote {folder / PNG_FOLDER} ({', '.join(counts)})"), soft_wrap=True)
    if args.tts or args.tts_url:
        from cardkit.export.tts import build_tts

        written, drawn = with_bar(
            err,
            "Tabletop Simulator",
            "cards",
            lambda step: build_tts(card_set, folder, base_url=args.tts_url, progress=step),
        )
        found.extend(drawn)
        sheets = [p for p in written if p.suffix == ".png" and not p.name.startswith("back-")]
        err.print(
            Text(f"wrote {written[-1]} (Tabletop Simulator, {plural(len(sheets), 'deck sheet')})"),
            soft_wrap=True,
        )
    return found

"""The export options of ``cardkit build``: one card per page, PNGs, Tabletop Simulator.

Not a command of its own: ``cli/build.py`` adds these options; ``app/build.py`` writes the
exports after the print-and-play PDF.
"""

from __future__ import annotations

import argparse

from cardkit.cli.output import whole


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

"""``cardkit new``: start a game folder with sample cards."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.app.new_game import KINDS
from cardkit.cli.output import EXIT_OK

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="the game's name, e.g. 'Moon Tactics'")
    parser.add_argument("--into", default="cards", help="parent folder (default: cards)")
    parser.add_argument(
        "--kind",
        default="plain",
        metavar="KIND",
        help="the kind of game: "
        + "; ".join(f"{kind} ({what})" for kind, what in KINDS.items())
        + " (default: plain)",
    )


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.new_game import new_game

    folder = new_game(args.name, Path(args.into), kind=args.kind)
    out.print(
        Text(f"created {folder}/ with game.yaml and sample cards; next: cardkit validate {folder}"),
        soft_wrap=True,
    )
    return EXIT_OK

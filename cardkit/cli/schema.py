"""``cardkit schema``: the JSON Schema of a game's card files, for editors."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, print_diagnostics
from cardkit.package_data import data_dir

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder")
    parser.add_argument(
        "-o",
        "--output",
        help="file to write (default: output/<game>/cards.schema.json, and game.yaml's "
        "schema beside it as game.schema.json); '-' for standard output",
    )


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    import json

    from rich.text import Text

    from cardkit.atomic import write_atomic
    from cardkit.load.cards import load_card_set
    from cardkit.load.schema import card_file_schema

    card_set, found = load_card_set(Path(args.path), args.path)
    if card_set is None:
        print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    text = json.dumps(card_file_schema(card_set.game), indent=2) + "\n"
    if args.output == "-":
        out.file.write(text)
        return EXIT_OK
    target = Path(args.output or Path("output") / card_set.game.id / "cards.schema.json")
    write_atomic(target, text)
    err.print(Text(f"wrote {target}"))
    if args.output is None:  # and game.yaml's own, for a game folder outside cardkit's clone
        shipped = data_dir("schemas") / "game.schema.json"
        write_atomic(target.with_name(shipped.name), shipped.read_bytes())
        err.print(Text(f"wrote {target.with_name(shipped.name)}"))
    return EXIT_OK

"""``cardkit validate``: every problem of a game's cards in one run."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import CODES, count_errors

if TYPE_CHECKING:
    from rich.console import Console

NAME = "validate"
# What validate checks: files, schema, rules text and set, rendering (CK0xx-CK2xx); a card may
# suppress the codes of other commands (rulebook CK3xx, simulator CK4xx) without being stale.
VALIDATE_CODES = frozenset(code for code in CODES if code < "CK300")
HELP = "check a game's cards; every problem at once"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder (the folder holding game.yaml)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.text import Text

    from cardkit.load.cards import load_card_set
    from cardkit.render.measure import measure_cards
    from cardkit.render.style import prepare_style
    from cardkit.rules.check import check_card_text
    from cardkit.rules.suppress import apply_suppressions

    card_set, found = load_card_set(Path(args.path), args.path)
    if card_set is not None:
        # Layouts, icons and art, and whether each card's text fits its face (CK2xx).
        style, looks = prepare_style(card_set.game, card_set.cards)
        fits = measure_cards(style, card_set.cards)
        found = [*found, *check_card_text(card_set), *looks, *fits]
        found = apply_suppressions(card_set, found, ran=VALIDATE_CODES)
    print_diagnostics(out, found, args.format)
    errors, warnings = count_errors(found)
    if args.format == "text":
        copies = card_set.copies_read if card_set else 0
        err.print(
            Text(f"{plural(errors, 'error')}, {plural(warnings, 'warning')} in {copies} cards")
        )
    return EXIT_ERRORS if errors else EXIT_OK

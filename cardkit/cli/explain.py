"""``cardkit explain``: the effect tree of cards' rules text."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, load_clean_set
from cardkit.diagnostics import did_you_mean
from cardkit.errors import UsageError

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder")
    parser.add_argument("card", nargs="?", help="a card's id or name (default: every card)")


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.selection import find_card
    from cardkit.rules.explain import explain

    card_set = load_clean_set(args.path, err)
    if card_set is None:
        return EXIT_ERRORS
    cards = list(card_set.cards)
    if args.card is not None:
        card = find_card(card_set, args.card)
        if card is None:
            names = [c.id for c in card_set.cards] + [c.name for c in card_set.cards]
            raise UsageError(
                f"no card {args.card!r}{did_you_mean(args.card, names)} in {args.path}; "
                "give a card's id or its name as written in its card file"
            )
        cards = [card]
    for card in cards:
        out.print(Text(explain(card, card_set.game)), soft_wrap=True)
    return EXIT_OK

"""How much of a game the simulator runs: the share of its cards with no CK403 (and no line
that fails to parse), and the share of its parsed rules lines whose effects the engine runs.

    PYTHONPATH=. python bench/sim_accepts.py GAME_FOLDER

The game needs a ``play:`` declaration. For Lanternfall (the deck-builder of issue 15's
corpus, which has none), copy tests/fixtures/rules/families/deckbuilder and append the
``play:`` of tests/fixtures/sim/core-supply/game.yaml with ``starting_deck: {farthing: 7,
hamlet: 3}``, ``piles: {hamlet: 8, manor: 8, barony: 8}``, ``decks: [supply, kingdom]``,
``end: {empty_piles: 3, pile: barony}`` and no ``curse:``.
"""

from __future__ import annotations

import argparse
import sys

from cardkit.api import load_game
from cardkit.rules.context import parse_set
from cardkit.sim.compile import unsupported
from cardkit.sim.pool import core_reader


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    args = parser.parse_args()
    card_set, _ = load_game(args.game)
    if card_set is None or card_set.game.play is None:
        print("the game does not load, or has no 'play:'", file=sys.stderr)
        return 1
    context = parse_set(card_set)
    setup = card_set.game.play
    reader = core_reader(card_set.game, setup, card_set.cards)
    cards_run = lines = lines_run = 0
    for card in card_set.cards:
        parsed = context.parsed.get(card.id, [])
        refused = [
            line
            for line in parsed
            if unsupported(reader.ability(line.ability), dict(setup.specials), setup.zones)
        ]
        lines += len(parsed)
        lines_run += len(parsed) - len(refused)
        cards_run += not refused and not context.failed.get(card.id)
    total = len(card_set.cards)
    print(f"cards the simulator accepts: {cards_run}/{total} ({cards_run / total:.0%})")
    print(f"parsed lines it runs: {lines_run}/{lines} ({lines_run / max(lines, 1):.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A custom report made with cardkit's API: per faction, its cards, their average cost,
and the cards whose rules text does not parse.

    python examples/cost_report.py cards/star-realms

Only ``import cardkit`` is used: load the game, ask which lines of rules text do not parse,
and count. Exit status 1 when the game cannot be loaded.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import cardkit

NO_FACTION = "(no faction)"


def report(folder: str) -> int:
    cards, problems = cardkit.load_game(folder)
    if cards is None:
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1
    unparsed = {problem.card for problem in cardkit.unparsed_rules_text(cards)}
    factions = cards.game.factions
    by_faction: dict[str, list[cardkit.Card]] = defaultdict(list)
    for card in cards.cards:
        for faction in card.factions or (NO_FACTION,):
            by_faction[faction].append(card)

    print(f"{cards.game.name}: {len(cards.cards)} cards, {cards.total_copies} copies")
    print(f"{'faction':<18} {'cards':>5} {'copies':>6} {'avg cost':>8}  unparsed rules text")
    for faction in sorted(by_faction, key=lambda f: (f == NO_FACTION, f)):
        members = by_faction[faction]
        costs = [c.get("cost") for c in members if isinstance(c.get("cost"), int)]
        average = f"{sum(costs) / len(costs):.2f}" if costs else "-"
        copies = sum(card.count for card in members)
        broken = ", ".join(sorted(c.name for c in members if c.id in unparsed)) or "-"
        name = factions[faction].name if faction in factions else faction
        print(f"{name:<18} {len(members):>5} {copies:>6} {average:>8}  {broken}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} GAME_FOLDER")
    sys.exit(report(sys.argv[1]))

"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Validation throughput: cardkit's loader against the floor, in one process.

The floor is the least any validator must do: load each YAML file with PyYAML's
libyaml loader and run one compiled JSON Schema validation per card. cardkit adds
located values, did-you-mean messages, defaults and the card model on top.

    python bench/validate.py [--cards 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import yaml

from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.load.schema import card_type_schema, compile_schema

GAME = Path(__file__).resolve().parent.parent / "cards" / "star-realms" / "game.yaml"
FACTIONS = ("blob", "machine-cult", "star-empire", "trade-federation")
TEXTS = (
    "Gain 2 Trade.\nScrap: Gain 2 Combat.",
    "Gain 4 Combat.\n{faction} Ally: Draw a card.",
    "Gain 3 Trade or 4 Authority.",
    "Gain 5 Combat.\nYou may scrap a card in the trade row.",
)


def generate(folder: Path, cards: int, per_file: int = 500) -> None:
    shutil.copy(GAME, folder / "game.yaml")
    for start in range(0, cards, per_file):
        lines = ["cards:"]
        for i in range(start, min(start + per_file, cards)):
            faction = FACTIONS[i % 4]
            lines += [
                f"  - name: Generated Card {i}",
                f"    faction: {faction}",
                "    deck: trade",
                f"    cost: {i % 9}",
                f"    count: {1 + i % 3}",
            ]
            if i % 3 == 0:
                lines += ["    type: base", f"    defense: {3 + i % 5}"]
                if i % 6 == 0:
                    lines.append("    outpost: true")
            else:
                lines.append("    type: ship")
            text = TEXTS[i % len(TEXTS)].format(faction=faction.replace("-", " ").title())
            lines.append("    text: |-")
            lines += [f"      {line}" for line in text.splitlines()]
        (folder / f"cards-{start // per_file:03}.yaml").write_text("\n".join(lines) + "\n")


def floor(folder: Path) -> int:
    game, _ = load_game(folder, str(folder))
    assert game is not None
    validators = {t: compile_schema(card_type_schema(game, t)) for t in game.card_types}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    n = 0
    for path in sorted(folder.glob("cards-*.yaml")):
        for card in yaml.load(path.read_text(encoding="utf-8"), Loader=loader)["cards"]:
            validators[card["type"]].validator.validate(card)
            n += 1
    return n


def cardkit(folder: Path) -> int:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found[:3]
    return len(card_set.cards)


def best(fn: object, folder: Path, repeat: int) -> tuple[float, int]:
    times, n = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        n = fn(folder)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times), n


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(folder, args.cards)
        floor_s, n_floor = best(floor, folder, args.repeat)
        ours_s, n_ours = best(cardkit, folder, args.repeat)
    assert n_floor == n_ours == args.cards
    print(f"cards validated:        {args.cards:,}")
    print(f"floor (libyaml + schema): {floor_s:.3f} s  {args.cards / floor_s:,.0f} cards/s")
    print(f"cardkit validate:       {ours_s:.3f} s  {args.cards / ours_s:,.0f} cards/s")
    print(f"ratio to floor:         {ours_s / floor_s:.2f}x  (goal <= 1.5x)")


if __name__ == "__main__":
    main()

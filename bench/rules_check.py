"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Rules-check throughput on generated cards: what the rules step adds to schema validation.

10,000 cards are generated with a fixed seed from the Star Realms vocabulary: each card takes
one to three ability lines of the real Star Realms cards (an ally line names the card's own
faction) with every number in them drawn anew from 2 to 9 (so that lines vary as a designer's
do), a type, a cost and, for a base, a defense and maybe outpost. Timed in one process, in
CPU time (``time.process_time``: the machine is shared, and wall time would count the others):

- schema: ``load_card_set`` -- read the YAML, check every card against its schema, build
  the cards (what ``cardkit validate`` does before the rules step);
- rules: ``check_card_text`` -- parse every ability line once, then run every check of
  ``CHECKS`` (ally factions, deck bounds, size rules, copy limits, references, costs).

It prints microseconds per ability (parse alone, and parse + checks), each check's share, and
the ratio (schema + rules) / schema. Goal: the rules step adds at most 50% (ratio <= 1.5).

    python bench/rules_check.py [--cards 10000] [--repeat 3] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import yaml

from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules.check import CHECKS, check_card_text
from cardkit.rules.context import parse_set

_NUMBER = re.compile(r"\d+")
STAR_REALMS = Path(__file__).resolve().parent.parent / "cards" / "star-realms"
T = TypeVar("T")


def _vocabulary() -> tuple[list[str], list[str], dict[str, str]]:
    """The ability lines of the Star Realms cards: plain ones, ally ones, faction names."""
    card_set, found = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None and not found, found[:3]
    names = {key: faction.name for key, faction in card_set.game.factions.items()}
    plain: set[str] = set()
    bond: set[str] = set()
    for card in card_set.cards:
        for line in card.text.split("\n"):
            if not line.strip():
                continue
            head = line.split(":", 1)[0]
            if head.endswith(" Ally"):
                body = line.split(":", 1)[1]
                double = head.startswith("Double ")
                bond.add(("Double {faction} Ally:" if double else "{faction} Ally:") + body)
            else:
                plain.add(line)
    return sorted(plain), sorted(bond), names


def generate(folder: Path, cards: int, seed: int, per_file: int = 500) -> int:
    """Write ``cards`` generated cards into ``folder``; returns the number of ability lines."""
    plain, bond, factions = _vocabulary()
    game = yaml.safe_load((STAR_REALMS / "game.yaml").read_text(encoding="utf-8"))
    # The generated cards are not Star Realms' decks; keep validate's output clean.
    for deck in game["decks"].values():
        deck.pop("size", None)
        deck.pop("per_faction", None)
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    rng = random.Random(seed)
    abilities = 0
    faction_ids = sorted(factions)
    for start in range(0, cards, per_file):
        lines = ["cards:"]
        for i in range(start, min(start + per_file, cards)):
            faction = rng.choice(faction_ids)
            chosen = rng.sample(plain, rng.randint(1, 2))
            if rng.random() < 0.6:
                chosen.append(rng.choice(bond).format(faction=factions[faction]))
            chosen = [_NUMBER.sub(lambda _: str(rng.randint(2, 9)), line) for line in chosen]
            abilities += len(chosen)
            lines += [
                f"  - name: Generated Card {i}",
                f"    faction: {faction}",
                "    deck: trade",
                f"    cost: {rng.randint(1, 8)}",
            ]
            if rng.random() < 0.3:
                lines += ["    type: base", f"    defense: {rng.randint(3, 8)}"]
                if rng.random() < 0.5:
                    lines.append("    outpost: true")
            else:
                lines.append("    type: ship")
            lines.append("    text: |-")
            lines += [f"      {line}" for line in chosen]
        (folder / f"cards-{start // per_file:03}.yaml").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    return abilities


def best(fn: Callable[[], T], repeat: int) -> tuple[float, T]:
    """The fastest of ``repeat`` runs, in CPU seconds, and the last result."""
    times: list[float] = []
    result: T | None = None
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        times.append(time.process_time() - start)
    assert result is not None
    return min(times), result


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        abilities = generate(folder, args.cards, args.seed)

        def schema() -> CardSet:
            card_set, found = load_card_set(folder, str(folder))
            assert card_set is not None and not found, found[:3]
            return card_set

        schema_s, card_set = best(schema, args.repeat)
        rules_s, found = best(lambda: check_card_text(card_set), args.repeat)
        parse_s, context = best(lambda: parse_set(card_set), args.repeat)
        parser = context.parser
        texts = list(context.lines)
        each_s, _ = best(lambda: [parser.parse_ability(text) for text in texts], args.repeat)
        per_check = [
            (check.__name__, best(lambda c=check: c(context), args.repeat)[0]) for check in CHECKS
        ]
    codes = sorted({d.code for d in found})
    distinct = len(context.lines)
    print(f"cards generated:          {args.cards:,} (seed {args.seed}), {abilities:,} abilities")
    print(f"distinct ability lines:   {distinct:,} (each parsed once)")
    print(f"diagnostics of the rules: {len(found):,} {codes}")
    print(f"schema (load_card_set):   {schema_s:.3f} s")
    print(f"rules (check_card_text):  {rules_s:.3f} s")
    print(
        f"  parse:                  {parse_s:.3f} s  {parse_s / abilities * 1e6:.1f} µs per ability"
    )
    print(f"  parse of one line:      {each_s / len(texts) * 1e6:.1f} µs per distinct line")
    for name, seconds in per_check:
        print(f"  {name + ':':<23} {seconds:.3f} s")
    print(f"rules per ability:        {rules_s / abilities * 1e6:.1f} µs (parse and every check)")
    ratio = (schema_s + rules_s) / schema_s
    print(f"(schema + rules) / schema: {ratio:.2f}x  (goal <= 1.5x)")
    # Were no two lines alike, every ability would cost a parse of its own.
    unshared = rules_s - parse_s + each_s / len(texts) * abilities
    print(f"  with no line shared:    {(schema_s + unshared) / schema_s:.2f}x  (estimate)")


if __name__ == "__main__":
    main()

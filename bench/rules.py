"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Rules-text parse throughput: microseconds per line of rules text.

Every line of rules text of the Star Realms cards, repeated to about 10,000 texts. The headline
is ``parser.parse_new(text)``: each text parsed afresh by a parser held in hand (built once
before timing, as a run of ``cardkit validate`` would), the honest figure for text not seen
before (goal: 40 µs or less). The memoized figures follow, labelled: the parser answers a
text it has parsed before from memory, as a run over a card set does for repeated lines
("+1 Action"), through ``parse_ability`` (the public API, game lookup included) or the parser
held in hand. Times are CPU time of this process (``time.process_time``), the fastest of
``--repeat`` runs, so that other work on a shared machine slows the figures less; the last
line says whether the parse loop (cardkit/rules/lalr.py) is the mypyc-compiled one.

    python bench/rules.py [--texts 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.rules import lalr, parse_ability, rules_parser

GAME = Path(__file__).resolve().parent.parent / "cards" / "star-realms"


def best(parse: Callable[[str], object], texts: list[str], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in microseconds per text."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for text in texts:
            parse(text)
        times.append(time.process_time() - start)
    return min(times) / len(texts) * 1e6


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    card_set, found = load_card_set(GAME, str(GAME))
    assert card_set is not None and not found, found[:3]
    game = card_set.game
    lines = [line for card in card_set.cards for line in card.text.split("\n") if line.strip()]
    texts = (lines * (args.texts // len(lines) + 1))[: args.texts]
    held = rules_parser(game)  # built here, outside the timing
    fresh = best(lambda text: held.parse_new(text), texts, args.repeat)
    api = best(lambda text: parse_ability(text, game), texts, args.repeat)
    direct = best(held.parse_ability, texts, args.repeat)
    print(f"ability texts parsed:   {len(texts):,} ({len(lines)} card lines, repeated)")
    print(f"fresh parse, parser.parse_new(text): {fresh:.1f} µs per line  (goal <= 40 µs)")
    print(f"memoized, parse_ability(text, game): {api:.1f} µs per line")
    print(f"memoized, parser.parse_ability(text): {direct:.1f} µs per line")
    compiled = lalr.__file__ is not None and not lalr.__file__.endswith(".py")
    print(f"parse loop (cardkit/rules/lalr.py): {'compiled' if compiled else 'pure Python'}")


if __name__ == "__main__":
    main()

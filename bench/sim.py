"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Simulator throughput: games per second on one core, greedy against greedy, Star Realms (or
another sample game, ``--game cards/hearthfield`` for the supply family).

Plays ``--games`` seeded games in this process (one core), best of ``--repeat`` runs, and
compares with the reference engines measured on this kind of machine (a public pure-Python
Star Realms engine, about 260 games/s per core; a Java one, about 790) and with a floor
measured in the same run: one bare ``random.shuffle`` of a 10-card deck per game turn, the
least work any engine must do; and with the ``simple`` bot (the first heuristic, cheaper and
weaker than ``greedy``), so that the cost of the bot's own thinking shows. Times are CPU time
of this process (``time.process_time``), so that other work on a shared machine slows the
figures less; still, run it with nothing else busy.

The figures are for the simulator as installed: compiled with mypyc by ``pip install .``, pure
Python in an editable install; ``PYTHONPATH=. python bench/sim.py`` runs the sources as they
are (pure Python) whatever is installed.

    python bench/sim.py [--game cards/star-realms] [--games 2000] [--repeat 3] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.sim import compiled
from cardkit.sim.pool import build_pool
from cardkit.sim.runner import play_games

GAME = Path(__file__).resolve().parent.parent / "cards" / "star-realms"
REFERENCES = (("public pure-Python engine", 260.0), ("public Java engine", 790.0))
GOAL = 2000.0


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", type=Path, default=GAME, help="a game folder with 'play:'")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    card_set, found = load_card_set(args.game, str(args.game))
    assert card_set is not None and not found, found[:3]
    pool, found = build_pool(card_set)
    assert pool is not None, found[:3]
    play_games(pool, ("greedy", "greedy"), 0, 0, 20)  # compile and warm up outside the timing
    times, walls, simple_times = [], [], []
    tally = None
    for _ in range(args.repeat):
        start, wall = time.process_time(), time.perf_counter()
        tally = play_games(pool, ("greedy", "greedy"), 1, 0, args.games)
        times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
        start = time.process_time()
        simple = play_games(pool, ("simple", "simple"), 1, 0, args.games)
        simple_times.append(time.process_time() - start)
    assert tally is not None
    rate = args.games / min(times)
    turns = tally.turns
    deck = list(range(10))
    start = time.process_time()
    for _ in range(turns * 5):
        random.shuffle(deck)
    floor = args.games * 5 / (time.process_time() - start)
    engine = (
        "compiled with mypyc"
        if compiled()
        else "pure Python (an editable install, or no C compiler at install)"
    )
    print(
        f"{card_set.game.name}: {args.games:,} games greedy vs greedy, "
        f"{turns / args.games:.1f} turns a game"
    )
    print(f"engine and bots: {engine}")
    print(f"cardkit sim: {rate:,.0f} games/s on one core (goal {GOAL:,.0f}), by CPU time")
    median = args.games / statistics.median(times)
    print(f"  the median of the {args.repeat} runs: {median:,.0f} games/s")
    wall_rate = args.games / min(walls)
    print(f"  by the wall clock: {wall_rate:,.0f} games/s (lower when the CPUs are shared)")
    simple_rate = args.games / min(simple_times)
    print(
        f"  the simple bot: {simple_rate:,.0f} games/s, {simple.turns / args.games:.1f} turns a "
        f"game; greedy at {rate / simple_rate:.0%} of its speed"
    )
    for name, reference in REFERENCES:
        print(f"  {rate / reference:.2f}x the {name} ({reference:,.0f} games/s)")
    print(
        f"  floor (one 10-card shuffle per turn only): {floor:,.0f} games/s, "
        f"cardkit at {rate / floor:.1%} of it"
    )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_games(pool, ("greedy", "greedy"), 2, 0, min(args.games, 500))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()

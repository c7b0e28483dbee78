"""Win-rate intervals and sweeps: Wilson and Newcombe against published values; exact tallies."""

from __future__ import annotations

import pytest
from sim_helpers import star_pool

from cardkit.sim.runner import Tally, play_games, run_sweep
from cardkit.sim.stats import Rate, difference, summarize, wilson


def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_interval_matches_the_published_example() -> None:
    # Newcombe (1998), method 10, example (a): 56/70 - 48/80 = 0.2000, 0.0524 to 0.3339
    d, low, high = difference(Rate(56, 70), Rate(48, 80))
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)


def test_a_sweep_gives_the_same_tally_on_one_process_or_two() -> None:
    pool = star_pool()
    one = run_sweep(pool, ("greedy", "greedy"), games=60, seed=5, jobs=1)
    two = run_sweep(pool, ("greedy", "greedy"), games=60, seed=5, jobs=2)
    assert one == two
    assert one.games == 60 and sum(one.slot_wins) + one.draws == 60


def test_batches_add_up_to_the_whole_sweep() -> None:
    pool = star_pool()
    whole = play_games(pool, ("greedy", "random"), 9, 0, 30)
    parts = Tally()
    for start in (0, 10, 20):
        parts.add(play_games(pool, ("greedy", "random"), 9, start, start + 10))
    assert parts == whole


def test_seats_alternate_so_a_bot_wins_from_either_seat() -> None:
    pool = star_pool()
    tally = play_games(pool, ("greedy", "random"), 3, 0, 40)
    assert tally.slot_wins[0] >= 38  # greedy beats random from both seats
    summary = summarize(tally, pool, ("greedy", "random"))
    assert summary.slots[0].n == 40
    assert summary.slots[0].interval[0] > 0.8


def test_per_card_figures_count_each_player_game_once() -> None:
    pool = star_pool()
    tally = play_games(pool, ("greedy", "greedy"), 1, 0, 50)
    summary = summarize(tally, pool, ("greedy", "greedy"))
    for row in summary.cards:
        assert row.bought.n + row.not_bought.n == 100
        assert sum(rate.n for _, rate in row.by_round) == row.bought.n
    explorer = next(row for row in summary.cards if row.id == "explorer")
    assert explorer.copies_per_game >= explorer.bought.n / 50


@pytest.mark.parametrize("games", [1, 7])
def test_tiny_sweeps_work(games: int) -> None:
    tally = run_sweep(star_pool(), ("random", "greedy"), games=games, seed=0, jobs=2)
    assert tally.games == games


def test_a_sweep_reports_its_progress_batch_by_batch() -> None:
    seen: list[int] = []
    run_sweep(star_pool(), ("greedy", "greedy"), games=90, seed=1, jobs=2, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 90 and len(seen) > 1

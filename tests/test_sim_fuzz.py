"""Fuzzing: random bots over every card terminate, never raise, and break no invariant.

A checking bot wraps each player and verifies, before every decision the engine asks of it,
that no card was lost or duplicated between zones and that no pool went negative; the match
runs ``checked`` so that every action a bot takes must be one ``legal_actions()`` offered.
"""

from __future__ import annotations

from collections import Counter

import pytest
from sim_helpers import ROOT, format_pool, star_compiled, star_pool, star_realms

from cardkit.sim.actions import Action
from cardkit.sim.added import load_added
from cardkit.sim.bots import GreedyBot, RandomBot, View
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.engine import Match, invariant_problems
from cardkit.sim.formats import FormatMatch
from cardkit.sim.pool import SimPool, build_pool


class Checking(RandomBot):
    """A random bot that checks the match's invariants whenever it is asked to act."""

    def __init__(self, seed: int, expected: list[int]) -> None:
        super().__init__(seed)
        self.expected = expected
        self.checks = 0

    def take_action(self, view: View) -> Action:
        problems = invariant_problems(view._m, lambda: self.expected)
        assert problems == [], problems
        self.checks += 1
        return super().take_action(view)


def _every_card_pool() -> SimPool:
    """The Star Realms pool with every card, starters and Explorers too, in the trade deck."""
    pool = star_pool()
    market = tuple((i, 2) for i in range(len(pool.cards)))
    return SimPool(
        pool.setup,
        pool.resources,
        pool.factions,
        pool.cards,
        market,
        pool.starting,
        pool.pile,
        pool.pile_count,
    )


def _play(compiled: Compiled, seed: int, greedy_first: bool = False) -> tuple[Match, int]:
    probe = Match(compiled, (GreedyBot(), GreedyBot()), seed)
    expected = probe.all_cards()
    a, b = Checking(seed * 2, expected), Checking(seed * 2 + 1, expected)
    bots = (GreedyBot(), b) if greedy_first else (a, b)
    m = Match(compiled, bots, seed, checked=True)
    m.play()
    assert invariant_problems(m, lambda: expected) == []
    return m, a.checks + b.checks


@pytest.mark.parametrize("seed", range(12))
def test_random_bots_over_every_card_terminate_with_no_broken_invariant(seed: int) -> None:
    m, checks = _play(compile_pool(_every_card_pool()), seed)
    assert m.over or m.turn == m.max_turns
    assert checks > 100


@pytest.mark.parametrize("seed", range(6))
def test_greedy_against_random_on_the_standard_set_keeps_every_invariant(seed: int) -> None:
    m, _ = _play(star_compiled(), 100 + seed, greedy_first=True)
    assert m.over and m.winner == 0


@pytest.mark.parametrize("card_id", [card.id for card in star_pool().cards])
def test_each_card_in_a_trade_deck_of_its_own_is_bought_and_played_safely(card_id: str) -> None:
    pool = star_pool()
    card = pool.index(card_id)
    only = SimPool(
        pool.setup,
        pool.resources,
        pool.factions,
        pool.cards,
        ((card, 20),),
        pool.starting,
        pool.pile,
        pool.pile_count,
    )
    compiled = compile_pool(only)
    acquired: Counter[int] = Counter()
    for seed in range(2):
        m, _ = _play(compiled, seed)
        for player in (0, 1):
            acquired.update(c for c, _ in m.acquired[player])
    assert acquired[card] > 0


@pytest.mark.parametrize("seed", range(6))
def test_random_bots_with_copy_and_every_faction_cards_keep_every_invariant(seed: int) -> None:
    card_set = star_realms()
    extra = ROOT / "tests" / "fixtures" / "sim" / "every-faction-and-copy.yaml"
    added, _ = load_added(card_set, [str(extra)])
    pool, found = build_pool(card_set, added)
    assert pool is not None and found == []
    market = (*((pool.index(card.id), 10) for card in added), (pool.index("stinger"), 5))
    busy = SimPool(
        pool.setup,
        pool.resources,
        pool.factions,
        pool.cards,
        market,
        pool.starting,
        pool.pile,
        pool.pile_count,
    )
    m, checks = _play(compile_pool(busy), seed)
    assert checks > 100
    bought = {c for player in (0, 1) for c, _ in m.acquired[player]}
    assert bought & {pool.index(card.id) for card in added}


@pytest.mark.parametrize(("players", "fmt"), [(3, "free-for-all"), (4, "hunter")])
def test_random_bots_in_the_formats_of_more_players_keep_every_invariant(
    players: int, fmt: str
) -> None:
    pool = format_pool(players, fmt)
    compiled = compile_pool(pool)
    checks = 0
    for seed in range(4):
        expected = FormatMatch(compiled, [GreedyBot()] * players, seed).all_cards()
        bots = [Checking(seed * 8 + k, expected) for k in range(players)]
        m = FormatMatch(compiled, bots, seed, checked=True)
        m.play()
        assert invariant_problems(m, lambda expected=expected: expected) == []
        checks += sum(b.checks for b in bots)
    assert checks > 500

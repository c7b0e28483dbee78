"""The built-in bots play the supply family (Hearthfield): phases, buys, attacks, the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.app.game import open_game
from cardkit.sim.actions import END, PLAY, PLAY_ALL, Action, Worth
from cardkit.sim.bots import GreedyBot
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.engine import invariant_problems
from cardkit.sim.pool import build_pool
from cardkit.sim.runner import make_bots, run_sweep
from cardkit.sim.strategy import BuyRule, Strategy, StrategyBot
from cardkit.sim.supply import SupplyMatch
from cardkit.sim.supplyplay import SupplyPlayer, tables
from cardkit.sim.view import View

HEARTHFIELD = Path(__file__).parent.parent / "cards" / "hearthfield"
BIG_MONEY = Strategy(
    "big-money", (BuyRule("castle", 8), BuyRule("sovereign", 6), BuyRule("shilling", 3))
)


def _compiled() -> Compiled:
    card_set, found = open_game(HEARTHFIELD)
    assert card_set is not None, found
    pool, found = build_pool(card_set)
    assert pool is not None, found
    return compile_pool(pool)


COMPILED = _compiled()


def _everything(compiled: Compiled) -> list[int]:
    cards = list(compiled.starting_deck) * compiled.pool.setup.players
    for c, n in compiled.pool.supply:
        cards += [c] * n
    return cards


class Recorder:
    """A bot that plays as another and notes each action with the hand it was taken from."""

    def __init__(self, inner: GreedyBot) -> None:
        self.inner = inner
        self.name = inner.name
        self.log: list[tuple[Action, list[int], int]] = []

    def take_action(self, view: View) -> Action:
        action = self.inner.take_action(view)
        actions_left = view.amount(view.compiled.env.resources["action"])
        self.log.append((action, list(view.hand), actions_left))
        return action

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        return self.inner.choose_option(view, options)

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        return self.inner.choose_discard(view, least, most)

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        return self.inner.choose_banish(view, candidates, least, most)

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        return self.inner.choose_acquire(view, options)

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        return self.inner.choose_base(view, options, optional)

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        return self.inner.choose_from_discard(view, options)

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        return self.inner.choose_copy(view, options)


@pytest.mark.parametrize(
    "bots", [("greedy", "greedy"), ("random", "greedy"), ("simple", "random"), ("mc", "greedy")]
)
def test_every_built_in_bot_plays_hearthfield_to_its_end_by_the_rules(
    bots: tuple[str, str],
) -> None:
    games = 2 if "mc" in bots else 12
    for seed in range(games):
        match = SupplyMatch(COMPILED, make_bots(bots, seed), seed, checked=True)
        outcome = match.play()
        assert match.over and not outcome.timeout, (bots, seed)
        assert not invariant_problems(match, lambda: _everything(COMPILED))
        left = dict(zip(match.pile_cards, match.left, strict=True))
        assert left[COMPILED.pool.index("castle")] == 0 or list(match.left).count(0) >= 3
        if outcome.winner is None:  # a draw only as the rules say: same points, same turns
            assert len(set(outcome.life)) == 1 and len(set(match.turns_taken)) == 1


def test_a_sweep_of_hearthfield_has_no_draw_at_the_turn_limit() -> None:
    tally = run_sweep(COMPILED.pool, ("greedy", "random"), games=200, seed=7)
    assert tally.games == 200 and tally.timeouts == 0
    assert tally.draws < 20  # ties by the rules: equal points after equal turns


def test_greedy_plays_actions_before_treasures_and_villages_first() -> None:
    recorders = [Recorder(GreedyBot(1)), Recorder(GreedyBot(2))]
    for seed in range(6):
        for r in recorders:
            r.log.clear()
        SupplyMatch(COMPILED, recorders, seed, checked=True).play()
        t = tables(COMPILED)
        for recorder in recorders:
            treasures_played = False
            for action, hand, actions_left in recorder.log:
                if action[0] == END:
                    treasures_played = False
                    continue
                if action[0] == PLAY_ALL:
                    treasures_played = True
                    # no Action card was left unplayed while the turn had actions
                    assert actions_left == 0 or not any(
                        t.playable[c] and not t.free[c] for c in hand
                    )
                elif action[0] == PLAY:
                    assert not treasures_played
                    played = hand[action[1]]
                    if t.terminal[played]:  # a village in the hand would have gone first
                        assert not any(t.village[c] for c in hand)


def test_greedy_beats_big_money_and_buys_victory_cards() -> None:
    wins = 0
    castles = 0
    castle = COMPILED.pool.index("castle")
    for seed in range(80):
        first = seed % 2
        bots = [GreedyBot(seed), StrategyBot(BIG_MONEY)]
        order = [bots[first], bots[1 - first]]
        outcome = SupplyMatch(COMPILED, order, seed).play()
        greedy_seat = 0 if first == 0 else 1
        wins += outcome.winner == greedy_seat
        castles += sum(1 for c, _ in outcome.acquired[greedy_seat] if c == castle)
    assert wins > 48  # more than 60% of 80 games
    assert castles > 80 * 2


def test_the_attacked_player_discards_what_does_nothing_first() -> None:
    match = SupplyMatch(COMPILED, make_bots(("greedy", "greedy"), 3), 3)
    index = COMPILED.pool.index
    match.hand[1][:] = [index("sovereign"), index("blight"), index("castle"), index("forge")]
    match.hand[1].append(index("penny"))
    match.hand[0][0] = index("footpads")
    match.apply((PLAY, 0))
    assert sorted(COMPILED.pool.cards[c].id for c in match.hand[1]) == [
        "forge",
        "penny",
        "sovereign",
    ]


def test_a_thinning_card_scraps_curses_and_cheap_victory_cards_early() -> None:
    match = SupplyMatch(COMPILED, make_bots(("greedy", "greedy"), 4), 4)
    index = COMPILED.pool.index
    match.hand[0][:] = [index("almshouse"), index("blight"), index("cottage"), index("shilling")]
    match.apply((PLAY, 0))
    assert sorted(COMPILED.pool.cards[c].id for c in match.removed) == ["blight", "cottage"]
    assert [COMPILED.pool.cards[c].id for c in match.hand[0]] == ["shilling"]


def test_greedy_buys_the_card_of_most_points_once_its_deck_has_money() -> None:
    match = SupplyMatch(COMPILED, make_bots(("greedy", "greedy"), 5), 5)
    player = SupplyPlayer(COMPILED)
    view = match.views[0]
    match.pool[match.acq] = 8
    assert COMPILED.pool.cards[match.pile_cards[player.choose_buy(view)]].id != "castle"
    sovereign = COMPILED.pool.index("sovereign")
    match.discard[0] += [sovereign] * 3
    match.views[0].round += 1
    assert COMPILED.pool.cards[match.pile_cards[player.choose_buy(view)]].id == "castle"


def test_a_sweep_of_four_players_counts_four_player_games_a_game(tmp_path: Path) -> None:
    import shutil

    from cardkit.sim.stats import summarize

    folder = tmp_path / "hf"
    shutil.copytree(HEARTHFIELD, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("players: 2", "players: 4"), encoding="utf-8")
    card_set, found = open_game(folder)
    assert card_set is not None, found
    pool, found = build_pool(card_set)
    assert pool is not None, found
    tally = run_sweep(pool, ("greedy", "random"), games=40, seed=2)
    assert tally.seats == 160 and tally.timeouts == 0
    summary = summarize(tally, pool, ("greedy", "random"))
    castle = next(row for row in summary.cards if row.id == "castle")
    assert castle.bought.n + castle.not_bought.n == 160
    assert sum(rate.wins for rate in summary.slots) + summary.draws == 40

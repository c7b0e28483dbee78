"""Strategies as data for a game with a market row, and the round robin that ranks them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sim_helpers import STAR_REALMS, idx, star_compiled, star_pool

from cardkit.app.strategy import load_strategy
from cardkit.cli import main
from cardkit.sim.actions import ACQUIRE, END_TURN, PILE
from cardkit.sim.engine import Match
from cardkit.sim.guided import GuidedBot
from cardkit.sim.league import round_robin
from cardkit.sim.runner import play_game
from cardkit.sim.strategy import BuyRule, Strategy

SHIPPED = STAR_REALMS / "strategies"


def _load(path: Path) -> Strategy:
    pool = star_pool()
    strategy, found = load_strategy(
        path, path.name, cards={c.id for c in pool.cards}, factions=pool.factions
    )
    assert strategy is not None and found == [], found
    return strategy


def test_the_shipped_strategy_files_load_against_the_game() -> None:
    blob = _load(SHIPPED / "blob-only.yaml")
    assert blob.bot == "greedy" and blob.factions == ("blob",)
    assert blob.buy[0] == BuyRule("blob-alpha", 6)
    assert blob.buy[2] == BuyRule("blob-miner", 2, fewer_than=2)
    plain = _load(SHIPPED / "no-explorers.yaml")
    assert plain.never == ("explorer",) and plain.buy == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "name: x\nbot: greed\nbuy: []\n",
            "x.yaml:2:6: error[CK408] 'bot' is one of the built-in bots: "
            "random, simple, greedy, mc",
        ),
        (
            "name: x\nbot: greedy\nnever: [explorr]\nbuy: []\n",
            "x.yaml:3:9: error[CK408] unknown card 'explorr' (did you mean 'explorer'?)",
        ),
        (
            "name: x\nbot: greedy\nfactions: [blobs]\nbuy: []\n",
            "x.yaml:3:12: error[CK408] the game has no faction 'blobs'",
        ),
        (
            "name: x\nbot: greedy\nbuy:\n  - {card: blob-alfa, coins: 6}\n",
            "x.yaml:4:12: error[CK408] unknown card 'blob-alfa' (did you mean 'blob-alpha'?)",
        ),
        (
            "name: x\nbot: greedy\nbuy:\n  - {card: crusher, coins: x}\n",
            "x.yaml:4:28: error[CK408] 'coins' of a buy rule is a whole number, 0 or more",
        ),
        (
            "name: x\nbots: greedy\nbuy: []\n",
            "x.yaml:2:1: error[CK408] unknown key 'bots' of a strategy "
            "(known: bot, buy, factions, name, never, play)",
        ),
    ],
)
def test_a_strategy_file_names_only_the_games_cards_factions_and_bots(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(text)
    pool = star_pool()
    strategy, found = load_strategy(
        path, "x.yaml", cards={c.id for c in pool.cards}, factions=pool.factions
    )
    assert strategy is None
    assert [str(d) for d in found] == [expected]


def _buying(bot: GuidedBot, market: list[str], trade: int) -> tuple[Match, object]:
    m = Match(star_compiled(), (bot, GuidedBot(Strategy("other", (), bot="greedy"))), 1)
    m.market[:] = [idx(c) for c in market]
    m.hand[0][:] = []
    m.pool[0] = trade
    return m, bot.take_action(m.views[0])


def test_a_guided_bot_buys_by_its_rules_and_never_what_it_rules_out() -> None:
    row = ["blob-alpha", "federation-battleship", "scout", "viper", "crusher"]
    only_blob = GuidedBot(Strategy("blob", (), bot="greedy", factions=("blob",)))
    _, action = _buying(only_blob, row, 8)
    assert action == (ACQUIRE, 0)  # Blob Alpha; greedy alone might take the Battleship
    rule = GuidedBot(Strategy("c", (BuyRule("crusher", 3),), bot="greedy"))
    _, action = _buying(rule, row, 8)
    assert action == (ACQUIRE, 4)  # the rule first, though greedy values others more
    _, action = _buying(rule, row, 2)
    assert action[0] != ACQUIRE or action[1] != 4  # the Crusher costs 3
    never = GuidedBot(Strategy("n", (), bot="greedy", never=("explorer",)))
    dear = ["blob-alpha", "federation-battleship", "hive-queen", "blob-alpha", "hive-queen"]
    _, action = _buying(never, dear, 2)
    assert action == END_TURN  # greedy would take an Explorer from the pile
    greedy = GuidedBot(Strategy("g", (), bot="greedy"))
    _, action = _buying(greedy, dear, 2)
    assert action == (ACQUIRE, PILE)


def test_a_blob_only_player_acquires_only_blob_cards_and_explorers_in_whole_games() -> None:
    blob = _load(SHIPPED / "blob-only.yaml")
    pool = star_pool()
    for game in range(30):
        outcome = play_game(star_compiled(), (blob, "greedy"), 3, game)
        seat = game % 2  # slot A (the strategy) moves first in even games
        for card, _ in outcome.acquired[seat]:
            factions = pool.cards[card].factions
            assert not factions or "blob" in factions, pool.cards[card].id


def test_a_round_robin_is_the_same_on_one_process_or_two() -> None:
    entrants = ("greedy", _load(SHIPPED / "no-explorers.yaml"), "simple")
    one = round_robin(star_pool(), entrants, games=40, seed=4, jobs=1)
    two = round_robin(star_pool(), entrants, games=40, seed=4, jobs=2)
    assert one == two
    assert [(p.a, p.b) for p in one.pairings] == [(0, 1), (0, 2), (1, 2)]
    assert all(p.a_wins + p.b_wins + p.draws == 40 for p in one.pairings)
    assert one.score(0, 2) == 1 - (one.score(2, 0) or 0)


def test_the_round_robin_command_prints_a_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = f"simple,greedy,{SHIPPED / 'no-explorers.yaml'},blob-only"  # a path; a shipped stem
    args = [str(STAR_REALMS), "--round-robin", bots, "--games", "20", "--jobs", "1"]
    status = main(["sim", *args, "-o", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "round robin, 20 games a pair" in out and "no-explorers" in out
    report = json.loads((tmp_path / "round-robin.json").read_text())
    assert report["bots"] == ["simple", "greedy", "no-explorers", "blob-only"]
    assert len(report["pairs"]) == 6 and report["games_per_pair"] == 20
    status = main(["sim", *args[:2], "greedy,nope", "-o", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2 and "'nope' is neither a bot" in err

"""`sim --log N`: whole games turn by turn, the very games the sweep counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sim_helpers import STAR_REALMS, star_compiled, star_pool

from cardkit.cli import main
from cardkit.sim.gamelog import log_games, readable
from cardkit.sim.runner import play_game


def test_logged_games_are_the_games_the_sweep_plays() -> None:
    pool, compiled = star_pool(), star_compiled()
    events = log_games(pool, ("greedy", "simple"), 7, 4)
    results = [e for e in events if e["event"] == "result"]
    assert [e["game"] for e in results] == [0, 1, 2, 3]
    for e in results:
        outcome = play_game(compiled, ("greedy", "simple"), 7, e["game"])
        first_slot = e["game"] % 2  # slot A moves first in even games
        slot_of_seat = ("AB"[first_slot], "AB"[1 - first_slot])
        assert e["turns"] == outcome.turns
        expected = None if outcome.winner is None else slot_of_seat[outcome.winner]
        assert e["winner"] == expected
        bought = [
            x["card"]
            for x in events
            if x["game"] == e["game"] and x["event"] in ("buy", "gain") and x["slot"] == "A"
        ]
        seat_a = slot_of_seat.index("A")
        assert bought == [pool.cards[c].id for c, _ in outcome.acquired[seat_a]]


def test_the_readable_log_has_a_line_per_turn_and_the_result() -> None:
    pool = star_pool()
    events = log_games(pool, ("greedy", "greedy"), 1, 1)
    text = readable(events, {card.id: card.name for card in pool.cards})
    lines = text.splitlines()
    assert lines[0] == "game 0 (seed 1): A greedy, B greedy; A moves first"
    turns = [e for e in events if e["event"] == "turn"]
    assert len([line for line in lines if line.startswith("  round ")]) == len(turns)
    assert lines[1].startswith("  round 1, A (life 50 vs 50), hand Scout, ")
    assert "plays Scout" in lines[1] and "buys " in text and "attacks for " in text
    result = events[-1]
    assert lines[-1] == (
        f"  {result['winner']} wins after {result['turns']} turns "
        f"(life: A {result['life']['A']}, B {result['life']['B']})"
    )


def test_cli_log_writes_text_and_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["sim", str(STAR_REALMS), "--games", "6", "--log", "2", "-o", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 0, err
    assert f"wrote {tmp_path / 'games.txt'}" in err
    events = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [e["game"] for e in events if e["event"] == "start"] == [0, 1]
    assert {e["event"] for e in events} >= {"start", "turn", "play", "buy", "attack", "result"}
    text = (tmp_path / "games.txt").read_text()
    assert text.startswith("game 0 (seed 1)") and "\ngame 1 (seed 1)" in text
    report = json.loads((tmp_path / "report.json").read_text())
    wins = [e["winner"] for e in events if e["event"] == "result"]
    assert report["games"] == 6 and len(wins) == 2


def test_the_log_of_a_supply_game_replays_the_sweeps_game_with_its_buys() -> None:
    from cardkit.app.game import open_game
    from cardkit.sim.cards import compile_pool
    from cardkit.sim.pool import build_pool

    card_set, _ = open_game(Path(__file__).parent.parent / "cards" / "hearthfield")
    assert card_set is not None
    pool, _ = build_pool(card_set)
    assert pool is not None
    events = log_games(pool, ("greedy", "random"), 3, 2)
    results = [e for e in events if e["event"] == "result"]
    compiled = compile_pool(pool)
    for game, result in enumerate(results):
        outcome = play_game(compiled, ("greedy", "random"), 3, game)
        winner = None if outcome.winner is None else "AB"[(outcome.winner + game) % 2]
        assert (result["winner"], result["turns"]) == (winner, outcome.turns)
    buys = [e for e in events if e["event"] == "buy"]
    assert buys and all(e["cost"] <= e["budget"] for e in buys)
    plays = [e for e in events if e["event"] == "play" and len(e["cards"]) > 1]
    assert not any("cottage" in e["cards"] for e in plays)  # victory cards are never played


def test_a_game_won_on_points_is_logged_in_points() -> None:
    """Hearthfield is won on victory points: its turns and result show points, not a life of 0."""
    from cardkit.load.cards import load_card_set
    from cardkit.sim.pool import build_pool

    card_set, _ = load_card_set(STAR_REALMS.parent / "hearthfield", "hearthfield")
    pool, problems = build_pool(card_set)
    assert pool is not None, problems
    events = log_games(pool, ("greedy", "greedy"), 1, 1)
    turns = [e for e in events if e["event"] == "turn"]
    assert turns and all("points" in e and "life" not in e for e in turns)
    assert turns[0]["points"] == [3, 3]  # three Cottages of 1 point each in every starting deck
    result = events[-1]
    assert result["points"]["A"] + result["points"]["B"] > 6 and "life" not in result
    text = readable(events, {card.id: card.name for card in pool.cards}).splitlines()
    assert text[1].startswith("  round 1, A (points 3 vs 3), hand ")
    assert text[-1].endswith(f"(points: A {result['points']['A']}, B {result['points']['B']})")

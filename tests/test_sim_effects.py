"""Card effects by intervention: paired games with common random numbers, flags, sizing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sim_helpers import ROOT, STAR_REALMS, idx, star_compiled, star_pool, star_realms

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.sim.added import load_added
from cardkit.sim.effects import Effect, flag, measure, measured_cards, stages
from cardkit.sim.engine import Match
from cardkit.sim.pool import SimPool, build_pool
from cardkit.sim.runner import make_bots, play_game, play_scored, play_without

PLANTED = ROOT / "tests" / "fixtures" / "sim" / "planted.yaml"
TINY = ROOT / "tests" / "fixtures" / "sim" / "tiny-game"


def _planted_pool() -> SimPool:
    added, found = load_added(star_realms(), [str(PLANTED)])
    pool, more = build_pool(star_realms(), added)
    assert pool is not None and not found + more, found + more
    return pool


def test_a_banned_card_is_never_acquired_by_slot_a_and_the_opponent_still_buys_it() -> None:
    compiled = star_compiled()
    explorer = idx("explorer")
    for game in range(6):
        outcome = play_game(compiled, ("greedy", "greedy"), 3, game, explorer)
        slot_a = game % 2  # slot A moves first in even games: seat 0 then, seat 1 in odd games
        assert explorer not in {card for card, _ in outcome.acquired[slot_a]}
    opponents = [
        card
        for game in range(6)
        for card, _ in play_game(compiled, ("greedy", "greedy"), 3, game, explorer).acquired[
            1 - game % 2
        ]
    ]
    assert explorer in opponents


def test_free_acquisitions_skip_a_banned_card() -> None:
    compiled = star_compiled()
    market = list(compiled.market_deck)
    match = Match(compiled, make_bots(("greedy", "greedy"), 1), 1, banned=[frozenset(market)])
    outcome = match.play()
    assert outcome.acquired[0] == () or all(
        card == idx("explorer") for card, _ in outcome.acquired[0]
    )


def test_paired_games_are_the_same_games_when_the_card_is_never_bought() -> None:
    pool = _planted_pool()
    shrine = pool.index("planted-shrine")  # cost 6, Gain 1 Authority: the bot never buys it
    _, baseline = play_scored(pool, ("greedy", "greedy"), 5, 0, 30)
    assert play_without(pool, ("greedy", "greedy"), 5, shrine, 0, 30) == baseline
    hawk = pool.index("frontier-hawk")  # bought often: some games go otherwise
    assert play_without(pool, ("greedy", "greedy"), 5, hawk, 0, 30) != baseline


def test_stages_double_up_to_the_cap() -> None:
    assert stages(1000) == [400, 800, 1000]
    assert stages(400) == [400]
    assert stages(50) == [50]
    assert stages(3200) == [400, 800, 1600, 3200]


def test_every_acquirable_card_is_measured_once() -> None:
    pool = star_pool()
    ids = [pool.cards[i].id for i in measured_cards(pool)]
    assert len(ids) == len(set(ids))
    assert "explorer" in ids and "gateship" in ids
    assert "scout" not in ids and "viper" not in ids


def _row(name: str, effect: float, half: float, pick: float) -> Effect:
    return Effect(name, name, False, 400, effect, (effect - half, effect + half), pick, 5.0)


def test_flags_stand_out_from_the_set_and_neighbours_are_not_flagged() -> None:
    rows = [_row(f"c{k}", 0.01 * (k % 5), 0.015, 0.2 + 0.02 * (k % 4)) for k in range(20)]
    rows += [
        _row("strong", 0.07, 0.02, 0.14),  # 0.5 a game when bought: far above
        _row("good", 0.06, 0.02, 0.30),  # 0.2 when bought: a good card, not flagged
        _row("unbought", 0.0, 0.0, 0.0),
        _row("rare-but-useful", 0.006, 0.005, 0.03),  # rarely picked, but its effect is not 0
        _row("rare-useless", 0.001, 0.004, 0.03),
    ]
    flags = {row.id: row.flags for row in flag(rows)}
    assert flags["strong"] == ("CK410",)
    assert flags["good"] == ()
    assert flags["unbought"] == ("CK411",)
    assert flags["rare-but-useful"] == ()
    assert flags["rare-useless"] == ("CK411",)
    assert all(flags[f"c{k}"] == () for k in range(20))


def test_the_figures_do_not_depend_on_the_number_of_processes() -> None:
    pool, found = build_pool(_tiny())
    assert pool is not None and not found
    one = measure(pool, "greedy", seed=4, precision=0.01, games=60, jobs=1)
    two = measure(pool, "greedy", seed=4, precision=0.01, games=60, jobs=2)
    assert one == two
    assert {row.games for row in one.cards} == {60}


def _tiny() -> CardSet:
    card_set, found = load_card_set(TINY, "tiny-game")
    assert card_set is not None and not found
    return card_set


def test_cli_reports_card_effects_in_json_with_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--effects", "--games", "40", "--jobs", "1", "--format", "json", "-o", str(tmp_path)]
    status = main(["sim", str(TINY), *args])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    effects = json.loads(captured.out)["card_effects"]
    assert effects["bot"] == "greedy" and effects["max_games_per_card"] == 40
    names = {card["id"] for card in effects["cards"]}
    assert names == {"sun-knight", "moon-trader", "sun-wall", "moon-spire"}
    for card in effects["cards"]:
        low, high = card["ci95"]
        assert low <= card["effect"] <= high and card["games"] == 40
        assert 0 <= card["pick_rate"] <= 1


@pytest.mark.parametrize("value", ["0", "1.5", "x"])
def test_precision_must_be_a_share(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", str(TINY), "--effects", "--precision", value]) == 2
    assert "error: argument --precision: takes a " in capsys.readouterr().err


@pytest.mark.slow
def test_planted_cards_are_flagged_in_the_report_and_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    planted = [str(STAR_REALMS), "--add", str(PLANTED), "--effects", "--games", "400"]
    status = main(["sim", *planted, "--format", "json", "-o", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    flags = {
        card["id"]: [f["code"] for f in card["flags"]]
        for card in json.loads(captured.out)["card_effects"]["cards"]
    }
    assert flags["planted-cannon"] == ["CK410"]
    assert flags["planted-shrine"] == ["CK411"]
    assert not [card for card, codes in flags.items() if "CK410" in codes and card[:7] != "planted"]
    assert "warning[CK410] 'planted-cannon' looks overpowered" in captured.err
    assert "warning[CK411] 'planted-shrine' looks like a dead card" in captured.err
    main(["sim", *planted, "-o", str(tmp_path)])
    text = capsys.readouterr().out
    assert "overpowered" in text and "dead card" in text


HEAD_TO_HEAD = ("gateship", "federation-battleship", "frontier-hawk", "orbital-shuttle")


def _head_to_head(card: int, games: int) -> float:
    """Slot A (may buy the card) against slot B (never buys it): slot A's score less 1/2."""
    compiled = star_compiled()
    score = 0
    for game in range(games):
        first = game % 2
        never = [frozenset[int](), frozenset[int]()]
        never[1 - first] = frozenset((card,))
        seed = 10**6 + game
        order = ("greedy", "greedy")
        outcome = Match(compiled, make_bots(order, seed), seed, banned=never).play()
        score += 1 if outcome.winner is None else 2 * (outcome.winner == first)
    return score / (2 * games) - 0.5


@pytest.mark.slow
@pytest.mark.parametrize("card_id", HEAD_TO_HEAD)
def test_paired_effect_agrees_with_a_direct_head_to_head(card_id: str) -> None:
    effects = measure(
        star_pool(), "greedy", seed=1, precision=0.02, games=10_000, jobs=2, only=[card_id]
    )
    (row,) = effects.cards
    direct = _head_to_head(idx(card_id), 10_000)  # its 95% interval: about +-1 point
    low, high = row.interval
    assert low - 0.015 <= direct <= high + 0.015, (card_id, direct, row)

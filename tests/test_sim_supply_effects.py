"""Card effects in a game of supply piles: slot A never buys the card, victory and starting cards
measured but not judged, planted cards flagged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.sim.added import load_added
from cardkit.sim.cards import compile_pool
from cardkit.sim.effects import measured_cards, unjudged
from cardkit.sim.pool import SimPool, build_pool
from cardkit.sim.runner import play_game, seat_slots, slot_a_score

ROOT = Path(__file__).parent.parent
HEARTHFIELD = ROOT / "cards" / "hearthfield"
PLANTED = ROOT / "tests" / "fixtures" / "sim" / "planted-supply.yaml"


def _pool(players: int = 2) -> SimPool:
    card_set, found = load_card_set(HEARTHFIELD, "hearthfield")
    assert card_set is not None and not found, found
    if players != 2:
        from dataclasses import replace

        setup = card_set.game.play
        assert setup is not None
        card_set = replace(
            card_set, game=replace(card_set.game, play=replace(setup, players=players))
        )
    pool, problems = build_pool(card_set)
    assert pool is not None, problems
    return pool


@pytest.mark.parametrize("players", [2, 3])
def test_every_seat_of_slot_a_never_buys_the_banned_card_and_the_others_still_do(
    players: int,
) -> None:
    pool = _pool(players)
    compiled = compile_pool(pool)
    forge = pool.index("forge")  # +3 Cards: greedy buys it in most games
    others_bought = 0
    for game in range(8):
        outcome = play_game(compiled, ("greedy", "greedy"), 5, game, forge)
        for seat, slot in enumerate(seat_slots(compiled, game)):
            bought = {card for card, _ in outcome.acquired[seat]}
            if slot == 0:
                assert forge not in bought, (game, seat)
            else:
                others_bought += forge in bought
    assert others_bought >= 4


def test_slot_a_scores_the_seats_of_its_slot_round_the_table() -> None:
    pool = _pool(3)
    compiled = compile_pool(pool)
    for game in range(6):
        outcome = play_game(compiled, ("greedy", "random"), 2, game)
        slots = seat_slots(compiled, game)
        expected = 1 if outcome.winner is None else 2 * (slots[outcome.winner] == 0)
        assert slot_a_score(outcome, game) == expected


def test_the_supply_piles_are_measured_and_what_wins_or_starts_is_not_judged() -> None:
    pool = _pool()
    measured = {pool.cards[c].id for c in measured_cards(pool)}
    assert {"forge", "feast-day", "shilling", "castle"} <= measured
    assert unjudged(pool) == {"penny", "cottage", "manor", "castle", "blight"}


def test_planted_kingdom_cards_are_flagged_in_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card_set, _ = load_card_set(HEARTHFIELD, "hearthfield")
    added, found = load_added(card_set, [str(PLANTED)])
    assert not found and len(added) == 2, found
    args = ["sim", str(HEARTHFIELD), "--add", str(PLANTED), "--effects", "--games", "400"]
    status = main([*args, "--format", "json", "-o", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    rows = {card["id"]: card for card in json.loads(captured.out)["card_effects"]["cards"]}
    flags = {card_id: [f["code"] for f in row["flags"]] for card_id, row in rows.items()}
    assert flags["planted-treasury"] == ["CK410"]
    assert flags["planted-folly"] == ["CK411"]
    assert not [c for c, codes in flags.items() if "CK410" in codes and c != "planted-treasury"]
    # the best victory card matters most of all, and is measured, but never flagged
    assert rows["castle"]["effect"] > 0.2 and flags["castle"] == []
    assert "warning[CK410] 'planted-treasury' looks overpowered" in captured.err

"""The engine plays the two-player rules from the cards' effects: set-up, allies, bases, scraps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from sim_helpers import ROOT, ScriptBot, idx, match, star_compiled, star_realms

from cardkit.sim.actions import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    END_TURN,
    PILE,
    PLAY,
    PLAY_ALL,
    USE,
    USE_READY,
)
from cardkit.sim.added import load_added
from cardkit.sim.bots import GreedyBot, View
from cardkit.sim.cards import compile_pool
from cardkit.sim.engine import Match, invariant_problems
from cardkit.sim.pool import build_pool

FIXTURES = ROOT / "tests" / "fixtures" / "sim"

COMBAT, TRADE = 1, 0  # resource order in cards/star-realms/game.yaml: trade, combat, authority


def test_setup_follows_the_play_declaration() -> None:
    m = match()
    assert len(m.hand[0]) == 3 and len(m.hand[1]) == 5
    assert len(m.hand[0]) + len(m.deck[0]) == 10
    assert Counter(m.hand[1] + m.deck[1]) == {idx("scout"): 8, idx("viper"): 2}
    assert len(m.market) == 5 and len(m.market_deck) == 75
    assert m.pile == idx("explorer") and m.pile_count == 10
    assert m.life == [50, 50]


def test_an_bond_ability_is_ready_once_another_card_of_its_faction_is_in_play() -> None:
    m = match()
    m.hand[0][:] = [idx("viper"), idx("stinger"), idx("stinger"), idx("stinger")]
    m.apply((PLAY, 3))
    assert m.pool[COMBAT] == 3 and m.ready == 0
    m.apply((PLAY, 2))
    assert m.pool[COMBAT] == 6 and m.ready == 2  # 3 + 3, and each Stinger's ally is ready
    m.apply(USE_READY)
    assert m.pool[COMBAT] == 12 and m.ready == 0
    m.apply((PLAY, 1))
    assert m.ready == 1  # the third Stinger's ally; the others were used once
    m.apply(USE_READY)
    assert m.pool[COMBAT] == 18
    m.apply((PLAY, 0))
    assert m.pool[COMBAT] == 19 and m.ready == 0  # a Viper has no faction: no ally again


def test_a_double_bond_ability_needs_two_other_cards_of_the_faction() -> None:
    m = match()
    m.deck[0] = [idx("scout")]
    m.hand[0][:] = [idx("crusher"), idx("stinger"), idx("hive-queen")]
    m.apply((PLAY, 2))  # Hive Queen: 7 Combat, draw the Scout
    assert m.pool[COMBAT] == 7 and m.hand[0][-1] == idx("scout")
    m.apply((PLAY, 1))  # Stinger: 3, its ally 3, the Queen's ally 3
    m.apply(USE_READY)
    assert m.pool[COMBAT] == 16
    m.apply((PLAY, 0))  # Crusher: 6, its ally 2 Trade, the Queen's double ally 3
    m.apply(USE_READY)
    assert (m.pool[COMBAT], m.pool[TRADE]) == (25, 2)


def test_outposts_protect_their_owner_and_other_bases() -> None:
    m = match()
    m.bases[1][:] = [idx("spike-cluster"), idx("defense-system")]
    m.base_fired[1] = [0, 0]
    m.pool[COMBAT] = 10
    attacks = [a for a in m.legal_actions() if a[0] in (ATTACK_BASE, ATTACK_PLAYER)]
    assert attacks == [(ATTACK_BASE, 1)]
    m.apply((ATTACK_BASE, 1))
    assert m.discard[1] == [idx("defense-system")] and m.pool[COMBAT] == 5
    attacks = [a for a in m.legal_actions() if a[0] in (ATTACK_BASE, ATTACK_PLAYER)]
    assert attacks == [(ATTACK_BASE, 0), (ATTACK_PLAYER, 0)]


def test_a_base_primary_ability_is_ready_each_turn_and_used_when_the_player_chooses() -> None:
    m = match()
    m.bases[0][:] = [idx("integration-port")]
    m.base_fired[0] = [1]
    m.start_turn()
    assert m.pool[TRADE] == 0 and m.ready == 1 and (USE, 0) in m.legal_actions()
    m.apply((USE, 0))
    assert m.pool[TRADE] == 1 and m.ready == 0 and (USE, 0) not in m.legal_actions()


def test_a_banish_ability_banishs_the_card_and_an_explorer_goes_back_to_its_pile() -> None:
    m = match()
    m.hand[0][:] = [idx("stinger"), idx("explorer")]
    m.pile_count -= 1
    m.apply((PLAY, 0))
    m.apply((PLAY, 0))
    assert (BANISH, 0) in m.legal_actions() and (BANISH, 1) in m.legal_actions()
    m.apply((BANISH, 1))  # the Explorer: 2 Combat
    assert m.pile_count == 10 and m.pool[COMBAT] == 5
    m.apply((BANISH, 0))  # the Stinger: 1 Trade
    assert m.removed == [idx("stinger")] and m.pool[TRADE] == 3


def test_a_card_banished_for_its_ability_can_return_from_the_banish_heap_at_end_of_turn() -> None:
    m = match()
    m.bases[0][:] = [idx("mobile-market")]
    m.base_fired[0] = [1]
    hand = len(m.hand[0])
    m.apply((BANISH, 0))
    assert m.life[0] == 52 and len(m.hand[0]) == hand + 1
    assert m.removed == [idx("mobile-market")]
    m.end_turn()
    assert m.removed == [] and idx("mobile-market") in m.discard[0] + m.hand[0] + m.deck[0]


def test_gain_for_each_card_banished_this_turn_counts_the_card_itself() -> None:
    m = match()
    m.hand[0][:] = [idx("stinger")]
    m.bases[0][:] = [idx("reclamation-station")]
    m.base_fired[0] = [1]
    m.apply((PLAY, 0))
    m.apply((BANISH, 0))  # the Stinger
    m.pool[COMBAT] = 0
    m.apply((BANISH, 0))  # the station: 3 Combat for each of the 2 cards scrapped
    assert m.pool[COMBAT] == 6


class _BanishesFirst(ScriptBot):
    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        return [0][:most]


def test_if_you_do_follows_whether_the_card_was_banished() -> None:
    m = match(bots=(_BanishesFirst(), ScriptBot()))
    m.hand[0][:] = [idx("viper"), idx("conversion-yard")]
    m.apply((PLAY, 1))
    m.apply((USE, 0))  # the base's ability: the bot scraps the Viper from its hand
    assert m.pool[COMBAT] == 4 and m.removed == [idx("viper")]
    m2 = match(bots=(_BanishesFirst(), ScriptBot()))
    m2.hand[0][:] = [idx("conversion-yard")]
    m2.apply((PLAY, 0))
    m2.apply((USE, 0))  # nothing in hand to scrap
    assert m2.pool[COMBAT] == 0


def test_gain_equal_to_its_cost_uses_the_card_banished_from_the_market_row() -> None:
    m = match()
    m.market[:] = [idx("scout"), idx("blob-alpha"), idx("stinger"), idx("crusher"), idx("viper")]
    m.hand[0][:] = [idx("pulverizer")]
    deck = len(m.market_deck)
    m.apply((PLAY, 0))
    assert m.pool[COMBAT] == 6 and idx("blob-alpha") in m.removed
    assert len(m.market) == 5 and len(m.market_deck) == deck - 1


def test_target_opponent_discards_from_their_hand() -> None:
    m = match()
    m.hand[0][:] = [idx("cargo-craft")]
    m.apply((PLAY, 0))
    assert len(m.hand[1]) == 4 and len(m.discard[1]) == 1 and m.pool[TRADE] == 2


def test_drawing_from_an_empty_deck_shuffles_the_discard_pile_into_a_new_deck() -> None:
    m = match()
    m.deck[0] = [idx("scout")]
    m.discard[0][:] = [idx("viper")] * 4
    m.hand[0][:] = []
    assert m.draw(0, 3) == 3
    assert m.hand[0] == [idx("scout"), idx("viper"), idx("viper")]
    assert len(m.deck[0]) == 2 and m.discard[0] == []


def test_a_view_holds_the_match_lists_through_a_reshuffle_and_the_end_of_a_turn() -> None:
    m = match()
    view = m.views[0]
    m.deck[0][:] = [idx("scout")]
    m.discard[0][:] = [idx("viper")] * 4
    m.hand[0][:] = []
    m.draw(0, 3)
    assert view.hand is m.hand[0] and view.hand == [idx("scout"), idx("viper"), idx("viper")]
    assert view.discard is m.discard[0] and view.discard == [] and view.deck_size(0) == 2
    m.pool[TRADE], m.pool[COMBAT] = 4, 3
    assert (view.budget, view.strength) == (4, 3)
    m.end_turn()
    assert (view.budget, view.strength) == (0, 0) and view.discard is m.discard[0]
    assert view.hand is m.hand[0] and len(view.hand) == 5
    sample = view.sample([GreedyBot(1), GreedyBot(2)], 7)
    assert sample.views[1].hand is sample.hand[1] and sample.hand[1] is not m.hand[1]
    assert (view.own_bases, view.opponent_bases) == (m.bases[0], m.bases[1])
    m.life[1] -= 5
    m.end_turn()
    assert (view.round, view.lives) == (2, [50, 45])
    m.end_turn()
    assert view.round == m.views[1].round == 2 and m.turn == 3
    m.turn = 6
    assert (view.round, sample.views[0].round) == (4, 1)
    m.bases[1].append(idx("spike-cluster"))
    assert view.opponent_bases == [idx("spike-cluster")] and m.views[1].own_bases is m.bases[1]


def _state_names(m: Match) -> list[str]:
    """A match's attributes, whether its class is compiled (mypyc keeps their names) or not."""
    names = getattr(type(m), "__mypyc_attrs__", None)
    return sorted(names if names is not None else vars(m))


def test_a_clone_is_the_match_in_every_part_of_its_state_in_lists_of_its_own() -> None:
    m = Match(star_compiled(), (GreedyBot(1), GreedyBot(2)), 3)
    for _ in range(9):
        m.start_turn()
        m.main_phase()
        m.end_turn()
    m.start_turn()
    copy = m.clone((GreedyBot(3), GreedyBot(4)), 5)
    names = _state_names(m)
    assert {"deck", "hand", "market", "pool", "life", "over", "cur"} <= set(names)
    for name in names:
        if name in ("rng", "bots", "views", "checked"):
            continue
        mine, theirs = getattr(m, name), getattr(copy, name)
        assert theirs == mine, name
        if isinstance(mine, list) and mine:
            assert theirs is not mine, name
            for a, b in zip(mine, theirs, strict=True):
                assert not isinstance(a, list) or a is not b, name
    assert copy.views[0].hand is copy.hand[0] and copy.views[1].round == m.views[1].round
    assert copy.rng.random() == random.Random(5).random()


def test_acquiring_pays_and_refills_the_market_row() -> None:
    m = match()
    m.pool[TRADE] = 3
    m.market[0] = idx("crusher")
    m.apply((ACQUIRE, 0))
    assert m.pool[TRADE] == 0 and m.discard[0] == [idx("crusher")] and len(m.market) == 5
    m.pool[TRADE] = 2
    m.apply((ACQUIRE, PILE))
    assert m.pile_count == 9 and m.discard[0][-1] == idx("explorer")


def test_the_game_ends_when_a_player_has_no_authority_left() -> None:
    m = match()
    m.life[1] = 4
    m.pool[COMBAT] = 5
    m.apply((ATTACK_PLAYER, 0))
    assert m.over and m.winner == 0 and m.life[1] == -1


def test_end_of_turn_discards_ships_and_hand_and_draws_a_full_hand() -> None:
    m = match()
    m.apply((PLAY, 0))
    m.end_turn()
    assert len(m.hand[0]) == 5 and m.cur == 1 and m.ships == []
    assert invariant_problems(m, lambda: match().all_cards()) == []


def test_a_seed_replays_the_same_game() -> None:
    def play(seed: int) -> object:
        return Match(star_compiled(), (GreedyBot(), GreedyBot()), seed).play()

    assert play(7) == play(7)
    assert len({repr(play(seed)) for seed in range(5)}) == 5


def test_a_script_bot_that_only_ends_turns_reaches_the_turn_limit_as_a_draw() -> None:
    outcome = Match(star_compiled(), (ScriptBot(), ScriptBot([END_TURN])), 3).play()
    assert outcome.winner is None and outcome.turns == 200


def _with_extra_cards() -> tuple[Match, Callable[[str], int]]:
    card_set = star_realms()
    added, found = load_added(card_set, [str(FIXTURES / "every-faction-and-copy.yaml")])
    assert found == []
    pool, found = build_pool(card_set, added)
    assert pool is not None and found == []
    m = Match(compile_pool(pool), (ScriptBot(), ScriptBot()), 1, checked=True)
    return m, pool.index


def test_a_card_that_counts_as_every_faction_triggers_any_bond() -> None:
    m, index = _with_extra_cards()
    m.bases[0][:] = [index("mech-world")]
    m.base_fired[0] = [0]
    m.start_turn()
    m.hand[0][:] = [index("stinger"), index("cargo-craft")]
    m.apply((PLAY, 1))  # Cargo Craft: 2 Trade, and its Star Empire ally (4 Combat)
    m.apply((PLAY, 0))  # Stinger: 3 Combat, and its Blob ally (3 Combat)
    m.apply(USE_READY)
    assert (m.pool[TRADE], m.pool[COMBAT]) == (2, 10)


def test_copying_a_ship_plays_its_abilities_and_takes_its_faction() -> None:
    m, index = _with_extra_cards()
    m.hand[0][:] = [index("stealth-needle"), index("crusher")]
    m.apply((PLAY, 1))  # Crusher: 6 Combat
    m.apply((PLAY, 0))  # the Needle copies the Crusher: 6 more, and both Blob allies fire
    m.apply(USE_READY)
    assert (m.pool[COMBAT], m.pool[TRADE]) == (12, 4)
    assert m.ships == [index("crusher"), index("stealth-needle")]
    m.end_turn()
    assert index("stealth-needle") in m.discard[0] + m.hand[0] + m.deck[0]


def test_legal_actions_at_the_start_of_the_first_turn() -> None:
    m = match()
    assert m.legal_actions() == [(PLAY, 0), (PLAY, 1), (PLAY, 2), (PLAY_ALL, 0), END_TURN]
    m.apply((PLAY_ALL, 0))
    assert m.hand[0] == [] and len(m.ships) == 3
    trade = m.pool[TRADE]
    affordable = [(ACQUIRE, i) for i, c in enumerate(m.market) if m.cards[c].cost <= trade]
    pile = [(ACQUIRE, PILE)] if trade >= 2 else []
    combat = [(ATTACK_PLAYER, 0)] if m.pool[COMBAT] else []
    assert m.legal_actions() == [*affordable, *pile, *combat, END_TURN]

"""The greedy bot's decisions in set situations: play order, thinning, attacks, purchases."""

from __future__ import annotations

from sim_helpers import idx, star_compiled

from cardkit.sim.actions import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    END_TURN,
    PILE,
    PLAY,
    PLAY_HAND,
)
from cardkit.sim.appraise import ledger, phase_of
from cardkit.sim.bots import GreedyBot
from cardkit.sim.engine import Match

COMBAT, TRADE = 1, 0  # resource order in cards/star-realms/game.yaml: trade, combat, authority


def _match(seed: int = 1) -> tuple[Match, GreedyBot]:
    bot = GreedyBot()
    return Match(star_compiled(), (bot, GreedyBot()), seed, checked=True), bot


def _late(m: Match, rounds: int = 14) -> None:
    """Move the match on to a late round, with a strong deck for player 0."""
    m.turn = 2 * (rounds - 1)
    m.deck[0] = [idx(c) for c in ("hive-queen", "crusher", "blob-alpha", "crusher", "burrower")]
    m.discard[0][:] = [idx(c) for c in ("swarm-cluster", "stinger", "hive-queen", "crusher")]


def test_a_card_that_banishs_from_the_hand_is_played_before_the_rest_of_the_hand() -> None:
    m, bot = _match()
    m.deck[0] = [idx(c) for c in ("hive-queen", "crusher", "blob-alpha", "crusher", "burrower")]
    m.hand[0][:] = [idx("plasma-bot"), idx("viper"), idx("scout")]
    assert bot.take_action(m.views[0]) == (PLAY, 0)
    m.apply((PLAY, 0))  # the Plasma Bot scraps the Viper while it is still in the hand
    assert m.removed == [idx("viper")] and m.hand[0] == [idx("scout")]
    assert bot.take_action(m.views[0]) == PLAY_HAND


def test_starting_cards_are_thinned_when_an_effect_offers_the_weakest_first() -> None:
    m, _ = _match()
    m.hand[0][:] = [idx("destroyer-bot")]
    m.discard[0][:] = [idx("scout"), idx("viper"), idx("explorer")]
    m.apply((PLAY, 0))  # "You may scrap a card in your discard pile": early, trade counts most
    assert m.removed == [idx("viper")]
    m, _ = _match()
    _late(m)
    m.hand[0][:] = [idx("destroyer-bot")]
    m.discard[0][:] = [idx("scout"), idx("viper"), idx("crusher")]
    m.apply((PLAY, 0))  # late, attack counts more than trade: the Scout goes
    assert m.removed == [idx("scout")]


def test_an_explorer_is_banished_for_attack_late_but_kept_early() -> None:
    m, bot = _match()
    m.hand[0][:] = [idx("explorer")]
    m.apply((PLAY, 0))
    m.pool[TRADE] = 0
    assert bot.take_action(m.views[0]) != (BANISH, 0)
    m, bot = _match()
    _late(m)
    m.hand[0][:] = [idx("explorer")]
    m.apply((PLAY, 0))
    m.pool[TRADE] = 0
    assert bot.take_action(m.views[0]) == (BANISH, 0)
    m.apply((BANISH, 0))
    assert m.pool[COMBAT] == 2 and m.pile_count == 11


def test_guards_fall_first_then_the_most_valuable_base() -> None:
    m, bot = _match()
    m.hand[0][:] = []
    m.bases[1][:] = [idx("spike-cluster"), idx("defense-system"), idx("infested-moon")]
    m.base_fired[1] = [0, 0, 0]
    m.pool[COMBAT] = 12
    view = m.views[0]
    assert bot.take_action(view) == (ATTACK_BASE, 1)  # the Defense System: an outpost
    m.apply((ATTACK_BASE, 1))
    # 7 left: the Infested Moon (4 Combat, draws) before the Spike Cluster (2 Combat)
    assert bot.take_action(view) == (ATTACK_BASE, 1)
    m.apply((ATTACK_BASE, 1))
    assert bot.take_action(view) == (ATTACK_PLAYER, 0)


def test_lethal_goes_to_the_player_even_with_bases_to_break() -> None:
    m, bot = _match()
    m.hand[0][:] = []
    m.bases[1][:] = [idx("infested-moon")]
    m.base_fired[1] = [0]
    m.life[1] = 6
    m.pool[COMBAT] = 6
    assert bot.take_action(m.views[0]) == (ATTACK_PLAYER, 0)


def test_it_buys_what_adds_most_and_nothing_that_would_dilute_a_strong_deck() -> None:
    m, bot = _match()
    m.hand[0][:] = []
    m.market[:] = [idx(c) for c in ("frontier-runner", "blob-alpha", "spike-cluster")]
    m.pool[TRADE] = 6
    assert bot.take_action(m.views[0]) == (ACQUIRE, 1)  # Blob Alpha (10 Combat) over cheap ones
    m, bot = _match()
    _late(m)
    m.hand[0][:] = []
    m.market[:] = [idx("frontier-runner")]
    m.pool[TRADE] = 2
    assert bot.take_action(m.views[0]) == END_TURN  # neither the Runner nor an Explorer
    m.turn = 0
    bot = GreedyBot()
    m.bots[0] = bot
    m.deck[0] = [idx("scout")] * 8
    m.discard[0][:] = [idx("viper")] * 2
    assert bot.take_action(m.views[0]) in ((ACQUIRE, 0), (ACQUIRE, PILE))  # early: yes


def test_bond_abilities_count_by_the_chance_they_fire() -> None:
    led = ledger(star_compiled())
    m, bot = _match()
    m.hand[0][:] = []
    view = m.views[0]
    m.discard[0][:] = [idx("crusher"), idx("stinger"), idx("burrower")]  # three Blob cards
    bot._refresh(view)
    with_blobs = bot._value(led, idx("crusher"))
    m2, bot2 = _match()
    m2.hand[0][:] = []
    m2.discard[0][:] = [idx("light-cruiser"), idx("cargo-craft"), idx("frontier-hawk")]
    bot2._refresh(m2.views[0])
    assert with_blobs > bot2._value(led, idx("crusher"))
    assert phase_of(1) == 0 and phase_of(13) == 3

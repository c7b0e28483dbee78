"""Rules of the seeds' rulebooks the engine was checked against, in the exact situations."""

from __future__ import annotations

from sim_helpers import ScriptBot, idx, match

from cardkit.sim.actions import ATTACK_PLAYER, BANISH, PLAY
from cardkit.sim.bots import View

COMBAT, TRADE = 1, 0  # resource order in cards/star-realms/game.yaml: trade, combat, authority


class BanishsFirst(ScriptBot):
    """Scraps the first card it is offered."""

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        return [0]


def test_banishing_an_explorer_by_another_cards_effect_gives_no_banish_ability() -> None:
    """'Scrapping a card in any other way does not give you the Scrap Ability. Note: when an
    Explorer is scrapped in any way, it is placed face up in the Explorer Pile.'"""
    m = match(bots=(BanishsFirst(), ScriptBot()))
    m.pile_count -= 1
    m.hand[0][:] = [idx("destroyer-bot")]
    m.discard[0][:] = [idx("explorer")]
    m.apply((PLAY, 0))  # "You may scrap a card in your discard pile": the Explorer
    assert m.discard[0] == [] and m.pile_count == 10 and m.removed == []
    assert m.pool[COMBAT] == 5  # the Destroyer Bot's 5, not the Explorer's 2 more


def test_a_banish_ability_is_the_players_choice_and_can_wait() -> None:
    """Scrap abilities are used 'any time during your Main Phase' if the player chooses."""
    m = match()
    m.hand[0][:] = [idx("explorer"), idx("scout")]
    m.apply((PLAY, 0))
    assert m.pool == [2, 0, 0] and (BANISH, 0) in m.legal_actions()
    m.apply((PLAY, 0))  # another card first; the Explorer's scrap is still there
    assert (BANISH, 0) in m.legal_actions()
    m.apply((BANISH, 0))
    assert m.pool[COMBAT] == 2 and m.ships == [idx("scout")]


def test_an_attack_may_follow_any_other_action_and_combat_is_lost_at_end_of_turn() -> None:
    m = match()
    m.hand[0][:] = [idx("viper"), idx("viper")]
    m.apply((PLAY, 0))
    m.apply((ATTACK_PLAYER, 0))
    m.apply((PLAY, 0))
    m.apply((ATTACK_PLAYER, 0))
    assert m.life[1] == 48
    m.pool[COMBAT] = 3
    m.end_turn()
    assert m.pool == [0, 0, 0]

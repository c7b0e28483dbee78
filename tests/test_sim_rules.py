"""Rules of the seeds' rulebooks the engine was checked against, in the exact situations."""

from __future__ import annotations

from sim_helpers import ScriptBot, format_pool, idx, match, star_compiled

from cardkit.sim.actions import (
    AIM,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    PLAY,
    PLAY_HAND,
    SLOTS,
    USE,
    Action,
    Worth,
)
from cardkit.sim.bots import GreedyBot, View
from cardkit.sim.cards import compile_pool
from cardkit.sim.engine import Match
from cardkit.sim.formats import FormatMatch

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


# -- using abilities: a base's primary and ally abilities are the player's to use, any time ----


def test_a_base_primary_ability_waits_for_the_player_and_is_used_once_a_turn() -> None:
    """Frontiers rulebook, Using Abilities: 'With the exception of a Ship's Primary Ability
    (which happens immediately as the Ship is played), players may use the various abilities of
    their in-play Ships and Bases at any time during their Main Phase. Each ability may be used
    just once each turn.'"""
    m = match()
    m.bases[0][:] = [idx("outland-station")]  # "Gain 1 Trade or 3 Authority."
    m.base_fired[0] = [1]
    m.start_turn()
    assert m.pool == [0, 0, 0] and m.life[0] == 50  # nothing happens by itself
    m.hand[0][:] = [idx("scout")]
    m.apply((PLAY, 0))  # another action first: the base's ability is still there
    base = 1 * SLOTS  # entries: the Scout in play (0), then the base (1); slot 0, its primary
    assert (USE, base) in m.legal_actions()
    m.apply((USE, base))
    assert m.pool[TRADE] + m.life[0] in (52, 54)  # the Scout's 1, and 1 Trade or 3 Authority
    assert (USE, base) not in m.legal_actions() and m.ready == 0  # once a turn
    m.end_turn()
    m.end_turn()
    m.start_turn()
    assert m.cur == 0 and (USE, 0) in m.legal_actions()  # and again the next turn


class Chooser(ScriptBot):
    """Notes when it is asked to choose an option, and what it could see then."""

    def __init__(self, actions: list[Action] | None = None, pick: int = 0) -> None:
        super().__init__(actions)
        self.pick = pick
        self.asked: list[list[int]] = []

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        self.asked.append(list(view.hand))
        return self.pick


def test_an_or_is_chosen_when_the_base_ability_is_used_with_the_hand_in_view() -> None:
    """2-player rules, Primary Base Abilities: 'Some Bases have "or" between multiple
    abilities. You may choose one of these abilities to use each turn. For example with
    Barter World, you may choose to gain 2 Authority or 2 Trade, but not both.'"""
    bot = Chooser(pick=1)
    m = match(bots=(bot, ScriptBot()))
    m.bases[0][:] = [idx("outland-station")]  # "Gain 1 Trade or 3 Authority."
    m.base_fired[0] = [1]
    m.hand[0][:] = [idx("viper"), idx("scout")]
    m.start_turn()
    assert bot.asked == []  # not at the start of the turn
    m.apply((PLAY, 1))
    m.apply((USE, 1 * SLOTS))  # entries: the Scout in play (0), then the base (1)
    assert bot.asked == [[idx("viper")]]  # when used, with the hand as it is then
    assert m.pool[TRADE] == 1 and m.life[0] == 53  # the Scout's 1 Trade, the base's 3 Authority


def test_a_triggered_ally_ability_is_used_when_the_player_chooses_even_after_its_ally_left() -> (
    None
):
    """Frontiers rulebook, Ally Abilities: 'On your turn, an Ally Ability is triggered (and is
    available to be used) as soon as you have another card of that faction in-play. [...] Once
    an Ally Ability has been triggered, it may be used at any time during your Main Phase.'"""
    m = match()
    m.hand[0][:] = [idx("blob-miner"), idx("stinger")]  # Stinger: Blob Ally: Gain 3 Combat
    m.apply((PLAY, 1))
    m.apply((PLAY, 0))
    assert m.pool[COMBAT] == 3 and m.ready == 1  # triggered, not used
    m.apply((BANISH, 1))  # the Blob Miner leaves play for its scrap ability (2 Combat)
    assert m.pool[COMBAT] == 5 and m.ready == 1
    m.apply((USE, 0 * SLOTS + 1))  # the Stinger's ally ability, still usable
    assert m.pool[COMBAT] == 8 and m.ready == 0


def test_conditions_on_cards_in_play_are_met_whatever_order_the_hand_is_in() -> None:
    """2-player rules, Main Phase: 'During your Main Phase you may do any of the following, in
    any order you wish.' A player holding Orbital Shuttle ("If you have two or more bases in
    play, gain 4 Authority and draw a card.") plays the bases first."""
    for order in (
        ["orbital-shuttle", "outland-station", "outland-station"],
        ["outland-station", "orbital-shuttle", "outland-station"],
        ["outland-station", "outland-station", "orbital-shuttle"],
    ):
        m = match()
        m.hand[0][:] = [idx(c) for c in order]
        m.apply(PLAY_HAND)
        assert m.life[0] == 54, order  # the Shuttle saw both bases
        assert m.bases[0] == [idx("outland-station")] * 2 and m.ready == 2


def test_the_greedy_bot_scraps_from_the_trade_row_to_deny_a_card_it_cannot_afford() -> None:
    """2-player rules, Scrapping Cards: 'Some cards allow you to scrap other cards from your
    hand, your discard pile or the Center Row. When you scrap a card in this way, place it in
    the Scrap Heap. The Center Row always has 5 cards in it, so if you scrap a card from the
    Trade Row, immediately replace it with the next card from the Trade Deck.' (Blob Miner: "You
    may scrap a card
    in the trade row.")"""
    strong = idx("blob-alpha")  # cost 6: the Miner's 3 Trade cannot buy it
    m = match(bots=(GreedyBot(), ScriptBot()))
    m.market[:] = [idx("scout"), strong, idx("viper"), idx("scout"), idx("viper")]
    m.hand[0][:] = [idx("blob-miner")]
    next_card = m.market_deck[-1]
    m.apply((PLAY, 0))
    assert m.removed == [strong] and m.market[1] == next_card and len(m.market) == 5
    # a trade row of weak cards: nothing is worth denying, and the Miner scraps nothing
    m = match(bots=(GreedyBot(), ScriptBot()))
    m.market[:] = [idx("scout"), idx("viper"), idx("scout"), idx("viper"), idx("scout")]
    m.hand[0][:] = [idx("blob-miner")]
    m.apply((PLAY, 0))
    assert m.removed == [] and m.pool[TRADE] == 3


def test_reclamation_station_scraps_only_a_card_worth_scrapping() -> None:
    """Its ability ("Scrap a card in your discard pile.") is used when the player chooses
    (Using Abilities: 'With the exception of a Ship's Primary Ability (which happens immediately
    as the Ship is played), players may use the various abilities of their in-play Ships and
    Bases at any time during their Main Phase. Each ability may be used just once each turn.');
    scrapping is for good ('This card is no longer in your deck, so consider carefully if the
    ability is worth giving up that card forever!'). With
    only good cards in the discard pile, greedy leaves the ability unused; with a Viper there
    and a strong deck, it scraps the Viper."""
    bot = GreedyBot()
    m = match(bots=(bot, ScriptBot()))
    m.bases[0][:] = [idx("reclamation-station")]
    m.base_fired[0] = [1]
    m.hand[0][:] = []
    m.discard[0][:] = [idx("crusher"), idx("hive-queen")]
    m.start_turn()
    m.main_phase()
    assert m.removed == [] and m.discard[0] == [idx("crusher"), idx("hive-queen")]
    bot = GreedyBot()
    m = match(bots=(bot, ScriptBot()))
    m.bases[0][:] = [idx("reclamation-station")]
    m.base_fired[0] = [1]
    m.deck[0][:] = [idx(c) for c in ("hive-queen", "crusher", "blob-alpha", "crusher")]
    m.hand[0][:] = []
    m.discard[0][:] = [idx("scout"), idx("viper"), idx("hive-queen")]
    m.start_turn()
    m.main_phase()
    assert m.removed[0] == idx("viper") and idx("scout") in m.discard[0]


def test_in_greedy_games_reclamation_station_does_not_scrap_a_card_every_turn() -> None:
    """The issue's complaint: the station scrapped a card every turn it was in play.

    The turns are stepped here as ``Match.play`` steps them, looking at the station at the end
    of each of its owner's turns (the engine may be compiled: no subclass of it)."""
    station = idx("reclamation-station")
    turns = used = 0
    for seed in range(40):  # each player starts with the station in play
        m = Match(star_compiled(), (GreedyBot(seed), GreedyBot(seed + 1)), seed)
        for p in (0, 1):
            m.bases[p][:] = [station]
            m.base_fired[p][:] = [1]
        while not m.over and m.turn < m.max_turns:
            m.start_turn()
            m.main_phase()
            if m.over:
                break
            for c, flags in zip(m.bases[m.cur], m.base_fired[m.cur], strict=True):
                if c == station:
                    turns += 1
                    used += flags & 1
            m.end_turn()
    # measured: used in 148 of 293 turns (before: at the start of every one of them)
    assert turns > 100, turns
    assert 0.2 * turns < used < 0.8 * turns


# -- the Frontiers formats for more players ----------------------------------------------------


def _format_match(
    players: int, fmt: str, seed: int = 1, bots: list[GreedyBot] | None = None
) -> FormatMatch:
    pool = format_pool(players, fmt)
    chosen = bots or [ScriptBot() for _ in range(players)]
    return FormatMatch(compile_pool(pool), chosen, seed, checked=True)


def test_free_for_all_starting_hands_are_three_four_then_five() -> None:
    """Frontiers rulebook, Free-For-All (3-6 players): 'That player gets a three-card starting
    hand. Play proceeds clockwise around the table. The player going second gets a four-card
    starting hand. All other players get a five-card starting hand.'"""
    m = _format_match(4, "free-for-all")
    assert [len(h) for h in m.hand] == [3, 4, 5, 5]
    assert m.life == [50, 50, 50, 50]
    assert all(len(m.hand[p]) + len(m.deck[p]) == 10 for p in range(4))


def test_in_a_free_for_all_a_player_may_attack_any_player_and_the_last_alive_wins() -> None:
    """Frontiers rulebook, Free-For-All: 'may attack/target any [player] and [their bases.
    The last] player alive [wins the game!]'"""
    m = _format_match(3, "free-for-all")
    assert m.foe == [1, 2, 0]
    assert [a for a in m.legal_actions() if a[0] == AIM] == [(AIM, 2)]
    m.apply((AIM, 2))
    m.pool[COMBAT] = 50
    m.apply((ATTACK_PLAYER, 0))
    assert m.life == [50, 50, 0] and not m.alive[2] and not m.over
    assert m.foe == [1, 0, 0]  # whoever aimed at the defeated player turns to the next
    m.end_turn()
    m.end_turn()  # player 1's turn; player 2 is skipped
    assert m.cur == 0
    m.pool[COMBAT] = 50
    m.apply((ATTACK_PLAYER, 0))
    assert m.over and m.winner == 0


def test_the_greedy_bot_turns_on_the_weakest_player_in_a_free_for_all() -> None:
    m = _format_match(3, "free-for-all", bots=[GreedyBot(), GreedyBot(), GreedyBot()])
    m.life[2] = 10
    assert m.bots[0].take_action(m.views[0]) == (AIM, 2)
    m.apply((AIM, 2))
    assert m.views[0].foe == 2 and m.views[0].opponent_bases is m.bases[2]


def test_a_hunter_attacks_only_the_player_to_its_left_then_the_next() -> None:
    """Frontiers rulebook, Hunter: 'On their turn, players may only attack/target the player to
    their left and/or the Bases belonging to players on their left and right. If the player to
    your left is defeated, the next player to your left can then be attacked/ targeted. The last
    player alive wins the game!'"""
    m = _format_match(4, "hunter")
    assert m.foe == [1, 2, 3, 0] and [a for a in m.legal_actions() if a[0] == AIM] == []
    m.bases[1][:] = [idx("outland-station")]
    m.base_fired[1] = [1]
    m.bases[2][:] = [idx("outland-station")]
    m.base_fired[2] = [1]
    m.pool[COMBAT] = 50
    assert (ATTACK_BASE, 0) in m.legal_actions()  # the left player's base
    m.apply((ATTACK_PLAYER, 0))
    assert not m.alive[1] and m.foe[0] == 2 and m.bases[1] == []
    m.pool[COMBAT] = 4
    m.apply((ATTACK_BASE, 0))
    assert m.bases[2] == [] and idx("outland-station") in m.discard[2]
    m.bases[3][:] = [idx("outland-station")]  # the player to the right: its bases only
    m.base_fired[3] = [1]
    m.pool[COMBAT] = 4
    attacks = [a for a in m.legal_actions() if a[0] in (ATTACK_BASE, ATTACK_PLAYER)]
    assert attacks == [(ATTACK_PLAYER, 0), (ATTACK_BASE, -1)]
    m.apply((ATTACK_BASE, -1))
    assert m.bases[3] == [] and m.life[3] == 50 and idx("outland-station") in m.discard[3]


def test_three_and_four_player_games_are_played_to_the_end() -> None:
    for players, fmt in ((3, "free-for-all"), (4, "hunter"), (4, "free-for-all")):
        for seed in range(3):
            bots = [GreedyBot(seed + k) for k in range(players)]
            outcome = _format_match(players, fmt, seed, bots).play()
            assert outcome.winner is not None and len(outcome.life) == players
            assert sum(1 for life in outcome.life if life > 0) == 1

"""The simulator runs a designer's own deck-builder worded in the core grammar: each core move
(``Act``, ``Choose``, "When you play this") read by its meaning into the typed effects the
engine runs, free gains taken from the supply piles, and real games of Millbrook (a small
supply game of our own, tests/fixtures/sim/core-supply) played to their end by the rules."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_sim_supplyplay import Recorder

from cardkit.app.game import open_game
from cardkit.effects import (
    PRIMARY,
    Ability,
    AcquireFree,
    And,
    BanishCards,
    Choice,
    Conditional,
    Discard,
    Effect,
    Gain,
    IfYouDo,
    OpponentDiscards,
    Sequence,
    Then,
)
from cardkit.effects.core import Act, Choose, Framed, Shorthand
from cardkit.model import CardSet
from cardkit.rules.parser import parse_ability
from cardkit.sim.actions import PILE, PLAY, option_pile, supply_option
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.compile import unsupported
from cardkit.sim.coremoves import (
    ANY_NUMBER,
    Deed,
    DiscardHand,
    GainCard,
    GainCosting,
    NextTurn,
    Pick,
    RemoveCards,
    RemoveThis,
)
from cardkit.sim.deeds import acquire_free, banish_cards, remove_this
from cardkit.sim.engine import invariant_problems
from cardkit.sim.greedy import GreedyBot
from cardkit.sim.pool import build_pool, core_reader
from cardkit.sim.runner import make_bots, run_sweep
from cardkit.sim.supply import SupplyMatch
from cardkit.sim.view import View

MILLBROOK = Path(__file__).parent / "fixtures" / "sim" / "core-supply"


def _card_set() -> CardSet:
    card_set, found = open_game(MILLBROOK)
    assert card_set is not None, found
    return card_set


CARD_SET = _card_set()


def _compiled() -> Compiled:
    pool, found = build_pool(CARD_SET)
    assert pool is not None, found
    assert found == []
    return compile_pool(pool)


COMPILED = _compiled()


def _read(text: str) -> Effect:
    game = CARD_SET.game
    assert game.play is not None
    reader = core_reader(game, game.play, CARD_SET.cards)
    return reader.ability(parse_ability(text, game)).effect


def _shorthand(text: str) -> Shorthand:
    effect = _read(text)
    assert isinstance(effect, Shorthand)
    return effect


# -- each core move, by its meaning ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("Trash up to four cards from your hand.", BanishCards(4, ("hand",), True)),
        ("Trash a card from your hand.", BanishCards(1, ("hand",), False)),
        ("You may trash a card from your hand.", BanishCards(1, ("hand",), True)),
        ("Trash a card from your discard pile.", BanishCards(1, ("discard",), False)),
        ("Trash any number of cards from your hand.", BanishCards(ANY_NUMBER, ("hand",), True)),
        ("Discard 2 cards.", Discard(2)),
        ("Discard any number of cards.", Discard(None)),
        ("Gain a card costing up to 4 Coins.", AcquireFree(4)),
        ("Gain a card costing up to 3.", AcquireFree(3)),
        ("Gain a Treasure costing up to 6 Coins.", AcquireFree(6, ("treasure",))),
        (
            "Gain a card costing up to 5 Coins, putting it onto your deck.",
            AcquireFree(5, (), "top-of-deck"),
        ),
        ("Gain a Shilling, putting it into your hand.", GainCard("shilling", 1, "hand")),
        ("Gain two Pennies.", GainCard("penny", 2)),
        ("Each other player gains a Blight.", Deed("each-other-player-gains-curse", 1)),
        ("Each other player gains a Curse.", Deed("each-other-player-gains-curse", 1)),
        ("Each other player gains a Penny.", GainCard("penny", 1, "discard", True)),
        (
            "Each other player discards down to 3 cards in hand.",
            Deed("each-other-player-discards-down-to", 3),
        ),
        ("Each other player discards a card.", OpponentDiscards(1)),
        ("Each other player draws a card.", Deed("each-other-player-draws", 1)),
        (
            "Each other player discards down to four cards in hand, then draws a card.",
            Then(
                (
                    Deed("each-other-player-discards-down-to", 4),
                    Deed("each-other-player-draws", 1),
                )
            ),
        ),
        ("When you play this, +1 Buy.", Gain((("buy", 1),))),
        (
            "Choose one: +2 Cards; or +2 Coins.",
            Choice((_shorthand("+2 Cards."), Gain((("coin", 2),)))),  # '+2 Cards' runs its meaning
        ),
        (
            "Trash a card from your hand. If you do, gain a card costing up to 2 more than it.",
            Sequence((BanishCards(1, ("hand",)), Conditional(IfYouDo(), GainCosting(2)))),
        ),
        (
            "Trash a Treasure from your hand. If you do, gain a Treasure costing exactly 1 more "
            "than it.",
            Sequence(
                (
                    RemoveCards(1, "hand", ("treasure",)),
                    Conditional(IfYouDo(), GainCosting(1, ("treasure",), "discard", True)),
                )
            ),
        ),
        ("You may trash a Penny from your hand.", RemoveCards(1, "hand", (), "penny", True)),
        ("Trash this.", RemoveThis()),
        ("Discard your hand.", DiscardHand()),
        (
            "Look at the top card of your deck. Discard it or put it back.",
            None,  # looking at a deck's top cards: no executor, stays as written
        ),
    ],
)
def test_a_core_move_reads_as_the_typed_effect_it_means(text: str, typed: Effect | None) -> None:
    effect = _read(text)
    if typed is None:
        assert isinstance(effect, Sequence) and isinstance(effect.effects[0], Act)
        assert unsupported(Ability(PRIMARY, effect)) is not None
    else:
        assert effect == typed


def test_a_choice_of_chains_is_one_pick() -> None:
    effect = _read("Choose one: +3 Cards; or each other player gains a Blight and discards a card.")
    assert effect == Pick(
        (
            _read("+3 Cards."),
            And((Deed("each-other-player-gains-curse", 1), OpponentDiscards(1))),
        )
    )


@pytest.mark.parametrize(
    ("text", "kind", "named"),
    [
        ("Look at the top card of your deck.", Act, "Act: Look at the top card of your deck"),
        ("When you gain this, gain a Penny.", Framed, "Framed: When you gain this, gain a Penny"),
        (
            "Choose two: +1 Card; or +1 Action; or +1 Coin.",
            Choose,
            "Choose: Choose two: +1 Card; or gain 1 Action; or gain 1 Coin",
        ),
        ("Put a card from your hand onto your deck.", Act, None),
        ("Each player may trash a card from their hand.", Act, None),
    ],
)
def test_a_move_the_engine_cannot_run_stays_as_written_and_is_named(
    text: str, kind: type, named: str | None
) -> None:
    game = CARD_SET.game
    assert game.play is not None
    ability = core_reader(game, game.play, CARD_SET.cards).ability(parse_ability(text, game))
    assert isinstance(ability.effect, kind)
    name = unsupported(ability)
    assert name is not None and name.startswith(kind.__name__ + ": ")
    if named is not None:
        assert name == named


def test_the_supply_options_stand_below_the_pile() -> None:
    assert [supply_option(k) for k in range(3)] == [-2, -3, -4]
    assert all(option_pile(supply_option(k)) == k for k in range(20))
    assert supply_option(0) < PILE


# -- moves in a match --------------------------------------------------------------------------


def _match(seed: int = 1, players: int = 2) -> SupplyMatch:
    return SupplyMatch(COMPILED, make_bots(["greedy"] * players, seed), seed, checked=True)


class Spy(Recorder):
    """A bot that plays as another and notes what its free gains and removals offer it."""

    def __init__(self, inner: GreedyBot) -> None:
        super().__init__(inner)
        self.acquire: list[list[int]] = []
        self.banish: list[list[tuple[str, int]]] = []

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        self.acquire.append(list(options))
        return super().choose_acquire(view, options)

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        self.banish.append(list(candidates))
        return super().choose_banish(view, candidates, least, most)


def _everything(compiled: Compiled, players: int = 2) -> list[int]:
    cards = list(compiled.starting_deck) * players
    for c, n in compiled.pool.supply:
        cards += [c] * n
    return cards


def _play(match: SupplyMatch, card: str, hand: list[str]) -> None:
    """Player 0 plays ``card`` from a hand of it and ``hand`` (cards dealt for the test)."""
    index = COMPILED.pool.index
    match.hand[0][:] = [index(card)] + [index(c) for c in hand]
    match.apply((PLAY, 0))


def test_a_free_gain_takes_a_card_costing_up_to_four_from_a_supply_pile() -> None:
    match = _match()
    before = list(match.left)
    discard = list(match.discard[0])
    _play(match, "cartwright", ["penny"])
    taken = [k for k, (a, b) in enumerate(zip(before, match.left, strict=True)) if a != b]
    assert len(taken) == 1 and match.left[taken[0]] == before[taken[0]] - 1
    gained = match.pile_cards[taken[0]]
    assert match.discard[0] == [*discard, gained]
    assert COMPILED.cards[gained].cost <= 4


def test_a_free_gain_never_offers_a_banned_card_nor_an_empty_pile() -> None:
    match = _match()
    index = COMPILED.pool.index
    lamplighter, shilling = index("lamplighter"), index("shilling")
    match.banned[0] = frozenset({lamplighter})
    match.left[match.pile_cards.index(shilling)] = 0
    spy = Spy(GreedyBot(1))
    match.bots[0] = spy
    assert acquire_free(match, 0, 4, frozenset(), "discard")
    cards = {match.offered(o) for o in spy.acquire[0]}
    assert lamplighter not in cards and shilling not in cards
    assert index("cartwright") in cards and index("rag-picker") in cards
    assert all(COMPILED.cards[c].cost <= 4 for c in cards)


def test_the_thinning_card_trashes_junk_and_shrinks_the_deck() -> None:
    match = _match()
    owned = len(match.views[0].owned())
    _play(match, "rag-picker", ["cottage", "cottage", "penny", "shilling"])
    cottage = COMPILED.pool.index("cottage")
    assert match.removed.count(cottage) == 2  # the Cottages first: junk while the end is far
    assert len(match.views[0].owned()) < owned - 1


def test_the_remodel_gains_a_card_costing_up_to_two_more_than_the_one_trashed() -> None:
    match = _match()
    _play(match, "stonecutter", ["cottage"])
    cottage = COMPILED.pool.index("cottage")
    assert match.removed == [cottage]
    gained = match.discard[0][-1]
    assert COMPILED.cards[gained].cost <= COMPILED.cards[cottage].cost + 2
    assert match.left[match.pile_cards.index(gained)] < dict(COMPILED.pool.supply)[gained]


def test_a_removal_of_one_card_type_offers_only_those_cards() -> None:
    match = _match()
    index = COMPILED.pool.index
    spy = Spy(GreedyBot(1))
    match.bots[0] = spy
    match.hand[0][:] = [index(c) for c in ("cottage", "penny", "manor", "penny")]
    assert banish_cards(match, 0, 1, ("hand",), False, frozenset({"treasure"})) == 1
    assert spy.banish == [[("hand", 1), ("hand", 3)]]
    assert match.removed == [index("penny")]
    assert [COMPILED.pool.cards[c].id for c in match.hand[0]] == ["cottage", "manor", "penny"]


def test_trash_this_removes_the_card_played_and_notes_its_cost() -> None:
    game = CARD_SET.game
    assert game.play is not None
    reader = core_reader(game, game.play, CARD_SET.cards)
    effect = reader.ability(
        parse_ability("Trash this. Gain a card costing up to 2 more than it.", game)
    ).effect
    assert effect == Sequence((RemoveThis(), GainCosting(2)))
    match = _match()
    lamplighter = COMPILED.pool.index("lamplighter")
    match.ships.append(lamplighter)
    match.ships_as.append(lamplighter)
    match.ship_fired.append(1)
    match.src = lamplighter
    assert remove_this(match, 0)
    assert match.ships == [] and match.removed == [lamplighter]
    assert match.last_cost == 4
    assert not remove_this(match, 0)  # no longer in play


def test_a_duration_stays_in_play_and_runs_at_the_start_of_its_owners_next_turn() -> None:
    assert _read("At the start of your next turn, +2 Cards.") == NextTurn(_read("+2 Cards."))
    match = _match()
    ferry = COMPILED.pool.index("ferry-boat")
    match.hand[0][0] = ferry
    match.apply((PLAY, 0))
    assert match.pool[match.acq] == 1
    match.end_turn()
    assert match.staying[0] == [ferry] and ferry not in match.discard[0]
    assert ferry in match.views[0].owned()
    assert len(match.hand[0]) == 5
    match.start_turn()
    match.start_limits()
    match.run_later()  # the other player's turn: nothing of player 0's runs
    assert match.staying[0] == [ferry] and len(match.hand[0]) == 5
    match.end_turn()
    match.start_turn()
    match.start_limits()
    match.run_later()
    assert len(match.hand[0]) == 7 and match.ships == [ferry] and match.staying[0] == []
    match.end_turn()  # discarded now (and perhaps shuffled into the deck by the draw)
    assert ferry not in match.ships and match.staying[0] == []
    assert ferry in match.discard[0] + match.deck[0] + match.hand[0]


def test_a_named_gain_into_the_hand_comes_from_its_pile() -> None:
    match = _match()
    shilling = COMPILED.pool.index("shilling")
    k = match.pile_cards.index(shilling)
    left = match.left[k]
    _play(match, "glassworks", [])
    assert match.hand[0] == [shilling] and match.left[k] == left - 1
    assert match.pool[COMPILED.env.resources["buy"]] == 2  # "When you play this, +1 Buy"


@pytest.mark.parametrize("players", [2, 4])
def test_the_curse_giver_gives_every_other_player_a_blight(players: int) -> None:
    pool = COMPILED.pool
    setup = pool.setup
    compiled = compile_pool(replace(pool, setup=replace(setup, players=players)))
    blight, witch = pool.index("blight"), pool.index("bog-witch")
    match = SupplyMatch(compiled, make_bots(["greedy"] * players, 2), 2, checked=True)
    match.hand[0][0] = witch
    match.apply((PLAY, 0))
    assert [match.discard[q].count(blight) for q in range(players)] == [0] + [1] * (players - 1)


def test_the_attack_makes_every_other_player_discard_down_to_three() -> None:
    match = _match()
    _play(match, "toll-keeper", [])
    assert len(match.hand[1]) == 3 and len(match.discard[1]) == 2
    assert match.pool[match.acq] == 2


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", [("greedy", "simple"), ("random", "greedy"), ("mc", "greedy")])
def test_every_built_in_bot_plays_millbrook_to_its_end_by_the_rules(
    bots: tuple[str, str],
) -> None:
    castle = COMPILED.pool.index("castle")
    for seed in range(2 if "mc" in bots else 10):
        match = SupplyMatch(COMPILED, make_bots(bots, seed), seed, checked=True)
        outcome = match.play()
        assert match.over and not outcome.timeout, (bots, seed)
        assert not invariant_problems(match, lambda: _everything(COMPILED))
        left = dict(zip(match.pile_cards, match.left, strict=True))
        assert left[castle] == 0 or list(match.left).count(0) >= 3


def test_two_thousand_games_of_millbrook_end_on_piles_and_use_every_card() -> None:
    tally = run_sweep(COMPILED.pool, ("greedy", "random"), games=2000, seed=11)
    assert tally.games == 2000 and tally.timeouts == 0
    assert tally.draws < 100  # ties by the rules only: equal points after equal turns
    kingdom = {card.id for card in CARD_SET.cards if card.deck == "kingdom"}
    assert len(kingdom) == 11
    assert {card for card, counts in tally.cards.items() if counts.copies} >= kingdom
    assert tally.slot_wins[0] + tally.slot_wins[1] + tally.draws == 2000


def test_the_greedy_bot_values_what_the_core_moves_do() -> None:
    tally = run_sweep(COMPILED.pool, ("greedy", "greedy"), games=200, seed=3)
    bought = {card for card, counts in tally.cards.items() if counts.copies}
    assert {"bog-witch", "lamplighter", "toll-keeper"} <= bought

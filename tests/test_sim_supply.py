"""The deck-builder family's play: options, played on the Hearthfield sample game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.app.game import open_game
from cardkit.load.game import load_game
from cardkit.sim.actions import BUY, END_TURN, PLAY
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.engine import invariant_problems
from cardkit.sim.pool import build_pool
from cardkit.sim.strategy import BuyRule, Strategy, StrategyBot
from cardkit.sim.supply import SupplyMatch

HEARTHFIELD = Path(__file__).parent.parent / "cards" / "hearthfield"
BIG_MONEY = Strategy(
    "big-money", (BuyRule("castle", 8), BuyRule("sovereign", 6), BuyRule("shilling", 3))
)
FORGE = Strategy(
    "big-money-forge",
    (
        BuyRule("castle", 8),
        BuyRule("sovereign", 6),
        BuyRule("forge", 4, exactly=True),
        BuyRule("shilling", 3),
    ),
    ("forge",),
)


def _compiled(folder: Path = HEARTHFIELD, players: int | None = None) -> Compiled:
    if players is not None:
        folder = _game(folder.parent / f"p{players}", "players: 2", f"players: {players}")
    card_set, found = open_game(folder)
    assert card_set is not None, found
    pool, found = build_pool(card_set)
    assert pool is not None, found
    return compile_pool(pool)


def _game(folder: Path, old: str, new: str) -> Path:
    if not folder.exists():
        shutil.copytree(HEARTHFIELD, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    assert old in text
    (folder / "game.yaml").write_text(text.replace(old, new), encoding="utf-8")
    return folder


def test_hearthfield_declares_the_supply_family() -> None:
    game, found = load_game(HEARTHFIELD, "hf")
    assert game is not None and game.play is not None, found
    play = game.play
    assert (play.win, play.points_field, play.empty_piles, play.end_pile) == (
        "points",
        "victory",
        3,
        "castle",
    )
    assert (play.actions, play.buys, play.free_types, play.curse) == (
        "action",
        "buy",
        ("treasure",),
        "blight",
    )
    assert play.supply_decks == ("basic", "kingdom")
    assert dict(play.supply)["castle"] == 8
    assert play.life == "" and play.market_deck == ""


@pytest.mark.parametrize(
    ("old", "new", "code", "words"),
    [
        ("actions: {resource: action}", "actions: {resource: acton}", "CK400", "'acton'"),
        ("free: [treasure]", "free: [tresure]", "CK400", "card type 'tresure'"),
        ("decks: [basic, kingdom]", "decks: [basic, kingdum]", "CK400", "deck 'kingdum'"),
        ("win: {by: points, field: victory}", "win: {by: points, field: vp}", "CK400", "'vp'"),
        ("win: {by: points, field: victory}", "win: {by: points}", "CK407", "needs 'field:'"),
        ("win: {by: points, field: victory}", "win: {by: life}", "CK407", "needs 'life:'"),
        ("end: {empty_piles: 3, pile: castle}", "", "CK407", "needs an end"),
        ("  players: 2", "  players: 7", "CK020", "players"),
    ],
)
def test_a_wrong_play_option_is_one_located_error_of_validate(
    tmp_path: Path, old: str, new: str, code: str, words: str
) -> None:
    folder = _game(tmp_path / "hf", old, new)
    game, found = load_game(folder, "hf")
    assert game is not None and game.play is None  # the rest of the game stands
    assert len(found) == 1, [str(d) for d in found]
    assert words in found[0].message
    assert found[0].code == code or code == "CK020"
    assert found[0].location.line is not None


def test_a_curse_that_is_no_supply_pile_is_ck402(tmp_path: Path) -> None:
    folder = _game(tmp_path / "hf", "curse: blight", "curse: forge")
    folder = _game(folder, "decks: [basic, kingdom]", "decks: [basic]")
    card_set, _ = open_game(folder)
    assert card_set is not None
    pool, found = build_pool(card_set)
    assert pool is None
    assert [d.code for d in found] == ["CK402"]
    assert "'forge', which is not a supply pile" in found[0].message


def test_big_money_games_end_on_the_castle_pile_or_three_piles_never_the_turn_limit() -> None:
    compiled = _compiled()
    castle = compiled.pool.index("castle")
    ends = 0
    for seed in range(60):
        match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(FORGE)], seed)
        outcome = match.play()
        assert match.over and outcome.turns < compiled.pool.setup.max_turns
        assert not invariant_problems(match, lambda: _everything(compiled))
        left = dict(zip(match.pile_cards, match.left, strict=True))
        assert left[castle] == 0 or sum(1 for n in match.left if n == 0) >= 3
        scores = outcome.life
        if outcome.winner is not None:
            assert scores[outcome.winner] >= max(scores)
        else:
            assert scores[0] == scores[1] and match.turns_taken[0] == match.turns_taken[1]
        ends += 1
    assert ends == 60


def _everything(compiled: Compiled) -> list[int]:
    players = compiled.pool.setup.players
    cards = list(compiled.starting_deck) * players + list(compiled.market_deck)
    for c, n in compiled.pool.supply:
        cards += [c] * n
    return cards


def test_playing_an_action_uses_an_action_and_buying_uses_a_buy() -> None:
    compiled = _compiled()
    forge = compiled.pool.index("forge")
    match = SupplyMatch(compiled, [StrategyBot(FORGE), StrategyBot(FORGE)], 1)
    hand = match.hand[0]
    hand[:2] = [forge, forge]
    plays = [a for a in match.legal_actions() if a[0] == PLAY and hand[a[1]] == forge]
    assert len(plays) == 2
    match.apply(plays[0])
    assert not [a for a in match.legal_actions() if a[0] == PLAY and hand[a[1]] == forge]
    match.pool[match.acq] = 3
    buys = [a for a in match.legal_actions() if a[0] == BUY]
    assert buys
    match.apply(buys[0])
    assert [a for a in match.legal_actions() if a[0] == BUY] == []
    assert match.legal_actions()[-1] == END_TURN


@pytest.mark.parametrize("players", [3, 6])
def test_an_attack_reaches_every_other_player(tmp_path: Path, players: int) -> None:
    compiled = _compiled(tmp_path / "hf", players)
    witch, blight = compiled.pool.index("hedge-witch"), compiled.pool.index("blight")
    match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY) for _ in range(players)], 3)
    assert match.others(1) == [(1 + k) % players for k in range(1, players)]
    match.hand[0][0] = witch
    match.apply((PLAY, 0))
    assert [match.discard[q].count(blight) for q in range(players)] == [0] + [1] * (players - 1)
    outcome = match.play()
    assert match.over and len(outcome.life) == players


def test_each_other_player_discards_down_to_three() -> None:
    compiled = _compiled()
    footpads = compiled.pool.index("footpads")
    match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(BIG_MONEY)], 5)
    match.hand[0][0] = footpads
    match.apply((PLAY, 0))
    assert len(match.hand[1]) == 3 and len(match.discard[1]) == 2


def test_hearthfield_is_worded_as_designers_write_and_played_from_the_parse() -> None:
    compiled = _compiled()
    pool = compiled.pool
    forge, hamlet = pool.cards[pool.index("forge")], pool.cards[pool.index("hamlet-green")]
    assert [str(a) for a in forge.abilities] == ["+3 Cards."]
    assert [str(a) for a in hamlet.abilities] == ["+1 Card and gain 2 Actions."]
    match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(BIG_MONEY)], 2)
    hand = match.hand[0]
    hand[0] = pool.index("forge")
    deck = len(match.deck[0])
    match.apply((PLAY, 0))
    assert len(hand) == 4 + 3 and len(match.deck[0]) == deck - 3  # '+3 Cards' drew three


def test_a_declared_phrase_takes_its_number_from_its_slot(tmp_path: Path) -> None:
    folder = tmp_path / "hf"
    shutil.copytree(HEARTHFIELD, folder)
    kingdom = folder / "kingdom.yaml"
    text = kingdom.read_text(encoding="utf-8")
    kingdom.write_text(text.replace("down to 3 cards in hand", "down to 1 cards in hand"))
    compiled = _compiled(folder)
    match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(BIG_MONEY)], 5)
    match.hand[0][0] = compiled.pool.index("footpads")
    match.apply((PLAY, 0))
    assert len(match.hand[1]) == 1


def test_a_phrase_play_does_not_map_is_outside_the_engine(tmp_path: Path) -> None:
    folder = _game(tmp_path / "hf", "    others-draw: each-other-player-draws\n", "")
    card_set, found = open_game(folder)
    assert card_set is not None and found == []
    pool, found = build_pool(card_set)
    assert pool is None
    assert [(d.code, d.card) for d in found] == [("CK403", "town-crier")]
    assert "'Special:others-draw'" in found[0].message


def test_a_points_target_ends_the_game_at_the_first_to_reach_it(tmp_path: Path) -> None:
    folder = _game(
        tmp_path / "hf",
        "win: {by: points, field: victory}",
        "win: {by: points, field: victory, target: 12}",
    )
    folder = _game(folder, "  end: {empty_piles: 3, pile: castle}\n", "")
    compiled = _compiled(folder)
    for seed in range(10):
        match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(FORGE)], seed)
        outcome = match.play()
        assert match.over and outcome.winner is not None
        assert not outcome.timeout and outcome.life[outcome.winner] >= 12


def test_a_turn_limit_of_play_end_ends_the_game_after_that_round(tmp_path: Path) -> None:
    folder = _game(tmp_path / "hf", "end: {empty_piles: 3, pile: castle}", "end: {turns: 5}")
    match = SupplyMatch(_compiled(folder), [StrategyBot(BIG_MONEY), StrategyBot(FORGE)], 1)
    match.play()
    assert match.over and match.turns_taken == [5, 5]


def test_supply_size_and_the_turns_starting_actions_and_buys(tmp_path: Path) -> None:
    folder = _game(
        tmp_path / "hf", "decks: [basic, kingdom]", "decks: [basic, kingdom]\n    size: 6"
    )
    folder = _game(folder, "actions: {resource: action}", "actions: {resource: action, start: 2}")
    folder = _game(folder, "buys: {resource: buy}", "buys: {resource: buy, start: 3}")
    compiled = _compiled(folder)
    match = SupplyMatch(compiled, [StrategyBot(BIG_MONEY), StrategyBot(BIG_MONEY)], 1)
    left = dict(zip(match.pile_cards, match.left, strict=True))
    index = compiled.pool.index
    assert (left[index("forge")], left[index("castle")], left[index("penny")]) == (6, 8, 6)
    resources = compiled.env.resources
    assert (match.pool[resources["action"]], match.pool[resources["buy"]]) == (2, 3)

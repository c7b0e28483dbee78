"""The `play:` declaration of game.yaml: read into a PlaySetup, every bad name located (CK400)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from sim_helpers import STAR_REALMS, ScriptBot, star_pool, star_realms

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.model import PlaySetup, PlayZones, SeatSetup
from cardkit.sim.cards import compile_pool
from cardkit.sim.engine import Match
from cardkit.sim.pool import build_pool
from cardkit.sim.runner import run_sweep


def test_star_realms_declares_the_two_player_setup() -> None:
    assert star_realms().game.play == PlaySetup(
        players=2,
        life="authority",
        starting_life=50,
        acquire_with="trade",
        attack_with="combat",
        cost_field="cost",
        starting_deck=(("scout", 8), ("viper", 2)),
        hand_size=5,
        first_hand_size=3,
        market_deck="trade",
        market_size=5,
        pile="explorer",
        pile_count=10,
        base_types=("base",),
        defense_field="defense",
        guard_field="outpost",
        max_turns=200,
        zones=PlayZones(hand="hand", discard="discard", market="trade-row"),
    )


def _game(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "sr"
    shutil.copytree(STAR_REALMS, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    assert old in text
    (folder / "game.yaml").write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _line(folder: Path, needle: str) -> int:
    lines = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_unknown_names_in_the_play_declaration_are_ck400_errors_at_their_place(
    tmp_path: Path,
) -> None:
    folder = _game(tmp_path, "acquire_with: trade", "acquire_with: trde")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        text.replace("bases: {types: [base]", "bases: {types: [bass]"), encoding="utf-8"
    )
    game, found = load_game(folder, "sr")
    assert game is not None and game.play is None  # the rest of the game stands
    line, bases = _line(folder, "acquire_with"), _line(folder, "types: [bass]")
    assert [str(d) for d in found] == [
        f"sr/game.yaml:{line}:17: error[CK400] play: unknown resource 'trde' "
        "(did you mean 'trade'?)",
        f"sr/game.yaml:{bases}:19: error[CK400] play: unknown card type 'bass' "
        "(did you mean 'base'?)",
    ]


def test_a_bad_play_value_is_a_schema_error(tmp_path: Path) -> None:
    folder = _game(tmp_path, "players: 2", "players: 7")
    game, found = load_game(folder, "sr")
    assert game is not None and game.play is None and len(found) == 1 and "players" in str(found[0])


def test_a_starting_card_the_set_lacks_is_a_ck402_error(tmp_path: Path) -> None:
    folder = _game(tmp_path, "{scout: 8, viper: 2}", "{scuot: 8, viper: 2}")
    card_set, loaded = load_card_set(folder, "sr")  # what validate reports
    assert card_set is not None and card_set.game.play is None
    pool, found = build_pool(card_set)
    line = _line(folder, "scuot")
    assert pool is None
    assert (
        [str(d) for d in found]
        == [str(d) for d in loaded]
        == [
            f"sr/game.yaml:{line}:19: error[CK402] starting deck names unknown card 'scuot' "
            "(did you mean 'scout'?)"
        ]
    )


def test_a_game_without_play_cannot_be_simulated(tmp_path: Path) -> None:
    folder = tmp_path / "sr"
    shutil.copytree(STAR_REALMS, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text[: text.index("\n# How a two-player")], encoding="utf-8")
    card_set, _ = load_card_set(folder, "sr")
    assert card_set is not None
    pool, found = build_pool(card_set)
    assert pool is None
    assert [str(d) for d in found] == [
        "sr/game.yaml: error[CK401] game 'star-realms' has no 'play:' declaration; the simulator "
        "needs its setup (hint: the simulator plays deck-builders: each player draws hands "
        "from a deck of their own and acquires cards with one resource, from a market row or "
        "supply piles (see docs/playtesting.md); for such a game declare 'play:' in game.yaml: "
        "'cardkit new NAME --kind deck-builder' writes a game whose game.yaml has one to copy "
        "from. Other kinds of game (tricks, drafting, play against the game) it cannot play "
        "yet; validate, build and rulebook serve every game)"
    ]


def test_a_base_without_defense_is_a_ck404_error(tmp_path: Path) -> None:
    folder = _game(tmp_path, "bases: {types: [base]", "bases: {types: [base, ship]")
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None
    pool, found = build_pool(card_set)
    assert pool is None
    assert {d.code for d in found} == {"CK404"}
    assert "'scout' is a base but has no whole-number 'defense'" in {d.message for d in found}


def test_a_play_zone_the_game_lacks_is_a_ck400_error(tmp_path: Path) -> None:
    folder = _game(tmp_path, "market: trade-row}", "market: trade-rwo}")
    game, found = load_game(folder, "sr")
    line = _line(folder, "trade-rwo")
    text = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()[line - 1]
    column = text.index("trade-rwo") + 1
    assert game is not None and game.play is None  # the rest of the game stands
    assert [str(d) for d in found] == [
        f"sr/game.yaml:{line}:{column}: error[CK400] play: unknown zone 'trade-rwo' "
        "(did you mean 'trade-row'?)"
    ]


def test_the_simulator_plays_the_zones_by_the_ids_the_game_gives_them(tmp_path: Path) -> None:
    """Star Realms with its zones renamed plays the very same games: no zone id is built in."""
    folder = _game(tmp_path, "market: trade-row}", "market: row}")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    for old, new in (
        ("  hand: {name: hand}", "  palm: {name: hand}"),
        ("hand: hand,", "hand: palm,"),
    ):
        assert old in text
        text = text.replace(old, new)
    text = text.replace("  trade-row: {name: trade row", "  row: {name: trade row")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and found == [], found
    pool, found = build_pool(card_set)
    assert pool is not None and found == []
    original, renamed = (
        run_sweep(p, ("greedy", "greedy"), games=20, seed=7) for p in (star_pool(), pool)
    )
    assert renamed == original
    assert original.games == 20


ZONES = "zones:\n  hand: {name: hand}\n"
PLAY_ZONES = "  zones: {hand: hand, discard: discard, market: trade-row}\n"
RETURN = "at the end of this turn, put this card from the scrap heap into your discard pile"


def _with_special(tmp_path: Path, mapping: str) -> Path:
    """Star Realms declaring the mobile market's last sentence as a special effect (a game's
    one-off clause wins over the general rules), mapped by ``play: specials`` as given."""
    folder = _game(
        tmp_path, ZONES, f"special_effects:\n  return-from-scrap-heap: {RETURN}\n" + ZONES
    )
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    assert PLAY_ZONES in text
    (folder / "game.yaml").write_text(text.replace(PLAY_ZONES, PLAY_ZONES + mapping), "utf-8")
    return folder


def test_a_special_effect_runs_only_when_play_maps_it_to_an_engine_deed(tmp_path: Path) -> None:
    folder = _with_special(tmp_path / "unmapped", "")
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and found == []
    pool, found = build_pool(card_set)
    assert pool is None
    assert [str(d) for d in found] == [
        "sr/trade-deck/trade-federation.yaml:57:7: error[CK403] the simulator cannot execute "
        "'Special:return-from-scrap-heap' in rules text of 'mobile-market' (hint: a one-off "
        "effect of the game's own that 'play: specials' maps to no engine deed)"
    ]
    mapping = "  specials: {return-from-scrap-heap: return-to-discard-at-end-of-turn}\n"
    card_set, found = load_card_set(_with_special(tmp_path / "mapped", mapping), "sr")
    assert card_set is not None and found == []
    pool, found = build_pool(card_set)
    assert pool is not None and found == []


def test_play_maps_only_special_effects_the_game_declares(tmp_path: Path) -> None:
    mapping = "  specials: {return-from-scrap-heep: return-to-discard-at-end-of-turn}\n"
    game, found = load_game(_with_special(tmp_path, mapping), "sr")
    assert game is not None and game.play is None  # the rest of the game stands
    assert [d.code for d in found] == ["CK400"]
    assert "play: unknown special effect or phrase 'return-from-scrap-heep' (did you mean " in str(
        found[0]
    )


def test_a_resource_no_card_gains_to_attack_or_buy_with_is_a_ck406_warning(
    tmp_path: Path,
) -> None:
    folder = _game(
        tmp_path,
        "  authority: {name: Authority",
        "  fuel: {name: Fuel}\n  authority: {name: Authority",
    )
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("attack_with: combat", "attack_with: fuel")
    text = text.replace("acquire_with: trade", "acquire_with: fuel")
    (folder / "game.yaml").write_text(text.replace("max_turns: 200", "max_turns: 30"), "utf-8")
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and not found
    pool, found = build_pool(card_set)
    assert pool is not None  # warnings: the games are still played
    attack, buy = _line(folder, "attack_with:"), _line(folder, "acquire_with:")
    assert [str(d) for d in found] == [
        f"sr/game.yaml:{buy}:17: warning[CK406] no card in play gains 'fuel', the resource "
        "players buy cards with: nothing can be bought (hint: give some cards 'Gain N fuel', "
        "or name another resource in 'play.acquire_with')",
        f"sr/game.yaml:{attack}:16: warning[CK406] no card in play gains 'fuel', the resource "
        "players attack with: no player can lose: every game is a draw at turn 30 (hint: give "
        "some cards 'Gain N fuel', or name another resource in 'play.attack_with')",
    ]
    tally = run_sweep(pool, ("greedy", "greedy"), games=6, seed=1)
    assert tally.draws == tally.games == 6 and tally.turns == 6 * 30


def test_star_realms_gains_what_it_attacks_and_buys_with() -> None:
    _, found = build_pool(star_realms())
    assert not [d for d in found if d.code == "CK406"]


SEATS = """  hand: {size: 5, first: 3}
  seats:
    - {hand: 4}
    - {life: 40, starting_deck: {scout: 7, viper: 2, explorer: 1}}"""


def test_each_seat_may_have_its_own_opening_hand_life_and_starting_deck(tmp_path: Path) -> None:
    """Frontiers rulebook, Standard: 'That player gets a three-card starting hand. The other
    player gets a five-card starting hand.' -- the sample's 'hand: first:'; a seat's own
    setup (a handicap, a sweep of starting decks) is data too."""
    folder = _game(tmp_path, "  hand: {size: 5, first: 3}", SEATS)
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and found == []
    setup = card_set.game.play
    assert setup is not None
    assert setup.seats == (
        SeatSetup(hand=4),
        SeatSetup(life=40, starting_deck=(("scout", 7), ("viper", 2), ("explorer", 1))),
    )
    pool, found = build_pool(card_set)
    assert pool is not None and found == []
    m = Match(compile_pool(pool), (ScriptBot(), ScriptBot()), 3)
    assert (len(m.hand[0]), len(m.hand[1])) == (4, 5) and m.life == [50, 40]
    assert Counter(m.hand[0] + m.deck[0]) == {pool.index("scout"): 8, pool.index("viper"): 2}
    assert Counter(m.hand[1] + m.deck[1]) == {
        pool.index("scout"): 7,
        pool.index("viper"): 2,
        pool.index("explorer"): 1,
    }


def test_a_seat_deck_card_the_set_lacks_and_too_many_seats_are_located_errors(
    tmp_path: Path,
) -> None:
    folder = _game(tmp_path, "  hand: {size: 5, first: 3}", SEATS.replace("explorer", "explorr"))
    line = _line(folder, "explorr")
    expected = [
        f"sr/game.yaml:{line}:54: error[CK402] seat 2's starting deck names unknown card "
        "'explorr' (did you mean 'explorer'?)"
    ]
    # validate finds it (the loader checks the cards 'play:' names), and so does the simulator
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and [str(d) for d in found] == expected
    pool, found = build_pool(card_set)
    assert pool is None
    assert [str(d) for d in found] == expected
    three = SEATS + "\n    - {hand: 5}"
    folder = _game(tmp_path / "b", "  hand: {size: 5, first: 3}", three)
    _, found = load_game(folder, "sr")
    line = _line(folder, "- {hand: 5}")
    assert [str(d) for d in found] == [
        f"sr/game.yaml:{line}:7: error[CK407] play: 3 seats for 2 players"
    ]


def test_a_format_needs_three_or_more_players(tmp_path: Path) -> None:
    folder = _game(tmp_path, "  players: 2", "  players: 2\n  format: hunter")
    _, found = load_game(folder, "sr")
    line = _line(folder, "format: hunter")
    assert [str(d) for d in found] == [
        f"sr/game.yaml:{line}:11: error[CK407] play: 'format' is for three or more players "
        "who fight with 'life:'"
    ]
    folder = _game(tmp_path / "b", "  players: 2", "  players: 4\n  format: hunter")
    card_set, found = load_card_set(folder, "sr")
    assert card_set is not None and found == []
    assert card_set.game.play is not None and card_set.game.play.format == "hunter"
    pool, _ = build_pool(card_set)
    assert pool is not None
    tally = run_sweep(pool, ("greedy", "simple"), games=6, seed=2)
    assert tally.games == 6 and tally.draws == 0


def test_a_game_of_more_players_refuses_what_plays_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _game(tmp_path, "  players: 2", "  players: 3")
    out = str(tmp_path / "out")
    for extra, said in (
        (["--bots", "mc,greedy"], "the mc bot looks ahead in two-player games only"),
        (["--log", "1"], "--log writes two-player games only"),
        (["--effects"], "--effects measures cards in two-player games only"),
    ):
        assert main(["sim", str(folder), "--games", "4", *extra, "-o", out]) == 2
        assert said in capsys.readouterr().err
    assert main(["sim", str(folder), "--games", "4", "--jobs", "1", "-o", out]) == 0
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["games"] == 4
    assert report["cards"] and all(0 <= card["bought_share"] <= 1 for card in report["cards"])

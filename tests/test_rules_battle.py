"""The constructs the battle games' cards need, parsed with the games' own vocabularies."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from readme_helpers import all_docs

from cardkit.cli import main
from cardkit.effects import (
    AtEndOf,
    Cannot,
    DrawKind,
    Effect,
    EndSpan,
    GrantKeyword,
    Joins,
    KeywordUse,
    MakeAttack,
    MayBeTargeted,
    ModifyStat,
    MoveCards,
    MoveWithout,
    OpponentDiscardsKinds,
    Place,
    PlayOnlyDuring,
    PutBackIntoPlay,
    PutInto,
    PutIntoPlay,
    RemoveCounters,
    ReplaceAll,
    Reveal,
    SetStat,
    TakeControl,
)
from cardkit.errors import RulesTextError
from cardkit.load.game import load_game
from cardkit.model import Game, Span
from cardkit.rules import parse_ability
from cardkit.sim.compile import outside_reason, unsupported

ROOT = Path(__file__).resolve().parent.parent


def _game(name: str) -> Game:
    game, found = load_game(ROOT / "cards" / name, name)
    assert game is not None and found == [], found
    return game


# (game, text as docs/rules-text.md writes it, the effect it means)
EXAMPLES: list[tuple[str, str, Effect]] = [
    (
        "warpspawn",
        "All enemy units get -1 force this battle.",
        ModifyStat("unit", "force", -1, "enemy", duration="battle"),
    ),
    (
        "planetary-strategy",
        "Target blocking mech gets +3 defense.",
        ModifyStat("mech", "defense", 3, state="blocking"),
    ),
    (
        "planetary-strategy",
        "Target ship gains Stealth this round.",
        GrantKeyword("ship", KeywordUse("stealth"), duration="round"),
    ),
    (
        "warpspawn",
        "Target unit cannot attack this battle.",
        Cannot("unit", "attack", duration="battle"),
    ),
    ("starcraft", "This troop's range is 1.", SetStat("troop", "range", 1)),
    ("starcraft", "The affected card's range is halved.", SetStat(None, "range")),
    ("starcraft", "Reveal every Cloaked card.", Reveal("cloaked")),
    (
        "planetary-strategy",
        "Reveal every Hidden card at target planet.",
        Reveal("hidden", "planet"),
    ),
    (
        "planetary-strategy",
        "Put a ship from your hand into play at this planet.",
        PutIntoPlay(("ship",), "hand", "planet"),
    ),
    ("warpspawn", "Take control of target non-Leader unit.", TakeControl("unit", "leader")),
    (
        "starcraft",
        "Target opponent discards 10 troops or buildings of their choice.",
        OpponentDiscardsKinds(10, ("troop", "building")),
    ),
    (
        "warpspawn",
        "End this battle immediately.",
        EndSpan(duration="battle", immediately=True),
    ),
    ("warpspawn", "Draw a unit.", DrawKind("unit")),
    ("warpspawn", "It joins this battle.", Joins(duration="battle")),
    (
        "warpspawn",
        "Make a Force 2 attack against each enemy unit this round.",
        MakeAttack("force", 2, "unit", each=True, duration="round"),
    ),
    (
        "warpspawn",
        "Put the unit just destroyed in this battle back into play.",
        PutBackIntoPlay("unit", duration="battle"),
    ),
    (
        "planetary-strategy",
        "Move any number of your infantry from target planet you control to an adjacent "
        "planet you control.",
        MoveCards(
            ("infantry",),
            Place("planet", controlled=True),
            Place("planet", adjacent=True, controlled=True),
            yours=True,
        ),
    ),
    (
        "planetary-strategy",
        "Each player removes 3 Resource counters from each card at target planet.",
        RemoveCounters("resource", 3, "planet", each=True, each_player=True),
    ),
    (
        "planetary-strategy",
        "Target blocking unit gets +3 defense this turn.",
        ModifyStat("unit", "defense", 3, this_turn=True, state="blocking"),
    ),
    (
        "planetary-strategy",
        "Enemy Stealth units at this planet may be targeted.",
        MayBeTargeted("unit", "stealth", "planet"),
    ),
    (
        "planetary-strategy",
        "This mech may move between planets without a Transport.",
        MoveWithout("mech", "planet", "transport"),
    ),
    (
        "planetary-strategy",
        "Play only during your opponent's combat step.",
        PlayOnlyDuring("combat-step", opponents=True),
    ),
    ("planetary-strategy", "Play only during your turn.", PlayOnlyDuring()),
    (
        "star-realms",
        "Put a ship from your hand into your discard pile.",
        PutInto(("ship",), "hand", "discard"),
    ),
    (
        "planetary-strategy",
        "Move 2 ships from target planet to an adjacent planet.",
        MoveCards(("ship",), Place("planet"), Place("planet", adjacent=True), 2),
    ),
    (
        "planetary-strategy",
        "Remove 1 Population counter from target ship.",
        RemoveCounters("population", 1, "ship"),
    ),
    ("warpspawn", "End this turn.", EndSpan(this_turn=True)),
    (
        "starcraft",
        "Replace all three environments with three environments of another world.",
        ReplaceAll("environment", 3, "world"),
    ),
    ("warpspawn", "Draw 2 units.", DrawKind("unit", 2)),
    (
        "star-realms",
        "At the end of this turn, put this card from the scrap heap into your discard pile.",
        AtEndOf(PutInto(None, "scrap-heap", "discard"), this_turn=True),
    ),
]


@pytest.mark.parametrize(("game", "text", "effect"), EXAMPLES, ids=[t for _, t, _ in EXAMPLES])
def test_each_readme_example_parses_to_its_effect_and_back(
    game: str, text: str, effect: Effect
) -> None:
    ability = parse_ability(text, _game(game))
    assert ability.effect == effect
    assert str(ability) == text
    assert (ability.effect.pos.line, ability.effect.pos.column) == (1, 1)  # type: ignore[union-attr]


def test_the_docs_show_each_example() -> None:
    flat = " ".join(all_docs().split())
    for _, text, _ in EXAMPLES:
        assert f"`{text}`" in flat, text


BAD: list[tuple[str, str, str]] = [
    (
        "warpspawn",
        "Target unit cannot fly.",
        "unexpected 'fly': expected a verb ('draw', 'put'), 'be' or an action ('attack')",
    ),
    ("warpspawn", "All your units get +1 force this game.", "unexpected 'this'"),
    ("starcraft", "This troop's range is twice.", "unexpected 'twice'"),
    # Words the grammar has no role for may follow a clause ("Reveal every shiny card"), but
    # not its own words out of place: a span the game does not declare.
    ("starcraft", "Reveal every card this fortnight.", "unexpected 'this'"),
]


@pytest.mark.parametrize(("game", "text", "message"), BAD, ids=[t for _, t, _ in BAD])
def test_what_the_constructs_do_not_say_is_a_located_error(
    game: str, text: str, message: str
) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(game))
    assert str(info.value).startswith(message), str(info.value)


def test_a_misspelt_action_is_found_with_its_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "game"
    shutil.copytree(ROOT / "cards" / "warpspawn", folder)
    spells = folder / "spells.yaml"
    right, wrong = "cannot attack this battle.", "cannot atack this battle."
    text = spells.read_text(encoding="utf-8")
    assert right in text
    spells.write_text(text.replace(right, wrong), encoding="utf-8")
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert (
        "spells.yaml:16:30: error[CK109] unknown word 'atack' (did you mean 'attack'?) "
        "in rules text of 'stuck-in-the-mud'"
    ) in out
    assert out.count("error[") == 1


def test_the_simulator_names_why_it_leaves_battle_effects_alone() -> None:
    game = _game("warpspawn")
    mist = parse_ability("End this battle immediately.", game)
    assert unsupported(mist) == "EndSpan"
    assert (
        outside_reason("EndSpan") == "ending a span of play early is for games of units that fight"
    )
    mud = parse_ability("Target unit cannot attack this battle.", game)
    assert unsupported(mud) == "Cannot"
    assert (
        outside_reason("Cannot")
        == "forbidding cards in play to act is for games of units that fight"
    )


def test_a_span_is_the_games_own_word() -> None:
    battle = parse_ability("Target unit cannot attack this battle.", _game("warpspawn"))
    assert battle.effect == Cannot("unit", "attack", duration="battle")
    # Planetary Strategy declares 'round' but no battle: its text cannot last 'this battle'.
    game = _game("planetary-strategy")
    assert "battle" not in game.spans and "round" in game.spans
    with pytest.raises(RulesTextError):
        parse_ability("Target ship gains Stealth this battle.", game)
    # A span of several words, as the game names it, prints back as written.
    spans = {"game-round": Span("game-round", "game round")}
    long = parse_ability("Target ship gains Stealth this game  round.", replace(game, spans=spans))
    assert long.effect == GrantKeyword("ship", KeywordUse("stealth"), duration="game-round")
    assert str(long) == "Target ship gains Stealth this game round."

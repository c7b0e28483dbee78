"""Every game in cards/: it validates, it builds, and its data says what its rulebook says."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.model import Card, CardSet
from cardkit.reference.content import Cell, plain
from cardkit.reference.sheets import card_sheet_tables
from cardkit.reference.words import field_value, shown_value
from cardkit.rules import parse_ability

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
GAMES = sorted(path.parent.name for path in CARDS.glob("*/game.yaml"))
AWAITING = ROOT / "tests" / "fixtures" / "games" / "awaiting-grammar.tsv"


def _awaiting() -> list[tuple[str, str, str]]:
    rows = AWAITING.read_text(encoding="utf-8").splitlines()
    return [
        (game, card, line)
        for game, card, line in (row.split("\t") for row in rows if row and row[0] != "#")
    ]


def _load(game: str) -> CardSet:
    card_set, found = load_card_set(CARDS / game, f"cards/{game}")
    assert card_set is not None and found == [], found
    return card_set


def _validate(game: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, object]]]:
    status = main(["validate", str(CARDS / game), "--format", "json"])
    return status, json.loads(capsys.readouterr().out)


def test_the_five_rulebooks_have_their_games() -> None:
    assert {"planetary-strategy", "warpspawn", "to-boldly-go", "starcraft", "star-realms"} <= set(
        GAMES
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_game_validates_but_for_the_lines_awaiting_grammar(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, found = _validate(game, capsys)
    # A line the grammar cannot read yet is CK101, or CK109 at a word the grammar lacks.
    assert [d for d in found if d["code"] not in ("CK101", "CK109")] == []
    awaited = {card for g, card, _ in _awaiting() if g == game}
    errors = {str(d["card"]) for d in found if d["severity"] == "error"}
    assert errors == awaited
    assert {str(d["card"]) for d in found} <= awaited
    assert status == (1 if awaited else 0)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_builds_a_pdf_holding_every_card_name(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(CARDS / game), "-o", str(tmp_path), "--duplex", "none"]) == 0
    reader = PdfReader(tmp_path / "deck.pdf")
    text = "\n".join(page.extract_text() for page in reader.pages)
    card_set = _load(game)
    missing = [card.name for card in card_set.cards if card.name not in text]
    assert missing == []
    assert "error" not in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_every_game_gets_reference_pages_listing_every_card_with_no_warning(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulebook", str(CARDS / game), "-o", str(tmp_path), "--format", "md,html"]) == 0
    assert "warning" not in capsys.readouterr().err  # no line shown as written (CK315)
    page = (tmp_path / "reference.md").read_text(encoding="utf-8")
    card_set = _load(game)
    # Markdown escapes a few characters of names; compare without backslashes
    missing = [card.name for card in card_set.cards if card.name not in page.replace("\\", "")]
    assert missing == []
    assert (tmp_path / "reference.html").stat().st_size > 0


# A broken fixture per deck rule and constraint: (game, file dropped into a copy of the game,
# the diagnostics it adds besides those of lines awaiting grammar: code, file, line (or the
# text the line of game.yaml holds), message).
BROKEN = ROOT / "tests" / "fixtures" / "games"
RULE_CASES: list[tuple[str, str, list[tuple[str, str, int | str, str]]]] = [
    (
        "planetary-strategy",
        "fourth-planet.yaml",
        [
            (
                "CK121",
                "game.yaml",
                "{of: main,",
                "deck 'main' holds 50 cards; its size must be exactly 20 + 10 * planets",
            )
        ],
    ),
    (
        "planetary-strategy",
        "five-planets.yaml",
        [
            (
                "CK121",
                "game.yaml",
                "size: {min: 2, max: 4}",
                "deck 'planets' holds 5 cards; its size must be between 2 and 4",
            ),
            (
                "CK121",
                "game.yaml",
                "{of: main,",
                "deck 'main' holds 50 cards; its size must be exactly 20 + 10 * planets",
            ),
        ],
    ),
    (
        "starcraft",
        "second-jim-raynor.yaml",
        [
            (
                "CK123",
                "terran.yaml",
                78,
                "'jim-raynor-marine' makes 2 copies named 'Jim Raynor' in decks 'buildings', "
                "'draw', 'seed' (with 'jim-raynor-vulture'); "
                "limit 'hero' allows at most 1 per name",
            )
        ],
    ),
    (
        "starcraft",
        "second-promo.yaml",
        [
            (
                "CK123",
                "second-promo.yaml",
                3,
                "'dark-templar-reprint' makes 2 copies named 'Dark Templar' in decks 'buildings', "
                "'draw', 'seed' (with 'dark-templar'); limit 'promo' allows at most 1 per name",
            )
        ],
    ),
    (
        "starcraft",
        "eleventh-seed-card.yaml",
        [
            (
                "CK121",
                "game.yaml",
                "size: {max: 10}",
                "deck 'seed' holds 11 cards; its size must be at most 10",
            )
        ],
    ),
    (
        "starcraft",
        "over-100-cards.yaml",
        [
            (
                "CK121",
                "game.yaml",
                '{of: "buildings + draw"',
                "'buildings + draw' comes to 117 cards; its size must be at most 100",
            )
        ],
    ),
    (
        "warpspawn",
        "extra-spell.yaml",
        [
            (
                "CK121",
                "game.yaml",
                "size: 36",
                "deck 'spells' holds 37 cards; its size must be exactly 36",
            )
        ],
    ),
    (
        "star-realms",
        "ninth-challenge.yaml",
        [
            (
                "CK121",
                "game.yaml",
                "back: challenge\n    size: 8",
                "deck 'challenges' holds 9 cards; its size must be exactly 8",
            )
        ],
    ),
    (
        "to-boldly-go",
        "unsolvable-episode.yaml",
        [
            (
                "CK170",
                "unsolvable-episode.yaml",
                5,
                "no team of up to 3 crew cards meets dilemma 'Operation -- Annihilate!' "
                "(negotiation 9); constraint 'every-dilemma-solvable'",
            )
        ],
    ),
]


def _line(path: Path, at: int | str) -> int:
    """``at`` itself, or the line of ``path`` where the text ``at`` starts."""
    if isinstance(at, int):
        return at
    text = path.read_text(encoding="utf-8")
    assert at in text, at
    return text[: text.index(at)].count("\n") + 1 + at.count("\n")


def test_every_broken_game_fixture_has_a_case() -> None:
    on_disk = {
        (path.parent.name, path.name) for game in GAMES for path in (BROKEN / game).glob("*.yaml")
    }
    assert on_disk == {(game, name) for game, name, _ in RULE_CASES}


@pytest.mark.parametrize(
    ("game", "fixture", "expected"), RULE_CASES, ids=[c[1] for c in RULE_CASES]
)
def test_each_deck_rule_and_constraint_has_a_broken_fixture_it_catches(
    game: str,
    fixture: str,
    expected: list[tuple[str, str, int | str, str]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / game
    shutil.copytree(CARDS / game, folder)
    shutil.copy(BROKEN / game / fixture, folder / fixture)
    status = main(["validate", str(folder), "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [
        (d["code"], Path(d["path"]).relative_to(folder).as_posix(), d["line"], d["message"])
        for d in found
        if d["code"] not in ("CK101", "CK109")
    ] == [(code, name, _line(folder / name, at), message) for code, name, at, message in expected]


def test_every_line_awaiting_grammar_is_still_in_the_cards_and_still_fails() -> None:
    for game, card_id, line in _awaiting():
        card_set = _load(game)
        [card] = [card for card in card_set.cards if card.id == card_id]
        assert line in card.text.split("\n")
        with pytest.raises(RulesTextError):  # when it parses, delete its row
            parse_ability(line, card_set.game)


def _copies(card_set: CardSet, **where: str) -> dict[str, int]:
    return {
        card.name: card.count
        for card in card_set.cards
        if all(getattr(card, key) == value for key, value in where.items())
    }


def _keywords_used(card_set: CardSet) -> set[str]:
    names = {keyword.name: key for key, keyword in card_set.game.keywords.items()}
    used = set()
    for card in card_set.cards:
        for line in card.text.split("\n"):
            word = line.rstrip(".").split("(")[0]
            if word in names:
                used.add(names[word])
    return used


# -- planetary strategy ----------------------------------------------------------------------


def test_planetary_sample_uses_every_card_type_and_keyword() -> None:
    card_set = _load("planetary-strategy")
    assert {card.type for card in card_set.cards} == set(card_set.game.card_types)
    assert _keywords_used(card_set) == set(card_set.game.keywords)
    lines = [line for card in card_set.cards for line in card.text.split("\n")]
    ability_costs = {match[1] for line in lines if (match := re.match(r"\(\d+\)([PR]):", line))}
    assert {"P", "R"} <= ability_costs  # "(2)P:" and "(2)R:" ability costs


def test_planetary_deck_is_20_cards_plus_10_per_planet() -> None:
    card_set = _load("planetary-strategy")
    planets = sum(_copies(card_set, deck="planets").values())
    assert 2 <= planets <= 4
    assert sum(_copies(card_set, deck="main").values()) == 20 + 10 * planets


# -- Warpspawn -------------------------------------------------------------------------------

# The Magic Spell Deck as the rules list it: spell, copies.
SPELL_DECK = {
    "Summon Kin": 2,
    "Noxious Vapor": 4,
    "Mist": 4,
    "Stuck in the Mud": 4,
    "Poison Gland": 4,
    "Thick Skinned": 4,
    "Desiccate": 4,
    "Hot Blooded": 4,
    "Regenerate": 4,
    "Mesmerize": 2,
}


def test_warpspawn_spell_deck_is_the_rules_list_with_its_copies_and_effects() -> None:
    card_set = _load("warpspawn")
    assert _copies(card_set, type="spell") == SPELL_DECK
    assert sum(SPELL_DECK.values()) == 36
    assert all(card.text for card in card_set.cards if card.type == "spell")


def test_warpspawn_units_are_square_chits_of_every_terrain_and_ability() -> None:
    card_set = _load("warpspawn")
    width, height = card_set.game.sizes[card_set.game.card_types["unit"].size]
    assert width == height == "38.1mm"
    units = [card for card in card_set.cards if card.type == "unit"]
    assert {card.get("terrain") for card in units} >= {"wet", "dry", "water", "tree"}
    assert _keywords_used(card_set) == {"poison", "shell", "jump", "leader", "shaman"}


# -- Starcraft -------------------------------------------------------------------------------


def test_starcraft_has_the_eleven_card_types_of_the_rules() -> None:
    card_set = _load("starcraft")
    assert sorted(t.name for t in card_set.game.card_types.values()) == [
        "Animal",
        "Building",
        "Effect",
        "Environment",
        "Event",
        "Powerup",
        "Resource",
        "Seedable Event",
        "Seedable Unit",
        "Troop",
        "Upgrade",
    ]


def test_starcraft_sample_has_each_race_and_the_rules_examples() -> None:
    card_set = _load("starcraft")
    by_id = {card.id: card for card in card_set.cards}
    for race in ("terran", "zerg", "protoss"):
        types = {card.type for card in card_set.cards if race in card.factions}
        assert {"troop", "building", "seed-unit"} <= types, race
    archon = by_id["archon"]
    assert (archon.get("evolves_from"), archon.get("evolve_needs")) == ("High Templar", 2)
    raynor = by_id["jim-raynor-marine"]
    assert (raynor.get("hero"), raynor.get("hero_of")) == (True, "Marine")
    assert [card.id for card in card_set.cards if card.get("promo")] == [
        "dark-templar",
        "u-238-shells",
    ]
    assert by_id["medic"].get("attacks")[1] == {
        "name": "Optic Flare",
        "damage": 0,
        "once_per_game": True,
        "effect": "Blinded",
    }
    seed = sum(_copies(card_set, deck="seed").values())
    decks = sum(c.count for c in card_set.cards if c.deck in ("buildings", "draw"))
    assert seed <= 10 and decks <= 100


# -- Star Realms Frontiers -------------------------------------------------------------------


def test_frontiers_has_eight_oversized_challenges_and_four_pairs_of_scorecards() -> None:
    card_set = _load("star-realms")
    challenges = [card for card in card_set.cards if card.type == "challenge"]
    assert len(challenges) == 8
    assert card_set.game.sizes["oversized"] == ("88.9mm", "127mm")
    pages = sorted(int(p) for card in challenges for p in card.get("pages").split("-"))
    assert pages == list(range(25, 41))
    levels = [entry["level"] for entry in challenges[0].get("difficulty")]
    assert levels == ["beginner", "intermediate", "veteran", "expert"]
    assert _copies(card_set, type="scorecard") == {
        "Scorecard (Ones Digit)": 4,
        "Scorecard (Tens Digit)": 4,
    }
    trade = [card for card in card_set.cards if card.type in ("ship", "base")]
    assert sum(card.count for card in trade) == 136


# -- sheets for the rulebook -----------------------------------------------------------------


def _sheet(game: str, sheet_id: str) -> list[tuple[str, list[list[str]], list[str]]]:
    """(group title, rows, total row) of each table of a game's card sheet, as plain text."""
    card_set = _load(game)
    [sheet] = [sheet for sheet in card_set.game.sheets if sheet.id == sheet_id]

    def cell_of(card: Card, field: str) -> Cell:
        return plain(shown_value(field_value(card, field), field, card_set.game))

    def text(cell: Cell) -> str:
        return "".join(span.text for span in cell)

    return [
        (
            table.title,
            [[text(cell) for cell in row] for row in table.rows],
            [text(cell) for cell in table.footer or ()],
        )
        for table in card_sheet_tables(sheet, card_set, cell_of)
    ]


def test_warpspawn_spell_deck_sheet_lists_every_spell_and_36_copies() -> None:
    [(_, rows, total)] = _sheet("warpspawn", "spell-deck")
    assert {row[0]: int(row[2]) for row in rows} == SPELL_DECK
    assert total[2] == "36"


def test_starcraft_sheets_the_rules_ask_players_to_print() -> None:
    air = _sheet("starcraft", "air-ground")
    assert [(title, [row[0] for row in rows]) for title, rows, _ in air] == [
        (
            "Zerg",
            [
                "Guardian",
                "Kukulza (Guardian)",
                "Kukulza (Mutalisk)",
                "Mutalisk",
                "Overlord",
                "Queen",
            ],
        )
    ]
    heroes = _sheet("starcraft", "heroes")
    assert [(title, rows) for title, rows, _ in heroes] == [
        (
            "Terran",
            [
                ["Edmund Duke (Siege Mode)", "Siege Tank"],
                ["Edmund Duke (Tank Mode)", "Siege Tank"],
                ["Jim Raynor", "Marine"],
            ],
        ),
        ("Zerg", [["Kukulza (Guardian)", "Guardian"], ["Kukulza (Mutalisk)", "Mutalisk"]]),
    ]
    [(_, zerg, _)] = _sheet("starcraft", "zerg-buildings")
    assert [row[:2] for row in zerg] == [
        ["Creep Colony", "Spawning Pool"],
        ["Extractor", ""],
        ["Queen's Nest", "Spawning Pool"],
        ["Spawning Pool", ""],
        ["Spire", "Spawning Pool"],
    ]

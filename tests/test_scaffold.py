"""`cardkit new`: a game folder that validates at once, and never over an existing one."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.app.new_game import KINDS, game_id
from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.package_data import data_dir

ROOT = Path(__file__).resolve().parent.parent


def _new(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["new", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_new_game_folder_validates_with_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _new(capsys, "Moon Tactics", "--into", str(tmp_path))
    assert status == 0, err
    folder = tmp_path / "moon-tactics"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.yaml", "game.yaml", "layouts"]
    assert main(["validate", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == ["0 errors, 0 warnings in 9 cards"]
    game, found = load_game(folder, str(folder))
    assert found == []
    assert game is not None
    assert (game.id, game.name) == ("moon-tactics", "Moon Tactics")


def test_new_refuses_to_overwrite_an_existing_folder_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    cards = tmp_path / "moon-tactics" / "cards.yaml"
    cards.write_text("# my own cards\n", encoding="utf-8")
    status, out, err = _new(capsys, "Moon Tactics", "--into", str(tmp_path))
    assert status == 2
    assert out == ""
    assert "already exists" in err
    assert "Traceback" not in err
    assert cards.read_text(encoding="utf-8") == "# my own cards\n"


def test_new_refuses_an_existing_folder_even_when_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "moon-tactics").mkdir()
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 2
    assert list((tmp_path / "moon-tactics").iterdir()) == []


def test_new_leaves_no_staging_folder_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["moon-tactics"]


@pytest.mark.parametrize(
    ("name", "ident"),
    [
        ("Moon Tactics", "moon-tactics"),
        ("Château Wars", "chateau-wars"),
        ("  Star  Realms: Frontiers! ", "star-realms-frontiers"),
    ],
)
def test_game_ids_are_lowercase_ascii_words(name: str, ident: str) -> None:
    assert game_id(name) == ident


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(
    "name", ['Realms: "Frontiers"', "yes", "123", "true", "#1 Game", "- Dash", "Château Wars"]
)
def test_any_name_makes_a_game_that_loads_cleanly_and_keeps_its_name(
    name: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, name, "--into", str(tmp_path), "--kind", kind)[0] == 0
    folder = tmp_path / game_id(name)
    card_set, found = load_card_set(folder, str(folder))
    assert [str(d) for d in found] == []
    assert card_set is not None
    assert card_set.game.id == game_id(name)
    assert card_set.game.name.casefold() == name.casefold()
    assert all(back.text in (None, card_set.game.name) for back in card_set.game.backs.values())


@pytest.mark.parametrize("name", ["!!!", "", "a\nb"])
def test_a_name_that_makes_no_game_is_a_usage_error(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _new(capsys, name, "--into", str(tmp_path))
    assert status == 2
    assert err.startswith("usage: cardkit new ")
    assert "\ncardkit: error: " in err
    assert list(tmp_path.iterdir()) == []


def test_new_into_a_file_is_a_usage_error_not_a_crash(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("x", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "cardkit", "new", "Moon Tactics", "--into", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert "internal error" not in result.stderr
    assert f"{target} is a file" in " ".join(result.stderr.split())  # rich may wrap it


def test_new_makes_the_parent_folder_when_it_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path / "a" / "b"))[0] == 0
    assert (tmp_path / "a" / "b" / "moon-tactics" / "game.yaml").is_file()


def test_a_designer_s_first_slip_in_the_new_game_reads_as_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    cards = tmp_path / "moon-tactics" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    slipped = text.replace("  - name: Gather\n", "  - name: Gather\n    colour: red\n")
    cards.write_text(slipped.replace("    power: 4\n", "    powr: 4\n"), encoding="utf-8")
    assert main(["validate", str(tmp_path / "moon-tactics")]) == 1
    lines = [line.split(": ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert "error[CK021] 'powr' is not a field of a unit (did you mean 'power'?)" in lines
    assert "error[CK021] 'colour' is not a field of an action" in lines


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (
            "plian",
            "cardkit: error: unknown kind of game 'plian' (did you mean 'plain'?); choose one of: ",
        ),
        ("card-game", "cardkit: error: unknown kind of game 'card-game'; choose one of: "),
    ],
)
def test_an_unknown_kind_is_a_usage_error_that_lists_the_kinds_and_writes_nothing(
    kind: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _new(capsys, "Moon Tactics", "--into", str(tmp_path), "--kind", kind)
    assert status == 2
    assert out == ""
    usage, told = err.split("\n", 1)  # the command's usage line first, as for any usage error
    assert usage == "usage: cardkit new [-h] [--into INTO] [--kind KIND] name"
    assert told == message + ", ".join(KINDS) + "\n"
    assert list(tmp_path.iterdir()) == []


def test_every_kind_has_its_template_folder_and_the_plain_kind_is_the_default() -> None:
    templates = data_dir("templates") / "new-game"
    assert sorted(p.name for p in templates.iterdir() if p.is_dir()) == sorted(KINDS)
    assert next(iter(KINDS)) == "plain"
    assert all((templates / kind / "game.yaml").is_file() for kind in KINDS)


def test_the_plain_kind_is_what_new_writes_without_a_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path / "a"))[0] == 0
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path / "b"), "--kind", "plain")[0] == 0
    a, b = tmp_path / "a" / "moon-tactics", tmp_path / "b" / "moon-tactics"
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())

    def written(folder: Path, f: Path) -> bytes:  # game.yaml names its own folder
        return (folder / f).read_bytes().replace(folder.as_posix().encode(), b"<folder>")

    assert all(written(a, f) == written(b, f) for f in files)


@pytest.fixture(scope="module")
def deck_builder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game made by ``cardkit new "Moon Tactics" --kind deck-builder``."""
    parent = tmp_path_factory.mktemp("new")
    assert main(["new", "Moon Tactics", "--into", str(parent), "--kind", "deck-builder"]) == 0
    return parent / "moon-tactics"


def test_a_new_deck_builder_validates_with_no_diagnostic_and_is_in_canonical_wording(
    deck_builder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["validate", str(deck_builder)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == ["0 errors, 0 warnings in 72 cards"]
    assert main(["fmt", str(deck_builder), "--check"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == ["0 cards would be reformatted, 26 already canonical"]


def test_a_new_deck_builder_has_starting_cards_a_pile_and_a_market_over_three_factions(
    deck_builder: Path,
) -> None:
    card_set, found = load_card_set(deck_builder, str(deck_builder))
    assert found == []
    assert card_set is not None
    game = card_set.game
    assert (game.id, game.name) == ("moon-tactics", "Moon Tactics")
    play = game.play
    assert play is not None
    assert dict(play.starting_deck) == {"apprentice": 8, "militia": 2}
    market = [card for card in card_set.cards if card.deck == play.market_deck]
    assert 18 <= len(market) <= 24
    assert sum(card.count for card in market) == 42
    assert {card.factions for card in market} == {("forge",), ("tide",), ("grove",)}
    assert {card.get("cost") for card in market} == set(range(1, 8))
    holdings = [card for card in market if card.type in play.base_types]
    assert {card.get(play.guard_field, False) for card in holdings} == {True, False}
    assert all(isinstance(card.get(play.defense_field), int) for card in holdings)


# The words of the sample deck-builder the template must not borrow (its own game is original).
BORROWED = (
    "Trade", "Combat", "Authority", "Scout", "Viper", "Explorer", "Outpost", "trade row",
    "scrap heap", "Blob", "Machine Cult", "Star Empire", "Trade Federation",
)  # fmt: skip


def test_the_deck_builder_template_borrows_no_star_realms_word_or_card_name() -> None:
    sample, _ = load_card_set(ROOT / "cards" / "star-realms", "star-realms")
    assert sample is not None
    words = {*BORROWED, *(card.name for card in sample.cards)}
    template = data_dir("templates") / "new-game" / "deck-builder"
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(template.rglob("*.yaml")))
    borrowed = sorted(w for w in words if re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE))
    assert borrowed == []


def test_a_new_deck_builder_builds_a_deck_pdf_and_a_rulebook(
    deck_builder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["build", str(deck_builder), "--output", str(out)]) == 0
    reader = PdfReader(out / "deck.pdf")
    # 72 cards, nine to an A4 sheet: 8 sheets of fronts, each followed by its backs.
    assert len(reader.pages) == 16
    assert {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    } == {(595, 842)}
    fronts = "\n".join(reader.pages[i].extract_text() for i in range(0, 16, 2))
    assert "Wild Stampede" in fronts and "Holding — Grove" in fronts and "GUARD" in fronts
    assert "Moon Tactics" in reader.pages[1].extract_text()  # the market deck's back
    assert main(["rulebook", str(deck_builder), "--output", str(out)]) == 0
    reference = (out / "reference.md").read_text(encoding="utf-8")
    assert "Wild Stampede" in reference
    holdings = reference.split("## Holdings", 1)[1]  # the sheet game.yaml declares
    assert "| Bellows Tower | 3 | 4 | yes | Gain 2 **Might**." in holdings
    capsys.readouterr()
    assert main(["costs", str(deck_builder)]) == 0
    assert capsys.readouterr().out.startswith("cost curve of 26 cards: R^2 ")


def test_a_new_deck_builder_plays_fair_games_in_the_simulator(
    deck_builder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/tutorial.md's figures: `cardkit sim cards/moon-tactics --games 2000 --seed 1`.
    capsys.readouterr()
    sweep = ["--games", "2000", "--seed", "1", "--jobs", "1", "--format", "json"]
    status = main(["sim", str(deck_builder), *sweep, "-o", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "CK40" not in err  # every effect of every card is played
    report = json.loads(out)
    assert report["games"] == 2000 and report["draws"] == 0
    assert report["average_turns"] < 40  # max_turns is 200
    assert all(seat["rate"] > 0.45 for seat in report["seats"])
    assert 0.45 < report["first_player"]["rate"] < 0.65
    edges = {card["id"]: card["edge"] for card in report["cards"]}
    assert {"hireling", "wild-stampede", "elder-oak", "tollhouse"} <= set(edges)
    assert all(card["bought_share"] > 0.1 for card in report["cards"])
    assert min(edges.values()) > -0.15 and max(edges.values()) < 0.18


def test_messages_about_a_card_type_that_starts_with_a_vowel_say_an(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Night Market", "--into", str(tmp_path), "--kind", "deck-builder")[0] == 0
    forge = tmp_path / "night-market" / "market" / "forge.yaml"
    text = forge.read_text(encoding="utf-8")
    forge.write_text(text.replace("Gain 2 Might.", "Guard.\n      Gain 2 Might.", 1), "utf-8")
    status, out, _ = _new_validate(capsys, tmp_path / "night-market")
    assert status == 1
    assert "error[CK105] keyword 'Guard' on an agent: it may appear only on a holding" in out


def _new_validate(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[int, str, str]:
    status = main(["validate", str(folder)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_new_game_yaml_names_its_own_folder_for_cardkit_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    into = tmp_path / "my games"
    for kind in KINDS:
        assert _new(capsys, f"Zed {kind}", "--into", str(into), "--kind", kind)[0] == 0
        folder = into / game_id(f"Zed {kind}")
        text = (folder / "game.yaml").read_text(encoding="utf-8")
        assert f"run cardkit schema '{folder.as_posix()}' (it writes" in text, kind
        assert main(["schema", str(folder), "-o", str(tmp_path / kind / "cards.schema.json")]) == 0

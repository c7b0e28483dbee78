"""Every game in cards/: it validates, it builds, and its data says what its rulebook says."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.cardload import load_card_set
from cardkit.cli import main
from cardkit.errors import RulesTextError
from cardkit.model import CardSet
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
    assert [d for d in found if d["code"] != "CK101"] == []
    awaited = Counter(card for g, card, _ in _awaiting() if g == game)
    assert Counter(str(d["card"]) for d in found) == awaited
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


def test_every_line_awaiting_grammar_is_still_in_the_cards_and_still_fails() -> None:
    for game, card_id, line in _awaiting():
        card_set = _load(game)
        [card] = [card for card in card_set.cards if card.id == card_id]
        assert line in card.text.split("\n")
        with pytest.raises(RulesTextError):  # when it parses, delete its row
            parse_ability(line, card_set.game)

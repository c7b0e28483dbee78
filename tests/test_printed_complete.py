"""The shipped games print what a player needs: every required field of every card is on its
face (read back from a one-card PDF, card by card), Star Realms scorecards show their digits
and challenge cards their difficulty rules, and the reference pages never break a word."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from cardkit.app.rulebook import make_reference
from cardkit.export.reference_pdf import reference_pdf
from cardkit.export.single import card_pdf
from cardkit.load.cards import load_card_set
from cardkit.model import Card, CardSet, Game
from cardkit.reference import content
from cardkit.render.fieldtext import field_spec, line_text, number_text, resource_amounts
from cardkit.render.style import prepare_style

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (REPO / "cards").iterdir() if (p / "game.yaml").is_file())


def load(name: str) -> CardSet:
    card_set, found = load_card_set(REPO / "cards" / name, name)
    assert card_set is not None and not [d for d in found if d.severity == "error"]
    return card_set


def pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _number(value: float) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.]){re.escape(number_text(value))}(?![\d.])")


def expected(game: Game, card: Card, field: str) -> list[re.Pattern[str]]:
    """What the face must show of ``card``'s ``field``: each number as a whole number, each
    resource amount, each word of the field's text."""
    value: Any = card.get(field)
    spec = field_spec(game, card, field)
    if value is None or isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [_number(value)]
    if spec is not None and spec.kind == "resources":
        return [_number(float(amount)) for _, amount in resource_amounts(game, value)]
    words = re.findall(r"[A-Za-z0-9']+", line_text(game, card, field))
    return [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)", re.IGNORECASE) for w in words]


@pytest.mark.parametrize("name", GAMES)
def test_every_card_prints_every_required_field(name: str) -> None:
    card_set = load(name)
    game = card_set.game
    style, _ = prepare_style(game, card_set.cards)
    missing = []
    for card in card_set.cards:
        card_type = game.card_types[card.type]
        layout = style.layout(card)
        assert layout is not None
        required = [f.name for f in card_type.fields if f.required]
        required = [f for f in required if f not in layout.not_printed and f != "name"]
        if not any(card.get(f) is not None for f in required):
            continue
        data, _ = card_pdf(card_set, card, 0.0, style=style)
        text = pdf_text(data)
        for field in required:
            for pattern in expected(game, card, field):
                if not pattern.search(text):
                    missing.append(f"{card.id}.{field}: {pattern.pattern} not in {text!r}")
    assert not missing, "\n".join(missing[:20])


def test_planetary_strategy_units_show_their_cost_and_a_labelled_defense() -> None:
    card_set = load("planetary-strategy")
    style, _ = prepare_style(card_set.game, card_set.cards)
    militia = next(c for c in card_set.cards if c.name == "Colonial Militia")
    text = pdf_text(card_pdf(card_set, militia, 0.0, style=style)[0])
    assert "2P" in text.split()  # costs 2 Population
    assert "1 DEF" in text and "1 ATK" in text
    planet = next(c for c in card_set.cards if c.type == "planet" and c.get("defense"))
    text = pdf_text(card_pdf(card_set, planet, 0.0, style=style)[0])
    assert f"{planet.get('defense')} DEF" in text


def test_star_realms_scorecards_and_challenges_are_usable() -> None:
    card_set = load("star-realms")
    style, _ = prepare_style(card_set.game, card_set.cards)
    for card in card_set.cards:
        if card.type == "scorecard":
            lines = pdf_text(card_pdf(card_set, card, 0.0, style=style)[0]).split()
            assert [d for d in lines if d.isdigit() and len(d) == 1] == list("0123456789")
        if card.type == "challenge":
            text = " ".join(pdf_text(card_pdf(card_set, card, 0.0, style=style)[0]).split())
            for level in card.get("difficulty"):
                assert f"{level['level'].capitalize()}: {level['rule']}" in text


def _words(reference: content.Reference) -> set[str]:
    """Every word the reference pages hold, as written."""
    found: set[str] = {reference.title, reference.subtitle, "Page", "Table of contents"}
    for section in reference.sections:
        found |= {section.title, section.intro}
        for block in section.blocks:
            if isinstance(block, content.Table):
                cells = [*block.rows, *((block.footer,) if block.footer else ())]
                found |= {block.title, "(continued)", *block.headers}
                found |= {content.cell_text(c) for row in cells for c in row}
            elif isinstance(block, content.Paragraph):
                found.add(block.text)
            else:
                found.add(str(block))
    return {w for text in found for w in re.findall(r"\w+", text)}


@pytest.mark.parametrize("name", ["starcraft", "star-realms", "planetary-strategy"])
def test_reference_pages_never_break_a_word_or_number(name: str) -> None:
    reference, _ = make_reference(load(name))
    words = _words(reference)
    pages = PdfReader(io.BytesIO(reference_pdf(reference))).pages
    read = {w for page in pages for w in re.findall(r"\w+", page.extract_text())}
    broken = sorted(w for w in read - words if not w.isdigit() or len(w) > 3)
    assert not broken, broken[:20]
    if name == "starcraft":
        assert {"Terran", "Building", "1250"} <= read


def _with_rulebook(tmp_path: Path, sections: str) -> CardSet:
    import shutil

    shutil.copytree(REPO / "cards" / "starcraft", tmp_path / "g")
    game = tmp_path / "g" / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + f"\nrulebook:\n  sections: {sections}\n",
        encoding="utf-8",
    )
    card_set, found = load_card_set(tmp_path / "g", "g")
    assert card_set is not None and not [d for d in found if d.severity == "error"]
    return card_set


def test_the_designer_chooses_and_orders_the_rulebook_sections(tmp_path: Path) -> None:
    card_set = _with_rulebook(tmp_path, "[keywords, heroes, contents]")
    reference, found = make_reference(card_set)
    assert not [d for d in found if d.severity == "error"]
    assert [s.title for s in reference.sections] == [
        "Keyword glossary",
        "Hero Classification",
        "Contents",
    ]
    pages = PdfReader(io.BytesIO(reference_pdf(reference))).pages
    assert "Statistics" not in " ".join(p.extract_text() for p in pages)


def test_a_rulebook_section_that_does_not_exist_is_ck316(tmp_path: Path) -> None:
    reference, found = make_reference(_with_rulebook(tmp_path, "[contents, statistic]"))
    game = (tmp_path / "g" / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = game.index("  sections: [contents, statistic]") + 1
    assert [str(d).split("\n")[0] for d in found if d.code == "CK316"] == [
        f"g/game.yaml:{line}:24: error[CK316] rulebook section 'statistic' is not a "
        "section of the reference pages (did you mean 'statistics'?) (hint: sections are "
        "contents, cards, icons, keywords, statistics, air-ground, heroes, zerg-buildings)"
    ]
    assert [s.title for s in reference.sections] == ["Contents"]

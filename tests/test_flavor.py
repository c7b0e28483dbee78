"""Rules panels print a card's flavor text and its keywords' reminder text, in italics, in
the room the rules text leaves: flavor is left out first (CK218), neither shrinks the rules."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from readme_helpers import page

from cardkit.app.build import BuildOptions, build_deck
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.colour import Rgb
from cardkit.render.fonts import register_fonts
from cardkit.render.impose import Box
from cardkit.render.measure import measure_cards
from cardkit.render.style import prepare_style
from cardkit.render.textfit import fit_rules, printed_lines
from cardkit.render.units import mm
from cardkit.rules.printed import PrintedLine, printed_text

LONG = " ".join(["Draw a card."] * 14)


def lines(text: str, *reminders: str) -> list[PrintedLine]:
    """The lines of ``text`` as printed, with these reminders."""
    found = list(printed_lines(text))
    return [replace(line, reminder=r) for line, r in zip(found, reminders, strict=False)] + found[
        len(reminders) :
    ]


def game(root: Path, cards: str, layout: str = "") -> CardSet:
    """The docs' sample game.yaml with ``cards`` (and a layout for its units)."""
    blocks = re.findall(r"```yaml\n(.*?)```", page("card-format.md"), re.DOTALL)
    root.mkdir(exist_ok=True)
    (root / "game.yaml").write_text(blocks[0], encoding="utf-8")
    (root / "cards.yaml").write_text(
        "defaults: {deck: main, type: unit, faction: sun, cost: 1, power: 1}\ncards:\n" + cards,
        encoding="utf-8",
    )
    if layout:
        (root / "layouts").mkdir()
        (root / "layouts" / "unit.yaml").write_text(layout, encoding="utf-8")
    card_set, found = load_card_set(root, "g")
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def printed(card_set: CardSet, out: Path) -> tuple[str, set[str]]:
    """The text of the built deck's first page, and the fonts it uses."""
    written, _ = build_deck(card_set, BuildOptions(output=out))
    page = PdfReader(written[0]).pages[0]
    fonts = {str(f["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    return " ".join(page.extract_text().split()), fonts


def warnings(card_set: CardSet) -> list[str]:
    style, looks = prepare_style(card_set.game, card_set.cards)
    return [str(d) for d in [*looks, *measure_cards(style, card_set.cards)]]


def test_flavor_is_printed_in_italics_after_the_rules_text(tmp_path: Path) -> None:
    card_set = game(tmp_path / "g", "  - {name: Scout, text: Draw a card., flavor: Eyes up.}\n")
    text, fonts = printed(card_set, tmp_path / "out")
    assert "Draw a card. Eyes up." in text
    assert any(f.endswith("DejaVuSans-Oblique") for f in fonts), fonts
    assert warnings(card_set) == []


def test_a_card_with_only_flavor_gets_its_rules_panel(tmp_path: Path) -> None:
    card_set = game(tmp_path / "g", "  - {name: Scout, flavor: Nothing to say.}\n")
    text, _ = printed(card_set, tmp_path / "out")
    assert "Nothing to say." in text


def test_flavor_is_left_out_with_a_warning_when_the_rules_fill_the_panel(tmp_path: Path) -> None:
    card_set = game(tmp_path / "g", f"  - {{name: Scout, text: {LONG}, flavor: Eyes up.}}\n")
    text, _ = printed(card_set, tmp_path / "out")
    assert "Eyes up." not in text and "Draw a card." in text
    assert warnings(card_set) == [
        "g/cards.yaml:3:216: warning[CK218] flavor text of 'Scout' is not printed: no room for "
        "it after the rules text (hint: shorten the flavor or the rules text, or use a larger "
        "card size)"
    ]


def test_flavor_and_reminders_never_make_the_rules_smaller() -> None:
    register_fonts()
    box = Box(0, 0, mm(50), mm(14))
    ink = Rgb.hex("#000000")
    alone = fit_rules("Transport(2).\n" + LONG, box, ink)
    more = fit_rules(lines("Transport(2).\n" + LONG, "Carries 2.", ""), box, ink, flavor="A")
    assert more.size == alone.size
    assert more.height <= box.h
    roomy = fit_rules(lines("Transport(2).", "Carries 2."), box, ink, flavor="Eyes up.")
    assert roomy.flavor and roomy.reminders and roomy.size == 8.5


def test_when_both_do_not_fit_the_flavor_goes_first() -> None:
    register_fonts()
    ink = Rgb.hex("#000000")
    text = lines("Transport(2).", "This card may carry 2 cards.")
    box = Box(0, 0, mm(50), mm(9))
    fitted = fit_rules(text, box, ink, flavor="Eyes up " * 6)
    assert (fitted.reminders, fitted.flavor) == (True, False)


def test_a_keyword_line_gets_its_reminder_with_its_parameters(tmp_path: Path) -> None:
    card_set = game(tmp_path / "g", "  - {name: Barge, text: Transport(2).}\n")
    g = card_set.game

    def reminders(text: str) -> list[str]:
        return [line.reminder for line in printed_text(g, text)]

    assert reminders("Transport(2).") == ["This card may carry 2 cards."]
    assert reminders("transport (3)") == ["This card may carry 3 cards."]
    assert reminders("Draw a card. Transport(2).") == [""]  # not keywords alone
    assert reminders("Draw a card.\n\nTransport(4).") == ["", "This card may carry 4 cards."]
    assert reminders("Transport(2) (it carries two).") == [""]  # written with its reminder
    text, _ = printed(card_set, tmp_path / "out")
    assert "Transport(2). (This card may carry 2 cards.)" in text


@pytest.mark.parametrize(("key", "shown"), [("reminders", "(This card"), ("flavor", "Eyes up.")])
def test_the_rules_part_may_turn_flavor_or_reminders_off(
    tmp_path: Path, key: str, shown: str
) -> None:
    layout = (
        "extends: card\nparts:\n  rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 26.2mm, "
        f"{key}: false}}\n"
    )
    cards = "  - {name: Barge, text: Transport(2)., flavor: Eyes up.}\n"
    on = game(tmp_path / "on", cards)
    off = game(tmp_path / "off", cards, layout)
    assert shown in printed(on, tmp_path / "a")[0]
    assert shown not in printed(off, tmp_path / "b")[0]
    assert warnings(off) == []


def test_a_rules_option_that_is_not_true_or_false_is_a_layout_error(tmp_path: Path) -> None:
    layout = "extends: card\nparts:\n  rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 9mm, "
    card_set = game(tmp_path / "g", "  - {name: Barge}\n", layout + "flavor: maybe}\n")
    _, found = prepare_style(card_set.game, card_set.cards)
    assert [f"{d.code} {d.location.line} {d.message}" for d in found] == [
        "CK204 3 flavor of part 'rules' must be true or false, not 'maybe'"
    ]


def test_a_character_no_font_has_in_the_flavor_is_reported(tmp_path: Path) -> None:
    card_set = game(tmp_path / "g", '  - {name: Sword, flavor: "Old \\U00010000."}\n')
    found = [d for d in warnings(card_set) if "CK203" in d]
    assert found == [
        "g/cards.yaml:3:27: warning[CK203] no bundled font has a glyph for '\U00010000' "
        "(U+10000) in the flavor of 'Sword' (hint: use another character, or declare an icon "
        "for the word)"
    ]


def test_reminders_are_added_line_by_line_while_they_fit() -> None:
    register_fonts()
    ink = Rgb.hex("#000000")
    long = "A reminder long enough to need several more lines of this narrow panel. " * 3
    box = Box(0, 0, mm(50), mm(12))
    fitted = fit_rules(lines("Swift.\nTransport(2).", "Moves twice.", long), box, ink)
    shown = [p.getPlainText() for p, _ in fitted.paragraphs]
    assert shown == ["Swift. (Moves twice.)", "Transport(2)."]
    assert fitted.reminders and fitted.size == 8.5

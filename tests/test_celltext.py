"""Spreadsheet cells as card text: HTML undone, abilities kept whole (load/celltext.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.load.celltext import ability_labels, cell_text, opens_ability, rules_cell_text
from cardkit.load.game import load_game

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS, _ = load_game(ROOT / "cards" / "star-realms", "cards/star-realms")
assert STAR_REALMS is not None
LABELS = ability_labels(STAR_REALMS)


def test_star_realms_labels_are_its_bonds_its_icon_words_and_its_keywords() -> None:
    assert sorted(LABELS) == [
        "blob ally",
        "machine cult ally",
        "outpost",
        "scrap",
        "star empire ally",
        "trade federation ally",
    ]


RULES_CELLS = [
    # two icon tokens in a row are two sentences
    ("{Gain 4 Authority} {Gain 2 Trade}", "{Gain 4 Authority}. {Gain 2 Trade}"),
    (
        "{Gain 4 Authority}{Gain 2 Trade}{Draw a card}",
        "{Gain 4 Authority}. {Gain 2 Trade}. {Draw a card}",
    ),
    ("{Gain 2 Trade} Draw a card.", "{Gain 2 Trade}. Draw a card."),
    # a label token and its effect are one ability
    ("{Blob Ally}: {Gain 3 Combat}", "{Blob Ally}: {Gain 3 Combat}"),
    ("{Blob Ally} {Gain 3 Combat}", "{Blob Ally}: {Gain 3 Combat}"),
    ("{ blob  ally } Gain 3 Combat", "{ blob ally }: Gain 3 Combat"),
    # a labelled token later in the line opens an ability of its own
    ("{Gain 2 Trade} {Scrap}: {Gain 3 Combat}", "{Gain 2 Trade}\n{Scrap}: {Gain 3 Combat}"),
    # joining words are not new sentences
    ("{Gain 2 Trade}  OR  {Gain 2 Combat}", "{Gain 2 Trade} OR {Gain 2 Combat}"),
    ("{Gain 2 Trade} AND {Gain 2 Combat}", "{Gain 2 Trade} AND {Gain 2 Combat}"),
    ("{Gain 2 Trade} and draw a card", "{Gain 2 Trade} and draw a card"),
    # <hr> separates abilities
    (
        "{Gain 3 Trade}<hr>{Blob Ally}: {Gain 3 Combat}",
        "{Gain 3 Trade}\n{Blob Ally}: {Gain 3 Combat}",
    ),
    ("{Gain 3 Trade}<HR/>Draw a card", "{Gain 3 Trade}\nDraw a card"),
    # a line break continues the ability ...
    ("Gain 3 Trade\nDraw a card", "Gain 3 Trade. Draw a card"),
    ("Gain 3 Trade.\nDraw a card.", "Gain 3 Trade. Draw a card."),
    ("{Gain 2 Combat}\nOR\n{Gain 2 Trade}", "{Gain 2 Combat} OR {Gain 2 Trade}"),
    ("Gain 2 Combat or\nGain 2 Trade", "Gain 2 Combat or Gain 2 Trade"),
    ("{Blob Ally}\n{Gain 3 Combat}", "{Blob Ally}: {Gain 3 Combat}"),
    ("Blob Ally:\nGain 3 Combat", "Blob Ally: Gain 3 Combat"),
    # ... and its bullets stay with their "choose one"
    (
        "Choose one:\n- Gain 2 Trade\n* Gain 2 Combat\n\u2022Draw a card",
        "Choose one: \u2022 Gain 2 Trade \u2022 Gain 2 Combat \u2022 Draw a card",
    ),
    (
        "Choose one:<ul><li>Gain 1 Trade</li><li>Draw a card</li></ul>",
        "Choose one: \u2022 Gain 1 Trade \u2022 Draw a card",
    ),
    ("-1 Combat\n-2 Trade", "-1 Combat. -2 Trade"),  # a minus sign is no bullet
    # ... unless the new line opens a labelled ability
    (
        "Gain 3 Trade\nDraw a card\nScrap: Gain 5 Combat",
        "Gain 3 Trade. Draw a card\nScrap: Gain 5 Combat",
    ),
    (
        "{Gain 1 Trade}\n{Blob Ally}\n{Gain 3 Combat}",
        "{Gain 1 Trade}\n{Blob Ally}: {Gain 3 Combat}",
    ),
    (
        "Draw a card\r\nMachine Cult Ally (or Blob): Gain 2 Combat",
        "Draw a card\nMachine Cult Ally (or Blob): Gain 2 Combat",
    ),
    ("Draw a card\nChoose one: Gain 1 Trade", "Draw a card. Choose one: Gain 1 Trade"),  # no label
    ("Gain 1 Trade\n{Scrap} a card in your hand", "Gain 1 Trade. {Scrap} a card in your hand"),
    # HTML formatting is undone, never printed
    ("<b>Blob Ally</b>: Gain 3 Combat<br>Draw a card", "Blob Ally: Gain 3 Combat. Draw a card"),
    ("<STRONG>Scrap</STRONG>: <em>Gain</em> <u>5</u> <i>Combat</i>", "Scrap: Gain 5 Combat"),
    ('<span style="color:red">Gain 1 Trade</span><br/>', "Gain 1 Trade"),
    ("<p>Gain 1 Trade</p><p>Draw a card</p>", "Gain 1 Trade. Draw a card"),
    ("Gain&nbsp;1 Trade &amp; draw a card", "Gain 1 Trade & draw a card"),
    ("&lt;b&gt;Scrap&lt;/b&gt;: Draw a card", "Scrap: Draw a card"),  # escaped tags are tags
    # other angle brackets are text (the renderer escapes them)
    ("Gain 1 Trade if cost < 4 <3", "Gain 1 Trade if cost < 4 <3"),
    ("Name a <Faction>", "Name a <Faction>"),
    ("&#7;Gain&#0; 1 &bogus; Trade", "Gain\ufffd 1 &bogus; Trade"),  # no control characters
    ("\n \n", ""),
]


@pytest.mark.parametrize(("cell", "text"), RULES_CELLS)
def test_a_rules_cell_becomes_card_text(cell: str, text: str) -> None:
    assert rules_cell_text(cell, LABELS) == text


@pytest.mark.parametrize(
    ("cell", "text"),
    [
        ("<i>Fear the Blob.</i>", "Fear the Blob."),
        ("First line<br>second line", "First line\nsecond line"),
        ("First line\nsecond line", "First line\nsecond line"),  # not rules: no sentences made
        ("Before<hr>after", "Before\nafter"),
    ],
)
def test_another_text_cell_loses_its_html_and_keeps_its_lines(cell: str, text: str) -> None:
    assert cell_text(cell) == text


@pytest.mark.parametrize(
    ("line", "opens"),
    [
        ("Scrap: Gain 3 Trade", True),
        ("scrap  : Gain 3 Trade", True),
        ("{Blob Ally}: Gain 3 Combat", True),
        ("{Blob Ally}", True),
        ("{Blob Ally} {Gain 3 Combat}", True),
        ("Blob Ally (or Star Empire): Draw a card", True),
        ("Double Blob Ally: Draw a card", True),  # a label ends the words before ':'
        ("Scrap a card: Draw a card", False),
        ("Scrap a card in your hand.", False),
        ("{Scrap} a card in your hand.", False),
        ("Choose one: Gain 1 Trade", False),
        ("Ally: Gain 1 Trade", False),
        ("OR Gain 1 Trade", False),
    ],
)
def test_a_line_opens_an_ability_with_a_label_the_game_declares(line: str, opens: bool) -> None:
    assert opens_ability(line, LABELS) is opens

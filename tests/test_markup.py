"""Markup in card text (cardkit/markup.py): parsed once, the same in every output.

The fixture game (tests/fixtures/markup) uses bold, italic, icons by name, bullets, line
breaks and escapes, and markup that does not work; each output is read back: the card PDF
(text, and the font each word is drawn in), the per-card PNGs, the rulebook's HTML (as a
tree), Markdown and PDF.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from cardkit.app.build import BuildOptions, build
from cardkit.app.options import RulebookOptions
from cardkit.app.rulebook import make_rulebook
from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.markup import BULLET, Run, parse_markup, plain_text, reading_text
from cardkit.model import CardSet
from cardkit.render.fonts import FONT, register_fonts
from cardkit.render.textfit import rules_markup
from cardkit.rules.check import check_card_text
from cardkit.rules.context import parse_set
from cardkit.rules.fmt import canonical_text
from cardkit.rules.printed import marked_text, printed_text

FIXTURE = Path(__file__).parent / "fixtures" / "markup"
ICONS = {"gold": "gold", "tap": "tap"}


# -- the markup model ------------------------------------------------------------------------


def test_bold_italic_icons_and_escapes_become_runs() -> None:
    ((line,),), _ = parse_markup(r"**Tap:** gain 2 {Gold} *softly*, \*not\* \{gold\}", ICONS)
    assert line.runs == (
        Run("Tap:", bold=True),
        Run(" gain 2 "),
        Run("Gold", icon="gold", symbol=True),
        Run(" "),
        Run("softly", italic=True),
        Run(", *not* {gold}"),
    )
    assert line.text == "Tap: gain 2 Gold softly, *not* {gold}"


def test_bold_and_italic_cross_and_combine() -> None:
    ((line,),), _ = parse_markup("***both*** and **b *bi** i*", ICONS)
    assert line.runs == (
        Run("both", bold=True, italic=True),
        Run(" and "),
        Run("b ", bold=True),
        Run("bi", bold=True, italic=True),
        Run(" i", italic=True),
    )


def test_bullets_start_lines_of_their_own() -> None:
    lines, slips = parse_markup(f"Choose one: {BULLET} Gain 1 Gold. {BULLET} *Draw*.\n- Swift.")
    first, second = lines
    assert [(m.text, m.bullet) for m in first] == [
        ("Choose one:", False),
        ("Gain 1 Gold.", True),
        ("Draw.", True),
    ]
    assert [(m.text, m.bullet) for m in second] == [("Swift.", True)]
    assert slips == ()
    assert first[2].runs[0] == Run("Draw", italic=True)


def test_the_grammar_reads_markup_as_spaces_so_every_column_stays() -> None:
    text = "**Tap:** Gain 2 {Gold}.\n- Swift.\n\\*x"
    read = reading_text(text)
    assert read == "  Tap:   Gain 2 {Gold}.\n  Swift.\n  x"
    assert [len(line) for line in read.split("\n")] == [len(line) for line in text.split("\n")]
    assert reading_text("Gain 2 Gold.") == "Gain 2 Gold."  # no markup: the same string


def test_each_printed_character_knows_where_it_is_written() -> None:
    ((line,),), _ = parse_markup("a **bc** {Gold}", ICONS)
    assert line.text == "a bc Gold"
    assert line.columns == (0, 1, 4, 5, 8, 9, 9, 9, 9)


@pytest.mark.parametrize(
    ("text", "slips"),
    [
        ("Gain **2 Gold.", [(1, 6, "CK113", "bold markup '**' is never closed")]),
        ("*Gain 2 Gold.", [(1, 1, "CK113", "italic markup '*' is never closed")]),
        ("ok\nGain {Glod}.", [(2, 6, "CK114", "{Glod} names no icon of the game")]),
        ("**a** **b", [(1, 7, "CK113", "bold markup '**' is never closed")]),
        ("{Gain 4 Gold} and {x}", []),  # text in braces that is no icon's name: text
    ],
)
def test_markup_that_does_not_work_is_a_slip_and_prints_as_written(
    text: str, slips: list[tuple[int, int, str, str]]
) -> None:
    lines, found = parse_markup(text, ICONS)
    assert [(s.line, s.column, s.code, s.message.split(";")[0].split(" (")[0]) for s in found] == [
        (line, column, code, message) for line, column, code, message in slips
    ]
    assert "\n".join(m.text for marked in lines for m in marked) == text.replace("**a** ", "a ")


def test_a_nesting_bomb_is_read_in_one_pass_and_prints_harmlessly() -> None:
    register_fonts()
    text = "**" * 20_000 + "*" * 7 + "x" + "{" * 5_000 + "}" * 5_000
    ((line,),), slips = parse_markup(text, ICONS)
    assert len(line.runs) <= 3
    assert [s.code for s in slips] == ["CK113", "CK113"]
    paragraph = Paragraph(
        rules_markup(printed_text_of(text), {}, 8), ParagraphStyle("t", fontName=FONT)
    )
    assert "x" in paragraph.getPlainText()


HOSTILE = [
    "<script>alert(1)</script>",
    '<font name="Courier" size="99">big</font>',
    '<img src="/etc/passwd"/> <a href="javascript:x">y</a>',
    "&amp; &lt; &#60; ]]> <![CDATA[x]]> <b><i>",
    '<onDraw name="x" label="y"/> <br/> <para>',
]


@pytest.mark.parametrize("text", HOSTILE)
def test_html_and_reportlab_tags_in_card_text_print_as_the_text_they_are(text: str) -> None:
    register_fonts()
    markup = rules_markup(printed_text_of(text), {}, 8)
    assert "<" not in markup  # no tag of the card's reaches reportlab
    paragraph = Paragraph(markup, ParagraphStyle("t", fontName=FONT))
    assert paragraph.getPlainText() == text
    assert plain_text(text) == text


def printed_text_of(text: str) -> object:
    from cardkit.render.textfit import printed_lines

    (line,) = printed_lines(text)
    return line


# -- the fixture game, every output read back --------------------------------------------------


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> CardSet:
    root = tmp_path_factory.mktemp("markup") / "inkwell"
    shutil.copytree(FIXTURE, root)
    card_set, found = load_card_set(root, "inkwell")
    assert card_set is not None and not [d for d in found if d.severity.value == "error"]
    return card_set


def shown(found: list[Diagnostic]) -> list[str]:
    return [f"{d.location.line}:{d.location.column} {d.code} {d.message}" for d in found]


def test_validate_locates_each_markup_slip(game: CardSet) -> None:
    found = [d for d in check_card_text(game) if d.code in ("CK113", "CK114", "CK101")]
    assert shown(found) == [
        "26:23 CK113 bold markup '**' is never closed; printed as written in rules text of "
        "'loose-ends'",
        "27:14 CK114 {Gld} names no icon of the game (did you mean {gold}?); printed as written "
        "in rules text of 'loose-ends'",
        "27:21 CK101 unexpected '<b>Draw<': expected the end of the line, a number, 'card' or "
        "another word of rules text in rules text of 'loose-ends'",
        "28:19 CK113 italic markup '*' is never closed; printed as written in field 'flavor' of "
        "'loose-ends'",
    ]


def test_the_parse_reads_through_the_markup(game: CardSet) -> None:
    herald = next(c for c in game.cards if c.name == "Bold Herald")
    first, ally = printed_text(game.game, herald.text)
    assert first.parsed and ally.parsed
    assert [(r.text, r.bold, r.kind) for r in first.lines[0].runs] == [
        ("Gain 2 ", False, ""),
        ("Gold", False, "resource"),
        (" and ", False, ""),
        ("draw a card", True, ""),
        (".", False, ""),
    ]
    label = [r.text for r in ally.lines[0].runs if r.label]
    assert "".join(label) == "Ember Ally:"
    assert [r.icon for r in ally.lines[0].runs if r.icon] == ["ember", "gold"]
    scout = next(c for c in game.cards if c.name == "Gilded Scout")
    assert [line.reminder for line in printed_text(game.game, scout.text)] == [
        "",
        "Blocks 2 attacks.",
        "This unit moves twice.",
    ]


@pytest.fixture(scope="module")
def built(game: CardSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("built")
    result = build(game, BuildOptions(output=out, single=True, png=True, tts=True, dpi=100))
    assert result.deck is not None
    return out


def drawn_words(path: Path) -> Iterator[tuple[str, str]]:
    """Each piece of text of the PDF, with the font it is drawn in."""
    found: list[tuple[str, str]] = []

    def visit(text: str, cm: object, tm: object, font: object, size: object) -> None:
        if text.strip() and isinstance(font, dict):
            found.append((text, str(font.get("/BaseFont", "")).split("+")[-1]))

    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    yield from found


def fonts_of(path: Path, words: str) -> set[str]:
    """The fonts the pieces of text that are exactly ``words`` are drawn in."""
    return {font for text, font in drawn_words(path) if " ".join(text.split()) == words}


REGULAR, BOLD_FACE, ITALIC_FACE = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"


@pytest.mark.parametrize("pdf", ["deck.pdf", "cards-poker.pdf"])
def test_the_card_pdfs_draw_bold_and_italic_in_their_faces(built: Path, pdf: str) -> None:
    path = built / pdf
    assert fonts_of(path, "draw a card") == {BOLD_FACE}
    assert fonts_of(path, "Gain 2 Gold and") == {REGULAR}
    assert fonts_of(path, "Ember Ally:") == {BOLD_FACE}  # the label the parse found
    assert fonts_of(path, "Gain 1 Gold.") == {ITALIC_FACE, REGULAR}  # '*Gain 1 Gold.*'; plain
    assert fonts_of(path, "then a") == {ITALIC_FACE}  # flavor is italic, its line broken
    assert fonts_of(path, "quiet") == {REGULAR}  # italic markup in italic text is upright
    assert fonts_of(path, "loud") == {"DejaVuSans-BoldOblique"}
    assert fonts_of(path, "(Blocks 2 attacks.)") == {ITALIC_FACE}  # the keyword's reminder
    assert fonts_of(path, "• Swift.") == {REGULAR}
    # a layout's line: bold, its italic markup bold italic, the icon by name drawn in it
    assert fonts_of(path, "Ever") == {"DejaVuSans-BoldOblique"}
    assert fonts_of(path, "onward") == fonts_of(path, "for") == {BOLD_FACE}
    assert fonts_of(path, "Motto: Ever onward for Gold") == {BOLD_FACE}  # no markup: as before
    text = " ".join(" ".join(t for t, _ in drawn_words(path)).split())
    assert "Gain 1 Gold and **draw a card." in text  # Loose Ends' unclosed '**', as written
    assert "Gain 2 {Gld}. <b>Draw</b> a card <script>alert(1)</script>." in text
    assert "Five *stars*, a {brace} and a \\." in text
    assert "Gain 3 ." in text  # '{Gold}': the icon alone


def test_the_per_card_pngs_draw_the_markup(built: Path) -> None:
    # 'Gain 3 {Gold}.' (the icon alone) and 'Gain 3 Gold.' differ in the rules panel
    gilded = Image.open(built / "png" / "gilded-scout.png").convert("RGB")
    plain = Image.open(built / "png" / "plain-scout.png").convert("RGB")
    width, height = gilded.size
    box = ImageChops.difference(gilded, plain).crop((0, int(height * 0.62), width, height))
    assert box.getbbox() is not None
    # the bold words of Bold Herald: its PNG is not that of the same card without markup
    herald = Image.open(built / "png" / "bold-herald.png").convert("RGB")
    assert ImageChops.difference(herald, gilded).getbbox() is not None


def test_tabletop_simulator_descriptions_are_the_plain_words(built: Path) -> None:
    (saved,) = (built / "tts").glob("*.json")
    described: dict[str, str] = {}

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if "Nickname" in value and "Description" in value:
                described[value["Nickname"]] = value["Description"]
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(saved.read_text("utf-8")))
    assert described["Bold Herald"] == "Gain 2 Gold and draw a card.\nEmber Ally: Gain 1 Gold."
    assert described["Gilded Scout"] == "Gain 3 Gold.\nGuard(2).\n• Swift."
    assert described["Plain Scout"] == "Gain 3 Gold."
    assert described["Chooser"] == "Choose one: • Gain 1 Gold. • Draw a card."  # no markup


class _Tree(HTMLParser):
    """The elements of an HTML page with their text: (tag, attributes, text inside)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.elements: list[tuple[str, dict[str, str | None], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "meta", "link"):
            return
        self.open.append((tag, dict(attrs), []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, attrs, text = self.open.pop()
            self.elements.append((name, attrs, "".join(text)))
            if self.open:
                self.open[-1][2].append("".join(text))
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


@pytest.fixture(scope="module")
def rulebook(game: CardSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rulebook")
    result = make_rulebook(game, RulebookOptions(output=out))
    assert result.write()
    return out


def test_the_rulebook_html_has_the_markup_as_elements(rulebook: Path) -> None:
    tree = _Tree()
    tree.feed((rulebook / "reference.html").read_text("utf-8"))
    strong = [text for tag, _, text in tree.elements if tag == "strong"]
    em = [text for tag, _, text in tree.elements if tag == "em"]
    assert "draw a card" in strong
    assert "Gain 1 Gold." in em
    icons = [a for tag, a, _ in tree.elements if tag == "span" and a.get("role") == "img"]
    assert [(a["class"], a["aria-label"]) for a in icons] == [("pic pic-gold", "Gold")]
    assert not [e for e in tree.elements if e[0] in ("script", "b")]
    cells = [text for tag, _, text in tree.elements if tag == "td"]
    assert any("<script>alert(1)</script>" in text for text in cells)
    assert any(text.startswith("Choose one:• Gain 1 Gold.• Draw a card.") for text in cells)


def test_the_rulebook_markdown_has_the_markup(rulebook: Path) -> None:
    markdown = (rulebook / "reference.md").read_text("utf-8")
    row = next(line for line in markdown.splitlines() if line.startswith("| Bold Herald"))
    assert "and **draw a card**." in row
    assert re.search(r"Ally: \*Gain 1 !\[\]\(reference-icons/gold\.svg\) \*\*Gold\*\*\.\*", row)
    scout = next(line for line in markdown.splitlines() if line.startswith("| Gilded Scout"))
    assert "Gain 3 ![Gold](reference-icons/gold.svg)." in scout
    assert "<br>• **Swift**." in scout
    assert r"\<script\>alert(1)\</script\>" in markdown
    assert "<script>" not in markdown


def test_the_rulebook_pdf_draws_bold_and_italic_in_their_faces(rulebook: Path) -> None:
    path = rulebook / "reference.pdf"
    assert fonts_of(path, "draw a card") == {BOLD_FACE}
    assert ITALIC_FACE in fonts_of(path, "Gain 1")  # 'Ember Ally: *Gain 1 Gold.*'
    assert "DejaVuSans-BoldOblique" in fonts_of(path, "Gold")  # a resource, in italics
    text = " ".join(" ".join(t for t, _ in drawn_words(path)).split())
    assert "<script>alert(1)</script>" in text and "**draw a card." in text


def test_fmt_leaves_a_line_with_markup_as_written(game: CardSet) -> None:
    context = parse_set(game)
    by_name = {card.name: card for card in game.cards}
    for name in ("Bold Herald", "Gilded Scout", "Plain Scout"):
        assert canonical_text(by_name[name], context) is None, name
    # inline bullets are the grammar's own way to write a choice: fmt writes it canonically
    chooser = canonical_text(by_name["Chooser"], context)
    assert chooser is not None and chooser.text == "Choose one: gain 1 Gold; or draw a card."


def test_a_label_icon_word_gets_its_icon_in_the_label_only() -> None:
    star_realms = Path(__file__).resolve().parents[1] / "cards" / "star-realms"
    card_set, _ = load_card_set(star_realms, "star-realms")
    assert card_set is not None
    text = "Scrap: Gain 2 Trade. Scrap a card in the trade row."
    (line,) = printed_text(card_set.game, text)
    assert [(r.text, r.icon) for r in line.lines[0].runs if r.icon] == [
        ("Scrap", "scrap"),  # the label's word, not the verb of the second sentence
        ("Trade", "trade"),  # the resource, not the 'trade' of 'trade row'
    ]


def test_an_icon_by_name_without_a_picture_prints_its_name(game: CardSet) -> None:
    (line,) = marked_text(game.game, "{tide} and {Tide} hold; {Gold} glitters.")
    assert [(r.text, r.icon, r.symbol) for r in line.lines[0].runs if r.symbol] == [
        ("tide", "", True),  # a faction without an icon
        ("Tide", "", True),
        ("Gold", "gold", True),
    ]
    assert rules_markup(line, {"gold": "/g.png"}, 8).startswith("tide and Tide hold; <img")

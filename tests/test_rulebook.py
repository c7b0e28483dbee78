"""`cardkit rulebook` on the sample game: every count, recomputed here from the cards, is
found in each of the three outputs (the PDF read back with pypdf); same cards, same bytes."""

from __future__ import annotations

import html
import re
import shutil
import struct
import subprocess
from collections import Counter
from dataclasses import fields, is_dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.effects import Bond, Gain, OnBanish
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules import parse_card_text

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
SKIRMISH = REPO / "tests" / "fixtures" / "rulebook" / "skirmish"
OUTPUTS = ("reference.pdf", "reference.html", "reference.md")


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def flat(text: str) -> str:
    """Text with markup, table rules and line breaks gone: words separated by one space."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text).replace("\\", "")
    text = re.sub(r"[|*]", " ", text)
    text = re.sub(r"-{3,}:?", " ", text)
    return " ".join(text.split())


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def build(root: Path, output: Path, *extra: str) -> None:
    assert main(["rulebook", str(root), "-o", str(output), *extra]) == 0


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("star-realms")
    build(STAR_REALMS, folder)
    return {
        "pdf": flat(pdf_text(folder / "reference.pdf")),
        "html": flat((folder / "reference.html").read_text(encoding="utf-8")),
        "md": flat((folder / "reference.md").read_text(encoding="utf-8")),
    }


def expected_counts(card_set: CardSet) -> list[str]:
    """Phrases every output must hold, each computed here from the cards alone."""
    game = card_set.game
    phrases = []
    for card in card_set.cards:
        phrases.append(f"{card.count} {card.name}")
    decks = Counter[str]()
    deck_cards = Counter[str]()
    for card in card_set.cards:
        decks[card.deck or ""] += card.count
        deck_cards[card.deck or ""] += 1
    for deck_id, copies in decks.items():
        name = game.decks[deck_id].name
        phrases.append(f"{name}: {copies} cards")
        phrases.append(f"{name} {deck_cards[deck_id]} {copies}")
    for type_id, spec in game.card_types.items():
        members = [c for c in card_set.cards if c.type == type_id]
        phrases.append(f"{spec.name} {len(members)} {sum(c.count for c in members)}")
    for faction_id, named in game.factions.items():
        members = [c for c in card_set.cards if faction_id in c.factions]
        copies = sum(c.count for c in members)
        phrases.append(f"{named.name} {len(members)} {copies}")  # cards by faction
        phrases.append(f"{named.name} ({copies}):")  # the component list's line
        costs = [c.get("cost") for c in members]
        curve = [
            sum(c.count for c in members if c.get("cost") == cost)
            for cost in range(min(costs), max(costs) + 1)
        ]
        assert sum(curve) == copies
    total = sum(c.count for c in card_set.cards)
    phrases.append(f"Total {len(card_set.cards)} {total}")
    phrases.append("Trade Deck: exactly 80 cards, exactly 20 of each faction.")  # deck rules
    return phrases


def test_every_count_from_the_cards_is_in_each_output(outputs: dict[str, str]) -> None:
    card_set = load(STAR_REALMS)
    phrases = expected_counts(card_set)
    assert "3 Blob Miner" in phrases and "Trade Deck: 80 cards" in phrases
    for name, text in outputs.items():
        missing = [p for p in phrases if p not in text]
        assert not missing, (name, missing)


def test_a_one_group_deck_is_labelled_once_with_cards(outputs: dict[str, str]) -> None:
    # "Personal Deck Cards (40):" as the rulebook writes it, but "Scorecards (8):" and
    # "Challenge Cards (8):", never "Challenge Cards Cards".
    for name, text in outputs.items():
        assert "Personal Deck Cards (40): 32 Scout" in text, name
        assert "Challenge Cards (8): 1 Automations" in text, name
        assert "Scorecards (8): 4 Scorecard (Ones Digit)" in text, name
        assert "Cards Cards" not in text and "Scorecards Cards" not in text, name


def test_the_cost_curve_table_holds_each_factions_copies_at_each_cost(
    outputs: dict[str, str],
) -> None:
    card_set = load(STAR_REALMS)
    costs = [c.get("cost") for c in card_set.cards if isinstance(c.get("cost"), int)]
    every_cost = range(min(costs), max(costs) + 1)
    assert "Faction " + " ".join(map(str, every_cost)) + " Total" in outputs["html"]
    for faction_id, named in card_set.game.factions.items():
        members = [c for c in card_set.cards if faction_id in c.factions]
        row = [sum(c.count for c in members if c.get("cost") == cost) for cost in every_cost]
        phrase = f"{named.name} {' '.join(map(str, row))} {sum(row)}"
        for name, text in outputs.items():
            assert phrase in text, (name, phrase)


def _nodes(value: Any) -> list[Any]:
    """Every dataclass value inside ``value`` (found by walking fields, not the app's code)."""
    found = [value]
    if is_dataclass(value):
        for spec in fields(value):
            child = getattr(value, spec.name)
            for item in child if isinstance(child, tuple) else (child,):
                if is_dataclass(item):
                    found += _nodes(item)
    return found


def test_resources_gained_are_summed_over_every_copy_by_trigger(outputs: dict[str, str]) -> None:
    card_set = load(STAR_REALMS)
    game = card_set.game
    totals: dict[str, Counter[str]] = {key: Counter() for key in game.resources}
    for card in card_set.cards:
        for ability in parse_card_text(card.text, game):
            trigger = ability.trigger
            kind = "Scrap" if isinstance(trigger, OnBanish) else "Primary"
            if isinstance(trigger, Bond):
                kind = "Double ally" if trigger.double else "Ally"
            for node in _nodes(ability.effect):
                if isinstance(node, Gain):
                    for resource, amount in node.amounts:
                        totals[resource][kind] += amount * card.count
    assert totals["combat"]["Primary"] > 100
    for key, per in totals.items():
        row = [per[k] for k in ("Primary", "Ally", "Double ally", "Scrap")]
        phrase = f"{game.resources[key].name} {' '.join(map(str, row))} {sum(row)}"
        for name, text in outputs.items():
            assert phrase in text, (name, phrase)


def test_declared_rules_tables_and_card_sheets_are_in_each_output(outputs: dict[str, str]) -> None:
    card_set = load(STAR_REALMS)
    outposts = [c for c in card_set.cards if c.get("outpost")]
    phrases = ["Raid: the Boss", "2 50", "3 70", "4 70", "5 90"]
    phrases += ["Two-Headed Hydra 4 2 75", "Three-Headed Hydra 6 3 100"]
    phrases += ["Emperor 6 Admirals 50, Emperors 60 team A 3 cards, team B 5"]
    for faction_id, named in card_set.game.factions.items():
        members = [c for c in outposts if faction_id in c.factions]
        if members:
            phrases.append(f"{named.name} Name Cost Defense Rules text Copies")
            phrases.append(f"Total {sum(c.count for c in members)}")
    for name, text in outputs.items():
        missing = [p for p in phrases if p not in text]
        assert not missing, (name, missing)


def test_rules_text_is_shown_in_canonical_form_with_names_styled(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path, "--format", "html,md")
    page = (tmp_path / "reference.html").read_text(encoding="utf-8")
    assert '<span class="word resource" style="--word: #c0392b">Combat</span>' in page
    assert (
        '<span class="word faction" style="--word: #3d9a3d">Blob</span> Ally: Draw a card.' in page
    )
    # running text is not mistaken for a resource name
    assert "scrap a card in the trade row" in page
    markdown = (tmp_path / "reference.md").read_text(encoding="utf-8")
    assert (
        "Gain 3 ![](reference-icons/trade.png) **Trade**.<br>You may scrap a card in the trade row."
        in markdown
    )


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.svgs = 0
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if tag == "a" and values.get("href", "").startswith("#"):  # type: ignore[union-attr]
            self.links.append(str(values["href"])[1:])
        self.svgs += tag == "svg"
        if tag not in ("meta", "br", "rect", "path", "line", "polyline", "stop"):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("rect", "path", "line", "polyline", "stop"):
            return
        assert self.stack and self.stack[-1] == tag, (self.stack[-3:], tag)
        self.stack.pop()


def test_html_page_is_well_formed_with_inline_charts_and_working_links(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path, "--format", "html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reference.html"]
    checker = _Checker()
    checker.feed((tmp_path / "reference.html").read_text(encoding="utf-8"))
    assert checker.stack == []
    assert checker.svgs == 3
    assert len(checker.ids) == len(set(checker.ids)), "ids repeat"
    assert checker.links and set(checker.links) <= set(checker.ids)


def test_markdown_charts_are_svg_files_next_to_it(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path, "--format", "md")
    markdown = (tmp_path / "reference.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", markdown)  # charts have alt text
    assert images == [
        "reference-cost-curve.svg",
        "reference-resources-gained.svg",
        "reference-effects.svg",
    ]
    for image in images:
        assert (tmp_path / image).read_text(encoding="utf-8").startswith("<svg ")
    assert not (tmp_path / "reference.pdf").exists()


def test_pdf_has_title_contents_page_numbers_and_repeated_table_headers(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path, "--format", "pdf")
    reader = PdfReader(tmp_path / "reference.pdf")
    pages = [page.extract_text() or "" for page in reader.pages]
    assert reader.metadata is not None and reader.metadata.title == "Star Realms: reference"
    assert "Star Realms" in pages[0] and "Table of contents" in pages[0]
    for number, text in enumerate(pages, start=1):
        assert f"Page {number}" in text
    titles = [item.title for item in reader.outline]  # type: ignore[union-attr]
    assert titles[:5] == [
        "Contents",
        "Card list",
        "Icon reference",
        "Keyword glossary",
        "Statistics",
    ]
    # the table of contents gives each section's page, and the section is on it (short
    # sections share a page)
    contents = pages[0].split("Table of contents", 1)[1]
    for title in titles:
        # pypdf reads a line of the contents as its page number, then its title
        listed = re.search(rf"^(\d+)\n{re.escape(title)}$", contents, flags=re.MULTILINE)
        assert listed is not None, title
        page = pages[int(listed.group(1)) - 1].splitlines()
        assert title in page[2:], (title, page[:3])  # after the footer's title and number
    # the card list runs over several pages; each repeats the header row
    headings = [text.splitlines()[2:] for text in pages]
    first = next(i for i, lines in enumerate(headings) if i and "Card list" in lines)
    last = next(i for i, lines in enumerate(headings) if i and "Icon reference" in lines)
    assert last - first >= 2
    trade_header = "Name Type Faction Cost Defense Outpost Rules text Count"
    card_list = [" ".join(text.split()) for text in pages[first:last]]
    assert all("Name Type Faction" in text and "Rules text Count" in text for text in card_list)
    assert sum(trade_header in text for text in card_list) >= 2  # the trade deck's, repeated


def test_same_cards_give_the_same_bytes(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path / "a")
    build(STAR_REALMS, tmp_path / "b")
    names = sorted(str(p.relative_to(tmp_path / "a")) for p in (tmp_path / "a").rglob("*"))
    assert names == sorted(str(p.relative_to(tmp_path / "b")) for p in (tmp_path / "b").rglob("*"))
    assert set(OUTPUTS) <= set(names) and "reference-icons/trade.png" in names
    for name in names:
        if (tmp_path / "a" / name).is_file():
            assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_card_text_is_escaped_in_every_output(tmp_path: Path) -> None:
    build(SKIRMISH, tmp_path)
    page = (tmp_path / "reference.html").read_text(encoding="utf-8")
    assert "Teleport &lt;&amp;&gt;" in page and "Teleport <&>" not in page
    assert "Teleport \\<&\\>" in (tmp_path / "reference.md").read_text(encoding="utf-8")
    assert "Teleport <&>" in pdf_text(tmp_path / "reference.pdf")


def test_rules_text_that_does_not_parse_is_shown_as_written_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game"
    game.mkdir()
    declaration = (SKIRMISH / "game.yaml").read_text()
    (game / "game.yaml").write_text(declaration.replace("sheets: rulebook/sheets.yaml\n", ""))
    (game / "cards.yaml").write_text(
        "cards:\n"
        "  - name: Marine\n"
        "    type: unit\n"
        "    faction: terran\n"
        "    cost: 1\n"
        "    deck: army\n"
        "    count: 2\n"
        "    text: |-\n"
        "      Gain 1 Minerals.\n"
        "      Fly over the moon.\n"
    )
    out = tmp_path / "out"
    assert main(["rulebook", str(game), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        f"{game}/cards.yaml:10:7: warning[CK315] 1 line of rules text of 'marine' does not "
        "parse; the reference pages show it as written"
    ) in err.splitlines()
    for name, text in (
        ("pdf", flat(pdf_text(out / "reference.pdf"))),
        ("html", flat((out / "reference.html").read_text())),
        ("md", flat((out / "reference.md").read_text())),
    ):
        assert "Fly over the moon." in text, name
        assert "2 lines of rules text (over every copy) do not parse yet" in text, name


def test_an_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", str(STAR_REALMS), "--format", "pdf,docx"]) == 2
    assert "unknown format 'docx': use one or more of pdf,html,md" in capsys.readouterr().err


def test_an_output_folder_that_cannot_be_made_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert main(["rulebook", str(SKIRMISH), "-o", str(blocked), "--format", "html"]) == 1
    err = capsys.readouterr().err
    expected = (
        f"{blocked}/reference.html: error[CK005] cannot write output: "
        f"{blocked.as_posix()!r} is a file, not a folder"
    )
    assert expected in err.splitlines()
    assert blocked.read_text() == "not a folder"


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no headless Chromium on this machine (apt-get install chromium)")


def test_html_page_renders_in_headless_chromium(tmp_path: Path) -> None:
    build(STAR_REALMS, tmp_path, "--format", "html")
    page = (tmp_path / "reference.html").as_uri()
    command = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu"]
    dom = subprocess.run(
        [*command, "--dump-dom", page], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert dom.count("<svg") == 3 and dom.count("<table>") > 10
    assert "<h1>Star Realms</h1>" in dom
    screenshot = tmp_path / "page.png"
    subprocess.run(
        [*command, "--window-size=1000,1400", f"--screenshot={screenshot}", page],
        capture_output=True,
        timeout=120,
        check=True,
    )
    header = screenshot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1000, 1400)


def test_the_games_icons_stand_before_their_words_in_every_output(tmp_path: Path) -> None:
    card_set = load(STAR_REALMS)
    icon_ids = sorted(
        {n.id for t in (card_set.game.factions, card_set.game.resources) for n in t.values()}
        | set(card_set.game.icons)
    )
    build(STAR_REALMS, tmp_path)
    page = (tmp_path / "reference.html").read_text(encoding="utf-8")
    for key in icon_ids:
        assert f".pic-{key} {{ background-image: url(data:image/png;base64," in page, key
    assert '<span class="pic pic-combat"></span><span class="word resource"' in page
    markdown = (tmp_path / "reference.md").read_text(encoding="utf-8")
    assert "Gain 1 ![](reference-icons/trade.png) **Trade**." in markdown
    for key in icon_ids:
        assert (tmp_path / "reference-icons" / f"{key}.png").read_bytes()[
            :8
        ] == b"\x89PNG\r\n\x1a\n"
    reader = PdfReader(tmp_path / "reference.pdf")
    drawn = {
        name
        for page in reader.pages
        for name, xobject in (page["/Resources"].get("/XObject") or {}).items()
        if xobject.get_object()["/Subtype"] == "/Image"
    }
    assert len(drawn) >= len(icon_ids)


def skirmish_with_gas_icon(tmp_path: Path, icon: str) -> Path:
    """A copy of the skirmish game whose Gas resource has the icon file ``icon``."""
    game = tmp_path / "game"
    shutil.copytree(SKIRMISH, game)
    text = (game / "game.yaml").read_text()
    gas = 'gas: {name: Gas, color: "#2e9e5b"'
    (game / "game.yaml").write_text(text.replace(gas, f"{gas}, icon: {icon}"))
    return game


def test_an_icon_that_cannot_be_read_leaves_its_word_and_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = skirmish_with_gas_icon(tmp_path, "gas.png")
    (game / "gas.png").write_bytes(b"not a picture")
    assert main(["rulebook", str(game), "-o", str(tmp_path / "out"), "--format", "html"]) == 0
    err = capsys.readouterr().err
    assert "warning[CK213] icon 'gas' 'gas.png' is not a picture Pillow can read" in err
    page = (tmp_path / "out" / "reference.html").read_text(encoding="utf-8")
    assert "pic-gas" not in page and ">Gas</span>" in page


def test_an_svg_icon_is_inline_in_html_and_a_file_beside_the_markdown(tmp_path: Path) -> None:
    game = skirmish_with_gas_icon(tmp_path, "gas.svg")
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<circle cx="5" cy="5" r="4" fill="#2e9e5b"/></svg>'
    )
    (game / "gas.svg").write_text(svg)
    out = tmp_path / "out"
    assert main(["rulebook", str(game), "-o", str(out)]) == 0
    page = (out / "reference.html").read_text(encoding="utf-8")
    assert ".pic-gas { background-image: url(data:image/svg+xml;base64," in page
    assert (out / "reference-icons" / "gas.svg").read_text() == svg
    assert "![](reference-icons/gas.svg) **Gas**" in (out / "reference.md").read_text()
    assert "Gas" in pdf_text(out / "reference.pdf")

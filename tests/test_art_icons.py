"""Card art and icons: confined paths, safe decoding, each picture embedded once, inline icons."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

from cardkit.app.build import BuildOptions, build_deck
from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.images import confine
from cardkit.render.textfit import rules_markup
from cardkit.rules.printed import printed_text

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"


def picture(path: Path, size: tuple[int, int] = (300, 200), colour: str = "#3366aa") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)
    return path


def make_game(root: Path, cards: str, extra: str = "", icons: str | None = None) -> CardSet:
    card_set, found = load_game_and_cards(root, cards, extra, icons)
    assert card_set is not None and not found, found
    return card_set


def load_game_and_cards(
    root: Path, cards: str, extra: str = "", icons: str | None = None
) -> tuple[CardSet | None, list[Diagnostic]]:
    root.mkdir(parents=True, exist_ok=True)
    game = """\
        id: arty
        name: Arty
        factions:
          red: {name: Red, color: "#c0392b", icon: icons/red.png}
        icons:
          coin: {file: icons/coin.png, words: [Gold]}
        card_types:
          unit:
            name: Unit
        """
    game = textwrap.dedent(game)
    if icons is not None:  # the icon declarations instead of the PNG coin and faction icon
        game = game.replace("icons/red.png", "icons/red.svg")
        game = game.replace("  coin: {file: icons/coin.png, words: [Gold]}\n", icons)
    (root / "game.yaml").write_text(game + textwrap.dedent(extra), "utf-8")
    (root / "cards.yaml").write_text(
        "cards:\n" + textwrap.indent(textwrap.dedent(cards), "  "), "utf-8"
    )
    if not (root / "icons" / "red.png").exists():
        picture(root / "icons" / "red.png", (64, 64), "#aa0000")
        picture(root / "icons" / "coin.png", (64, 64), "#ddaa00")
    return load_card_set(root, str(root))


def build(card_set: CardSet, out: Path) -> tuple[Path | None, list[Diagnostic]]:
    written, found = build_deck(card_set, BuildOptions(output=out))
    return (written[0] if written else None), found


def images(reader: PdfReader) -> set[int]:
    """The object numbers of every image in the PDF, inside forms too."""
    found: set[int] = set()

    def walk(resources: DictionaryObject) -> Iterator[None]:
        for ref in (resources.get("/XObject") or {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image" and isinstance(ref, IndirectObject):
                found.add(ref.idnum)
            inner = obj.get("/Resources")
            if inner is not None:
                yield from walk(inner.get_object())
        yield None

    for page in reader.pages:
        list(walk(page["/Resources"]))
    return found


def test_each_picture_is_embedded_once_however_many_copies_print(tmp_path: Path) -> None:
    for name in ("a", "b", "c"):
        picture(tmp_path / "g" / "art" / f"{name}.png", (600, 400), f"#{name * 2}3344")
    cards = "".join(
        f"- {{name: Card {n}, type: unit, faction: red, art: art/{n}.png, count: COUNT, "
        f"text: Gain 2 Gold.}}\n"
        for n in ("a", "b", "c")
    )
    one, found = build(make_game(tmp_path / "g", cards.replace("COUNT", "1")), tmp_path / "one")
    assert found == [] and one is not None
    three, _ = build(make_game(tmp_path / "g", cards.replace("COUNT", "3")), tmp_path / "three")
    assert three is not None
    # three art pictures, the faction icon and the inline coin: five images, once each
    assert len(images(PdfReader(one))) == 5
    assert len(images(PdfReader(three))) == 5
    assert three.stat().st_size < 1.3 * one.stat().st_size


def test_star_realms_icons_are_embedded_once_each(tmp_path: Path) -> None:
    card_set, _ = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None
    path, found = build(card_set, tmp_path)
    assert found == [] and path is not None
    # trade, combat, authority, scrap and four faction icons
    assert len(images(PdfReader(path))) == 8


@pytest.mark.parametrize("art", ["/etc/passwd", "../outside.png", "art/../../x.png", "C:/a.png"])
def test_art_paths_outside_the_game_folder_are_refused_when_cards_load(
    tmp_path: Path, art: str
) -> None:
    picture(tmp_path / "outside.png")
    _, found = load_game_and_cards(tmp_path / "g", f"- {{name: Thief, type: unit, art: '{art}'}}\n")
    assert [(d.code, d.location.line, d.card) for d in found] == [("CK026", 2, "thief")]
    assert "relative path" in found[0].message


def test_a_link_leading_out_of_the_game_folder_is_refused(tmp_path: Path) -> None:
    picture(tmp_path / "secret.png")
    (tmp_path / "g" / "art").mkdir(parents=True)
    os.symlink(tmp_path / "secret.png", tmp_path / "g" / "art" / "linked.png")
    card_set = make_game(tmp_path / "g", "- {name: Thief, type: unit, art: art/linked.png}\n")
    path, found = build(card_set, tmp_path / "out")
    assert path is None  # an error: nothing built
    assert [(d.code, d.severity.value, d.card) for d in found] == [("CK212", "error", "thief")]
    assert "link that leads outside" in found[0].message
    assert found[0].location.line == 2


def broken_pictures(folder: Path) -> dict[str, str]:
    good = picture(folder / "good.png")
    data = good.read_bytes()
    (folder / "truncated.png").write_bytes(data[: len(data) // 2])
    (folder / "text.png").write_text("not a picture", "utf-8")
    Image.new("1", (12000, 12000)).save(folder / "bomb.png")  # 144 million pixels, 20 kB
    return {
        "missing.png": "does not exist",
        "truncated.png": "cannot be decoded",
        "text.png": "is not a picture",
        "bomb.png": "pixels",
    }


def test_missing_or_broken_art_is_a_warning_and_the_card_gets_its_placeholder(
    tmp_path: Path,
) -> None:
    expected = broken_pictures(tmp_path / "g" / "art")
    cards = "".join(f"- {{name: {n[:-4]}, type: unit, art: art/{n}}}\n" for n in expected)
    card_set = make_game(tmp_path / "g", cards)
    path, found = build(card_set, tmp_path / "out")
    assert path is not None  # warnings only: the deck is built
    by_card = {d.card: d for d in found}
    assert sorted(by_card) == sorted(n[:-4] for n in expected)
    for name, message in expected.items():
        diagnostic = by_card[name[:-4]]
        assert diagnostic.code == "CK213" and diagnostic.severity.value == "warning"
        assert message in diagnostic.message, diagnostic.message
    assert len(images(PdfReader(path))) == 0  # no art drawn, and no icon used


def test_inline_icons_go_where_the_parse_reads_their_words_and_text_stays_escaped(
    tmp_path: Path,
) -> None:
    card_set = make_game(tmp_path / "g", "- {name: Miser, type: unit, text: Gain 2 Gold.}\n")
    text = 'Gain 2 Gold.\nGold: gain 2 Gold <img src="x"/> Golden.'
    parsed, unparsed = printed_text(card_set.game, text)
    icons = {"coin": "/i/coin.png"}
    markup = rules_markup(parsed, icons, 8)
    assert markup == (
        'Gain 2 <img src="/i/coin.png" width="9.20" height="9.20" valign="middle"/>\u00a0Gold.'
    )
    # a line that does not parse prints as written: no icon, no label, its markup escaped
    assert not unparsed.parsed
    assert rules_markup(unparsed, icons, 8) == 'Gold: gain 2 Gold &lt;img src="x"/&gt; Golden.'


def test_long_words_win_over_their_beginnings() -> None:
    card_set, _ = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None
    (line,) = printed_text(card_set.game, "Trade Federation Ally: Gain 2 Trade.")
    markup = rules_markup(line, {"trade": "/t.png", "trade-federation": "/tf.png"}, 8)
    assert markup.startswith('<b><img src="/tf.png"')
    assert markup.index("/tf.png") < markup.index("/t.png")
    assert markup.count("<img") == 2
    assert "\u00a0Trade Federation Ally:</b> Gain 2 <img" in markup


@pytest.mark.parametrize(
    ("relative", "problem"),
    [
        ("/etc/passwd", "is absolute"),
        ("C:/art.png", "is absolute"),
        ("../x.png", "leaves the game folder"),
        ("art/../../x.png", "leaves the game folder"),
        ("", "is empty"),
    ],
)
def test_confine_refuses_paths_that_leave_the_folder(
    tmp_path: Path, relative: str, problem: str
) -> None:
    result = confine(tmp_path, relative)
    assert isinstance(result, str) and problem in result


def test_confine_accepts_a_path_inside_the_folder(tmp_path: Path) -> None:
    assert confine(tmp_path, "art/scout.png") == tmp_path / "art" / "scout.png"


COIN_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">'
    '<circle cx="16" cy="16" r="14" fill="#d9a521" stroke="#222222" stroke-width="2"/></svg>'
)
HOSTILE_SVGS = {
    "laughs.svg": (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text>&b;</text></svg>',
        "DOCTYPE or ENTITY",
    ),
    "outside.svg": (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="8" height="8"><image xlink:href="file:///etc/passwd" width="8" height="8"/></svg>',
        "links to another file",
    ),
    "network.svg": (
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
        '<image href="http://example.invalid/x.png" width="8" height="8"/></svg>',
        "links to another file",
    ),
    "broken.svg": ("<svg xmlns=", "not an SVG picture"),
}


def test_svg_icons_are_drawn_as_vectors_inline_and_on_the_face(tmp_path: Path) -> None:
    root = tmp_path / "g"
    (root / "icons").mkdir(parents=True)
    (root / "icons" / "coin.svg").write_text(COIN_SVG, "utf-8")
    (root / "icons" / "red.svg").write_text(COIN_SVG.replace("#d9a521", "#aa0000"), "utf-8")
    icons = "  coin: {file: icons/coin.svg, words: [Gold]}\n"
    cards = "- {name: Miser, type: unit, faction: red, text: Gain 2 Gold.}\n"
    card_set = make_game(root, cards, icons=icons)
    path, found = build(card_set, tmp_path / "out")
    assert found == [] and path is not None
    reader = PdfReader(path)
    assert "Gain 2 Gold." in " ".join(reader.pages[0].extract_text().split())
    assert len(images(reader)) == 1  # only the transparent blank that holds the inline icon's place


def test_hostile_or_broken_svg_icons_are_refused_with_a_warning(tmp_path: Path) -> None:
    root = tmp_path / "g"
    (root / "icons").mkdir(parents=True)
    lines = []
    for name, (svg, _) in HOSTILE_SVGS.items():
        (root / "icons" / name).write_text(svg, "utf-8")
        lines.append(f"  {name[:-4]}: {{file: icons/{name}}}\n")
    (root / "icons" / "red.svg").write_text(COIN_SVG, "utf-8")
    card_set = make_game(root, "- {name: Plain, type: unit}\n", icons="".join(lines))
    _, found = build(card_set, tmp_path / "out")
    by_icon = {d.message.split("'")[1]: d for d in found}
    for name, (_, message) in HOSTILE_SVGS.items():
        diagnostic = by_icon[name[:-4]]
        assert diagnostic.code == "CK213", diagnostic
        assert message in diagnostic.message, diagnostic.message


def test_art_is_checked_when_loaded_and_decoded_again_only_when_drawn(tmp_path: Path) -> None:
    """A game of 10,000 cards must not hold every picture in memory: the style keeps the
    art's size and fingerprint, not its pixels, and the pixels come back the same."""
    from cardkit.render.style import prepare_style

    art = picture(tmp_path / "g" / "art" / "a.png", (60, 40), "#123456")
    card_set = make_game(tmp_path / "g", "- {name: A, type: unit, art: art/a.png}\n")
    style, found = prepare_style(card_set.game, card_set.cards)
    kept = style.art["art/a.png"]
    assert found == [] and kept.image is None and kept.size == (60, 40)
    with Image.open(art) as original:
        assert kept.pixels().tobytes() == original.convert("RGB").tobytes()
    assert style.icons["coin"].image is not None  # icons are drawn on every card: kept


def test_art_changed_between_its_check_and_its_drawing_stops_the_build(
    tmp_path: Path,
) -> None:
    from cardkit.render.images import PictureChangedError
    from cardkit.render.style import prepare_style

    art = picture(tmp_path / "g" / "art" / "a.png", (60, 40), "#123456")
    card_set = make_game(tmp_path / "g", "- {name: A, type: unit, art: art/a.png}\n")
    style, _ = prepare_style(card_set.game, card_set.cards)
    picture(art, (60, 40), "#654321")
    with pytest.raises(PictureChangedError, match=r"'art/a\.png' changed while it was being drawn"):
        style.art["art/a.png"].pixels()
    art.unlink()
    with pytest.raises(PictureChangedError, match="cannot be read any more"):
        style.art["art/a.png"].pixels()

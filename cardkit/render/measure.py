"""Does each card's text fit its layout? The measuring the face drawing does, without drawing.

``cardkit validate`` calls ``measure_cards`` to report CK201 (rules text cut off), CK202 (name
cut short) and CK203 (a character no bundled font has) before anything is printed; the face
drawing uses the same functions, so a build and a validate always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import Card
from cardkit.render.colour import PAPER, Rgb
from cardkit.render.fieldtext import card_boxes, flavor_text, stats_text
from cardkit.render.fonts import BOLD, lacking, missing_glyphs, register_card_font
from cardkit.render.impose import Box
from cardkit.render.layoutfile import Element
from cardkit.render.style import CardStyle, card_size, size_points
from cardkit.render.textfit import RULES_SIZE, FittedText, fit_line, fit_rules
from cardkit.render.units import mm
from cardkit.rules.printed import marked_text, printed_text

NAME_SIZE, MIN_NAME_SIZE = 11.0, 7.0
LINE_SIZE, MIN_LINE_SIZE = 7.0, 4.5  # the text of a layout's lines and the stats line
NAME_PAD = mm(1)  # the name's box is the bar; the text keeps this far from its ends
PANEL_PAD = mm(1.5)  # inside the rules panel, around its text


def overflow(card: Card, problem: str) -> Diagnostic:
    return warning(
        "CK201",
        f"rules text of {card.name!r} {problem}",
        card.location("text"),
        card=card.id,
        hint="shorten the text or use a larger card size",
    )


def glyph_problems(card: Card, style: CardStyle | None = None) -> list[Diagnostic]:
    """CK203 for the name and the text, each listing the characters no bundled font has;
    CK222 for those the game's font of their part lacks (drawn in the bundled font)."""
    found = []
    flavor = card.get("flavor")
    texts = [("name", card.name), ("text", card.text)]
    if isinstance(flavor, str):
        texts.append(("flavor", flavor))
    layout = style.layout(card) if style is not None else None
    for field, text in texts:
        missing = missing_glyphs(text)
        element = layout.part("name" if field == "name" else "rules") if layout else None
        if style is not None and element is not None and element.font in style.fonts:
            font = style.font(element, bold=field == "name")
            lacking_here = [c for c in lacking(text, font) if c not in missing]
            if lacking_here:
                shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in lacking_here)
                found.append(
                    warning(
                        "CK222",
                        f"font {element.font!r} has no glyph for {shown} in the {field} of "
                        f"{card.name!r}; drawn in the bundled font",
                        card.location(field),
                        card=card.id,
                        hint="use a font that has these characters, or another character",
                    )
                )
        if missing:
            shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
            found.append(
                warning(
                    "CK203",
                    f"no bundled font has a glyph for {shown} in the {field} of {card.name!r}",
                    card.location(field),
                    card=card.id,
                    hint="use another character, or declare an icon for the word",
                )
            )
    return found


def fit_name(
    card: Card, element: Element, bar: Box, font: str = BOLD
) -> tuple[Box, str, float, list[Diagnostic]]:
    """Where the name goes in its bar, the text and size to print, and CK202 if cut short."""
    box = Box(bar.x + NAME_PAD, bar.y, bar.w - 2 * NAME_PAD, bar.h)
    size = element.size or NAME_SIZE
    text, size, cut = fit_line(card.name, box.w, size, min(size, MIN_NAME_SIZE), font)
    if not cut:
        return box, text, size, []
    problem = warning(
        "CK202",
        f"card name {card.name!r} does not fit its title bar; printed as {text!r}"
        if text
        else f"card name {card.name!r} is not printed: its title bar has no room",
        card.location("name"),
        card=card.id,
        hint="shorten the name or use a wider card size",
    )
    return box, text, size, [problem]


def fit_card_rules(
    style: CardStyle, card: Card, element: Element, panel: Box
) -> tuple[Box, FittedText, list[Diagnostic]]:
    """The rules text fitted to the inside of its panel, and CK201 if cut off."""
    box = Box(
        panel.x + PANEL_PAD, panel.y + PANEL_PAD, panel.w - 2 * PANEL_PAD, panel.h - 2 * PANEL_PAD
    )
    colour = Rgb.hex(element.color) if element.color else Rgb.hex(PAPER)
    ink = Rgb.hex(element.ink) if element.ink else colour.ink
    layout = style.layout(card)
    flavor = flavor_text(card, layout) if layout is not None else ""
    fitted = fit_rules(
        printed_text(style.game, card.text),
        box,
        ink,
        size=element.size or RULES_SIZE,
        icons=style.icon_sources(),
        reminders=element.reminders,
        flavor=marked_text(style.game, flavor),
        font=style.font(element),
    )
    if not fitted.overflow:
        if flavor and not fitted.flavor:
            return box, fitted, [_no_flavor(card)]
        return box, fitted, []
    problem = f"does not fit its box even at {fitted.size:g}pt; the end is cut off"
    return box, fitted, [overflow(card, problem)]


def fit_band(text: str, element: Element, band: Box, font: str = BOLD) -> tuple[str, float, bool]:
    """The text of a line (of a layout's ``lines``, or the automatic stats line) shrunk to
    fit its band, else cut short: the text to draw, its size, and whether it was cut."""
    size = element.size or LINE_SIZE
    return fit_line(text, band.w - 2 * PANEL_PAD, size, min(size, MIN_LINE_SIZE), font)


def stats_cut(style: CardStyle, card: Card, element: Element, band: Box) -> list[Diagnostic]:
    """CK219 when ``card``'s automatic stats line does not fit its band."""
    layout = style.layout(card)
    text = stats_text(style.game, card, layout) if layout is not None else ""
    printed, _, cut = fit_band(text, element, band, style.font(element, bold=True))
    if not cut:
        return []
    return [
        warning(
            "CK219",
            f"stats line of {card.name!r} does not fit its band; printed as {printed!r}",
            card.location(),
            card=card.id,
            hint="give the card type a layout of its own that places these fields as badges "
            "or lines, or use a wider card size",
        )
    ]


def _no_flavor(card: Card) -> Diagnostic:
    return warning(
        "CK218",
        f"flavor text of {card.name!r} is not printed: no room for it after the rules text",
        card.location("flavor"),
        card=card.id,
        hint="shorten the flavor or the rules text, or use a larger card size",
    )


NO_TEXT_BOX = "is not printed: this card's layout has no text box"


def measure_card(style: CardStyle, card: Card) -> list[Diagnostic]:
    """Every text problem of one card's face, as drawing it would find them."""
    layout = style.layout(card)
    size = card_size(style.game, card)
    if layout is None or size not in style.game.sizes:
        return []
    width, height = layout.size_on(*size_points(style.game, size))
    found = glyph_problems(card, style)
    name, rules = layout.part("name"), layout.part("rules")
    boxes = card_boxes(style.game, card, layout, width, height)
    if name is not None:  # the bar as drawn: it ends before an automatic cost badge
        bar = next(b for e, b in boxes if e is name)
        found += fit_name(card, name, bar, style.font(name, bold=True))[3]
    for element, band in boxes:
        if element.stats and element.line:
            found += stats_cut(style, card, element, band)
    if rules is None:
        if card.text.strip():
            found.append(overflow(card, NO_TEXT_BOX))
    elif card.text.strip() or flavor_text(card, layout):
        panel = next(b for e, b in boxes if e is rules)
        found += fit_card_rules(style, card, rules, panel)[2]
    return found


def measure_cards(style: CardStyle, cards: Sequence[Card]) -> list[Diagnostic]:
    """Every text problem of ``cards``, sorted."""
    register_card_font()  # its other faces: when first measured
    found = [d for card in cards for d in measure_card(style, card)]
    return sorted(found, key=lambda d: d.sort_key)

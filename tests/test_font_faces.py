"""The bundled faces are read when first needed (render/fonts.py): the faces a Paragraph's
markup draws or measures with are registered before reportlab looks them up."""

from __future__ import annotations

import pytest

from cardkit.render import fonts
from cardkit.render.fontnames import BOLD, BOLD_ITALIC, FONT, ITALIC


def _asked(monkeypatch: pytest.MonkeyPatch, text: str, font: str = FONT) -> set[str]:
    asked: set[str] = set()
    monkeypatch.setattr(fonts, "ensure_font", asked.add)
    fonts.ensure_markup_fonts(text, font)
    return asked


@pytest.mark.parametrize(
    ("text", "font", "faces"),
    [
        ("Gain 2 Trade.", FONT, {FONT}),
        ("<b>Ally:</b> Gain 2 Trade.", FONT, {FONT, BOLD}),
        ("<b>Ally:</b> Gain 2 Trade. <i>(a reminder)</i>", FONT, {FONT, BOLD, ITALIC}),
        ("<b>Ally: <i>now</i></b>", FONT, {FONT, BOLD, BOLD_ITALIC}),
        ('<i><img src="a.png" width="9" height="9" valign="middle"/></i>', FONT, {FONT, ITALIC}),
        ("<i>only</i>", BOLD, {BOLD, BOLD_ITALIC}),
        ("<b>x</b>", ITALIC, {ITALIC, BOLD_ITALIC}),
        ("<b>a</b><br/><i>b</i>", "CardkitGame-0123", {"CardkitGame-0123"}),
        (
            f'<b><font face="{FONT}">\u00e9</font></b>',
            "CardkitGame-0123",
            {"CardkitGame-0123", BOLD},
        ),
    ],
)
def test_the_faces_markup_draws_with_are_registered(
    monkeypatch: pytest.MonkeyPatch, text: str, font: str, faces: set[str]
) -> None:
    assert _asked(monkeypatch, text, font) == faces


def test_every_bundled_face_draws_after_being_asked_for() -> None:
    from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames, stringWidth

    fonts.register_card_font()
    for face in (FONT, BOLD, ITALIC, BOLD_ITALIC):
        fonts.ensure_markup_fonts("<b><i>x</i></b>", face)
        assert face in getRegisteredFontNames()
        assert stringWidth("Trade", face, 10) > 0

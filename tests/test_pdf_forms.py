"""Each card's form is compressed as soon as it is drawn (so that a large deck does not hold
every drawing uncompressed until the file is written): the file is the one reportlab writes."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pypdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from cardkit.app.build import BuildOptions, plan_deck
from cardkit.load.cards import load_card_set
from cardkit.render import pdf

STAR_REALMS = Path(__file__).resolve().parents[1] / "cards" / "star-realms"


def _deck(tmp_path: Path) -> bytes:
    card_set, _ = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None
    pages = plan_deck(card_set, BuildOptions(output=tmp_path))
    data, _ = pdf.render_pdf(card_set.game, pages)
    return data


def test_forms_compressed_early_give_the_bytes_reportlab_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    early = pdf._compress_form
    monkeypatch.setattr(pdf, "_compress_form", lambda canvas, name: calls.append(name))
    theirs = _deck(tmp_path)
    monkeypatch.setattr(pdf, "_compress_form", early)
    ours = _deck(tmp_path)
    # one form per distinct front of Star Realms, and one per back (three of them)
    assert sorted(calls) == sorted([*(f"front{i}" for i in range(58)), "back0", "back1", "back2"])
    assert ours == theirs


def test_every_early_step_together_gives_the_bytes_plain_reportlab_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forms and pages compressed as drawn, streams let go once written, the file's pieces
    joined only after the document is gone: the PDF is byte for byte reportlab's own."""
    ours = _deck(tmp_path)
    pages: list[int] = []
    monkeypatch.setattr(pdf, "_compress_form", lambda canvas, name: None)
    monkeypatch.setattr(pdf, "_compress_page", lambda canvas: pages.append(1))
    monkeypatch.setattr(pdf, "_unjoined", lambda canvas: contextlib.nullcontext())
    theirs = _deck(tmp_path)
    assert len(pages) == len(pypdf.PdfReader(io.BytesIO(ours)).pages) == 36  # each page
    assert ours == theirs
    assert ours.startswith(b"%PDF-") and ours.rstrip().endswith(b"%%EOF")


def test_a_page_compressed_early_is_reportlabs_page_stream(tmp_path: Path) -> None:
    """Read back: each page's content is one Flate stream that inflates to drawing operators."""
    reader = pypdf.PdfReader(io.BytesIO(_deck(tmp_path)))
    for page in reader.pages:
        contents = page.get_object()["/Contents"].get_object()
        assert contents["/Filter"] == ["/FlateDecode"]
        assert b" Do" in contents.get_data()  # the page places its cards' forms


def test_another_document_saved_meanwhile_gets_reportlabs_own_bytes() -> None:
    """While a deck hands its file over in pieces, any other reportlab document (another
    thread's, in the live preview) is saved as reportlab saves it, joined."""

    def plain() -> bytes:
        out = io.BytesIO()
        other = Canvas(out, invariant=1)
        other.drawString(72, 72, "a rulebook page")
        other.save()
        return out.getvalue()

    alone = plain()
    ours = Canvas(io.BytesIO(), invariant=1)
    with pdf._unjoined(ours):
        meanwhile = plain()
    assert meanwhile == alone and meanwhile.startswith(b"%PDF-")

"""The reference PDF's layout maths and page furniture."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardkit.cli import main
from cardkit.export.reference_pdf import CELL_PADDING, HEADER_SIZE, column_widths
from cardkit.reference.content import Table, plain
from cardkit.render.pdf import BOLD, register_fonts

REPO = Path(__file__).resolve().parents[1]


def _table(headers: tuple[str, ...], widths: tuple[float, ...], text: str = "x") -> Table:
    return Table(headers, ((*(plain(text) for _ in headers),),), widths=widths)


def test_columns_share_the_width_by_weight_when_every_header_fits() -> None:
    widths = column_widths(_table(("A", "B"), (1, 3)), 400)
    assert widths == pytest.approx([100, 300])


def test_a_narrow_column_keeps_its_header_word_whole_and_the_rest_share_what_is_left() -> None:
    register_fonts()
    table = _table(("Name", "Defense", "Rules text"), (2, 0.1, 6))
    widths = column_widths(table, 400)
    least = stringWidth("Defense", BOLD, HEADER_SIZE) + CELL_PADDING
    assert widths[1] == pytest.approx(least)
    assert sum(widths) == pytest.approx(400)
    assert widths[2] / widths[0] == pytest.approx(3)


def test_headers_wider_than_the_page_shrink_together() -> None:
    widths = column_widths(_table(("Extraordinarily",) * 10, (1,) * 10), 200)
    assert sum(widths) == pytest.approx(200)
    assert len(set(round(w, 6) for w in widths)) == 1


def test_the_card_list_is_set_on_landscape_pages_and_the_rest_in_portrait(tmp_path: Path) -> None:
    assert main(["rulebook", str(REPO / "cards" / "star-realms"), "-o", str(tmp_path)]) == 0
    reader = PdfReader(tmp_path / "reference.pdf")
    for page in reader.pages:
        text = page.extract_text() or ""
        heading_or_header = " ".join(text.split()[:12])
        landscape = float(page.mediabox.width) > float(page.mediabox.height)
        in_card_list = any(
            words in heading_or_header for words in ("Card list", "Name Type Faction")
        )
        assert landscape == in_card_list, heading_or_header

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pytest

from cardkit.errors import LayoutError
from cardkit.render.impose import (
    PAPERS,
    SEAM,
    Duplex,
    Face,
    Page,
    Sheet,
    copies,
    impose,
)
from cardkit.render.units import mm, parse_length, to_mm


@dataclass(frozen=True)
class Stub:
    """Stands in for a Card: imposition only needs a count."""

    id: str
    count: int = 1


POKER = (parse_length("63.5mm"), parse_length("88.9mm"))


def poker_sheet(paper: str = "a4", **options: float) -> Sheet:
    return Sheet(paper=PAPERS[paper], card_width=POKER[0], card_height=POKER[1], **options)


def close_mm(points: float, millimetres: float) -> bool:
    return math.isclose(to_mm(points), millimetres, abs_tol=1e-6)


def test_nine_poker_cards_fit_on_a4_with_3mm_bleed() -> None:
    sheet = poker_sheet("a4", bleed=mm(3))
    assert (sheet.columns, sheet.rows, sheet.capacity) == (3, 3, 9)


@pytest.mark.parametrize(("paper", "capacity"), [("a4", 9), ("letter", 9), ("a3", 16)])
def test_poker_cards_per_sheet_for_each_paper(paper: str, capacity: int) -> None:
    assert poker_sheet(paper).capacity == capacity


def test_paper_sizes_in_millimetres() -> None:
    assert close_mm(PAPERS["a4"].width, 210) and close_mm(PAPERS["a4"].height, 297)
    assert close_mm(PAPERS["a3"].width, 297) and close_mm(PAPERS["a3"].height, 420)
    assert close_mm(PAPERS["letter"].width, 215.9) and close_mm(PAPERS["letter"].height, 279.4)


def test_the_grid_is_centred_on_the_paper() -> None:
    grid = poker_sheet("a4").grid
    assert close_mm(grid.x, (210 - 3 * 63.5) / 2)
    assert close_mm(grid.y, (297 - 3 * 88.9) / 2)
    assert math.isclose(grid.x, PAPERS["a4"].width - grid.right)


def test_a_gutter_as_wide_as_two_bleeds_leaves_room_for_two_columns_on_a4() -> None:
    sheet = poker_sheet("a4", bleed=mm(3), gutter=mm(6))
    assert (sheet.columns, sheet.rows) == (2, 3)
    # Every card then keeps its whole bleed: clip box and bleed box are the same.
    for page in impose([Stub("a", 6)], sheet):
        for p in page.placements:
            assert p.clip == p.bleed


def test_ten_poker_cards_on_a4_use_two_sheets() -> None:
    pages = impose([Stub("a", 10)], poker_sheet("a4"), duplex=Duplex.LONG)
    assert [p.face for p in pages] == [Face.FRONT, Face.BACK, Face.FRONT, Face.BACK]
    assert [len(p.placements) for p in pages] == [9, 9, 1, 1]
    assert [p.number for p in pages] == [1, 1, 2, 2]


def test_no_duplex_gives_fronts_only() -> None:
    pages = impose([Stub("a", 10)], poker_sheet("a4"), duplex=Duplex.NONE)
    assert [p.face for p in pages] == [Face.FRONT, Face.FRONT]


def test_copies_come_from_each_cards_count_in_order() -> None:
    a, b = Stub("a", 2), Stub("b", 3)
    assert copies([a, b]) == [(a, 1), (a, 2), (b, 1), (b, 2), (b, 3)]
    fronts = impose([a, b], poker_sheet())[0].placements
    assert [(p.card.id, p.copy) for p in fronts] == [
        ("a", 1),
        ("a", 2),
        ("b", 1),
        ("b", 2),
        ("b", 3),
    ]


def test_slots_fill_left_to_right_then_top_to_bottom() -> None:
    fronts = impose([Stub("a", 9)], poker_sheet())[0].placements
    assert [(p.column, p.row) for p in fronts] == [(c, r) for r in range(3) for c in range(3)]
    assert fronts[0].trim.x < fronts[1].trim.x
    assert fronts[0].trim.y > fronts[3].trim.y  # row 0 is at the top of the page


def test_back_of_the_first_slot_is_in_the_last_column_for_long_edge_duplex() -> None:
    front, back = impose([Stub("a", 9)], poker_sheet(), duplex=Duplex.LONG)[:2]
    first = back.placements[0]
    assert (first.column, first.row) == (2, 0)
    assert first.trim == front.placements[2].trim


def test_back_of_the_first_slot_is_in_the_last_row_for_short_edge_duplex() -> None:
    front, back = impose([Stub("a", 9)], poker_sheet(), duplex=Duplex.SHORT)[:2]
    first = back.placements[0]
    assert (first.column, first.row) == (0, 2)
    assert first.trim == front.placements[6].trim


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_every_back_prints_behind_its_front(duplex: Duplex, paper: str) -> None:
    """Turning the backs page over (mirroring it) puts each back on its own front."""
    sheet = poker_sheet(paper)
    pages = impose([Stub("a", 7), Stub("b", 6)], sheet, duplex=duplex)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.face, back.face) == (Face.FRONT, Face.BACK)
        assert len(front.placements) == len(back.placements)
        for f, b in zip(front.placements, back.placements, strict=True):
            assert (f.card, f.copy) == (b.card, b.copy)
            turned = b.trim.mirrored(sheet.paper.width, sheet.paper.height, duplex)
            assert math.isclose(turned.x, f.trim.x) and math.isclose(turned.y, f.trim.y)
            assert b.bleed.contains(b.trim) and b.bleed.contains(b.clip)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("bleed", ["0mm", "3mm", "0.125in"])
def test_cards_and_their_bleed_stay_on_the_paper_inside_the_margin(paper: str, bleed: str) -> None:
    sheet = poker_sheet(paper, bleed=parse_length(bleed))
    page = impose([Stub("a", 40)], sheet)[0]
    margin = sheet.margin
    for p in page.placements:
        assert p.bleed.x >= margin - 1e-6 and p.bleed.y >= margin - 1e-6
        assert p.bleed.right <= sheet.paper.width - margin + 1e-6
        assert p.bleed.top <= sheet.paper.height - margin + 1e-6
        assert p.bleed.contains(p.trim) and p.bleed.contains(p.clip) and p.clip.contains(p.trim)


def test_outer_edges_keep_the_whole_bleed_and_inner_edges_meet_at_the_cut() -> None:
    sheet = poker_sheet("a4", bleed=mm(3), gutter=0)
    page = impose([Stub("a", 9)], sheet)[0]
    corner = page.placements[0]  # top left
    assert math.isclose(corner.trim.x - corner.clip.x, mm(3))
    assert math.isclose(corner.clip.top - corner.trim.top, mm(3))
    assert math.isclose(corner.clip.right - corner.trim.right, SEAM)
    assert math.isclose(corner.trim.y - corner.clip.y, SEAM)


def test_neighbours_overlap_by_no_more_than_the_seam() -> None:
    page = impose([Stub("a", 9)], poker_sheet("a4"))[0]
    for a, b in itertools.combinations(page.placements, 2):
        assert not a.trim.overlaps(b.trim)
        shared = a.clip.expand(-SEAM, -SEAM, -SEAM, -SEAM)
        assert not shared.overlaps(b.clip.expand(-SEAM, -SEAM, -SEAM, -SEAM))


def test_crop_marks_lie_in_the_margin_never_over_a_card() -> None:
    for paper in PAPERS:
        sheet = poker_sheet(paper)
        for page in impose([Stub("a", sheet.capacity)], sheet):
            assert page.marks
            for mark in page.marks:
                box = mark.box
                assert box.x >= 0 and box.y >= 0
                assert box.right <= sheet.paper.width + 1e-6
                assert box.top <= sheet.paper.height + 1e-6
                for p in page.placements:
                    assert not p.bleed.overlaps(box)
                    assert not (p.bleed.contains(box))


def test_crop_marks_meet_every_trim_line_at_both_ends() -> None:
    page = impose([Stub("a", 9)], poker_sheet("a4"))[0]
    xs = {round(x, 6) for p in page.placements for x in (p.trim.x, p.trim.right)}
    ys = {round(y, 6) for p in page.placements for y in (p.trim.y, p.trim.top)}
    assert len(xs) == 4 and len(ys) == 4  # edge to edge: neighbours share a cut
    vertical = [m for m in page.marks if m.x1 == m.x2]
    horizontal = [m for m in page.marks if m.y1 == m.y2]
    for x in xs:
        assert sum(round(m.x1, 6) == x for m in vertical) == 2  # above and below
    for y in ys:
        assert sum(round(m.y1, 6) == y for m in horizontal) == 2  # left and right


def test_backs_pages_have_crop_marks_too() -> None:
    pages = impose([Stub("a", 9)], poker_sheet("a4"), duplex=Duplex.LONG)
    assert len(pages[1].marks) == len(pages[0].marks)


def test_a_card_too_large_for_the_paper_is_refused_with_the_sizes() -> None:
    with pytest.raises(LayoutError) as caught:
        Sheet(paper=PAPERS["a4"], card_width=mm(200), card_height=mm(300))
    message = str(caught.value)
    assert "a4" in message and "200mm x 300mm" in message and "3mm bleed" in message


@pytest.mark.parametrize(
    "options",
    [{"bleed": -1.0}, {"gutter": -1.0}, {"margin": float("nan")}, {"card_width": 0.0}],
)
def test_negative_or_missing_lengths_are_refused(options: dict[str, float]) -> None:
    settings = {"card_width": POKER[0], "card_height": POKER[1], **options}
    with pytest.raises(LayoutError):
        Sheet(paper=PAPERS["a4"], **settings)


def test_pages_know_their_paper_size() -> None:
    page: Page[Stub] = impose([Stub("a")], poker_sheet("letter"))[0]
    assert (page.width, page.height) == (612.0, 792.0)


def test_no_cards_no_pages() -> None:
    assert impose([], poker_sheet()) == []

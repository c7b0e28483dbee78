from __future__ import annotations

import itertools

import pytest

from cardkit.gameload import BUILTIN_SIZES
from cardkit.render.layout import SAFE, front_layout
from cardkit.render.units import mm, parse_length


@pytest.mark.parametrize("size", sorted(BUILTIN_SIZES))
def test_text_and_badges_stay_3mm_inside_the_trim_line(size: str) -> None:
    width, height = (parse_length(v) for v in BUILTIN_SIZES[size])
    layout = front_layout(width, height)
    assert mm(3) - 1e-9 <= SAFE  # the safe area is at least 3 mm wide
    boxes = dict(layout.text_boxes(), rules=layout.rules, type_line=layout.type_line)
    if layout.art is not None:
        boxes["art"] = layout.art
    for name, box in boxes.items():
        assert box.w >= 0 and box.h >= 0, name
        assert layout.safe.contains(box), name


@pytest.mark.parametrize("size", sorted(BUILTIN_SIZES))
def test_the_parts_of_a_card_do_not_overlap(size: str) -> None:
    width, height = (parse_length(v) for v in BUILTIN_SIZES[size])
    layout = front_layout(width, height)
    parts = dict(
        name=layout.name,
        cost=layout.cost,
        band=layout.type_line_short,
        defense=layout.defense,
        rules=layout.rules,
    )
    if layout.art is not None:
        parts["art"] = layout.art
    for (a, box_a), (b, box_b) in itertools.combinations(parts.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    assert layout.type_line.contains(layout.type_text)


def test_poker_cards_have_an_art_panel_and_chits_do_not() -> None:
    assert front_layout(mm(63.5), mm(88.9)).art is not None
    assert front_layout(mm(25.4), mm(25.4)).art is None

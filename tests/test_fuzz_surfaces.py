"""Property tests of the second hardening pass's surfaces: any SVG, workbook part, rulebook
template, set of layout files or terminal text gives a result or located diagnostics, never an
exception (the contracts of fuzz/contracts.py, fed from the pieces of fuzz/soups.py).

Run longer with CARDKIT_FUZZ_EXAMPLES=20000; fuzz/long_run.py draws the same inputs, counted,
for a long run.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "fuzz"))
import contracts  # fuzz/contracts.py: the contracts the harnesses share
import soups  # fuzz/soups.py: the pieces of hostile input

EXAMPLES = int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "200"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
# hypothesis picks the seed of soups' own generators, so that it can repeat a failure
seeds = st.integers(min_value=0, max_value=2**32 - 1).map(random.Random)


@pytest.fixture(scope="module")
def space() -> contracts.SurfaceSpace:
    return contracts.SurfaceSpace()


@pytest.fixture(scope="module")
def workbook() -> tuple[bytes, list[tuple[str, bytes]]]:
    book = soups.base_workbook()
    return book, soups.workbook_parts(book)


@FUZZ
@given(text=st.lists(st.sampled_from(soups.SVG_PIECES), max_size=40).map("".join))
def test_svg_pieces_in_any_order_give_a_picture_or_a_warning(
    space: contracts.SurfaceSpace, text: str
) -> None:
    contracts.check_svg(space, text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(rng=seeds)
def test_any_svg_picture_gives_a_drawing_or_a_warning_and_no_active_content(
    space: contracts.SurfaceSpace, rng: random.Random
) -> None:
    contracts.check_svg(space, soups.svg_input(rng))


@FUZZ
@given(rng=seeds)
def test_any_workbook_part_gives_cards_or_diagnostics(
    space: contracts.SurfaceSpace,
    workbook: tuple[bytes, list[tuple[str, bytes]]],
    rng: random.Random,
) -> None:
    contracts.check_xlsx(space, soups.xlsx_input(rng, *workbook))


@FUZZ
@given(text=st.lists(st.sampled_from(soups.TEMPLATE_PIECES), max_size=30).map("".join))
def test_template_pieces_in_any_order_give_a_page_or_a_located_error(
    space: contracts.SurfaceSpace, text: str
) -> None:
    contracts.check_template(space, text)


@FUZZ
@given(rng=seeds)
def test_any_template_over_the_reference_gives_a_page_or_a_located_error(
    space: contracts.SurfaceSpace, rng: random.Random
) -> None:
    contracts.check_template(space, soups.template_input(rng))


@FUZZ
@given(rng=seeds)
def test_any_chain_of_layout_files_gives_layouts_or_diagnostics(
    space: contracts.SurfaceSpace, rng: random.Random
) -> None:
    contracts.check_layouts(space, soups.layout_input(rng))


@FUZZ
@given(text=st.text() | st.lists(st.sampled_from(soups.TERMINAL_PIECES)).map("".join))
def test_any_text_reaches_the_terminal_visible_and_on_one_line(text: str) -> None:
    contracts.check_terminal(text)


def test_the_long_run_counts_its_inputs_and_finds_no_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import long_run

    kinds = ",".join(long_run.KINDS)
    status = long_run.main(["--inputs", "50", "--kinds", kinds, "--crashes", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "50 inputs (svg 10, xlsx 10, template 10, layout 10, terminal 10), 0 crashes" in out
    assert list(tmp_path.iterdir()) == []

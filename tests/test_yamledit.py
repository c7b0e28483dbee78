"""Rewriting a value in place: only its span changes, in its own style, or nothing does."""

from __future__ import annotations

import pytest

from cardkit.yamledit import YamlEditError, replace_values

SOURCE = """\
# comment
a:
  - t: plain words   # after
    u: 'quoted ''here'''
    v: "double"
    w: >-
      folded
      words
    x: |+
      kept

y: 1
"""

CASES: list[tuple[tuple[int, int], str, str, str]] = [
    ((3, 8), "new words", "plain words   # after", "new words   # after"),
    ((3, 8), "needs: quotes", "plain words", "'needs: quotes'"),
    ((3, 8), "two\nlines", "plain words   # after", "|-   # after\n      two\n      lines"),
    ((4, 8), "it's", "'quoted ''here'''", "'it''s'"),
    ((5, 8), 'say "x"', '"double"', '"say \\"x\\""'),
    ((6, 8), "one line", ">-\n      folded\n      words\n", ">-\n      one line\n"),
    ((6, 8), "a\nb", ">-\n      folded\n      words\n", "|-\n      a\n      b\n"),
    ((9, 8), "new\n\n", "|+\n      kept\n\n", "|+\n      new\n\n"),
]


@pytest.mark.parametrize(("place", "value", "old", "new"), CASES)
def test_a_value_is_rewritten_in_its_own_style(
    place: tuple[int, int], value: str, old: str, new: str
) -> None:
    assert old in SOURCE
    assert replace_values(SOURCE, {place: value}) == SOURCE.replace(old, new, 1)


def test_several_values_at_once_and_nothing_else_changes() -> None:
    result = replace_values(SOURCE, {(3, 8): "A.", (5, 8): "B."})
    assert result == SOURCE.replace("plain words", "A.").replace('"double"', '"B."')


def test_a_place_that_holds_no_value_is_refused() -> None:
    with pytest.raises(YamlEditError, match="no string value starts at line 2, column 1"):
        replace_values(SOURCE, {(2, 1): "x"})


def test_several_lines_inside_a_flow_mapping_are_refused() -> None:
    with pytest.raises(YamlEditError, match="cannot be written inside"):
        replace_values("a: {t: x, u: 1}\n", {(1, 8): "two\nlines"})


def test_a_file_that_no_longer_parses_is_refused() -> None:
    with pytest.raises(YamlEditError, match="no longer parses"):
        replace_values("a: [\n", {(1, 4): "x"})

"""Rewriting a value in place: only its span changes, in its own style, or nothing does."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from cardkit.load import yamledit
from cardkit.load.yamledit import YamlEditError, replace_values

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
    with pytest.raises(YamlEditError, match="no string value starts there") as caught:
        replace_values(SOURCE, {(2, 1): "x"})
    assert caught.value.place == (2, 1)


def test_several_lines_inside_a_flow_mapping_are_refused() -> None:
    with pytest.raises(YamlEditError, match="cannot be written inside") as caught:
        replace_values("a: {t: x, u: 1}\n", {(1, 8): "two\nlines"})
    assert caught.value.place == (1, 8)
    assert caught.value.hint == "write the mapping as a block, one 'key: value' per line"


def test_a_file_that_no_longer_parses_is_refused() -> None:
    with pytest.raises(YamlEditError, match="no longer parses"):
        replace_values("a: [\n", {(1, 4): "x"})


# Several cards in one file, each value in its own style; comments between them. The values
# are rewritten together, so each value after one that grows or shrinks has moved.
CARDS = """\
cards:
  # first: folded over two lines
  - name: A
    text: >
      Draw a card
      and gain 1 gold.
  - name: B   # keep me
    text: gain 2 gold
  - name: C
    text: >-
      gain 3
      gold
    # a comment between cards
  - name: D
    text: |
      draw a card

      gain 4 gold
  - name: E
    text: |-
      gain 5 gold
  - name: F
    text: 'gain 6 gold'   # quoted
  - name: G
    text: "gain 7 gold"
"""

CARDS_CHANGED = {
    (4, 11): "Draw a card and gain 1 Gold.\n",
    (8, 11): "Gain 2 Gold.",
    (10, 11): "Gain 3 Gold. Then draw a card, then gain 1 Gold.",
    (15, 11): "Draw a card.\n\nGain 4 Gold.\n",
    (20, 11): "Gain 5\nGold.",
    (23, 11): "Gain 6 Gold: it's yours.",
    (25, 11): "G.",
}

CARDS_WRITTEN = """\
cards:
  # first: folded over two lines
  - name: A
    text: >
      Draw a card and gain 1 Gold.
  - name: B   # keep me
    text: Gain 2 Gold.
  - name: C
    text: >-
      Gain 3 Gold. Then draw a card, then gain 1 Gold.
    # a comment between cards
  - name: D
    text: |
      Draw a card.

      Gain 4 Gold.
  - name: E
    text: |-
      Gain 5
      Gold.
  - name: F
    text: 'Gain 6 Gold: it''s yours.'   # quoted
  - name: G
    text: "G."
"""


def test_values_after_one_that_shrinks_or_grows_are_found_by_their_order() -> None:
    assert replace_values(CARDS, CARDS_CHANGED) == CARDS_WRITTEN


def test_a_folded_text_over_two_lines_and_a_later_card_are_both_rewritten() -> None:
    source = "- text: >\n    Draw a card\n    and gain 1 gold.\n- text: gain 2 gold\n"
    result = replace_values(source, {(1, 9): "Draw a card and gain 1 Gold.\n", (4, 9): "x"})
    assert result == "- text: >\n    Draw a card and gain 1 Gold.\n- text: x\n"


# Every style a text may be written in, with a value over two lines of the file where the
# style allows it; and what each value becomes: fewer lines, more lines, longer, shorter.
STYLES = {
    "folded": ">\n      gain 1\n      gold\n",
    "folded-strip": ">-\n      gain 1\n      gold\n",
    "literal": "|\n      gain 1 gold\n      draw a card\n",
    "literal-strip": "|-\n      gain 1 gold\n      draw a card\n",
    "single": "'gain 1 gold'   # one\n",
    "double": '"gain 1\\n gold"   # two\n',
    "plain": "gain 1 gold   # three\n",
}
NEW_VALUES = ["G.", "Gain 1 Gold, then draw a card: a much longer text.", "Gain 1.\nDraw 2."]


def _three_cards(first: str, second: str) -> str:
    return (
        "# head\ncards:\n  - name: A  # a\n    text: " + STYLES[first] + "  # between\n"
        "  - name: B\n    text: " + STYLES[second] + "  - name: C\n    text: last one\n# tail\n"
    )


@pytest.mark.parametrize("new", NEW_VALUES)
@pytest.mark.parametrize("second", sorted(STYLES))
@pytest.mark.parametrize("first", sorted(STYLES))
def test_each_style_followed_by_each_style_reads_back_and_keeps_comments(
    first: str, second: str, new: str
) -> None:
    source = _three_cards(first, second)
    lines = source.split("\n")
    b_line, c_line = (lines.index(f"  - name: {name}") + 2 for name in "BC")
    changes = {(4, 11): new, (b_line, 11): new + " 2", (c_line, 11): "Last."}
    for place, style in (((4, 11), first), ((b_line, 11), second)):
        if style in ("folded", "literal"):
            changes[place] += "\n"  # these styles keep their final line break
    result = replace_values(source, changes)
    loaded = YAML(typ="safe", pure=True).load(result)
    assert [card["text"] for card in loaded["cards"]] == list(changes.values())
    comments = [line[line.index("#") :] for line in source.split("\n") if "#" in line]
    assert comments == [line[line.index("#") :] for line in result.split("\n") if "#" in line]
    assert result.startswith("# head\ncards:\n  - name: A  # a\n    text: ")
    assert result.endswith("  - name: C\n    text: Last.\n# tail\n")


# An anchored value is rewritten after its anchor and tag, so every alias of it still
# resolves (to the new value); an alias is no value of its own to rewrite.
ANCHORED = """\
cards:
  - name: A
    text: &shared gain 2 gold   # shared
  - name: B
    text: *shared
  - name: C
    text: !!str draw a card
  - name: D
    text: &block !!str |-
      gain 1
      gold
"""


def test_an_anchor_and_a_tag_stay_in_front_of_the_rewritten_value() -> None:
    changes = {(3, 11): "Gain 2 Gold.", (7, 11): "Draw a card.", (9, 11): "Gain 1\nGold."}
    result = replace_values(ANCHORED, changes)
    assert result == (
        ANCHORED.replace("&shared gain 2 gold", "&shared Gain 2 Gold.")
        .replace("!!str draw a card", "!!str Draw a card.")
        .replace("      gain 1\n      gold", "      Gain 1\n      Gold.")
    )
    loaded = YAML(typ="safe", pure=True).load(result)
    assert [card["text"] for card in loaded["cards"]] == [
        "Gain 2 Gold.",
        "Gain 2 Gold.",
        "Draw a card.",
        "Gain 1\nGold.",
    ]


def test_an_alias_is_not_a_value_to_rewrite() -> None:
    with pytest.raises(YamlEditError, match="no string value starts there") as caught:
        replace_values(ANCHORED, {(5, 11): "Gain 2 Gold."})
    assert caught.value.place == (5, 11)


def test_a_tag_is_kept_and_a_value_that_needs_quotes_is_quoted_after_it() -> None:
    source = "a: !!str 2\nb: &n 3\nc: *n\n"
    assert replace_values(source, {(1, 4): "20"}) == "a: !!str '20'\nb: &n 3\nc: *n\n"


def test_a_value_that_becomes_a_block_keeps_its_anchor_on_the_header_line() -> None:
    result = replace_values("a: &x one\nb: *x\n", {(1, 4): "two\nlines"})
    assert result == "a: &x |-\n  two\n  lines\nb: *x\n"
    assert YAML(typ="safe", pure=True).load(result) == {"a": "two\nlines", "b": "two\nlines"}


# The read-back net under the rewrite: were the anchor lost (as fmt once did), the whole
# rewritten file is loaded, aliases resolved, and the file is refused.
def test_a_rewrite_that_would_lose_an_anchor_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamledit, "_value_start", lambda starts, event: event.start_mark.index)
    with pytest.raises(YamlEditError, match="would not load: found undefined alias 'x'") as caught:
        replace_values("a: &x one\nb: *x\n", {(1, 4): "two"})
    assert caught.value.place is None


# A file with Windows line endings keeps them: every line a rewritten value adds or changes
# ends in "\r\n" too, whatever its style and whatever it becomes.
CRLF_STYLES = {
    "folded": ">\n      gain 1\n      gold\n",
    "literal": "|-\n      gain 1 gold\n      draw a card\n",
    "single": "'gain 1 gold'   # one\n",
    "double": '"gain 1 gold"\n',
    "plain": "gain 1 gold   # three\n",
}


def _lone_newlines(text: str) -> int:
    return text.count("\n") - text.count("\r\n")


@pytest.mark.parametrize("new", ["G.", "Gain 1 Gold, then draw a card.", "Gain 1.\nDraw 2.\n"])
@pytest.mark.parametrize("style", sorted(CRLF_STYLES))
def test_a_file_with_crlf_line_endings_keeps_them(style: str, new: str) -> None:
    source = (
        "cards:\n  - name: A\n    text: " + CRLF_STYLES[style] + "  - name: B\n    text: x\n"
    ).replace("\n", "\r\n")
    if style in ("folded", "literal"):  # '>' keeps one final line break, '|-' none
        new = new.rstrip("\n") + "\n" * (style == "folded")
    changes = {(3, 11): new, (4 + CRLF_STYLES[style].count("\n"), 11): "Last.\nLine."}
    result = replace_values(source, changes)
    assert _lone_newlines(result) == 0, result
    loaded = YAML(typ="safe", pure=True).load(result)
    assert [card["text"] for card in loaded["cards"]] == list(changes.values())
    assert result.startswith("cards:\r\n  - name: A\r\n    text: ")
    assert result.endswith("  - name: B\r\n    text: |-\r\n      Last.\r\n      Line.\r\n")


def test_a_folded_text_in_a_crlf_file_becomes_a_literal_block_with_crlf_lines() -> None:
    source = "a: >\r\n  gain 2 gold\r\n  draw a card\r\nb: 1\r\n"
    result = replace_values(source, {(1, 4): "Gain 2 Gold.\nDraw a card.\n"})
    assert result == "a: |\r\n  Gain 2 Gold.\r\n  Draw a card.\r\nb: 1\r\n"

"""Property tests: no text crashes the rules parser, and whatever parses prints back to itself.

Run longer with CARDKIT_FUZZ_EXAMPLES=20000 (the default keeps the suite quick); the
atheris harness in fuzz/ runs the same contract coverage-guided.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.errors import RulesTextError
from cardkit.rules import parse_card_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "fuzz"))
import contracts  # fuzz/contracts.py: the contracts the harnesses share

EXAMPLES = int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Words and marks of the sample rules text, plus what trips parsers: digits of other
# scripts, huge numbers, brackets, markup, line breaks, control and combining characters.
WORDS = sorted(
    {
        word
        for line in (
            "Gain 3 Trade. Gain 2 Combat. Gain 4 Authority. Draw a card. Draw two cards.",
            "Blob Ally: Scrap: Star Empire Ally: Machine Cult Ally: Trade Federation Ally:",
            "If you have two or more bases in play, draw a card. You may scrap a card in your",
            "hand or discard pile. Target opponent discards a card. Destroy target base.",
            "Acquire a ship of cost four or less for free and put it on top of your deck.",
            "Gain 1 Combat for each Blob card played this turn. then or and any number of",
        )
        for word in line.split()
    }
    | {"0", "9999", "10000", "٣", "(", ")", "[", "]", "{", "}", "<b>", "&amp;", ":", ".", ","}
    | {"\n", "\t", "\x00", "\u0301", "\u202e", "🐉", "\r\n", "  ", "-", "'", '"'}
)

token_soup = st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join)


def _check(text: str) -> None:
    contracts.check_rules_text(text)


@FUZZ
@given(st.text(max_size=300))
def test_any_text_parses_or_raises_rules_text_error(text: str) -> None:
    _check(text)


@FUZZ
@given(token_soup)
def test_rules_words_in_any_order_parse_or_raise_rules_text_error(text: str) -> None:
    _check(text)


@FUZZ
@given(token_soup)
def test_a_rules_text_error_points_inside_the_text(text: str) -> None:
    game = contracts.rules_game()
    try:
        parse_card_text(text, game)  # type: ignore[arg-type]
    except RulesTextError as exc:
        lines = text.split("\n")
        assert 1 <= exc.line <= max(len(lines), 1)
        assert 1 <= exc.column <= len(lines[exc.line - 1]) + 1
        assert str(exc).startswith(exc.reason)


def test_the_sample_rules_text_keeps_the_contract() -> None:
    card_set, _ = contracts.load_card_set(contracts.SAMPLE, "star-realms")
    assert card_set is not None
    for card in card_set.cards:
        _check(card.text)

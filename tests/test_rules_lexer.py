"""The rules lexer (cardkit/rules/lexer.py) finds what lark's own contextual lexer finds.

Every line of every game in cards/ and of the family sets, and lines made from them that do not
parse (cut short, a misspelt word, a stray character, shouting), are lexed and parsed twice:
with lark's contextual lexer (one joined expression per parser state) and with
``RulesLexer`` (each terminal tried only where it can start). The tokens (type, text,
positions), the errors (kind, position, what was expected) and the values or messages of
``parse_new`` must be the same.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput
from rules_helpers import variants

from cardkit.effects.vocab import Vocabulary
from cardkit.load.cards import load_card_set
from cardkit.rules.grammar import STARTS
from cardkit.rules.lexer import WORD, RulesLexer, after_blanks, first_chars, word_starts
from cardkit.rules.parsecache import CACHE_ENV
from cardkit.rules.parser import RulesParser, _build, lark_parser

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml")) + sorted(
    path.parent for path in (ROOT / "tests" / "fixtures" / "rules" / "families").glob("*/game.yaml")
)


@cache
def _game(folder: Path) -> tuple[Vocabulary, tuple[str, ...]]:
    card_set, found = load_card_set(folder, folder.name)
    assert card_set is not None, found
    lines = (line for card in card_set.cards for line in card.text.split("\n") if line.strip())
    return Vocabulary.of(card_set.game), tuple(dict.fromkeys(lines))


@cache
def _parsers(folder: Path) -> tuple[RulesParser, RulesParser]:
    vocab, _ = _game(folder)
    return _build(vocab, "contextual"), _build(vocab, RulesLexer)


@cache
def _larks(folder: Path) -> tuple[Lark, Lark]:
    """The parsers without handlers (the tokens only)."""
    vocab, _ = _game(folder)
    return lark_parser(vocab, None, "contextual"), lark_parser(vocab, None, RulesLexer)


def _tokens(lark: Lark, text: str, start: str) -> list[tuple[object, ...]]:
    found: list[tuple[object, ...]] = []
    try:
        parsing = lark.parse_interactive(text, start=start)
        for t in parsing.iter_parse():
            found.append((t.type, str(t), t.start_pos, t.line, t.column, t.end_column, t.end_pos))
        parsing.feed_eof()  # type: ignore[no-untyped-call]
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
        found.append((type(exc).__name__, repr(token), exc.pos_in_stream, exc.column))
        found.append(tuple(sorted(expected)))
    return found


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_line_lexes_and_parses_as_with_larks_own_lexer(folder: Path) -> None:
    theirs, ours = _parsers(folder)
    their_lark, our_lark = _larks(folder)
    _, lines = _game(folder)
    compared = 0
    for line in lines:
        for i, text in enumerate(variants(line)):
            for start in STARTS if i == 0 else ("ability",):
                assert _tokens(our_lark, text, start) == _tokens(their_lark, text, start), text
            if i % 3:  # the values and messages of a third (an error tries many parses)
                continue
            mine, lark_s = ours.parse_new(text), theirs.parse_new(text)
            assert type(mine) is type(lark_s) and str(mine) == str(lark_s), text
            if not isinstance(mine, Exception):
                assert mine == lark_s, text
            compared += 1
    assert compared >= len(lines)


def test_the_lexers_build_a_scanner_only_for_the_states_a_text_reaches() -> None:
    ours = _parsers(ROOT / "cards" / "star-realms")[1]
    _, lines = _game(ROOT / "cards" / "star-realms")
    ours.parse_new(lines[0])
    lexer = ours.lark.parser.lexer.contextual
    built = {id(state) for state in lexer.lexers.values() if state._scanner is not None}
    assert 0 < len(built) < len({id(state) for state in lexer.lexers.values()})


@pytest.mark.parametrize(
    ("regexp", "starts", "never"),
    [
        (r"(?i:draw|discard)", "dD", "raAx"),
        (r"ab|c", "ac", "bx"),
        (r"(?i)ab", "aA", "bB"),
        (r"a?b", "ab", "c"),
        (r"(?:x*|y)z", "xyz", "a"),
        (r"(?!q)[a-f]+", "af", "gq"),  # a lookahead tells nothing
        (r"(?<![\w)])\([^)]*\)", "(", "a)"),
        (r"\d{1,4}\b", "09", "a"),
        (r"[+\-\u2212][0-9]", "+-\u2212", "0"),
        (r"\$[0-9]", "$", "0"),
        (r"(?:[ \t]+-[ \t]|:)", " \t:", "-"),
    ],
)
def test_first_characters_of_an_expression(regexp: str, starts: str, never: str) -> None:
    first = first_chars(regexp)
    assert first is not None
    assert all(first.match(char) for char in starts)
    assert not any(first.match(char) for char in never)
    assert all(re.match(regexp, char + "bcdz0)") is None for char in never)


@pytest.mark.parametrize("regexp", [r"[^a]b", r".x", r"a*", r"(?:)|b", r"(?s:.)"])
def test_an_expression_that_may_start_anywhere_is_tried_everywhere(regexp: str) -> None:
    assert first_chars(regexp) is None


def test_bytes_are_lexed_by_larks_own_scanners() -> None:
    grammar = 'start: WORD+\nWORD: /[a-z]+/\n%ignore " "\n'
    ours = Lark(grammar, parser="lalr", lexer=RulesLexer, use_bytes=True)
    theirs = Lark(grammar, parser="lalr", lexer="contextual", use_bytes=True)
    assert ours.parse(b"ab cd") == theirs.parse(b"ab cd")
    assert not ours.parser.lexer.contextual.first_char_scanners


def test_each_lexer_keeps_its_parser_in_a_file_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    vocab = Vocabulary(resources=(("gold", "Gold"),), card_types=(("unit", "Unit"),))
    lark_parser(vocab, None, RulesLexer)
    (ours,) = tmp_path.glob("parser-*")  # and the tables its rules share with other games
    kept = ours.read_bytes()
    lark_parser(vocab, None, "contextual")  # lark's own, as the tests above build it
    assert len(list(tmp_path.iterdir())) == 3
    assert ours.read_bytes() == kept


@pytest.mark.parametrize(
    ("regexp", "starts", "never"),
    [
        (r"(?i:draw|discard)\b", ["draw", "Discard"], ["dra", "draws", "drawn", "card"]),
        (r"(?:more|fewer|less)(?![\w-])", ["more", "LESS"], ["moreover", "lessen"]),
        (r"an?(?![\w-])", ["a", "an"], ["and", "any", "at"]),
        (r"at[ \t]+the[ \t]+end[ \t]+of\b", ["at"], ["attack", "the"]),
        (r"cards?\b", ["card", "cards"], ["cardboard", "car"]),
        (r"non-", ["non"], ["none", "no"]),
        (r"(?:your|the)(?=[ \t]+x)", ["your", "the", "theirs"], ["you", "a"]),  # a prefix
        (r"(?:[0-9]{1,2}|three)[ \t]+times", ["three"], ["threes", "times"]),
        (r"(?i)gain(?:ed|s)?\b", ["gain", "gained", "GAINS"], ["gainer", "again"]),
        (r"[ \t]+or", [], ["or", "a"]),  # never at a letter
        (r"(?!x)x", ["x", "xylophone"], ["a"]),  # a prefix after a lookahead
    ],
)
def test_the_words_an_expression_can_start_with(
    regexp: str, starts: list[str], never: list[str]
) -> None:
    found = word_starts(regexp)
    assert found is not None
    words, prefixes = found

    def allowed(word: str) -> bool:
        folded = word.lower()
        return folded in words or any(folded[:i] in prefixes for i in range(1, len(word) + 1))

    assert all(allowed(word) for word in starts)
    assert not any(allowed(word) for word in never)
    for word in never:  # and the expression itself agrees: no match at such a word
        for after in (" x", " the end of", "-", ".", ""):
            assert re.match(regexp, word + after) is None, (word, after)


@pytest.mark.parametrize("regexp", [r"[a-z][a-z'-]*", r"(?i:[A-Z]\w*)", r".x", r"a*", r"(?:)|b"])
def test_an_expression_that_may_start_with_any_word_is_tried_at_every_word(regexp: str) -> None:
    assert word_starts(regexp) is None


def test_a_character_that_case_folding_takes_for_a_letter_may_start_any_word() -> None:
    assert re.match("\u212a", "k", re.IGNORECASE)  # Kelvin's K
    assert word_starts("\u212a", re.IGNORECASE) is None
    assert word_starts("\u212a") == (frozenset(), frozenset())  # never a word, case kept


@pytest.mark.parametrize(
    ("regexp", "after", "never"),
    [
        (r":|[ \t]+-[ \t]|[ \t]*[\u2014\u2013][ \t]*|[ \t]*->", "-\u2014\u2013:", "ao,"),
        (r"\.?[ \t]*\u2022|[ \t]+or[ \t]+(?=[\u2022])", ".\u2022o", "axO"),
        (r"[ \t]x?[ \t]y", "xy", "z"),
        (r"(?:,[ \t]*)?and", ",a", "o"),
    ],
)
def test_the_characters_an_expression_takes_after_its_blanks(
    regexp: str, after: str, never: str
) -> None:
    found = after_blanks(regexp)
    assert found is not None
    assert all(found.match(char) for char in after)
    assert not any(found.match(char) for char in never)
    for blanks in (" ", "  ", "\t ", " \t"):
        for char in never:
            assert re.match(regexp, blanks + char + "nd x") is None, (blanks, char)


@pytest.mark.parametrize("regexp", [r"[ \t\f\r{}]+", r"[ \t]+", r"\s+x", r"[ \t]*(?:x|\sy)"])
def test_an_expression_that_may_take_anything_after_blanks_is_tried_at_every_blank(
    regexp: str,
) -> None:
    assert after_blanks(regexp) is None


def test_a_word_is_ascii_letters_not_followed_by_another_letter() -> None:
    found = WORD.match("Gain 4")
    assert found is not None and found.group() == "Gain"
    assert WORD.match("opponent\u2019s") is None  # a letter outside ASCII: by its character
    assert WORD.match("caf\u00e9") is None
    assert WORD.match("4 Gain") is None


def test_the_terminals_tried_at_a_word_or_a_blank_are_those_at_its_character_in_order() -> None:
    parser = _parsers(ROOT / "cards" / "star-realms")[1]
    _, lines = _game(ROOT / "cards" / "star-realms")
    for line in lines:
        parser.parse_new(line)
    driver = parser.driver
    assert driver is not None
    tried = fewer = 0
    for state in driver.lexers:
        if state is None:
            continue
        by_char, by_word, _, _ = state
        for key, found in by_word.items():
            every = by_char[key[0]]
            names = [name for _, name in found]
            assert names == [name for _, name in every if name in names], key
            assert set(found) <= set(every), key
            tried += len(found)
            fewer += len(every) - len(found)
    assert fewer > tried  # most of the terminals a character allows are not tried

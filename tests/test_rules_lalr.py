"""The LALR loop of cardkit/rules/lalr.py gives what lark's own loop gives.

Every line of every game in cards/, of the family sets and of the open-forms lists
(tests/test_rules_open_forms.py), each card's whole text, and lines made from them that do not
parse (cut short, a misspelt word, a stray character, shouting) are parsed by both loops of one
parser (the same table, the same handlers): the values (equal, and printed alike with their
positions), the handlers' errors (message and position), and where lark raises a syntax error the
loop gives up (``Unparsed``), so that lark's own parse makes the message.
"""

from __future__ import annotations

import ast
import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedInput
from rules_helpers import variants

from cardkit.effects import Pos
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.rules.lalr import Driver, Unparsed
from cardkit.rules.lexer import RulesLexer
from cardkit.rules.parser import RulesParser, rules_parser

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ROOT / "tests" / "fixtures" / "rules" / "families"
FOLDERS = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml")) + sorted(
    path.parent for path in FAMILIES.glob("*/game.yaml")
)


@cache
def _game(folder: Path) -> tuple[RulesParser, tuple[str, ...], tuple[str, ...]]:
    """The game's parser, its cards' lines (and the open forms written for it), its cards' texts."""
    card_set, found = load_card_set(folder, folder.name)
    assert card_set is not None, found
    lines = [line for card in card_set.cards for line in card.text.split("\n") if line.strip()]
    lines += _open_forms().get(folder.name, [])
    texts = tuple(card.text for card in card_set.cards if "\n" in card.text.strip())
    return rules_parser(card_set.game), tuple(dict.fromkeys(lines)), texts


@cache
def _open_forms() -> dict[str, list[str]]:
    """The lines of tests/test_rules_open_forms.py by family: every ("family", "text", ...)."""
    source = (ROOT / "tests" / "test_rules_open_forms.py").read_text(encoding="utf-8")
    families = {path.name for path in FAMILIES.iterdir() if path.is_dir()}
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Tuple) or len(node.elts) < 2:
            continue
        name, text = node.elts[0], node.elts[1]
        if (
            isinstance(name, ast.Constant)
            and name.value in families
            and isinstance(text, ast.Constant)
            and isinstance(text.value, str)
        ):
            found.setdefault(name.value, []).append(text.value)
    return found


def _outcome(parse: object, text: str, start: str) -> tuple[object, ...]:
    try:
        value = parse(text, start)  # type: ignore[operator]
    except (Unparsed, UnexpectedInput):
        return ("no parse",)
    except RulesTextError as exc:
        return ("error", str(exc), exc.line, exc.column)
    return ("value", type(value), value, repr(value), _positions(value))


def _positions(value: object) -> list[object]:
    """Every position a value holds (not part of its equality nor its repr), in order."""
    found: list[object] = []
    if isinstance(value, Token):
        found.append((value.type, value.start_pos, value.line, value.column, value.end_pos))
        found.append((value.end_line, value.end_column))
    elif isinstance(value, Pos):
        found.append(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            found += _positions(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found += _positions(getattr(value, field.name))
    return found


def _lark(parser: RulesParser) -> object:
    return lambda text, start: parser.lark.parse(text, start=start)


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_line_parses_as_with_larks_own_loop(folder: Path) -> None:
    parser, lines, texts = _game(folder)
    driver = parser.driver
    assert driver is not None
    theirs = _lark(parser)
    parsed = compared = 0
    for line in lines:
        for text in variants(line):
            mine = _outcome(driver.parse, text, "ability")
            assert mine == _outcome(theirs, text, "ability"), text
            parsed += mine[0] == "value"
            compared += 1
    for text in texts:  # whole texts: lines and their positions after a line break
        assert _outcome(driver.parse, text, "card_text") == _outcome(theirs, text, "card_text")
    assert parsed >= len(lines) * 0.9 and compared >= parsed  # (a game may have no text)


def test_the_values_hold_the_positions_compared() -> None:
    parser, _, _ = _game(ROOT / "cards" / "star-realms")
    assert parser.driver is not None
    value = parser.driver.parse("Draw a card.\nScrap: Gain 2 Combat.", "card_text")
    assert Pos(2, 1) in _positions(value)


def test_the_open_forms_lists_are_compared() -> None:
    forms = _open_forms()
    assert {"deckbuilder", "lcg", "creatures"} <= set(forms)
    assert sum(len(lines) for lines in forms.values()) >= 100


def test_a_syntax_error_is_larks_own() -> None:
    parser, _, _ = _game(ROOT / "cards" / "star-realms")
    assert parser.driver is not None
    with pytest.raises(Unparsed):
        parser.driver.parse("Draw a a card.", "ability")
    found = parser.parse_new("Draw a a card.")
    assert isinstance(found, RulesTextError)
    assert (found.line, found.column) == (1, 8)
    assert "unexpected 'a'" in str(found)


GRAMMAR = 'start: _pair+ [WORD]\n_pair: WORD "=" WORD\nWORD: /[a-z]+/\n%ignore " "\n'


def test_only_a_parser_with_our_lexer_gets_the_loop() -> None:
    assert Driver.of(Lark(GRAMMAR, parser="lalr", lexer="contextual")) is None
    ours = Lark(GRAMMAR, parser="lalr", lexer=RulesLexer, maybe_placeholders=True)
    driver = Driver.of(ours)
    assert driver is not None
    for text in ("a = b c = d", "a = b c", "a = b"):
        assert driver.parse(text, "start") == ours.parse(text), text
    assert driver.parse("a = b", "start") == Tree("start", ["a", "b", None])


def test_an_inline_rule_with_a_handler_of_its_own_is_left_to_lark() -> None:
    class Handlers(Transformer[Token, Any]):
        def _pair(self, children: list[Token]) -> Tree[Token]:
            return Tree("pair", [Token("WORD", "".join(children))])

    ours = Lark(GRAMMAR, parser="lalr", lexer=RulesLexer, transformer=Handlers())
    driver = Driver.of(ours)
    assert driver is not None
    with pytest.raises(Unparsed):
        driver.parse("a = b", "start")
    assert driver.given_up
    assert ours.parse("a = b c") == Tree("start", ["ab", "c"])

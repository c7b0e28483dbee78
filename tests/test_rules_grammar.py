"""The grammar file: every rule has its handler, the LALR tables have no conflicts, and the
grammar (like all of cardkit) names no particular game."""

from __future__ import annotations

import logging
import re
from importlib.resources import files
from pathlib import Path

import yaml
from lark import Lark
from lark import logger as lark_logger

from cardkit.effects.vocab import Vocabulary
from cardkit.rules.parser import (
    STARTS,
    TERMINAL_WORDS,
    game_terminals,
    grammar_text,
    handler_names,
)

ROOT = Path(__file__).resolve().parent.parent
VOCAB = Vocabulary(
    resources=(("gold", "Gold"),),
    factions=(("guild", "Guild"),),
    card_types=(("unit", "Unit"),),
    spans=(("battle", "battle"),),
)


def _lark(text: str, *, debug: bool = False) -> Lark:
    return Lark(text, parser="lalr", start=list(STARTS), maybe_placeholders=True, debug=debug)


def _rule_names(parser: Lark) -> set[str]:
    names = {rule.alias or rule.origin.name for rule in parser.rules}
    return {str(n) for n in names if not str(n).startswith(("_", "$"))}


def test_every_grammar_rule_and_alias_has_a_handler() -> None:
    missing = _rule_names(_lark(grammar_text() + game_terminals(VOCAB))) - handler_names()
    assert not missing, f"rules without a handler in handlers.Builder: {sorted(missing)}"


def test_every_handler_is_for_a_rule_of_the_grammar() -> None:
    stale = handler_names() - _rule_names(_lark(grammar_text() + game_terminals(VOCAB)))
    assert not stale, f"handlers for no grammar rule: {sorted(stale)}"


def test_error_messages_name_only_terminals_of_the_grammar() -> None:
    parser = _lark(grammar_text() + game_terminals(VOCAB))
    terminals = {t.name for t in parser.terminals} | {"$END"}
    assert set(TERMINAL_WORDS) - terminals == set()


class _Conflicts(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "conflict" in record.getMessage().lower():
            self.messages.append(record.getMessage())


def _conflicts(text: str) -> list[str]:
    handler = _Conflicts()
    level = lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.DEBUG)
    try:
        _lark(text, debug=True)
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(level)
    return handler.messages


def test_the_grammar_is_lalr_without_conflicts() -> None:
    # Lark resolves a shift/reduce conflict silently (as a shift); the grammar must have none.
    assert _conflicts(grammar_text() + game_terminals(VOCAB)) == []


def test_a_shift_reduce_conflict_would_be_noticed() -> None:
    dangling_else = 'card_text: s\nability: s\ns: "if" s | "if" s "else" s | "x"\n'
    assert _conflicts(dangling_else) != []


def test_the_grammar_ships_inside_the_package() -> None:
    assert files("cardkit.rules").joinpath("grammar.lark").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'packages = ["cardkit"]' in pyproject


def _star_realms_names() -> set[str]:
    folder = ROOT / "cards" / "star-realms"
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    names = {game["name"]}
    for table in ("resources", "factions", "keywords", "card_types", "decks"):
        names |= {entry["name"] for entry in game.get(table, {}).values()}
    for path in folder.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "cards" in data:
            names |= {card["name"] for card in data["cards"]}
    return names


def test_the_rules_package_names_nothing_of_any_particular_game() -> None:
    names = _star_realms_names()
    assert {"Star Realms", "Blob", "Trade", "Scout"} <= names
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names))) + r")\b")
    found = []
    for path in sorted((ROOT / "cardkit" / "rules").iterdir()):
        if path.suffix in (".py", ".lark"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{path.name}:{number}: {m}" for m in pattern.findall(line)]
    assert found == []

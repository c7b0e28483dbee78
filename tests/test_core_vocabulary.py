"""Issue 6: no game's name or vocabulary appears in the core package's code.

Every game of ``cards/`` declares its words (card types, factions, resources, zones, spans,
keywords, special effects, card names); none of them may be spelt in the code of
``cardkit/**/*.py`` or in ``grammar.lark``. Comments and docstrings are documentation, where
examples from the sample games are welcome, so they are not searched.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from cardkit.load.cards import load_card_set

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "cardkit"

GENERIC: dict[str, str] = {
    "hand": "every card game has a hand",
    "deck": "every card game has a deck",
    "discard": "every card game discards",
    "discard pile": "every card game discards",
    "round": "plain English (a sweep's round of a match, a number rounded)",
    "base": "plain English (a base class, a base folder)",
    "command": "a command of the command-line tool",
    "effect": "the effects of rules text are the core's subject",
    "event": "plain English (a YAML parser event)",
    "environment": "the jinja2 Environment",
    "location": "where a diagnostic is located",
    "resource": "resources are a core notion of game.yaml",
    "unit": "units of length",
    "action": "a simulator action (a player's move); the family's per-turn limit (play: limits)",
    "actions": "a simulator action (a player's move); the family's per-turn limit (play: limits)",
    "buys": "the deck-builder family's per-turn limit (play: limits: buys)",
    "attack": "plain English; the play declaration's attack resource (attack_with)",
    "supply": "the deck-builder family's supply piles (play: supply)",
    "curse": "the deck-builder family's curse pile (play: curse)",
    "victory": "the deck-builder family's victory points (play: win)",
    "coins": "a strategy file's buy rule counts coins (the family's purchase resource)",
    "double": "plain English: a bond that needs two other cards of the faction (Bond.double)",
}
"""Words a game declares that are also plain English or core notions, and why they may stay."""

KNOWN_LEFT: dict[str, frozenset[str]] = {}
"""Game words the core still spells, by file: the test fails when one spreads to another file
and when one is gone (so that this list only shrinks)."""


@lru_cache(maxsize=1)
def game_words() -> dict[str, set[str]]:
    """Every word of every game, casefolded, to where it comes from ('star-realms: zone')."""
    words: dict[str, set[str]] = {}
    for folder in sorted(p for p in (ROOT / "cards").iterdir() if (p / "game.yaml").exists()):
        card_set, found = load_card_set(folder, folder.name)
        assert card_set is not None, found
        game = card_set.game
        named = [
            ("game", game.name),
            ("game folder", folder.name),
            *(("card type", t.name) for t in game.card_types.values()),
            *(("card group", g.name) for g in game.card_groups.values()),
            *(("faction", f.name) for f in game.factions.values()),
            *(("resource", r.name) for r in game.resources.values()),
            *(("zone", z.name) for z in game.zones.values()),
            *(("zone id", key) for key in game.zones),
            *(("span", s.name) for s in game.spans.values()),
            *(("keyword", k.name) for k in game.keywords.values()),
            *(("special effect", words) for words in game.special_effects.values()),
            *(("verb", words) for words in game.phrasing.verbs),
            *(("label", label.text) for label in game.phrasing.labels if "{" not in label.text),
            *(
                ("label word", word)
                for label in game.phrasing.labels
                for word in label.text.split()
                if "{" not in word and word[:1].isupper() and len(word) > 3
            ),
            *(("card group", g.name) for g in game.card_groups.values()),
            *(("card", card.name) for card in card_set.cards),
        ]
        for kind, word in named:
            words.setdefault(" ".join(word.casefold().split()), set()).add(f"{folder.name}: {kind}")
    return words


def _code(path: Path) -> Iterator[str]:
    """The names and strings of a Python file, without its comments and docstrings."""
    source = path.read_text(encoding="utf-8")
    docstrings = {
        (node.value.lineno, node.value.col_offset)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    kinds = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in kinds and token.start not in docstrings:
            yield token.string


def core_code() -> dict[str, str]:
    """The searched text of each core file, by its path under cardkit/."""
    code = {
        path.relative_to(CORE).as_posix(): "\n".join(_code(path))
        for path in sorted(CORE.rglob("*.py"))
    }
    grammar = (CORE / "rules" / "grammar.lark").read_text(encoding="utf-8")
    code["rules/grammar.lark"] = "\n".join(
        line for line in grammar.splitlines() if not line.lstrip().startswith("//")
    )
    return code


def _pattern(word: str) -> re.Pattern[str]:
    """The word anywhere as a whole word, its spaces also written '_' or '-' ('trade_row')."""
    body = r"[ \t_-]+".join(re.escape(part) for part in word.split())
    return re.compile(rf"(?<![A-Za-z0-9_]){body}(?![A-Za-z0-9_])", re.IGNORECASE)


def test_no_game_word_is_spelt_in_the_core_code() -> None:
    code = core_code()
    found: dict[str, set[str]] = {}
    for word in game_words():
        if word in GENERIC:
            continue
        pattern = _pattern(word)
        hits = {path for path, text in code.items() if pattern.search(text)}
        if hits:
            found[word] = hits
    spread = {
        word: sorted(hits - KNOWN_LEFT.get(word, frozenset()))
        for word, hits in found.items()
        if hits - KNOWN_LEFT.get(word, frozenset())
    }
    assert spread == {}, {word: (game_words()[word], files) for word, files in spread.items()}
    gone = {word: sorted(files - found.get(word, set())) for word, files in KNOWN_LEFT.items()}
    assert {word: files for word, files in gone.items() if files} == {}


def test_the_search_finds_a_game_word_where_it_is_spelt() -> None:
    assert _pattern("trade row").search("self.trade_row")
    assert _pattern("trade-row").search('zone == "trade-row"')
    assert not _pattern("scout").search("scouting")
    assert list(_code(Path(__file__))).count('"hand"') >= 1
    assert "zergling" not in "\n".join(_code(CORE / "effects" / "board.py")).casefold()
    assert {"star-realms: zone"} <= game_words()["trade row"]
    assert {"warpspawn: span"} <= game_words()["battle"]
    assert {"planetary-strategy: card group"} <= game_words()["unit"]

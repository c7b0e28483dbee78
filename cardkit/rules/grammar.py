"""The grammar of rules text: grammar.lark as shipped (it knows no game), and the terminals
that one game's vocabulary appends to it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib.resources import files

from cardkit.effects import ACTIONS, NUMBER_WORDS, STATES
from cardkit.effects.vocab import Vocabulary

GRAMMAR_FILE = "grammar.lark"
STARTS = ("card_text", "ability")


def grammar_text() -> str:
    """The game-independent grammar, as shipped in the package."""
    return files("cardkit.rules").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def fold(text: str) -> str:
    """Words as the vocabulary tables key them: single spaces, casefolded."""
    return " ".join(text.split()).casefold()


def _alternatives(names: Iterable[str]) -> str:
    """A regex matching any of ``names`` as whole words, in any case and spacing."""
    patterns = {
        r"[ \t]+".join(re.escape(word).replace("/", r"\/") for word in name.split())
        for name in names
        if name.split()
    }
    if not patterns:
        return r"(?!x)x"  # a game without such names: a terminal that never matches
    ordered = sorted(patterns, key=lambda p: (-len(p), p))
    return "(?:" + "|".join(ordered) + r")(?![\w-])"


def game_terminals(vocab: Vocabulary) -> str:
    """The grammar lines for one game's words (and the words of the effect vocabulary),
    appended to the grammar file's text."""
    types = [name.lower() for _, name in vocab.kinds()]
    specials = [words for _, words in vocab.specials]
    zones = _alternatives(name for _, _, name in vocab.zones)
    cost_words = [name for _, name in vocab.resources] + [sym for _, sym in vocab.symbols]
    return "\n".join(
        (
            "",
            "// Generated from the game's vocabulary.",
            f"RESOURCE.3: /{_alternatives(name for _, name in vocab.resources)}/i",
            f"FACTION.3: /{_alternatives(name for _, name in vocab.factions)}/i",
            f"CARD_TYPE.3: /{_alternatives(types)}/i",
            f"CARD_TYPES.3: /{_alternatives(name for _, name in vocab.plural_names())}/i",
            f"SPECIAL.3: /{_alternatives(specials)}/i",
            f"KEYWORD.3: /{_alternatives(name for _, name in vocab.keywords)}/i",
            f"COST_RESOURCE.3: /{_alternatives(cost_words)}/i",
            f"STAT.3: /{_alternatives(s.replace('_', ' ') for s in vocab.stats)}/i",
            f"ZONE.3: /{_alternatives(name for _, _, name in vocab.zones)}/i",
            f"_ZONE_OR.2: /(?:or|and\\/or)(?=[ \\t{{}}]+(?:(?:your|the)[ \\t{{}}]+)?{zones})/i",
            f"NUMBER_WORD: /{_alternatives(NUMBER_WORDS[1:])}/i",
            f"THIS_SPAN: /this[ \\t]+{_alternatives(name for _, name in vocab.spans)}/i",
            f"SPAN: /{_alternatives(['turn', *(name for _, name in vocab.spans)])}/i",
            f"PROPERTY: /{_alternatives(p.replace('_', ' ') for p in vocab.properties)}/i",
            f"ACTION: /{_alternatives(ACTIONS)}/i",
            f"STATE: /{_alternatives(STATES)}/i",
            "",
        )
    )

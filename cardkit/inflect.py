"""English for messages, rules text and cards: articles, counted nouns and numbers.

Standard library only."""

from __future__ import annotations

import re

# Words that start with a vowel letter but the sound of 'you': 'a unit', 'a user', 'a eulogy'.
_SOUNDS_LIKE_YOU = ("uni", "use", "usu", "uti", "eu")


def article(noun: str) -> str:
    """The noun with its indefinite article, by its spelling: 'an ally', 'a unit', 'an Upgrade'."""
    lower = noun.lower()
    vowel = lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_SOUNDS_LIKE_YOU)
    return ("an " if vowel else "a ") + noun


_ES = re.compile(r"(?:s|x|z|ch|sh)$", re.IGNORECASE)
_IES = re.compile(r"[^aeiou]y$", re.IGNORECASE)
# Nouns in -o whose plural takes -es ('heroes'); the others take -s ('photos', 'radios').
_OES = frozenset(
    [
        "hero",
        "potato",
        "tomato",
        "echo",
        "torpedo",
        "veto",
        "embargo",
        "domino",
        "mosquito",
        "volcano",
        "tornado",
        "cargo",
        "buffalo",
        "mango",
        "tuxedo",
        "desperado",
        "innuendo",
    ]
)


def plural_noun(noun: str) -> str:
    """The English plural of a noun: 'unit' -> 'units', 'ally' -> 'allies', 'box' -> 'boxes',
    'hero' -> 'heroes'."""
    if _IES.search(noun):
        return noun[:-1] + "ies"
    last = noun.rsplit(None, 1)[-1].lower() if noun.strip() else ""
    if _ES.search(noun) or last in _OES:
        return noun + "es"
    return noun + "s"


def plural(count: int, word: str) -> str:
    """The count and the word, plural unless the count is one: '1 error', '2 errors'."""
    return f"{count} {word if count == 1 else plural_noun(word)}"


def number_text(value: float) -> str:
    """A number as a card prints it: '3' for 3.0, '2.5', '0.333333' for a third."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


_VOWELS = re.compile(r"[aeiouy]", re.IGNORECASE)


def field_title(name: str) -> str:
    """A field's name as a heading or label: 'set_size' -> 'Set size', 'cost' -> 'Cost';
    a word without a vowel is an abbreviation, in capitals: 'vp' -> 'VP', 'hp' -> 'HP'."""
    words = re.sub(r"[-_]+", " ", name).strip().split()
    shown = [w.upper() if not _VOWELS.search(w) else w for w in words]
    text = " ".join(shown)
    return text[:1].upper() + text[1:]

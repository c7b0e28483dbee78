"""English for messages, rules text and cards: articles, counted nouns and numbers.

Standard library only."""

from __future__ import annotations

# Words that start with a vowel letter but the sound of 'you': 'a unit', 'a user', 'a eulogy'.
_SOUNDS_LIKE_YOU = ("uni", "use", "usu", "uti", "eu")


def article(noun: str) -> str:
    """The noun with its indefinite article, by its spelling: 'an ally', 'a unit', 'an Upgrade'."""
    lower = noun.lower()
    vowel = lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_SOUNDS_LIKE_YOU)
    return ("an " if vowel else "a ") + noun


def plural(count: int, word: str) -> str:
    """The count and the word, plural unless the count is one: '1 error', '2 errors'."""
    return f"{count} {word}{'s' * (count != 1)}"


def number_text(value: float) -> str:
    """A number as a person writes it: '3' for 3.0, '2.5', '1e+06' for a million and a half."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"

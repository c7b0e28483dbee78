"""English words for messages and rules text: articles and counted nouns. Standard library only."""

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

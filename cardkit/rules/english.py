"""The English word list that rules text is spell-checked against: pyspellchecker's English
frequency list (about 160,000 words, inflections included: 'installs', 'trashed',
'scrapping'), each with how often it is used.

This is the one module that imports pyspellchecker. The list takes a fifth of a second to
read, so it is read once per process and only when asked for: when a line of rules text does
not parse and holds a word the game's own words do not know. ``cardkit --help`` and the
validation of a set whose text parses never read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

# Words card text writes that the list lacks (it is built from film subtitles).
_ALSO_KNOWN = {"etc": 1}


@cache
def english_words() -> Mapping[str, int]:
    """Every English word, lowercase, to how often it is used (a count in the list's corpus)."""
    # Imported here, not at the top: the import and the list cost startup time that only
    # a line which does not parse needs to pay.
    from spellchecker import SpellChecker

    words = SpellChecker(language="en").word_frequency.dictionary
    return {**_ALSO_KNOWN, **words}

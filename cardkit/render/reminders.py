"""Keyword reminder text on the cards: 'Transport(2).' is followed by '(This card may carry 2
cards.)' when the game declares the keyword's ``reminder``. Pure: no drawing here.

A line gets reminders only when every sentence of it is a keyword (``Outpost.``,
``Transport(2). Swift.``); a keyword inside a longer ability is left as it is. The
keyword's parameter names in its reminder are replaced by the values the line gives
(``x`` -> ``2``); the text fitting decides whether there is room to print them.
"""

from __future__ import annotations

import re

from cardkit.model import Game, Keyword

_SENTENCE = re.compile(r"(?<=\.)\s+")
_KEYWORD = re.compile(r"(?P<name>[^().]+?)\s*(?:\((?P<params>[^()]*)\))?\s*\.?")


def _keyword(game: Game, name: str) -> Keyword | None:
    folded = name.strip().casefold()
    return next((k for k in game.keywords.values() if k.name.casefold() == folded), None)


def _filled(keyword: Keyword, params: str | None) -> str:
    """The keyword's reminder with its parameter names replaced by the values given."""
    values = [v.strip() for v in params.split("/")] if params else []
    text = keyword.reminder.strip()
    for param, value in zip(keyword.params, values, strict=False):
        if value:
            text = re.sub(rf"(?<!\w){re.escape(param.name)}(?!\w)", value, text)
    return text


def line_reminder(game: Game, line: str) -> str:
    """The reminder text of one line of rules text; '' when it is not keywords alone, or
    none of its keywords has a reminder."""
    found = []
    for sentence in _SENTENCE.split(line.strip()):
        match = _KEYWORD.fullmatch(sentence)
        keyword = _keyword(game, match.group("name")) if match else None
        if match is None or keyword is None:
            return ""
        if keyword.reminder.strip():
            found.append(_filled(keyword, match.group("params")))
    return " ".join(found)


def reminders(game: Game, text: str) -> tuple[str, ...]:
    """The reminder of each non-empty line of ``text``, in order ('' for none)."""
    return tuple(line_reminder(game, line) for line in text.splitlines() if line.strip())

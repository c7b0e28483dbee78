"""The text of a spreadsheet cell as card text: its HTML undone, its abilities kept whole.

Card spreadsheets write text the way a web page or a word processor left it: ``<b>``,
``<i>`` and ``<br>`` tags, ``&amp;`` entities, icon tokens (``{Gain 3 Trade}``), ``<hr>``
between abilities, and line breaks typed inside a cell. Card text has no bold or italic
of its own (a layout decides how labels and flavor look), so formatting tags are dropped
and their text kept; ``<br>`` and ``<p>`` break the line, ``<li>`` starts a bullet, and
any other tag is left as the text it is (the renderer escapes all card text: it can never
become markup).

In rules text a line is an ability. A line break inside a cell continues the ability it
is in -- an "OR" line, a bullet of a "choose one", the next sentence -- unless the new
line opens a labelled ability ("Scrap:", "Blob Ally:"). Two icon tokens side by side
are two sentences ("{Gain 4 Authority} {Gain 2 Trade}"), or a label and its effect
("{Blob Ally} {Gain 3 Combat}").
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection

from cardkit.model import Game

__all__ = ["ability_labels", "cell_text", "opens_ability", "rules_cell_text"]

# Tags that only format their text: dropped, the text kept.
_FORMATTING = frozenset(
    {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "font", "small"}
    | {"big", "sup", "sub", "mark", "a", "code", "tt"}
)
_LINE_BREAKS = frozenset({"br", "p", "div", "ul", "ol"})  # a new line (blank lines are dropped)
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?/?\s*>")
_HR = re.compile(r"<\s*hr(?:\s[^<>]*)?/?\s*>", re.IGNORECASE)
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_SPACES = re.compile(r"[^\S\n]+")  # runs of spaces (tabs, no-break spaces), not line breaks
_BULLET = re.compile(r"(?:[\u2022\u25cf\u25aa\u2023\u2043]|[-*](?=\s))\s*")  # •, -, *
_CONTINUES = re.compile(r"(?:or|and|then)\b", re.IGNORECASE)  # a line that goes on the last
_OPEN_END = re.compile(r"(?:[:,\u2022]|\b(?:or|and|then))$", re.IGNORECASE)
_LABEL_START = re.compile(r"\{?\s*([^{}():\n]{1,60}?)\s*\}?\s*(?:\([^()\n]{0,80}\)\s*)?:")
_TOKEN = re.compile(r"\{([^{}\n]*)\}[^\S\n]*")
_LAST_TOKEN = re.compile(r"\{([^{}\n]*)\}$")
_CONNECTORS = ("OR", "AND", "THEN")  # capitalised words that join, not start, a sentence


def ability_labels(game: Game) -> frozenset[str]:
    """The labels (case-folded) that open an ability of ``game``'s rules text.

    Until a game declares its labels, they are what game.yaml declares today: an ally
    ability of each faction ("Blob Ally"), the words of its icons ("Scrap") and its
    keywords. This function is the one place that decides it.
    """
    labels = {
        label.text.replace("{faction}", faction.name)
        for label in game.phrasing.labels
        if label.means == "bond" and label.count == 1
        for faction in game.factions.values()
    }
    labels.update(label.text for label in game.phrasing.labels if "{" not in label.text)
    labels.update(word for icon in game.icons.values() for word in icon.words)
    labels.update(keyword.name for keyword in game.keywords.values())
    return frozenset(label.casefold() for label in labels)


def opens_ability(line: str, labels: Collection[str]) -> bool:
    """Whether ``line`` opens a labelled ability: a label of ``labels``, maybe in a token or
    with a note in parentheses, then a colon ("Scrap:", "{Blob Ally}:", "Blob Ally (...):");
    or a label's token that does not run on into a sentence ("{Blob Ally}", "{Scrap} {...}")."""
    match = _LABEL_START.match(line)
    if match is not None and _is_label(match.group(1), labels):
        return True
    token = _TOKEN.match(line)
    if token is None or not _is_label(token.group(1), labels):
        return False
    rest = line[token.end() :]
    return not rest or rest.startswith("{") or _starts_sentence(rest)


def _is_label(text: str, labels: Collection[str]) -> bool:
    """Whether ``text`` is a label, or ends in one ("Double Blob Ally")."""
    words = text.casefold().split()
    return any(" ".join(words[i:]) in labels for i in range(len(words)))


def _entity(match: re.Match[str]) -> str:
    char = html.unescape(match.group(0))
    if char == "\xa0":
        return " "
    return char if char.isprintable() else match.group(0)  # no control characters


def _tag(match: re.Match[str]) -> str:
    closing, name = match.group(1), match.group(2).lower()
    if name in _FORMATTING:
        return ""
    if name in _LINE_BREAKS:
        return "\n"
    if name == "li":
        return "" if closing else "\n\u2022 "
    return match.group(0)  # not a tag cards use: the text it is


def _lines(block: str) -> list[str]:
    """The non-blank lines of ``block``, its tags undone and its spaces collapsed."""
    text = _TAG.sub(_tag, block)
    return [line for line in (_SPACES.sub(" ", raw).strip() for raw in text.splitlines()) if line]


def _blocks(cell: str) -> list[list[str]]:
    """The lines of each part of ``cell`` between ``<hr>`` rules."""
    text = _ENTITY.sub(_entity, cell)
    return [_lines(block) for block in _HR.split(text)]


def cell_text(cell: str) -> str:
    """A text cell (flavor, notes) as card text: HTML undone, its lines kept."""
    return "\n".join(line for block in _blocks(cell) for line in block)


def _joined(ability: str, line: str, labels: Collection[str]) -> str:
    """``line`` added to the ``ability`` it continues: as a new sentence, unless one of
    them joins the two (an "OR" line, a bullet, a line ending in ':' or 'or'), or as the
    effect of the label token the ability ends with."""
    last = _LAST_TOKEN.search(ability)
    if last is not None and _is_label(last.group(1), labels):
        return f"{ability}: {line}"
    if line.startswith("\u2022") or _CONTINUES.match(line) or _OPEN_END.search(ability):
        return f"{ability} {line}"
    if ability.endswith((".", "!", "?")):
        return f"{ability} {line}"
    return f"{ability}. {line}"


def _bulleted(line: str) -> str:
    """A bullet line ('- x', '* x', '•x') as '• x'; any other line as it is."""
    match = _BULLET.match(line)
    return f"\u2022 {line[match.end() :]}" if match else line


def _separated(line: str, labels: Collection[str]) -> str:
    """``line`` with each icon token that runs on into another token or a new sentence
    ended: by ':' after a label, by a line break before a labelled token, else by '.'."""
    parts: list[str] = []
    position = 0
    for match in _TOKEN.finditer(line):
        rest = line[match.end() :]
        parts.append(line[position : match.end()])
        position = match.end()
        if not rest or not (rest.startswith("{") or _starts_sentence(rest)):
            continue
        parts[-1] = parts[-1].rstrip()
        if _is_label(match.group(1), labels):
            parts.append(": ")
        elif opens_ability(rest, labels):
            parts.append("\n")
        else:
            parts.append(". ")
    parts.append(line[position:])
    return "".join(parts)


def _starts_sentence(text: str) -> bool:
    word = text.split(maxsplit=1)[0] if text.split() else ""
    return word[:1].isupper() and word.strip(".,:;") not in _CONNECTORS


def rules_cell_text(cell: str, labels: Collection[str]) -> str:
    """A rules-text cell as card text: one line per ability.

    ``<hr>`` and a line that opens a labelled ability (``labels``, see ``ability_labels``)
    start a new ability; any other line break continues the one before it.
    """
    abilities: list[str] = []
    for block in _blocks(cell):
        current: str | None = None
        for line in map(_bulleted, block):
            if current is not None and not opens_ability(line, labels):
                current = _joined(current, line, labels)
                continue
            if current is not None:
                abilities.append(current)
            current = line
        if current is not None:
            abilities.append(current)
    return "\n".join(_separated(ability, labels) for ability in abilities)

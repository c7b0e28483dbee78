"""Text as it prints: its markup (``cardkit.markup``), and in rules text what the grammar read.

This is where every output reads card text: the card faces (PDF, PNG, Tabletop Simulator)
and the reference pages (PDF, HTML, Markdown) draw the same runs. A line of rules text is
parsed once (the parser remembers it); from the ability it parses to come

- the label ('Sun Ally:', 'Exhaust:', '(2)P:'): the words before the colon of its trigger;
- the game's words it uses: each resource, faction and keyword a node of the ability names,
  found in the line from where that node starts, and the icon words of its label; each
  carries its icon, when the game gives it one;
- the reminder text of its keywords, when the line is keywords alone (``Transport(2).``),
  their parameters filled in.

A line that does not parse prints as written, with its markup and nothing read into it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace

from cardkit.effects import (
    Ability,
    And,
    KeywordUse,
    Node,
    Primary,
    Sequence,
    walk,
)
from cardkit.effects.core import KeywordList
from cardkit.errors import RulesTextError
from cardkit.markup import MarkedLine, Run, Slip, parse_markup, plain_text, reading_text
from cardkit.model import Game
from cardkit.rules.kept import kept_rules

__all__ = [
    "PrintedLine",
    "has_markup",
    "icon_names",
    "marked_text",
    "markup_slips",
    "printed_text",
    "said_text",
]


@dataclass(frozen=True, slots=True)
class PrintedLine:
    """One line of text as it prints: its marked lines (more than one when it holds bullets),
    and the reminder text of its keywords ('' for none)."""

    lines: tuple[MarkedLine, ...]
    reminder: str = ""
    parsed: bool = False


def icon_names(game: Game) -> dict[str, str]:
    """The names an icon goes by in markup, case-folded, and its id: a declared icon's id and
    words, a faction's or resource's id and name ('' when it has no icon: its name prints)."""
    names: dict[str, str] = {}
    for icon in game.icons.values():
        for name in (icon.id, *icon.words):
            names.setdefault(name.casefold(), icon.id)
    for table in (game.factions, game.resources):
        for named in table.values():
            for name in (named.id, named.name):  # without an icon: its name prints
                names.setdefault(name.casefold(), named.id if named.icon else "")
    return names


def marked_text(game: Game, text: str) -> tuple[PrintedLine, ...]:
    """A text field (flavor, a text box) as it prints: each line, empty ones left out, its
    markup read; no grammar."""
    lines, _ = parse_markup(text, icon_names(game))
    return tuple(PrintedLine(marked) for marked in lines if any(m.text.strip() for m in marked))


def has_markup(game: Game, line: str) -> bool:
    """Whether a line of text holds markup of its own: bold, italic, an escape, a '- '
    bullet or an icon by name (text in braces that names no icon is not markup)."""
    if reading_text(line) != line:
        return True
    if "{" not in line:
        return False
    lines, _ = parse_markup(line, icon_names(game))
    return any(run.symbol for marked in lines for m in marked for run in m.runs)


def said_text(game: Game, text: str) -> str:
    """``text`` as plain words, for outputs without styles (a Tabletop Simulator card's
    description): its markup left out, icons by name as their words, each bullet on a line
    of its own. Text without markup is returned as it is."""
    if not any(has_markup(game, line) for line in text.split("\n")):
        return text
    return plain_text(text, icon_names(game))


def markup_slips(game: Game, text: str) -> tuple[Slip, ...]:
    """The markup of ``text`` that does not work (CK113, CK114)."""
    return parse_markup(text, icon_names(game))[1]


_MEMORY: dict[tuple[int, str], tuple[Game, tuple[PrintedLine, ...]]] = {}


def printed_text(game: Game, text: str) -> tuple[PrintedLine, ...]:
    """The rules text ``text`` of a card of ``game`` as it prints, line by line (empty lines
    left out): its markup, and what the grammar read in each line."""
    key = (id(game), text)
    known = _MEMORY.get(key)
    if known is not None and known[0] is game:
        return known[1]
    names = icon_names(game)
    parser = kept_rules(game)  # lines parsed in an earlier run are read back
    marked_lines, _ = parse_markup(text, names)
    printed = []
    for line, marked in zip(text.split("\n"), marked_lines, strict=True):
        if not line.strip():
            continue
        try:
            ability = parser.parse_ability(line)
        except RulesTextError:
            printed.append(PrintedLine(marked))
            continue
        printed.append(_read(game, ability, marked))
    parser.save()
    if len(_MEMORY) >= 4096:
        _MEMORY.clear()
    _MEMORY[key] = (game, tuple(printed))
    return tuple(printed)


# -- what the parse says ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Word:
    """A word of the game to find in a line: its text, from which column, and its style."""

    text: str
    start: int  # 0-based column of the line; the word is found at or after it
    kind: str
    ref: str
    icon: str
    end: int = 1 << 30  # ... and before this column


def _read(game: Game, ability: Ability, marked: tuple[MarkedLine, ...]) -> PrintedLine:
    """``marked`` with the label and the game's words the parse found in it."""
    label_end = _label_end(ability, marked)
    words = [*_label_words(game, label_end), *_node_words(game, ability)]
    lines = tuple(_styled(line, label_end, words) for line in marked)
    return PrintedLine(lines, _reminder(game, ability), parsed=True)


def _label_end(ability: Ability, marked: tuple[MarkedLine, ...]) -> int:
    """The column (0-based) just after the colon of the ability's label (after its dash or
    comma where it has no colon); 0 for none."""
    effect = ability.effect
    if isinstance(ability.trigger, Primary) or effect.pos is None:
        return 0
    body = effect.pos.column - 1
    colons = [
        c for line in marked for ch, c in zip(line.text, line.columns, strict=True) if ch == ":"
    ]
    before = [c for c in colons if c < body]
    if before:
        return before[-1] + 1
    # a label that a dash ends ('Forced - When ...') or a comma ('Trace 3 - If successful,
    # ...'): the label is all that stands before the effect
    starts = [c for line in marked for c in line.columns]
    return body if starts and body > starts[0] else 0


def _label_words(game: Game, label_end: int) -> Iterator[_Word]:
    """The icon words of the label ('Exhaust' of 'Exhaust:'), as the game declares them."""
    if not label_end:
        return
    for icon in game.icons.values():
        for word in icon.words:
            yield _Word(word, 0, "icon", icon.id, icon.id, label_end)


def _ids(value: object) -> Iterator[str]:
    """The strings of a node's field (in tuples too), but not those of nodes inside it."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            if not isinstance(item, Node):
                yield from _ids(item)


def _node_words(game: Game, ability: Ability) -> Iterator[_Word]:
    """The resources, factions and keywords each node of ``ability`` names, each to be found
    from where its node starts (a node without a place: from the last place before it, as
    the nodes come in the order the text writes them)."""
    start = 0
    for node in walk(ability):
        if node.pos is not None:
            start = node.pos.column - 1
        for spec in fields(node):
            if spec.name not in ("pos", "vocab"):
                yield from _named(game, getattr(node, spec.name), start)


def _named(game: Game, value: object, start: int) -> Iterator[_Word]:
    """The game's words among the strings of one field of a node."""
    for found in _ids(value):
        for kind, table in (("resource", game.resources), ("faction", game.factions)):
            named = table.get(found)
            if named is not None:
                pictured = named.id if named.icon else ""
                for name in dict.fromkeys((named.name, named.singular or named.name)):
                    yield _Word(name, start, kind, named.id, pictured)
                break
        else:
            if found in game.keywords:
                yield _Word(game.keywords[found].name, start, "keyword", found, "")
            for icon in game.icons.values():  # a word the game gives an icon: 'Gold'
                for word in icon.words:
                    if word.casefold() == found.casefold():
                        yield _Word(word, start, "icon", icon.id, icon.id)


def _is_word_at(text: str, start: int, word: str) -> bool:
    end = start + len(word)
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in "-_") and not (after.isalnum() or after in "-_")


def _styled(line: MarkedLine, label_end: int, words: list[_Word]) -> MarkedLine:
    """``line`` with its label marked and each word found once, the longest first where two
    begin at the same place ('Gold Guild' before 'Gold')."""
    text = line.text
    marks: dict[int, tuple[int, _Word]] = {}  # start (in text) -> end, word
    taken = [False] * len(text)
    for word in sorted(words, key=lambda w: -len(w.text)):
        at = 0
        while True:
            at = text.find(word.text, at)
            if at < 0:
                break
            end = at + len(word.text)
            if (
                word.start <= line.columns[at] < word.end
                and not any(taken[at:end])
                and _is_word_at(text, at, word.text)
                and not any(r.symbol for r in _runs_over(line, at, end))
            ):
                marks[at] = (end, word)
                taken[at:end] = [True] * (end - at)
                if word.kind != "icon":  # a node names its word once; a label's icon word
                    break  # may stand in it more than once
            at += 1
    label = sum(1 for c in line.columns if c < label_end)
    cuts = sorted({0, len(text), label, *marks, *(end for end, _ in marks.values())})
    return replace(line, runs=tuple(_cut(line, cuts, marks, label)))


def _runs_over(line: MarkedLine, start: int, end: int) -> Iterator[Run]:
    at = 0
    for run in line.runs:
        if at < end and at + len(run.text) > start:
            yield run
        at += len(run.text)


def _cut(
    line: MarkedLine, cuts: list[int], marks: Mapping[int, tuple[int, _Word]], label: int
) -> Iterator[Run]:
    """The runs of ``line`` cut at ``cuts``, each piece styled by the word it is part of."""
    word: _Word | None = None
    word_end = 0
    at = 0
    for run in line.runs:
        end_of_run = at + len(run.text)
        if run.symbol:  # an icon by name stays whole
            yield replace(run, label=at < label)
            at = end_of_run
            continue
        inner = [c for c in cuts if at < c < end_of_run]
        for start, stop in zip([at, *inner], [*inner, end_of_run], strict=True):
            if start in marks:
                word_end, word = marks[start][0], marks[start][1]
            elif start >= word_end:
                word = None
            piece = run.text[start - at : stop - at]
            if word is None:
                yield replace(run, text=piece, label=start < label)
            else:
                yield replace(
                    run,
                    text=piece,
                    kind=word.kind,
                    ref=word.ref,
                    icon=word.icon if start in marks else "",
                    label=start < label,
                )
        at = end_of_run


def _keyword_uses(ability: Ability) -> list[KeywordUse] | None:
    """The keywords of a line that is keywords alone; None for any other line."""
    if not isinstance(ability.trigger, Primary):
        return None
    uses: list[KeywordUse] = []
    pending: list[Node] = [ability.effect]
    while pending:
        node = pending.pop(0)
        if isinstance(node, KeywordUse):
            uses.append(node)
        elif isinstance(node, KeywordList | Sequence | And):
            items = node.uses if isinstance(node, KeywordList) else node.effects
            pending[:0] = list(items)
        else:
            return None
    return uses


def _filled(reminder: str, names: tuple[str, ...], args: tuple[int | str, ...]) -> str:
    """A keyword's reminder with its parameters' names replaced by the values given."""
    text = reminder.strip()
    for name, value in zip(names, args, strict=False):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", str(value), text)
    return text


def _reminder(game: Game, ability: Ability) -> str:
    """The reminder text of a line that is keywords alone, each written without one."""
    uses = _keyword_uses(ability)
    if not uses:
        return ""
    found = []
    for use in uses:
        keyword = game.keywords.get(use.keyword)
        if keyword is None or use.reminder:
            continue
        if keyword.reminder.strip():
            names = tuple(param.name for param in keyword.params)
            found.append(_filled(keyword.reminder, names, use.args))
    return " ".join(found)

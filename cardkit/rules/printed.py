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

import dataclasses
import enum
import hashlib
import json
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_type_hints

from cardkit.cachedir import cache_folder, read_kept, write_kept
from cardkit.errors import RulesTextError
from cardkit.markup import MarkedLine, Run, Slip, parse_markup, plain_text, reading_text
from cardkit.model import Game
from cardkit.rules.keptkey import our_sources

if TYPE_CHECKING:  # the effect classes: imported when a line is not kept (``KeptPrinted``)
    from cardkit.effects import Ability, KeywordUse

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
    store = kept_printed(game)  # lines printed in an earlier run are read back
    marked_lines: tuple[tuple[MarkedLine, ...], ...] | None = None
    printed = []
    for index, line in enumerate(text.split("\n")):
        if not line.strip():
            continue
        found = store.get(line)
        if found is None:
            if marked_lines is None:
                marked_lines, _ = parse_markup(text, icon_names(game))
            found = store.read_line(game, line, marked_lines[index])
        printed.append(found)
    if len(_MEMORY) >= 4096:
        _MEMORY.clear()
    _MEMORY[key] = (game, tuple(printed))
    return tuple(printed)


def all_parse(game: Game, texts: Iterator[str]) -> bool:
    """Whether every line of rules text in ``texts`` is known to parse (kept by an earlier
    run, ``KeptPrinted``), so that nothing needs the parser or the effect classes."""
    store = kept_printed(game)
    return all(
        store.get(line) is not None for text in texts for line in text.split("\n") if line.strip()
    )


# -- printed lines kept between runs ---------------------------------------------------------

FORMAT = 1
"""The version of the kept file's layout; part of the key."""

MAX_LINES = 5_000
"""A file keeps at most this many lines (about 1.5 KB each in memory while a run writes
them): past it, lines are read each time."""


class _Unkept(ValueError):
    """A game that cannot be written as a key, or an entry that cannot be read back."""


def _basis(value: object) -> Any:
    """``value`` (a game's declarations) as JSON data that tells it from any other value:
    each dataclass by its class and every field, mappings in their order, sets sorted.
    _Unkept for a value of another kind."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is tuple or kind is list:
        return [_basis(item) for item in value]  # type: ignore[attr-defined]
    if isinstance(value, Path):
        return {"path": str(value)}
    if isinstance(value, enum.Enum):
        return {"enum": f"{kind.__qualname__}.{value.name}"}
    if isinstance(value, frozenset | set):
        return {"set": sorted(json.dumps(_basis(item), sort_keys=True) for item in value)}
    if isinstance(value, Mapping):
        return {"map": [[_basis(k), _basis(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: _basis(getattr(value, f.name)) for f in fields(value)}
        return {"class": f"{kind.__module__}.{kind.__qualname__}", "fields": data}
    raise _Unkept(f"{kind.__qualname__} is not a value of a game's declarations")


def printed_key(game: Game) -> str | None:
    """The key of the lines of ``game`` as they print: this file's format, Python's version,
    the sources that read and parse rules text (``keptkey.py``) and every declaration of the
    game (all it holds but where each was written); None when the game holds a value that
    cannot be written."""
    try:
        declared = {
            f.name: _basis(getattr(game, f.name)) for f in fields(game) if f.name != "source"
        }
    except (_Unkept, RecursionError):
        return None
    words = json.dumps(declared, sort_keys=True, ensure_ascii=True, allow_nan=True)
    made = f"{FORMAT}\n{sys.version_info[:2]}\n{our_sources()}\n{words}"
    return hashlib.sha256(made.encode()).hexdigest()


def _encode(line: PrintedLine) -> Any:
    """A printed line that parsed as JSON data: its marked lines (each run's fields in
    order, whether a bullet, the columns) and its reminder."""
    return [
        [
            [
                [[getattr(run, f.name) for f in fields(Run)] for run in m.runs],
                m.bullet,
                list(m.columns),
            ]
            for m in line.lines
        ],
        line.reminder,
    ]


def _typed(data: Any, kind: type, length: int | None = None) -> Any:
    """``data`` when it is of type ``kind`` (and, a list, of ``length`` items); else _Unkept."""
    if type(data) is not kind:
        raise _Unkept(f"not a {kind.__name__}: {type(data).__name__}")
    found: Any = data
    if length is not None and len(found) != length:
        raise _Unkept(f"not {length} items")
    return found


def _decode(data: Any) -> PrintedLine:
    """The printed line ``_encode`` wrote as ``data``; _Unkept for anything else."""
    kinds = _run_kinds()
    marked_data, reminder = _typed(data, list, 2)
    lines = []
    for each in _typed(marked_data, list):
        runs_data, bullet, columns = _typed(each, list, 3)
        runs = tuple(
            Run(*map(_typed, _typed(run, list, len(kinds)), kinds))
            for run in _typed(runs_data, list)
        )
        spots = tuple(_typed(c, int) for c in _typed(columns, list))
        lines.append(MarkedLine(runs, _typed(bullet, bool), spots))
    return PrintedLine(tuple(lines), _typed(reminder, str), parsed=True)


_KINDS: list[tuple[type, ...]] = []


def _run_kinds() -> tuple[type, ...]:
    """The type of each field of ``Run``, in order."""
    if not _KINDS:
        hints = get_type_hints(Run)
        _KINDS.append(tuple(hints[f.name] for f in fields(Run)))
    return _KINDS[0]


class KeptPrinted:
    """The lines of rules text of one game as they print: those kept from earlier runs, read
    back, and the others read (parsed, with the game's parser) and kept.

    Like the kept parses (``kept.py``), and under the same rules: one JSON file per key
    (``printed_key``) in the user's private cache folder (``cachedir.py``), read only when it
    is safe, each entry rebuilt through the constructors of ``Run``, ``MarkedLine`` and
    ``PrintedLine`` and used only when every field has its type; only lines that parse are
    kept. A run that finds every line needs neither the parser nor the effect classes.
    """

    def __init__(self, key: str | None, folder: Path | None) -> None:
        self.key = key
        self.path = folder / f"printed-lines-{key[:32]}.json" if folder and key else None
        self.kept: dict[str, Any] = {}  # line -> its printed value as written
        self.read: dict[str, PrintedLine] = {}
        self.new: dict[str, Any] = {}
        data = read_kept(self.path)  # None: none, unsafe, cut short or not JSON
        if type(data) is dict and data.get("format") == FORMAT and data.get("key") == key:
            lines = data.get("lines")
            if type(lines) is dict:
                self.kept = lines

    def get(self, line: str) -> PrintedLine | None:
        """The kept printed value of ``line``; None when it is not kept (or not usable)."""
        found = self.read.get(line)
        if found is None and line in self.kept:
            try:
                found = self.read[line] = _decode(self.kept[line])
            except (_Unkept, TypeError, ValueError, RecursionError):
                del self.kept[line]  # read again, and written anew
        return found

    def read_line(self, game: Game, line: str, marked: tuple[MarkedLine, ...]) -> PrintedLine:
        """``line`` (its markup read as ``marked``) as it prints, parsed by the game's parser
        (its parses kept too, ``kept.py``): the effect classes are imported here."""
        from cardkit.rules.kept import kept_rules

        parser = kept_rules(game)
        try:
            ability = parser.parse_ability(line)
        except RulesTextError:
            return PrintedLine(marked)
        finally:
            parser.save()
        found = self.read[line] = _read(game, ability, marked)
        if len(self.kept) + len(self.new) < MAX_LINES:
            self.new[line] = _encode(found)
        return found

    def save(self) -> None:
        """Write the lines read since the file was read into it (nothing when there are
        none, or no safe place); a failure to write keeps nothing and says nothing."""
        if not self.new or self.path is None:
            return
        lines = {**self.kept, **self.new}
        data = {"format": FORMAT, "key": self.key, "lines": lines}
        self.kept, self.new = lines, {}
        write_kept(self.path, json.dumps(data, ensure_ascii=True, separators=(",", ":")))


_KEPT: dict[int, tuple[Game, KeptPrinted]] = {}


def save_printed() -> None:
    """Write the lines read in this process (at the end of a command that drew them: once,
    not once for each card's text)."""
    for _, store in _KEPT.values():
        store.save()


def kept_printed(game: Game) -> KeptPrinted:
    """The kept printed lines of ``game`` (one per game value in a process)."""
    recent = _KEPT.get(id(game))
    if recent is not None and recent[0] is game:
        return recent[1]
    found = KeptPrinted(printed_key(game), cache_folder())
    if len(_KEPT) >= 32:
        save_printed()
        _KEPT.clear()
    _KEPT[id(game)] = (game, found)
    return found


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
    from cardkit.effects import Primary

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
    from cardkit.effects import Node

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
    from cardkit.effects import walk

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
    from cardkit.effects import And, KeywordUse, Node, Primary, Sequence
    from cardkit.effects.core import KeywordList

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

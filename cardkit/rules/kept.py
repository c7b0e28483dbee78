"""Parsed rules text kept between runs: each line's ability, as JSON in the user's cache folder.

A designer builds the same deck again and again while editing it, and most of its lines of
rules text have not changed since the last run. Each line that parses is kept with the value it
parsed to, so that the next run reads it back instead of parsing it again; a run that finds
every line needs no parser at all (lark is not even imported). The parser is built the first
time a line is not found, or when something asks for it (``KeptRules.parser``).

- **What decides a parse is the key.** One file per key: a hash of the grammar and of every
  source file of ``cardkit/rules`` and ``cardkit/effects`` (an edited handler or effect never
  serves a value made by the old code), the game's vocabulary, lark's version and this
  format's. The key is written inside the file too, and checked.
- **JSON, never pickle.** A value is written as its fields, each dataclass by its class name,
  and read back only as the classes of ``cardkit.effects`` (``CLASSES``), built through their
  own constructors, which check their fields. Anything else (a class not on the list, a field
  the class does not have, a float, a value its class rejects) means the entry is not used and
  the line is parsed; a file cut short or not JSON means nothing of it is used.
- **Kept where nobody else writes.** The file lives in the user's private cache folder
  (``cardkit/cachedir.py``) and is read only when it is a regular file of this user's that no
  one else can write to; it is written to a private temporary file and swapped in.
  ``CARDKIT_CACHE_DIR=""`` keeps nothing.
- Lines that do not parse are never kept: their diagnostics need the parser anyway.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib
import importlib.util
import json
import pkgutil
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cardkit
import cardkit.effects
from cardkit.cachedir import cache_folder, read_kept, write_kept
from cardkit.effects import Ability
from cardkit.effects.vocab import Vocabulary
from cardkit.model import Game
from cardkit.rules.keptkey import our_sources
from cardkit.rules.keptkey import sources_digest as sources_digest  # its home before

if TYPE_CHECKING:
    from cardkit.rules.parser import RulesParser

FORMAT = 1
"""The version of the file's layout; part of the key."""

MAX_LINES = 20_000
"""A file keeps at most this many lines; past it, only the lines of the latest run."""

_VOCAB = "$vocab"
"""What the parser's vocabulary (captured in every value, ``Node.vocab``) is written as."""


class Unkept(ValueError):
    """A value that cannot be written as JSON, or an entry that cannot be read back."""


@cache
def classes() -> dict[str, type]:
    """The classes a kept value may hold, by name: the dataclasses of ``cardkit.effects`` (a
    name two modules define is left out; its values are then not kept)."""
    found: dict[str, type] = {}
    twice: set[str] = set()
    for module in pkgutil.iter_modules(cardkit.effects.__path__):
        loaded = importlib.import_module(f"cardkit.effects.{module.name}")
        for value in vars(loaded).values():
            if (
                isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == loaded.__name__
                and value is not Vocabulary
            ):
                name = value.__qualname__
                if name in found and found[name] is not value:
                    twice.add(name)
                found[name] = value
    return {name: kind for name, kind in found.items() if name not in twice}


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(kind: type) -> tuple[tuple[str, Any], ...]:
    """(name, default or MISSING) of each field of a dataclass; Unkept if one is not set by
    the constructor."""
    found = _FIELDS.get(kind)
    if found is None:
        for each in dataclasses.fields(kind):
            if not each.init:
                raise Unkept(f"{kind.__qualname__}.{each.name} is not set by its constructor")
        found = _FIELDS[kind] = tuple(
            (each.name, each.default) for each in dataclasses.fields(kind)
        )
    return found


def encode(value: object, vocab: Vocabulary) -> Any:
    """``value`` as JSON data: None, bool, int and str as themselves, a tuple as a list, a
    dataclass of ``classes()`` as an object of its fields (those at their default left out)
    named by "" , ``vocab`` as ``{"": "$vocab"}``. Unkept for anything else."""
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value
    if kind is tuple:
        return [encode(item, vocab) for item in value]  # type: ignore[attr-defined]
    if value is vocab:
        return {"": _VOCAB}
    if classes().get(kind.__qualname__) is not kind:
        raise Unkept(f"{kind.__qualname__} is not a value to keep")
    out: dict[str, Any] = {"": kind.__qualname__}
    for name, default in _fields(kind):
        field = getattr(value, name)
        if field is default or (type(field) is type(default) and field == default):
            continue
        out[name] = encode(field, vocab)
    return out


def decode(data: Any, vocab: Vocabulary) -> Any:
    """The value ``encode`` wrote as ``data``; Unkept when ``data`` is not such a value."""
    kind = type(data)
    if data is None or kind is bool or kind is int or kind is str:
        return data
    if kind is list:
        return tuple(decode(item, vocab) for item in data)
    if kind is not dict:
        raise Unkept(f"not a kept value: {kind.__name__}")
    name = data.get("")
    if name == _VOCAB and len(data) == 1:
        return vocab
    made = classes().get(name) if isinstance(name, str) else None
    if made is None:
        raise Unkept(f"not a class to keep: {name!r}")
    names = {each for each, _ in _fields(made)}
    values = {key: decode(item, vocab) for key, item in data.items() if key != ""}
    if not names.issuperset(values):
        raise Unkept(f"{name} has no field {sorted(set(values) - names)[0]!r}")
    try:
        return made(**values)
    except Exception as exc:  # whatever its checks raise: the entry is not used
        raise Unkept(f"{name} rejects its fields: {exc}") from exc


def _vocab_data(vocab: Vocabulary) -> dict[str, Any]:
    return {
        each.name: encode(getattr(vocab, each.name), vocab) for each in dataclasses.fields(vocab)
    }


def _vocab_of(data: Any, game_vocab: Vocabulary) -> Vocabulary:
    """The parser's vocabulary as written: the game's, perhaps without some of its declared
    labels, phrases and shorthand (the ones the grammar could not take)."""
    if type(data) is not dict:
        raise Unkept("no vocabulary")
    names = {each.name for each in dataclasses.fields(Vocabulary)}
    if not names.issuperset(data):
        raise Unkept("not a vocabulary")
    declared = ("labels", "phrases", "shorthand")
    try:
        found = Vocabulary(**{key: decode(item, game_vocab) for key, item in data.items()})
        whole = dataclasses.replace(found, **{name: getattr(game_vocab, name) for name in declared})
        if whole != game_vocab or any(
            type(getattr(found, name)) is not tuple
            or not set(getattr(found, name)) <= set(getattr(game_vocab, name))
            for name in declared
        ):
            raise Unkept("the vocabulary is not the game's")
    except TypeError as exc:
        raise Unkept(f"not a vocabulary: {exc}") from exc
    return found


def key_of(vocab: Vocabulary) -> str:
    """The key of the values parsed by the parser of ``vocab``."""
    words = json.dumps(_vocab_data(vocab), sort_keys=True, ensure_ascii=True)
    sources = our_sources()
    made = f"{FORMAT}\n{sys.version_info[:2]}\n{sources}\n{words}"
    return hashlib.sha256(made.encode()).hexdigest()


class KeptRules:
    """The abilities of one game's lines of rules text: those kept from earlier runs, read
    back, and the others parsed (by the game's parser, built when first needed) and kept."""

    def __init__(self, game_vocab: Vocabulary, folder: Path | None) -> None:
        self.game_vocab = game_vocab
        self.key = key_of(game_vocab)
        self.path = folder / f"rules-values-{self.key[:32]}.json" if folder else None
        self._vocab: Vocabulary | None = None  # the parser's, once known
        self._rejected: tuple[tuple[str, str, str], ...] | None = None
        self.kept: dict[str, Any] = {}  # line -> its value as written
        self.read: dict[str, Ability] = {}
        self.new: dict[str, Any] = {}
        self._parser: RulesParser | None = None
        self._load()

    def _load(self) -> None:
        data = read_kept(self.path)  # None: none, unsafe, cut short or not JSON
        if type(data) is not dict or data.get("format") != FORMAT or data.get("key") != self.key:
            return
        lines = data.get("lines")
        if type(lines) is not dict:
            return
        try:
            vocab = _vocab_of(data.get("vocab"), self.game_vocab)
        except (Unkept, RecursionError):
            return
        rejected = data.get("rejected")
        if type(rejected) is not list or not all(
            type(each) is list and len(each) == 3 and all(type(part) is str for part in each)
            for each in rejected
        ):
            return
        self._vocab, self._rejected = vocab, tuple((a, b, c) for a, b, c in rejected)
        self.kept = lines

    @property
    def parser(self) -> RulesParser:
        """The game's parser, built the first time it is asked for."""
        if self._parser is None:
            from cardkit.rules.parser import rules_parser

            self._parser = rules_parser(self.game_vocab)
            if self._vocab != self._parser.vocab or self._rejected != self._parser.rejected:
                self.kept = {}  # written by a parser of other declarations: not its values
            self._vocab = self._parser.vocab  # the one its values hold
            self._rejected = self._parser.rejected
        return self._parser

    @property
    def vocab(self) -> Vocabulary:
        """The parser's vocabulary: the game's, without the declarations the grammar could
        not take (known from the file, else from the parser)."""
        return self._vocab if self._vocab is not None else self.parser.vocab

    @property
    def rejected(self) -> tuple[tuple[str, str, str], ...]:
        """(table, key, reason): the game's declared forms the grammar could not take."""
        vocab = self.game_vocab
        if not (vocab.labels or vocab.phrases or vocab.shorthand):
            return ()  # nothing declared, nothing rejected
        return self._rejected if self._rejected is not None else self.parser.rejected

    def parse_ability(self, line: str) -> Ability:
        """What ``RulesParser.parse_ability(line)`` gives (or raises), read back when kept."""
        found = self.read.get(line)
        if found is not None:
            return found
        data = self.kept.get(line)
        if data is not None and self._vocab is not None:
            try:
                value = decode(data, self._vocab)
            except (Unkept, RecursionError):
                value = None
            if isinstance(value, Ability):
                self.read[line] = value
                return value
        found = self.parser.parse_ability(line)  # raises RulesTextError
        with contextlib.suppress(Unkept, RecursionError):  # else parsed again next time
            self.new[line] = encode(found, self.vocab)
        self.read[line] = found
        return found

    def save(self) -> None:
        """Write the lines parsed since the file was read into it (nothing when there are
        none, or no safe place); a failure to write keeps nothing and says nothing."""
        if not self.new or self.path is None or self._vocab is None or self._rejected is None:
            return
        lines = {} if len(self.kept) + len(self.new) > MAX_LINES else dict(self.kept)
        lines.update(self.new)
        data = {
            "format": FORMAT,
            "key": self.key,
            "vocab": _vocab_data(self._vocab),
            "rejected": [list(each) for each in self._rejected],
        }
        text = json.dumps({**data, "lines": lines}, ensure_ascii=True, separators=(",", ":"))
        self.kept, self.new = lines, {}
        write_kept(self.path, text)


_RECENT: dict[int, tuple[Game, KeptRules]] = {}
_BY_VOCAB: dict[tuple[Vocabulary, Path | None], KeptRules] = {}


def kept_rules(game: Game) -> KeptRules:
    """The kept rules text of ``game`` (one per vocabulary and cache folder in a process)."""
    recent = _RECENT.get(id(game))
    if recent is not None and recent[0] is game:
        return recent[1]
    vocab = Vocabulary.of(game)
    folder = cache_folder()
    found = _BY_VOCAB.get((vocab, folder))
    if found is None:
        found = KeptRules(vocab, folder)
        if len(_BY_VOCAB) >= 32:
            _BY_VOCAB.clear()
        _BY_VOCAB[vocab, folder] = found
    if len(_RECENT) >= 32:
        _RECENT.clear()
    _RECENT[id(game)] = (game, found)
    return found

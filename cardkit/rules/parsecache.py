"""Where the compiled rules parser is kept between runs: the user's cache folder, safely.

Building the LALR tables from the grammar costs seconds; a saved parser loads in a hundredth
of one. Two files are kept, both with lark's own ``Lark.save``:

- the game's parser, named by a hash of its whole grammar (the game's words included), lark's
  version and Python's: the next run of the same game loads it;
- the LALR tables shared by every vocabulary with the same rules. The tables depend on the
  grammar's rules and its terminals' names, never on the words a terminal matches, so the
  grammar is saved with each of the game's word terminals written as a placeholder
  (``shared_grammar``). A game whose words changed (a keyword, a resource, a faction added in
  game.yaml) loads these tables and gives their terminals its own words (``_give_words``,
  lark compiling the terminals only): no table is built again.

A parser loaded has its terminals compared with those lark compiles from the grammar; any
difference (another lark, a grammar the placeholders would change) builds the parser afresh,
as does a lark whose inner ``load_grammar`` (what ``Lark`` itself compiles a grammar with)
takes other arguments.
Files are loaded with ``pickle``, which runs whatever a crafted file asks, so a file is used
only where nobody else could have put it (``cachedir.private_file``). A file cut short or
written by another version is built again and replaced.
"""

from __future__ import annotations

import hashlib
import io
import re
import sys
from collections.abc import Callable
from pathlib import Path

import lark
from lark import Lark
from lark.lexer import TerminalDef
from lark.load_grammar import load_grammar

from cardkit.cachedir import CACHE_ENV, cache_folder, private_file, write_kept

__all__ = ["CACHE_ENV", "cache_folder", "kept_parser", "parser_cache", "shared_grammar"]

# A terminal defined by one regular expression, as game_terminals writes the game's words:
# NAME or NAME.priority, a colon, /expression/flags.
_WORD_TERMINAL = re.compile(
    r"^([A-Z_][A-Z0-9_]*)((?:\.-?[0-9]+)?:[ \t]*)/.*/([imslux]*)[ \t]*$", re.MULTILINE
)

# The options a saved parser leaves out: given again when it is loaded (the handlers).
_NOT_SAVED = ("transformer",)

Make = Callable[[str], Lark]
Load = Callable[[io.BufferedReader], Lark]


def parser_cache(grammar: str, kind: str = "rules") -> str | None:
    """The path for the kept parser of ``grammar``; None when none is safe to use."""
    folder = cache_folder()
    if folder is None:
        return None
    key = f"{lark.__version__}\n{sys.version_info[:2]}\n{grammar}".encode()
    path = folder / f"{kind}-{hashlib.sha256(key).hexdigest()[:32]}.lark"
    return None if private_file(path) is False else str(path)


def shared_grammar(core: str, words: str) -> str:
    """The grammar ``core + words`` with each terminal of ``words`` (the game's words) matching a
    placeholder instead: the same rules and terminal names, so the same LALR tables."""
    return core + _WORD_TERMINAL.sub(lambda m: f"{m[1]}{m[2]}/#{m[1]}#/{m[3]}", words)


def kept_parser(grammar: str, shared: str, start: list[str], make: Make, load: Load) -> Lark:
    """The parser of ``grammar``: the kept one; else the tables kept for ``shared`` (see
    ``shared_grammar``) given the game's words; else ``make(grammar)``; kept for next time.
    ``load(file)`` reads a file that ``Lark.save`` wrote; ``start``: the grammar's start rules."""
    own = parser_cache(grammar, "parser")
    if own is None:
        return make(grammar)
    found = _load(own, load)
    if found is not None:
        return found
    tables = parser_cache(shared, "tables")
    based = _load(tables, load) if tables else None
    if based is None:
        based = make(shared)
        if tables:
            _save(tables, based)
    try:
        given = _give_words(based, grammar, start)
    except (TypeError, AttributeError, ValueError):  # another lark's insides: built as before
        given = False
    if not given:
        based = make(grammar)
    _save(own, based)
    return based


def _give_words(parser: Lark, grammar: str, start: list[str]) -> bool:
    """Give the terminals of ``parser`` (made from the shared grammar) the expressions lark
    compiles from ``grammar``; False, with nothing changed, when their names differ."""
    loaded, _ = load_grammar(grammar, "<rules>", None, False)  # type: ignore[no-untyped-call]
    words: list[TerminalDef] = list(loaded.compile(start, set())[0])
    mine = list(parser.terminals)
    if [t.name for t in words] != [t.name for t in mine]:
        return False
    for old, new in zip(mine, words, strict=True):
        old.pattern, old.priority = new.pattern, new.priority
    return True


def _load(path: str, load: Load) -> Lark | None:
    if not private_file(Path(path)):
        return None
    try:
        with open(path, "rb") as kept:
            return load(kept)
    except Exception:  # a file cut short or another version's (pickle raises any): built again
        return None


def _save(path: str, parser: Lark) -> None:
    out = io.BytesIO()
    parser.save(out, _NOT_SAVED)
    write_kept(Path(path), out.getvalue())

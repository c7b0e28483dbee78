"""Where the compiled rules parser is kept between runs: the user's cache folder, safely.

Building the LALR tables from the grammar costs more than starting Python; lark can save them
(``Lark(cache=path)``) and load them on the next run. The file is named by a hash of the
grammar text (the game's vocabulary included), lark's version and Python's, so a changed
grammar or vocabulary gets a file of its own, and lark checks that hash again inside it.

lark loads its cache with ``pickle``, which runs whatever a crafted file asks, so a file is
used only where nobody else could have put it: a folder of this user's that no one else can
write to, a regular file (not a link) of this user's that no one else can write to. Anything
else, or no cache folder at all, means no cache: the parser is built as before. A corrupt file
(cut short by a crash, written by another version) is rebuilt by lark, which catches the error.
"""

from __future__ import annotations

import hashlib
import sys

import lark

from cardkit.cachedir import CACHE_ENV, cache_folder, private_file

__all__ = ["CACHE_ENV", "cache_folder", "parser_cache"]


def parser_cache(grammar: str) -> str | None:
    """The path for lark's cache of the parser of ``grammar``; None when none is safe to use."""
    folder = cache_folder()
    if folder is None:
        return None
    key = f"{lark.__version__}\n{sys.version_info[:2]}\n{grammar}".encode()
    path = folder / f"rules-{hashlib.sha256(key).hexdigest()[:32]}.lark"
    safe = private_file(path)
    if safe is None:
        return str(path)  # lark writes it
    return str(path) if safe else None

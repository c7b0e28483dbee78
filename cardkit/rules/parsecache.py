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
import os
import stat
import sys
from pathlib import Path

import lark
import platformdirs

# Set to a folder to keep the cache there, or to an empty string to keep no cache at all.
CACHE_ENV = "CARDKIT_CACHE_DIR"


def cache_folder() -> Path | None:
    """The folder for cardkit's cached files, made private if new; None when there is none."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen == "":
        return None
    folder = Path(chosen) if chosen else Path(platformdirs.user_cache_dir("cardkit", False))
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(folder.lstat(), stat.S_ISDIR):
            return None
    except OSError:
        return None
    return folder


def _private(info: os.stat_result, kind: object) -> bool:
    """Of the right kind, not a link, and only this user can write to it."""
    if not kind(info.st_mode):  # type: ignore[operator]
        return False
    if not hasattr(os, "getuid"):  # Windows: the per-user application data folder
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def parser_cache(grammar: str) -> str | None:
    """The path for lark's cache of the parser of ``grammar``; None when none is safe to use."""
    folder = cache_folder()
    if folder is None:
        return None
    key = f"{lark.__version__}\n{sys.version_info[:2]}\n{grammar}".encode()
    path = folder / f"rules-{hashlib.sha256(key).hexdigest()[:32]}.lark"
    try:
        info = path.lstat()
    except FileNotFoundError:
        return str(path)  # lark writes it
    except OSError:
        return None
    return str(path) if _private(info, stat.S_ISREG) else None

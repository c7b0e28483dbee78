"""The user's cache folder for cardkit's files kept between runs, and when a file in it is safe.

A kept file is used only where nobody else could have put it: a folder of this user's that no
one else can write to, a regular file (not a link) of this user's that no one else can write
to. Anything else, or no cache folder at all, means nothing is kept: the work is done again.
This module imports no parser (lark), so that a run that finds what it needs kept never does.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

import platformdirs

# Set to a folder to keep the cache there, or to an empty string to keep no cache at all.
CACHE_ENV = "CARDKIT_CACHE_DIR"

Kept = TypeVar("Kept")


def cache_folder() -> Path | None:
    """The folder for cardkit's cached files, made private if new; None when there is none."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen == "":
        return None
    folder = Path(chosen) if chosen else Path(platformdirs.user_cache_dir("cardkit", False))
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not private(folder.lstat(), stat.S_ISDIR):
            return None
    except OSError:
        return None
    return folder


def private(info: os.stat_result, kind: object) -> bool:
    """Of the right kind (``stat.S_ISDIR``, ``stat.S_ISREG``), not a link, and only this user
    can write to it."""
    if not kind(info.st_mode):  # type: ignore[operator]
        return False
    if not hasattr(os, "getuid"):  # Windows: the per-user application data folder
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def private_file(path: Path) -> bool | None:
    """Whether ``path`` is a file safe to read: True; None when there is no such file; False
    when something else is there (a link, a folder, another user's or a writable file)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    except OSError:
        return False
    return private(info, stat.S_ISREG)


def read_kept(path: Path | None) -> object:
    """The JSON data of the kept file at ``path``; None when there is none, it is not safe to
    read (``private_file``), or it is cut short or not JSON."""
    if path is None or not private_file(path):
        return None
    try:
        data: object = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None  # cut short, not JSON, or gone: the work is done again
    return data


def write_kept(path: Path, text: str) -> None:
    """Write ``text`` as the kept file at ``path``: to a private temporary file swapped in.
    Something not ours there is left as it is; a failure to write keeps nothing and says
    nothing."""
    if private_file(path) is False:
        return
    with contextlib.suppress(OSError):
        handle, temporary = tempfile.mkstemp(prefix=".kept-", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="ascii") as out:  # mkstemp: mode 0600
                out.write(text)
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)


class PerFolder(Generic[Kept]):
    """One kept file's contents per cache folder in a process: made by ``make(folder)`` when
    first asked for (so the file is read once), and every one made so far, to be saved."""

    def __init__(self, make: Callable[[Path | None], Kept]) -> None:
        self._make = make
        self._made: dict[Path | None, Kept] = {}

    def current(self) -> Kept:
        """The contents kept in today's cache folder (``cache_folder()``)."""
        folder = cache_folder()
        found = self._made.get(folder)
        if found is None:
            found = self._made[folder] = self._make(folder)
        return found

    def made(self) -> list[Kept]:
        """Every one made in this process, in the order made."""
        return list(self._made.values())

"""Writing files so that a failure never leaves a half-written one behind.

Each write goes to a temporary file with a unique name in the target's folder, is flushed
to disk, and then replaces the target in one ``os.replace``: a reader (or a build killed
half-way, or a second build writing at the same time) sees the old file or the new one,
never a mixture. A temporary file lives only while its bytes are written; one left behind
by a killed process is removed by the next write of the same file, once it is
``STALE_SECONDS`` old (so a write still under way in another process is never touched).
"""

from __future__ import annotations

import glob
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from cardkit.errors import OutputError, OutputExistsError

STALE_SECONDS = 600.0

Content = bytes | str | Sequence[bytes]
"""What a file is written from: bytes, text (as UTF-8), or pieces of bytes written in order
(a large file made in pieces need not be joined into one more copy of itself first)."""


def pieces(data: Content) -> Sequence[bytes]:
    """``data`` as the pieces of bytes to write, in order."""
    if isinstance(data, str):
        return [data.encode("utf-8")]
    if isinstance(data, bytes):
        return [data]
    return data


def _why(path: Path, exc: OSError) -> str:
    """Why ``path`` cannot be written, in the words a user needs."""
    if path.is_dir():
        return "it is a folder"
    for parent in path.parents:
        if parent.is_dir():
            break
        if parent.exists() or parent.is_symlink():
            return f"{parent.as_posix()!r} is a file, not a folder"
    return (exc.strerror or str(exc)).lower()


def cannot_write(path: Path, exc: OSError) -> OutputError:
    """The OutputError (CK005) for ``path``, saying why in the words a user needs."""
    return OutputError(path.as_posix(), _why(path, exc), exc)


def write_atomic(path: Path, data: Content, *, overwrite: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    Raises OutputError (and leaves ``path`` as it was) when the file cannot be written.
    With ``overwrite=False`` an existing ``path`` is never replaced, even one made while
    the data were written: OutputExistsError.
    """
    payload = pieces(data)
    umask = os.umask(0)
    os.umask(umask)
    try:
        if path.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
    except OSError as exc:
        raise OutputError(path.as_posix(), _why(path, exc), exc) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            for piece in payload:
                stream.write(piece)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes 0600; give the usual mode
        if overwrite:
            os.replace(temporary, path)
        else:
            _place_new(Path(temporary), path)
    except BaseException as exc:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            raise OutputError(path.as_posix(), _why(path, exc), exc) from None
        raise
    _remove_stale(path)


def _place_new(temporary: Path, path: Path) -> None:
    """Give ``temporary``'s bytes the name ``path`` unless a file (or link) has that name.

    A hard link is made in one step that fails when the name is taken; where the file system
    has no hard links, the check and the rename are two steps.
    """
    if path.exists() or path.is_symlink():
        raise OutputExistsError(path.as_posix())
    try:
        os.link(temporary, path, follow_symlinks=False)
    except FileExistsError:
        raise OutputExistsError(path.as_posix()) from None
    except OSError:  # no hard links here (FAT, some network shares)
        if path.exists() or path.is_symlink():
            raise OutputExistsError(path.as_posix()) from None
        os.replace(temporary, path)
    else:
        temporary.unlink()


def _remove_stale(path: Path) -> None:
    """Delete temporary files of ``path`` that a killed write left behind."""
    now = time.time()
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if now - stale.lstat().st_mtime > STALE_SECONDS:
                stale.unlink()
        except OSError:
            pass  # gone already, or not ours to delete: leave it

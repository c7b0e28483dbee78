"""One output transaction per command: every file a command writes changes together, or none.

Inside ``output_transaction(root)``, ``write`` and ``remove`` do not touch their targets: each
new file is written and synced into a hidden staging folder in ``root``
(``.cardkit-staging-*``, on the same file system as the outputs). When the block ends without
an exception, the transaction commits: it writes a journal of the swaps, then moves every
staged file over its target with ``os.replace`` and makes each removal. When the block raises
(a full disk, a template that fails, an interrupt), the staging folder is deleted and no
output has changed.

A process killed while it stages leaves its staging folder and every output as it was; one
killed during the swaps (a few renames, after the journal is synced) leaves the journal. The
next transaction in the same ``root`` finishes what a dead one began (its journal says every
new file is whole) and deletes the staging folders of dead ones that had not begun; a folder
whose owner still runs is locked (``flock``) and left alone. Outside a transaction, ``write``
is ``write_atomic``: one file, replaced in one step.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.atomic import Content, cannot_write, pieces, write_atomic
from cardkit.errors import OutputError, OutputExistsError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: staging folders are cleaned by their owner only
    fcntl = None  # type: ignore[assignment]

STAGING_PREFIX = ".cardkit-staging-"
JOURNAL = "journal.json"

_open: ContextVar[Transaction | None] = ContextVar("cardkit_transaction", default=None)


@dataclass(slots=True)
class _Change:
    target: Path
    staged: Path | None  # None: the target is removed
    overwrite: bool = True
    mode: int | None = None  # None: the usual mode (0666 less the umask)


@dataclass(slots=True)
class Transaction:
    """The files staged so far and the folder they wait in (see the module's docstring)."""

    root: Path
    changes: dict[Path, _Change] = field(default_factory=dict)
    staged: int = 0  # files staged so far, to name the next
    _staging: Path | None = None
    _lock: int | None = None  # the staging folder's descriptor, locked while it lives
    _made_root: bool = False

    @property
    def staging(self) -> Path:
        """The staging folder, made (and the leftovers of dead transactions dealt with)
        the first time a file is staged."""
        if self._staging is None:
            self._made_root = not self.root.exists()
            self.root.mkdir(parents=True, exist_ok=True)
            recover(self.root)
            self._staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=self.root))
            self._lock = _lock(self._staging)
        return self._staging

    def close(self) -> None:
        """Delete the staging folder (and the output folder, when it was made for files
        that never came)."""
        if self._staging is not None:
            shutil.rmtree(self._staging, ignore_errors=True)
        if self._lock is not None:
            os.close(self._lock)
        if self._made_root:
            with contextlib.suppress(OSError):
                self.root.rmdir()  # only when empty

    def write(
        self, path: Path, data: Content, *, overwrite: bool = True, mode: int | None = None
    ) -> None:
        """Stage ``data`` as the new content of ``path`` (with permission bits ``mode``, or
        the usual ones); OutputError (CK005) now when it could never be written there (a
        folder in its place, a file where a folder goes)."""
        _check_writable(path)
        if not overwrite and (path.exists() or path.is_symlink()):
            raise OutputExistsError(path.as_posix())
        payload = pieces(data)
        self.staged += 1
        try:
            staged = self.staging / f"{self.staged}.new"
            with open(staged, "wb") as stream:
                for piece in payload:
                    stream.write(piece)
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as exc:
            raise cannot_write(path, exc) from None
        self.changes[path] = _Change(path, staged, overwrite, mode)

    def remove(self, path: Path) -> None:
        """Remove ``path`` when the transaction commits."""
        self.changes[path] = _Change(path, None)

    def commit(self) -> None:
        """Swap every staged file in and make every removal; on an OSError, put back what
        was swapped and raise OutputError (CK005)."""
        changes = list(self.changes.values())
        if not changes:
            return
        umask = os.umask(0)
        os.umask(umask)
        try:
            for change in changes:
                if change.staged is not None:
                    change.target.parent.mkdir(parents=True, exist_ok=True)
                    usual = 0o666 & ~umask
                    os.chmod(change.staged, usual if change.mode is None else change.mode)
        except OSError as exc:
            raise cannot_write(change.target, exc) from None
        backups = self._back_up(changes)
        self._write_journal(changes)
        done: list[_Change] = []
        try:
            for change in changes:
                _apply(change)
                done.append(change)
        except OSError as exc:
            for undone in reversed(done):
                _undo(undone, backups.get(undone.target))
            (self.staging / JOURNAL).unlink(missing_ok=True)
            if isinstance(exc, OutputExistsError):
                raise
            raise cannot_write(change.target, exc) from None
        for folder in {change.target.parent for change in changes}:
            _sync_folder(folder)

    def _back_up(self, changes: list[_Change]) -> dict[Path, Path]:
        """A hard link to each target there is, to put it back should a swap fail."""
        backups: dict[Path, Path] = {}
        for index, change in enumerate(changes):
            backup = self.staging / f"{index}.old"
            try:
                os.link(change.target, backup, follow_symlinks=False)
            except OSError:
                continue  # no target yet, or no hard links on this file system
            backups[change.target] = backup
        return backups

    def _write_journal(self, changes: list[_Change]) -> None:
        entries = [
            {"target": os.fspath(c.target.absolute()), "staged": c.staged and c.staged.name}
            for c in changes
        ]
        journal = self.staging / JOURNAL
        with open(journal.with_suffix(".tmp"), "w", encoding="utf-8") as stream:
            json.dump(entries, stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(journal.with_suffix(".tmp"), journal)
        _sync_folder(self.staging)


def _check_writable(path: Path) -> None:
    if path.is_dir():
        raise cannot_write(path, IsADirectoryError(21, "Is a directory", str(path)))
    for parent in path.parents:
        if parent.is_dir():
            return
        if parent.exists() or parent.is_symlink():
            raise cannot_write(path, NotADirectoryError(20, "Not a directory", str(parent)))


def _apply(change: _Change) -> None:
    if change.staged is None:
        change.target.unlink(missing_ok=True)
    elif change.overwrite:
        os.replace(change.staged, change.target)
    else:
        try:
            os.link(change.staged, change.target, follow_symlinks=False)
        except FileExistsError:
            raise OutputExistsError(change.target.as_posix()) from None


def _undo(change: _Change, backup: Path | None) -> None:
    with contextlib.suppress(OSError):
        if backup is not None:
            os.replace(backup, change.target)
        elif change.staged is not None:
            change.target.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _lock(folder: Path) -> int | None:
    """An exclusive lock on ``folder`` (its descriptor), or None when another process
    holds it (or the folder is gone)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return None
    if fcntl is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)
            return None
    return handle


def recover(root: Path) -> None:
    """Finish the swaps of a transaction killed while it committed, and delete what dead
    transactions staged, in ``root``; folders still locked by their owner are left alone."""
    if fcntl is None:
        return
    try:
        found = sorted(root.glob(f"{STAGING_PREFIX}*"))
    except OSError:
        return
    for staging in found:
        handle = _lock(staging)
        if handle is None:
            continue
        try:
            _roll_forward(staging)
            shutil.rmtree(staging, ignore_errors=True)
        finally:
            os.close(handle)


def _roll_forward(staging: Path) -> None:
    try:
        entries = json.loads((staging / JOURNAL).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # killed before it committed: its outputs are the old ones, whole
    for entry in entries:
        target = Path(entry["target"])
        with contextlib.suppress(OSError):
            if entry["staged"] is None:
                target.unlink(missing_ok=True)
            elif (staging / entry["staged"]).exists():
                os.replace(staging / entry["staged"], target)


@contextlib.contextmanager
def output_transaction(root: Path) -> Iterator[Transaction]:
    """Stage every ``write`` and ``remove`` made inside the block in ``root``; commit them
    together when the block ends, or drop them all when it raises (see the module)."""
    if _open.get() is not None:
        raise RuntimeError("an output transaction is already open")
    transaction = Transaction(root)
    token = _open.set(transaction)
    try:
        try:
            yield transaction
        finally:
            _open.reset(token)
        transaction.commit()
    finally:
        transaction.close()


def write(path: Path, data: Content, *, overwrite: bool = True, mode: int | None = None) -> None:
    """Write ``path`` in the open output transaction, or alone and atomically when none is
    open (``mode``: its permission bits; None, the usual ones). Raises OutputError (CK005);
    with ``overwrite=False``, OutputExistsError when a file has the name."""
    transaction = _open.get()
    if transaction is None and mode is None:
        write_atomic(path, data, overwrite=overwrite)
    elif transaction is None:
        with output_transaction(path.parent) as alone:
            alone.write(path, data, overwrite=overwrite, mode=mode)
    else:
        transaction.write(path, data, overwrite=overwrite, mode=mode)


def remove(path: Path) -> None:
    """Remove ``path`` in the open output transaction, or now when none is open."""
    transaction = _open.get()
    if transaction is None:
        path.unlink(missing_ok=True)
    else:
        transaction.remove(path)


__all__ = ["OutputError", "Transaction", "output_transaction", "recover", "remove", "write"]

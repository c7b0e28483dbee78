"""Schema checks kept between runs: which (schema, value) pairs were found to have no error.

A designer builds the same game again and again while editing one card of it; every other
card, game.yaml and the layouts are checked against the same schemas as in the run before and
found clean again. Each value checked clean is kept as a hash of its schema and of the value
itself, so that the next run skips the check; a run whose every check is kept never imports
jsonschema at all (about a fifth of a sample build). A value with an error is never kept: its
diagnostics need the check.

- **The value checked is the key.** An entry is a hash of the schema (as canonical JSON) and of
  the value (as canonical JSON); a value that JSON does not write back exactly as it is (a
  mapping with keys that are not text, a float that is not finite, a date, a tuple) is checked
  every time. The file's own key hashes this format, Python's version and the code that decides
  a check: ``cardkit/load/schema.py`` (its validator's own rules) and the jsonschema and
  referencing packages (their version and code): another version never reads these entries.
- **Only hashes are kept.** The file holds no value to trust, only which checks to skip.
- **Kept where nobody else writes.** The same rules as the kept rules text
  (``cardkit/cachedir.py``): read only when it is a regular file of this user's that no one
  else can write to, in a private folder; written to a private temporary file and swapped in.
  ``CARDKIT_CACHE_DIR=""`` keeps nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from cardkit.cachedir import PerFolder, read_kept, write_kept

FORMAT = 1
"""The version of the file's layout; part of the key."""

MAX_ENTRIES = 20_000
"""A file keeps at most this many clean checks (about 700 KB, read at every run); past it, only
those of the latest run."""

_DECIDERS = ("jsonschema", "referencing")
"""The packages whose code decides a check: their modules are hashed into the key."""


def schema_digest(schema: object) -> str:
    """A hash of ``schema`` as canonical JSON."""
    text = json.dumps(schema, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def value_key(schema: str, value: object) -> str | None:
    """The entry of ``value`` checked against the schema of digest ``schema``; None when JSON
    does not write ``value`` back exactly (then its check is never kept)."""
    try:
        text = json.dumps(
            value, sort_keys=True, ensure_ascii=True, allow_nan=False, separators=(",", ":")
        )
        if json.loads(text) != value:
            return None  # e.g. {1: 'a'}: written as {"1": "a"}, which another schema takes
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.sha256(f"{schema}\0{text}".encode()).hexdigest()[:32]


def _module_files(package: str) -> list[Path]:
    spec = importlib.util.find_spec(package)  # found, not imported
    if spec is None or not spec.origin:
        return []
    return sorted(Path(spec.origin).parent.glob("*.py"))


@cache
def file_key() -> str:
    """The key of this run's kept checks: the format, Python's version, and the code of
    cardkit's validator, jsonschema and referencing."""
    digest = hashlib.sha256(f"{FORMAT}\n{sys.version_info[:2]}\n".encode())
    ours = Path(__file__).resolve().parent / "schema.py"
    for path in [ours, *(each for name in _DECIDERS for each in _module_files(name))]:
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())
    return digest.hexdigest()


class KeptChecks:
    """The clean checks kept from earlier runs, and those found in this one."""

    def __init__(self, folder: Path | None) -> None:
        self.key = file_key()
        self.path = folder / f"schema-checked-{self.key[:32]}.json" if folder else None
        self.kept: set[str] = set()
        self.new: set[str] = set()
        self._load()

    def _load(self) -> None:
        data = read_kept(self.path)  # None: none, unsafe, cut short or not JSON
        if type(data) is not dict or data.get("format") != FORMAT or data.get("key") != self.key:
            return
        clean = data.get("clean")
        if type(clean) is list and all(type(each) is str for each in clean):
            self.kept = set(clean)

    def clean(self, entry: str | None) -> bool:
        """Whether the check of this entry was found clean before."""
        return entry is not None and (entry in self.kept or entry in self.new)

    def add(self, entry: str | None) -> None:
        if entry is not None and entry not in self.kept:
            self.new.add(entry)

    def save(self) -> None:
        """Write the checks found clean since the file was read into it (nothing when there
        are none, or no safe place); a failure to write keeps nothing and says nothing."""
        if not self.new or self.path is None:
            return
        clean = set() if len(self.kept) + len(self.new) > MAX_ENTRIES else set(self.kept)
        clean |= self.new
        data: dict[str, Any] = {"format": FORMAT, "key": self.key, "clean": sorted(clean)}
        self.kept, self.new = clean, set()
        write_kept(self.path, json.dumps(data, separators=(",", ":")))


_KEPT = PerFolder(KeptChecks)


def kept_checks() -> KeptChecks:
    """The kept checks of the cache folder (read once per folder in a process)."""
    return _KEPT.current()


def save_checks() -> None:
    """Write the checks found clean in this process to the cache folder."""
    for kept in _KEPT.made():
        kept.save()

"""YAML files read in an earlier run, kept: their values and where each was written.

A designer builds the same game again and again while editing one file of it. Each YAML file
read without a problem is kept, as JSON in the user's cache folder, with the place of every
value and key, so that the next run reads it back instead of composing it with PyYAML again;
a run that finds every file kept never imports PyYAML at all (its import is about a twentieth
of a sample build). ``load_yaml`` is ``yamlsource.parse_yaml`` read back when kept.

- **The text read is the key.** An entry is found by a hash of the file's text and the path it
  is shown as; the file's own key hashes this format, Python's version, the code that reads
  YAML (``yamlsource.py``, ``textfile.py``, ``diagnostics.py``) and PyYAML's version.
- **Only what JSON holds exactly.** A file is kept only when it was read without a diagnostic
  and its value is written back by JSON as it is (plain text, numbers, true/false, null, lists
  and mappings with text keys): anything else is read with PyYAML at every run. A file larger
  than ``MAX_FILE_CHARS`` is not kept (a set of thousands of cards: its kept form would hold
  more memory during the build than reading it back saves).
- **Kept where nobody else writes.** The same rules as the kept rules text
  (``cardkit/cachedir.py``); a file cut short, of another format or key, or an entry not of
  the form written, is not used. ``CARDKIT_CACHE_DIR=""`` keeps nothing.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from functools import cache
from pathlib import Path

from cardkit.cachedir import PerFolder, read_kept, write_kept
from cardkit.diagnostics import PathKey, Positions, SourceMap
from cardkit.load.loaded import LoadedYaml

FORMAT = 1
"""The version of the file's layout; part of the key."""

MAX_FILE_CHARS = 65_536
"""A YAML file longer than this is not kept."""

MAX_KEPT_CHARS = 2_000_000
"""The kept files' entries add up to at most this many characters; past it, only the files of
the latest run are kept."""

_READERS = ("load/yamlsource.py", "load/textfile.py", "diagnostics.py")
"""What reads a YAML file, under ``cardkit/``: hashed into the key."""


@cache
def file_key() -> str:
    """The key of this run's kept files: the format, Python's version, cardkit's YAML reader
    and PyYAML's version (in its ``__init__.py``)."""
    digest = hashlib.sha256(f"{FORMAT}\n{sys.version_info[:2]}\n".encode())
    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.find_spec("yaml")  # found, not imported
    pyyaml = [Path(spec.origin)] if spec is not None and spec.origin else []
    for path in [*(root / name for name in _READERS), *pyyaml]:
        digest.update(f"{path.name}\0".encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\0missing")
    return digest.hexdigest()


def _entry_key(text: str, path: str) -> str:
    return hashlib.sha256(f"{path}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _plain_path(path: PathKey) -> bool:
    return all(type(part) is str or type(part) is int for part in path)


def _plain_at(at: object) -> bool:
    if type(at) is int:
        return True
    return type(at) is tuple and len(at) == 2 and all(type(n) is int for n in at)


def encode(loaded: LoadedYaml) -> str | None:
    """``loaded`` as the text of an entry; None when it is not kept (a diagnostic, or a
    value or place JSON would not write back exactly)."""
    if loaded.diagnostics:
        return None
    places = []
    for table in (loaded.source.values.packed, loaded.source.keys.packed):
        if not all(_plain_path(where) and _plain_at(at) for where, at in table.items()):
            return None
        places.append([[list(where), at] for where, at in table.items()])
    try:
        value = json.dumps(loaded.value, ensure_ascii=True, allow_nan=False)
        if json.loads(value) != loaded.value:
            return None  # e.g. a mapping with a number as a key: JSON writes it as text
        return json.dumps([json.loads(value), *places], ensure_ascii=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None


def _table(data: object) -> Positions | None:
    if type(data) is not list:
        return None
    table = Positions()
    packed = table.packed
    for item in data:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not list:
            return None
        where, at = tuple(item[0]), item[1]
        if type(at) is list:
            at = tuple(at)
        if not (_plain_path(where) and _plain_at(at)):
            return None
        packed[where] = at
    return table


def decode(text: str, path: str) -> LoadedYaml | None:
    """The file an entry holds, shown as ``path``; None when it is not of the form written."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if type(data) is not list or len(data) != 3:
        return None
    values, keys = _table(data[1]), _table(data[2])
    if values is None or keys is None:
        return None
    return LoadedYaml(data[0], SourceMap(path, values, keys), [])


class KeptYaml:
    """The YAML files kept from earlier runs, and those read in this one."""

    def __init__(self, folder: Path | None) -> None:
        self.key = file_key()
        self.path = folder / f"yaml-read-{self.key[:32]}.json" if folder else None
        self.kept: dict[str, str] = {}
        self.new: dict[str, str] = {}
        data = read_kept(self.path)
        if type(data) is dict and data.get("format") == FORMAT and data.get("key") == self.key:
            files = data.get("files")
            if type(files) is dict and all(type(each) is str for each in files.values()):
                self.kept = files

    def read(self, text: str, path: str) -> LoadedYaml:
        """``parse_yaml(text, path)``, read back when kept."""
        if len(text) > MAX_FILE_CHARS:
            return _parse(text, path)
        entry = _entry_key(text, path)
        written = self.new.get(entry) or self.kept.get(entry)
        if written is not None:
            found = decode(written, path)
            if found is not None:
                return found
        loaded = _parse(text, path)
        encoded = encode(loaded)
        if encoded is not None:
            self.new[entry] = encoded
        return loaded

    def save(self) -> None:
        """Write the files read since the file was read into it (nothing when there are none,
        or no safe place)."""
        if not self.new or self.path is None:
            return
        size = sum(map(len, self.kept.values())) + sum(map(len, self.new.values()))
        files = {} if size > MAX_KEPT_CHARS else dict(self.kept)
        files.update(self.new)
        self.kept, self.new = files, {}
        data = {"format": FORMAT, "key": self.key, "files": files}
        write_kept(self.path, json.dumps(data, ensure_ascii=True, separators=(",", ":")))


def _parse(text: str, path: str) -> LoadedYaml:
    """``yamlsource.parse_yaml``: PyYAML is loaded only for a file not kept."""
    from cardkit.load.yamlsource import parse_yaml

    return parse_yaml(text, path)


_KEPT = PerFolder(KeptYaml)


def kept_yaml() -> KeptYaml:
    """The kept YAML files of the cache folder (read once per folder in a process)."""
    return _KEPT.current()


def load_yaml(text: str, path: str) -> LoadedYaml:
    """``yamlsource.parse_yaml(text, path)``: the value of YAML ``text`` and where each part
    was written, read back when the same text was read before."""
    return kept_yaml().read(text, path)


def save_read() -> None:
    """Write the YAML files read in this process to the cache folder."""
    for kept in _KEPT.made():
        kept.save()

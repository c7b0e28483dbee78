"""`cardkit new`: a new game folder whose sample cards validate."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from cardkit.diagnostics import did_you_mean
from cardkit.errors import UsageError

_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")

KINDS: dict[str, str] = {
    "plain": "units and actions with a cost: validates and prints",
    "deck-builder": "a small deck-builder with a 'play:' setup that 'cardkit sim' plays at once",
    "kingdom": "a deck-builder bought from fixed supply piles and won on points",
    "cooperative": "players together against a threat deck: heroes with skills, assets, "
    "events, threats and locations (validates, prints; 'cardkit sim' cannot play it yet)",
}
"""The kinds of game ``cardkit new`` writes, each from templates/new-game/<kind>/, the first
the default."""


def game_id(name: str) -> str:
    """The id of a game called ``name``: lowercase ASCII words joined by '-'."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")


def _yaml_scalar(text: str) -> str:
    """``text`` as a YAML value: plain when it reads back as itself, else double-quoted."""
    import json

    from cardkit.load.yamlsource import parse_yaml  # PyYAML only when a game is made

    loaded = parse_yaml(f"name: {text}\n", "<name>")
    if not loaded.diagnostics and loaded.value == {"name": text}:
        return text
    return json.dumps(text, ensure_ascii=False)


def _shown_folder(folder: Path) -> str:
    """The new folder as a comment in its game.yaml names it: as given, quoted for a shell when
    it needs to be; a path no comment can hold (a line break) is named by the game id alone."""
    import shlex

    text = folder.as_posix()
    if not text.isprintable():
        return shlex.quote(folder.name)
    return shlex.quote(text)


def new_game(name: str, parent: Path, *, kind: str = "plain") -> Path:
    """Create ``parent``/<id>/ from templates/new-game/<kind>/; returns the new folder.

    ``kind`` is one of ``KINDS``. The folder appears whole or not at all: it is written
    beside its final place and renamed into it.
    """
    import shutil
    from string import Template

    from cardkit.atomic import cannot_write
    from cardkit.package_data import data_dir

    if kind not in KINDS:
        raise UsageError(
            f"unknown kind of game {kind!r}{did_you_mean(kind, KINDS)}; "
            f"choose one of: {', '.join(KINDS)}"
        )
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise UsageError(f"a game's name cannot hold control characters or line breaks: {name!r}")
    ident = game_id(name)
    if not _GAME_ID.match(ident):
        raise UsageError(f"cannot make a game id from {name!r}: use letters, digits and '-'")
    if parent.exists() and not parent.is_dir():
        raise UsageError(f"{parent} is a file, not a folder to create the game in")
    folder = parent / ident
    if folder.exists():
        raise UsageError(f"{folder} already exists; choose another name or delete it first")
    title = name.strip() if name != ident else name.replace("-", " ").title()
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = parent / f".{ident}.{os.urandom(4).hex()}.new"
        staging.mkdir()
        try:
            templates = data_dir("templates") / "new-game" / kind
            for template in sorted(p for p in templates.rglob("*") if p.is_file()):
                text = Template(template.read_text(encoding="utf-8")).substitute(
                    folder=_shown_folder(folder),
                    id=ident,
                    id_yaml=_yaml_scalar(ident),
                    name=title,
                    name_yaml=_yaml_scalar(title),
                )
                target = staging / template.relative_to(templates)
                target.parent.mkdir(parents=True, exist_ok=True)  # layouts/
                target.write_text(text, encoding="utf-8")
            os.rename(staging, folder)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    except OSError as exc:
        if folder.exists():
            raise UsageError(
                f"{folder} already exists; choose another name or delete it first"
            ) from None
        raise cannot_write(folder, exc) from None
    return folder

"""`cardkit new`: a new game folder whose sample cards validate."""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from cardkit.atomic import write_atomic
from cardkit.errors import UsageError
from cardkit.resources import data_dir

_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def new_game(name: str, parent: Path) -> Path:
    """Create ``parent``/<id>/ from templates/new-game; returns the new folder."""
    game_id = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not _GAME_ID.match(game_id):
        raise UsageError(f"cannot make a game id from {name!r}: use letters, digits and '-'")
    folder = parent / game_id
    if folder.exists():
        raise UsageError(f"{folder} already exists; choose another name or delete it first")
    title = name if name != game_id else name.replace("-", " ").title()
    for template in sorted((data_dir("templates") / "new-game").iterdir()):
        text = Template(template.read_text(encoding="utf-8")).substitute(id=game_id, name=title)
        write_atomic(folder / template.name, text)
    return folder

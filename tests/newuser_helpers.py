"""What the new-user tests share: a designer's game copied where `cardkit new` would leave it
(cards/<id>/, the current directory its parent's parent), and a command run as typed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.cli import main

GAMES = Path(__file__).parent / "fixtures" / "newuser"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    """The exit status, the diagnostics (standard output) and what the command says it did
    (standard error), line by line."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def copy_game(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixture game ``name`` in ``tmp_path``/cards/, ``tmp_path`` the current
    directory."""
    folder = tmp_path / "cards" / name
    shutil.copytree(GAMES / name, folder)
    monkeypatch.chdir(tmp_path)
    return folder

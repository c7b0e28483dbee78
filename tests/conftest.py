"""Fixtures shared by the test modules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SKIRMISH = Path(__file__).resolve().parent / "fixtures" / "rulebook" / "skirmish"


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """A copy of the skirmish game (sheets and rulebook templates), free to change."""
    folder = tmp_path / "skirmish"
    shutil.copytree(SKIRMISH, folder)
    return folder

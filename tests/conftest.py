"""Fixtures and options shared by the test modules.

``--update-golden`` rewrites the golden pictures of the renderer instead of comparing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SKIRMISH = Path(__file__).resolve().parent / "fixtures" / "rulebook" / "skirmish"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="write the rendered pages as the new golden PNGs instead of comparing",
    )


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """A copy of the skirmish game (sheets and rulebook templates), free to change."""
    folder = tmp_path / "skirmish"
    shutil.copytree(SKIRMISH, folder)
    return folder

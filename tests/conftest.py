"""Fixtures and options shared by the test modules.

``--update-golden`` rewrites the golden pictures of the renderer instead of comparing.
``--slow`` also runs the tests marked ``slow`` (long simulations: minutes on a pure-Python install).
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
    parser.addoption(
        "--slow", action="store_true", default=False, help="run the tests marked slow too"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """A copy of the skirmish game (sheets and rulebook templates), free to change."""
    folder = tmp_path / "skirmish"
    shutil.copytree(SKIRMISH, folder)
    return folder

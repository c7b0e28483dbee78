"""Shared pytest options: ``--update-golden`` rewrites the golden pictures of the renderer."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="write the rendered pages as the new golden PNGs instead of comparing",
    )

"""The codebase stays strictly typed and lint-clean, and works from any folder once installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (it comes with the 'test' extra)")
    return found


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [_tool("mypy"), "--strict", "cardkit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "cardkit", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_cardkit_runs_from_another_folder(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardkit", "validate", str(ROOT / "cards" / "star-realms")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("0 errors, 0 warnings in 152 cards")


def test_importing_the_data_layer_does_not_import_renderers() -> None:
    code = (
        "import sys, cardkit.load.cards, cardkit.cli; "
        "print(sorted(m for m in ('reportlab', 'PIL', 'jinja2', 'lark') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"

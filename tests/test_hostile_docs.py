"""SECURITY.md names the tests that keep each promise: every one it names must exist."""

from __future__ import annotations

import re
from pathlib import Path

from test_hostile import CASES

ROOT = Path(__file__).resolve().parent.parent
SECURITY = (ROOT / "SECURITY.md").read_text(encoding="utf-8")


def _promise_rows() -> list[str]:
    return [line for line in SECURITY.splitlines() if line.startswith("| ") and "`" in line]


def test_every_hostile_case_security_md_names_exists() -> None:
    names = {case.name for case in CASES}
    named: set[str] = set()
    for row in _promise_rows():
        named.update(re.findall(r"`(?:test_hostile)?\[([a-z0-9-]+)\]`", row))
    assert named, "SECURITY.md names no test_hostile case"
    assert sorted(named - names) == []


def test_every_test_function_security_md_names_exists() -> None:
    for module, function in re.findall(r"`(test_[a-z_]+\.py)::(test_[a-z_]+)`", SECURITY):
        source = (ROOT / "tests" / module).read_text(encoding="utf-8")
        assert f"def {function}(" in source, f"{module}::{function}"
    for module in re.findall(r"`(?:tests/)?(test_[a-z_]+\.py)", SECURITY):
        assert (ROOT / "tests" / module).is_file(), module
    for continuation in re.findall(r"`::(test_[a-z_]+)`", SECURITY):
        sources = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("*.py"))
        assert f"def {continuation}(" in sources, continuation


def test_every_promise_names_a_test() -> None:
    for row in _promise_rows():
        assert "test" in row.split("|")[3] or ".ci/run" in row, row

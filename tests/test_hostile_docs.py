"""SECURITY.md names the tests that keep each promise: every one it names must exist."""

from __future__ import annotations

import re
from pathlib import Path

from test_hostile import CASES
from test_hostile_limits import BOMBS
from test_hostile_transaction import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
SECURITY = (ROOT / "SECURITY.md").read_text(encoding="utf-8")


def _promise_rows() -> list[str]:
    return [line for line in SECURITY.splitlines() if line.startswith("| ") and "`" in line]


def test_every_hostile_case_security_md_names_exists() -> None:
    """`test_hostile[a]`, `[b]` names cases of test_hostile.py; `test_hostile_limits[c]`, `[d]`
    cases of test_hostile_limits.py; `test_hostile_transaction.py::test_x[e]` commands of
    test_hostile_transaction.py: a bare `[name]` belongs to the module named before it."""
    cases = {
        "test_hostile": {case.name for case in CASES},
        "test_hostile_limits": {bomb.name for bomb in BOMBS},
        "test_hostile_transaction": {command.name for command in COMMANDS},
    }
    named: dict[str, set[str]] = {module: set() for module in cases}
    for row in _promise_rows():
        module = "test_hostile"
        pattern = (
            r"`(test_hostile(?:_limits|_transaction)?)?(?:\.py::test_[a-z_]+)?\[([a-z0-9-]+)\]`"
        )
        for prefix, name in re.findall(pattern, row):
            module = prefix or module
            named[module].add(name)
    assert named["test_hostile"], "SECURITY.md names no test_hostile case"
    assert named["test_hostile_limits"], "SECURITY.md names no test_hostile_limits case"
    assert named["test_hostile_transaction"], "SECURITY.md names no output transaction case"
    for module, names in named.items():
        assert sorted(names - cases[module]) == [], module


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
        assert "test" in row.split("|")[-2] or ".ci/run" in row, row


def test_every_file_security_md_names_exists() -> None:
    for path in re.findall(r"`((?:fuzz|cardkit|tests)/[\w/.-]+\.py)`", SECURITY):
        assert (ROOT / path).is_file(), path


# The promises of the second hardening pass (issue 21), each in a row that names its tests.
SECOND_PASS = {
    "Pictures cannot run code in the rulebook's pages": "svg-icon-script-rulebook",
    "Nothing is left out in silence": "test_an_unreadable_folder_or_file_of_a_game",
    "A place is where an editor shows it": "yaml-line-separator-in-a-comment",
    "A worker that fails does not fail the command": "test_workers_that_cannot_start",
    "Input cannot exhaust memory or time": "csv-15-million-commas-in-a-row",
    "Outputs are what the input says": "test_tts_backs_and_sheets_named_alike",
    "Unknown input finds no crash": "test_fuzz_surfaces.py",
}


def test_the_promises_of_the_second_pass_each_have_a_row_and_a_test() -> None:
    rows = {row.split("|")[1].strip(): row for row in _promise_rows()}
    for promise, test in SECOND_PASS.items():
        assert promise in rows, promise
        assert test in rows[promise], (promise, test)

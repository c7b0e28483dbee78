"""The command table: ``cardkit --help`` lists every command from it without importing any
command's module, and each command's module is imported only when that command is run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import COMMANDS, Command, main

ROOT = Path(__file__).resolve().parent.parent


def _loaded_after(argv: list[str]) -> set[str]:
    """The modules imported by one fresh ``cardkit`` run with ``argv``."""
    code = (
        "import sys\nfrom cardkit.cli import main\n"
        f"try: main({argv!r})\nexcept SystemExit: pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(result.stderr.split("\n")[-2].split())


def test_help_lists_every_command_and_imports_no_command_module() -> None:
    loaded = _loaded_after(["--help"])
    assert {command.module for command in COMMANDS} & loaded == set()
    assert {"rich", "typing", "cardkit.cli.output", "cardkit.diagnostics"} & loaded == set()


def test_help_shows_each_command_with_its_line_of_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    for command in COMMANDS:
        assert f"{command.name} {command.help}" in text


def test_a_command_imports_its_own_module_and_no_other() -> None:
    loaded = _loaded_after(["validate", "--help"])
    modules = {command.module for command in COMMANDS}
    assert modules & loaded == {"cardkit.cli.validate"}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_each_row_names_a_module_whose_parser_is_the_commands(
    command: Command, capsys: pytest.CaptureFixture[str]
) -> None:
    module = command.load()
    assert callable(module.add_arguments)
    assert callable(module.run)
    with pytest.raises(SystemExit) as stopped:
        main([command.name, "--help"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: cardkit {command.name} ")


def test_the_names_are_distinct_and_the_modules_too() -> None:
    assert len({command.name for command in COMMANDS}) == len(COMMANDS)
    assert len({command.module for command in COMMANDS}) == len(COMMANDS)

"""Every command answers bad input the same way: a missing or wrong path is a located CK001
and exit status 1, a wrong command line exit status 2, and never a traceback (status 3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import COMMANDS, main
from cardkit.cli.output import EXIT_ERRORS, EXIT_USAGE

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = str(ROOT / "cards" / "star-realms")

# A game folder (or spreadsheet) as each command takes it; OUT is where output would go.
BAD_PATH: dict[str, list[str]] = {
    "validate": ["validate", "{path}"],
    "explain": ["explain", "{path}"],
    "schema": ["schema", "{path}", "-o", "{out}"],
    "build": ["build", "{path}", "-o", "{out}"],
    "import": ["import", "{path}", "--game", STAR_REALMS, "-o", "{out}/cards.yaml"],
    "fmt": ["fmt", "{path}"],
    "costs": ["costs", "{path}"],
    "rulebook": ["rulebook", "{path}", "-o", "{out}"],
    "sim": ["sim", "{path}", "--games", "2", "-o", "{out}"],
    "serve": ["serve", "{path}", "--port", "0", "-o", "{out}"],
}
# `cardkit new` reads no path: it makes a game folder (--into a file is a usage error).
NO_INPUT_PATH = {"new"}

BAD_OPTION: dict[str, list[str]] = {
    "validate": ["validate", STAR_REALMS, "--format", "xml"],
    "explain": ["explain", STAR_REALMS, "--bogus"],
    "schema": ["schema"],
    "new": ["new"],
    "build": ["build", STAR_REALMS, "--paper", "a5", "-o", "{out}"],
    "import": ["import", "cards.csv", "-o", "{out}/cards.yaml"],
    "fmt": ["fmt", STAR_REALMS, "--check", "--bogus"],
    "costs": ["costs", STAR_REALMS, "--top", "-1"],
    "rulebook": ["rulebook", STAR_REALMS, "--format", "doc", "-o", "{out}"],
    "sim": ["sim", STAR_REALMS, "--games", "0", "-o", "{out}"],
    "serve": ["serve", STAR_REALMS, "--port", "-1", "-o", "{out}"],
}

NAMES = sorted(command.name for command in COMMANDS)


def _run(
    capsys: pytest.CaptureFixture[str], argv: list[str], path: str, out: Path
) -> tuple[int, str]:
    capsys.readouterr()
    status = main([arg.format(path=path, out=out) for arg in argv])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_the_tables_cover_every_command() -> None:
    assert sorted([*BAD_PATH, *NO_INPUT_PATH]) == NAMES
    assert sorted(BAD_OPTION) == NAMES


KINDS = ["missing", "a file", "an empty folder"]


# A file is what `cardkit import` reads (as CSV), so it is no bad path there.
@pytest.mark.parametrize(
    ("name", "kind"),
    [(n, k) for n in sorted(BAD_PATH) for k in KINDS if (n, k) != ("import", "a file")],
)
def test_a_bad_path_is_a_located_ck001_and_exit_status_1(
    name: str,
    kind: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    if kind == "missing":
        path = "no-such-game"
    elif kind == "a file":
        path = "notes.txt"
        Path(path).write_text("not a game\n", encoding="utf-8")
    else:
        path = "empty"
        Path(path).mkdir()
    status, printed = _run(capsys, BAD_PATH[name], path, out)
    assert status == EXIT_ERRORS, printed
    located = [line for line in printed.splitlines() if line.startswith(f"{path}: error[CK001] ")]
    assert len(located) == 1, printed
    assert "internal error" not in printed and "Traceback" not in printed
    assert not out.exists()


@pytest.mark.parametrize("name", NAMES)
def test_a_bad_command_line_is_exit_status_2_with_the_usage(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    status, printed = _run(capsys, BAD_OPTION[name], "", out)
    assert status == EXIT_USAGE, printed
    assert f"usage: cardkit {name}" in printed
    assert "cardkit: error: " in printed
    assert "internal error" not in printed and "Traceback" not in printed
    assert not out.exists()


def test_the_installed_command_gives_the_same_statuses_without_a_traceback(
    tmp_path: Path,
) -> None:
    for argv, expected in ((["fmt", "no-such-game"], 1), (["costs", STAR_REALMS, "--top", "x"], 2)):
        result = subprocess.run(
            [sys.executable, "-m", "cardkit", *argv],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert result.returncode == expected, result.stderr
        assert "Traceback" not in result.stderr + result.stdout


def test_an_unknown_option_before_the_command_is_told_with_cardkit_s_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, printed = _run(capsys, ["--bogus", "validate", STAR_REALMS], "", tmp_path)
    assert status == EXIT_USAGE
    assert printed.startswith("usage: cardkit [-h] [--version]")
    assert printed.endswith("cardkit: error: unrecognized arguments: --bogus\n")

"""Bad export options: each is a usage error (exit status 2) that says what to give instead,
and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from exports_game import write_game

from cardkit.cli import main

BAD_OPTIONS = [
    (
        "give 72 to 1200 dpi",
        [["--png", "--dpi", bad] for bad in ("0", "71", "1201", "high", "nan")],
    ),
    (
        "is not a web address",
        [
            ["--tts", "--tts-url", bad]
            for bad in ("example.com/x", "ftp://example.com/", "https://", "/tmp/x")
        ],
    ),
    (
        "--only: no card 'nobody'",
        [["--only", "nobody"], ["--single", "--only", "red-keep", "--only", "nobody"]],
    ),
]


@pytest.mark.parametrize(
    ("message", "options"),
    [(message, options) for message, cases in BAD_OPTIONS for options in cases],
)
def test_bad_export_options_are_usage_errors_that_write_nothing(
    tmp_path: Path, message: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(tmp_path / "game")
    out = tmp_path / "out"
    assert main(["build", str(game), *options, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()

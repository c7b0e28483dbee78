"""An output that cannot be written is a located CK005, whichever command writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.cli.output import EXIT_ERRORS


def test_a_new_game_that_cannot_be_created_is_a_ck005_naming_the_file_in_the_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("in the way\n", encoding="utf-8")
    assert main(["new", "Moon Tactics", "--into", "afile/games"]) == EXIT_ERRORS
    assert capsys.readouterr().err == (
        "afile/games/moon-tactics: error[CK005] cannot write output: "
        "'afile' is a file, not a folder\n"
        "    hint: choose another place with --into, or make room there\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]

"""Set-level fixtures: each folder of tests/fixtures/rules/set/ is one broken (or clean) set.

A folder starts from a base game -- ``base/`` beside it; or what its ``base`` file names:
``star-realms`` (``cards/star-realms``), another fixture folder, or ``none`` -- then:

- ``NAME.replace`` edits the base's file NAME: a run of ``-`` lines (the old text) followed by
  a run of ``+`` lines (the new text), as many such pairs as needed;
- any other file (but ``expect``) is added, or replaces the base's file of that name;
- ``expect`` holds the exact lines ``cardkit validate`` prints, with ``{game}`` for the game
  folder; an empty ``expect`` is a clean set that must print nothing and exit 0.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "tests" / "fixtures" / "rules" / "set"
BASES = {"base": SET / "base", "star-realms": ROOT / "cards" / "star-realms"}
CASES = sorted(p for p in SET.iterdir() if p.is_dir() and p.name != "base")
SPECIAL = {"base", "expect"}


def _replace(text: str, edits: str, where: Path) -> str:
    olds: list[str] = []
    news: list[str] = []

    def apply() -> None:
        nonlocal text
        old, new = "".join(olds), "".join(news)
        assert text.count(old) == 1, f"{where}: {old!r} must occur once in the base file"
        text = text.replace(old, new)
        olds.clear()
        news.clear()

    for line in edits.splitlines(keepends=True):
        if line.startswith("-"):
            if news:
                apply()
            olds.append(line[1:])
        elif line.startswith("+"):
            news.append(line[1:])
        else:
            raise AssertionError(f"{where}: every line starts with '-' or '+': {line!r}")
    apply()
    return text


def build_fixture(case: Path, folder: Path) -> Path:
    """The fixture's game folder, made in ``folder``."""
    base_file = case / "base"
    base = base_file.read_text(encoding="utf-8").strip() if base_file.exists() else "base"
    if base == "none":
        folder.mkdir()
    else:
        shutil.copytree(BASES.get(base, SET / base), folder)
    for path in sorted(case.iterdir()):
        if path.name in SPECIAL or path.name.startswith("."):
            continue
        if path.suffix == ".replace":
            target = folder / path.stem
            edits = path.read_text(encoding="utf-8")
            target.write_text(_replace(target.read_text(encoding="utf-8"), edits, path), "utf-8")
        else:
            shutil.copy(path, folder / path.name)
    return folder


def test_there_are_at_least_twenty_broken_sets_and_some_clean_ones() -> None:
    expects = [(case / "expect").read_text(encoding="utf-8") for case in CASES]
    assert sum(1 for e in expects if e.strip()) >= 20
    assert sum(1 for e in expects if not e.strip()) >= 2


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_set_prints_exactly_its_diagnostics(
    case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = build_fixture(case, tmp_path / "game")
    expected = [
        line.replace("{game}", str(game))
        for line in (case / "expect").read_text(encoding="utf-8").splitlines()
    ]
    status = main(["validate", str(game)])
    out, err = capsys.readouterr()
    assert out.splitlines() == expected
    errors = sum(1 for line in expected if ": error[" in line)
    assert status == (1 if errors else 0), err


def test_the_base_game_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BASES["base"])]) == 0
    assert capsys.readouterr().out == ""

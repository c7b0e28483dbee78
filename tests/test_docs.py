"""The documentation is part of the product: its codes, examples and commands must stay true.

README.md keeps the pitch, the two commands and a tour; the reference is the site built from
docs/ with MkDocs, whose diagnostic code table ``docs/hooks.py`` makes from ``CODES``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from readme_helpers import DOCS, page

from cardkit.cli import main
from cardkit.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _hooks() -> ModuleType:
    """docs/hooks.py, the MkDocs hook module that writes the code table."""
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _code_table() -> dict[str, str]:
    rows = re.findall(r"^\| (CK\d{3}) \| ([^|]+) \|", _hooks().code_table(), flags=re.MULTILINE)
    return {code: meaning.strip() for code, meaning in rows}


def test_every_diagnostic_code_is_documented_with_its_meaning() -> None:
    table = _code_table()
    missing = sorted(set(CODES) - set(table))
    assert not missing, f"codes missing from the docs: {missing}"
    for code, meaning in CODES.items():
        assert table[code] == meaning, code


def test_the_docs_document_no_code_that_does_not_exist() -> None:
    assert sorted(set(_code_table()) - set(CODES)) == []


def test_every_documented_code_has_an_example_line_with_that_code() -> None:
    rows = 0
    for line in _hooks().code_table().splitlines():
        match = re.match(r"^\| (CK\d{3}) \|[^|]+\| `([^`]+)` \|$", line)
        if match:
            rows += 1
            assert f"[{match.group(1)}]" in match.group(2), line
    assert rows == len(CODES)


def test_the_code_table_page_holds_the_generated_table() -> None:
    assert _hooks().MARKER in page("diagnostics.md")


def test_readme_card_format_example_validates(tmp_path: Path, capsys: object) -> None:
    blocks = re.findall(r"```yaml\n(.*?)```", page("card-format.md"), flags=re.DOTALL)
    game_yaml, cards_yaml = blocks[0], blocks[1]
    assert game_yaml.startswith("id: moon-tactics")
    (tmp_path / "game.yaml").write_text(game_yaml, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(cards_yaml, encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 0


def test_readme_names_the_two_commands_that_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = re.findall(r"^    (python3 -m venv .*)$", README, flags=re.MULTILINE)
    assert len(commands) == 2
    for command in commands:
        assert command in ci, command


def test_readme_is_at_most_250_lines() -> None:
    assert len(README.splitlines()) <= 250


def _reference_section() -> str:
    return page("rulebook.md")


def test_readme_sheets_example_is_a_valid_game_declaration(tmp_path: Path) -> None:
    example = re.findall(r"```yaml\n(.*?)```", _reference_section(), flags=re.DOTALL)[0]
    assert example.startswith("sheets:")
    game = (ROOT / "cards" / "star-realms" / "game.yaml").read_text(encoding="utf-8")
    game = game.split("\nsheets:", 1)[0] + "\n" + example
    shutil.copytree(ROOT / "cards" / "star-realms", tmp_path / "game")
    (tmp_path / "game" / "game.yaml").write_text(game, encoding="utf-8")
    assert main(["validate", str(tmp_path / "game")]) == 0


def test_readme_template_example_extends_the_builtin_markdown(tmp_path: Path) -> None:
    example = re.findall(r"```jinja\n(.*?)```", _reference_section(), flags=re.DOTALL)[0]
    game = tmp_path / "game"
    shutil.copytree(ROOT / "tests" / "fixtures" / "rulebook" / "skirmish", game)
    (game / "rulebook" / "reference.md.j2").write_text(example, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["rulebook", str(game), "-o", str(out), "--format", "md"]) == 0
    text = (out / "reference.md").read_text(encoding="utf-8")
    assert text.rstrip().endswith("Printed for the Skirmish playtest.")


def _indented(text: str, containing: str) -> list[str]:
    """The indented block of ``text`` (output shown as printed) holding ``containing``."""
    for block in re.findall(r"(?:^    .*\n)+", text, flags=re.MULTILINE):
        if containing in block:
            return [line[4:] for line in block.splitlines()]
    raise AssertionError(f"no example output with {containing!r}")


def _validate(
    capsys: pytest.CaptureFixture[str], *, status: int, game: str = "cards/moon-tactics"
) -> list[str]:
    """What `cardkit validate` prints: the diagnostics, then (on stderr) the count."""
    capsys.readouterr()
    assert main(["validate", game]) == status
    out, err = capsys.readouterr()
    return out.splitlines() + err.splitlines()


@pytest.mark.parametrize("where", ["README.md", "docs/tutorial.md"])
def test_the_tour_runs_as_written(
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = (ROOT / where).read_text(encoding="utf-8")
    (card,) = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.DOTALL) if "Eclipse" in b]
    monkeypatch.chdir(tmp_path)
    assert main(["new", "Moon Tactics"]) == 0
    assert _validate(capsys, status=0) == ["0 errors, 0 warnings in 9 cards"]
    cards = tmp_path / "cards" / "moon-tactics" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + card, encoding="utf-8")
    assert _validate(capsys, status=1) == _indented(text, "error[CK109]")
    # The fix the tour asks for, then the set's wording.
    cards.write_text(cards.read_text(encoding="utf-8").replace("Drwa a", "draw a"), "utf-8")
    if "warning[CK108]" in text:
        assert _validate(capsys, status=0)[:2] == _indented(text, "warning[CK108]")
    assert main(["fmt", "cards/moon-tactics"]) == 0
    assert "text: Gain 1 Gold. Draw a card.\n" in cards.read_text(encoding="utf-8")
    assert _validate(capsys, status=0) == ["0 errors, 0 warnings in 10 cards"]
    assert main(["explain", "cards/moon-tactics", "Eclipse Raider"]) == 0
    assert main(["build", "cards/moon-tactics"]) == 0
    assert (tmp_path / "output" / "moon-tactics" / "deck.pdf").is_file()


def test_the_site_builds_with_no_warning(tmp_path: Path) -> None:
    """`mkdocs build --strict`: every page in the navigation, every link and anchor found."""
    pytest.importorskip("mkdocs")  # a test dependency: skipped only where it is missing
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    codes = (site / "diagnostics" / "index.html").read_text(encoding="utf-8")
    assert all(f"<td>{code}</td>" in codes for code in CODES)
    security = (site / "security" / "index.html").read_text(encoding="utf-8")
    assert "Reporting a problem" in security  # SECURITY.md, included whole
    for name in sorted(path.stem for path in DOCS.glob("*.md")):
        built = site / ("index.html" if name == "index" else f"{name}/index.html")
        assert built.is_file(), name


def test_the_api_page_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (example,) = re.findall(r"```python\n(.*?)```", page("api.md"), flags=re.DOTALL)
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {}
    exec(compile(example, "docs/api.md", "exec"), namespace)
    assert namespace["card_set"] is not None
    assert namespace["problems"] == []  # the sample game is clean
    assert capsys.readouterr().out == ""

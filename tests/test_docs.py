"""README is part of the product: its codes, examples and commands must stay true."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from cardkit.cli import main
from cardkit.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _code_table() -> dict[str, str]:
    rows = re.findall(r"^\| (CK\d{3}) \| ([^|]+) \|", README, flags=re.MULTILINE)
    return {code: meaning.strip() for code, meaning in rows}


def test_every_diagnostic_code_is_documented_in_readme_with_its_meaning() -> None:
    table = _code_table()
    missing = sorted(set(CODES) - set(table))
    assert not missing, f"codes missing from README: {missing}"
    for code, meaning in CODES.items():
        assert table[code] == meaning, code


def test_readme_documents_no_code_that_does_not_exist() -> None:
    assert sorted(set(_code_table()) - set(CODES)) == []


def test_every_documented_code_has_an_example_line_with_that_code() -> None:
    for line in README.splitlines():
        match = re.match(r"^\| (CK\d{3}) \|[^|]+\| `([^`]+)` \|$", line)
        if match:
            assert f"[{match.group(1)}]" in match.group(2), line


def test_readme_card_format_example_validates(tmp_path: Path, capsys: object) -> None:
    blocks = re.findall(r"```yaml\n(.*?)```", README, flags=re.DOTALL)
    game_yaml, cards_yaml = blocks[0], blocks[1]
    assert game_yaml.startswith("id: moon-tactics")
    (tmp_path / "game.yaml").write_text(game_yaml, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(cards_yaml, encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 0


def test_readme_names_the_two_commands_that_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in re.findall(r"^    (python3 -m venv .*)$", README, flags=re.MULTILINE):
        assert command in ci, command


def _reference_section() -> str:
    return README.split("## Reference pages", 1)[1].split("\n## ", 1)[0]


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

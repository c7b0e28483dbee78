"""The English word list: its inflections, and that it is read only when a line does not parse."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.rules.english import english_words

ROOT = Path(__file__).resolve().parent.parent


def test_the_list_knows_the_inflections_card_text_uses() -> None:
    words = english_words()
    inflected = "installs installed installing trashed trashes scrapping scrapped discards"
    assert set(inflected.split()) <= words.keys()
    assert words["the"] > words["trash"] > words["trashes"] > 0  # counts of use
    assert english_words() is words  # read once


def _modules_after(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", f"import sys\n{code}\nprint('spellchecker' in sys.modules)"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    return result.stdout.strip().splitlines()[-1]


def test_help_and_a_set_whose_text_parses_do_not_read_the_list() -> None:
    assert (
        _modules_after(
            "from cardkit.cli import main\ntry: main(['--help'])\nexcept SystemExit: pass"
        )
        == "False"
    )
    code = "from cardkit.cli import main\nmain(['validate', 'cards/star-realms'])"
    assert _modules_after(code) == "False"


@pytest.mark.parametrize(
    "text",
    [
        "Perhaps pay 2.",  # a line that does not parse
        "Pay 2 eventually.",  # a word the grammar reads as written, not one of its own
    ],
)
def test_a_word_the_grammar_does_not_know_reads_the_list(tmp_path: Path, text: str) -> None:
    (tmp_path / "game.yaml").write_text("id: g\nname: G\ncard_types: {ship: {name: Ship}}\n")
    (tmp_path / "cards.yaml").write_text(f"cards:\n  - {{name: A, type: ship, text: {text}}}\n")
    code = f"from cardkit.cli import main\nmain(['validate', {str(tmp_path)!r}])"
    assert _modules_after(code) == "True"

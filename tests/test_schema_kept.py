"""Schema checks kept between runs (cardkit/load/checked.py): a value found clean is not checked
again, a value with an error always is, and the diagnostics and outputs are the same with or
without what was kept."""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cachedir import CACHE_ENV, PerFolder
from cardkit.diagnostics import SourceMap
from cardkit.load import checked
from cardkit.load.checked import KeptChecks, file_key, schema_digest, value_key
from cardkit.load.schema import compile_schema, diagnose

ROOT = Path(__file__).resolve().parent.parent
STAR = ROOT / "cards" / "star-realms"
SCHEMA = {"type": "object", "properties": {"cost": {"type": "integer"}}}


def test_only_values_json_writes_back_exactly_are_kept() -> None:
    digest = schema_digest(SCHEMA)
    assert value_key(digest, {"cost": 3, "name": "a"}) == value_key(
        digest, {"name": "a", "cost": 3}
    )
    assert value_key(digest, {"cost": 3}) != value_key(digest, {"cost": 3.0})
    assert value_key(digest, {"cost": 1}) != value_key(digest, {"cost": True})
    assert value_key(digest, {"cost": 3}) != value_key(
        schema_digest({"type": "object"}), {"cost": 3}
    )
    for odd in (
        {1: "a"},  # written as {"1": "a"}
        {"cost": (1, 2)},  # written as a list
        {"cost": float("nan")},
        {"when": datetime.date(2024, 1, 1)},
        {True: 1},
    ):
        assert value_key(digest, odd) is None, odd


def test_a_clean_value_is_kept_and_a_value_with_errors_never(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(checked, "_KEPT", PerFolder(checked.KeptChecks))
    source = SourceMap("cards.yaml")
    assert diagnose(compile_schema(SCHEMA), {"cost": 2}, source) == []
    wrong = diagnose(compile_schema(SCHEMA), {"cost": "two"}, source)
    assert [d.code for d in wrong] == ["CK023"]
    checked.save_checks()
    (path,) = tmp_path.glob("schema-checked-*.json")
    assert path.stat().st_mode & 0o777 == 0o600
    kept = KeptChecks(tmp_path)
    digest = schema_digest(SCHEMA)
    assert kept.kept == {value_key(digest, {"cost": 2})}
    # read back in another process, the value is not checked: a checker that cannot check
    monkeypatch.setattr(checked, "_KEPT", PerFolder(checked.KeptChecks))
    broken = compile_schema(SCHEMA)
    monkeypatch.setattr(type(broken), "validator", property(lambda self: 1 / 0))
    assert diagnose(broken, {"cost": 2}, source) == []
    with pytest.raises(ZeroDivisionError):
        diagnose(broken, {"cost": 3}, source)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[: len(text) // 2],
        lambda text: text.replace('"format":1', '"format":2'),
        lambda text: text.replace('"key":"', '"key":"0'),
        lambda text: text.replace('"clean":["', '"clean":[1,"'),
        lambda text: "[]",
    ],
    ids=["cut", "format", "key", "entry", "list"],
)
def test_a_spoilt_file_is_ignored(tmp_path: Path, spoil: object) -> None:
    first = KeptChecks(tmp_path)
    first.add("a" * 32)
    first.save()
    assert KeptChecks(tmp_path).kept == {"a" * 32}
    assert first.path is not None
    first.path.write_text(spoil(first.path.read_text()))  # type: ignore[operator]
    assert KeptChecks(tmp_path).kept == set()


def test_a_file_others_could_have_written_is_never_read_nor_written(tmp_path: Path) -> None:
    first = KeptChecks(tmp_path)
    first.add("a" * 32)
    first.save()
    assert first.path is not None
    first.path.chmod(0o664)
    second = KeptChecks(tmp_path)
    assert second.kept == set()
    second.add("b" * 32)
    second.save()
    assert first.path.stat().st_mode & 0o777 == 0o664  # left as it is
    assert json.loads(first.path.read_text())["clean"] == ["a" * 32]


def test_the_key_holds_the_code_that_decides_a_check() -> None:
    files = {path.name for path in checked._module_files("jsonschema")}
    assert {"validators.py", "_keywords.py", "_types.py"} <= files
    assert {"_core.py"} <= {path.name for path in checked._module_files("referencing")}
    assert file_key() == checked.file_key()


def _cardkit(cache_dir: str, *args: str) -> tuple[int, str, bool]:
    """A command in a fresh process: its exit status, what it said, and whether it imported
    jsonschema or PyYAML (some file of the game not kept from the run before)."""
    code = (
        "import sys\n"
        "from cardkit.cli import main\n"
        f"status = main({list(args)!r})\n"
        "print('JSONSCHEMA', 'jsonschema' in sys.modules or 'yaml' in sys.modules,"
        " file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    env = {**os.environ, CACHE_ENV: cache_dir, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    errors, _, imported = done.stderr.rpartition("JSONSCHEMA ")
    return done.returncode, done.stdout + errors, imported.strip() == "True"


def test_a_rebuild_reads_and_checks_nothing_again_and_says_the_same(tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    runs = []
    for name, cache_dir in (("none", ""), ("cold", cache), ("warm", cache)):
        out = tmp_path / name
        status, said, imported = _cardkit(cache_dir, "build", str(STAR), "-o", str(out))
        assert status == 0, said
        assert imported == (name != "warm"), name
        runs.append((said.replace(str(out), "OUT"), (out / "deck.pdf").read_bytes()))
    assert runs[0] == runs[1] == runs[2]


def test_a_card_with_an_error_is_checked_at_every_run(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(STAR, game)
    starters = game / "starters.yaml"
    text = starters.read_text(encoding="utf-8")
    assert "    cost: 0\n    count: 32\n" in text
    starters.write_text(
        text.replace("cost: 0\n    count: 32", "cost: lots\n    count: 32"), "utf-8"
    )
    cache = str(tmp_path / "cache")
    runs = []
    for cache_dir in ("", cache, cache):
        status, said, imported = _cardkit(cache_dir, "validate", str(game))
        assert status == 1 and imported, said
        runs.append(said)
    assert "starters.yaml" in runs[0] and "error[CK023] cost must be a whole number" in runs[0], (
        runs[0]
    )
    assert runs[0] == runs[1] == runs[2]

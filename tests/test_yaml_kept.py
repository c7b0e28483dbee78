"""YAML files read in an earlier run, kept (cardkit/load/yamlkept.py): read back exactly as
PyYAML read them, places included; never a file with a problem or a value JSON cannot hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.cachedir import CACHE_ENV, PerFolder
from cardkit.diagnostics import SourceMap
from cardkit.load import yamlkept
from cardkit.load.loaded import LoadedYaml
from cardkit.load.yamlkept import KeptYaml, decode, encode, load_yaml
from cardkit.load.yamlsource import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "cards").rglob("*.yaml"))


def _same(one: LoadedYaml, other: LoadedYaml) -> bool:
    return (
        one.value == other.value
        and one.diagnostics == other.diagnostics
        and one.source.path == other.source.path
        and list(one.source.values.packed.items()) == list(other.source.values.packed.items())
        and list(one.source.keys.packed.items()) == list(other.source.keys.packed.items())
    )


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(yamlkept, "_KEPT", PerFolder(yamlkept.KeptYaml))
    return tmp_path


def test_every_sample_file_reads_back_as_pyyaml_read_it(cache: Path) -> None:
    assert len(FILES) > 20
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        read = parse_yaml(text, path.name)
        assert _same(load_yaml(text, path.name), read), path
    yamlkept.save_read()
    again = KeptYaml(cache)
    assert len(again.kept) == len({p.read_text(encoding="utf-8") for p in FILES})
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        back = decode(again.kept[yamlkept._entry_key(text, path.name)], path.name)
        assert back is not None and _same(back, parse_yaml(text, path.name)), path


def test_a_file_read_back_is_not_composed_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "cards:\n  - name: Scout\n    cost: 0\n    text: |-\n      Gain 1 Trade.\n"
    first = load_yaml(text, "a.yaml")
    first.source.values[("cards",)] = (9, 9)  # what a caller does to its copy stays its own
    yamlkept.save_read()
    monkeypatch.setattr(yamlkept, "_KEPT", PerFolder(yamlkept.KeptYaml))
    monkeypatch.setattr(yamlkept, "_parse", lambda text, path: 1 / 0)
    back = load_yaml(text, "a.yaml")
    assert _same(back, parse_yaml(text, "a.yaml"))
    with pytest.raises(ZeroDivisionError):  # another path is another entry
        load_yaml(text, "b.yaml")


@pytest.mark.parametrize(
    "text",
    [
        "cards: [1, 2\n",  # a syntax error (CK010)
        "cost: !!python/object:os.system x\n",  # a refused tag (CK011)
        "a: &x [1]\nb: *x\n" + "c: " + "x" * yamlkept.MAX_FILE_CHARS + "\n",  # too long
    ],
)
def test_what_is_not_kept(cache: Path, text: str) -> None:
    read = load_yaml(text, "t.yaml")
    assert _same(read, parse_yaml(text, "t.yaml"))
    assert yamlkept.kept_yaml().new == {}
    assert encode(read) is None or len(text) > yamlkept.MAX_FILE_CHARS


def test_a_value_json_would_not_write_back_is_not_kept() -> None:
    assert encode(LoadedYaml({"a": [1, 2.5, None, True]}, SourceMap("t"), [])) is not None
    for odd in ({1: "one"}, {"a": (1, 2)}, {"a": float("inf")}):
        assert encode(LoadedYaml(odd, SourceMap("t"), [])) is None, odd
    place = SourceMap("t")
    place.values[("a", True)] = (1, 1)
    assert encode(LoadedYaml({"a": 1}, place, [])) is None


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[: len(text) // 2],
        lambda text: text.replace('"format":1', '"format":2'),
        lambda text: text.replace('"key":"', '"key":"0'),
        lambda text: text.replace('"files":{"', '"files":{"x":1,"'),
    ],
    ids=["cut", "format", "key", "entry"],
)
def test_a_spoilt_file_is_not_used(cache: Path, spoil: object) -> None:
    load_yaml("a: 1\n", "t.yaml")
    yamlkept.save_read()
    (path,) = cache.glob("yaml-read-*.json")
    assert path.stat().st_mode & 0o777 == 0o600
    assert KeptYaml(cache).kept
    path.write_text(spoil(path.read_text()))  # type: ignore[operator]
    assert KeptYaml(cache).kept == {}


@pytest.mark.parametrize(
    "entry",
    [
        "[1, [], []",
        '{"v": 1}',
        '[1, [[["a"], 1.5]], []]',
        '[1, [[["a", true], 3]], []]',
        "[1, 2, []]",
    ],
)
def test_an_entry_not_of_the_form_written_is_not_used(entry: str) -> None:
    assert decode(entry, "t.yaml") is None
    assert decode('[{"a": 1}, [[["a"], 3]], [[["a"], [1, 2]]]]', "t.yaml") is not None


def test_the_key_holds_the_code_that_reads_yaml() -> None:
    root = Path(yamlkept.__file__).resolve().parent.parent
    assert all((root / name).is_file() for name in yamlkept._READERS)

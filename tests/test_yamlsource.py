"""yamlsource: safe YAML with the 1.2 core schema, and the place of every key and value."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardkit.diagnostics import Location
from cardkit.load import yamlsource
from cardkit.load.yamlsource import MAX_ALIAS_EXPANSION, parse_yaml

INVALID_CARDS = Path(__file__).resolve().parent / "fixtures" / "cards" / "invalid"


def _value(text: str) -> object:
    loaded = parse_yaml(text, "t.yaml")
    assert loaded.diagnostics == []
    return loaded.value


def _messages(text: str) -> list[str]:
    return [str(d) for d in parse_yaml(text, "t.yaml").diagnostics]


# --- YAML 1.2 core schema -------------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["on", "off", "yes", "no", "y", "n", "Yes", "NO", "On", "OFF", "Y", "N"]
)
def test_yaml_1_1_booleans_stay_strings(word: str) -> None:
    assert _value(f"a: {word}\n") == {"a": word}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("true", True), ("False", False), ("TRUE", True), ("null", None), ("~", None), ("", None)],
)
def test_core_schema_booleans_and_nulls(text: str, expected: object) -> None:
    assert _value(f"a: {text}\n") == {"a": expected}


@pytest.mark.parametrize("text", ["2024-01-01", "2024-01-01 10:00:00", "12:30", "1_000", "0b101"])
def test_dates_times_and_yaml_1_1_number_forms_stay_strings(text: str) -> None:
    assert _value(f"a: {text}\n") == {"a": text}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        ("-3", -3),
        ("+4", 4),
        ("010", 10),  # decimal in YAML 1.2, not octal
        ("09", 9),
        ("0o17", 15),
        ("0x1F", 31),
        ("1.5", 1.5),
        ("1e3", 1000.0),
        ("-.5", -0.5),
    ],
)
def test_core_schema_numbers(text: str, expected: object) -> None:
    value = _value(f"a: {text}\n")
    assert value == {"a": expected}
    assert type(value["a"]) is type(expected)  # type: ignore[index]


def test_infinity_and_not_a_number_are_no_numbers_of_a_card() -> None:
    # YAML reads them as floats; no card field is infinite (they printed as 'nan')
    assert _messages("a: .inf\nb: -.Inf\nc: .nan\n") == [
        "t.yaml:1:4: error[CK023] '.inf' is not a valid number",
        "t.yaml:2:4: error[CK023] '-.Inf' is not a valid number",
        "t.yaml:3:4: error[CK023] '.nan' is not a valid number",
    ]


def test_quoted_scalars_are_always_strings() -> None:
    assert _value("a: '3'\nb: \"true\"\nc: 'null'\n") == {"a": "3", "b": "true", "c": "null"}


def test_an_empty_document_is_none_without_diagnostics() -> None:
    loaded = parse_yaml("# only a comment\n", "t.yaml")
    assert (loaded.value, loaded.diagnostics) == (None, [])


def test_a_byte_order_mark_is_not_part_of_the_first_key() -> None:
    assert _value("\ufeffname: x\n") == {"name": "x"}


# --- where keys and values were written ------------------------------------------------

CARDS = """\
# a comment
cards:
  - name: Blob Fighter
    cost: 1
    tags: [cheap, fast]
  - name: "Ram"
    text: |-
      Gain 5 Combat.
"""


def test_keys_and_values_are_located_by_line_and_column() -> None:
    source = parse_yaml(CARDS, "c.yaml").source
    assert source.keys[("cards",)] == (2, 1)
    assert source.keys[("cards", 0, "name")] == (3, 5)
    assert source.values[("cards", 0, "name")] == (3, 11)
    assert source.keys[("cards", 0, "cost")] == (4, 5)
    assert source.values[("cards", 0, "cost")] == (4, 11)
    assert source.values[("cards", 0, "tags", 1)] == (5, 19)
    assert source.values[("cards", 1)] == (6, 5)
    assert source.values[("cards", 1, "name")] == (6, 11)  # the opening quote
    assert source.values[("cards", 1, "text")] == (7, 11)  # the '|-' of the block


def test_a_value_far_along_a_very_long_line_keeps_its_column() -> None:
    """Positions are held packed, one number each; a column too wide to pack is kept whole."""
    far = 2**20 + 7
    text = "cards:\n  - {text: " + "x" * (far - 20) + ", name: Ram}\n"
    source = parse_yaml(text, "c.yaml").source
    assert source.values[("cards", 0, "text")] == (2, 12)
    assert source.values[("cards", 0, "name")] == (2, far)
    assert source.keys[("cards", 0, "name")] == (2, far - 6)
    assert source.at(("cards", 0, "name", "nothing")) == Location("c.yaml", 2, far)
    assert source.values.get(("cards", 1), (9, 9)) == (9, 9)


def test_a_location_falls_back_to_the_nearest_written_ancestor() -> None:
    source = parse_yaml(CARDS, "c.yaml").source
    assert str(source.at(("cards", 1, "cost"))) == "c.yaml:6:5"
    assert str(source.at(("cards", 0, "cost"), key=True)) == "c.yaml:4:5"
    assert str(source.at(("nowhere", 3))) == "c.yaml:2:1"  # the top mapping


# --- merge keys ---------------------------------------------------------------------

MERGED = """\
base: &ship
  type: ship
  cost: 1
card:
  <<: *ship
  name: Scout
  cost: 2
"""


def test_merge_keys_copy_the_anchored_mapping_and_own_keys_win() -> None:
    assert _value(MERGED)["card"] == {"name": "Scout", "cost": 2, "type": "ship"}  # type: ignore[index]


def test_an_own_key_beside_a_merge_is_located_where_it_is_written() -> None:
    source = parse_yaml(MERGED, "m.yaml").source
    assert source.values[("card", "cost")] == (7, 9)
    assert source.keys[("card", "cost")] == (7, 3)
    # A merged key is located where the anchored mapping wrote it.
    assert source.values[("card", "type")] == (2, 9)


def test_merging_a_list_of_mappings_lets_the_earlier_one_win() -> None:
    text = "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n"
    assert _value(text)["c"] == {"x": 1, "y": 1, "z": 2}  # type: ignore[index]


def test_merging_something_that_is_not_a_mapping_is_an_error_at_the_merge_key() -> None:
    assert _messages("a: &a [1, 2]\nb:\n  <<: *a\n") == [
        "t.yaml:3:3: error[CK023] '<<' merges only mappings "
        "(write '<<: *name' with an anchored mapping)"
    ]


# --- what is refused ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a: !!python/object:os.system {}\n", "!!python/object:os.system"),
        ("a: !!python/name:os.system ''\n", "!!python/name:os.system"),
        ("a: !!binary aGVsbG8=\n", "!!binary"),
        ("a: !!set {x, y}\n", "!!set"),
        ("a: !local thing\n", "!local"),
    ],
)
def test_tags_are_refused_and_shown_as_written(text: str, shown: str) -> None:
    loaded = parse_yaml(text, "t.yaml")
    assert [d.code for d in loaded.diagnostics] == ["CK011"]
    assert loaded.diagnostics[0].message == f"YAML tag {shown!r} is not allowed in card data"
    assert loaded.value == {"a": None}


def test_a_python_tag_never_runs_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = f'!!python/object/apply:pathlib.Path ["{marker}"]'
    text = f"!!python/object/apply:pathlib.Path.touch [{path}]\n"
    parse_yaml(text, "t.yaml")
    assert not marker.exists()


def test_a_key_written_twice_is_reported_at_the_second_with_the_first_line() -> None:
    assert _messages("a: 1\nb: 2\na: 3\n") == [
        "t.yaml:3:1: error[CK012] key 'a' appears twice in this mapping (first on line 1) "
        "(hint: delete or rename one of them)"
    ]


def test_keys_that_read_the_same_are_the_same_key() -> None:
    assert [d.code for d in parse_yaml("1: a\n'1': b\n", "t.yaml").diagnostics] == ["CK012"]


def test_billion_laughs_stops_at_the_expansion_limit() -> None:
    text = (INVALID_CARDS / "alias-bomb.yaml").read_text(encoding="utf-8")
    loaded = parse_yaml(text, "bomb.yaml")
    assert loaded.value is None
    assert [(d.code, d.location.line) for d in loaded.diagnostics] == [("CK013", 7)]
    assert f"{MAX_ALIAS_EXPANSION:,}" in loaded.diagnostics[0].message


def test_a_few_aliases_are_fine() -> None:
    assert _value("a: &x [1, 2]\nb: *x\nc: *x\n") == {"a": [1, 2], "b": [1, 2], "c": [1, 2]}


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    depth = yamlsource.MAX_DEPTH + 5
    loaded = parse_yaml("a: " + "[" * depth + "]" * depth + "\n", "t.yaml")
    assert [d.code for d in loaded.diagnostics] == ["CK004"]


def test_an_integer_too_long_to_read_is_out_of_range() -> None:
    assert _messages("a: " + "9" * 5000 + "\n") == [
        "t.yaml:1:4: error[CK024] a number of 5,000 digits is too large"
    ]


def test_a_control_character_is_located() -> None:
    assert _messages("a: 1\nb: x\x1by\n") == [
        "t.yaml:2:5: error[CK002] control character U+001B is not allowed in a text file "
        "(hint: delete it; it is often left behind by copying from another program)"
    ]


# --- syntax errors: plain words, the same with and without libyaml --------------------

SYNTAX: list[tuple[str, str]] = [
    ("cards:\n  - name: x\n\ttype: ship\n", "3:1: tab character"),
    ("cards:\n\t- name: x\n", "2:1: tab character"),
    ("a:\n  b: 1\n c: 2\n", "3:2: bad indentation"),
    ("text: Scrap: Gain 2\n", "1:12: unexpected ':'"),
    ('name: "open\ntype: ship\n', "1:7: unclosed quote: this string runs to the end of the file"),
    ("name: 'open\n", "1:7: unclosed quote"),
    ('a:\n  - n: "x\n  - n: "y"\n', "3:9: unclosed quote above"),
    ("tags: [a, b\nc: 1\n", "1:7: unclosed '['"),
    ("tags: [a b c\n", "1:7: unclosed '['"),
    ("card: {name: x\n", "1:7: unclosed '{'"),
    ('name: "A" B\n', "1:11: unexpected text 'B' after the value"),
    ("a: ]\n", "1:4: unexpected ']'"),
    ("a: @x\n", "1:4: '@' cannot start a value"),
    ("a: *nowhere\n", "1:4: undefined alias '*nowhere'"),
    ("a: 1\n---\nb: 2\n", "2:1: more than one YAML document"),
    ("a: &x 1\nb: &x 2\n", "2:4: anchor '&x' is defined twice (first on line 1)"),
]


@pytest.mark.parametrize(("text", "expected"), SYNTAX, ids=[e for _, e in SYNTAX])
def test_syntax_errors_are_located_and_said_plainly(text: str, expected: str) -> None:
    [diag] = parse_yaml(text, "t.yaml").diagnostics
    assert diag.code == "CK010"
    where = f"{diag.location.line}:{diag.location.column}"
    assert f"{where}: {diag.message}".startswith(expected), str(diag)


def _loaders() -> list[type[yaml.SafeLoader]]:
    bases: list[type[yaml.SafeLoader]] = [yaml.SafeLoader]
    if hasattr(yaml, "CSafeLoader"):
        bases.append(yaml.CSafeLoader)
    return bases


@pytest.mark.parametrize(
    "text",
    [text for text, _ in SYNTAX]
    + [
        (INVALID_CARDS / name).read_text(encoding="utf-8")
        for name in sorted(p.name for p in INVALID_CARDS.glob("*.yaml"))
    ],
)
def test_libyaml_and_pure_python_give_the_same_diagnostics(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = []
    for base in _loaders():
        monkeypatch.setattr(yamlsource, "_CoreSchemaLoader", yamlsource.core_schema_loader(base))
        loaded = parse_yaml(text, "t.yaml")
        results.append(([str(d) for d in loaded.diagnostics], loaded.value))
    assert all(result == results[0] for result in results)


def test_the_characters_refused_are_those_yaml_does_not_accept() -> None:
    """``_UNPRINTABLE`` is written as what it refuses (quick to compile); every code point
    is refused exactly when YAML 1.2 (5.1) does not accept it in a stream."""
    from cardkit.load.yamlsource import _UNPRINTABLE

    def accepted(code: int) -> bool:
        return (
            code in (0x09, 0x0A, 0x0D, 0x85)
            or 0x20 <= code <= 0x7E
            or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD
            or 0x10000 <= code <= 0x10FFFF
        )

    refused = _UNPRINTABLE.fullmatch
    assert [c for c in range(0x110000) if (refused(chr(c)) is None) != accepted(c)] == []

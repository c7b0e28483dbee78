"""The card schema `cardkit schema` writes, checked against real card files with jsonschema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from readme_helpers import page
from ruamel.yaml import YAML

from cardkit.cli import main
from cardkit.load.cards import YAML_SUFFIXES, card_files
from cardkit.load.game import load_game
from cardkit.load.refsheets import sheets_file_validator
from cardkit.load.schema import card_file_schema, card_type_schema, load_schema
from cardkit.package_data import data_dir

CARDS = Path(__file__).resolve().parent.parent / "cards"
GAMES = sorted(path.name for path in CARDS.iterdir() if (path / "game.yaml").is_file())


def _validator(game_dir: Path) -> Draft202012Validator:
    game, problems = load_game(game_dir, str(game_dir))
    assert game is not None, problems
    schema = card_file_schema(game)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _leaves(err: ValidationError) -> list[ValidationError]:
    """The errors behind an error: the branches an anyOf tried, down to the last."""
    if not err.context:
        return [err]
    return [leaf for sub in err.context for leaf in _leaves(sub)]


def _messages(validator: Draft202012Validator, data: Any) -> list[str]:
    """Every error, with those of each branch a file might have been meant to match."""
    return sorted(
        f"{'/'.join(map(str, leaf.absolute_path))}: {leaf.message}"
        for err in validator.iter_errors(data)
        for leaf in _leaves(err)
    )


def _yaml(text: str) -> Any:
    return YAML(typ="safe", pure=True).load(text)


@pytest.mark.parametrize("name", GAMES)
def test_every_sample_card_file_passes_its_games_generated_schema(name: str) -> None:
    game_dir = CARDS / name
    validator = _validator(game_dir)
    files, problems = card_files(game_dir)
    assert not problems
    checked = [path for path in files if path.suffix in YAML_SUFFIXES]
    assert checked
    for path in checked:
        data = _yaml(path.read_text(encoding="utf-8"))
        assert _messages(validator, data) == [], path


@pytest.mark.parametrize("name", GAMES)
def test_every_schema_cardkit_validates_with_is_a_valid_json_schema(name: str) -> None:
    """compile_schema does not check its schema against the meta-schema at each run: the
    shipped schemas and each sample game's derived card type schemas are checked here."""
    game, problems = load_game(CARDS / name, name)
    assert game is not None, problems
    for type_id in game.card_types:
        Draft202012Validator.check_schema(card_type_schema(game, type_id))
    for shipped in sorted(data_dir("schemas").glob("*.schema.json")):
        Draft202012Validator.check_schema(load_schema(shipped.name))
    Draft202012Validator.check_schema(sheets_file_validator().schema)


@pytest.fixture(scope="module")
def star_realms() -> Draft202012Validator:
    return _validator(CARDS / "star-realms")


def test_type_from_defaults_need_not_be_repeated_on_each_card(
    star_realms: Draft202012Validator,
) -> None:
    data = _yaml("defaults: {type: scorecard}\ncards:\n  - {name: Ones, digit: ones}\n")
    assert _messages(star_realms, data) == []


def test_a_card_file_without_defaults_still_needs_name_and_type(
    star_realms: Draft202012Validator,
) -> None:
    data = _yaml("cards:\n  - {name: Scout}\n  - {type: ship}\n")
    messages = _messages(star_realms, data)
    assert any("'type' is a required property" in m for m in messages), messages
    assert any("'name' is a required property" in m for m in messages), messages


def test_a_name_not_in_the_defaults_is_still_required(
    star_realms: Draft202012Validator,
) -> None:
    data = _yaml("defaults: {type: scorecard}\ncards:\n  - {digit: ones}\n")
    assert any("'name' is a required property" in m for m in _messages(star_realms, data))


def test_fields_of_the_type_from_defaults_are_checked_on_each_card(
    star_realms: Draft202012Validator,
) -> None:
    data = _yaml("defaults: {type: scorecard}\ncards:\n  - {name: Ones, digit: hundreds}\n")
    assert any("'hundreds' is not one of" in m for m in _messages(star_realms, data))
    data = _yaml("defaults: {type: scorecard}\ncards:\n  - {name: Ones, digti: ones}\n")
    assert any("'digti' was unexpected" in m for m in _messages(star_realms, data))


def test_a_field_the_type_requires_comes_from_the_card_or_the_defaults(
    star_realms: Draft202012Validator,
) -> None:
    for text in (
        "defaults: {type: ship}\ncards:\n  - {name: Scout}\n",
        "defaults: {faction: blob}\ncards:\n  - {name: Scout, type: base, cost: 1}\n",
    ):
        messages = _messages(star_realms, _yaml(text))
        assert any("is a required property" in m for m in messages), text
    for text in (
        "defaults: {type: ship, cost: 1}\ncards:\n  - {name: Scout}\n",
        "defaults: {type: ship}\ncards:\n  - {name: Scout, cost: 1}\n",
        "defaults: {defense: 3}\ncards:\n  - {name: Post, type: base, cost: 1}\n",
    ):
        assert _messages(star_realms, _yaml(text)) == [], text


def test_a_bare_list_of_cards_is_a_card_file_too(star_realms: Draft202012Validator) -> None:
    assert _messages(star_realms, _yaml("- {name: Ones, type: scorecard, digit: ones}\n")) == []
    assert _messages(star_realms, _yaml("- {name: Ones}\n")) != []


def _glob(pattern: str) -> re.Pattern[str]:
    """A VS Code glob as a regular expression: '**/' is any folders, '*' any name part."""
    parts = re.split(r"(\*\*/|\*\*|\*)", pattern)
    table = {"**/": "(?:[^/]+/)*", "**": ".*", "*": "[^/]*"}
    return re.compile("".join(table.get(part, re.escape(part)) for part in parts))


def test_the_docs_editor_settings_give_the_card_schema_to_the_card_files_only() -> None:
    block = next(
        b
        for b in re.findall(r"```json\n(.*?)```", page("card-format.md"), re.DOTALL)
        if "yaml.schemas" in b
    )
    settings = json.loads(block)["yaml.schemas"]
    patterns = settings["./output/star-realms/cards.schema.json"]
    wanted = [_glob(p) for p in patterns if not p.startswith("!")]
    unwanted = [_glob(p[1:]) for p in patterns if p.startswith("!")]
    repo = CARDS.parent
    matched = {
        path.relative_to(repo).as_posix()
        for path in (CARDS / "star-realms").rglob("*.yaml")
        if any(g.fullmatch(path.relative_to(repo).as_posix()) for g in wanted)
        and not any(g.fullmatch(path.relative_to(repo).as_posix()) for g in unwanted)
    }
    files, _ = card_files(CARDS / "star-realms")
    assert matched == {p.relative_to(repo).as_posix() for p in files if p.suffix == ".yaml"}
    assert settings["./schemas/game.schema.json"] == "cards/*/game.yaml"


def test_cardkit_schema_writes_game_yaml_s_schema_beside_the_card_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["schema", str(CARDS / "star-realms")]) == 0
    folder = tmp_path / "output" / "star-realms"
    game_schema = json.loads((folder / "game.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(game_schema)
    for name in GAMES:
        data = _yaml((CARDS / name / "game.yaml").read_text(encoding="utf-8"))
        assert _messages(Draft202012Validator(game_schema), data) == [], name
    assert _messages(Draft202012Validator(game_schema), {"id": "x"}) != []
    written = json.loads((folder / "cards.schema.json").read_text(encoding="utf-8"))
    game, _ = load_game(CARDS / "star-realms", "star-realms")
    assert game is not None and written == card_file_schema(game)
    assert sorted(p.name for p in folder.iterdir()) == ["cards.schema.json", "game.schema.json"]

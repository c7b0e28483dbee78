"""Game-declared constraints: the 'covered' rule, its search, and its declaration errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from readme_helpers import page

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules.constraints import best_team, check_constraints, declared

ROOT = Path(__file__).resolve().parent.parent
UNSOLVABLE = ROOT / "tests" / "fixtures" / "games" / "unsolvable-dilemma"


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(UNSOLVABLE, folder)
    return folder


def _set_team(folder: Path, line: str) -> None:
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    team: 2\n", line))


# -- the search ------------------------------------------------------------------------------


def test_one_member_with_every_level_is_a_team_of_one() -> None:
    assert best_team((2.0, 1.0), [((3.0, 1.0), 1)], 1) == 1


def test_levels_add_up_across_members() -> None:
    members = [((2.0, 0.0), 1), ((0.0, 2.0), 1), ((1.0, 0.0), 1)]
    assert best_team((3.0, 2.0), members, 3) == 3
    assert best_team((3.0, 2.0), members, 2) is None


def test_copies_let_one_card_stand_twice_but_no_more_than_its_count() -> None:
    assert best_team((4.0,), [((2.0,), 2)], 3) == 2
    assert best_team((6.0,), [((2.0,), 2)], 3) is None


def test_the_fewest_members_are_counted() -> None:
    members = [((1.0,), 5), ((5.0,), 1)]
    assert best_team((5.0,), members, 5) == 1


def test_a_card_that_needs_nothing_is_met_by_the_empty_team() -> None:
    assert best_team((0.0, 0.0), [], 1) == 0


# -- the checks ------------------------------------------------------------------------------


def test_each_unmet_card_is_reported_with_the_field_that_no_team_reaches() -> None:
    found = check_constraints(_load(UNSOLVABLE))
    assert [(d.code, d.card, str(d.location), d.message) for d in found] == [
        (
            "CK170",
            "quantum-anomaly",
            f"{UNSOLVABLE}/cards.yaml:6:53",
            "no team of up to 2 crew cards meets dilemma 'Quantum Anomaly' (science 5); "
            "constraint 'every-dilemma-solvable'",
        ),
        (
            "CK170",
            "standoff",
            f"{UNSOLVABLE}/cards.yaml:7:5",
            "no team of up to 2 crew cards meets dilemma 'Standoff' "
            "(tactics 4, science 4, negotiation 3); constraint 'every-dilemma-solvable'",
        ),
    ]
    assert found[0].hint == (
        "the most science that 2 crew cards reach is 4; "
        "add crew cards with more science, or lower this dilemma's science"
    )
    assert found[1].hint is not None and "not all at once" in found[1].hint


def test_a_bigger_team_solves_the_combined_dilemma_but_not_the_short_field(
    tmp_path: Path,
) -> None:
    folder = _copy(tmp_path)
    _set_team(folder, "    team: 3\n")
    assert [d.card for d in check_constraints(_load(folder))] == ["quantum-anomaly"]


def test_a_team_of_one_by_default_says_so(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _set_team(folder, "")
    found = check_constraints(_load(folder))
    assert {d.card for d in found} == {"first-contact", "quantum-anomaly", "standoff"}
    assert found[0].message.startswith("no crew card meets dilemma 'First Contact'")


def test_validate_reports_the_constraint_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(UNSOLVABLE)]) == 1
    out = capsys.readouterr().out
    assert out.count("error[CK170]") == 2


@pytest.mark.parametrize(
    ("replace", "by", "message", "where"),
    [
        (
            "each: dilemma",
            "each: dilema",
            "unknown card type 'dilema' (did you mean 'dilemma'?)",
            "19:11",
        ),
        ("by: crew", "by: crow", "unknown card type 'crow' (did you mean 'crew'?)", "20:9"),
        (
            "[tactics, science, negotiation]",
            "[tactics, sience]",
            "'sience' is not a field of a dilemma (did you mean 'science'?)",
            "22:23",
        ),
    ],
)
def test_a_declaration_naming_what_the_game_lacks_is_ck031_at_the_name(
    tmp_path: Path, replace: str, by: str, message: str, where: str
) -> None:
    folder = _copy(tmp_path)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(replace, by))
    card_set = _load(folder)
    rules, found = declared(card_set.game)
    assert rules == []
    assert (found[0].code, found[0].message, str(found[0].location)) == (
        "CK031",
        message,
        f"{path}:{where}",
    )


def test_a_field_that_is_not_a_number_cannot_be_added_up(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "    fields: {tactics: {}, science: {}, negotiation: {}}\n",
            "    fields: {tactics: {type: string}, science: {}, negotiation: {}}\n",
            1,
        )
    )
    card_set, _ = load_card_set(folder, str(folder))  # the cards' numbers are not text now
    assert card_set is not None
    _, found = declared(card_set.game)
    assert [d.message for d in found] == ["field 'tactics' of a crew is string, not a number"]


def test_an_unknown_rule_is_refused_by_the_game_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(tmp_path)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rule: covered", "rule: coverd"))
    assert main(["validate", str(folder)]) == 1
    assert "CK0" in capsys.readouterr().out


def test_the_to_boldly_go_set_meets_its_constraint() -> None:
    card_set = _load(ROOT / "cards" / "to-boldly-go")
    rules, found = declared(card_set.game)
    assert found == [] and [rule.id for rule in rules] == ["every-dilemma-solvable"]
    assert check_constraints(card_set) == []


def test_the_docs_example_is_the_to_boldly_go_declaration() -> None:
    section = page("set-checks.md").split("## Constraints a game declares", 1)[1]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    game = _load(ROOT / "cards" / "to-boldly-go").game
    assert yaml.safe_load(block)["constraints"] == {
        rule.id: {
            "rule": rule.rule,
            "each": rule.each,
            "by": rule.by,
            "team": rule.team,
            "fields": list(rule.fields),
        }
        for rule in game.constraints
    }

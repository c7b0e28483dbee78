"""The cost model: fitted on the set itself, judging each card by a fit that never saw it."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.effects import Bond, Choice, DestroyTarget, Draw, Gain, OnBanish
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules.context import parse_set
from cardkit.rules.costmodel import (
    card_features,
    check_costs,
    cost_limits,
    effect_features,
    fit_costs,
    trigger_weight,
)

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = ROOT / "cards" / "star-realms"
BASE = ROOT / "tests" / "fixtures" / "rules" / "set" / "base"

CHEAP_TRICK = """\
cards:
  - name: Cheap Trick
    type: ship
    deck: personal
    cost: 1
    text: Gain 5 Combat. Draw 2 cards.
"""


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def _star_realms_with(tmp_path: Path, cards: str) -> Path:
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    (game / "extra.yaml").write_text(cards, encoding="utf-8")
    return game


def test_star_realms_fits_well_and_flags_no_card() -> None:
    context = parse_set(_load(STAR_REALMS))
    fit = fit_costs(context)
    assert fit is not None
    assert len(fit.cards) == 48  # distinct cards with a cost; copies count once
    assert fit.r_squared > 0.8
    assert 0.5 < fit.residual_sd < 1.5
    assert check_costs(context) == []
    assert fit.weights["draw"] > fit.weights["gain:combat"] > 0


def test_a_cheap_card_with_big_effects_is_flagged_with_its_expected_cost(tmp_path: Path) -> None:
    context = parse_set(_load(_star_realms_with(tmp_path, CHEAP_TRICK)))
    (diag,) = check_costs(context)
    assert diag.code == "CK140" and diag.card == "cheap-trick"
    expected = int(re.search(r"worth about (\d+)", diag.message).group(1))  # type: ignore[union-attr]
    assert 5 <= expected <= 7
    fit = fit_costs(context)
    assert fit is not None
    assert diag.hint is not None and f"R^2 {fit.r_squared:.2f}" in diag.hint


def test_a_card_is_judged_by_a_fit_that_never_saw_it(tmp_path: Path) -> None:
    alone = fit_costs(parse_set(_load(STAR_REALMS)))
    context = parse_set(_load(_star_realms_with(tmp_path, CHEAP_TRICK)))
    fit = fit_costs(context)
    assert alone is not None and fit is not None
    (entry,) = [c for c in fit.cards if c.card.id == "cheap-trick"]
    abilities = [(p.ability.trigger, p.ability.effect) for p in context.parsed["cheap-trick"]]
    features = card_features(entry.card, context.card_set.game, abilities)
    assert features == {"gain:combat": 5, "draw": 2, "type:ship": 1}
    without_it = alone.intercept + sum(alone.weights.get(k, 0) * v for k, v in features.items())
    assert entry.expected == pytest.approx(without_it)
    assert fit.weights == pytest.approx(alone.weights)  # the outlier did not bend the curve


def test_a_set_too_small_to_fit_is_not_judged() -> None:
    context = parse_set(_load(BASE))
    assert fit_costs(context) is None
    assert check_costs(context) == []


def test_choices_count_their_best_option_and_triggers_weigh_less_than_primary() -> None:
    choice = Choice((Gain((("trade", 3),)), DestroyTarget("base"), Gain((("trade", 1),))))
    assert effect_features(choice) == {"gain:trade": 3, "destroy": 1}
    assert effect_features(Draw(2)) == {"draw": 2}
    assert trigger_weight(Bond("blob")) > trigger_weight(Bond("blob", double=True))
    assert trigger_weight(OnBanish()) < 1


def test_cardkit_costs_prints_the_fit_and_the_flagged_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _star_realms_with(tmp_path, CHEAP_TRICK)
    assert main(["costs", str(game), "--top", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        r"cost curve of 49 cards: R\^2 0\.\d\d, residual sd \d\.\d\d "
        r"\(a card is flagged beyond \d\.\d\)",
        lines[0],
    )
    assert "  Combat gained" in "\n".join(lines)
    assert any(re.fullmatch(r"  Cheap Trick +1 +[5-7]\.\d  flagged", line) for line in lines[-2:])


DUDS = """\
cards:
  - name: Dud
    type: ship
    deck: personal
    cost: 0
    text: Gain 1 Authority.
  - name: Gilded Dud
    type: ship
    deck: personal
    cost: 7
    text: Gain 1 Authority.
"""


def test_no_card_is_expected_to_cost_less_than_the_cost_field_allows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    card_set = _load(STAR_REALMS)
    fit = fit_costs(parse_set(card_set))
    assert fit is not None
    assert cost_limits(card_set.cards[0], card_set.game) == (0.0, 20.0)  # min: 0, max: 20
    assert min(c.expected for c in fit.cards) == 0.0
    (gateship,) = [c for c in fit.cards if c.card.id == "gateship"]
    assert (gateship.expected, gateship.residual) == (0.0, 6.0)  # unclamped, about -0.5
    assert main(["costs", str(STAR_REALMS), "--top", "48"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert (
        "  Gateship                         6      -  not judged: few cards share its effects"
        in (rows)
    )
    table = rows[rows.index("furthest from the curve (cost, expected without the card):") + 1 :]
    assert len(table) == 48
    judged = [row for row in table if "not judged" not in row]
    assert judged and all(float(row[36:].split()[0]) >= 0 for row in judged)
    assert all(row[36:].split()[0] == "-" for row in table if "not judged" in row)


def test_a_free_card_is_judged_against_zero_and_a_dear_one_still_flagged(tmp_path: Path) -> None:
    context = parse_set(_load(_star_realms_with(tmp_path, DUDS)))
    fit = fit_costs(context)
    assert fit is not None
    cards = {c.card.id: c for c in fit.cards}
    # the curve expects a little less than nothing for one Authority: a free card fits exactly
    assert (cards["dud"].expected, cards["dud"].residual) == (0.0, 0.0)
    assert cards["gilded-dud"].expected == 0.0
    assert [c.card.id for c in fit.outliers()] == ["gilded-dud"]
    (diag,) = check_costs(context)
    assert diag.message == (
        "'Gilded Dud' costs 7 but its effects are worth only about 0 on the set's cost curve"
    )


def test_a_card_type_without_cost_limits_is_still_never_expected_below_zero() -> None:
    card_set = _load(STAR_REALMS)
    card = card_set.cards[0]
    kind = card_set.game.card_types[card.type]
    bare = dataclasses.replace(
        kind,
        fields=tuple(
            dataclasses.replace(f, minimum=None, maximum=None) if f.name == "cost" else f
            for f in kind.fields
        ),
    )
    game = dataclasses.replace(
        card_set.game, card_types={**card_set.game.card_types, card.type: bare}
    )
    assert cost_limits(card, game) == (0.0, float("inf"))

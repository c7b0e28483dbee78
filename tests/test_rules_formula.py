"""Deck-rule formulas: a tiny arithmetic language, parsed by hand, never evaluated by eval."""

from __future__ import annotations

import pytest

from cardkit.rules.formula import FormulaError, parse_formula


@pytest.mark.parametrize(
    ("text", "values", "result"),
    [
        ("20 + 10 * planets", {"planets": 3}, 50),
        ("(20 + 10) * planets", {"planets": 3}, 90),
        ("buildings + draw", {"buildings": 40, "draw": 55}, 95),
        ("100 - seed - 2", {"seed": 10}, 88),
        ("-2 + trade-deck", {"trade-deck": 80}, 78),
        ("  7 ", {}, 7),
        (12, {}, 12),
    ],
)
def test_formulas_evaluate_with_the_usual_precedence(
    text: str | int, values: dict[str, int], result: int
) -> None:
    formula = parse_formula(text)
    assert formula.value(values) == result
    assert str(formula) == str(text)


def test_names_are_listed_in_order_with_their_columns() -> None:
    names = parse_formula("buildings + 2 * draw").names()
    assert [(n.name, n.column) for n in names] == [("buildings", 1), ("draw", 17)]


# (message, column, bad formulas): the table is the test.
ERRORS: list[tuple[str, int, str]] = [
    ("expected a number, a name or '(' but found '*'", 5, "1 + * 2"),
    ("expected a number, a name or '(' at the end", 4, "1 +"),
    ("expected ')' at the end", 7, "(1 + 2"),
    ("expected an operator or the end, but found 'draw'", 3, "2 draw"),
    (
        "unexpected '/': a formula holds whole numbers, names, '+', '-', '*' and parentheses",
        3,
        "4 / 2",
    ),
    (
        "unexpected '_': a formula holds whole numbers, names, '+', '-', '*' and parentheses",
        1,
        "__import__('os')",
    ),
    ("expected a number, a name or '(' at the end", 1, ""),
    ("a formula is at most 200 characters", 201, "1+" * 101),
]


@pytest.mark.parametrize(("message", "column", "text"), ERRORS)
def test_bad_formulas_raise_with_the_column(message: str, column: int, text: str) -> None:
    with pytest.raises(FormulaError) as caught:
        parse_formula(text)
    assert (caught.value.reason, caught.value.column) == (message, column)

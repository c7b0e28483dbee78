"""Conditions a game declares over its whole card set (``constraints:`` in game.yaml).

A constraint is data, not code: the game names the rule and the card types and fields it
reads. One rule exists so far:

``covered``
    every card of type ``each`` is met by a team of at most ``team`` cards (default 1) of
    type ``by``: cards whose ``fields``, added up, reach each of that card's own values.
    Copies count: a card with ``count: 2`` may stand in a team twice. A dilemma game
    declares it so that every dilemma can be solved by some crew of the set.

``check_constraints`` returns every unmet card as a located CK170 diagnostic, and every
declaration that names a card type or field the game lacks as CK031.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.inflect import number_text
from cardkit.model import Card, CardSet, Constraint, Game

_NUMERIC = ("integer", "number")


Levels = tuple[float, ...]
# Partial teams the solver may weigh for one constraint over the whole card set: its work is
# about prod(level + 1) per card, which large levels over several fields make astronomic.
MAX_SOLVER_STEPS = 300_000  # the sample dilemma game takes about 3,000


class SolverBudgetError(Exception):
    """The solver weighed MAX_SOLVER_STEPS partial teams without an answer."""


def _levels(card: Card, fields: Sequence[str]) -> Levels:
    return tuple(float(card.number(name) or 0) for name in fields)


def best_team(
    needs: Levels,
    members: Sequence[tuple[Levels, int]],
    team: int,
    budget: list[int] | None = None,
) -> int | None:
    """Fewest members (each with its copies) whose levels add up to ``needs``, or None.

    A knapsack over totals capped at ``needs``: at most prod(need + 1) states, so small
    whatever the number of cards, for small levels. Each state weighed takes one step from
    ``budget`` (``[steps left]``, shared across calls); SolverBudgetError when none is left.
    """
    budget = budget if budget is not None else [MAX_SOLVER_STEPS]
    start: Levels = tuple(0.0 for _ in needs)
    fewest: dict[Levels, int] = {start: 0}
    for levels, copies in members:
        for _ in range(min(copies, team)):
            grown = dict(fewest)
            budget[0] -= len(fewest)
            if budget[0] < 0:
                raise SolverBudgetError
            for total, used in fewest.items():
                if used >= team:
                    continue
                reached = tuple(min(n, t + v) for n, t, v in zip(needs, total, levels, strict=True))
                if grown.get(reached, team + 1) > used + 1:
                    grown[reached] = used + 1
            if grown == fewest:
                break
            fewest = grown
    return fewest.get(needs)


def _top_total(values: Sequence[tuple[float, int]], team: int) -> float:
    """The most one field reaches with ``team`` cards, ignoring the other fields."""
    spread = sorted((v for v, copies in values for _ in range(min(copies, team))), reverse=True)
    return sum(spread[:team])


class _Reader:
    """Checks the names of the constraints a game declares, reporting bad ones (CK031)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.found: list[Diagnostic] = []

    def problem(self, message: str, *where: str | int) -> None:
        self.found.append(error("CK031", message, self.game.source.at(("constraints", *where))))

    def card_type(self, name: str, *where: str | int) -> bool:
        if name in self.game.card_types:
            return True
        self.problem(
            f"unknown card type {name!r}{did_you_mean(name, self.game.card_types)}", *where
        )
        return False

    def covered(self, rule: Constraint) -> Constraint | None:
        """The rule, or None when it names a card type or field the game lacks."""
        key, each, by, fields = rule.id, rule.each, rule.by, rule.fields
        known = self.card_type(each, key, "each") & self.card_type(by, key, "by")
        if not known:
            return None
        for index, name in enumerate(fields):
            for type_id in (each, by):
                spec = self.game.card_types[type_id].field(name)
                names = [f.name for f in self.game.card_types[type_id].fields]
                if spec is None:
                    self.problem(
                        f"{name!r} is not a field of a {type_id}{did_you_mean(name, names)}",
                        key,
                        "fields",
                        index,
                    )
                    known = False
                elif spec.kind not in _NUMERIC:
                    self.problem(
                        f"field {name!r} of a {type_id} is {spec.kind}, not a number",
                        key,
                        "fields",
                        index,
                    )
                    known = False
        return rule if known else None


def declared(game: Game) -> tuple[list[Constraint], list[Diagnostic]]:
    """The constraints ``game`` declares whose names hold, and the problems of the others."""
    reader = _Reader(game)
    rules = [rule for rule in map(reader.covered, game.constraints) if rule is not None]
    return rules, reader.found


def _check_covered(rule: Constraint, card_set: CardSet) -> list[Diagnostic]:
    game = card_set.game
    each_name = game.card_types[rule.each].name.lower()
    by_name = game.card_types[rule.by].name.lower()
    members = [
        (_levels(card, rule.fields), card.count) for card in card_set.cards if card.type == rule.by
    ]
    found: list[Diagnostic] = []
    budget = [MAX_SOLVER_STEPS]
    for card in card_set.cards:
        if card.type != rule.each:
            continue
        needs = _levels(card, rule.fields)
        try:
            if best_team(needs, members, rule.team, budget) is not None:
                continue
        except SolverBudgetError:
            found.append(
                error(
                    "CK170",
                    f"constraint {rule.id!r} cannot be checked from {each_name} {card.name!r} "
                    f"on: it takes more than {MAX_SOLVER_STEPS:,} steps",
                    card.location(),
                    card=card.id,
                    hint="lower the levels or the team size, or check fewer fields at once",
                )
            )
            return found
        wanted = ", ".join(
            f"{name} {number_text(need)}"
            for name, need in zip(rule.fields, needs, strict=True)
            if need
        )
        short = [
            (name, need, _top_total([(m[i], c) for m, c in members], rule.team))
            for i, (name, need) in enumerate(zip(rule.fields, needs, strict=True))
        ]
        short = [entry for entry in short if entry[2] < entry[1]]
        team = f"{rule.team} {by_name} cards" if rule.team > 1 else f"one {by_name} card"
        subject = f"no team of up to {team}" if rule.team > 1 else f"no {by_name} card"
        if short:
            name, _, top = short[0]
            where = card.location(name)
            hint = (
                f"the most {name} that {team} reach is {number_text(top)}; "
                f"add {by_name} cards with more {name}, or lower this {each_name}'s {name}"
            )
        else:
            where = card.location()
            hint = (
                f"{team} reach each level alone but not all at once; "
                f"add {by_name} cards that combine them, or lower the levels"
            )
        found.append(
            error(
                "CK170",
                f"{subject} meets {each_name} {card.name!r} ({wanted or 'nothing'}); "
                f"constraint {rule.id!r}",
                where,
                card=card.id,
                hint=hint,
            )
        )
    return found


def check_constraints(card_set: CardSet) -> list[Diagnostic]:
    """Every declared constraint the card set breaks, and every badly declared constraint."""
    rules, found = declared(card_set.game)
    for rule in rules:
        found.extend(_check_covered(rule, card_set))
    return found

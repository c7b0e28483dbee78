"""Deck rules: declared totals, size formulas and copy limits, checked against the set's cards.

The cards of a game folder are the decks as the set holds them: a card's ``count`` copies go
into its ``deck``. So a deck's size is known exactly, and a rule is checked by arithmetic.
Formulas may also name play-time counts (planets placed, players); those take every value of
their declared range, and a rule holds when some value of each count makes it hold -- what a
designer can know before the game is played. ``size_requirement`` gives the reference pages
the sizes a rule allows.

- CK120: a formula does not parse, names something the game does not declare, or the rule's
  play counts take too many values to check;
- CK121: a deck (or a sum of decks) holds more or fewer cards than its rules allow (not
  judged while cards of the set fail to load: the totals would be off by their copies);
- CK122: a faction has more or fewer cards in a deck than ``per_faction`` allows;
- CK123: a card (or a group of cards of one name) has more copies than a copy limit allows.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cardkit.diagnostics import Diagnostic, Location, did_you_mean, error
from cardkit.model import Card, CardSet, CopyLimit, Game, SizeRule
from cardkit.rules.context import CheckContext
from cardkit.rules.formula import Formula, FormulaError, parse_formula
from cardkit.rules.locate import source_position

MAX_COMBINATIONS = 100_000


def incomplete(card_set: CardSet) -> bool:
    """Whether cards were read that did not load (their errors are reported already).

    A deck's total is then wrong by their copies, so totals are not judged: one bad card
    would otherwise be reported again as a deck one card short.
    """
    return card_set.copies_read > card_set.total_copies


def deck_totals(card_set: CardSet) -> dict[str, int]:
    """Copies of the set's cards in each declared deck (0 for an empty one)."""
    totals = dict.fromkeys(card_set.game.decks, 0)
    for card in card_set.cards:
        if card.deck in totals:
            totals[card.deck] += card.count
    return totals


def _game_location(
    context: CheckContext, where: tuple[str | int, ...], formula: str | int, column: int = 1
) -> Location:
    """Where ``game.yaml`` writes ``formula`` (the value at ``where``), at its ``column``."""
    value = context.card_set.game.source.at(where)
    source = context.sources.text(value.path) if isinstance(formula, str) else None
    if source is not None and isinstance(formula, str):
        found = source_position(source, value.line, value.column, formula, 1, column)
        if found is not None:
            return Location(value.path, *found)
    return value


# -- declared bounds: size and per_faction ---------------------------------------------------


def check_deck_bounds(context: CheckContext) -> list[Diagnostic]:
    """CK121/CK122: ``size`` and ``per_faction`` of each deck against the set's cards."""
    card_set = context.card_set
    game = card_set.game
    totals = deck_totals(card_set)
    found: list[Diagnostic] = []
    if incomplete(card_set):
        return found
    for deck_id, deck in game.decks.items():
        if deck.size is not None and not deck.size.admits(totals[deck_id]):
            found.append(
                error(
                    "CK121",
                    f"deck {deck_id!r} holds {totals[deck_id]} cards; its size must be {deck.size}",
                    game.source.at(("decks", deck_id, "size")),
                    hint="add or remove cards of the deck, or change its 'size'",
                )
            )
        if deck.per_faction is None:
            continue
        per_faction = dict.fromkeys(game.factions, 0)
        for card in card_set.cards:
            if card.deck == deck_id:
                for faction in card.factions:
                    per_faction[faction] = per_faction.get(faction, 0) + card.count
        for faction, count in per_faction.items():
            if not deck.per_faction.admits(count):
                found.append(
                    error(
                        "CK122",
                        f"faction {faction!r} has {count} cards in deck {deck_id!r}; it must "
                        f"have {deck.per_faction}",
                        game.source.at(("decks", deck_id, "per_faction")),
                        hint=f"add or remove {faction!r} cards of the deck, or change "
                        "its 'per_faction'",
                    )
                )
    return found


# -- size formulas -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SizeRequirement:
    """What a size rule asks, with its formulas parsed."""

    rule: SizeRule
    of: Formula
    minimum: Formula | None
    maximum: Formula | None

    def formulas(self) -> Iterator[Formula]:
        yield self.of
        if self.minimum is not None:
            yield self.minimum
        if self.maximum is not None and self.maximum is not self.minimum:
            yield self.maximum

    def counts(self, game: Game) -> list[str]:
        """The play counts the rule names, in a stable order."""
        names = {name.name for f in self.formulas() for name in f.names()}
        return sorted(names & set(game.deck_rules.counts))

    def assignments(self, game: Game) -> Iterator[dict[str, int]]:
        """Every combination of values of the rule's play counts."""
        names = self.counts(game)
        ranges = [
            range(game.deck_rules.counts[n].minimum, game.deck_rules.counts[n].maximum + 1)
            for n in names
        ]
        for values in itertools.product(*ranges):
            yield dict(zip(names, values, strict=True))

    def combinations(self, game: Game) -> int:
        total = 1
        for name in self.counts(game):
            count = game.deck_rules.counts[name]
            total *= count.maximum - count.minimum + 1
        return total

    def allows(self, size: int, values: Mapping[str, int]) -> bool:
        low = self.minimum.value(values) if self.minimum is not None else None
        high = self.maximum.value(values) if self.maximum is not None else None
        return (low is None or size >= low) and (high is None or size <= high)

    def wording(self, game: Game | None = None) -> str:
        """'exactly 20 + 10 * planets', 'at most 100', 'between 40 and 60'.

        With ``game``, deck ids are written as the decks' names.
        """

        def words(formula: Formula) -> str:
            return formula.text if game is None else _with_deck_names(formula, game)

        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            if low.text == high.text:
                return f"exactly {words(low)}"
            return f"between {words(low)} and {words(high)}"
        if low is not None:
            return f"at least {words(low)}"
        assert high is not None
        return f"at most {words(high)}"


def size_requirement(rule: SizeRule) -> SizeRequirement:
    """The rule with its formulas parsed; raises ``FormulaError``."""
    low = None if rule.minimum is None else parse_formula(rule.minimum)
    high = None if rule.maximum is None else parse_formula(rule.maximum)
    if rule.minimum is not None and rule.minimum == rule.maximum:
        high = low
    return SizeRequirement(rule, parse_formula(rule.of), low, high)


def allowed_sizes(
    requirement: SizeRequirement, game: Game, totals: Mapping[str, int] | None = None
) -> tuple[int | None, int | None]:
    """The least and greatest size the rule allows over every value of its play counts.

    For the reference pages: ``20 + 10 * players`` with players from 2 to 4 gives (40, 60).
    Decks a formula names count as ``totals`` gives (``deck_totals`` of a set), else as 0.
    """
    lows: list[int] = []
    highs: list[int] = []
    for values in requirement.assignments(game):
        full = {**dict.fromkeys(game.decks, 0), **(totals or {}), **values}
        if requirement.minimum is not None:
            lows.append(requirement.minimum.value(full))
        if requirement.maximum is not None:
            highs.append(requirement.maximum.value(full))
    return (min(lows) if lows else None, max(highs) if highs else None)


def _formula_problems(
    context: CheckContext, index: int, key: str, formula: str | int
) -> tuple[Formula | None, list[Diagnostic]]:
    game = context.card_set.game
    where: tuple[str | int, ...] = ("deck_rules", "sizes", index, key)
    try:
        parsed = parse_formula(formula)
    except FormulaError as exc:
        return None, [
            error(
                "CK120",
                f"{exc.reason} in deck rule {formula!r}",
                _game_location(context, where, formula, exc.column),
                hint="write whole numbers, deck ids and play counts joined by +, - and *",
            )
        ]
    known = {*game.decks, *game.deck_rules.counts}
    found = [
        error(
            "CK120",
            f"unknown name {name.name!r} in deck rule {formula!r}{did_you_mean(name.name, known)}",
            _game_location(context, where, formula, name.column),
            hint="a formula names decks and the play counts of 'deck_rules: counts:'"
            + ("" if "-" not in name.name else "; write '-' with spaces around it"),
        )
        for name in parsed.names()
        if name.name not in known
    ]
    return (None if found else parsed), found


def _rule_keys(rule: SizeRule) -> list[tuple[str, str | int]]:
    """The rule's formulas as game.yaml writes them, each with its key."""
    if rule.equals:
        bounds = [("equals", rule.minimum)]
    else:
        bounds = [("min", rule.minimum), ("max", rule.maximum)]
    return [("of", rule.of), *((key, value) for key, value in bounds if value is not None)]


def _values_text(values: list[int]) -> str:
    shown = sorted(set(values))
    if len(shown) > 6:
        return f"{shown[0]} to {shown[-1]}"
    words = [str(v) for v in shown]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _counts_text(requirement: SizeRequirement, game: Game) -> str:
    parts = []
    for name in requirement.counts(game):
        count = game.deck_rules.counts[name]
        parts.append(f"{name} from {count.minimum} to {count.maximum}")
    return ", ".join(parts)


def check_size_rules(context: CheckContext) -> list[Diagnostic]:
    """CK120/CK121: each ``deck_rules: sizes:`` rule, for some value of its play counts."""
    game = context.card_set.game
    totals = deck_totals(context.card_set)
    found: list[Diagnostic] = []
    for index, rule in enumerate(game.deck_rules.sizes):
        problems: list[Diagnostic] = []
        for key, formula in _rule_keys(rule):
            problems.extend(_formula_problems(context, index, key, formula)[1])
        if problems:
            found.extend(problems)
            continue
        if incomplete(context.card_set):
            continue
        requirement = size_requirement(rule)
        where = game.source.at(("deck_rules", "sizes", index, "of"))
        if requirement.combinations(game) > MAX_COMBINATIONS:
            found.append(
                error(
                    "CK120",
                    f"the play counts of deck rule {rule.of!r} take more than "
                    f"{MAX_COMBINATIONS:,} combinations of values; too many to check",
                    where,
                    hint="narrow the 'min' and 'max' of its play counts",
                )
            )
            continue
        sizes: list[int] = []
        allowed: list[int] = []
        for values in requirement.assignments(game):
            full = {**totals, **values}
            size = requirement.of.value(full)
            sizes.append(size)
            if requirement.minimum is not None:
                allowed.append(requirement.minimum.value(full))
            if requirement.maximum is not None and requirement.maximum is not requirement.minimum:
                allowed.append(requirement.maximum.value(full))
            if requirement.allows(size, full):
                break
        else:
            found.append(_size_error(requirement, game, sizes, allowed, where))
    return found


def _size_error(
    requirement: SizeRequirement,
    game: Game,
    sizes: list[int],
    allowed: list[int],
    where: Location,
) -> Diagnostic:
    rule = requirement.rule
    of = rule.of
    holds = (
        f"deck {of!r} holds {_values_text(sizes)} cards"
        if of in game.decks
        else f"{of!r} comes to {_values_text(sizes)} cards"
    )
    wanted = requirement.wording()
    counts = _counts_text(requirement, game)
    if counts:
        wanted += f" ({_values_text(allowed)} for {counts})"
    return error(
        "CK121",
        f"{holds}; its size must be {wanted}",
        where,
        hint="add or remove cards, or change the rule",
    )


# -- copy limits --------------------------------------------------------------------------------


def _marked(card: Card, limit: CopyLimit) -> bool:
    if limit.field is not None:
        value = card.get(limit.field)
        return value in limit.values if limit.values else bool(value)
    if limit.tag is not None:
        return limit.tag in card.strings("tags")
    return True


def _group(card: Card, limit: CopyLimit) -> str:
    if limit.per == "card":
        return card.id
    if limit.per == "name":
        return card.name
    value = card.get(limit.per)
    return card.id if value is None else str(value)


def check_copy_limits(context: CheckContext) -> list[Diagnostic]:
    """CK123: copies of a card, or of a group of cards, beyond a copy limit."""
    found: list[Diagnostic] = []
    for limit in context.card_set.game.deck_rules.limits:
        seen: dict[tuple[str, str], list[Card]] = {}
        totals: dict[tuple[str, str], int] = {}
        for card in context.card_set.cards:
            if card.deck is None or not _marked(card, limit):
                continue
            if limit.decks and card.deck not in limit.decks:
                continue
            scope = ",".join(limit.decks) if limit.decks else card.deck
            key = (scope, _group(card, limit))
            before = totals.get(key, 0)
            totals[key] = before + card.count
            others = seen.setdefault(key, [])
            others.append(card)
            if before <= limit.maximum < totals[key]:
                found.append(_limit_error(limit, card, others[:-1], totals[key], scope))
    return found


def _limit_error(
    limit: CopyLimit, card: Card, others: list[Card], total: int, scope: str
) -> Diagnostic:
    decks = scope.split(",")
    where = f"deck {decks[0]!r}" if len(decks) == 1 else "decks " + ", ".join(map(repr, decks))
    allowed = f"limit {limit.name!r} allows at most {limit.maximum}"
    if limit.per == "card":
        message = f"{card.name!r} has {total} copies in {where}; {allowed}"
    else:
        group = card.name if limit.per == "name" else str(card.get(limit.per))
        grouped = f"named {group!r}" if limit.per == "name" else f"with {limit.per} {group!r}"
        with_ = ", ".join(repr(other.id) for other in others)
        message = (
            f"{card.id!r} makes {total} copies {grouped} in {where}"
            + (f" (with {with_})" if with_ else "")
            + f"; {allowed} per {limit.per}"
        )
    return error(
        "CK123",
        message,
        card.location("count" if "count" in card.values else "name"),
        card=card.id,
        hint=f"keep at most {limit.maximum} of them, or suppress CK123 on the card",
    )


# -- words for the reference pages ----------------------------------------------------------------


def _with_deck_names(formula: Formula, game: Game) -> str:
    """The formula's text with each deck id written as the deck's name."""
    text = formula.text
    for name in sorted(formula.names(), key=lambda n: -n.column):
        deck = game.decks.get(name.name)
        if deck is not None:
            start = name.column - 1
            text = text[:start] + deck.name + text[start + len(name.name) :]
    return text


def describe_deck_rules(game: Game) -> list[str]:
    """Every deck rule of the game as a sentence, for a rulebook's reference pages.

    Formulas that do not parse are left out (``cardkit validate`` reports them).
    """
    lines: list[str] = []
    for deck in game.decks.values():
        parts = []
        if deck.size is not None:
            parts.append(f"{deck.size} cards")
        if deck.per_faction is not None:
            parts.append(f"{deck.per_faction} of each faction")
        if parts:
            lines.append(f"{deck.name}: {', '.join(parts)}.")
    for rule in game.deck_rules.sizes:
        try:
            requirement = size_requirement(rule)
        except FormulaError:
            continue
        of = _with_deck_names(requirement.of, game)
        line = f"{of}: {requirement.wording(game)} cards"
        counts = _counts_text(requirement, game)
        if counts and requirement.combinations(game) <= MAX_COMBINATIONS:
            low, high = allowed_sizes(requirement, game)
            span = [str(v) for v in (low, high) if v is not None]
            line += f" ({' to '.join(dict.fromkeys(span))} for {counts})"
        lines.append(line + "." + (f" {rule.description}" if rule.description else ""))
    for limit in game.deck_rules.limits:
        copies = "copy" if limit.maximum == 1 else "copies"
        if limit.field and limit.values:
            marked = f" whose {limit.field!r} is " + " or ".join(map(repr, limit.values))
        elif limit.field:
            marked = f" whose {limit.field!r} is true"
        else:
            marked = f" tagged {limit.tag!r}" if limit.tag else ""

        each = {"card": "card", "name": "card name"}.get(limit.per, limit.per)
        names = [game.decks[d].name for d in limit.decks if d in game.decks]
        scope = "in each deck" if not names else f"in the {names[0]}"
        if len(names) > 1:
            scope = f"in the {', '.join(names[:-1])} and {names[-1]} together"
        line = f"{limit.name}: at most {limit.maximum} {copies} of each {each}{marked}, {scope}."
        lines.append(
            line[:1].upper() + line[1:] + (f" {limit.description}" if limit.description else "")
        )
    return lines

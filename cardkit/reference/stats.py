"""Statistics of a card set: the cost curve per faction and the totals of its effects,
each as a chart and as the table of the same numbers."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.effects import Ability
from cardkit.effects.vocab import Vocabulary
from cardkit.model import CardSet
from cardkit.reference.content import Chart, Paragraph, Section, Series, Table, plain
from cardkit.reference.effects import TRIGGER_KINDS, effect_totals

COST_FIELD = "cost"
# Colours for series the game gives none (unaligned cards, trigger kinds): a fixed palette.
PALETTE: tuple[str, ...] = ("#7f8c8d", "#8e44ad", "#16a085", "#d35400", "#2c3e50", "#27ae60")
TRIGGER_COLORS: Mapping[str, str] = dict(zip(TRIGGER_KINDS, PALETTE[1:], strict=False))


def cost_curve(card_set: CardSet) -> tuple[Chart, Table] | None:
    """Copies at each cost, one series per faction (and one for unaligned cards); in a game
    without factions, one per card type, in its colour."""
    game = card_set.game
    costed = [(c, cost) for c in card_set.cards if (cost := c.integer(COST_FIELD)) is not None]
    if not costed:
        return None
    costs = list(range(min(cost for _, cost in costed), max(cost for _, cost in costed) + 1))
    groups: list[tuple[str, str, list[int]]] = []
    if not game.factions:  # the card types tell the cards apart, as their frames do
        for key, card_type in game.card_types.items():
            colour = card_type.color or PALETTE[len(groups) % len(PALETTE)]
            groups.append((card_type.name, colour, []))
            for cost in costs:
                groups[-1][2].append(
                    sum(c.count for c, own in costed if own == cost and c.type == key)
                )
    for key, named in game.factions.items():
        groups.append((named.name, named.color or PALETTE[len(groups) % len(PALETTE)], []))
        for cost in costs:
            groups[-1][2].append(
                sum(c.count for c, own in costed if own == cost and key in c.factions)
            )
    unaligned = [
        sum(c.count for c, own in costed if own == cost and not c.factions) for cost in costs
    ]
    if any(unaligned) and game.factions:
        groups.append(("Unaligned", PALETTE[0], unaligned))
    groups = [g for g in groups if any(g[2])]
    chart = Chart(
        "cost-curve",
        "Cost curve per faction" if game.factions else "Cost curve per card type",
        tuple(str(c) for c in costs),
        tuple(
            Series(name, tuple(float(v) for v in values), color) for name, color, values in groups
        ),
        x_label=COST_FIELD.capitalize(),
        y_label="Copies",
    )
    rows = tuple(
        (plain(name), *(plain(v) for v in values), plain(sum(values))) for name, _, values in groups
    )
    table = Table(
        ("Faction" if game.factions else "Card type", *(str(c) for c in costs), "Total"),
        rows,
        "Copies by cost",
        numeric=(False, *(True for _ in costs), True),
        widths=(2.2, *(0.6 for _ in costs), 0.9),
    )
    return chart, table


def stats_section(
    card_set: CardSet,
    abilities: Mapping[str, tuple[Ability, ...]],
    vocab: Vocabulary,
    *,
    unparsed: int = 0,
) -> Section:
    """Cost curve and effect totals; ``unparsed`` lines of rules text (over every copy) did
    not parse, so their effects are not counted, and the section says so."""
    blocks: list[Chart | Table | Paragraph] = []
    if unparsed:
        blocks.append(
            Paragraph(
                f"{unparsed} lines of rules text (over every copy) do not parse yet; "
                "their effects are not counted below."
            )
        )
    curve = cost_curve(card_set)
    if curve is None:
        blocks.append(Paragraph(f"No card has a whole-number {COST_FIELD!r}: no cost curve."))
    else:
        blocks.extend(curve)
    copies: dict[str, int] = {card.id: card.count for card in card_set.cards}
    totals = effect_totals(abilities, copies, vocab)
    kinds = [
        k
        for k in TRIGGER_KINDS
        if any(k in per for per in (*totals.gained.values(), *totals.clauses.values()))
    ]
    gained = {
        name: totals.gained[key]
        for key, name in vocab.resources
        if any(totals.gained.get(key, {}).values())
    }
    if gained:
        blocks += _by_kind(
            gained,
            kinds,
            chart=("resources-gained", "Resources gained, over every copy", "Amount"),
            table=("Resource", "Resources gained by ability kind"),
        )
    if totals.clauses:
        blocks += _by_kind(
            totals.clauses,
            kinds,
            chart=("effects", "Effects, over every copy", "Copies"),
            table=(
                "Effect",
                "Card copies with each effect, by ability kind (every option of a choice counted)",
            ),
        )
    return Section("statistics", "Statistics", tuple(blocks))


def _by_kind(
    values: Mapping[str, Mapping[str, int]],
    kinds: list[str],
    *,
    chart: tuple[str, str, str],
    table: tuple[str, str],
) -> tuple[Chart, Table]:
    """A chart and a table of ``values`` (label -> trigger kind -> number), a series per kind."""
    chart_id, chart_title, y_label = chart
    first_header, table_title = table
    labels = list(values)
    series = tuple(
        Series(
            kind, tuple(float(values[label].get(kind, 0)) for label in labels), TRIGGER_COLORS[kind]
        )
        for kind in kinds
    )
    rows = tuple(
        (
            plain(label),
            *(plain(values[label].get(kind, 0)) for kind in kinds),
            plain(sum(values[label].values())),
        )
        for label in labels
    )
    return (
        Chart(chart_id, chart_title, tuple(labels), series, y_label=y_label),
        Table(
            (first_header, *kinds, "Total"),
            rows,
            table_title,
            numeric=(False, *(True for _ in kinds), True),
        ),
    )

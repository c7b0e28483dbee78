"""``cardkit costs``: the set's cost curve -- what each effect is worth, and how well it fits."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, load_clean_set, whole

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder")
    parser.add_argument(
        "--top",
        type=whole(0),
        default=10,
        metavar="N",
        help="list the N cards furthest from the curve (default: 10)",
    )


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.rules.context import parse_set
    from cardkit.rules.costmodel import MAX_LEVERAGE, feature_label, fit_costs, outlier_limit

    card_set = load_clean_set(args.path, err)
    if card_set is None:
        return EXIT_ERRORS
    fit = fit_costs(parse_set(card_set))
    if fit is None:
        out.print(Text("too few cards with a whole-number cost to fit a cost curve"))
        return EXIT_OK
    lines = [
        f"cost curve of {len(fit.cards)} cards: R^2 {fit.r_squared:.2f}, "
        f"residual sd {fit.residual_sd:.2f} (a card is flagged beyond {outlier_limit(fit):.1f})",
        f"  {'base cost':<40} {fit.intercept:+.2f}",
    ]
    lines += [
        f"  {feature_label(name, card_set.game):<40} {weight:+.2f}"
        for name, weight in sorted(fit.weights.items())
    ]
    furthest = sorted(fit.cards, key=lambda c: (-abs(c.residual), c.card.id))[: args.top]
    if furthest:
        lines.append("furthest from the curve (cost, expected without the card):")
    flagged = {id(c) for c in fit.outliers()}
    for entry in furthest:
        mark = "  flagged" if id(entry) in flagged else ""
        expected = f"{entry.expected:6.1f}"
        if entry.leverage > MAX_LEVERAGE:
            mark, expected = "  not judged: few cards share its effects", f"{'-':>6}"
        lines.append(f"  {entry.card.name:<30} {entry.cost:>3} {expected}{mark}")
    for line in lines:
        out.print(Text(line), soft_wrap=True)
    return EXIT_OK

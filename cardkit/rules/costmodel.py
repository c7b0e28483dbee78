"""Cost outliers: a value model of the effects, fitted on the set itself (CK140).

Each card becomes a vector of features read from its parsed effects and its stats: resources
gained (one feature per resource), cards drawn, cards the opponent discards, cards scrapped
from hand or discard pile and from the trade row, cards discarded, the cost limit of a free
acquire, targets destroyed, other effects, each whole-number stat of the card (defense) and
each true/false stat (outpost), and its card type. An ally ability counts half, a double-ally
ability 0.3, a scrap ability 0.6, a conditional effect 0.6; of the options of a choice the
best counts; "for each" counts 1.5 times.

Cost is fitted on those features by ridge least squares (numpy; standardised features, so that the
weights of a few dozen cards stay sensible), one row per distinct card. A card is judged by
its *leave-one-out* prediction -- the model fitted without it -- so an outlier cannot excuse
itself. A card whose effects too few other cards share (leverage above ``MAX_LEVERAGE``)
cannot be judged that way and is never flagged. A card is flagged when its cost is further
from that prediction than ``THRESHOLD_SDS`` robust standard deviations (1.4826 times the
median absolute leave-one-out residual) and at least ``MIN_GAP`` cost points. A set with
fewer than ``MIN_CARDS`` distinct costed cards, or fewer than two per feature, is not judged.

A prediction is clamped to the limits the card type declares for its cost field (a cost is
never expected below 0 when no minimum is declared): a card that cannot cost less than 0 fits
a curve that expects -0.5 as well as it can, so it is judged, and reported, against 0.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cardkit.diagnostics import Diagnostic, warning
from cardkit.effects import (
    AcquireFree,
    And,
    BanishCards,
    Bond,
    Choice,
    Conditional,
    DestroyTarget,
    Discard,
    Draw,
    Effect,
    ForEach,
    Gain,
    GainPerCost,
    OnBanish,
    OpponentDiscards,
    Sequence,
    Then,
    Trigger,
)
from cardkit.effects.vocab import NO_NAMES
from cardkit.inflect import article
from cardkit.model import Card, Game
from cardkit.rules.context import CheckContext

COST_FIELD = "cost"
_STAT_KINDS = ("integer", "number", "boolean")
MIN_CARDS = 12
THRESHOLD_SDS = 3.0
MIN_GAP = 2.0
RIDGE = 3.0
MAX_LEVERAGE = 0.5
BOND, DOUBLE_BOND, ON_BANISH, CONDITIONAL, FOR_EACH = 0.5, 0.3, 0.6, 0.6, 1.5

Features = dict[str, float]

_LABELS = {
    "draw": "card drawn",
    "opponent-discards": "card the opponent discards",
    "discard": "card discarded",
    "banish-own": "card banished from hand or discard pile",
    "banish-row": "card banished from a shared zone",
    "acquire-free": "point of cost acquired for free",
    "destroy": "target destroyed",
    "other": "other effect",
}


def feature_label(name: str, game: Game) -> str:
    """What a feature counts, in the game's words: 'Gold gained', 'point of defense'."""
    kind, _, what = name.partition(":")
    if kind == "gain":
        named = game.resources.get(what)
        return f"{named.name if named else what} gained"
    if kind == "stat":
        flags = {f.name for t in game.card_types.values() for f in t.fields if f.kind == "boolean"}
        return what if what in flags else f"point of {what}"
    if kind == "type":
        card_type = game.card_types.get(what)
        return f"being {article(card_type.name.lower() if card_type else what)}"
    return _LABELS.get(name, name)


def _add(into: Features, more: Mapping[str, float], weight: float = 1.0) -> None:
    for key, value in more.items():
        into[key] = into.get(key, 0.0) + value * weight


def effect_features(effect: Effect) -> Features:
    """What one effect is worth, as features (before its trigger's weight)."""
    found: Features = {}
    if isinstance(effect, Gain):
        for resource, n in effect.amounts:
            _add(found, {f"gain:{resource}": n})
    elif isinstance(effect, GainPerCost):
        _add(found, {f"gain:{effect.resource}": 3})
    elif isinstance(effect, Draw):
        found["draw"] = effect.n
    elif isinstance(effect, OpponentDiscards):
        found["opponent-discards"] = effect.n
    elif isinstance(effect, Discard):
        found["discard"] = 1 if effect.n is None else effect.n
    elif isinstance(effect, BanishCards):
        vocab = effect.vocab or NO_NAMES
        own = [zone for zone in effect.zones if not vocab.shared(zone)]
        found["banish-own" if own else "banish-row"] = effect.up_to
    elif isinstance(effect, AcquireFree):
        found["acquire-free"] = effect.max_cost
    elif isinstance(effect, DestroyTarget):
        found["destroy"] = 1
    elif isinstance(effect, ForEach):
        _add(found, effect_features(effect.effect), FOR_EACH)
    elif isinstance(effect, Choice):
        for option in effect.options:
            for key, value in effect_features(option).items():
                found[key] = max(found.get(key, 0.0), value)
    elif isinstance(effect, And | Then | Sequence):
        for part in effect.effects:
            _add(found, effect_features(part))
    elif isinstance(effect, Conditional):
        _add(found, effect_features(effect.effect), CONDITIONAL)
    else:
        found["other"] = 1
    return found


def trigger_weight(trigger: Trigger) -> float:
    if isinstance(trigger, Bond):
        return DOUBLE_BOND if trigger.double else BOND
    if isinstance(trigger, OnBanish):
        return ON_BANISH
    return 1.0


def card_features(
    card: Card,
    game: Game,
    abilities: Iterable[tuple[Trigger, Effect]],
    memo: dict[int, Features] | None = None,
) -> Features:
    """Every feature of a card: its weighted effects, its stats and its card type.

    ``memo`` keeps the features of effects already seen, by identity (the parse of a line
    of text that many cards share is one value).
    """
    found: Features = {}
    for trigger, effect in abilities:
        if memo is None:
            features = effect_features(effect)
        else:
            features = memo.get(id(effect)) or memo.setdefault(id(effect), effect_features(effect))
        _add(found, features, trigger_weight(trigger))
    for spec in game.card_types[card.type].fields:
        if spec.name == COST_FIELD or spec.kind not in _STAT_KINDS:
            continue
        value = card.values.get(spec.name)
        if spec.kind == "boolean":
            if isinstance(value, bool):
                found[f"stat:{spec.name}"] = float(value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            found[f"stat:{spec.name}"] = float(value)
    found[f"type:{card.type}"] = 1.0
    return found


@dataclass(frozen=True)
class CardCost:
    """One card on the curve: its cost, and what the model fitted without it expects.

    ``expected`` lies within the limits of the card type's cost field (see ``cost_limits``).
    """

    card: Card
    cost: int
    expected: float
    leverage: float = 0.0

    @property
    def residual(self) -> float:
        return self.cost - self.expected


@dataclass(frozen=True)
class CostFit:
    """The set's cost curve: weights per feature, how well it fits, every card's place on it."""

    intercept: float
    weights: Mapping[str, float]
    r_squared: float
    residual_sd: float
    cards: tuple[CardCost, ...]

    def outliers(self) -> list[CardCost]:
        limit = outlier_limit(self)
        return [c for c in self.cards if abs(c.residual) > limit and c.leverage <= MAX_LEVERAGE]


def outlier_limit(fit: CostFit) -> float:
    """How far from the curve a card's cost may be before it is flagged."""
    return max(THRESHOLD_SDS * fit.residual_sd, MIN_GAP)


Row = tuple[Card, int, Features]


def cost_limits(card: Card, game: Game) -> tuple[float, float]:
    """The lowest and highest cost the card's type allows (0 and unbounded if undeclared)."""
    spec = game.card_types[card.type].field(COST_FIELD)
    low = spec.minimum if spec is not None and spec.minimum is not None else 0.0
    high = spec.maximum if spec is not None and spec.maximum is not None else float("inf")
    return float(low), float(max(high, low))


def _clamp(value: float, limits: tuple[float, float]) -> float:
    return min(max(value, limits[0]), limits[1]) + 0.0  # + 0.0: never print '-0.0'


@dataclass(frozen=True)
class _Ridge:
    intercept: float
    weights: dict[str, float]
    r_squared: float
    loo: list[tuple[float, float]]  # (leave-one-out prediction, leverage) per row

    def predict(self, features: Features) -> float:
        return self.intercept + sum(w * features.get(n, 0.0) for n, w in self.weights.items())


def _ridge(rows: list[Row]) -> _Ridge | None:
    """Ridge least squares of cost on standardised features; None when too few rows."""
    import numpy as np  # here, not at the top: only a set large enough to fit pays for numpy

    names = sorted({key for _, _, features in rows for key in features})
    column = {name: k for k, name in enumerate(names)}
    data = np.zeros((len(rows), len(names)))
    for r, (_, _, features) in enumerate(rows):
        for name, value in features.items():
            data[r, column[name]] = value
    varying = [k for k in range(len(names)) if np.ptp(data[:, k]) > 0]
    names = [names[k] for k in varying]
    data = data[:, varying]
    if len(rows) < max(MIN_CARDS, 2 * (len(names) + 1)):
        return None
    means, scales = data.mean(axis=0), data.std(axis=0)
    x = np.hstack([np.ones((len(rows), 1)), (data - means) / scales])
    y = np.array([float(cost) for _, cost, _ in rows])
    penalty = np.eye(len(names) + 1) * RIDGE
    penalty[0, 0] = 0.0
    inverse = np.linalg.inv(x.T @ x + penalty)
    beta = inverse @ (x.T @ y)
    errors = y - x @ beta
    leverage = np.einsum("ij,jk,ik->i", x, inverse, x)
    safe = np.where(leverage < 1.0, 1.0 - leverage, np.inf)
    loo = y - errors / safe
    total = float(((y - y.mean()) ** 2).sum())
    weights = {name: float(beta[k + 1] / scales[k]) for k, name in enumerate(names)}
    intercept = float(beta[0]) - sum(
        weights[name] * float(means[k]) for k, name in enumerate(names)
    )
    r_squared = 1.0 - float((errors**2).sum()) / total if total else 1.0
    return _Ridge(
        intercept,
        weights,
        r_squared,
        [(float(a), float(b)) for a, b in zip(loo, leverage, strict=True)],
    )


def _robust_sd(residuals: Iterable[float]) -> float:
    return max(1.4826 * statistics.median(abs(r) for r in residuals), 0.1)


def fit_costs(context: CheckContext) -> CostFit | None:
    """The cost curve of the set's cards with a whole-number cost; None when too few.

    Fitted twice: the second fit leaves out the cards the first one flags, so that a few
    outliers do not bend the curve; they are judged by the second fit, which never saw them.
    """
    game = context.card_set.game
    rows: list[Row] = []
    memo: dict[int, Features] = {}
    for card in context.card_set.cards:
        cost = card.get(COST_FIELD)
        if not isinstance(cost, int) or isinstance(cost, bool):
            continue
        abilities = [(p.ability.trigger, p.ability.effect) for p in context.parsed.get(card.id, ())]
        rows.append((card, cost, card_features(card, game, abilities, memo)))
    first = _ridge(rows)
    if first is None:
        return None
    limits = [cost_limits(card, game) for card, _, _ in rows]
    first_residuals = [
        cost - _clamp(loo, bounds)
        for (_, cost, _), (loo, _), bounds in zip(rows, first.loo, limits, strict=True)
    ]
    sd = _robust_sd(first_residuals)
    limit = max(THRESHOLD_SDS * sd, MIN_GAP)
    kept = [
        i
        for i, (residual, (_, leverage)) in enumerate(zip(first_residuals, first.loo, strict=True))
        if abs(residual) <= limit or leverage > MAX_LEVERAGE
    ]
    left_out = set(range(len(rows))) - set(kept)
    model = _ridge([rows[i] for i in kept]) or first
    judged = dict(zip(kept, model.loo, strict=True)) if model is not first else {}
    cards = []
    for i, (card, cost, features) in enumerate(rows):
        expected, leverage = judged.get(i) or first.loo[i]
        if i in left_out and model is not first:
            expected = model.predict(features)
        cards.append(CardCost(card, cost, _clamp(expected, limits[i]), leverage))
    residuals = [cards[i].residual for i in kept] if model is not first else None
    return CostFit(
        model.intercept,
        model.weights,
        model.r_squared,
        _robust_sd(residuals) if residuals else sd,
        tuple(cards),
    )


def check_costs(context: CheckContext) -> list[Diagnostic]:
    """CK140: cards whose cost is far from what the rest of the set says they are worth."""
    fit = fit_costs(context)
    if fit is None:
        return []
    found = []
    for entry in fit.outliers():
        card = entry.card
        direction = "worth about" if entry.residual < 0 else "worth only about"
        found.append(
            warning(
                "CK140",
                f"{card.name!r} costs {entry.cost} but its effects are {direction} "
                f"{round(entry.expected)} on the set's cost curve",
                card.location(COST_FIELD),
                card=card.id,
                hint=f"the curve is fitted on the set's {len(fit.cards)} costed cards "
                f"(R^2 {fit.r_squared:.2f}, residual sd {fit.residual_sd:.1f}); "
                "'cardkit costs' shows it; suppress CK140 on the card if the price is deliberate",
            )
        )
    return found

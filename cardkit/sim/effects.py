"""What each card does to a player's chance of winning, measured by intervention.

For each card the market can deal (and the pile's card, and each supply pile's card in a game
of supply piles), games are played in pairs with common random numbers: game ``i`` as usual,
and game ``i`` again, from the same seed, with slot A (every seat of slot A, in a game of more
players) never acquiring the card. Everything else -- the shuffles, the market, the opponent,
the bots' random numbers -- is the same until slot A passes the card by. The card's effect is
slot A's mean score in the first game minus its mean score in the second (a win 1, a draw 1/2),
with a 95% interval from the paired differences; a card the bots never buy changes no game, and
shows an effect of 0 whose interval is 0 wide.

The sweep sizes itself: every card plays in stages (400, 800, 1,600 ... games) until its
interval is narrower than ``precision`` or it reaches ``games``. The stages are fixed and the
sums are whole numbers, so the figures do not depend on how many processes play them.

Two flags point a designer at a card (codes from ``cardkit/diagnostics.py``):

- CK410 overpowered: the card's effect when bought (its effect divided by its pick rate: a
  paired game differs only where slot A would have bought the card) has a low end above the
  set's median by more than ``FAR`` robust spreads of the set's effects when bought;
- CK411 dead card: the interval holds 0 and the card is picked in fewer than ``RARE`` of the
  player-games the median card is picked in.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import Card
from cardkit.sim.pool import SimPool
from cardkit.sim.runner import (
    Player,
    Tally,
    play_scored,
    play_without,
    player_name,
    run_tasks,
)
from cardkit.sim.stats import Z95

FIRST_STAGE = 400
FAR = 2.0
"""A card is overpowered when the low end of its effect when bought is this many robust spreads
(1.4826 times the median absolute deviation of the set's effects when bought) above their
median. On Star Realms with a planted "cost 1, Gain 9 Combat" card (400 games a card), the
planted card's low end stands 2.5 spreads above and the strongest real card's 0.7, with base
and ally abilities used when the bot chooses (before that: 3.0 and 0.3, when this was 2.5):
2.0 keeps a margin on both sides."""
RARE = 0.25
"""A card is dead when its effect holds 0 and it is picked in fewer than this share of the
player-games the set's median card is picked in."""
BATCH = 400


@dataclass(frozen=True, slots=True)
class Effect:
    """One card's figures: the effect of acquiring it, how often and how early it is bought."""

    id: str
    name: str
    added: bool
    games: int  # pairs of games played
    effect: float  # win rate with the card minus without it (-1 to 1)
    interval: tuple[float, float]  # 95%
    pick_rate: float  # share of player-games (unconstrained) in which it was acquired
    average_turn: float | None  # the mean round of its first acquisition, when acquired
    flags: tuple[str, ...] = ()  # CK410, CK411

    @property
    def when_bought(self) -> tuple[float, float, float] | None:
        """The effect per player-game in which it is bought, and its interval (None when the
        card was never bought)."""
        if self.pick_rate <= 0:
            return None
        low, high = self.interval
        return self.effect / self.pick_rate, low / self.pick_rate, high / self.pick_rate

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "added": self.added,
            "games": self.games,
            "effect": _r(self.effect),
            "ci95": [_r(x) for x in self.interval],
            "effect_when_bought": None
            if (bought := self.when_bought) is None
            else {"effect": _r(bought[0]), "ci95": [_r(bought[1]), _r(bought[2])]},
            "pick_rate": _r(self.pick_rate),
            "average_turn": None if self.average_turn is None else _r(self.average_turn),
            "flags": [{"code": code, "flag": FLAG_NAMES[code]} for code in self.flags],
        }


FLAG_NAMES = {"CK410": "overpowered", "CK411": "dead card"}


@dataclass(frozen=True, slots=True)
class Effects:
    """The sweep: its sizing and every measured card, strongest first."""

    bot: str
    precision: float
    most_games: int
    baseline_games: int
    cards: tuple[Effect, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "method": "paired games with common random numbers: the same seed with and "
            "without the card for slot A",
            "bot": self.bot,
            "precision": self.precision,
            "max_games_per_card": self.most_games,
            "baseline_games": self.baseline_games,
            "cards": [card.as_json() for card in self.cards],
        }


def _r(x: float) -> float:
    return round(x, 4)


@dataclass
class _Sums:
    """Paired differences of slot A's half-point scores: count, sum, sum of squares."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, with_card: bytes, without: bytes) -> None:
        for a, b in zip(with_card, without, strict=True):
            d = a - b
            self.n += 1
            self.total += d
            self.squares += d * d

    def figures(self) -> tuple[float, float, float]:
        """The effect (in win rate) and its 95% interval."""
        if self.n == 0:
            return 0.0, -1.0, 1.0
        mean = self.total / self.n
        variance = max(0.0, self.squares / self.n - mean * mean) * self.n / max(1, self.n - 1)
        half = Z95 * math.sqrt(variance / self.n)
        return mean / 2, (mean - half) / 2, (mean + half) / 2


def stages(most: int) -> list[int]:
    """The game counts at which a card's interval is looked at: 400, 800, ... and ``most``."""
    counts, n = [], min(FIRST_STAGE, most)
    while n < most:
        counts.append(n)
        n *= 2
    counts.append(most)
    return counts


def _spans(start: int, stop: int) -> list[tuple[int, int]]:
    return [(a, min(stop, a + BATCH)) for a in range(start, stop, BATCH)]


def measured_cards(pool: SimPool) -> list[int]:
    """The indexes of the cards a player may acquire: the market deck's, the pile's and the
    supply piles'."""
    indexes = [index for index, _ in pool.market]
    if pool.pile is not None and pool.pile not in indexes:
        indexes.append(pool.pile)
    indexes += [index for index, _ in pool.supply]
    return sorted(set(indexes), key=lambda i: pool.cards[i].id)


def measure(
    pool: SimPool,
    bot: Player,
    *,
    seed: int,
    precision: float,
    games: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    only: Sequence[str] = (),
    executor: Executor | None = None,
) -> Effects:
    """Every acquirable card's effect (see the module's docstring), or the cards ``only``
    names. ``progress`` is told the pairs played so far and an upper bound of the pairs."""
    bots = (bot, bot)
    cards = [c for c in measured_cards(pool) if not only or pool.cards[c].id in only]
    sums = {c: _Sums() for c in cards}
    open_cards = list(cards)
    baseline = bytearray()
    tally = Tally()
    played, bound = 0, games * len(cards)
    previous = 0
    for stop in stages(games):
        if not open_cards:
            break
        # the unconstrained games first (their scores pair with every card's)
        tasks: list[tuple[object, ...]] = [
            (pool, bots, seed, a, b) for a, b in _spans(previous, stop)
        ]
        for part, scores in run_tasks(play_scored, tasks, jobs=jobs, executor=executor):
            tally.add(part)
            baseline += scores
        spans = _spans(previous, stop)
        tasks = [(pool, bots, seed, c, a, b) for c in open_cards for a, b in spans]

        done = _counter(spans, played, bound, progress)
        results = run_tasks(play_without, tasks, jobs=jobs, done=done, executor=executor)
        played += (stop - previous) * len(open_cards)
        for (_, _, _, c, a, b), scores in zip(tasks, results, strict=True):
            assert isinstance(c, int) and isinstance(a, int) and isinstance(b, int)
            sums[c].add(bytes(baseline[a:b]), scores)
        still = []
        for c in open_cards:
            _, low, high = sums[c].figures()
            if high - low >= precision:
                still.append(c)
            else:
                bound -= games - stop
        open_cards = still
        previous = stop
    return _report(pool, player_name(bot), precision, games, previous, tally, sums)


def _counter(
    spans: list[tuple[int, int]],
    played: int,
    bound: int,
    progress: Callable[[int, int], None] | None,
) -> Callable[[int], None]:
    """A ``done`` for ``run_tasks`` that tells ``progress`` the pairs played so far."""
    count = played

    def done(k: int) -> None:
        nonlocal count
        a, b = spans[k % len(spans)]
        count += b - a
        if progress is not None:
            progress(count, bound)

    return done


def _report(
    pool: SimPool,
    bot: str,
    precision: float,
    games: int,
    baseline_games: int,
    tally: Tally,
    sums: dict[int, _Sums],
) -> Effects:
    player_games = 2 * max(1, tally.games)
    rows = []
    for c, paired in sums.items():
        card = pool.cards[c]
        counts = tally.cards.get(card.id)
        picked = counts.players if counts is not None else 0
        effect, low, high = paired.figures()
        rows.append(
            Effect(
                id=card.id,
                name=card.name,
                added=card.id in pool.added,
                games=paired.n,
                effect=effect,
                interval=(low, high),
                pick_rate=picked / player_games,
                average_turn=counts.rounds / picked if counts is not None and picked else None,
            )
        )
    rows = flag(rows, unjudged(pool))
    rows.sort(key=lambda row: (-row.effect, row.id))
    return Effects(bot, precision, games, baseline_games, tuple(rows))


def unjudged(pool: SimPool) -> frozenset[str]:
    """The cards measured but never flagged, nor counted in the set's figures the flags judge
    by: what a game is won with (cards worth victory points), the starting decks' cards and
    the curse. Never buying the best victory card loses most games, and nobody buys the
    starting treasure: neither says anything about a card's balance."""
    setup = pool.setup
    ids = {card.id for card in pool.cards if card.points}
    ids |= {card_id for card_id, _ in setup.starting_deck}
    for seat in setup.seats:
        ids |= {card_id for card_id, _ in seat.starting_deck or ()}
    if pool.curse is not None:
        ids.add(pool.cards[pool.curse].id)
    return frozenset(ids)


def flag(rows: list[Effect], unjudged: frozenset[str] = frozenset()) -> list[Effect]:
    """The rows with their flags (CK410 overpowered, CK411 dead card), judged against the set
    (the rows ``unjudged`` names are neither flagged nor judged by)."""
    judged = [row for row in rows if row.id not in unjudged]
    if len(judged) < 3:
        return rows
    bought = [b[0] for row in judged if (b := row.when_bought) is not None]
    middle = statistics.median(bought) if bought else 0.0
    spread = 1.4826 * statistics.median(abs(e - middle) for e in bought) if bought else 0.0
    usual_pick = statistics.median(row.pick_rate for row in judged)
    flagged = []
    for row in rows:
        low, high = row.interval
        codes = []
        if row.id in unjudged:
            flagged.append(row)
            continue
        per_pick = row.when_bought
        if per_pick is not None and low > 0 and per_pick[1] > middle + FAR * spread:
            codes.append("CK410")
        if low <= 0 <= high and row.pick_rate < RARE * usual_pick:
            codes.append("CK411")
        flagged.append(
            Effect(
                row.id,
                row.name,
                row.added,
                row.games,
                row.effect,
                row.interval,
                row.pick_rate,
                row.average_turn,
                tuple(codes),
            )
        )
    return flagged


def _pp(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def flag_diagnostics(effects: Effects, cards: Sequence[Card]) -> list[Diagnostic]:
    """The flagged cards as warnings at the cards, with their figures."""
    by_id: dict[str, Card] = {str(card.id): card for card in cards}
    found = []
    for row in effects.cards:
        card = by_id.get(row.id)
        if card is None:
            continue
        low, high = row.interval
        figures = f"{_pp(row.effect)} [{_pp(low)}, {_pp(high)}] over {row.games} paired games"
        for code in row.flags:
            if code == "CK410":
                bought = row.when_bought
                assert bought is not None
                message = (
                    f"'{row.id}' looks overpowered: buying it is worth {figures}, "
                    f"{_pp(bought[0])} in the games it is bought (low end {_pp(bought[1])}), "
                    "far above the set's other cards"
                )
                hint = "raise its cost or lower what it gives, then simulate again"
            else:
                message = (
                    f"'{row.id}' looks like a dead card: buying it is worth {figures}, "
                    f"and it is bought in {row.pick_rate:.1%} of player-games"
                )
                hint = "lower its cost or give it more, or cut it"
            found.append(warning(code, message, card.location(), card=row.id, hint=hint))
    return found

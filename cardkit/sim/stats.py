"""From tallies to a report: win rates with Wilson intervals, per-card figures, pool deltas."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardkit.sim.pool import SimPool
from cardkit.sim.runner import BUCKETS, Tally, bucket_label

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Rate:
    """``wins`` of ``n``, with its 95% Wilson score interval."""

    wins: int
    n: int

    @property
    def value(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"wins": self.wins, "n": self.n, "rate": _r(self.value), "ci95": [_r(low), _r(high)]}


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (0 to 1 when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(a: Rate, b: Rate) -> tuple[float, float, float]:
    """``a - b`` with Newcombe's 95% interval (from the two Wilson intervals)."""
    d = a.value - b.value
    la, ua = a.interval
    lb, ub = b.interval
    low = d - math.sqrt((a.value - la) ** 2 + (ub - b.value) ** 2)
    high = d + math.sqrt((ua - a.value) ** 2 + (b.value - lb) ** 2)
    return d, low, high


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True, slots=True)
class CardRow:
    id: str
    name: str
    added: bool
    copies_per_game: float
    bought: Rate  # win rate of players who acquired it (n: such player-games)
    not_bought: Rate
    by_round: tuple[tuple[str, Rate], ...]

    @property
    def edge(self) -> float:
        """Win rate when bought minus win rate when not."""
        return self.bought.value - self.not_bought.value

    @property
    def edge_interval(self) -> tuple[float, float]:
        _, low, high = difference(self.bought, self.not_bought)
        return low, high

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "added": self.added,
            "copies_per_game": _r(self.copies_per_game),
            "bought_share": _r(self.bought.n / max(1, self.bought.n + self.not_bought.n)),
            "win_when_bought": self.bought.as_json(),
            "win_when_not_bought": self.not_bought.as_json(),
            "edge": _r(self.edge),
            "edge_ci95": [_r(x) for x in self.edge_interval],
            "win_by_round_bought": {label: rate.as_json() for label, rate in self.by_round},
        }


@dataclass(frozen=True, slots=True)
class Summary:
    """One sweep: seat win rates, game length and margin, and per-card figures."""

    bots: tuple[str, str]
    games: int
    draws: int
    slots: tuple[Rate, Rate]  # win rate of bot slot A and slot B (seats alternated)
    first: Rate  # win rate of the player who moved first
    average_turns: float
    average_margin: float
    cards: tuple[CardRow, ...]  # surest winners first (by the low end of the edge's interval)
    timeouts: int = 0  # the draws at the turn limit; the others are ties by the game's rules

    def as_json(self) -> dict[str, Any]:
        return {
            "bots": list(self.bots),
            "games": self.games,
            "draws": self.draws,
            "timeouts": self.timeouts,
            "seats": [
                {"slot": slot, "bot": bot, **rate.as_json()}
                for slot, bot, rate in zip("AB", self.bots, self.slots, strict=True)
            ],
            "first_player": self.first.as_json(),
            "average_turns": _r(self.average_turns),
            "average_margin": _r(self.average_margin),
            "cards": [row.as_json() for row in self.cards],
        }


def summarize(tally: Tally, pool: SimPool, bots: tuple[str, str]) -> Summary:
    names = {card.id: card.name for card in pool.cards}
    player_games = pool.setup.players * tally.games  # a player-game per seat
    all_wins = tally.games - tally.draws
    rows = []
    for card_id in sorted(tally.cards):
        counts = tally.cards[card_id]
        bought = Rate(counts.wins, counts.players)
        not_bought = Rate(all_wins - counts.wins, player_games - counts.players)
        by_round = tuple(
            (bucket_label(bucket), Rate(wins, n))
            for bucket, (n, wins) in zip(BUCKETS, counts.by_round, strict=True)
        )
        rows.append(
            CardRow(
                id=card_id,
                name=names.get(card_id, card_id),
                added=card_id in pool.added,
                copies_per_game=counts.copies / max(1, tally.games),
                bought=bought,
                not_bought=not_bought,
                by_round=by_round,
            )
        )
    rows.sort(key=lambda row: (-row.edge_interval[0], row.id))
    decided = tally.games - tally.draws
    return Summary(
        bots=bots,
        games=tally.games,
        draws=tally.draws,
        slots=(Rate(tally.slot_wins[0], tally.games), Rate(tally.slot_wins[1], tally.games)),
        first=Rate(tally.first_wins, decided),
        average_turns=tally.turns / max(1, tally.games),
        average_margin=tally.margin / max(1, decided),
        cards=tuple(rows),
        timeouts=tally.timeouts,
    )


@dataclass(frozen=True, slots=True)
class Delta:
    """How adding cards changed one bot's win rate: with minus without, and its interval."""

    slot: str
    bot: str
    before: Rate
    after: Rate

    @property
    def change(self) -> tuple[float, float, float]:
        return difference(self.after, self.before)

    def as_json(self) -> dict[str, Any]:
        d, low, high = self.change
        return {
            "slot": self.slot,
            "bot": self.bot,
            "before": self.before.as_json(),
            "after": self.after.as_json(),
            "change": _r(d),
            "ci95": [_r(low), _r(high)],
        }


def deltas(before: Summary, after: Summary) -> tuple[Delta, ...]:
    """Per bot slot, and for whoever moves first: the change the added cards make."""
    rows = [
        Delta(slot, bot, b, a)
        for slot, bot, b, a in zip("AB", after.bots, before.slots, after.slots, strict=True)
    ]
    rows.append(Delta("first", "first player", before.first, after.first))
    return tuple(rows)

"""The ``mc`` bot: greedy play, with purchases chosen by flat Monte Carlo rollouts."""

from __future__ import annotations

import math
import random

from cardkit.sim.engine import ACQUIRE, PILE, Action
from cardkit.sim.greedy import GreedyBot
from cardkit.sim.view import View


class MonteCarloBot(GreedyBot):
    """Greedy play, but each purchase is chosen by rollouts: for every affordable card,
    ``rollouts`` games are played out by greedy bots on random deals of the cards this player
    cannot see (the same deals for every card), scored by wins and then authority; a card is
    bought instead of the greedy choice only when its paired advantage is clear (t > 2)."""

    name = "mc"

    def __init__(self, seed: int = 0, rollouts: int = 12) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.rollouts = rollouts

    def take_action(self, view: View) -> Action:
        action = super().take_action(view)
        if action[0] != ACQUIRE:
            return action
        options = [action]
        seen = {self._card(view, action)}
        for kind, slot in view.legal_actions():
            if kind == ACQUIRE:
                card = self._card(view, (kind, slot))
                if card not in seen:
                    seen.add(card)
                    options.append((kind, slot))
        # Common random numbers: every option is tried on the same deals, so that the
        # comparison measures the option and not the luck of the deal.
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        scores = [[self._rollout(view, option, seed) for seed in seeds] for option in options]
        # Rollouts are few: leave the greedy purchase only for a card whose paired advantage
        # over it is more than twice its standard error (a one-sided test at about 2.5%).
        best, best_t = 0, 2.0
        for k in range(1, len(options)):
            t = _paired_t(scores[k], scores[0])
            if t > best_t:
                best, best_t = k, t
        return options[best]

    @staticmethod
    def _card(view: View, action: Action) -> int | None:
        return view.pile if action[1] == PILE else view.market[action[1]]

    def _rollout(self, view: View, option: Action, seed: int) -> float:
        """A win counts 1, and the authority margin at the end breaks near-ties."""
        copy = view.sample((GreedyBot(), GreedyBot()), seed)
        copy.apply(option)
        outcome = copy.finish()
        me = view.seat
        margin = max(outcome.life[me], 0) - max(outcome.life[1 - me], 0)
        return (outcome.winner == me) + margin / 200


def _paired_t(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean of ``a - b`` lies above 0 (0 when it cannot tell)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2 or mean <= 0:
        return 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.inf if variance == 0 else mean / math.sqrt(variance / n)

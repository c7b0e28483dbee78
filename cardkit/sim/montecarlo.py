"""The ``mc`` bot: greedy play, with the turn's key decisions chosen by flat Monte Carlo.

At each decision that matters -- what to buy (every distinct affordable card, and buying
nothing more), and where to send attack strength (each base it can break, or the opponent) --
the bot tries every option in rollouts: the match is copied with the cards it cannot see dealt
at random, the option taken, and the rest of the game played by two ``greedy`` bots. Every
option is tried on the same deals (common random numbers), so that the comparison measures
the option and not the luck of the deal. After a first round of rollouts the two best options
get a second; the bot leaves the greedy choice only for an option whose paired advantage over
it is clear (more than ``margin`` standard errors). Its own random numbers come from its seed,
so games stay reproducible.
"""

from __future__ import annotations

import math
import random

from mypy_extensions import mypyc_attr

from cardkit.sim.actions import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    END_TURN,
    PILE,
    Action,
)
from cardkit.sim.greedy import GreedyBot
from cardkit.sim.view import View


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class MonteCarloBot(GreedyBot):
    """Greedy play; buys and attacks chosen by rollouts (see the module's docstring)."""

    name = "mc"

    def __init__(
        self, seed: int = 0, rollouts: int = 16, extra: int = 16, margin: float = 1.0
    ) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.rollouts = rollouts  # per option, first round
        self.extra = extra  # more for the best two options
        self.margin = margin

    def take_action(self, view: View) -> Action:
        action = super().take_action(view)
        kind = action[0]
        if kind == ACQUIRE or (action == END_TURN and view.budget > 0):
            options = self._buys(view, action)
        elif kind == ATTACK_BASE or (kind == ATTACK_PLAYER and view.strength < view.life(view.foe)):
            options = self._attacks(view, action)
        else:
            return action
        if len(options) < 2:
            return action
        return self._best(view, options)

    @staticmethod
    def _buys(view: View, greedy: Action) -> list[Action]:
        """The greedy choice first, then each other distinct card it can afford, and ending
        the turn (buying nothing more)."""
        options = [greedy]
        seen = {_card(view, greedy)} if greedy[0] == ACQUIRE else set()
        for kind, slot in view.legal_actions():
            if kind == ACQUIRE:
                card = _card(view, (kind, slot))
                if card not in seen:
                    seen.add(card)
                    options.append((kind, slot))
        if greedy != END_TURN:
            options.append(END_TURN)
        return options

    @staticmethod
    def _attacks(view: View, greedy: Action) -> list[Action]:
        options = [greedy]
        for action in view.legal_actions():
            if action[0] in (ATTACK_BASE, ATTACK_PLAYER) and action != greedy:
                options.append(action)
        return options

    def _best(self, view: View, options: list[Action]) -> Action:
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts + self.extra)]
        first = seeds[: self.rollouts]
        scores = [[self._rollout(view, option, seed) for seed in first] for option in options]
        means = [sum(s) / len(s) for s in scores]
        top = sorted(range(len(options)), key=lambda k: -means[k])[:2]
        for k in {0, *top}:
            scores[k] += [self._rollout(view, options[k], seed) for seed in seeds[self.rollouts :]]
        best, best_t = 0, self.margin
        for k in top:
            if k != 0 and len(scores[k]) == len(scores[0]):
                t = _paired_t(scores[k], scores[0])
                if t > best_t:
                    best, best_t = k, t
        return options[best]

    def _rollout(self, view: View, option: Action, seed: int) -> float:
        """A win counts 1, and the authority margin at the end breaks near-ties."""
        copy = view.sample((GreedyBot(), GreedyBot()), seed)
        if option == END_TURN:
            copy.end_turn()
            outcome = copy.play()
        else:
            copy.apply(option)
            outcome = copy.finish()
        me = view.seat
        margin = max(outcome.life[me], 0) - max(outcome.life[1 - me], 0)
        return (outcome.winner == me) + margin / 200


def _card(view: View, action: Action) -> int | None:
    return view.pile if action[1] == PILE else view.market[action[1]]


def _paired_t(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean of ``a - b`` lies above 0 (0 when it cannot tell)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2 or mean <= 0:
        return 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.inf if variance == 0 else mean / math.sqrt(variance / n)

"""The ``random`` bot: a yardstick that plays as ``greedy`` does and buys at random.

It plays its hand, attacks, breaks bases, scraps and answers every choice as the greedy bot,
so that its games are games; only its purchases are random: whenever greedy would buy (or
could), it picks uniformly among the cards it can afford and buying nothing more. A card
whose figures beat this bot's by little does little that a random purchase would not.
(``RandomBot`` in ``simple.py``, uniform among every legal action, serves the fuzz tests.)
"""

from __future__ import annotations

import random

from mypy_extensions import mypyc_attr

from cardkit.sim.actions import ACQUIRE, BUY, END_TURN, Action
from cardkit.sim.greedy import GreedyBot
from cardkit.sim.view import View


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBuyerBot(GreedyBot):
    """Greedy play, purchases at random (see the module's docstring)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def take_action(self, view: View) -> Action:
        action = super().take_action(view)
        kind = action[0]
        if kind != ACQUIRE and kind != BUY and (action != END_TURN or view.budget <= 0):
            return action
        options = [a for a in view.legal_actions() if a[0] == ACQUIRE or a[0] == BUY]
        if not options:
            return action
        options.append(END_TURN)
        return options[self.rng.randrange(len(options))]

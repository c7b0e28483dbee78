"""The bots by name, and what they play through.

A bot answers the engine's questions through its ``View`` of the match (``view.py``): what one
player could see. ``BOTS`` lists the bots by name: ``random`` (greedy play, purchases at
random: ``yardstick.py``), ``simple`` (the first heuristic, buying by cost), ``greedy`` (the
heuristic that weighs cards by what their abilities give, ``greedy.py``) and ``mc`` (Monte
Carlo over the turn's decisions, with greedy rollouts, ``montecarlo.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardkit.sim.greedy import GreedyBot
from cardkit.sim.montecarlo import MonteCarloBot
from cardkit.sim.simple import RandomBot, SimpleBot
from cardkit.sim.view import Bot, View
from cardkit.sim.yardstick import RandomBuyerBot

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "MonteCarloBot",
    "RandomBot",
    "RandomBuyerBot",
    "SimpleBot",
    "View",
]

BOTS: Mapping[str, Callable[[int], Bot]] = {
    "random": RandomBuyerBot,
    "simple": SimpleBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
}
"""The bots by name: each is made from a seed."""

"""Playtest simulator: play games from the cards' parsed effects and report on balance.

Its modules, each importing only from those below it (import-linter's contract in
``pyproject.toml`` holds them to it; imports for type annotations only may point up):

- ``stats.py`` turns the tallies into a report; ``runner.py`` plays seeded batches (in
  parallel);
- ``bots.py`` names the players: ``montecarlo.py`` builds on ``greedy.py``, which builds on
  ``simple.py`` and weighs cards by ``appraise.py``;
- ``cards.py`` holds a pool's cards compiled for the engine; ``pool.py`` turns a card set into
  a picklable ``SimPool`` (``added.py`` reads the ``--add`` files for it);
- ``compile.py`` compiles each card's effects once into executors, which call the ``deeds.py``
  that ask a player to choose;
- ``engine.py`` plays a ``Match`` by the rules;
- ``view.py`` is what a player sees of a match, and the ``Bot`` protocol the engine asks;
- ``actions.py``, the bottom: the actions and the worth of choices, which all of them share.

The engine, the bots and what they call every turn are compiled with mypyc when cardkit is
installed (``hatch_build.py``): the same code, about three times as fast. ``compiled()`` says
whether this process runs them compiled or as pure Python (editable installs, or no compiler).
"""

from __future__ import annotations


def compiled() -> bool:
    """Whether the simulator's engine runs compiled (mypyc) rather than as pure Python."""
    from cardkit.sim import engine

    return not str(engine.__file__).endswith(".py")

"""Playtest simulator: play games from the cards' parsed effects and report on balance.

``pool.py`` turns a card set into a picklable ``SimPool``; ``compile.py`` compiles each card's
effects once into executors (``cards.py`` holds the compiled cards); ``engine.py`` plays a
``Match`` by the rules, and ``deeds.py`` carries out the effects that ask a bot to choose;
``bots.py`` holds the players and the view they see; ``runner.py`` plays seeded batches (in
parallel) and ``stats.py`` turns the tallies into a report; ``added.py`` reads ``--add`` files.

The engine, the bots and what they call every turn are compiled with mypyc when cardkit is
installed (``hatch_build.py``): the same code, about three times as fast. ``compiled()`` says
whether this process runs them compiled or as pure Python (editable installs, or no compiler).
"""

from __future__ import annotations


def compiled() -> bool:
    """Whether the simulator's engine runs compiled (mypyc) rather than as pure Python."""
    from cardkit.sim import engine

    return not str(engine.__file__).endswith(".py")

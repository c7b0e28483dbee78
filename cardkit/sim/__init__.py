"""Playtest simulator: play games from the cards' parsed effects and report on balance.

``build_pool`` (pool.py) turns a card set into a picklable ``SimPool``; ``compile.py`` compiles
each card's effects once into executors; ``engine.py`` plays a ``Match``; ``bots.py`` holds the
players; ``runner.py`` plays seeded batches (in parallel) and ``stats.py`` sums them up.
"""

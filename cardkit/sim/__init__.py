"""Playtest simulator: play games from the cards' parsed effects and report on balance.

``pool.py`` turns a card set into a picklable ``SimPool``; ``compile.py`` compiles each card's
effects once into executors (``cards.py`` holds the compiled cards); ``engine.py`` plays a
``Match`` by the rules, and ``deeds.py`` carries out the effects that ask a bot to choose;
``bots.py`` holds the players and the view they see; ``runner.py`` plays seeded batches (in
parallel) and ``stats.py`` turns the tallies into a report; ``added.py`` reads ``--add`` files.
"""

"""Strategy files: a scripted player for the supply family, as YAML (``sim/strategy.py``).

name: big-money-forge
play: [forge]                 # Action cards to play first, in order
buy:                          # tried in order; the first that fits is bought
  - {card: castle, coins: 8}  # with at least 8 coins
  - {card: forge, coins: 4, exactly: true, fewer_than: 2}
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.load.textfile import read_text
from cardkit.load.yamlsource import parse_yaml
from cardkit.sim.strategy import BuyRule, Strategy

_RULE_KEYS = {"card", "coins", "exactly", "fewer_than"}


def load_strategy(
    path: Path, shown: str, cards: Collection[str] = ()
) -> tuple[Strategy | None, list[Diagnostic]]:
    """The strategy in ``path``; every problem a located CK408 error. With ``cards`` (the
    game's card ids), a card it names that the game lacks is one too."""
    text, problems = read_text(path, shown)
    if text is None:
        return None, problems
    loaded = parse_yaml(text, shown)
    if loaded.diagnostics:
        return None, loaded.diagnostics
    data = loaded.value
    found: list[Diagnostic] = []

    def bad(message: str, *where: str | int) -> None:
        found.append(error("CK408", message, loaded.source.at(where)))

    if not isinstance(data, dict) or not isinstance(data.get("buy"), list):
        bad("a strategy is a mapping with 'name' and a 'buy' list")
        return None, found
    rules = []
    for i, rule in enumerate(data["buy"]):
        if not isinstance(rule, dict) or not isinstance(rule.get("card"), str):
            bad("a buy rule is a mapping with 'card'", "buy", i)
            continue
        extra = sorted(set(rule) - _RULE_KEYS)
        if extra:
            bad(f"unknown key {extra[0]!r} of a buy rule", "buy", i)
            continue
        if cards and rule["card"] not in cards:
            hint = did_you_mean(rule["card"], cards)
            bad(f"unknown card {rule['card']!r}{hint} in a buy rule", "buy", i, "card")
            continue
        wrong = [
            key
            for key, kind in (("coins", int), ("fewer_than", int), ("exactly", bool))
            if key in rule
            and (not isinstance(rule[key], kind) or (kind is int and isinstance(rule[key], bool)))
        ]
        if wrong:
            kind = "true or false" if wrong[0] == "exactly" else "a whole number"
            bad(f"{wrong[0]!r} of a buy rule is {kind}, not {rule[wrong[0]]!r}", "buy", i, wrong[0])
            continue
        rules.append(
            BuyRule(
                rule["card"],
                int(rule.get("coins", 0)),
                bool(rule.get("exactly", False)),
                int(rule.get("fewer_than", 0)),
            )
        )
    play = data.get("play", [])
    if not isinstance(play, list) or not all(isinstance(c, str) for c in play):
        bad("'play' is a list of card ids", "play")
    elif cards:
        for i, card_id in enumerate(play):
            if card_id not in cards:
                bad(f"unknown card {card_id!r}{did_you_mean(card_id, cards)} to play", "play", i)
    if found:
        return None, found
    return Strategy(str(data.get("name", path.stem)), tuple(rules), tuple(play)), []

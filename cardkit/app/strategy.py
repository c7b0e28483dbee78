"""Strategy files: a scripted player for the supply family, as YAML (``sim/strategy.py``).

name: big-money-forge
play: [forge]                 # Action cards to play first, in order
buy:                          # tried in order; the first that fits is bought
  - {card: castle, coins: 8}  # with at least 8 coins
  - {card: forge, coins: 4, exactly: true, fewer_than: 2}
"""

from __future__ import annotations

from pathlib import Path

from cardkit.diagnostics import Diagnostic, error
from cardkit.load.textfile import read_text
from cardkit.load.yamlsource import parse_yaml
from cardkit.sim.strategy import BuyRule, Strategy

_RULE_KEYS = {"card", "coins", "exactly", "fewer_than"}


def load_strategy(path: Path, shown: str) -> tuple[Strategy | None, list[Diagnostic]]:
    """The strategy in ``path``; every problem a located CK408 error."""
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
    if found:
        return None, found
    return Strategy(str(data.get("name", path.stem)), tuple(rules), tuple(play)), []

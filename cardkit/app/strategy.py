"""Strategy files: a scripted player for the supply family, as YAML (``sim/strategy.py``).

name: big-money-forge
play: [forge]                 # Action cards to play first, in order
buy:                          # tried in order; the first that fits is bought
  - {card: castle, coins: 8}  # with at least 8 coins
  - {card: forge, coins: 4, exactly: true, fewer_than: 2}

A game with a market row (Star Realms) names the built-in bot that plays the rest
(``sim/guided.py``), and may rule cards out:

name: blob-only
bot: greedy                   # plays the hand, abilities, attacks; buys when no rule fits
factions: [blob]              # acquire only Blob cards (and cards of no faction)
never: [explorer]             # never acquire these
buy:
  - {card: blob-carrier, coins: 6}
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.load.textfile import read_text
from cardkit.load.yamlsource import parse_yaml
from cardkit.sim.strategy import BuyRule, Strategy

_RULE_KEYS = {"card", "coins", "exactly", "fewer_than"}
_KEYS = {"name", "play", "buy", "bot", "never", "factions"}


def _fits(key: str, value: object) -> bool:
    """Whether a buy rule's value is of its kind: 'exactly' true or false, the others whole
    numbers, 0 or more."""
    if key == "exactly":
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def load_strategy(
    path: Path,
    shown: str,
    *,
    cards: Collection[str] | None = None,
    factions: Collection[str] | None = None,
) -> tuple[Strategy | None, list[Diagnostic]]:
    """The strategy in ``path``; every problem a located CK408 error. With ``cards`` and
    ``factions`` (a game's ids), the ids the strategy names are checked against them."""
    from cardkit.sim.bots import BOTS

    text, problems = read_text(path, shown)
    if text is None:
        return None, problems
    loaded = parse_yaml(text, shown)
    if loaded.diagnostics:
        return None, loaded.diagnostics
    data = loaded.value
    found: list[Diagnostic] = []

    def bad(message: str, *where: str | int, key: bool = False) -> None:
        found.append(error("CK408", message, loaded.source.at(where, key=key)))

    if not isinstance(data, dict) or not isinstance(data.get("buy"), list):
        bad("a strategy is a mapping with 'name' and a 'buy' list")
        return None, found
    for key in sorted(set(data) - _KEYS, key=str):
        bad(f"unknown key {key!r} of a strategy (known: {', '.join(sorted(_KEYS))})", key, key=True)

    def known(card: object, *where: str | int) -> None:
        if cards is not None and isinstance(card, str) and card not in cards:
            bad(f"unknown card {card!r}{did_you_mean(card, cards)}", *where)

    rules = []
    for i, rule in enumerate(data["buy"]):
        if not isinstance(rule, dict) or not isinstance(rule.get("card"), str):
            bad("a buy rule is a mapping with 'card'", "buy", i)
            continue
        extra = sorted(set(rule) - _RULE_KEYS)
        if extra:
            bad(f"unknown key {extra[0]!r} of a buy rule", "buy", i)
            continue
        wrong = [
            k for k in ("coins", "fewer_than", "exactly") if k in rule and not _fits(k, rule[k])
        ]
        if wrong:
            what = "true or false" if wrong[0] == "exactly" else "a whole number, 0 or more"
            bad(f"{wrong[0]!r} of a buy rule is {what}", "buy", i, wrong[0])
            continue
        rules.append(
            BuyRule(
                rule["card"],
                int(rule.get("coins", 0)),
                bool(rule.get("exactly", False)),
                int(rule.get("fewer_than", 0)),
            )
        )
        known(rule["card"], "buy", i, "card")
    bot = data.get("bot", "")
    if not isinstance(bot, str) or (bot and bot not in BOTS):
        bad(f"'bot' is one of the built-in bots: {', '.join(BOTS)}", "bot")
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("never", "factions"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            bad(f"{key!r} is a list of ids", key)
            continue
        lists[key] = tuple(value)
        for k, v in enumerate(value):
            if key == "never":
                known(v, key, k)
            elif factions is not None and v not in factions:
                bad(f"the game has no faction {v!r}", key, k)
    play = data.get("play", [])
    if not isinstance(play, list) or not all(isinstance(c, str) for c in play):
        bad("'play' is a list of card ids", "play")
    elif cards:
        for i, card_id in enumerate(play):
            if card_id not in cards:
                bad(f"unknown card {card_id!r}{did_you_mean(card_id, cards)} to play", "play", i)
    if found:
        return None, sorted(found, key=lambda d: d.sort_key)
    return (
        Strategy(
            str(data.get("name", path.stem)),
            tuple(rules),
            tuple(play),
            bot=str(bot),
            never=lists.get("never", ()),
            factions=lists.get("factions", ()),
        ),
        [],
    )

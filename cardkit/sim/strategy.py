"""Scripted players for the supply family: a buy list and a play order, as data.

(A strategy that names a built-in ``bot`` is played by ``guided.py``'s ``GuidedBot``
instead: that bot's play, with the strategy's buy rules and limits.)

A ``Strategy`` is what a strategy file says (``load/strategy.py`` reads one): the Action
cards to play first, and buy rules tried in order, each naming a card and when to buy it
(coins at least, or exactly, and fewer than so many owned). ``StrategyBot`` plays it: its
Actions (those in the play order first, then any other that gives actions, then the rest),
then all its Treasures, then the first buy rule that fits, while it has buys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardkit.effects import Gain
from cardkit.effects.abilities import walk
from cardkit.sim.actions import BUY, END_TURN, PLAY, PLAY_HAND, Action, Worth
from cardkit.sim.view import View

if TYPE_CHECKING:
    from cardkit.sim.cards import CompiledCard


@dataclass(frozen=True, slots=True)
class BuyRule:
    """Buy ``card`` when the coins are at least ``coins`` (exactly, with ``exactly``) and the
    player owns fewer than ``fewer_than`` of it (0: any number)."""

    card: str
    coins: int = 0
    exactly: bool = False
    fewer_than: int = 0

    def __reduce__(self) -> tuple[type[BuyRule], tuple[str, int, bool, int]]:
        # by its fields: compiled with mypyc, a frozen dataclass cannot be unpickled field by
        # field, and strategies go to worker processes
        return (BuyRule, (self.card, self.coins, self.exactly, self.fewer_than))


@dataclass(frozen=True, slots=True)
class Strategy:
    name: str
    buy: tuple[BuyRule, ...]
    play: tuple[str, ...] = ()  # Action cards by id, the first played first
    # Games with a market row (``guided.py``): the built-in bot that plays the rest, the cards
    # never acquired, and the factions acquired from (with cards of no faction; () any)
    bot: str = ""
    never: tuple[str, ...] = ()
    factions: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[Strategy], tuple[object, ...]]:
        fields = (self.name, self.buy, self.play, self.bot, self.never, self.factions)
        return (Strategy, fields)


class StrategyBot:
    """A player that follows a ``Strategy`` (see the module's docstring)."""

    def __init__(self, strategy: Strategy, seed: int = 0) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.seed = seed
        self._ids: dict[str, int] = {}
        self._order: list[int] = []  # card index -> rank in the play order
        self._gives_actions: list[bool] = []

    def _index(self, view: View) -> None:
        pool = view.compiled.pool
        self._ids = {card.id: i for i, card in enumerate(pool.cards)}
        plays = {card_id: rank for rank, card_id in enumerate(self.strategy.play)}
        self._order = [plays.get(card.id, len(plays)) for card in pool.cards]
        acts = pool.setup.actions
        self._gives_actions = [
            any(
                isinstance(node, Gain) and any(r == acts for r, _ in node.amounts)
                for ability in card.abilities
                for node in walk(ability)
            )
            for card in pool.cards
        ]

    def take_action(self, view: View) -> Action:
        if not self._order:
            self._index(view)
        legal = view.legal_actions()
        hand = view.hand
        cards = view.cards
        free = view.compiled.pool.setup.free_types
        actions = [a for a in legal if a[0] == PLAY and cards[hand[a[1]]].type not in free]
        if actions:
            order = self._order
            gives = self._gives_actions
            best = min(
                actions,
                key=lambda a: (order[hand[a[1]]], not gives[hand[a[1]]], a[1]),
            )
            return best
        if PLAY_HAND in legal:
            return PLAY_HAND
        pile_of = {view.compiled.pool.supply[a[1]][0]: a for a in legal if a[0] == BUY}
        if pile_of:
            coins = view.budget
            owned: list[int] | None = None
            for rule in self.strategy.buy:
                c = self._ids.get(rule.card, -1)
                action = pile_of.get(c)
                if action is None:
                    continue
                if coins < rule.coins or (rule.exactly and coins != rule.coins):
                    continue
                if rule.fewer_than:
                    if owned is None:
                        owned = view.owned()
                    if owned.count(c) >= rule.fewer_than:
                        continue
                return action
        return END_TURN

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        return max(range(len(options)), key=lambda i: options[i].acquire + 2 * options[i].draw)

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        """Cards that do nothing (Victory cards, curses) first, then the cheapest."""
        cards, hand = view.cards, view.hand
        order = sorted(
            range(len(hand)),
            key=lambda i: (_does_something(cards[hand[i]]), cards[hand[i]].cost, i),
        )
        return order[:least]

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        """Curses (negative points), then the cheapest cards that cost 2 or less."""
        pool = view.compiled.pool
        roles = view.zones
        zones = {roles.hand: view.hand, roles.discard: view.discard, roles.market: view.market}
        ranked = []
        for k, (zone, i) in enumerate(candidates):
            card = pool.cards[zones[zone][i]]
            if card.points < 0 or card.cost <= 2:
                ranked.append((card.points >= 0, card.cost, k))
        ranked.sort()
        chosen = [k for _, _, k in ranked[:most]]
        if len(chosen) < least:
            rest = [k for k in range(len(candidates)) if k not in chosen]
            chosen += rest[: least - len(chosen)]
        return chosen

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        return options[0] if options else None

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        return None if optional or not options else options[0]

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        return None

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        return options[0] if options else None


def _does_something(card: CompiledCard) -> bool:
    return card.primary is not None or card.gain is not None


def strategy_bots(strategies: Sequence[Strategy], seed: int) -> list[StrategyBot]:
    return [StrategyBot(s, seed * 4 + 1 + k) for k, s in enumerate(strategies)]

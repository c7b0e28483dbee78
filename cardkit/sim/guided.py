"""A strategy file played by a built-in bot: buy rules and limits as data, the rest as the bot.

A designer writes a bot for a game with a market row (Star Realms) the way Dominion
simulators do: "acquire X when the pool has at least N and I own fewer than M; only cards of
faction F; never Y". ``GuidedBot`` plays such a ``Strategy`` (``strategy.py``; the file format
is ``app/strategy.py``'s): it is the greedy bot -- it plays its hand, uses its abilities,
attacks, scraps and answers every choice as greedy does -- but

- it never acquires a card the strategy rules out (``never``, or a faction other than those
  of ``factions``; cards of no faction stay allowed unless named), nor gains one for free;
- when it would buy (or end its turn with trade left), the first buy rule that fits is
  bought: the card is in the market row (or is the pile's), affordable, the pool holds at
  least ``coins`` (exactly, with ``exactly``) and it owns fewer than ``fewer_than``;
- when no rule fits, greedy's choice among the allowed cards.
"""

from __future__ import annotations

from cardkit.sim.actions import ACQUIRE, END_TURN, PILE, Action
from cardkit.sim.greedy import GreedyBot
from cardkit.sim.strategy import Strategy
from cardkit.sim.view import View


class GuidedBot(GreedyBot):
    """Greedy play with a strategy's buy rules and limits (see the module's docstring)."""

    def __init__(self, strategy: Strategy, seed: int = 0) -> None:
        super().__init__(seed)
        self.strategy = strategy
        self.name = strategy.name
        self._for: object = None  # the cards the indexes below were made for
        self._never: frozenset[int] = frozenset()
        self._rules: list[tuple[int, int, bool, int]] = []  # (card, coins, exactly, fewer)

    def _index(self, view: View) -> None:
        pool = view.compiled.pool
        ids = {card.id: i for i, card in enumerate(pool.cards)}
        strategy = self.strategy
        never = {ids[c] for c in strategy.never if c in ids}
        if strategy.factions:
            allowed = set(strategy.factions)
            never |= {
                i
                for i, card in enumerate(pool.cards)
                if card.factions and not allowed.intersection(card.factions)
            }
        self._never = frozenset(never) | view.banned
        self._rules = [
            (ids[r.card], r.coins, r.exactly, r.fewer_than)
            for r in strategy.buy
            if r.card in ids and ids[r.card] not in never
        ]
        self._for = view.cards

    def take_action(self, view: View) -> Action:
        if self._for is not view.cards:
            self._index(view)
        action = self.chosen(view)
        if action[0] != ACQUIRE and (action != END_TURN or view.budget <= 0):
            return action
        rule = self._rule(view)
        if rule is not None:
            return rule
        if action[0] == ACQUIRE and view.offered(action[1]) in self._never:
            return self._allowed_buy(view)
        return action

    def chosen(self, view: View) -> Action:
        """What greedy would do now."""
        return super().take_action(view)

    def _rule(self, view: View) -> Action | None:
        """The first buy rule that fits, as an action."""
        budget = view.budget
        cards = view.cards
        pile = view.pile
        owned: list[int] | None = None
        for c, coins, exactly, fewer in self._rules:
            if cards[c].cost > budget or budget < coins or (exactly and budget != coins):
                continue
            if fewer:
                if owned is None:
                    owned = view.owned()
                if owned.count(c) >= fewer:
                    continue
            if c in view.market:
                return (ACQUIRE, view.market.index(c))
            if pile == c:
                return (ACQUIRE, PILE)
        return None

    def _allowed_buy(self, view: View) -> Action:
        """Greedy's purchase among the cards the strategy allows (or none)."""
        never = self._never
        led = self._refresh(view)
        budget = view.budget
        best: Action = END_TURN
        best_value = self.buy_bar
        options = [(i, c) for i, c in enumerate(view.market)]
        if view.pile is not None:
            options.append((PILE, view.pile))
        for slot, c in options:
            if c in never or view.cards[c].cost > budget:
                continue
            value = self._value(led, c)
            if value > best_value:
                best, best_value = (ACQUIRE, slot), value
        return best

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        if self._for is not view.cards:
            self._index(view)
        allowed = [slot for slot in options if view.offered(slot) not in self._never]
        return super().choose_acquire(view, allowed) if allowed else None

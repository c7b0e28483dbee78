"""The supply family of the engine: fixed piles, victory points, action and buy limits, 2-6 players.

``SupplyMatch`` is a ``Match`` for games whose ``play:`` declares supply piles (a kingdom and
basic piles, as in Dominion), besides or instead of a market row. What it adds to the rules:

- any number of players from 2 to 6, each with their own deck, hand and discard pile, and
  attacks on every other player (``others``);
- buying a card of a supply pile (the ``BUY`` action), which uses a buy when ``play: limits``
  counts buys; playing a card that is not of a free type (Treasures) uses an action when it
  counts actions; cards without an ability (Victory cards, curses) are not played at all;
- the game ends after a turn in which ``play: end``'s number of piles (or its named pile) is
  empty, after its number of rounds, or when a player reaches the ``target`` of points; then
  the most victory points win, ties going to the player who took fewer turns (a draw when the
  turns are equal too), as the family's rule books say.

Like the engine it knows no card: abilities come compiled from ``compile.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.sim.actions import (
    ACQUIRE,
    BUY,
    END_TURN,
    PILE,
    PLAY,
    PLAY_HAND,
    Action,
    option_pile,
)
from cardkit.sim.engine import Match, Outcome
from cardkit.sim.supplyplay import is_supply_game
from cardkit.sim.view import Bot, View

__all__ = ["SupplyMatch", "is_supply_game"]

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled


class SupplyMatch(Match):
    """One game of the supply family (see the module's docstring)."""

    def __init__(
        self,
        compiled: Compiled,
        bots: Sequence[Bot],
        seed: int,
        *,
        checked: bool = False,
        banned: Sequence[frozenset[int]] = (),
    ) -> None:
        super().__init__(compiled, bots, seed, checked=checked)
        pool = compiled.pool
        setup = pool.setup
        n = len(self.bots)
        self.players = n
        self.deal(seed, n)
        # by seat, the cards that player never acquires (a card's effect being measured)
        for p, cards in enumerate(banned[:n]):
            self.banned[p] = cards
        self.turns_taken = [0] * n
        self.pile_cards = [c for c, _ in pool.supply]
        self.left = [size for _, size in pool.supply]
        self.slot = [-1] * len(pool.cards)  # card index -> its supply pile, -1 when none
        for k, c in enumerate(self.pile_cards):
            self.slot[c] = k
        self.points = [card.points for card in pool.cards]
        resources = compiled.env.resources
        self.act = resources.get(setup.actions, -1)
        self.buys = resources.get(setup.buys, -1)
        self.acts_start = setup.actions_start
        self.buys_start = setup.buys_start
        free = frozenset(setup.free_types)
        self.free = [card.type in free for card in pool.cards]
        # a card is played when it does something: an ability, or a plain gain
        self.playable = [c.primary is not None or c.gain is not None for c in compiled.cards]
        self.end_slot = -1 if setup.end_pile is None else self.slot[pool.index(setup.end_pile)]
        self.curse_slot = -1 if pool.curse is None else self.slot[pool.curse]
        self.empty_piles = setup.empty_piles
        self.end_rounds = setup.end_rounds
        self.target = setup.target
        self.by_points = setup.win == "points"
        self.foe = [(p + 1) % n for p in range(n)]  # attacks hit every other player
        self.views = [View(self, p) for p in range(n)]
        for p in range(n):
            self.draw(p, setup.opening_hand(p))
        self.start_limits()

    # -- the game loop ------------------------------------------------------------------------

    def play(self) -> Outcome:
        while not self.over and self._turn < self.max_turns:
            self.start_turn()
            self.start_limits()
            self.run_later()
            self.main_phase()
            if not self.over:
                self.end_turn()
        return self.outcome()

    def start_limits(self) -> None:
        if self.act >= 0:
            self.pool[self.act] = self.acts_start
        if self.buys >= 0:
            self.pool[self.buys] = self.buys_start

    def end_turn(self) -> None:
        p = self.cur
        self.discard_played(p)
        self.pool[:] = self.zero_pool
        self.banished = 0
        self.next_on_top = None
        self.draw(p, self.hand_size)
        self.turns_taken[p] += 1
        self.cur = (p + 1) % self.players
        self._turn += 1
        round_ = self._turn // self.players + 1
        for view in self.views:
            view.round = round_
        if self.game_ends(p):
            self.over = True
            self.winner = self.winner_on_points()

    def game_ends(self, p: int) -> bool:
        """Whether the game ends after ``p``'s turn (a life at 0 ends it at once)."""
        left = self.left
        if self.end_slot >= 0 and left[self.end_slot] == 0:
            return True
        if self.empty_piles and sum(1 for n in left if n == 0) >= self.empty_piles:
            return True
        if self.end_rounds and self.cur == 0 and self._turn >= self.end_rounds * self.players:
            return True
        return self.target > 0 and self.score(p) >= self.target

    def score(self, p: int) -> int:
        points = self.points
        total = 0
        for zone in (self.deck[p], self.hand[p], self.discard[p], self.bases[p], self.staying[p]):
            for c in zone:
                total += points[c]
        if p == self.cur:
            for c in self.ships:
                total += points[c]
        return total

    def winner_on_points(self) -> int | None:
        """The winner on points: the most, then the fewer turns; None for a tie in both."""
        if not self.by_points:
            alive = [p for p in range(self.players) if self.life[p] > 0]
            return alive[0] if len(alive) == 1 else None
        ranks = sorted(
            ((self.score(p), -self.turns_taken[p], p) for p in range(self.players)), reverse=True
        )
        if ranks[0][:2] == ranks[1][:2]:
            return None
        return ranks[0][2]

    def outcome(self) -> Outcome:
        n = self.players
        scores = tuple(self.score(p) for p in range(n)) if self.by_points else tuple(self.life)
        return Outcome(
            self.winner,
            self.turn + (1 if self.over else 0),
            scores,
            tuple(tuple(self.acquired[p]) for p in range(n)),
            not self.over,
        )

    # -- actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        p = self.cur
        cards = self.cards
        pool = self.pool
        can_act = self.act < 0 or pool[self.act] > 0
        hand = self.hand[p]
        actions: list[Action] = []
        free_in_hand = False
        for i, c in enumerate(hand):
            if not self.playable[c]:
                continue
            if self.free[c]:
                free_in_hand = True
                actions.append((PLAY, i))
            elif can_act:
                actions.append((PLAY, i))
        if free_in_hand:
            actions.append(PLAY_HAND)
        if self.buys < 0 or pool[self.buys] > 0:
            budget = pool[self.acq]
            banned = self.banned[p]
            for k, c in enumerate(self.pile_cards):
                if self.left[k] > 0 and cards[c].cost <= budget and c not in banned:
                    actions.append((BUY, k))
            for i, c in enumerate(self.market):
                if cards[c].cost <= budget:
                    actions.append((ACQUIRE, i))
            if self.pile is not None and self.pile_count > 0 and cards[self.pile].cost <= budget:
                actions.append((ACQUIRE, PILE))
        actions.append(END_TURN)
        return actions

    def apply(self, action: Action) -> None:
        if action[0] == BUY:
            self.buy_pile(self.cur, action[1])
        else:
            super().apply(action)

    def play_hand(self, p: int) -> None:
        """Play every card of a free type in the hand (the Treasures), last first."""
        hand = self.hand[p]
        free, playable = self.free, self.playable
        i = len(hand) - 1
        while i >= 0:
            c = hand[i]
            if free[c] and playable[c]:
                hand.pop(i)
                self.enter_play(p, c)
            i = min(i - 1, len(hand) - 1)

    def enter_play(self, p: int, c: int) -> None:
        if self.act >= 0 and not self.free[c]:
            self.pool[self.act] -= 1
        super().enter_play(p, c)

    def buy(self, p: int, slot: int) -> None:
        if self.buys >= 0:
            self.pool[self.buys] -= 1
        super().buy(p, slot)

    def buy_pile(self, p: int, k: int) -> None:
        c = self.pile_cards[k]
        self.pool[self.acq] -= self.cards[c].cost
        if self.buys >= 0:
            self.pool[self.buys] -= 1
        self.left[k] -= 1
        self.gain_card(p, c, "discard")

    # -- helpers the executors call -----------------------------------------------------------

    def others(self, p: int) -> list[int]:
        n = self.players
        return [(p + k) % n for k in range(1, n)]

    def give_curse(self, q: int) -> bool:
        k = self.curse_slot
        if k < 0 or self.left[k] == 0:
            return False
        self.left[k] -= 1
        c = self.pile_cards[k]
        self.discard[q].append(c)
        self.acquired[q].append((c, self._turn // self.players + 1))
        return True

    def standing(self, p: int) -> int:
        return self.score(p) if self.by_points else self.life[p]

    def supply_left(self) -> list[int]:
        return self.left

    def take_card(self, c: int) -> bool:
        k = self.slot[c]
        if k < 0:
            return super().take_card(c)
        if self.left[k] == 0:
            return False
        self.left[k] -= 1
        return True

    def take_from_market(self, slot: int) -> None:
        if slot < PILE:  # a supply pile (``supply_option``)
            self.left[option_pile(slot)] -= 1
        else:
            super().take_from_market(slot)

    def to_removed(self, c: int) -> None:
        self.removed.append(c)  # the trash: a card never goes back to its supply pile

    # -- checks ------------------------------------------------------------------------------

    def all_cards(self) -> list[int]:
        everything = [*self.market_deck, *self.market, *self.removed, *self.ships]
        for p in range(self.players):
            everything += self.deck[p] + self.hand[p] + self.discard[p] + self.bases[p]
            everything += self.staying[p]
        if self.pile is not None:
            everything += [self.pile] * self.pile_count
        for c, n in zip(self.pile_cards, self.left, strict=True):
            everything += [c] * n
        return everything

"""The Frontiers formats for 3 to 6 players of a game won on life: free-for-all and hunter.

``FormatMatch`` is a ``Match`` with more seats (``play: players`` and ``play: format``), as
the Star Realms Frontiers rulebook plays them:

- Free-For-All: "may attack/target any player and their bases. The last player alive wins";
  each player has a foe, the player its attacks and targeting go to, and may turn on another
  (the ``AIM`` action) at any time of its turn; at first, and when its foe is defeated, the
  next player alive in turn order.
- Hunter: "players may only attack/target the player to their left and/or the Bases belonging
  to players on their left and right. If the player to your left is defeated, the next player
  to your left can then be attacked/targeted. The last player alive wins the game!" -- the
  player to the left is the next in turn order (play proceeds clockwise), its foe; the bases of
  the player to its right are ``(ATTACK_BASE, -1 - j)`` (``flank``).
- Starting hands: "That player gets a three-card starting hand [...] The player going second
  gets a four-card starting hand. All other players get a five-card starting hand." -- the
  first seat draws ``hand: first``, the second one card more (at most ``hand: size``), the
  others ``hand: size``; ``play: seats:`` overrides any seat.

A defeated player's turns are skipped and its bases leave play. Bots look ahead (``mc``) in
two-player games only: a copy of a match of more players is not made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.sim.engine import Match, Outcome
from cardkit.sim.view import Bot, View

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled

FORMATS = ("free-for-all", "hunter")


def is_format_game(compiled: Compiled) -> bool:
    """Whether the game is played by ``FormatMatch``: more than two players, won on life,
    with a market row and no supply piles."""
    setup = compiled.pool.setup
    return setup.players > 2 and setup.win == "life" and not compiled.pool.supply


def opening_hand(compiled: Compiled, seat: int) -> int:
    setup = compiled.pool.setup
    own = setup.seats[seat].hand if seat < len(setup.seats) else None
    if own is not None:
        return own
    if seat == 1:
        return min(setup.first_hand_size + 1, setup.hand_size)
    return setup.opening_hand(seat)


class FormatMatch(Match):
    """One game of three to six players (see the module's docstring)."""

    def __init__(
        self, compiled: Compiled, bots: Sequence[Bot], seed: int, *, checked: bool = False
    ) -> None:
        super().__init__(compiled, bots, seed, checked=checked)
        setup = compiled.pool.setup
        n = len(self.bots)
        self.players = n
        self.hunter = setup.format == "hunter"
        self.deal(seed, n)
        self.alive = [True] * n
        self.foe = [(p + 1) % n for p in range(n)]
        self.views = [View(self, p) for p in range(n)]
        for p in range(n):
            self.draw(p, opening_hand(compiled, p))

    def end_turn(self) -> None:
        p = self.cur
        self.clean_up(p)
        n = self.players
        q = (p + 1) % n
        while not self.alive[q]:
            q = (q + 1) % n
        self.cur = q
        self._turn += 1
        round_ = self._turn // n + 1
        for view in self.views:
            view.round = round_

    def next_alive(self, p: int) -> int:
        """The next player alive after ``p`` in turn order (to ``p``'s left)."""
        n = self.players
        q = (p + 1) % n
        while not self.alive[q] and q != p:
            q = (q + 1) % n
        return q

    def defeat(self, p: int, q: int) -> None:
        self.alive[q] = False
        self.discard[q].extend(self.bases[q])  # its bases leave play
        self.bases[q].clear()
        self.base_fired[q].clear()
        if sum(self.alive) == 1:
            self.over = True
            self.winner = p
            return
        for r in range(self.players):
            if self.alive[r] and self.foe[r] == q:
                self.aim(r, self.next_alive(r))

    def aims(self, p: int) -> list[int]:
        if self.hunter:
            return []
        n = self.players
        return [q for q in ((p + k) % n for k in range(1, n)) if self.alive[q] and q != self.foe[p]]

    def flank(self, p: int) -> int:
        """A hunter may attack the bases of the player to its right too (the previous player
        alive in turn order), when that is not its foe."""
        if not self.hunter:
            return -1
        n = self.players
        r = (p - 1) % n
        while not self.alive[r]:
            r = (r - 1) % n
        return -1 if r in (p, self.foe[p]) else r

    def others(self, p: int) -> list[int]:
        """The opponent an effect targets ("Target opponent discards a card"): ``p``'s foe."""
        return [self.foe[p]]

    def outcome(self) -> Outcome:
        n = self.players
        return Outcome(
            self.winner,
            self.turn + (1 if self.over else 0),
            tuple(self.life),
            tuple(tuple(self.acquired[p]) for p in range(n)),
        )

    def clone(self, bots: Sequence[Bot], seed: int) -> Match:
        raise NotImplementedError("bots look ahead in two-player games only")

"""The view of a match a bot plays through (what one player could see), and the bot protocol.

A bot answers the engine's questions: which action to take, which option of a choice, which
cards to discard or scrap, which card to acquire for free, which base to destroy. It sees the
match only through its ``View``: its own hand and discard pile, the sizes of the decks and of
the opponent's hand, everything in play, the market row and the pools -- never the order of a
deck or the opponent's hand. ``View.sample`` deals the hidden cards at random, for bots that
look ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from cardkit.model import PlayZones
from cardkit.sim.actions import Action, Worth

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled, CompiledCard
    from cardkit.sim.engine import Match


class View:
    """One player's view of a match. Lists it returns are the match's own: read them only.

    The lists the match keeps for the whole game (this player's hand and discard pile, both
    players' bases, the ships in play, the market row, the pools) are plain attributes, not
    properties: bots read them several times a decision, and the engine changes those lists
    in place, never replacing them, so a view made at the start of a match stays true to it."""

    __slots__ = (
        "_acq",
        "_att",
        "_m",
        "_pool",
        "banned",
        "cards",
        "discard",
        "foe",
        "hand",
        "lives",
        "market",
        "opponent_bases",
        "own_bases",
        "round",
        "seat",
        "ships",
    )

    def __init__(self, match: Match, seat: int) -> None:
        self._m = match
        self.seat = seat
        self.cards: tuple[CompiledCard, ...] = match.cards  # every card's public stats
        self.hand: list[int] = match.hand[seat]
        self.discard: list[int] = match.discard[seat]
        self.ships: list[int] = match.ships
        """Ships in play this turn (the current player's)."""
        self.market: list[int] = match.market
        self.banned: frozenset[int] = match.banned[seat]
        """The cards this player never acquires (empty but when a card's effect is measured)."""
        self.round = match.turn // 2 + 1
        """The current round (a player's own turns): the match keeps it up to date."""
        self.lives: list[int] = match.life
        """Both players' life, by seat."""
        self.own_bases: list[int] = match.bases[seat]
        self.foe: int = match.foe[seat]
        """The player this one attacks and targets (with two players, the other one)."""
        self.opponent_bases: list[int] = match.bases[self.foe]
        """... and that player's bases."""
        self._pool = match.pool
        self._acq = match.acq
        self._att = match.att

    @property
    def compiled(self) -> Compiled:
        """The card pool as compiled for the engine (public: every card's stats and text)."""
        return self._m.compiled

    @property
    def zones(self) -> PlayZones:
        """The game's zone ids of the hand, the discard pile and the market row."""
        return self._m.zones

    def deck_size(self, seat: int) -> int:
        return len(self._m.deck[seat])

    def hand_size(self, seat: int) -> int:
        return len(self._m.hand[seat])

    def life(self, seat: int) -> int:
        return self._m.life[seat]

    def standing(self, seat: int) -> int:
        """What ``seat`` is judged by: its life, or its victory points in a game won on points."""
        return self._m.standing(seat)

    def bases(self, seat: int) -> list[int]:
        return self._m.bases[seat]

    @property
    def pile(self) -> int | None:
        m = self._m
        return m.pile if m.pile_count > 0 else None

    def offered(self, option: int) -> int:
        """The card an option of ``Bot.choose_acquire`` stands for: a slot of the market row,
        ``PILE``, or a supply pile (``actions.supply_option``)."""
        return self._m.offered(option)

    @property
    def pile_count(self) -> int:
        """How many cards the always-available pile holds."""
        return self._m.pile_count

    @property
    def budget(self) -> int:
        return self._pool[self._acq]

    def amount(self, resource: int) -> int:
        """The current player's pool of resource ``resource`` (an index of the pool's
        resources): the actions or buys left this turn, say."""
        return self._pool[resource]

    @property
    def strength(self) -> int:
        return self._pool[self._att]

    def targets(self) -> list[int]:
        """The opponent's bases that may be attacked or targeted."""
        return self._m.targets(self.foe)

    def has_guard(self, seat: int) -> bool:
        return self._m.has_guard(seat)

    def owned(self) -> list[int]:
        """Every card this player owns (deck contents are known; their order is not)."""
        m, s = self._m, self.seat
        ships = m.ships if m.cur == s else []
        return m.deck[s] + m.hand[s] + m.discard[s] + m.bases[s] + m.staying[s] + ships

    @property
    def ready(self) -> int:
        """How many abilities of this player's cards in play are ready to use (``USE``)."""
        return self._m.ready if self._m.cur == self.seat else 0

    def usable(self) -> list[int]:
        """The arguments of this player's ``USE`` actions (an entry of the cards in play, ships
        then bases, times ``SLOTS``, plus the slot: 0 a base's primary, k + 1 ally ability k)."""
        return self._m.usable() if self._m.cur == self.seat else []

    def in_play(self, entry: int) -> int:
        """The card of an entry of this player's cards in play (ships, then bases), as it
        counts (a copy counts as the card it copies)."""
        ships = self._m.ships_as
        return ships[entry] if entry < len(ships) else self._m.bases[self.seat][entry - len(ships)]

    def aim(self, foe: int) -> None:
        """The match turned this player on another opponent (a format of more players)."""
        self.foe = foe
        self.opponent_bases = self._m.bases[foe]

    def aims(self) -> list[int]:
        """The players this one may turn on instead (``AIM`` actions: a free-for-all)."""
        return self._m.aims(self.seat) if self._m.cur == self.seat else []

    def supply_left(self) -> list[int]:
        """The cards left in each supply pile, in the order of ``compiled.pool.supply``."""
        return self._m.supply_left()

    def legal_actions(self) -> list[Action]:
        if self._m.cur != self.seat:
            return []
        return self._m.legal_actions()

    def sample(self, bots: Sequence[Bot], seed: int) -> Match:
        """A copy of the match with the cards this player cannot see dealt at random."""
        copy = self._m.clone(bots, seed)
        copy.redeal_hidden(self.seat)
        return copy


class Bot(Protocol):
    name: str

    def take_action(self, view: View) -> Action: ...

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int: ...

    def choose_discard(self, view: View, least: int, most: int) -> list[int]: ...

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]: ...

    def choose_acquire(self, view: View, options: list[int]) -> int | None: ...

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None: ...

    def choose_from_discard(self, view: View, options: list[int]) -> int | None: ...

    def choose_copy(self, view: View, options: list[int]) -> int | None: ...

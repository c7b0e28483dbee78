"""Bots, and the view of a match they play through (what one player could see).

A bot answers the engine's questions: which action to take, which option of a choice, which
cards to discard or scrap, which card to acquire for free, which base to destroy. It sees the
match only through its ``View``: its own hand and discard pile, the sizes of the decks and of
the opponent's hand, everything in play, the market row and the pools -- never the order of a
deck or the opponent's hand. ``View.sample`` deals the hidden cards at random, for bots that
look ahead.

``BOTS`` lists the bots by name: ``random``, ``greedy`` and ``mc`` (flat Monte Carlo over
buys: each possible purchase is tried in rollouts of greedy play, on deals of the hidden cards).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from cardkit.model import PlayZones
from cardkit.sim.compile import Worth
from cardkit.sim.engine import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    END_TURN,
    PILE,
    PLAY_HAND,
    SCRAP,
    Action,
)

if TYPE_CHECKING:
    from cardkit.sim.cards import CompiledCard
    from cardkit.sim.engine import Match


class View:
    """One player's view of a match. Lists it returns are the match's own: read them only."""

    __slots__ = ("_m", "cards", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        self._m = match
        self.seat = seat
        self.cards: tuple[CompiledCard, ...] = match.cards  # every card's public stats

    @property
    def round(self) -> int:
        return self._m.turn // 2 + 1

    @property
    def zones(self) -> PlayZones:
        """The game's zone ids of the hand, the discard pile and the market row."""
        return self._m.zones

    @property
    def hand(self) -> list[int]:
        return self._m.hand[self.seat]

    @property
    def discard(self) -> list[int]:
        return self._m.discard[self.seat]

    def opponent_discard(self) -> list[int]:
        return self._m.discard[1 - self.seat]

    def deck_size(self, seat: int) -> int:
        return len(self._m.deck[seat])

    def hand_size(self, seat: int) -> int:
        return len(self._m.hand[seat])

    def life(self, seat: int) -> int:
        return self._m.life[seat]

    def bases(self, seat: int) -> list[int]:
        return self._m.bases[seat]

    @property
    def ships(self) -> list[int]:
        """Ships in play this turn (the current player's)."""
        return self._m.ships

    @property
    def market(self) -> list[int]:
        return self._m.market

    @property
    def pile(self) -> int | None:
        m = self._m
        return m.pile if m.pile_count > 0 else None

    @property
    def budget(self) -> int:
        return self._m.pool[self._m.acq]

    @property
    def strength(self) -> int:
        return self._m.pool[self._m.att]

    def targets(self) -> list[int]:
        """The opponent's bases that may be attacked or targeted."""
        return self._m.targets(1 - self.seat)

    def has_guard(self, seat: int) -> bool:
        return self._m.has_guard(seat)

    def owned(self) -> list[int]:
        """Every card this player owns (deck contents are known; their order is not)."""
        m, s = self._m, self.seat
        ships = m.ships if m.cur == s else []
        return m.deck[s] + m.hand[s] + m.discard[s] + m.bases[s] + ships

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

    def choose_scrap(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]: ...

    def choose_acquire(self, view: View, options: list[int]) -> int | None: ...

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None: ...

    def choose_from_discard(self, view: View, options: list[int]) -> int | None: ...

    def choose_copy(self, view: View, options: list[int]) -> int | None: ...


class RandomBot:
    """Uniformly random among the legal choices."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def take_action(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions())

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        return self.rng.randrange(len(options))

    def _some(self, size: int, least: int, most: int) -> list[int]:
        return self.rng.sample(range(size), self.rng.randint(least, most))

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        return self._some(len(view.hand), least, most)

    def choose_scrap(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        return self._some(len(candidates), least, most)

    def _maybe(self, options: list[int], optional: bool = True) -> int | None:
        if optional and self.rng.random() < 0.2:
            return None
        return self.rng.choice(options)

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        return self._maybe(options)

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        return self._maybe(options, optional)

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        return self._maybe(options)

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        return self._maybe(options)


class GreedyBot:
    """A heuristic player: plays every card, takes lethal, breaks guards, then buys the card
    scoring highest by twice its cost, plus the attack it gives, plus 1 for a faction it owns."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._mask_turn = -1  # the turn the faction mask of owned cards was computed for
        self._mask = 0

    def take_action(self, view: View) -> Action:
        if view.hand:
            return PLAY_HAND
        strength = view.strength
        if strength:
            attack = self._attack(view, strength)
            if attack is not None:
                return attack
        scrap = self._lethal_scrap(view)
        if scrap is not None:
            return scrap
        return self._buy(view)

    def _attack(self, view: View, strength: int) -> Action | None:
        """Break the largest base it can (guards first), unless the opponent can be finished."""
        cards = view.cards
        opponent_life = view.life(1 - view.seat)
        opponent_bases = view.bases(1 - view.seat)
        if opponent_bases:
            targets = view.targets()
            best, best_defense = -1, 0
            guards = cards[opponent_bases[targets[0]]].guard
            for j in targets:
                defense = cards[opponent_bases[j]].defense
                if best_defense < defense <= strength:
                    best, best_defense = j, defense
            lethal = not guards and strength >= opponent_life
            if best >= 0 and not lethal:
                return (ATTACK_BASE, best)
            if guards:
                return None  # the player cannot be reached
        return (ATTACK_PLAYER, 0)

    def _lethal_scrap(self, view: View) -> Action | None:
        """Scrap ships and bases for attack strength only when that finishes the opponent."""
        cards = view.cards
        extra, first, i = 0, -1, 0
        for in_play in (view.ships, view.bases(view.seat)):
            for c in in_play:
                attack = cards[c].scrap_attack
                if attack:
                    extra += attack
                    if first < 0:
                        first = i
                i += 1
        if first < 0 or view.strength + extra < view.life(1 - view.seat):
            return None
        return None if view.has_guard(1 - view.seat) else (SCRAP, first)

    def _buy(self, view: View) -> Action:
        cards = view.cards
        budget = view.budget
        best, best_score = -2, 0.0
        owned = self._owned_mask(view)
        for i, c in enumerate(view.market):
            card = cards[c]
            if card.cost <= budget:
                score = card.cost * 2.0 + card.value.attack + (1.0 if card.fmask & owned else 0.0)
                if score > best_score:
                    best, best_score = i, score
        pile = view.pile
        if best == -2 and pile is not None and 0 < cards[pile].cost <= budget:
            best = PILE
        if best == -2:
            return END_TURN
        if best >= 0:
            self._mask |= cards[view.market[best]].fmask
        return (ACQUIRE, best)

    def _owned_mask(self, view: View) -> int:
        """The factions of the cards this player owns (computed once a turn)."""
        turn = view.round
        if self._mask_turn != turn:
            self._mask_turn = turn
            mask = 0
            cards = view.cards
            for c in view.owned():
                mask |= cards[c].fmask
            self._mask = mask
        return self._mask

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        early = view.round <= 6
        can_destroy = bool(view.bases(1 - view.seat))
        best, best_score = 0, -1e9
        for i, w in enumerate(options):
            score = (
                w.acquire * (1.2 if early else 0.7)
                + w.attack
                + w.life * 0.4
                + w.draw * 2.0
                + w.other * 0.5
            )
            if w.destroy:
                score += 6.0 if can_destroy else -10.0
            if score > best_score:
                best, best_score = i, score
        return best

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        cards = view.cards
        hand = view.hand
        order = sorted(range(len(hand)), key=lambda i: (cards[hand[i]].cost, i))
        if least == most:
            return order[:least]
        cheap = [i for i in order if cards[hand[i]].cost == 0]
        return cheap[: max(least, min(most, len(cheap)))] or order[:least]

    def choose_scrap(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        """Starting cards (cost 0) from the discard pile, then from the hand, Vipers before
        Scouts; if more must go, the cheapest own card, or the dearest of the market row."""
        cards = view.cards
        roles = view.zones
        zones = {roles.hand: view.hand, roles.discard: view.discard, roles.market: view.market}
        starters: list[tuple[bool, bool, int]] = []
        others: list[tuple[int, int]] = []
        for k, (zone, i) in enumerate(candidates):
            card = cards[zones[zone][i]]
            if zone == roles.market:
                others.append((-card.cost, k))
            elif card.cost == 0:
                starters.append((zone == roles.hand, card.value.acquire > 0, k))
            else:
                others.append((card.cost, k))
        starters.sort()
        picks = [k for _, _, k in starters[:most]]
        if len(picks) < least:
            others.sort()
            picks += [k for _, k in others[: least - len(picks)]]
        return picks

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        cards = view.cards

        def cost(slot: int) -> int:
            pile = view.pile
            if slot == PILE:
                return cards[pile].cost if pile is not None else -1
            return cards[view.market[slot]].cost

        return max(options, key=cost)

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        bases = view.bases(1 - view.seat)
        return max(options, key=lambda j: view.cards[bases[j]].defense)

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        return max(options, key=lambda i: view.cards[view.discard[i]].cost)

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        return max(options, key=lambda i: view.cards[view.ships[i]].cost)


class MonteCarloBot(GreedyBot):
    """Greedy play, but each purchase is chosen by rollouts: for every affordable card,
    ``rollouts`` games are played out by greedy bots on random deals of the cards this player
    cannot see (the same deals for every card), scored by wins and then authority; a card is
    bought instead of the greedy choice only when its paired advantage is clear (t > 2)."""

    name = "mc"

    def __init__(self, seed: int = 0, rollouts: int = 12) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.rollouts = rollouts

    def take_action(self, view: View) -> Action:
        action = super().take_action(view)
        if action[0] != ACQUIRE:
            return action
        options = [action]
        seen = {self._card(view, action)}
        for kind, slot in view.legal_actions():
            if kind == ACQUIRE:
                card = self._card(view, (kind, slot))
                if card not in seen:
                    seen.add(card)
                    options.append((kind, slot))
        # Common random numbers: every option is tried on the same deals, so that the
        # comparison measures the option and not the luck of the deal.
        seeds = [self.rng.getrandbits(32) for _ in range(self.rollouts)]
        scores = [[self._rollout(view, option, seed) for seed in seeds] for option in options]
        # Rollouts are few: leave the greedy purchase only for a card whose paired advantage
        # over it is more than twice its standard error (a one-sided test at about 2.5%).
        best, best_t = 0, 2.0
        for k in range(1, len(options)):
            t = _paired_t(scores[k], scores[0])
            if t > best_t:
                best, best_t = k, t
        return options[best]

    @staticmethod
    def _card(view: View, action: Action) -> int | None:
        return view.pile if action[1] == PILE else view.market[action[1]]

    def _rollout(self, view: View, option: Action, seed: int) -> float:
        """A win counts 1, and the authority margin at the end breaks near-ties."""
        copy = view.sample((GreedyBot(), GreedyBot()), seed)
        copy.apply(option)
        outcome = copy.finish()
        me = view.seat
        margin = max(outcome.life[me], 0) - max(outcome.life[1 - me], 0)
        return (outcome.winner == me) + margin / 200


def _paired_t(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean of ``a - b`` lies above 0 (0 when it cannot tell)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2 or mean <= 0:
        return 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.inf if variance == 0 else mean / math.sqrt(variance / n)


BOTS: Mapping[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
}
"""The bots by name: each is made from a seed."""

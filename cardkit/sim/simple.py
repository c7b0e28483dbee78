"""Two plain bots: ``random`` (uniform among the legal choices) and ``simple`` (the first
heuristic: plays its whole hand, takes lethal, breaks the largest base, buys by cost)."""

from __future__ import annotations

import random
from typing import final

from mypy_extensions import mypyc_attr

from cardkit.sim.actions import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    END_TURN,
    PILE,
    PLAY_HAND,
    USE_READY,
    Action,
    Worth,
)
from cardkit.sim.supplyplay import SupplyPlayer, is_supply_game
from cardkit.sim.view import View


@mypyc_attr(allow_interpreted_subclasses=True)  # a bot of one's own may build on it
class RandomBot:
    """Uniformly random among the legal choices."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def take_action(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions())

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        return self.rng.randrange(len(options))

    @final
    def _some(self, size: int, least: int, most: int) -> list[int]:
        return self.rng.sample(range(size), self.rng.randint(least, most))

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        return self._some(len(view.hand), least, most)

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        return self._some(len(candidates), least, most)

    @final
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


# A bot of one's own may build on it. Its helpers are final (but ``_buy``, which ``greedy``
# replaces): compiled, they are called directly.
@mypyc_attr(allow_interpreted_subclasses=True)
class SimpleBot:
    """A heuristic player: plays every card, takes lethal, breaks guards, then buys the card
    scoring highest by twice its cost, plus the attack it gives, plus 1 for a faction it owns."""

    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._mask_turn = -1  # the turn the faction mask of owned cards was computed for
        self._mask = 0
        self._supply_cards: object = None  # the pool ``_supply`` was made for
        self._supply: SupplyPlayer | None = None

    @final
    def _supply_player(self, view: View) -> SupplyPlayer | None:
        """How this seat plays a game of the supply family (None in any other game)."""
        if self._supply_cards is not view.cards:
            self._supply_cards = view.cards
            compiled = view.compiled
            self._supply = SupplyPlayer(compiled) if is_supply_game(compiled) else None
        return self._supply

    def take_action(self, view: View) -> Action:
        supply = self._supply_player(view)
        if supply is not None:
            return supply.take_action(view)
        if view.hand:
            return PLAY_HAND
        if view.ready:
            return USE_READY
        strength = view.strength
        if strength:
            attack = self._attack(view, strength)
            if attack is not None:
                return attack
        banish = self._lethal_banish(view)
        if banish is not None:
            return banish
        return self._buy(view)

    @final
    def _attack(self, view: View, strength: int) -> Action | None:
        """Break the largest base it can (guards first), unless the opponent can be finished."""
        cards = view.cards
        opponent_life = view.life(view.foe)
        opponent_bases = view.bases(view.foe)
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

    @final
    def _lethal_banish(self, view: View) -> Action | None:
        """Scrap ships and bases for attack strength only when that finishes the opponent."""
        cards = view.cards
        extra, first, i = 0, -1, 0
        for in_play in (view.ships, view.bases(view.seat)):
            for c in in_play:
                attack = cards[c].banish_attack
                if attack:
                    extra += attack
                    if first < 0:
                        first = i
                i += 1
        if first < 0 or view.strength + extra < view.life(view.foe):
            return None
        return None if view.has_guard(view.foe) else (BANISH, first)

    def _buy(self, view: View) -> Action:
        cards = view.cards
        budget = view.budget
        best, best_score = -2, 0.0
        owned = self._owned_mask(view)
        banned = view.banned
        for i, c in enumerate(view.market):
            card = cards[c]
            if card.cost <= budget and c not in banned:
                score = card.cost * 2.0 + card.value.attack + (1.0 if card.fmask & owned else 0.0)
                if score > best_score:
                    best, best_score = i, score
        pile = view.pile
        if (
            best == -2
            and pile is not None
            and 0 < cards[pile].cost <= budget
            and pile not in banned
        ):
            best = PILE
        if best == -2:
            return END_TURN
        if best >= 0:
            self._mask |= cards[view.market[best]].fmask
        return (ACQUIRE, best)

    @final
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
        can_destroy = bool(view.bases(view.foe))
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
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_discard(view, least, most)
        cards = view.cards
        hand = view.hand
        order = sorted(range(len(hand)), key=lambda i: (cards[hand[i]].cost, i))
        if least == most:
            return order[:least]
        cheap = [i for i in order if cards[hand[i]].cost == 0]
        return cheap[: max(least, min(most, len(cheap)))] or order[:least]

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        """Starting cards (cost 0) from the discard pile, then from the hand, Vipers before
        Scouts; if more must go, the cheapest own card, or the dearest of the market row."""
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_banish(view, candidates, least, most)
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
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_acquire(view, options)
        cards = view.cards
        return max(options, key=lambda slot: cards[view.offered(slot)].cost)

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        bases = view.bases(view.foe)
        return max(options, key=lambda j: view.cards[bases[j]].defense)

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        return max(options, key=lambda i: view.cards[view.discard[i]].cost)

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        return max(options, key=lambda i: view.cards[view.ships[i]].cost)

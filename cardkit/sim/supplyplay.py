"""How the heuristic bots play a game of the supply family (Dominion's kind of game).

A supply game (``is_supply_game``) is played in phases: Action cards while the turn has
actions, then every Treasure (the cards of a free type) at once, then buys from the supply
piles while the turn has buys. ``SupplyPlayer`` is what the ``greedy``, ``random`` and
``simple`` bots do there, knowing no card: each card's ``Profile`` is read from its parsed
abilities once per pool (the coins, actions, buys and cards it gives, the cards it may thin,
what its attack does to the others) and from its victory points.

- it plays the cards that give actions first, then the terminal card worth most;
- it buys the card with the most victory points when it can and its deck has money enough
  (or the game nears its end), cards of fewer points as the end nears (the nearer, the fewer
  points still worth a buy), and otherwise the card adding most coins to a hand over the deck's
  average card; a terminal is worth less the more terminals the deck holds;
- it discards and thins curses first, then cards that do nothing, then the cheapest money.

How near the end is: the fewest cards that must still leave the supply for ``play: end`` to
end the game (its named pile, or its number of piles, the smallest first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardkit.effects import (
    AcquireFree,
    And,
    BanishCards,
    Choice,
    Conditional,
    Discard,
    Draw,
    Effect,
    ForEach,
    Gain,
    OpponentDiscards,
    Sequence,
    Special,
    Then,
)
from cardkit.effects.core import Declared, Shorthand
from cardkit.sim.actions import BUY, END_TURN, PLAY, PLAY_HAND, Action
from cardkit.sim.coremoves import Deed, GainCard, GainCosting, NextTurn, Pick, RemoveCards
from cardkit.sim.view import View

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled

HARM = {
    "each-other-player-gains-curse": 1.6,
    "each-other-player-discards-down-to": 0.8,
    "each-other-player-draws": -0.4,
}
"""What an attack on every other player is worth to its player, in coins (by engine deed)."""
GAIN_WORTH = 0.25
"""What a card gained for free is worth to a hand, in coins per coin of its cost."""
BUY_BAR = 0.5
"""A card is bought only when it adds this much more than the deck's average card."""
TERMINAL_CLASH = 0.35
"""What a terminal is worth when the deck already holds a terminal per two hands of cards
(beyond its villages): it would often meet another in a hand."""
TOP_MONEY = 1.5
"""The card of most points is bought once the deck's coins reach this times its cost."""


def is_supply_game(compiled: Compiled) -> bool:
    """Whether the game is of the supply family: it has supply piles or is won on points. A
    game of more than two players won on life with a market row is a format game
    (``formats.is_format_game``), not one of this family."""
    setup = compiled.pool.setup
    return bool(compiled.pool.supply) or setup.win != "life"


@dataclass(slots=True)
class Profile:
    """What playing a card gives its player, summed over its abilities."""

    coins: float = 0.0
    actions: float = 0.0
    buys: float = 0.0
    draw: float = 0.0
    cycle: float = 0.0  # cards it may discard to draw again
    thin: float = 0.0  # own cards it may scrap
    harm: float = 0.0  # what its attacks on the others are worth, in coins
    gains: float = 0.0  # what the cards it gains for free are worth, in coins


def _profile(effect: Effect, weight: float, into: Profile, tables: Tables) -> None:
    if isinstance(effect, Gain):
        for r, n in effect.amounts:
            if r == tables.coin:
                into.coins += n * weight
            elif r == tables.action:
                into.actions += n * weight
            elif r == tables.buy:
                into.buys += n * weight
    elif isinstance(effect, Draw):
        into.draw += effect.n * weight
    elif isinstance(effect, BanishCards | RemoveCards):
        into.thin += effect.up_to * weight
    elif isinstance(effect, Special | Declared):
        into.harm += HARM.get(tables.specials.get(effect.key, ""), 0.0) * weight
    elif isinstance(effect, Deed):
        into.harm += HARM.get(effect.key, 0.0) * weight
    elif isinstance(effect, AcquireFree):
        into.gains += GAIN_WORTH * effect.max_cost * weight
    elif isinstance(effect, GainCosting):
        into.gains += GAIN_WORTH * effect.more * weight
    elif isinstance(effect, GainCard):
        c = tables.index[effect.card]
        if not effect.others:
            into.gains += GAIN_WORTH * tables.cost[c] * effect.n * weight
        elif tables.points[c] < 0:
            into.harm += HARM["each-other-player-gains-curse"] * effect.n * weight
    elif isinstance(effect, Shorthand) and effect.meaning is not None:
        _profile(effect.meaning, weight, into, tables)  # '+2 Cards': 'Draw 2 cards'
    elif isinstance(effect, OpponentDiscards):
        into.harm += 0.4 * effect.n * weight
    elif isinstance(effect, Discard):
        into.cycle += (2.0 if effect.n is None else -effect.n) * weight
    elif isinstance(effect, ForEach):
        pass  # 'draw a card for each card discarded this way': the discard counted it
    elif isinstance(effect, And | Then | Sequence):
        for part in effect.effects:
            _profile(part, weight, into, tables)
    elif isinstance(effect, Choice | Pick):
        options: tuple[Effect, ...] = effect.options
        for option in options:
            _profile(option, weight / len(options), into, tables)
    elif isinstance(effect, Conditional):
        _profile(effect.effect, weight * 0.6, into, tables)
    elif isinstance(effect, NextTurn):
        _profile(effect.effect, weight, into, tables)  # a hand's worth, a turn later


class Tables:
    """Every card's profile and the supply's facts, made once per pool (``tables``)."""

    __slots__ = (
        "action",
        "acts",
        "buy",
        "coin",
        "coins",
        "cost",
        "dead",
        "empty_piles",
        "end_pile",
        "free",
        "free_play",
        "index",
        "junk",
        "pile_cards",
        "pile_costs",
        "playable",
        "points",
        "profiles",
        "specials",
        "terminal",
        "terms",
        "thins",
        "top",
        "top_pile",
        "top_points",
        "village",
    )

    def __init__(self, compiled: Compiled) -> None:
        pool = compiled.pool
        setup = pool.setup
        self.coin = setup.acquire_with
        self.action = setup.actions
        self.buy = setup.buys
        self.specials = dict(setup.specials)
        free = frozenset(setup.free_types)
        self.index = compiled.env.cards
        self.cost = [card.cost for card in pool.cards]
        self.points = [card.points for card in pool.cards]
        self.profiles: list[Profile] = []
        for card in pool.cards:
            profile = Profile()
            for ability in card.abilities:
                _profile(ability.effect, 1.0, profile, self)
            self.profiles.append(profile)
        self.free = [card.type in free for card in pool.cards]
        self.playable = [c.primary is not None or c.gain is not None for c in compiled.cards]
        # a card that uses the turn's action and gives none back; one that gives two or more
        self.terminal = [
            self.playable[c] and not self.free[c] and bool(setup.actions) and p.actions < 1
            for c, p in enumerate(self.profiles)
        ]
        self.village = [p.actions >= 2 for p in self.profiles]
        # played in the action phase (using an action, if counted); played free, all at once
        self.acts = [self.playable[c] and not self.free[c] for c in range(len(pool.cards))]
        self.free_play = [self.playable[c] and self.free[c] for c in range(len(pool.cards))]
        # a card that does nothing in the hand: curses first, then the others by points
        self.junk = [not p for p in self.playable]
        self.pile_cards = [c for c, _ in pool.supply]
        self.pile_costs = [self.cost[c] for c in self.pile_cards]
        self.coins = [p.coins for p in self.profiles]
        self.thins = [p.thin > 0 for p in self.profiles]
        # a card of no use in the hand, or money of no cost (what thinning takes)
        self.dead = [
            j or (f and c == 0) for j, f, c in zip(self.junk, self.free, self.cost, strict=True)
        ]
        # ``SupplyPlayer.worth``'s terms: coins, buys and attacks; per card drawn, cycled and
        # (the deck's first thinner) thinned; whether it is a village
        self.terms = [
            (
                p.coins + 0.3 * p.buys + p.harm + p.gains,
                p.draw,
                max(p.cycle, 0.0),
                p.thin,
                v,
            )
            for p, v in zip(self.profiles, self.village, strict=True)
        ]
        self.end_pile = (
            -1 if setup.end_pile is None else self.pile_cards.index(pool.index(setup.end_pile))
        )
        self.empty_piles = setup.empty_piles
        best = max(self.pile_cards, key=lambda c: (self.points[c], -self.cost[c]), default=-1)
        self.top = best if best >= 0 and self.points[best] > 0 else -1
        self.top_points = self.points[best] if self.top >= 0 else 0
        self.top_pile = self.pile_cards.index(self.top) if self.top >= 0 else -1

    def cards_to_end(self, left: list[int]) -> int:
        """The fewest cards that must still leave the supply for the game to end (a large
        number when it ends otherwise)."""
        near = 10**6
        if self.end_pile >= 0:
            near = left[self.end_pile]
        k = self.empty_piles
        if k:
            near = min(near, sum(sorted(left)[:k]))
        return near


_TABLES: dict[int, tuple[Compiled, Tables]] = {}


def tables(compiled: Compiled) -> Tables:
    """The tables of a compiled pool, made once per pool per process."""
    entry = _TABLES.get(id(compiled))
    if entry is None or entry[0] is not compiled:
        if len(_TABLES) > 8:
            _TABLES.clear()
        entry = _TABLES[id(compiled)] = (compiled, Tables(compiled))
    return entry[1]


class SupplyPlayer:
    """One seat's play of a supply game (see the module's docstring)."""

    def __init__(self, compiled: Compiled) -> None:
        self.t = tables(compiled)
        resources = compiled.env.resources
        setup = compiled.pool.setup
        self.act = resources.get(setup.actions, -1)
        self.buys = resources.get(setup.buys, -1)
        self.hand_size = setup.hand_size
        self.start_near = -1  # cards to the end when the game began
        self._known = -1  # the round the deck's figures below were made for
        self.money = 0.0  # coins the deck holds
        self.density = 0.0  # ... per card
        self.terminals = 0
        self.villages = 0
        self.thinners = 0
        self.junk = 0
        self.size = 1
        self.worths: list[float] = []  # by card: ``worth``, this round
        self.near = 0  # cards to the end, as the round began
        self.buy_values: list[float] = []  # by pile: what buying its card adds, or -1

    # -- the deck's figures ------------------------------------------------------------------

    def _figures(self, view: View) -> None:
        """The deck's figures, once a round (a buy or a thinning later in the turn changes
        them a little, and is counted the next round)."""
        if self._known == view.round:
            return
        self._known = view.round
        t = self.t
        money = 0.0
        terminals = villages = thinners = junk = 0
        owned = view.owned()
        coins, terminal, village, thin, dead = t.coins, t.terminal, t.village, t.thins, t.dead
        for c in owned:
            money += coins[c]
            terminals += terminal[c]
            villages += village[c]
            thinners += thin[c]
            junk += dead[c]
        n = len(owned) or 1
        density = money / n
        self.money, self.density, self.size = money, density, n
        self.terminals, self.villages, self.thinners, self.junk = (
            terminals,
            villages,
            thinners,
            junk,
        )
        # ``worth`` of every card, its terms that depend on the deck worked out once
        cycle = 0.3 * junk / n
        spare = 0.8 if terminals > villages else 0.0
        to_thin = float(junk if thinners == 0 else 0)  # the first thinner's cards to take
        self.worths = [
            base
            + draw * density
            + cycle_n * cycle
            + (spare if v else 0.0)
            + 0.5 * (thin_n if thin_n < to_thin else to_thin)
            for base, draw, cycle_n, thin_n, v in t.terms
        ]
        worths = self.worths
        # what buying each pile's card adds (-1: not worth a buy), the card of most points apart
        near = t.cards_to_end(view.supply_left())
        if self.start_near < 0:
            self.start_near = max(near, 1)
        self.near = near
        clash = (terminals + 1 - villages) * 2 * self.hand_size > n
        bar = density + BUY_BAR
        values: list[float] = []
        for c in t.pile_cards:
            p = t.points[c]
            v = -1.0
            if p > 0:
                share = p / t.top_points if t.top_points else 1.0
                if c != t.top and near <= max(2.0, self.start_near * share):
                    v = 100.0 + p
            elif p == 0 and not t.junk[c]:
                v = worths[c]
                if terminal[c] and clash:
                    v *= TERMINAL_CLASH  # it would often meet another terminal in a hand
                if v <= bar:
                    v = -1.0
            values.append(v)
        self.buy_values = values

    def worth(self, c: int) -> float:
        """What card ``c`` gives a hand, in coins, in this deck (as the round began)."""
        return self.worths[c]

    # -- the turn ------------------------------------------------------------------------------

    def take_action(self, view: View) -> Action:
        t = self.t
        hand = view.hand
        actions = view.amount(self.act) if self.act >= 0 else 1
        if hand:
            if actions > 0:
                self._figures(view)
                acts, terminal, worths = t.acts, t.terminal, self.worths
                best, best_rank = -1, -1.0
                for i, c in enumerate(hand):
                    if acts[c]:  # the cards that give actions first, then the worthiest
                        r = worths[c] if terminal[c] else worths[c] + 1000.0
                        if r > best_rank:
                            best, best_rank = i, r
                if best >= 0:
                    return (PLAY, best)
            free_play = t.free_play
            for c in hand:
                if free_play[c]:
                    return PLAY_HAND
        if self.buys >= 0 and view.amount(self.buys) <= 0:
            return END_TURN
        k = self.choose_buy(view)
        return END_TURN if k < 0 else (BUY, k)

    def choose_buy(self, view: View) -> int:
        """The supply pile to buy from, or -1 to buy nothing."""
        t = self.t
        budget = view.budget
        left = view.supply_left()
        banned = view.banned
        self._figures(view)
        top = t.top
        if top >= 0 and top not in banned:
            k = t.top_pile
            cost = t.cost[top]
            if (
                left[k] > 0
                and cost <= budget
                and (self.money >= TOP_MONEY * cost or 2 * self.near <= self.start_near)
            ):
                return k
        best, best_value, best_cost = -1, 0.0, 0
        costs, values, piles = t.pile_costs, self.buy_values, t.pile_cards
        for k in range(len(values)):
            v = values[k]
            if v < 0.0 or left[k] <= 0 or piles[k] in banned:
                continue
            cost = costs[k]
            if cost <= budget and (v > best_value or (v == best_value and cost > best_cost)):
                best, best_value, best_cost = k, v, cost
        return best

    # -- answers -------------------------------------------------------------------------------

    def _keep(self, c: int) -> float:
        """How much a card is worth keeping in the hand: curses least, then cards that do
        nothing, then by what they give."""
        t = self.t
        if t.junk[c]:
            return -1.0 if t.points[c] < 0 else 0.0
        return 0.1 + self.worths[c] + 0.01 * t.cost[c]

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        """Of the cards a free gain offers, the one that adds most to the deck (the card of
        most points near the end), the dearest of equals; none when each would be junk."""
        self._figures(view)
        t = self.t
        near_end = 2 * self.near <= self.start_near
        best, best_key = None, (0.0, 0)
        for option in options:
            c = view.offered(option)
            points = t.points[c]
            if points > 0:
                value = 100.0 + points if near_end else 0.5 + 0.1 * points
            elif t.junk[c]:
                value = -1.0
            else:
                value = self.worths[c]
            key = (value, t.cost[c])
            if value > 0.0 and (best is None or key > best_key):
                best, best_key = option, key
        return best

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        """The cards worth least first; with a choice of how many ('any number'), those worth
        less than the deck's average card (a terminal without an action left among them)."""
        self._figures(view)
        hand = view.hand
        # 'any number' is one's own choice, in one's own turn: a terminal is dead without actions
        dead = least != most and self.act >= 0 and view.amount(self.act) <= 0
        values = [0.05 if dead and self.t.terminal[c] else self._keep(c) for c in hand]
        order = sorted(range(len(hand)), key=lambda i: (values[i], i))
        if least == most:
            return order[:least]
        weak = [i for i in order if values[i] < self.density]
        return order[: max(least, min(most, len(weak)))]

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        """Curses, then cards of few points while the end is far, then money of no cost
        while the deck keeps enough coins; at least ``least`` of them, the weakest."""
        t = self.t
        self._figures(view)
        roles = view.zones
        zones = {roles.hand: view.hand, roles.discard: view.discard, roles.market: view.market}
        near = t.cards_to_end(view.supply_left())
        far = self.start_near < 0 or 2 * near > self.start_near
        money = self.money
        ranked: list[tuple[float, int]] = []
        chosen: list[int] = []
        for k, (zone, i) in enumerate(candidates):
            c = zones[zone][i]
            ranked.append((self._keep(c), k))
            if t.points[c] < 0 or (t.junk[c] and far and 3 * t.points[c] < t.top_points):
                chosen.append(k)
        ranked.sort()
        for _, k in ranked:
            c = zones[candidates[k][0]][candidates[k][1]]
            coins = t.profiles[c].coins
            if k not in chosen and t.free[c] and t.cost[c] == 0 and money - coins >= 6:
                chosen.append(k)
                money -= coins
        chosen = chosen[:most]
        for _, k in ranked:
            if len(chosen) >= least:
                break
            if k not in chosen:
                chosen.append(k)
        return chosen

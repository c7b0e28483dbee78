"""The ``greedy`` bot: a heuristic player that weighs cards by what their abilities give.

Each card's primary, ally and scrap abilities are appraised once per pool (``appraise.py``),
per phase of the game; once a turn the bot sums what its deck is worth per card and how likely
each faction's ally abilities are to fire. Then it:

- plays first the cards that discard or scrap from the hand (while the hand holds weak cards),
  then the rest of the hand (bases first, ships that look at what is in play last);
- uses its ready base and ally abilities once the hand is played: at once, but one that must
  scrap a card of its own only when a card there is worth scrapping, and one that scraps from
  the trade row last, after its purchases, to deny the opponent the best card it leaves;
- attacks the opponent when that is lethal (scrapping ships for attack if that makes it so);
- scraps its own in-play cards that are below its deck's average, for their scrap abilities
  (an Explorer once the deck has better trade);
- breaks guards, then the opponent's most valuable base it can, then attacks the opponent;
- buys the card (or the two cards) adding most over its deck's average: a card's appraisal,
  its ally abilities by the chance they fire, a bonus for feeding the ally abilities it owns;
  it buys nothing that would dilute the deck;
- thins its deck when an effect offers and a card is worth under its deck's average card
  (a starting card) or well under it (another; weakest first, from the discard pile first),
  and answers choices, discards and free acquisitions by the same appraisal.
"""

from __future__ import annotations

from typing import final

from mypy_extensions import mypyc_attr

from cardkit.sim.actions import (
    ACQUIRE,
    AIM,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    END_TURN,
    PILE,
    PLAY,
    PLAY_HAND,
    SLOTS,
    USE,
    USE_READY,
    Action,
    Worth,
)
from cardkit.sim.appraise import WEIGHTS, Ledger, ledger, phase_of
from cardkit.sim.cards import USE_IF_WEAK, USE_NOW, USE_TO_DENY
from cardkit.sim.simple import SimpleBot
from cardkit.sim.view import View

_KNOWN_ROUNDS = 100
_PHASE_OF = tuple(phase_of(r) for r in range(_KNOWN_ROUNDS))
"""``phase_of`` of the rounds a game usually lasts, looked up rather than worked out."""


def _phase(round_: int) -> int:
    return _PHASE_OF[round_] if round_ < _KNOWN_ROUNDS else phase_of(round_)


THIN_IN_PLAY = 1.4
"""An in-play card worth less than this times the deck's average card is scrapped for its
scrap ability (measured head to head: 1.4 beat 0.5, 0.9, 1.2 and 1.8 against ``simple``,
and 1.1 and 1.7 win 49-50% against it)."""
THIN_OFFERED = 0.6
"""A card other than a starting card is scrapped when an effect offers, if worth less than
this times the deck's average card."""
BUY_BAR = 0.0
"""A card is bought only if it adds more than this over the deck's average card."""


# A bot of one's own may build on it. Its helpers are final: compiled, they are called directly.
@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot(SimpleBot):
    """The heuristic player (see the module's docstring)."""

    name = "greedy"
    thin_in_play = THIN_IN_PLAY
    thin_offered = THIN_OFFERED
    buy_bar = BUY_BAR
    others_in_hand = 4  # the other cards of a hand, for the chance an ally ability fires
    synergy = 1.0  # the weight of what a card adds to the ally abilities already owned
    banish_option = 0.25  # the share of its scrap ability a card's value counts

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._cards: object = None  # the pool the ledger was made for
        self._led: Ledger | None = None
        self._round = -1  # the round the figures below were computed for
        self._phase = 0
        self._avg = 0.0  # what the deck is worth per card
        self._bond_p: list[float] = []  # per faction: the chance an ally ability fires
        self._syn: list[float] = []  # per faction: what one more card of it adds to allies
        self._values: dict[int, float] = {}  # what buying a card adds, this turn
        # ships and bases in play, and the round, when nothing in play was found to scrap
        self._scan_ships, self._scan_bases, self._scan_round = -1, -1, -1
        self._banish_attack = 0  # ... and the attack their scrap abilities would give
        self._ready_seen = (-1, -1, -1)  # ready abilities, round, discard size when none was used
        self._market_mean: dict[int, float] = {}  # by phase: the trade deck's mean card

    # -- the figures -------------------------------------------------------------------------

    @final
    def _ledger(self, view: View) -> Ledger:
        led = self._led
        if led is None or self._cards is not view.cards:
            led = self._led = ledger(view.compiled)
            self._cards = view.cards
        return led

    @final
    def _refresh(self, view: View) -> Ledger:
        """Once a turn: the deck's average worth, the factions' ally chances and synergy."""
        led = self._led
        if led is None or self._cards is not view.cards:
            led = self._ledger(view)
        round_ = view.round
        if self._round == round_:
            return led
        self._round = round_
        phase = self._phase = _phase(round_)
        keep = led.keep[phase]
        need_of = led.need[phase]
        factions = led.factions
        n_factions = led.n_factions
        counts = [0] * n_factions
        need = [0.0] * n_factions
        owned = view.owned()
        total = sum(map(keep.__getitem__, owned))
        for c in filter(factions.__getitem__, owned):  # the cards of a faction
            for f in factions[c]:
                counts[f] += 1
            for f, v in need_of[c]:
                need[f] += v
        n = len(owned) or 1
        self._avg = total / n
        others = self.others_in_hand
        p = [1.0 - (1.0 - k / n) ** others for k in counts]
        for c in view.own_bases:
            for f in factions[c]:
                p[f] = 0.9
        self._bond_p = p
        syn = self.synergy * others / n
        self._syn = [need[f] * syn * (1.0 - p[f]) for f in range(n_factions)]
        self._values.clear()
        return led

    @final
    def _value(self, led: Ledger, c: int) -> float:
        """What buying card ``c`` adds over the deck's average card (remembered for the turn)."""
        known = self._values.get(c)
        if known is not None:
            return known
        return self._new_value(led, c)

    @final
    def _new_value(self, led: Ledger, c: int) -> float:
        """``_value`` when it is not yet remembered for this turn."""
        phase = self._phase
        banish = led.banish[phase][c]
        v = led.primary[phase][c] + self.banish_option * (banish if banish > 0.0 else 0.0)
        p = self._bond_p
        for f, need, values in led.bonds[c]:
            v += values[phase] * (p[f] if need == 1 else p[f] * p[f])
        v *= led.mult[c]
        syn = self._syn
        for f in led.factions[c]:
            v += syn[f]
        v -= self._avg
        self._values[c] = v
        return v

    # -- the turn ----------------------------------------------------------------------------

    def take_action(self, view: View) -> Action:
        supply = self._supply_player(view)
        if supply is not None:
            return supply.take_action(view)
        if len(view.lives) > 2:  # a free-for-all: turn on the weakest player first
            aims = view.aims()
            if aims:
                lives = view.lives
                weakest = min(aims, key=lives.__getitem__)
                if lives[weakest] < lives[view.foe]:
                    return (AIM, weakest)
        hand = view.hand
        if hand:
            led = self._led
            if led is None or self._cards is not view.cards:
                led = self._ledger(view)
            early = led.early
            for i in range(len(hand) - 1, -1, -1):
                if early[hand[i]]:
                    return (PLAY, i)
            return PLAY_HAND
        if self._round != view.round:
            self._refresh(view)
        if view.ready:
            seen = (view.ready, self._round, len(view.discard))
            if seen != self._ready_seen:
                use = self._use(view)
                if use is not None:
                    return use
                self._ready_seen = seen
        strength = view.strength
        opponent_bases = view.opponent_bases
        # a guard among the opponent's bases (a loop, cheaper than asking the view)
        guarded = False
        if opponent_bases:
            cards = view.cards
            for c in opponent_bases:
                if cards[c].guard:
                    guarded = True
                    break
        life = view.lives[view.foe]
        if strength >= life and not guarded:
            return (ATTACK_PLAYER, 0)
        ships = view.ships
        bases = view.own_bases
        if (
            len(ships) != self._scan_ships
            or len(bases) != self._scan_bases
            or self._scan_round != self._round
            or (not guarded and self._banish_attack >= life - strength)
        ):
            banish = self._banish_in_play(ships, bases, life - strength, guarded)
            if banish is not None:
                return banish
        if strength:
            attack = self._strike(view, strength, guarded)
            if attack is not None:
                return attack
        action = self._buy(view)
        if action == END_TURN and view.ready:
            deny = self._deny(view)
            if deny is not None:
                return deny
        return action

    @final
    def _use(self, view: View) -> Action | None:
        """A ready ability to use now: any but those that must scrap a card of ours when no
        card there is worth scrapping, and those that scrap from the trade row (``_deny``)."""
        cards = view.cards
        first = -1
        every = True  # every ready ability is one to use now: all at once
        for arg in view.usable():
            card = cards[view.in_play(arg // SLOTS)]
            slot = arg % SLOTS
            kind = card.use_kind[slot]
            if kind == USE_NOW:
                if first < 0:
                    first = arg
                continue
            every = False
            weak = kind == USE_IF_WEAK
            if first < 0 and weak and self._worth_scrapping(view, card.use_zones[slot]):
                first = arg
        if first < 0:
            return None
        return USE_READY if every else (USE, first)

    @final
    def _deny(self, view: View) -> Action | None:
        """A ready ability that scraps from the trade row, once nothing else is left to do."""
        cards = view.cards
        for arg in view.usable():
            if cards[view.in_play(arg // SLOTS)].use_kind[arg % SLOTS] == USE_TO_DENY:
                return (USE, arg)
        return None

    @final
    def _worth_scrapping(self, view: View, zones: tuple[str, ...]) -> bool:
        """Whether one of our cards in these zones is worth scrapping (``choose_banish``)."""
        roles = view.zones
        candidates = [
            (zone, i)
            for zone in zones
            for i in range(len(view.hand if zone == roles.hand else view.discard))
            if zone in (roles.hand, roles.discard)
        ]
        return bool(candidates) and bool(self.choose_banish(view, candidates, 0, 1))

    @final
    def _banish_in_play(
        self, ships: list[int], bases: list[int], short: int, guarded: bool
    ) -> Action | None:
        """A scrap ability of our own in-play cards to use: any that gives attack, when their
        attack together finishes the opponent; else a card worth less than our deck's average
        card (an Explorer once the deck has better trade). When it finds none, it notes what
        was in play, not to look again until that changes."""
        led = self._led  # take_action refreshed the figures for this round
        assert led is not None
        has_banish = led.has_banish
        n_ships = len(ships)
        if not any(map(has_banish.__getitem__, ships)) and not any(
            map(has_banish.__getitem__, bases)
        ):  # the usual case, quickly: nothing in play has a scrap ability
            self._banish_attack = 0
            self._scan_ships, self._scan_bases, self._scan_round = n_ships, len(bases), self._round
            return None
        # one pass: the in-play cards with a scrap ability, as (action index, card)
        banish_attack = led.banish_attack
        candidates: list[tuple[int, int]] = []
        attack = 0
        for i, c in enumerate(ships):
            if has_banish[c]:
                candidates.append((i, c))
                attack += banish_attack[c]
        for j, c in enumerate(bases):
            if has_banish[c]:
                candidates.append((n_ships + j, c))
                attack += banish_attack[c]
        self._banish_attack = attack
        if not guarded and attack >= short:
            return next((BANISH, i) for i, c in candidates if banish_attack[c])
        keep = led.keep[self._phase]
        banish = led.banish[self._phase]
        bar = self.thin_in_play * self._avg
        for i, c in candidates:
            if keep[c] < bar and banish[c] > 0:
                return (BANISH, i)
        self._scan_ships, self._scan_bases, self._scan_round = n_ships, len(bases), self._round
        return None

    @final
    def _threat(self, view: View, c: int) -> float:
        """What an opponent's base gives them each turn."""
        return self._refresh(view).worth_in_play[self._phase][c]

    @final
    def _strike(self, view: View, strength: int, guarded: bool) -> Action | None:
        """Break the most valuable base it can (guards first), then attack the opponent."""
        opponent_bases = view.opponent_bases
        if opponent_bases:
            cards = view.cards
            led = self._led  # take_action refreshed the figures for this round
            assert led is not None
            worth = led.worth_in_play[self._phase]
            best, best_threat = -1, -1e9
            for j in view.targets():
                c = opponent_bases[j]
                if cards[c].defense <= strength:
                    threat = worth[c]
                    if threat > best_threat:
                        best, best_threat = j, threat
            if best >= 0:
                return (ATTACK_BASE, best)
            if guarded:
                return None
        return (ATTACK_PLAYER, 0)

    @final
    def _buy(self, view: View) -> Action:
        budget = view.budget
        if budget <= 0:
            return END_TURN
        led = self._led  # take_action refreshed the figures for this round
        assert led is not None
        costs = led.cost
        known = self._values
        bar = self.buy_bar
        options: list[tuple[float, int, int]] = []
        banned = view.banned
        for i, c in enumerate(view.market):
            cost = costs[c]
            if cost <= budget and c not in banned:
                v = known.get(c)
                if v is None:
                    v = self._new_value(led, c)
                if v > bar:
                    options.append((v, cost, i))
        pile = view.pile
        if pile is not None and costs[pile] <= budget and pile not in banned:
            v = known.get(pile)
            if v is None:
                v = self._new_value(led, pile)
            if v > bar:
                options.append((v, costs[pile], PILE))
        if not options:
            return END_TURN
        if len(options) == 1:
            return (ACQUIRE, options[0][2])
        spare_pile = view.pile_count > 1
        best, best_total = options[0], -1.0
        for a in options:
            v, cost, slot = a
            left = budget - cost
            second = 0.0
            for b in options:
                # another option (options differ by slot), or a second card from the pile
                if (
                    b[1] <= left
                    and b[0] > second
                    and (b[2] != slot or (slot == PILE and spare_pile))
                ):
                    second = b[0]
            if v + second > best_total or (v + second == best_total and v > best[0]):
                best, best_total = a, v + second
        return (ACQUIRE, best[2])

    # -- answers to the engine's questions ---------------------------------------------------

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        phase = _phase(view.round)
        w = WEIGHTS[phase]
        life = view.life(view.seat)
        life_weight = w[2] + (0.8 if life < 15 else 0.3 if life < 25 else 0.0)
        targets = view.targets()
        bases = view.bases(view.foe)
        destroy = max((self._threat(view, bases[j]) for j in targets), default=-1e3) + 1.0
        best, best_score = 0, -1e9
        for i, o in enumerate(options):
            score = (
                w[0] * o.acquire + w[1] * o.attack + life_weight * o.life + w[3] * o.draw
            ) + 0.6 * o.other
            if o.destroy:
                score += destroy
            if score > best_score:
                best, best_score = i, score
        return best

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_discard(view, least, most)
        led = self._ledger(view)
        phase = _phase(view.round)
        play = led.primary[phase]
        hand = view.hand
        values = [play[c] for c in hand]
        order = sorted(range(len(hand)), key=values.__getitem__)  # stable: ties by position
        if least == most:
            return order[:least]
        bar = 1.5 * WEIGHTS[phase][1]  # "any number": a card worth less than 1.5 attack goes
        weak = [i for i in order if values[i] < bar]
        return order[:least] if len(weak) < least else weak[:most]

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        """Own cards worth under the deck's average card (starting cards) or well under it
        (others): scrapping one gains, as it raises what a hand is worth. The weakest
        first and from the discard pile before the hand; from the market row, when it may,
        the card best for the opponent among those it cannot afford, if better than the trade
        deck's average card that replaces it (a denial), and when one must go, the dearest.
        In a supply game the supply player chooses."""
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_banish(view, candidates, least, most)
        led = self._refresh(view)
        keep = led.keep[self._phase]
        cards = view.cards
        roles = view.zones
        hand_zone, market_zone = roles.hand, roles.market
        zones = {hand_zone: view.hand, roles.discard: view.discard, market_zone: view.market}
        own: list[tuple[float, int, bool]] = []
        market: list[tuple[int, int]] = []
        avg = self._avg  # a starting card goes when below the deck's average card
        bar = self.thin_offered * avg  # another when well below it
        for k, (zone, i) in enumerate(candidates):
            c = zones[zone][i]
            if zone == market_zone:
                market.append((-cards[c].cost, k))
            else:
                v = keep[c] + (0.3 if zone == hand_zone else 0.0)
                own.append((v, k, v < (avg if cards[c].cost == 0 else bar)))
        own.sort()
        picks = [k for _, k, weak in own if weak][:most]
        if market and len(picks) < most and least == 0:
            offered = [(view.market[candidates[k][1]], k) for _, k in market]
            deny = self._worth_denying(view, keep, offered)
            if deny is not None:
                picks.append(deny)
        if len(picks) < least:
            rest = [k for _, k, _ in own if k not in picks] + [k for _, k in sorted(market)]
            picks += rest[: least - len(picks)]
        return picks

    @final
    def _worth_denying(
        self, view: View, keep: list[float], offered: list[tuple[int, int]]
    ) -> int | None:
        """Of the market cards offered (card, candidate), the one to deny the opponent: the
        best of those it cannot afford now, when better than the trade deck's mean card."""
        mean = self._market_mean.get(self._phase)
        if mean is None:
            deck = view.compiled.market_deck
            mean = sum(keep[c] for c in deck) / len(deck) if deck else 0.0
            self._market_mean[self._phase] = mean
        budget = view.budget
        cards = view.cards
        best, best_value = None, mean
        for c, k in offered:
            if cards[c].cost > budget and keep[c] > best_value:
                best, best_value = k, keep[c]
        return best

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        supply = self._supply_player(view)
        if supply is not None:
            return supply.choose_acquire(view, options)
        led = self._refresh(view)

        def value(slot: int) -> float:
            return self._value(led, view.offered(slot))

        return max(options, key=value)

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        bases = view.bases(view.foe)
        return max(options, key=lambda j: self._threat(view, bases[j]))

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        keep = self._ledger(view).keep[phase_of(view.round)]
        return max(options, key=lambda i: keep[view.discard[i]])

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        play = self._ledger(view).primary[phase_of(view.round)]
        return max(options, key=lambda i: play[view.ships[i]])

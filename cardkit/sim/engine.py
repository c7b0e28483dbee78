"""The game engine: one ``Match`` of two players, its state in flat lists of card indices.

The engine knows the rules of the deck-building family the ``play:`` declaration describes
(personal decks, a trade row, bases with defense and outposts, ally and scrap abilities) and
no card: what a card does comes from its compiled abilities (``compile.py``). It does no I/O;
every random draw comes from the match's own ``random.Random``, so a seed replays a game.

Players are numbered in turn order (0 plays first). Each turn: bases fire their primary
abilities, then the player's bot picks actions from ``legal_actions()`` until it ends the turn;
ally abilities fire as soon as they are triggered; then ships and the hand are discarded and
the player draws a new hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardkit.rules.effects import Ally, Gain, OnScrap, Primary
from cardkit.sim.compile import (
    Env,
    Exec,
    Worth,
    compile_ability,
    counts_as_every_faction,
    in_order,
    worth,
)
from cardkit.sim.pool import SimPool

if TYPE_CHECKING:
    from cardkit.sim.bots import Bot

# Actions: (kind, argument) pairs. PLAY_ALL plays the whole hand, cards drawn meanwhile too.
PLAY, SCRAP, ACQUIRE, ATTACK_BASE, ATTACK_PLAYER, END, PLAY_ALL = range(7)
Action = tuple[int, int]
END_TURN: Action = (END, 0)
PLAY_HAND: Action = (PLAY_ALL, 0)
PILE = -1  # the argument of ACQUIRE for the always-available pile


def shuffle(cards: list[int], random: Callable[[], float]) -> None:
    """Fisher-Yates from ``random()`` floats: about twice as fast as ``Random.shuffle``."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class CompiledCard:
    """A card's stats and compiled abilities, as the engine reads them in its inner loop."""

    __slots__ = (
        "allies",
        "base",
        "cost",
        "defense",
        "factions",
        "fmask",
        "gain",
        "id",
        "index",
        "outpost",
        "primary",
        "scrap",
        "scrap_attack",
        "scrap_value",
        "type",
        "value",
    )

    def __init__(self, index: int, pool: SimPool, env: Env) -> None:
        card = pool.cards[index]
        self.index = index
        self.id = card.id
        self.type = card.type
        self.cost = card.cost
        self.defense = card.defense
        self.outpost = card.outpost
        self.base = card.base
        every = counts_as_every_faction(card.abilities)
        self.fmask = (1 << len(pool.factions)) - 1 if every else 0
        for faction in card.factions:
            self.fmask |= env.factions.get(faction, 0)
        self.factions = tuple(i for i in range(len(pool.factions)) if self.fmask >> i & 1)
        primary: list[Exec] = []
        scrap: list[Exec] = []
        allies: list[tuple[int, int, int, Exec]] = []
        total = Worth()
        scrap_total = Worth()
        for ability in card.abilities:
            run = compile_ability(ability, env)
            trigger = ability.trigger
            if isinstance(trigger, Primary):
                primary.append(run)
                total += worth(ability.effect, env)
            elif isinstance(trigger, OnScrap):
                scrap.append(run)
                scrap_total += worth(ability.effect, env)
            elif isinstance(trigger, Ally):
                bit = env.factions.get(trigger.faction, 0)
                flag = 2 << len(allies)
                allies.append((bit.bit_length() - 1, 2 if trigger.double else 1, flag, run))
        self.primary = in_order(tuple(primary)) if primary else None
        # The commonest card only gains to the pools (a Scout): played without a call.
        firsts = [a for a in card.abilities if isinstance(a.trigger, Primary)]
        self.gain: tuple[tuple[int, int], ...] | None = None
        if len(firsts) == 1 and isinstance(firsts[0].effect, Gain):
            parts = tuple((env.resources[r], n) for r, n in firsts[0].effect.amounts)
            if all(r != env.life for r, _ in parts):
                self.gain = parts
        self.scrap = in_order(tuple(scrap)) if scrap else None
        self.allies = tuple(a for a in allies if a[0] >= 0)
        self.value = total
        self.scrap_value = scrap_total
        self.scrap_attack = scrap_total.attack if self.scrap is not None else 0


@dataclass(frozen=True, slots=True)
class Compiled:
    """A pool compiled for the engine: built once per process, shared by its matches."""

    pool: SimPool
    cards: tuple[CompiledCard, ...]
    env: Env


def compile_pool(pool: SimPool) -> Compiled:
    resources = {r: i for i, r in enumerate(pool.resources)}
    setup = pool.setup
    env = Env(
        resources=resources,
        life=resources[setup.life],
        acquire=resources[setup.acquire_with],
        attack=resources[setup.attack_with],
        factions={f: 1 << i for i, f in enumerate(pool.factions)},
    )
    cards = tuple(CompiledCard(i, pool, env) for i in range(len(pool.cards)))
    return Compiled(pool, cards, env)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one match ended. Players in turn order: 0 played first."""

    winner: int | None  # None: a draw (the turn limit was reached)
    turns: int
    life: tuple[int, int]
    acquired: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]  # (card, round)


class Match:
    """The state of one game, and the rules that change it."""

    def __init__(
        self, compiled: Compiled, bots: Sequence[Bot], seed: int, *, checked: bool = False
    ) -> None:
        pool = compiled.pool
        setup = pool.setup
        self.compiled = compiled
        self.cards = compiled.cards
        self.bots = list(bots)
        self.checked = checked  # verify every action a bot takes is legal (tests, fuzzing)
        self.rng = random.Random(seed)
        self.acq = compiled.env.acquire
        self.att = compiled.env.attack
        self.nres = len(pool.resources)
        self.hand_size = setup.hand_size
        self.max_turns = setup.max_turns
        self.market_size = setup.market_size
        self.pile = pool.pile
        self.pile_count = pool.pile_count
        self.trade_deck = [c for c, n in pool.market for _ in range(n)]
        shuffle(self.trade_deck, self.rng.random)
        self.trade_row = [
            self.trade_deck.pop() for _ in range(min(setup.market_size, len(self.trade_deck)))
        ]
        self.scrap_heap: list[int] = []
        self.life = [setup.starting_life, setup.starting_life]
        self.deck: list[list[int]] = []
        for _ in range(2):
            deck = [c for c, n in pool.starting for _ in range(n)]
            shuffle(deck, self.rng.random)
            self.deck.append(deck)
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.bases: list[list[int]] = [[], []]
        self.base_fired: list[list[int]] = [[], []]
        self.ships: list[int] = []  # the current player's ships in play (as played)
        self.ships_as: list[int] = []  # ... and the card each counts as (differs after a copy)
        self.ship_fired: list[int] = []
        self.fcount = [0] * len(pool.factions)
        self.ally_entries = 0  # the current player's cards in play that have ally abilities
        self.pool = [0] * self.nres
        self.acquired: list[list[tuple[int, int]]] = [[], []]
        self.cur = 0
        self.turn = 0
        self.winner: int | None = None
        self.over = False
        self.scrapped = 0
        self.self_scrapped = 0
        self.next_on_top: frozenset[str] | None = None
        self.return_at_end: list[tuple[int, int]] = []
        self.src = -1
        self.last_cost = -1
        self.last_count = 0
        self.last_did = False
        from cardkit.sim.bots import View

        self.views = [View(self, 0), View(self, 1)]
        self.draw(0, setup.first_hand_size)
        self.draw(1, setup.hand_size)

    # -- the game loop ------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Play turns until a player has no life left or the turn limit is reached."""
        while not self.over and self.turn < self.max_turns:
            self.start_turn()
            self.main_phase()
            if not self.over:
                self.end_turn()
        return self.outcome()

    def outcome(self) -> Outcome:
        return Outcome(
            self.winner,
            self.turn + (1 if self.over else 0),
            (self.life[0], self.life[1]),
            (tuple(self.acquired[0]), tuple(self.acquired[1])),
        )

    def start_turn(self) -> None:
        p = self.cur
        fcount = self.fcount
        for i in range(len(fcount)):
            fcount[i] = 0
        cards = self.cards
        bases = self.bases[p]
        fired = self.base_fired[p]
        self.ally_entries = 0
        for i, c in enumerate(bases):
            fired[i] = 0
            self._count(cards[c].fmask, 1)
            if cards[c].allies:
                self.ally_entries += 1
        for i in range(len(bases)):
            if i >= len(bases):
                break
            card = cards[bases[i]]
            fired[i] = 1
            if card.primary is not None:
                self.src = card.index
                card.primary(self, p)
        if bases:
            self.fire_allies(p)

    def main_phase(self) -> None:
        p = self.cur
        bot = self.bots[p]
        view = self.views[p]
        checked = self.checked
        while not self.over:
            action = bot.take_action(view)
            if checked and action not in self.legal_actions():
                raise AssertionError(f"illegal action {action!r} by {bot.name}")
            kind = action[0]
            if kind == PLAY_ALL:
                self.play_hand(p)
            elif kind == PLAY:
                self.play_card(p, action[1])
            elif kind == END:
                return
            else:
                self.apply(action)

    def end_turn(self) -> None:
        p = self.cur
        discard = self.discard[p]
        discard.extend(self.ships)
        self.ships.clear()
        self.ships_as.clear()
        self.ship_fired.clear()
        discard.extend(self.hand[p])
        self.hand[p].clear()
        for q, c in self.return_at_end:
            if c in self.scrap_heap:
                self.scrap_heap.remove(c)
                self.discard[q].append(c)
        self.return_at_end.clear()
        self.pool = [0] * self.nres
        self.scrapped = 0
        self.next_on_top = None
        self.draw(p, self.hand_size)
        self.cur = 1 - p
        self.turn += 1

    # -- actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        p = self.cur
        cards = self.cards
        actions: list[Action] = [(PLAY, i) for i in range(len(self.hand[p]))]
        if actions:
            actions.append(PLAY_HAND)
        n_ships = len(self.ships)
        for i, c in enumerate(self.ships):
            if cards[c].scrap is not None:
                actions.append((SCRAP, i))
        for j, c in enumerate(self.bases[p]):
            if cards[c].scrap is not None:
                actions.append((SCRAP, n_ships + j))
        trade = self.pool[self.acq]
        for i, c in enumerate(self.trade_row):
            if cards[c].cost <= trade:
                actions.append((ACQUIRE, i))
        if self.pile is not None and self.pile_count > 0 and cards[self.pile].cost <= trade:
            actions.append((ACQUIRE, PILE))
        combat = self.pool[self.att]
        targets = self.targets(1 - p)
        opponent_bases = self.bases[1 - p]
        for j in targets:
            if cards[opponent_bases[j]].defense <= combat:
                actions.append((ATTACK_BASE, j))
        if combat > 0 and not self.has_outpost(1 - p):
            actions.append((ATTACK_PLAYER, 0))
        actions.append(END_TURN)
        return actions

    def apply(self, action: Action) -> None:
        kind, arg = action
        p = self.cur
        if kind == PLAY:
            self.play_card(p, arg)
        elif kind == PLAY_ALL:
            self.play_hand(p)
        elif kind == SCRAP:
            self.use_scrap(p, arg)
        elif kind == ACQUIRE:
            self.buy(p, arg)
        elif kind == ATTACK_BASE:
            q = 1 - p
            c = self.bases[q][arg]
            self.pool[self.att] -= self.cards[c].defense
            self._remove_base(q, arg)
            self.discard[q].append(c)
        elif kind == ATTACK_PLAYER:
            q = 1 - p
            self.life[q] -= self.pool[self.att]
            self.pool[self.att] = 0
            if self.life[q] <= 0:
                self.over = True
                self.winner = p

    def play_hand(self, p: int) -> None:
        """Play every card of the hand, last first, and any card drawn meanwhile."""
        hand = self.hand[p]
        enter = self.enter_play
        while hand:
            enter(p, hand.pop())

    def play_card(self, p: int, i: int) -> None:
        self.enter_play(p, self.hand[p].pop(i))

    def enter_play(self, p: int, c: int) -> None:
        card = self.cards[c]
        if card.base:
            self.bases[p].append(c)
            self.base_fired[p].append(1)
        else:
            self.ships.append(c)
            self.ships_as.append(c)
            self.ship_fired.append(1)
        if card.allies:
            self.ally_entries += 1
        factions = card.factions
        if factions:
            fcount = self.fcount
            for f in factions:
                fcount[f] += 1
        gain = card.gain
        if gain is not None:
            pool = self.pool
            for r, n in gain:
                pool[r] += n
        elif card.primary is not None:
            self.src = c
            card.primary(self, p)
        if factions and self.ally_entries:
            self.fire_allies(p)

    def use_scrap(self, p: int, i: int) -> None:
        n_ships = len(self.ships)
        if i < n_ships:
            c = self.ships.pop(i)
            acting = self.cards[self.ships_as.pop(i)]
            self.ship_fired.pop(i)
        else:
            c = self.bases[p][i - n_ships]
            self._remove_base(p, i - n_ships)
            acting = self.cards[c]
        self._count(acting.fmask, -1)
        if acting.allies:
            self.ally_entries -= 1
        self._to_scrap_heap(c)
        self.scrapped += 1
        self.self_scrapped = 1
        self.src = c
        run = self.cards[c].scrap
        if run is not None:
            run(self, p)
        self.self_scrapped = 0

    def buy(self, p: int, slot: int) -> None:
        c = self.pile if slot == PILE else self.trade_row[slot]
        assert c is not None
        self.pool[self.acq] -= self.cards[c].cost
        self._take_from_market(slot)
        self.gain_card(p, c, "discard")

    # -- helpers the executors call -----------------------------------------------------------

    def fire_allies(self, p: int) -> None:
        cards = self.cards
        fcount = self.fcount
        for entries, fired in (
            (self.ships_as, self.ship_fired),
            (self.bases[p], self.base_fired[p]),
        ):
            for i in range(len(entries)):
                card = cards[entries[i]]
                if not card.allies:
                    continue
                for faction, need, flag, run in card.allies:
                    if fired[i] & flag:
                        continue
                    if fcount[faction] - ((card.fmask >> faction) & 1) >= need:
                        fired[i] |= flag
                        self.src = card.index
                        run(self, p)
                        if i >= len(entries):
                            break

    def _count(self, fmask: int, delta: int) -> None:
        fcount = self.fcount
        i = 0
        while fmask:
            if fmask & 1:
                fcount[i] += delta
            fmask >>= 1
            i += 1

    def draw(self, p: int, n: int) -> int:
        """Draw ``n`` cards from the top (the end) of the deck, shuffling in the discard pile
        when the deck runs out; returns how many were drawn."""
        deck = self.deck[p]
        hand = self.hand[p]
        take = min(n, len(deck))
        if take:
            hand.extend(deck[: -take - 1 : -1])
            del deck[-take:]
        if take < n and self.discard[p]:
            deck = self.discard[p]
            shuffle(deck, self.rng.random)
            self.deck[p] = deck
            self.discard[p] = []
            more = min(n - take, len(deck))
            hand.extend(deck[: -more - 1 : -1])
            del deck[-more:]
            take += more
        return take

    def has_outpost(self, q: int) -> bool:
        cards = self.cards
        return any(cards[c].outpost for c in self.bases[q])

    def targets(self, q: int) -> list[int]:
        """Indices of ``q``'s bases that may be attacked or targeted: outposts first."""
        cards = self.cards
        bases = self.bases[q]
        outposts = [j for j, c in enumerate(bases) if cards[c].outpost]
        return outposts if outposts else list(range(len(bases)))

    def count_in_play(self, p: int, card_type: str) -> int:
        cards = self.cards
        in_play = [*self.ships_as, *self.bases[p]] if p == self.cur else self.bases[p]
        return sum(1 for c in in_play if cards[c].type == card_type)

    def _remove_base(self, q: int, j: int) -> None:
        self.bases[q].pop(j)
        self.base_fired[q].pop(j)

    def _to_scrap_heap(self, c: int) -> None:
        if c == self.pile:
            self.pile_count += 1
        else:
            self.scrap_heap.append(c)

    def _take_from_market(self, slot: int) -> None:
        if slot == PILE:
            self.pile_count -= 1
            return
        if self.trade_deck:
            self.trade_row[slot] = self.trade_deck.pop()
        else:
            self.trade_row.pop(slot)

    def gain_card(self, p: int, c: int, destination: str) -> None:
        on_top = self.next_on_top
        if (
            destination == "discard"
            and on_top is not None
            and (not on_top or self.cards[c].type in on_top)
        ):
            destination = "top-of-deck"
            self.next_on_top = None
        if destination == "hand":
            self.hand[p].append(c)
        elif destination == "top-of-deck":
            self.deck[p].append(c)
        else:
            self.discard[p].append(c)
        self.acquired[p].append((c, self.turn // 2 + 1))

    def choose_option(self, p: int, worths: tuple[Worth, ...]) -> int:
        choice = self.bots[p].choose_option(self.views[p], worths)
        if not 0 <= choice < len(worths):
            raise AssertionError(f"{self.bots[p].name} chose option {choice} of {len(worths)}")
        return choice

    def _picks(
        self, chosen: Sequence[int], size: int, least: int, most: int, what: str
    ) -> list[int]:
        picks = sorted(set(chosen), reverse=True)
        if len(picks) != len(chosen) or not least <= len(picks) <= most:
            raise AssertionError(f"{what}: {len(chosen)} picks, expected {least} to {most}")
        if picks and not 0 <= picks[-1] <= picks[0] < size:
            raise AssertionError(f"{what}: pick out of range")
        return picks

    def discard_from_hand(self, p: int, n: int | None) -> int:
        hand = self.hand[p]
        most = len(hand) if n is None else min(n, len(hand))
        least = 0 if n is None else most
        chosen = self.bots[p].choose_discard(self.views[p], least, most)
        for i in self._picks(chosen, len(hand), least, most, "discard"):
            self.discard[p].append(hand.pop(i))
        self.last_count = len(chosen)
        return len(chosen)

    def opponent_discards(self, q: int, n: int) -> int:
        return self.discard_from_hand(q, n)

    def scrap_cards(self, p: int, up_to: int, zones: tuple[str, ...], optional: bool) -> int:
        candidates: list[tuple[str, int]] = []
        for zone in zones:
            cards = self._zone(p, zone)
            candidates.extend((zone, i) for i in range(len(cards)))
        most = min(up_to, len(candidates))
        least = 0 if optional else min(1, most)
        chosen = self.bots[p].choose_scrap(self.views[p], candidates, least, most)
        picks = self._picks(chosen, len(candidates), least, most, "scrap")
        by_zone = sorted((candidates[i] for i in picks), key=lambda zi: -zi[1])
        self.last_cost = -1
        for zone, i in by_zone:
            if zone == "trade-row":
                c = self.trade_row[i]
                self._take_from_market(i)
            else:
                c = self._zone(p, zone).pop(i)
            self._to_scrap_heap(c)
            self.last_cost = self.cards[c].cost
        self.scrapped += len(picks)
        self.last_count = len(picks)
        return len(picks)

    def _zone(self, p: int, zone: str) -> list[int]:
        if zone == "hand":
            return self.hand[p]
        if zone == "discard":
            return self.discard[p]
        return self.trade_row

    def acquire_free(self, p: int, max_cost: int, what: frozenset[str], destination: str) -> bool:
        cards = self.cards
        options = [
            i
            for i, c in enumerate(self.trade_row)
            if cards[c].cost <= max_cost and (not what or cards[c].type in what)
        ]
        pile = self.pile
        if pile is not None and self.pile_count > 0:
            card = cards[pile]
            if card.cost <= max_cost and (not what or card.type in what):
                options.append(PILE)
        if not options:
            return False
        slot = self.bots[p].choose_acquire(self.views[p], options)
        if slot is None:
            return False
        if slot not in options:
            raise AssertionError(f"acquire: {slot} is not one of {options}")
        c = pile if slot == PILE else self.trade_row[slot]
        assert c is not None
        self._take_from_market(slot)
        self.gain_card(p, c, destination)
        return True

    def destroy_target(self, p: int, what: str, optional: bool) -> bool:
        q = 1 - p
        bases = self.bases[q]
        options = [j for j in self.targets(q) if self.cards[bases[j]].type == what]
        if not options:
            return False
        j = self.bots[p].choose_base(self.views[p], options, optional)
        if j is None:
            if not optional:
                raise AssertionError("destroy: a target must be chosen")
            return False
        if j not in options:
            raise AssertionError(f"destroy: {j} is not one of {options}")
        c = bases[j]
        self._remove_base(q, j)
        self.discard[q].append(c)
        return True

    def put_from_discard_on_top(self, p: int, what: frozenset[str]) -> bool:
        cards = self.cards
        discard = self.discard[p]
        options = [i for i, c in enumerate(discard) if not what or cards[c].type in what]
        if not options:
            return False
        i = self.bots[p].choose_from_discard(self.views[p], options)
        if i is None:
            return False
        if i not in options:
            raise AssertionError(f"put on top: {i} is not one of {options}")
        self.deck[p].append(discard.pop(i))
        return True

    def copy_another(self, p: int, what: frozenset[str]) -> bool:
        cards = self.cards
        me = len(self.ships) - 1 if self.ships and self.ships[-1] == self.src else -1
        options = [
            i
            for i, c in enumerate(self.ships_as)
            if i != me and (not what or cards[c].type in what)
        ]
        if not options:
            return False
        i = self.bots[p].choose_copy(self.views[p], options)
        if i is None:
            return False
        if i not in options:
            raise AssertionError(f"copy: {i} is not one of {options}")
        target = cards[self.ships_as[i]]
        if me >= 0:
            was = cards[self.ships_as[me]]
            self._count(was.fmask, -1)
            self.ally_entries += bool(target.allies) - bool(was.allies)
            self.ships_as[me] = target.index
            self._count(target.fmask, 1)
        if target.primary is not None:
            self.src = target.index
            target.primary(self, p)
        self.fire_allies(p)
        return True

    # -- copies, for bots that look ahead ------------------------------------------------------

    def clone(self, bots: Sequence[Bot], seed: int) -> Match:
        """A copy of this match, with other bots and its own random numbers."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random(seed)
        other.bots = list(bots)
        other.checked = False
        for name in ("deck", "hand", "discard", "bases", "base_fired", "acquired"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        for name in (
            "trade_deck",
            "trade_row",
            "scrap_heap",
            "life",
            "ships",
            "ships_as",
            "ship_fired",
            "fcount",
            "pool",
            "return_at_end",
        ):
            setattr(other, name, list(getattr(self, name)))
        from cardkit.sim.bots import View

        other.views = [View(other, 0), View(other, 1)]
        return other

    def redeal_hidden(self, seat: int) -> None:
        """Shuffle what ``seat`` cannot see: the opponent's hand and deck, every deck's order."""
        q = 1 - seat
        unknown = self.hand[q] + self.deck[q]
        shuffle(unknown, self.rng.random)
        n = len(self.hand[q])
        self.hand[q] = unknown[:n]
        self.deck[q] = unknown[n:]
        shuffle(self.deck[seat], self.rng.random)
        shuffle(self.trade_deck, self.rng.random)

    def finish(self) -> Outcome:
        """Play out the rest of the current turn, then the game (for a clone)."""
        self.main_phase()
        if not self.over:
            self.end_turn()
        return self.play()

    # -- checks ------------------------------------------------------------------------------

    def all_cards(self) -> list[int]:
        """Every card of the match, wherever it is (the pile counted by its size)."""
        everything = [*self.trade_deck, *self.trade_row, *self.scrap_heap, *self.ships]
        for p in (0, 1):
            everything += self.deck[p] + self.hand[p] + self.discard[p] + self.bases[p]
        if self.pile is not None:
            everything += [self.pile] * self.pile_count
        return everything


def invariant_problems(match: Match, expected: Callable[[], list[int]]) -> list[str]:
    """What is wrong with a match's state: lost or duplicated cards, negative pools."""
    problems = []
    if sorted(match.all_cards()) != sorted(expected()):
        problems.append("cards were lost or duplicated between zones")
    if any(n < 0 for n in match.pool):
        problems.append(f"a negative pool: {match.pool}")
    if match.pile_count < 0:
        problems.append("the pile holds fewer than no cards")
    if len(match.trade_row) > match.market_size:
        problems.append("the trade row holds too many cards")
    steps = [len(match.bases[p]) - len(match.base_fired[p]) for p in (0, 1)]
    if any(steps) or not len(match.ships) == len(match.ships_as) == len(match.ship_fired):
        problems.append("in-play lists out of step")
    if any(life > 0 for life in match.life) and match.over and match.winner is None:
        problems.append("a game over without a winner")
    return problems

"""The game engine: one ``Match`` of two players, its state in flat lists of card indices.

The engine knows the rules of the deck-building family the ``play:`` declaration describes
(personal decks, a market row, bases with defense, guards -- bases that must fall first --,
ally and scrap abilities) and no card: what a card does comes from its compiled abilities
(``compile.py``). It does no I/O; every random draw comes from the match's own
``random.Random``, so a seed replays a game.

Players are numbered in turn order (0 plays first). Each turn the player's bot (``view.py``'s
``Bot``, asked through the player's ``View``) picks actions (``actions.py``) from
``legal_actions()`` until it ends the turn; then ships and the hand are discarded and the
player draws a new hand. As the rulebooks say, a ship's primary ability happens as it is
played, while a base's primary ability and every triggered ally ability are *ready*: the bot
uses each (``USE``) when it likes during the turn, or never, and an "or" is chosen when the
ability is used. An ally ability is triggered as soon as another card of its faction is in
play, and stays usable if that card leaves play.

Each in-play card has a flags int (``ship_fired`` and ``base_fired``, in step with the ships
and bases): bit 0 is set once its primary ability is used, ``flag`` (``2 << k``) once ally
ability ``k`` is used, and ``flag << 8`` once that ally ability is triggered. ``ready`` counts
the abilities that could be used now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardkit.sim.actions import (
    ACQUIRE,
    AIM,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    END,
    END_TURN,
    PILE,
    PLAY,
    PLAY_ALL,
    PLAY_HAND,
    SLOTS,
    USE,
    USE_ALL,
    USE_READY,
    Action,
    option_pile,
)
from cardkit.sim.view import Bot, View

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled, CompiledCard


def shuffle(cards: list[int], random: Callable[[], float]) -> None:
    """Fisher-Yates from ``random()`` floats: about twice as fast as ``Random.shuffle``."""
    for i in range(len(cards) - 1, 0, -1):
        j = (random() * (i + 1)).__floor__()  # int() of a float >= 0, a fifth faster
        cards[i], cards[j] = cards[j], cards[i]


Later = Callable[["Match", int], bool]
"""An effect to run at the start of a player's next turn (an executor of ``compile.py``)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one match ended. Players in turn order: 0 played first."""

    winner: int | None  # None: a draw (the turn limit was reached)
    turns: int
    life: tuple[int, ...]  # by seat; a game won on points gives the points
    acquired: tuple[tuple[tuple[int, int], ...], ...]  # by seat: (card, round)
    timeout: bool = False  # the turn limit ended it (a draw), not a rule of the game


class Match:
    """The state of one game, and the rules that change it."""

    def __init__(
        self,
        compiled: Compiled,
        bots: Sequence[Bot],
        seed: int,
        *,
        checked: bool = False,
        banned: Sequence[frozenset[int]] = (),
    ) -> None:
        pool = compiled.pool
        setup = pool.setup
        self.compiled = compiled
        self.cards = compiled.cards
        self.bots = list(bots)
        self.checked = checked  # verify every action a bot takes is legal (tests, fuzzing)
        # by seat, the cards that player never acquires (the intervention of a card's effect)
        self.banned: list[frozenset[int]] = [frozenset(), frozenset()]
        for p, cards in enumerate(banned[:2]):
            self.banned[p] = cards
        self.rng = random.Random(seed)
        self.acq = compiled.env.acquire
        self.att = compiled.env.attack
        self.nres = len(pool.resources)
        self.hand_size = setup.hand_size
        self.max_turns = setup.max_turns
        self.market_size = setup.market_size
        self.zones = setup.zones  # the game's ids of the hand, discard pile and market row
        self.pile = pool.pile
        self.pile_count = pool.pile_count
        self.pile_cards: list[int] = []  # the card of each supply pile (the supply family's)
        self.market_deck = list(compiled.market_deck)
        shuffle(self.market_deck, self.rng.random)
        self.market = [
            self.market_deck.pop() for _ in range(min(setup.market_size, len(self.market_deck)))
        ]
        self.removed: list[int] = []
        self.life = [setup.seat_life(0), setup.seat_life(1)]
        self.deck: list[list[int]] = []
        for p in range(2):
            deck = list(compiled.seat_decks[p])
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
        self.bond_entries = 0  # the current player's cards in play that have ally abilities
        self.ready = 0  # the current player's abilities ready to use (see the docstring)
        self.pool = [0] * self.nres
        self.zero_pool = (0,) * self.nres
        self.acquired: list[list[tuple[int, int]]] = [[], []]
        self.cur = 0
        self.foe = [1, 0]  # by seat: the player it attacks and targets (the other one)
        self._turn = 0
        self.winner: int | None = None
        self.over = False
        self.banished = 0
        self.self_banished = 0
        self.next_on_top: frozenset[str] | None = None
        self.return_at_end: list[tuple[int, int]] = []
        # by seat: what cards played this turn do "at the start of your next turn" (the card
        # and the effect), and those cards, which stay in play until the end of that turn
        self.later: list[list[tuple[int, Later]]] = [[], []]
        self.staying: list[list[int]] = [[], []]
        self.src = -1
        self.last_cost = -1
        self.last_count = 0
        self.last_did = False
        self.views = [View(self, 0), View(self, 1)]
        self.draw(0, setup.opening_hand(0))
        self.draw(1, setup.opening_hand(1))

    def deal(self, seed: int, n: int) -> None:
        """Deal again, for ``n`` players, from the seed alone: the market row, then each
        seat's life and shuffled starting deck, and empty hands, piles and bases (a game of
        more players; the views are made after)."""
        setup = self.compiled.pool.setup
        self.rng.seed(seed)
        self.market_deck = list(self.compiled.market_deck)
        shuffle(self.market_deck, self.rng.random)
        self.market = [
            self.market_deck.pop() for _ in range(min(setup.market_size, len(self.market_deck)))
        ]
        self.life = [setup.seat_life(p) for p in range(n)]
        self.banned = [frozenset[int]() for _ in range(n)]
        self.deck = []
        for p in range(n):
            deck = list(self.compiled.seat_decks[p])
            shuffle(deck, self.rng.random)
            self.deck.append(deck)
        self.hand = [[] for _ in range(n)]
        self.discard = [[] for _ in range(n)]
        self.bases = [[] for _ in range(n)]
        self.base_fired = [[] for _ in range(n)]
        self.acquired = [[] for _ in range(n)]
        self.later = [[] for _ in range(n)]
        self.staying = [[] for _ in range(n)]

    @property
    def turn(self) -> int:
        """Turns played (both players'): 0 in the first turn."""
        return self._turn

    @turn.setter
    def turn(self, turn: int) -> None:
        # the views hold the round as a plain attribute (bots read it every decision)
        self._turn = turn
        for view in self.views:
            view.round = turn // 2 + 1

    # -- the game loop ------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Play turns until a player has no life left or the turn limit is reached."""
        while not self.over and self._turn < self.max_turns:
            self.start_turn()
            self.run_later()
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
            not self.over,
        )

    def start_turn(self) -> None:
        p = self.cur
        self.fcount = [0] * len(self.fcount)
        self.bond_entries = 0
        bases = self.bases[p]
        if not bases:
            return
        cards = self.cards
        fired = self.base_fired[p]
        for i, c in enumerate(bases):
            card = cards[c]
            fired[i] = 0
            self.count_factions(card.fmask, 1)
            if card.bonds:
                self.bond_entries += 1
            if card.primary is not None:
                self.ready += 1
            else:
                fired[i] = 1
        self.fire_bonds(p)

    def main_phase(self) -> None:
        p = self.cur
        bot = self.bots[p]
        view = self.views[p]
        checked = self.checked
        while not self.over:
            action = bot.take_action(view)
            if checked and action not in self.legal_actions():
                raise AssertionError(f"illegal action {action!r} by {bot.name}")
            kind = action[0]  # the usual actions first, without going through apply()
            if kind == PLAY_ALL:
                self.play_hand(p)
            elif kind == ACQUIRE:
                self.buy(p, action[1])
            elif kind == END:
                return
            elif kind == ATTACK_PLAYER:
                self.attack_player(p)
            elif kind == USE_ALL:
                self.use_all(p)
            else:
                self.apply(action)

    def run_later(self) -> None:
        """The start of the current player's turn: what their cards played last turn do "at
        the start of your next turn"; those cards are in play again, to be discarded at the
        end of this turn."""
        p = self.cur
        later = self.later[p]
        if not later:
            return
        staying = self.staying[p]
        for c in staying:
            self.ships.append(c)
            self.ships_as.append(c)
            self.ship_fired.append(1)
        staying.clear()
        pending = list(later)
        later.clear()
        for c, run in pending:
            self.src = c
            run(self, p)

    def discard_played(self, p: int) -> None:
        """Player ``p``'s ships played this turn and the rest of their hand go to their discard
        pile (the first step of ending a turn, in every family of the engine), but the cards
        with an effect to come next turn, which stay in play."""
        discard = self.discard[p]
        if self.later[p]:
            ships = self.ships
            for c, _ in self.later[p]:
                if c in ships:
                    ships.remove(c)
                    self.staying[p].append(c)
        discard.extend(self.ships)
        self.ships.clear()
        self.ships_as.clear()
        self.ship_fired.clear()
        discard.extend(self.hand[p])
        self.hand[p].clear()
        if self.ready:  # a base's unused ability is not kept for a later turn
            self.ready = 0
            cards, fired = self.cards, self.base_fired[p]
            for i, c in enumerate(self.bases[p]):
                fired[i] = cards[c].all_fired | cards[c].trig_mask

    def end_turn(self) -> None:
        p = self.cur
        self.clean_up(p)
        self.cur = 1 - p
        self.turn = self._turn + 1  # the setter tells the views

    def clean_up(self, p: int) -> None:
        """The discard and draw phases of player ``p``'s turn."""
        self.discard_played(p)
        if self.return_at_end:
            for q, c in self.return_at_end:
                if c in self.removed:
                    self.removed.remove(c)
                    self.discard[q].append(c)
            self.return_at_end.clear()
        self.pool[:] = self.zero_pool  # in place: the views hold this list
        self.banished = 0
        self.next_on_top = None
        self.draw(p, self.hand_size)

    # -- actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        p = self.cur
        cards = self.cards
        actions: list[Action] = [(PLAY, i) for i in range(len(self.hand[p]))]
        if actions:
            actions.append(PLAY_HAND)
        n_ships = len(self.ships)
        for i, c in enumerate(self.ships):
            if cards[c].banish is not None:
                actions.append((BANISH, i))
        for j, c in enumerate(self.bases[p]):
            if cards[c].banish is not None:
                actions.append((BANISH, n_ships + j))
        if self.ready:
            actions.extend((USE, arg) for arg in self.usable())
            actions.append(USE_READY)
        budget = self.pool[self.acq]
        banned = self.banned[p]
        for i, c in enumerate(self.market):
            if cards[c].cost <= budget and c not in banned:
                actions.append((ACQUIRE, i))
        pile = self.pile
        if (
            pile is not None
            and self.pile_count > 0
            and cards[pile].cost <= budget
            and pile not in banned
        ):
            actions.append((ACQUIRE, PILE))
        strength = self.pool[self.att]
        q = self.foe[p]
        opponent_bases = self.bases[q]
        for j in self.targets(q):
            if cards[opponent_bases[j]].defense <= strength:
                actions.append((ATTACK_BASE, j))
        if strength > 0 and not self.has_guard(q):
            actions.append((ATTACK_PLAYER, 0))
        r = self.flank(p)
        if r >= 0:  # the other player whose bases may be attacked: (ATTACK_BASE, -1 - j)
            flank_bases = self.bases[r]
            for j in self.targets(r):
                if cards[flank_bases[j]].defense <= strength:
                    actions.append((ATTACK_BASE, -1 - j))
        actions.extend((AIM, r) for r in self.aims(p))
        actions.append(END_TURN)
        return actions

    def apply(self, action: Action) -> None:
        kind, arg = action
        p = self.cur
        if kind == PLAY:
            self.play_card(p, arg)
        elif kind == PLAY_ALL:
            self.play_hand(p)
        elif kind == BANISH:
            self.use_banish(p, arg)
        elif kind == USE:
            self.use(p, arg)
        elif kind == USE_ALL:
            self.use_all(p)
        elif kind == ACQUIRE:
            self.buy(p, arg)
        elif kind == ATTACK_BASE:
            q = self.foe[p]
            if arg < 0:  # a base of the flank player (``flank``)
                q, arg = self.flank(p), -1 - arg
            c = self.bases[q][arg]
            self.pool[self.att] -= self.cards[c].defense
            self.remove_base(q, arg)
            self.discard[q].append(c)
        elif kind == ATTACK_PLAYER:
            self.attack_player(p)
        elif kind == AIM:
            if arg not in self.aims(p):
                raise AssertionError(f"player {p} cannot turn on player {arg}")
            self.aim(p, arg)

    def aim(self, p: int, q: int) -> None:
        """Player ``p`` attacks and targets player ``q`` from now on."""
        self.foe[p] = q
        self.views[p].aim(q)

    def attack_player(self, p: int) -> None:
        q = self.foe[p]
        self.life[q] -= self.pool[self.att]
        self.pool[self.att] = 0
        if self.life[q] <= 0:
            self.defeat(p, q)

    def defeat(self, p: int, q: int) -> None:
        """Player ``q`` has no life left, after ``p``'s attack: with two players, ``p`` wins."""
        self.over = True
        self.winner = p

    def play_hand(self, p: int) -> None:
        """Play every card of the hand, and any card drawn meanwhile: bases first, ships whose
        abilities look at what is in play (or scrap from the market row) last (``rank``),
        otherwise last first."""
        hand = self.hand[p]
        cards = self.cards
        pool = self.pool
        # the lists' append methods, looked up once (a Scout is played in a few steps)
        ships, ships_as, fired = self.ships.append, self.ships_as.append, self.ship_fired.append
        pop = hand.pop
        while hand:
            # the lowest rank, the last card among equals (a hand of Scouts: the last)
            k = len(hand) - 1
            rank = cards[hand[k]].rank
            if rank:
                for i in range(k - 1, -1, -1):
                    r = cards[hand[i]].rank
                    if r < rank:
                        k, rank = i, r
                        if not r:
                            break
            c = pop() if k == len(hand) - 1 else pop(k)
            plain = cards[c].plain
            if plain is None:
                self.enter_play(p, c)
                continue
            ships(c)  # a ship of no faction that only gains to the pools (a Scout)
            ships_as(c)
            fired(1)
            for r, n in plain:
                pool[r] += n

    def play_card(self, p: int, i: int) -> None:
        self.enter_play(p, self.hand[p].pop(i))

    def enter_play(self, p: int, c: int) -> None:
        card = self.cards[c]
        base = card.base
        if base:
            self.bases[p].append(c)
            if card.primary is not None:
                self.base_fired[p].append(0)  # its primary ability is ready, not used
                self.ready += 1
            else:
                self.base_fired[p].append(1)
        else:
            self.ships.append(c)
            self.ships_as.append(c)
            self.ship_fired.append(1)
        if card.bonds:
            self.bond_entries += 1
        factions = card.factions
        if factions:
            fcount = self.fcount
            for f in factions:
                fcount[f] += 1
        gain = card.gain
        if base:
            pass
        elif gain is not None:
            pool = self.pool
            for r, n in gain:
                pool[r] += n
        elif card.primary is not None:
            self.src = c
            card.primary(self, p)
        if factions and self.bond_entries:
            self.fire_bonds(p)

    def use_banish(self, p: int, i: int, run: bool = True) -> None:
        """Remove entry ``i`` of the cards in play (ships, then bases) and run its ability on
        removal (``run``; a card removing itself as it is played has none to run)."""
        n_ships = len(self.ships)
        if i < n_ships:
            c = self.ships.pop(i)
            acting = self.cards[self.ships_as.pop(i)]
            self.ready -= self.ready_in(acting, self.ship_fired.pop(i))
        else:
            c = self.bases[p][i - n_ships]
            acting = self.cards[c]
            self.ready -= self.ready_in(acting, self.base_fired[p][i - n_ships])
            self.remove_base(p, i - n_ships)
        self.count_factions(acting.fmask, -1)
        if acting.bonds:
            self.bond_entries -= 1
        self.to_removed(c)
        self.banished += 1
        if not run:
            return
        self.self_banished = 1
        self.src = c
        on_banish = self.cards[c].banish
        if on_banish is not None:
            on_banish(self, p)
        self.self_banished = 0

    def buy(self, p: int, slot: int) -> None:
        c = self.pile if slot == PILE else self.market[slot]
        assert c is not None
        self.pool[self.acq] -= self.cards[c].cost
        self.take_from_market(slot)
        self.gain_card(p, c, "discard")

    # -- ready abilities ---------------------------------------------------------------------

    @staticmethod
    def ready_in(card: CompiledCard, flags: int) -> int:
        """How many abilities of an in-play card with these flags are ready."""
        n = 0 if flags & 1 or card.primary is None or not card.base else 1
        for _, _, flag, _ in card.bonds:
            if flags & (flag << 8) and not flags & flag:
                n += 1
        return n

    def usable(self) -> list[int]:
        """The arguments of the ``USE`` actions: every ready ability, in the order of the
        cards in play (ships, then bases) and of their abilities."""
        args: list[int] = []
        cards = self.cards
        i = 0
        for entries, fired in (
            (self.ships_as, self.ship_fired),
            (self.bases[self.cur], self.base_fired[self.cur]),
        ):
            for k in range(len(entries)):
                card = cards[entries[k]]
                flags = fired[k]
                if card.base and card.primary is not None and not flags & 1:
                    args.append(i * SLOTS)
                for _, _, flag, _ in card.bonds:
                    if flags & (flag << 8) and not flags & flag:
                        args.append(i * SLOTS + flag.bit_length() - 1)
                i += 1
        return args

    def use(self, p: int, arg: int) -> None:
        """Use one ready ability (``USE``'s argument: the in-play card and the slot)."""
        i, slot = divmod(arg, SLOTS)
        n_ships = len(self.ships)
        if i < n_ships:
            card, fired, k = self.cards[self.ships_as[i]], self.ship_fired, i
        else:
            k = i - n_ships
            card, fired = self.cards[self.bases[p][k]], self.base_fired[p]
        flag = 1 << slot
        if fired[k] & flag or (slot and not fired[k] & (flag << 8)):
            raise AssertionError(f"ability {slot} of {card.id} is not ready")
        fired[k] |= flag
        self.ready -= 1
        self.src = card.index
        if slot == 0:
            assert card.primary is not None
            card.primary(self, p)
            return
        for _, _, bond_flag, run in card.bonds:
            if bond_flag == flag:
                run(self, p)
                return

    def use_all(self, p: int) -> None:
        """Use every ready ability (those that become ready meanwhile too)."""
        while self.ready and not self.over:
            self.use(p, self.usable()[0])

    # -- helpers the executors call -----------------------------------------------------------

    def fire_bonds(self, p: int) -> None:
        """Trigger the ally abilities whose faction has another card in play: they are then
        ready to use (the rulebooks: "triggered as soon as you have another card of that
        faction in play ... it may be used at any time during your Main Phase")."""
        cards = self.cards
        fcount = self.fcount
        for entries, fired in (
            (self.ships_as, self.ship_fired),
            (self.bases[p], self.base_fired[p]),
        ):
            for i in range(len(entries)):
                card = cards[entries[i]]
                bonds = card.bonds
                if not bonds or fired[i] & card.trig_mask == card.trig_mask:
                    continue
                for faction, need, flag, _ in bonds:
                    if fired[i] & (flag << 8):
                        continue
                    if fcount[faction] - ((card.fmask >> faction) & 1) >= need:
                        fired[i] |= flag << 8
                        self.ready += 1

    def count_factions(self, fmask: int, delta: int) -> None:
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
        discard = self.discard[p]
        if take < n and discard:
            # the (now empty) deck takes the discard pile: both lists stay, the views hold one
            deck[:] = discard
            discard.clear()
            shuffle(deck, self.rng.random)
            more = min(n - take, len(deck))
            hand.extend(deck[: -more - 1 : -1])
            del deck[-more:]
            take += more
        return take

    def aims(self, p: int) -> list[int]:
        """The players ``p`` may turn on instead of its foe (none with two players)."""
        return []

    def flank(self, p: int) -> int:
        """Another player besides the foe whose bases ``p`` may attack and target (-1: none)."""
        return -1

    def others(self, p: int) -> list[int]:
        """The players other than ``p``, in turn order after ``p`` ('each other player')."""
        return [1 - p]

    def give_curse(self, q: int) -> bool:
        """Give ``q`` a card of the curse pile (``play: curse``); False when there is none."""
        return False

    def standing(self, p: int) -> int:
        """What ``p`` is judged by: life here (victory points in a game won on points)."""
        return self.life[p]

    def supply_left(self) -> list[int]:
        """The cards left in each supply pile (``pool.supply``'s order): none here."""
        return []

    def has_guard(self, q: int) -> bool:
        cards = self.cards
        return any(cards[c].guard for c in self.bases[q])

    def targets(self, q: int) -> list[int]:
        """Indices of ``q``'s bases that may be attacked or targeted: guards first."""
        cards = self.cards
        bases = self.bases[q]
        guards = [j for j, c in enumerate(bases) if cards[c].guard]
        return guards if guards else list(range(len(bases)))

    def count_in_play(self, p: int, card_type: str) -> int:
        cards = self.cards
        in_play = [*self.ships_as, *self.bases[p]] if p == self.cur else self.bases[p]
        return sum(1 for c in in_play if cards[c].type == card_type)

    def remove_base(self, q: int, j: int) -> None:
        self.bases[q].pop(j)
        self.base_fired[q].pop(j)

    def to_removed(self, c: int) -> None:
        if c == self.pile:
            self.pile_count += 1
        else:
            self.removed.append(c)

    def offered(self, option: int) -> int:
        """The card an option of a free gain stands for: a market slot, ``PILE``, or a
        ``supply_option``."""
        if option == PILE:
            assert self.pile is not None
            return self.pile
        if option < PILE:
            return self.pile_cards[option_pile(option)]
        return self.market[option]

    def take_card(self, c: int) -> bool:
        """Take card ``c`` from where cards are gained (here: the pile), if one is left."""
        if c == self.pile and self.pile_count > 0:
            self.pile_count -= 1
            return True
        return False

    def take_from_market(self, slot: int) -> None:
        if slot == PILE:
            self.pile_count -= 1
            return
        if self.market_deck:
            self.market[slot] = self.market_deck.pop()
        else:
            self.market.pop(slot)

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
        self.acquired[p].append((c, self.views[p].round))

    # -- copies, for bots that look ahead ------------------------------------------------------

    def clone(self, bots: Sequence[Bot], seed: int) -> Match:
        """A copy of this match, with other bots and its own random numbers."""
        other = Match(self.compiled, bots, seed, banned=self.banned)  # its deal is replaced below
        other.rng.seed(seed)  # as if fresh from the seed
        # the lists in place (the views hold them), then the numbers
        for mine, theirs in (
            (self.deck, other.deck),
            (self.hand, other.hand),
            (self.discard, other.discard),
            (self.bases, other.bases),
            (self.base_fired, other.base_fired),
        ):
            for p in (0, 1):
                theirs[p][:] = mine[p]
        for p in (0, 1):
            other.acquired[p][:] = self.acquired[p]
        for mine_list, their_list in (
            (self.market_deck, other.market_deck),
            (self.market, other.market),
            (self.removed, other.removed),
            (self.life, other.life),
            (self.ships, other.ships),
            (self.ships_as, other.ships_as),
            (self.ship_fired, other.ship_fired),
            (self.fcount, other.fcount),
            (self.pool, other.pool),
        ):
            their_list[:] = mine_list
        other.return_at_end[:] = self.return_at_end
        other.later = [list(later) for later in self.later]
        other.staying = [list(staying) for staying in self.staying]
        other.pile_count = self.pile_count
        other.bond_entries = self.bond_entries
        other.ready = self.ready
        other.cur = self.cur
        other.turn = self._turn
        other.winner = self.winner
        other.over = self.over
        other.banished = self.banished
        other.self_banished = self.self_banished
        other.next_on_top = self.next_on_top
        other.src = self.src
        other.last_cost = self.last_cost
        other.last_count = self.last_count
        other.last_did = self.last_did
        return other

    def redeal_hidden(self, seat: int) -> None:
        """Shuffle what ``seat`` cannot see: the opponent's hand and deck, every deck's order."""
        q = 1 - seat
        unknown = self.hand[q] + self.deck[q]
        shuffle(unknown, self.rng.random)
        n = len(self.hand[q])
        self.hand[q][:] = unknown[:n]  # in place: the views hold the hands
        self.deck[q][:] = unknown[n:]
        shuffle(self.deck[seat], self.rng.random)
        shuffle(self.market_deck, self.rng.random)

    def finish(self) -> Outcome:
        """Play out the rest of the current turn, then the game (for a clone)."""
        self.main_phase()
        if not self.over:
            self.end_turn()
        return self.play()

    # -- checks ------------------------------------------------------------------------------

    def all_cards(self) -> list[int]:
        """Every card of the match, wherever it is (the pile counted by its size)."""
        everything = [*self.market_deck, *self.market, *self.removed, *self.ships]
        for p in range(len(self.deck)):  # every seat
            everything += self.deck[p] + self.hand[p] + self.discard[p] + self.bases[p]
            everything += self.staying[p]
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
    if len(match.market) > match.market_size:
        problems.append("the market row holds too many cards")
    steps = [len(match.bases[p]) - len(match.base_fired[p]) for p in (0, 1)]
    if any(steps) or not len(match.ships) == len(match.ships_as) == len(match.ship_fired):
        problems.append("in-play lists out of step")
    elif not match.over and match.ready != len(match.usable()):
        problems.append(f"{match.ready} abilities counted ready, {len(match.usable())} are")
    if any(life > 0 for life in match.life) and match.over and match.winner is None:
        problems.append("a game over without a winner")
    return problems

"""Deeds: the effects that ask a player to choose, carried out on a match.

Executors (``compile.py``) call these for the clauses that need a bot's answer -- which option
of a choice, which cards to discard or scrap, what to acquire for free, which base to destroy,
which card to put back on the deck or to copy. Each checks the answer against the choices it
offered: a bot that picks something it was not offered is a bug, never a silent skip.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from cardkit.sim.actions import PILE, Worth, supply_option

if TYPE_CHECKING:
    from cardkit.sim.engine import Match


def choose_option(m: Match, p: int, worths: tuple[Worth, ...]) -> int:
    choice = m.bots[p].choose_option(m.views[p], worths)
    if not 0 <= choice < len(worths):
        raise AssertionError(f"{m.bots[p].name} chose option {choice} of {len(worths)}")
    return choice


def _picks(chosen: Sequence[int], size: int, least: int, most: int, what: str) -> list[int]:
    picks = sorted(set(chosen), reverse=True)
    if len(picks) != len(chosen) or not least <= len(picks) <= most:
        raise AssertionError(f"{what}: {len(chosen)} picks, expected {least} to {most}")
    if picks and not 0 <= picks[-1] <= picks[0] < size:
        raise AssertionError(f"{what}: pick out of range")
    return picks


def discard_from_hand(m: Match, p: int, n: int | None) -> int:
    hand = m.hand[p]
    most = len(hand) if n is None else min(n, len(hand))
    least = 0 if n is None else most
    chosen = m.bots[p].choose_discard(m.views[p], least, most)
    for i in _picks(chosen, len(hand), least, most, "discard"):
        m.discard[p].append(hand.pop(i))
    m.last_count = len(chosen)
    return len(chosen)


def opponent_discards(m: Match, q: int, n: int) -> int:
    return discard_from_hand(m, q, n)


def banish_cards(
    m: Match,
    p: int,
    up_to: int,
    zones: tuple[str, ...],
    optional: bool,
    what: frozenset[str] = frozenset(),
    card: int = -1,
) -> int:
    """Remove up to ``up_to`` cards of ``zones`` (only of the card types ``what``, or only the
    card ``card``, when given)."""
    candidates: list[tuple[str, int]] = []
    for zone in zones:
        if what or card >= 0:
            cards = m.cards
            held = _zone(m, p, zone)
            candidates.extend(
                (zone, i)
                for i, c in enumerate(held)
                if (not what or cards[c].type in what) and (card < 0 or c == card)
            )
        else:
            candidates.extend(zip(repeat(zone), range(len(_zone(m, p, zone)))))
    most = min(up_to, len(candidates))
    least = 0 if optional else min(1, most)
    chosen = m.bots[p].choose_banish(m.views[p], candidates, least, most)
    picks = _picks(chosen, len(candidates), least, most, "banish")
    by_zone = sorted((candidates[i] for i in picks), key=lambda zi: -zi[1])
    m.last_cost = -1
    for zone, i in by_zone:
        if zone == m.zones.market:
            c = m.market[i]
            m.take_from_market(i)
        else:
            c = _zone(m, p, zone).pop(i)
        m.to_removed(c)
        m.last_cost = m.cards[c].cost
    m.banished += len(picks)
    m.last_count = len(picks)
    return len(picks)


def remove_this(m: Match, p: int) -> bool:
    """Remove the card being played from the cards in play ("Trash this"), when it is there."""
    c = m.src
    ships = m.ships
    for i in range(len(ships) - 1, -1, -1):
        if ships[i] == c:
            m.use_banish(p, i, run=False)
            m.last_cost = m.cards[c].cost
            m.last_count = 1
            return True
    return False


def discard_hand(m: Match, p: int) -> bool:
    hand = m.hand[p]
    m.discard[p].extend(hand)
    m.last_count = len(hand)
    hand.clear()
    return m.last_count > 0


def _zone(m: Match, p: int, zone: str) -> list[int]:
    """The cards of a zone the game's ``play: zones:`` gives a role (compile checks the ids)."""
    if zone == m.zones.hand:
        return m.hand[p]
    if zone == m.zones.discard:
        return m.discard[p]
    return m.market


def _one(answer: int | None, options: list[int], what: str, *, optional: bool = True) -> int | None:
    """A bot's pick among ``options`` (None: it declined, where it may), checked."""
    if answer is None:
        if not optional:
            raise AssertionError(f"{what}: a choice must be made")
        return None
    if answer not in options:
        raise AssertionError(f"{what}: {answer} is not one of {options}")
    return answer


def acquire_free(
    m: Match,
    p: int,
    max_cost: int,
    what: frozenset[str],
    destination: str,
    min_cost: int = 0,
) -> bool:
    """Gain a card costing ``min_cost`` to ``max_cost`` (of the types ``what``; any when empty)
    for free: one of the market row, the pile, or (``supply_option``) a supply pile."""
    cards = m.cards
    banned = m.banned[p]

    def fits(c: int) -> bool:
        card = cards[c]
        return min_cost <= card.cost <= max_cost and (not what or card.type in what)

    options = [i for i, c in enumerate(m.market) if fits(c) and c not in banned]
    pile = m.pile
    if pile is not None and m.pile_count > 0 and pile not in banned and fits(pile):
        options.append(PILE)
    left = m.supply_left()
    if left:
        piles = m.pile_cards
        for k, n in enumerate(left):
            c = piles[k]
            if n > 0 and c not in banned and fits(c):
                options.append(supply_option(k))
    if not options:
        return False
    slot = _one(m.bots[p].choose_acquire(m.views[p], options), options, "acquire")
    if slot is None:
        return False
    c = m.offered(slot)
    m.take_from_market(slot)
    m.gain_card(p, c, destination)
    return True


def gain_named(m: Match, p: int, c: int, destination: str) -> bool:
    """Gain card ``c`` from its supply pile (or the pile), when one is left and ``p`` may."""
    if c in m.banned[p] or not m.take_card(c):
        return False
    m.gain_card(p, c, destination)
    return True


def destroy_target(m: Match, p: int, what: str, optional: bool) -> bool:
    q = m.foe[p]
    bases = m.bases[q]
    options = [j for j in m.targets(q) if m.cards[bases[j]].type == what]
    if not options:
        return False
    answer = m.bots[p].choose_base(m.views[p], options, optional)
    j = _one(answer, options, "destroy", optional=optional)
    if j is None:
        return False
    c = bases[j]
    m.remove_base(q, j)
    m.discard[q].append(c)
    return True


def put_from_discard_on_top(m: Match, p: int, what: frozenset[str]) -> bool:
    cards = m.cards
    discard = m.discard[p]
    options = [i for i, c in enumerate(discard) if not what or cards[c].type in what]
    if not options:
        return False
    i = _one(m.bots[p].choose_from_discard(m.views[p], options), options, "put on top")
    if i is None:
        return False
    m.deck[p].append(discard.pop(i))
    return True


def copy_another(m: Match, p: int, what: frozenset[str]) -> bool:
    cards = m.cards
    me = len(m.ships) - 1 if m.ships and m.ships[-1] == m.src else -1
    options = [
        i for i, c in enumerate(m.ships_as) if i != me and (not what or cards[c].type in what)
    ]
    if not options:
        return False
    i = _one(m.bots[p].choose_copy(m.views[p], options), options, "copy")
    if i is None:
        return False
    target = cards[m.ships_as[i]]
    if me >= 0:
        was = cards[m.ships_as[me]]
        m.count_factions(was.fmask, -1)
        m.bond_entries += bool(target.bonds) - bool(was.bonds)
        m.ships_as[me] = target.index
        m.count_factions(target.fmask, 1)
    if target.primary is not None:
        m.src = target.index
        target.primary(m, p)
    m.fire_bonds(p)
    return True

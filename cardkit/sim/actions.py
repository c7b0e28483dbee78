"""What a player does and chooses: the words the engine, the deeds and the bots share.

The bottom of the simulator: an ``Action`` is a ``(kind, argument)`` pair the engine offers in
``legal_actions()`` and a bot answers ``take_action`` with; a ``Worth`` is what an option of a
choice gives, for a bot to weigh. Nothing here knows a match or a card.
"""

from __future__ import annotations

from dataclasses import dataclass

# Actions: (kind, argument) pairs. PLAY_ALL plays the whole hand, cards drawn meanwhile too.
PLAY, BANISH, ACQUIRE, ATTACK_BASE, ATTACK_PLAYER, END, PLAY_ALL = range(7)
Action = tuple[int, int]
END_TURN: Action = (END, 0)
PLAY_HAND: Action = (PLAY_ALL, 0)
PILE = -1  # the argument of ACQUIRE for the always-available pile


def supply_option(k: int) -> int:
    """The option of a free gain (``choose_acquire``) that stands for supply pile ``k`` (the
    order of the pool's supply piles): below ``PILE``, so that market slots keep 0, 1, ..."""
    return PILE - 1 - k


def option_pile(option: int) -> int:
    """The supply pile a ``supply_option`` stands for."""
    return PILE - 1 - option


BUY = 7  # (BUY, k): buy a card of supply pile k (the order of the pool's supply piles)
# (USE, entry * 8 + slot): use a ready ability of an in-play card (entries: the ships in play,
# then the bases, as for BANISH; slot 0: a base's primary ability, slot k + 1: ally ability k)
USE = 8
USE_ALL = 9  # use every ready ability, in the order of the cards in play
USE_READY: Action = (USE_ALL, 0)
SLOTS = 8  # the slots an entry's argument holds (a primary and up to seven ally abilities)
AIM = 10  # (AIM, seat): attack and target that player from now on (a free-for-all)


@dataclass(frozen=True, slots=True)
class Worth:
    """What an option of a choice gives, for bots to weigh: amounts, draws and other deeds."""

    acquire: int = 0
    attack: int = 0
    life: int = 0
    draw: int = 0
    destroy: bool = False  # destroys an opponent's base
    other: int = 0

    def __add__(self, other: Worth) -> Worth:
        return Worth(
            self.acquire + other.acquire,
            self.attack + other.attack,
            self.life + other.life,
            self.draw + other.draw,
            self.destroy or other.destroy,
            self.other + other.other,
        )

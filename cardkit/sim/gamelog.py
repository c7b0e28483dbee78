"""Whole games, turn by turn, for a designer to read why a card wins (``sim --log N``).

Game ``i`` of a sweep is played again exactly as the sweep played it (the same seed, bots and
seats), its bots wrapped in a ``Recorder`` that notes each action before passing it on: the
cards played, scrapped and bought, the attacks, and each choice an effect asked for. The
recorder draws no random number and changes no answer, so the logged game is the game the
sweep counted. ``log_games`` returns the events as plain dicts (one JSON line each) and
``readable`` writes them as text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardkit.sim.actions import (
    ACQUIRE,
    ATTACK_BASE,
    ATTACK_PLAYER,
    BANISH,
    BUY,
    END,
    PLAY,
    PLAY_ALL,
    SLOTS,
    USE,
    USE_ALL,
    Action,
    Worth,
)
from cardkit.sim.bots import Bot, View
from cardkit.sim.pool import SimPool
from cardkit.sim.runner import (
    Player,
    _compiled,
    game_seed,
    make_bots,
    new_match,
    player_name,
    seat_slots,
)
from cardkit.sim.supplyplay import is_supply_game

Event = dict[str, Any]


class Recorder:
    """A bot that answers as ``inner`` does and notes what it does in ``events``."""

    def __init__(
        self, inner: Bot, slot: str, game: int, events: list[Event], measure: str = "life"
    ) -> None:
        self.inner = inner
        self.measure = measure  # "life", or "points" in a game won on points
        self.name = inner.name
        self.slot = slot
        self.game = game
        self.events = events
        self._turn = -1  # the round of the last event noted

    def _note(self, view: View, event: str, **figures: Any) -> None:
        turn = view.round  # this player's own turns
        if turn != self._turn:
            self._turn = turn
            self.events.append(
                {
                    "game": self.game,
                    "round": turn,
                    "slot": self.slot,
                    "bot": self.name,
                    "event": "turn",
                    # this player's standing, then the best of the others'
                    self.measure: [
                        view.standing(view.seat),
                        max(view.standing(q) for q in range(len(view.lives)) if q != view.seat),
                    ],
                    "hand": self._names(view, view.hand),
                    "bases": self._names(view, view.own_bases),
                }
            )
        self.events.append(
            {"game": self.game, "round": turn, "slot": self.slot, "event": event, **figures}
        )

    @staticmethod
    def _names(view: View, cards: Sequence[int]) -> list[str]:
        return [view.cards[c].id for c in cards]

    def take_action(self, view: View) -> Action:
        action = self.inner.take_action(view)
        kind, arg = action
        cards = view.cards
        if kind == PLAY_ALL:
            hand = view.hand
            setup = view.compiled.pool.setup
            if view.compiled.pool.supply:  # the supply family plays only the free cards
                hand = [c for c in hand if cards[c].type in setup.free_types]
            self._note(view, "play", cards=self._names(view, hand))
        elif kind == BUY:
            bought = cards[view.compiled.pool.supply[arg][0]]
            self._note(view, "buy", card=bought.id, cost=bought.cost, budget=view.budget)
        elif kind == PLAY:
            self._note(view, "play", cards=[cards[view.hand[arg]].id])
        elif kind == BANISH:
            ships = view.ships
            used = ships[arg] if arg < len(ships) else view.own_bases[arg - len(ships)]
            self._note(view, "banish", card=cards[used].id)
        elif kind == USE:
            user = cards[view.in_play(arg // SLOTS)].id
            self._note(view, "use", cards=[user], ability="bond" if arg % SLOTS else "primary")
        elif kind == USE_ALL:
            used_ids = [cards[view.in_play(a // SLOTS)].id for a in view.usable()]
            self._note(view, "use", cards=used_ids)
        elif kind == ACQUIRE:
            c = view.offered(arg)
            self._note(view, "buy", card=cards[c].id, cost=cards[c].cost, budget=view.budget)
        elif kind == ATTACK_BASE:
            c = view.opponent_bases[arg]
            self._note(view, "destroy", card=cards[c].id, strength=cards[c].defense)
        elif kind == ATTACK_PLAYER:
            left = view.life(view.foe) - view.strength
            self._note(view, "attack", strength=view.strength, opponent_left=left)
        elif kind == END:
            self._note(view, "end", unspent=[view.budget, view.strength])
        return action

    def choose_option(self, view: View, options: tuple[Worth, ...]) -> int:
        k = self.inner.choose_option(view, options)
        self._note(view, "choose", option=k, of=len(options))
        return k

    def choose_discard(self, view: View, least: int, most: int) -> list[int]:
        picks = self.inner.choose_discard(view, least, most)
        self._note(view, "discard", cards=self._names(view, [view.hand[i] for i in picks]))
        return picks

    def choose_banish(
        self, view: View, candidates: list[tuple[str, int]], least: int, most: int
    ) -> list[int]:
        picks = self.inner.choose_banish(view, candidates, least, most)
        zones = view.zones
        lists = {zones.hand: view.hand, zones.discard: view.discard, zones.market: view.market}
        chosen = [candidates[k] for k in picks]
        names = [view.cards[lists[zone][i]].id for zone, i in chosen]
        self._note(view, "banish_from", cards=names, zones=[zone for zone, _ in chosen])
        return picks

    def choose_acquire(self, view: View, options: list[int]) -> int | None:
        slot = self.inner.choose_acquire(view, options)
        if slot is not None:
            self._note(view, "gain", card=view.cards[view.offered(slot)].id)
        return slot

    def choose_base(self, view: View, options: list[int], optional: bool) -> int | None:
        j = self.inner.choose_base(view, options, optional)
        if j is not None:
            self._note(view, "destroy", card=view.cards[view.opponent_bases[j]].id, strength=0)
        return j

    def choose_from_discard(self, view: View, options: list[int]) -> int | None:
        i = self.inner.choose_from_discard(view, options)
        if i is not None:
            self._note(view, "take_from_discard", card=view.cards[view.discard[i]].id)
        return i

    def choose_copy(self, view: View, options: list[int]) -> int | None:
        i = self.inner.choose_copy(view, options)
        if i is not None:
            self._note(view, "copy", card=view.cards[view.ships[i]].id)
        return i


def log_games(pool: SimPool, bots: tuple[Player, Player], seed: int, games: int) -> list[Event]:
    """The events of games ``0`` to ``games - 1`` of the sweep ``seed``, each game closed by
    its result."""
    compiled = _compiled(pool)
    spend = [pool.resources[compiled.env.acquire], pool.resources[compiled.env.attack]]
    measure = "points" if is_supply_game(compiled) and pool.setup.win == "points" else "life"
    events: list[Event] = []
    for game in range(games):
        seats = seat_slots(compiled, game)  # as the sweep plays the game
        slots = ["AB"[k] for k in seats]
        s = game_seed(seed, game)
        inner = make_bots([bots[k] for k in seats], s)
        players = [
            Recorder(bot, slot, game, events, measure)
            for bot, slot in zip(inner, slots, strict=True)
        ]
        events.append(
            {
                "game": game,
                "event": "start",
                "seed": seed,
                "first": slots[0],
                "bots": [player_name(b) for b in bots],
                "resources": spend,
            }
        )
        outcome = new_match(compiled, players, s).play()
        winner = None if outcome.winner is None else slots[outcome.winner]
        best: dict[str, int] = {}  # each slot's best seat: life, or points in a game won on points
        for slot, standing in zip(slots, outcome.life, strict=True):
            best[slot] = max(best.get(slot, standing), standing)
        events.append(
            {
                "game": game,
                "event": "result",
                "winner": winner,
                "turns": outcome.turns,
                measure: {"A": best["A"], "B": best["B"]},
            }
        )
    return events


def readable(events: Sequence[Event], names: dict[str, str]) -> str:
    """The events as text: a line per turn, a paragraph per game."""
    lines: list[str] = []
    turn: list[str] = []
    spend = ["to buy with", "to attack with"]

    def name(card_id: str) -> str:
        return names.get(card_id, card_id)

    def close() -> None:
        if turn:
            lines.append(turn[0] + " " + "; ".join(turn[1:]))
            turn.clear()

    for e in events:
        kind = e["event"]
        if kind == "start":
            close()
            if lines:
                lines.append("")
            bots = e["bots"]
            spend = e["resources"]
            lines.append(
                f"game {e['game']} (seed {e['seed']}): A {bots[0]}, B {bots[1]}; "
                f"{e['first']} moves first"
            )
        elif kind == "turn":
            close()
            measure = "points" if "points" in e else "life"
            life = e[measure]
            hand = ", ".join(name(c) for c in e["hand"]) or "no cards"
            bases = ", ".join(name(c) for c in e["bases"])
            turn.append(
                f"  round {e['round']}, {e['slot']} ({measure} {life[0]} vs {life[1]}), hand {hand}"
                + (f", bases {bases}" if bases else "")
                + ":"
            )
        elif kind == "result":
            close()
            winner = e["winner"]
            measure = "points" if "points" in e else "life"
            life = e[measure]
            lines.append(
                f"  {'draw' if winner is None else winner + ' wins'} after {e['turns']} turns "
                f"({measure}: A {life['A']}, B {life['B']})"
            )
        else:
            turn.append(_describe(e, name, spend))
    close()
    return "\n".join(lines) + "\n"


_SAID = {
    "play": "plays {cards}",
    "buy": "buys {card} ({cost} of {budget})",
    "attack": "attacks for {strength} ({opponent_left} left)",
    "destroy": "destroys {card}",
    "banish": "banishes {card} for its ability",
    "use": "uses an ability of {cards}",
    "banish_from": "banishes {cards}",
    "discard": "discards {cards}",
    "gain": "gains {card}",
    "take_from_discard": "takes {card} from the discard pile",
    "copy": "copies {card}",
}
"""How each event reads: ``card`` and ``cards`` by name, other figures as they are."""


def _describe(e: Event, name: Callable[[str], str], spend: Sequence[str]) -> str:
    kind = e["event"]
    said = _SAID.get(kind)
    if said is not None:
        figures = dict(e)
        if "card" in e:
            figures["card"] = name(e["card"])
        if "cards" in e:
            figures["cards"] = ", ".join(name(c) for c in e["cards"]) or "nothing"
        return said.format(**figures)
    if kind == "choose":
        return f"chooses option {e['option'] + 1} of {e['of']}"
    budget, strength = e["unspent"]
    if budget or strength:
        return f"ends ({budget} {spend[0]}, {strength} {spend[1]} unspent)"
    return "ends"

"""The card pool a simulation plays with: every card's stats and parsed abilities, and the setup.

``build_pool`` turns a loaded ``CardSet`` (plus any added cards) into a ``SimPool``: plain,
picklable values, so that a pool can be sent to worker processes. Every problem that would stop
a game from being played (text that does not parse, an effect the engine cannot execute, a
missing cost, a starting card the set lacks) is returned as a located diagnostic, all at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardkit.diagnostics import Diagnostic, Location, Severity, SourceMap, error, warning
from cardkit.effects import Ability, Gain, GainPerCost
from cardkit.effects.abilities import walk
from cardkit.effects.vocab import Vocabulary
from cardkit.load.playcards import play_card_problems
from cardkit.model import Card, CardSet, Game, PlaySetup
from cardkit.rules.context import CheckContext, ParsedLine, parse_set
from cardkit.rules.grammar import CORE_VERBS
from cardkit.rules.wording import check_slips
from cardkit.sim.compile import outside_reason, unsupported
from cardkit.sim.coremoves import CoreReader, card_names


@dataclass(frozen=True, slots=True)
class SimCard:
    """One card as the engine needs it."""

    id: str
    name: str
    type: str
    factions: tuple[str, ...]
    cost: int
    defense: int  # 0 for a card that does not stay in play
    guard: bool
    base: bool  # stays in play
    abilities: tuple[Ability, ...]
    points: int = 0  # victory points (play: win: field), counted when the game ends


@dataclass(frozen=True, slots=True)
class SimPool:
    """Everything a game is played from: a pure value (cards are referred to by index)."""

    setup: PlaySetup
    resources: tuple[str, ...]
    factions: tuple[str, ...]
    cards: tuple[SimCard, ...]
    market: tuple[tuple[int, int], ...]  # (card index, copies) dealt into the market deck
    starting: tuple[tuple[int, int], ...]  # (card index, copies) of each starting deck
    pile: int | None  # card index of the always-available pile
    pile_count: int
    added: tuple[str, ...] = ()  # ids of the cards added with --add
    supply: tuple[tuple[int, int], ...] = ()  # (card index, pile size) of the supply piles
    curse: int | None = None  # card index of the pile 'each other player gains a curse' takes
    seat_starting: tuple[tuple[tuple[int, int], ...], ...] = ()  # by seat: its own, or ()

    def index(self, card_id: str) -> int:
        for i, card in enumerate(self.cards):
            if card.id == card_id:
                return i
        raise KeyError(card_id)


def _whole(card: Card, name: str) -> int | None:
    value = card.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _sim_card(
    card: Card,
    lines: Sequence[ParsedLine],
    context: CheckContext,
    found: list[Diagnostic],
    reader: CoreReader,
    misread: set[tuple[str | None, str, int]],
) -> SimCard | None:
    setup = context.card_set.game.play
    assert setup is not None
    ok = True

    def lacks(message: str, hint: str) -> None:
        nonlocal ok
        found.append(error("CK404", message, card.location(), card=card.id, hint=hint))
        ok = False

    cost = _whole(card, setup.cost_field)
    if cost is None:
        lacks(
            f"{card.id!r} has no whole-number {setup.cost_field!r}",
            f"give the card a {setup.cost_field!r}",
        )
    base = card.type in setup.base_types
    defense = _whole(card, setup.defense_field) if base else 0
    if defense is None or (base and defense < 1):
        lacks(
            f"{card.id!r} is a base but has no whole-number {setup.defense_field!r}",
            f"give the card a {setup.defense_field!r} of at least 1",
        )
    abilities = tuple(reader.ability(line.ability) for line in lines)  # core moves, typed
    for line, ability in zip(lines, abilities, strict=True):
        name = unsupported(ability, dict(setup.specials), setup.zones)
        where = context.at(card, line.line, len(line.text) - len(line.text.lstrip()) + 1)
        if (card.id, where.path, where.line) in misread:
            ok = False  # its misspelt word is the error (CK109), said once
        elif name is not None:
            found.append(
                error(
                    "CK403",
                    f"the simulator cannot execute {name!r} in rules text of {card.id!r}",
                    where,
                    card=card.id,
                    hint=outside_reason(name)
                    or "simulate without this card, or ask for an executor for this effect",
                )
            )
            ok = False
    if not ok:
        return None
    return SimCard(
        id=card.id,
        name=card.name,
        type=card.type,
        factions=card.factions,
        cost=cost or 0,
        defense=defense or 0,
        guard=bool(card.get(setup.guard_field, False)) if base else False,
        base=base,
        abilities=abilities,
        points=(_whole(card, setup.points_field) or 0) if setup.points_field else 0,
    )


def core_reader(game: Game, setup: PlaySetup, cards: Sequence[Card]) -> CoreReader:
    """How the game's core moves read for the engine: the cards a game is played with, by
    their printed names, and the card types of its supply piles."""
    piles = dict(setup.supply)
    supply: dict[str, str] = {
        card.id: card.type for card in cards if card.deck in setup.supply_decks or card.id in piles
    }
    return CoreReader(
        Vocabulary.of(game),
        setup.zones,
        card_names({card.id: card.name for card in cards}),
        supply,
        setup.curse,
        CORE_VERBS,
        setup.acquire_with,
    )


def _no_play(card_set: CardSet) -> Diagnostic:
    game = card_set.game
    return error(
        "CK401",
        f"game {game.id!r} has no 'play:' declaration; the simulator needs its setup",
        Location(game.source.path),
        hint="the simulator plays deck-builders: each player draws hands from a deck of their "
        "own and acquires cards with one resource, from a market row or supply piles (see "
        "docs/playtesting.md); for such a game declare 'play:' in game.yaml: 'cardkit new "
        "NAME --kind deck-builder' writes a game whose game.yaml has one to copy from. Other "
        "kinds of game (tricks, drafting, play against the game) it cannot play yet; validate, "
        "build and rulebook serve every game",
    )


def play_problems(card_set: CardSet) -> list[Diagnostic]:
    """Why the simulator cannot play ``card_set``'s game at all: its 'play:' is missing
    (CK401) or has problems of its own (the loader's); empty when it has one to play."""
    game = card_set.game
    if game.play is not None:
        return []
    return list(game.play_problems) or [_no_play(card_set)]


def build_pool(
    card_set: CardSet, added: Sequence[Card] = ()
) -> tuple[SimPool | None, list[Diagnostic]]:
    """The pool of ``card_set`` with ``added`` cards dealt into the market deck too."""
    game = card_set.game
    setup = game.play
    if setup is None:  # none, or one with problems of its own (the loader's)
        return None, play_problems(card_set)
    context = parse_set(card_set)
    found = list(context.parse_errors)
    added_context = parse_set(CardSet(game, tuple(added), ()))
    found.extend(added_context.parse_errors)
    cards: list[SimCard] = []
    market: list[tuple[int, int]] = []
    supply: list[tuple[int, int]] = []
    market_ids = {card.id for card in card_set.cards}
    added_ids = {card.id for card in added}
    # Only the cards a game is played with: the market deck, the starting decks and the pile
    # (not, say, challenge cards or scorecards kept in the same game folder).
    piles = dict(setup.supply)
    in_play = {card_id for card_id, _ in setup.starting_deck} | {setup.pile} | added_ids
    for seat in setup.seats:
        in_play |= {card_id for card_id, _ in seat.starting_deck or ()}
    in_play |= set(piles)
    all_cards = [
        card
        for card in (*card_set.cards, *(c for c in added if c.id not in market_ids))
        if card.deck == setup.market_deck or card.id in in_play or card.deck in setup.supply_decks
    ]
    # A misspelt word that the grammar still reads, as a card's name ('Gain 2 Mihgt'), is the
    # error validate gives (CK109), not an effect the engine cannot run (CK403).
    playing = {card.id for card in all_cards}
    slips = [
        diag
        for diag in (*check_slips(context), *check_slips(added_context))
        if diag.severity is Severity.ERROR and diag.card in playing
    ]
    found.extend(slips)
    misread = {(diag.card, diag.location.path, diag.location.line) for diag in slips}
    notes: list[Diagnostic] = []  # warnings: they do not stop the simulation
    reader = core_reader(game, setup, all_cards)
    for card in all_cards:
        where = added_context if card.id in added_ids else context
        sim = _sim_card(card, where.parsed.get(card.id, ()), where, found, reader, misread)
        if sim is None:
            continue
        if card.deck == setup.market_deck:
            market.append((len(cards), card.count))
        elif card.deck in setup.supply_decks or card.id in piles:
            size = piles.get(card.id) or setup.supply_size or card.count
            supply.append((len(cards), size))
        elif card.id in added_ids:
            notes.append(
                warning(
                    "CK405",
                    f"added card {card.id!r} belongs to deck {card.deck!r}, not to "
                    f"{setup.market_deck!r} that the market row is dealt from; no game will use it",
                    card.location("deck") if "deck" in card.values else card.location(),
                    card=card.id,
                    hint=f"set 'deck: {setup.market_deck}' on the card",
                )
            )
        cards.append(sim)
    ids = {card.id: i for i, card in enumerate(cards)}
    # the cards 'play:' names (CK402), as the loader checks them: a card that failed its own
    # checks is known, and reported already
    found += play_card_problems(game, [*card_set.cards, *card_set.flawed, *added])

    def lookup(card_id: str | None) -> int | None:
        return None if card_id is None else ids.get(card_id)

    starting = []
    for card_id, copies in setup.starting_deck:
        index = lookup(card_id)
        if index is not None:
            starting.append((index, copies))
    seat_starting = []
    for seat in setup.seats:
        own = []
        for card_id, copies in seat.starting_deck or ():
            index = lookup(card_id)  # an unknown card is CK402 of play_card_problems
            if index is not None:
                own.append((index, copies))
        seat_starting.append(tuple(own))
    pile = lookup(setup.pile)
    curse = None if setup.curse is None else ids.get(setup.curse)
    if found:
        return None, sorted([*found, *notes], key=lambda d: d.sort_key)
    pile_count = 0
    if pile is not None:
        pile_count = setup.pile_count or next(c.count for c in all_cards if c.id == setup.pile)
    notes += _unreachable(cards, setup, game.source)
    pool = SimPool(
        setup=setup,
        resources=tuple(game.resources),
        factions=tuple(game.factions),
        cards=tuple(cards),
        market=tuple(market),
        starting=tuple(starting),
        pile=pile,
        pile_count=pile_count,
        added=tuple(c.id for c in added),
        supply=tuple(supply),
        curse=curse,
        seat_starting=tuple(seat_starting),
    )
    return pool, sorted(notes, key=lambda d: d.sort_key)


def _gained(cards: Sequence[SimCard]) -> set[str]:
    """The resources some ability of some card can gain (in any option, on any trigger)."""
    found: set[str] = set()
    for card in cards:
        for ability in card.abilities:
            for node in walk(ability):
                if isinstance(node, Gain):
                    found.update(r for r, n in node.amounts if n > 0)
                elif isinstance(node, GainPerCost):
                    found.add(node.resource)
    return found


def _unreachable(cards: Sequence[SimCard], setup: PlaySetup, source: SourceMap) -> list[Diagnostic]:
    """CK406: the play declaration's attack or purchase resource that no card can gain. With no
    attack no life is ever lost, and every game is a draw at the turn limit."""
    gained = _gained(cards)
    draw = f"no player can lose: every game is a draw at turn {setup.max_turns}"
    found = []
    for key, resource, role, outcome in (
        ("attack_with", setup.attack_with, "attack", draw),
        ("acquire_with", setup.acquire_with, "buy cards", "nothing can be bought"),
    ):
        if resource and resource not in gained:
            found.append(
                warning(
                    "CK406",
                    f"no card in play gains {resource!r}, the resource players {role} with: "
                    f"{outcome}",
                    source.at(("play", key)),
                    hint=f"give some cards 'Gain N {resource}', or name another resource "
                    f"in 'play.{key}'",
                )
            )
    return found

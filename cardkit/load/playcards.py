"""The cards ``play:`` names, checked against the cards a game folder holds (CK402).

``play:`` names cards -- each starting deck's cards, the pile, the supply piles, the pile
that ends the game and the curse pile -- that only the loaded cards can confirm. Both the
loader (so that ``validate`` reports them) and the simulator's pool (which plays from them)
ask here, so that each problem is told in one way.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.model import Card, Game


def play_card_problems(game: Game, cards: Sequence[Card]) -> list[Diagnostic]:
    """Every card ``play:`` names that ``cards`` lack, and each named end or curse pile that
    is no supply pile: located CK402 errors."""
    setup = game.play
    if setup is None:
        return []
    known = [card.id for card in cards]
    found: list[Diagnostic] = []

    def unknown(card_id: str, what: str, *where: str | int, key: bool = False) -> bool:
        if card_id in known:
            return False
        found.append(
            error(
                "CK402",
                f"{what} names unknown card {card_id!r}{did_you_mean(card_id, known)}",
                game.source.at(("play", *where), key=key),
            )
        )
        return True

    for card_id, _ in setup.starting_deck:
        unknown(card_id, "starting deck", "starting_deck", card_id, key=True)
    for k, seat in enumerate(setup.seats):
        for card_id, _ in seat.starting_deck or ():
            where = ("seats", k, "starting_deck", card_id)
            unknown(card_id, f"seat {k + 1}'s starting deck", *where, key=True)
    if setup.pile is not None:
        unknown(setup.pile, "pile", "pile", "card")
    piles = dict(setup.supply)
    for card_id in piles:
        unknown(card_id, "supply pile", "supply", "piles", card_id, key=True)
    in_supply = {card.id for card in cards if card.deck in setup.supply_decks or card.id in piles}
    named: tuple[tuple[str | None, tuple[str, ...]], ...] = (
        (setup.end_pile, ("end", "pile")),
        (setup.curse, ("curse",)),
    )
    for named_id, path in named:
        if named_id is None or named_id in in_supply or unknown(named_id, "play", *path):
            continue
        found.append(
            error(
                "CK402",
                f"play names {named_id!r}, which is not a supply pile",
                game.source.at(("play", *path)),
                hint="add it to 'supply: piles:' or to a deck of 'supply: decks:'",
            )
        )
    return found

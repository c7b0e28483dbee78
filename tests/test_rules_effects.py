"""Effect values: their canonical text, their checks, and what equality ignores."""

from __future__ import annotations

import pytest

from cardkit import effects
from cardkit.effects import (
    EFFECTS,
    Ability,
    AbilityCost,
    AcquireFree,
    And,
    AtEndOf,
    BanishCards,
    BanishedThisTurn,
    Bond,
    Cannot,
    Choice,
    Clause,
    Conditional,
    CopyAnother,
    CreateCard,
    DealDamage,
    DestroyTarget,
    Discard,
    DiscardedThisWay,
    Draw,
    DrawKind,
    Effect,
    EndSpan,
    EveryFaction,
    ForEach,
    Gain,
    GainPerCost,
    GrantKeyword,
    IfYouDo,
    InPlay,
    Joins,
    KeywordUse,
    MakeAttack,
    MayBeTargeted,
    ModifyStat,
    MoveCards,
    MoveWithout,
    NextAcquireOnTop,
    Node,
    OnBanish,
    OpponentDiscards,
    OpponentDiscardsKinds,
    Place,
    PlayOnlyDuring,
    Pos,
    Primary,
    PutBackIntoPlay,
    PutFromDiscardOnTop,
    PutInto,
    PutIntoPlay,
    PutOnTop,
    RemoveCounters,
    ReplaceAll,
    Reveal,
    Sequence,
    SetStat,
    Special,
    TakeControl,
    Then,
)
from cardkit.effects.vocab import Vocabulary

VOCAB = Vocabulary(
    resources=(("gold", "Gold"), ("favor", "Royal Favor")),
    factions=(("red-guild", "Red Guild"),),
    card_types=(("unit", "Unit"), ("relic", "Relic"), ("ally", "Ally")),
    keywords=(("walled", "Walled"), ("transport", "Transport"), ("produces", "Produces")),
    symbols=(("gold", "G"),),
    zones=(("trade-row", "the", "trade row"),),
    # Star Realms' phrasing (cards/star-realms/game.yaml): the canonical wordings below are its.
    verbs=(("scrap", "scrap-heap", ""),),
    labels=(
        ("ally", "{faction} Ally", "bond", 1, ""),
        ("double-ally", "Double {faction} Ally", "bond", 2, ""),
        ("scrap", "Scrap", "cost", 1, "Scrap this card"),
    ),
    all_factions="This card counts as an ally for all factions",
)

CANONICAL: list[tuple[Node, str]] = [
    (Gain((("gold", 2),)), "Gain 2 Gold."),
    (Gain((("gold", 2), ("favor", 1))), "Gain 2 Gold and 1 Royal Favor."),
    (Gain((("gold", 4), ("favor", 3), ("gold", 5))), "Gain 4 Gold, 3 Royal Favor and 5 Gold."),
    (GainPerCost("gold"), "Gain Gold equal to its cost."),
    (Draw(1), "Draw a card."),
    (Draw(3), "Draw 3 cards."),
    (Discard(None), "Discard any number of cards."),
    (OpponentDiscards(2), "Target opponent discards 2 cards."),
    (BanishCards(1, ("trade-row",), optional=True), "You may scrap a card in the trade row."),
    (BanishCards(1, ("hand", "discard")), "Scrap a card in your hand or discard pile."),
    (
        BanishCards(2, ("hand", "discard"), optional=True),
        "You may scrap up to 2 cards in your hand and/or discard pile.",
    ),
    (BanishCards(1, ("hand", "trade-row")), "Scrap a card in your hand or the trade row."),
    (AcquireFree(4), "Acquire a card of cost 4 or less for free."),
    (
        AcquireFree(6, ("unit", "relic"), "top-of-deck"),
        "Acquire a unit or relic of cost 6 or less for free and put it on top of your deck.",
    ),
    (
        AcquireFree(2, ("ally",), "hand"),
        "Acquire an ally of cost 2 or less for free and put it into your hand.",
    ),
    (DestroyTarget("relic", optional=True), "You may destroy target relic."),
    (NextAcquireOnTop(("relic",)), "Put the next relic you acquire this turn on top of your deck."),
    (PutFromDiscardOnTop(), "Put a card from your discard pile on top of your deck."),
    (PutOnTop(("relic",), "hand", "deck"), "Put a relic from your hand on top of your deck."),
    (CopyAnother(("unit",)), "Copy another unit you have played this turn."),
    (EveryFaction(), "This card counts as an ally for all factions."),
    (
        ForEach(Gain((("gold", 3),)), BanishedThisTurn(including_this=True)),
        "Gain 3 Gold for each card you have scrapped this turn, including this one.",
    ),
    (ForEach(Draw(1), DiscardedThisWay()), "Draw a card for each card discarded this way."),
    (KeywordUse("walled"), "Walled."),
    (CreateCard("Spark"), 'Create a "Spark".'),
    (CreateCard("Spark", 2, "hand"), 'Create 2 "Spark" into your hand.'),
    (DealDamage(2, "unit"), "Deal 2 damage to target unit."),
    (GrantKeyword("unit", KeywordUse("walled")), "Target unit gains Walled."),
    (ModifyStat("unit", "attack", 2, this_turn=True), "Target unit gets +2 attack this turn."),
    (ModifyStat("relic", "max_favor", -1, "enemy"), "All enemy relics get -1 max favor."),
    (ModifyStat("ally", "power", 3, "your"), "All your allies get +3 power."),
    (
        ModifyStat("unit", "force", -1, "enemy", duration="battle"),
        "All enemy units get -1 force this battle.",
    ),
    (
        ModifyStat("unit", "defense", 3, this_turn=True, state="blocking"),
        "Target blocking unit gets +3 defense this turn.",
    ),
    (
        GrantKeyword("relic", KeywordUse("walled"), duration="round"),
        "Target relic gains Walled this round.",
    ),
    (Cannot("unit", "attack", duration="battle"), "Target unit cannot attack this battle."),
    (Cannot("relic", "move", this_turn=True), "Target relic cannot move this turn."),
    (SetStat("unit", "range", 1), "This unit's range is 1."),
    (SetStat(None, "range"), "The affected card's range is halved."),
    (Reveal("walled"), "Reveal every Walled card."),
    (Reveal("walled", "relic"), "Reveal every Walled card at target relic."),
    (TakeControl("unit"), "Take control of target unit."),
    (PutIntoPlay(("unit",), "hand"), "Put a unit from your hand into play."),
    (
        PutIntoPlay(("unit", "ally"), "discard", "relic"),
        "Put a unit or ally from your discard pile into play at this relic.",
    ),
    (TakeControl("unit", "walled"), "Take control of target non-Walled unit."),
    (
        OpponentDiscardsKinds(10, ("unit", "relic")),
        "Target opponent discards 10 units or relics of their choice.",
    ),
    (
        OpponentDiscardsKinds(1, ("unit", "ally")),
        "Target opponent discards a unit or ally of their choice.",
    ),
    (
        GrantKeyword("relic", KeywordUse("transport", (2,)), this_turn=True),
        "Target relic gains Transport(2) this turn.",
    ),
    (DealDamage(1, "relic", 6, each=True), "Deal 1D6 damage to each enemy relic."),
    (Ability(AbilityCost((("favor", 2),)), Draw(1)), "(2) Royal Favor: Draw a card."),
    (
        Ability(AbilityCost((("gold", 1), ("favor", 3))), Draw(1)),
        "(1)G(3) Royal Favor: Draw a card.",
    ),
    (KeywordUse("transport", (2,)), "Transport(2)."),
    (KeywordUse("produces", (2, "x")), "Produces(2/x)."),
    (Sequence((KeywordUse("walled"), Draw(1))), "Walled. Draw a card."),
    (And((Gain((("favor", 2),)), Draw(1))), "Gain 2 Royal Favor and draw a card."),
    (Then((Draw(1), Discard(1))), "Draw a card, then discard a card."),
    (Choice((Gain((("gold", 2),)), Gain((("favor", 3),)))), "Gain 2 Gold or 3 Royal Favor."),
    (Choice((Gain((("gold", 3),)), Draw(1))), "Gain 3 Gold or draw a card."),
    (Choice((Draw(1), Gain((("gold", 3),)))), "Draw a card or gain 3 Gold."),
    (
        Conditional(InPlay("relic", 2), And((Gain((("favor", 4),)), Draw(1)))),
        "If you have two or more relics in play, gain 4 Royal Favor and draw a card.",
    ),
    (Conditional(InPlay("ally"), Draw(1)), "If you have an ally in play, draw a card."),
    (
        Conditional(InPlay("unit", 12), Draw(1)),
        "If you have 12 or more units in play, draw a card.",
    ),
    (
        Sequence((BanishCards(1, ("hand",), optional=True), Conditional(IfYouDo(), Draw(1)))),
        "You may scrap a card in your hand. If you do, draw a card.",
    ),
    (
        Special("return", "at the end of this turn, put this card into your discard pile"),
        "At the end of this turn, put this card into your discard pile.",
    ),
    (PutInto(("relic",), "hand", "trade-row"), "Put a relic from your hand into the trade row."),
    (
        PutInto(None, "trade-row", "discard"),
        "Put this card from the trade row into your discard pile.",
    ),
    (
        AtEndOf(PutInto(None, "trade-row", "hand"), this_turn=True),
        "At the end of this turn, put this card from the trade row into your hand.",
    ),
    (
        AtEndOf(And((Draw(1), Discard(1))), duration="round"),
        "At the end of this round, draw a card and discard a card.",
    ),
    (
        PutBackIntoPlay("unit", duration="battle"),
        "Put the unit just destroyed in this battle back into play.",
    ),
    (
        PutBackIntoPlay("relic", this_turn=True),
        "Put the relic just destroyed this turn back into play.",
    ),
    (PutBackIntoPlay("ally"), "Put the ally just destroyed back into play."),
    (
        MoveCards(
            ("unit",), Place("relic", controlled=True), Place("relic", True, True), yours=True
        ),
        "Move any number of your units from target relic you control to an adjacent relic you "
        "control.",
    ),
    (
        MoveCards((), Place("relic"), Place("ally", adjacent=True), 1),
        "Move a card from target relic to an adjacent ally.",
    ),
    (
        MoveCards(("unit", "ally"), Place("relic"), Place("relic"), 3),
        "Move 3 units or allies from target relic to target relic.",
    ),
    (
        RemoveCounters("gold", 3, "relic", each=True, each_player=True),
        "Each player removes 3 Gold counters from each card at target relic.",
    ),
    (RemoveCounters("favor", 1, "unit"), "Remove 1 Royal Favor counter from target unit."),
    (EndSpan(duration="battle", immediately=True), "End this battle immediately."),
    (EndSpan(this_turn=True), "End this turn."),
    (DrawKind("unit"), "Draw a unit."),
    (DrawKind("ally", 2), "Draw 2 allies."),
    (Joins(duration="battle"), "It joins this battle."),
    (
        MakeAttack("force", 2, "unit", each=True, duration="round"),
        "Make a Force 2 attack against each enemy unit this round.",
    ),
    (MakeAttack("attack", 3, "relic"), "Make an Attack 3 attack against target relic."),
    (
        MayBeTargeted("unit", "walled", "relic"),
        "Enemy Walled units at this relic may be targeted.",
    ),
    (MayBeTargeted("ally"), "Enemy allies may be targeted."),
    (
        MoveWithout("unit", "relic", "transport"),
        "This unit may move between relics without a Transport.",
    ),
    (PlayOnlyDuring("battle", opponents=True), "Play only during your opponent's battle."),
    (PlayOnlyDuring(), "Play only during your turn."),
    (
        ReplaceAll("relic", 3, "era"),
        "Replace all three relics with three relics of another era.",
    ),
    (
        ReplaceAll("unit", 12, "home_world"),
        "Replace all 12 units with 12 units of another home world.",
    ),
    (Ability(Primary(), Draw(1)), "Draw a card."),
    (Ability(OnBanish(), Gain((("gold", 3),))), "Scrap: Gain 3 Gold."),
    (Ability(Bond("red-guild"), Draw(1)), "Red Guild Ally: Draw a card."),
    (Ability(Bond("red-guild", double=True), Draw(2)), "Double Red Guild Ally: Draw 2 cards."),
]


@pytest.mark.parametrize(("value", "text"), CANONICAL, ids=[t for _, t in CANONICAL])
def test_each_effect_renders_its_canonical_card_wording(value: Node, text: str) -> None:
    assert value.text(VOCAB) == text


def test_str_uses_the_vocabulary_captured_in_the_value() -> None:
    assert str(Gain((("favor", 2),), vocab=VOCAB)) == "Gain 2 Royal Favor."


def test_str_without_a_vocabulary_shows_ids() -> None:
    assert str(Ability(Bond("red-guild"), Gain((("gold", 2),)))) == "red-guild: Gain 2 gold."


def test_equality_and_hash_ignore_position_and_vocabulary() -> None:
    a = Draw(2, pos=Pos(1, 1), vocab=VOCAB)
    b = Draw(2)
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_effects_are_frozen_and_slotted() -> None:
    draw = Draw(1)
    with pytest.raises(AttributeError):
        draw.n = 2  # type: ignore[misc]
    assert not hasattr(draw, "__dict__")


INVALID: list[tuple[str, object]] = [
    ("gain needs at least one amount", lambda: Gain(())),
    ("at least 0", lambda: Gain((("gold", -1),))),
    ("cards to draw must be a whole number of at least 1", lambda: Draw(0)),
    ("at least 1", lambda: Discard(0)),
    ("a zone must be an id, not ''", lambda: BanishCards(1, ("",))),
    ("zones must be distinct", lambda: BanishCards(1, ("hand", "hand"))),
    ("a zone must be an id, not None", lambda: AcquireFree(3, (), None)),  # type: ignore[arg-type]
    ("card types must be distinct", lambda: CopyAnother(("unit", "unit"))),
    ("joins at least two clauses", lambda: And((Draw(1),))),
    ("joins single clauses", lambda: Choice((Draw(1), And((Draw(1), Draw(2)))))),  # type: ignore[arg-type]
    ("governs one chain", lambda: Conditional(IfYouDo(), Sequence((Draw(1), Draw(2))))),  # type: ignore[arg-type]
    ("at least two sentences", lambda: Sequence((Draw(1),))),
    ("a sequence holds sentences", lambda: Sequence((Draw(1), Sequence((Draw(1), Draw(2)))))),  # type: ignore[arg-type]
    ("repeats a gain or a draw", lambda: ForEach(Discard(1), DiscardedThisWay())),  # type: ignore[arg-type]
    ("cards in play", lambda: InPlay("unit", 0)),
    ("a keyword must be an id", lambda: KeywordUse("")),
    ("cannot be written '2'", lambda: KeywordUse("transport", ("2",))),
    ("cannot be written 'a/b'", lambda: KeywordUse("produces", ("a/b",))),
    ("cannot be written ' x'", lambda: KeywordUse("transport", (" x",))),
    ("a keyword's number", lambda: KeywordUse("transport", (-1,))),
    ("a number or words", lambda: KeywordUse("transport", (True,))),
    ("written as printed", lambda: CreateCard(" Spark")),
    ("cannot hold quotes", lambda: CreateCard('Sp"ark')),
    ("cards to create", lambda: CreateCard("Spark", 0)),
    ("an amount of damage", lambda: DealDamage(0, "unit")),
    ("a die's sides", lambda: DealDamage(1, "unit", 1)),
    ("an ability cost needs", lambda: AbilityCost(())),
    ("granted to a card type id", lambda: GrantKeyword("", KeywordUse("walled"))),
    ("other than 0", lambda: ModifyStat("unit", "attack", 0)),
    ("unknown scope 'all'", lambda: ModifyStat("unit", "attack", 1, "all")),  # type: ignore[arg-type]
    ("a stat must be a field name", lambda: ModifyStat("unit", " attack", 1)),
    ("what is granted is a keyword", lambda: GrantKeyword("unit", Draw(1))),  # type: ignore[arg-type]
    (
        "a span must be an id, not ' game'",
        lambda: ModifyStat("unit", "attack", 1, duration=" game"),
    ),
    ("this turn or this battle, not both", lambda: Cannot("unit", "attack", True, "battle")),
    ("narrows a target card", lambda: ModifyStat("unit", "attack", 1, "your", state="blocking")),
    ("narrows a target card, not 'resting'", lambda: ModifyStat("unit", "a", 1, state="resting")),
    ("unknown action 'fly'", lambda: Cannot("unit", "fly")),
    ("a stat's new value", lambda: SetStat("unit", "range", -1)),
    ("a stat must be a field name", lambda: SetStat("unit", "")),
    ("a keyword must be an id", lambda: Reveal("")),
    ("cards are revealed at a card type id", lambda: Reveal("walled", "")),
    ("a keyword must be an id, not ''", lambda: TakeControl("unit", "")),
    ("control is taken of a card type id", lambda: TakeControl("")),
    ("put into play at a card type id", lambda: PutIntoPlay((), "hand", "")),
    ("a zone must be an id", lambda: PutIntoPlay((), "")),
    ("at least one card type", lambda: OpponentDiscardsKinds(2, ())),
    ("not back into 'hand'", lambda: PutInto(None, "hand", "hand")),
    ("a zone must be an id", lambda: PutInto(None, "", "hand")),
    ("card types must be distinct", lambda: PutInto(("unit", "unit"), "hand", "discard")),
    ("a delayed trigger needs 'this turn' or a span", lambda: AtEndOf(Draw(1))),
    ("a delayed trigger does one chain", lambda: AtEndOf(Sequence((Draw(1), Draw(2))), True)),  # type: ignore[arg-type]
    ("a card put back into play is of", lambda: PutBackIntoPlay("")),
    ("this turn or this battle, not both", lambda: PutBackIntoPlay("unit", True, "battle")),
    ("a place is a card of", lambda: Place("")),
    ("cards move between places", lambda: MoveCards((), Draw(1), Place("relic"))),  # type: ignore[arg-type]
    ("cards move from a target card", lambda: MoveCards((), Place("a", True), Place("a"))),
    ("the number of cards to move", lambda: MoveCards((), Place("a"), Place("a"), 0)),
    ("'your' narrows 'any number of'", lambda: MoveCards((), Place("a"), Place("a"), 2, True)),
    ("a resource must be an id", lambda: RemoveCounters("", 1, "relic")),
    ("counters to remove", lambda: RemoveCounters("gold", 0, "relic")),
    ("counters are removed from", lambda: RemoveCounters("gold", 1, "")),
    ("ending needs 'this turn' or a span", lambda: EndSpan()),
    ("cards drawn are of", lambda: DrawKind("")),
    ("the number of cards to draw", lambda: DrawKind("unit", 0)),
    ("joining needs 'this turn' or a span", lambda: Joins()),
    ("a stat must be a field name", lambda: MakeAttack(" force", 2, "unit")),
    ("an attack's strength", lambda: MakeAttack("force", -1, "unit")),
    ("an attack is made against", lambda: MakeAttack("force", 1, "")),
    ("cards that may be targeted are of", lambda: MayBeTargeted("")),
    ("a keyword must be an id", lambda: MayBeTargeted("unit", "")),
    ("cards may be targeted at", lambda: MayBeTargeted("unit", None, "")),
    ("a card that moves is of", lambda: MoveWithout("", "relic", "transport")),
    ("cards move between cards of", lambda: MoveWithout("unit", "", "transport")),
    ("a keyword must be an id", lambda: MoveWithout("unit", "relic", "")),
    ("a span must be an id, not ' battle'", lambda: PlayOnlyDuring(" battle")),
    ("cards replaced are of", lambda: ReplaceAll("", 3, "era")),
    ("the number of cards to replace", lambda: ReplaceAll("relic", 0, "era")),
    ("a field must be a field name", lambda: ReplaceAll("relic", 3, "")),
    ("cards to discard", lambda: OpponentDiscardsKinds(0, ("unit",))),
]


# Values of a type the field does not declare: compiled with mypyc (the installed package),
# the field itself refuses them (TypeError) before the checks of __post_init__ could.
WRONG_TYPE = frozenset(
    {
        "a zone must be an id, not None",
        "repeats a gain or a draw",
        "what is granted is a keyword",
        "a delayed trigger does one chain",
        "cards move between places",
    }
)
COMPILED = not str(effects.node.__file__).endswith(".py")


@pytest.mark.parametrize(("message", "make"), INVALID, ids=[m for m, _ in INVALID])
def test_values_that_no_card_text_could_say_are_refused(message: str, make: object) -> None:
    if COMPILED and message in WRONG_TYPE:
        with pytest.raises(TypeError, match="object expected"):
            make()  # type: ignore[operator]
        return
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_every_value_of_a_type_its_field_does_not_declare_is_in_the_list() -> None:
    assert {message for message, _ in INVALID} >= WRONG_TYPE


def test_every_effect_class_is_covered_by_the_canonical_table() -> None:
    covered = {type(value) for value, _ in CANONICAL}
    for value, _ in CANONICAL:
        for child in _children(value):
            covered.add(type(child))
    assert set(EFFECTS) - covered == set()


def test_the_table_of_effects_lists_every_effect_class_of_the_module() -> None:
    defined = {
        value
        for value in vars(effects).values()
        if isinstance(value, type) and issubclass(value, Effect) and value not in (Effect, Clause)
    }
    assert defined == set(EFFECTS)


def _children(value: Node) -> list[Node]:
    found: list[Node] = []
    for name in getattr(value, "__dataclass_fields__", {}):
        child = getattr(value, name)
        items = child if isinstance(child, tuple) else (child,)
        for item in items:
            if isinstance(item, Node):
                found += [item, *_children(item)]
    return found

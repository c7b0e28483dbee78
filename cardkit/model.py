"""Frozen values for a game's vocabulary and its cards. No I/O here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NewType, TypeAlias

from cardkit.diagnostics import Diagnostic, Location, PathKey, SourceMap

CardId = NewType("CardId", str)
GameId = NewType("GameId", str)
CardName = NewType("CardName", str)
"""The name (or id) of another card, as a field or an effect names it. A dataclass field of an
effect typed ``CardName`` (or a tuple of them) is checked to name a card of the set (CK130)."""

Scalar: TypeAlias = int | float | str | bool | None
"""One plain value of YAML or a spreadsheet cell: a number, text, true or false, or nothing."""

FieldValue: TypeAlias = Scalar | Sequence["FieldValue"] | Mapping[str, "FieldValue"]
"""A value the card schema admits in a card field (and game.yaml in a field's default): a
scalar, or a list or mapping of field values. A list is read as any ``Sequence``, so test
``str`` before it."""

# Fields every card has, whatever the game; a game may not redeclare them.
CORE_FIELDS: tuple[str, ...] = (
    "id",
    "name",
    "type",
    "faction",
    "deck",
    "count",
    "text",
    "flavor",
    "art",
    "tags",
    "suppress",
    "notes",
)


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One field a card type declares: its kind, whether it is required, its limits."""

    name: str
    kind: str
    required: bool = False
    default: FieldValue = None
    minimum: float | None = None
    maximum: float | None = None
    values: tuple[str, ...] = ()
    items: FieldSpec | None = None
    fields: tuple[FieldSpec, ...] = ()
    max_length: int | None = None
    description: str = ""
    names: tuple[tuple[str, str], ...] = ()  # enum values' display names, (value, name)

    def value_name(self, value: str) -> str | None:
        """The display name game.yaml gives enum ``value``; None when it gives none."""
        return dict(self.names).get(value)

    def value_words(self, value: str) -> str:
        """Enum ``value`` as printed: the name game.yaml gives it, else its id as words
        ('crew-member' -> 'Crew member')."""
        named = self.value_name(value)
        if named is not None:
            return named
        words = " ".join(word for word in value.replace("_", "-").split("-") if word)
        return words[:1].upper() + words[1:]


@dataclass(frozen=True, slots=True)
class CardType:
    id: str
    name: str
    fields: tuple[FieldSpec, ...]
    faction: str = "optional"  # "required", "optional" or "forbidden"
    size: str = "poker"
    back: str | None = None
    deck: str | None = None
    description: str = ""
    layout: str | None = None  # the layout of the fronts; None: by type id, size, else 'card'
    back_by: str | None = None  # the field whose value names a card's back, or its other face
    plural: str = ""  # the plural rules text writes ('infantry'); '' for the English rule
    color: str | None = None  # the frame of its cards that no faction colours ('#rrggbb')

    def field(self, name: str) -> FieldSpec | None:
        for spec in self.fields:
            if spec.name == name:
                return spec
        return None


@dataclass(frozen=True, slots=True)
class Named:
    """A faction, resource or similar entry of a game's vocabulary."""

    id: str
    name: str
    color: str | None = None
    icon: str | None = None
    description: str = ""
    back: str | None = None  # factions: the back of their cards, after deck and card type
    symbol: str | None = None  # a resource's short form in ability costs: "(2)P: ..."
    singular: str | None = None  # a resource's name for one of it: "1 credit" ("2 credits")

    def amount(self, written: str) -> str:
        """An amount of this resource as printed: '2 Coins', '1 Coin' (its singular, where
        the game declares one), ``written`` being the number as printed."""
        return f"{written} {self.unit(written)}"

    def unit(self, written: str) -> str:
        """The resource's name after the amount ``written``: its singular after '1'."""
        return self.singular if written == "1" and self.singular else self.name


@dataclass(frozen=True, slots=True)
class KeywordParam:
    name: str
    kind: str
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class Keyword:
    id: str
    name: str
    params: tuple[KeywordParam, ...] = ()
    reminder: str = ""
    # What the keyword stands for on a card (rules-text checks, CK105-CK107): the card types
    # it may appear on (empty: any), the boolean field it stands for, and whether a card
    # whose field is true must also write the keyword in its text.
    card_types: tuple[str, ...] = ()
    field: str | None = None
    text_required: bool = False


@dataclass(frozen=True, slots=True)
class Zone:
    """A place rules text names: 'your hand', or (shared by all players) 'the row'."""

    id: str
    name: str
    shared: bool = False
    description: str = ""


@dataclass(frozen=True, slots=True)
class Span:
    """A span of time besides the turn that rules text may name: 'this battle', 'this round'."""

    id: str
    name: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Bounds:
    """A count that must be exact, or lie between a minimum and a maximum."""

    minimum: int | None = None
    maximum: int | None = None

    def admits(self, value: int) -> bool:
        low_ok = self.minimum is None or value >= self.minimum
        high_ok = self.maximum is None or value <= self.maximum
        return low_ok and high_ok

    def __str__(self) -> str:
        if self.minimum is not None and self.minimum == self.maximum:
            return f"exactly {self.minimum}"
        if self.maximum is None:
            return f"at least {self.minimum}"
        if self.minimum is None:
            return f"at most {self.maximum}"
        return f"between {self.minimum} and {self.maximum}"


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: str
    size: Bounds | None = None
    per_faction: Bounds | None = None
    back: str | None = None
    description: str = ""
    card_size: str | None = None  # the size of the deck's cards, over their type's size


@dataclass(frozen=True, slots=True)
class Icon:
    """An icon a game declares: its file (relative to the game folder) and the words of rules
    text it is drawn before."""

    id: str
    file: str
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Back:
    """A card back a game declares (``backs:``): its colour, a picture (a file of the game
    folder) drawn over it, and its words (None: the game's name)."""

    id: str
    color: str | None = None
    image: str | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class FontFiles:
    """A font family a game declares (``fonts:``): a TTF or OTF file of the game folder per
    face; a face not given is drawn in the nearest one the family has."""

    id: str
    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


@dataclass(frozen=True, slots=True)
class Constraint:
    """A condition a game declares over its whole card set (``constraints:``), as written;
    ``cardkit.rules.constraints`` checks its names and the cards. ``rule`` is ``covered``
    (the one rule so far): each card of type ``each`` is met by a team of at most ``team``
    cards of type ``by`` whose ``fields`` add up to its own values."""

    id: str
    rule: str
    each: str
    by: str
    fields: tuple[str, ...]
    team: int = 1
    description: str = ""


@dataclass(frozen=True, slots=True)
class ValuePattern:
    """A pattern of a spreadsheet column's values ("{n} Outpost") and the fields a cell that
    matches it sets ({defense: "{n}", outpost: true})."""

    text: str  # as game.yaml writes it
    texts: tuple[str, ...]  # the text before, between and after the slots (one more than slots)
    slots: tuple[str, ...]
    fields: Mapping[str, FieldValue]


@dataclass(frozen=True, slots=True)
class SpreadsheetMapping:
    """How the columns of a designer's spreadsheet become card fields."""

    columns: tuple[tuple[str, str], ...] = ()  # (header, field)
    optional: frozenset[str] = frozenset()
    # field -> cell value -> the fields it sets; and field -> the patterns its cells may match
    values: Mapping[str, Mapping[str, Mapping[str, FieldValue]]] = field(default_factory=dict)
    sheet: str | tuple[str, ...] | None = None  # one sheet of a workbook, or several
    patterns: Mapping[str, tuple[ValuePattern, ...]] = field(default_factory=dict)
    unread: frozenset[str] = frozenset()  # columns mapped to null: not read, on purpose


@dataclass(frozen=True, slots=True)
class VerbSpec:
    """A verb of the game's own for a core move ('phrasing: verbs'): "trash" moves cards to
    the zone ``to`` (from ``source``, when the verb says where from)."""

    words: str
    to: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class LabelSpec:
    """An ability label ('phrasing: labels'): the words before the colon, with slots, and what
    they mean: '' (a plain label), 'ally' (another card of the faction is in play, ``count``
    of them), or 'cost' (the ability's cost, ``cost`` in core words: "Scrap this card")."""

    key: str
    text: str
    means: str = ""
    count: int = 1
    cost: str = ""


@dataclass(frozen=True, slots=True)
class Phrasing:
    """How the game's rules text is worded beyond the core grammar (game.yaml 'phrasing')."""

    verbs: Mapping[str, VerbSpec] = field(default_factory=dict)
    labels: tuple[LabelSpec, ...] = ()
    shorthand: Mapping[str, str] = field(default_factory=dict)  # form -> core sentence
    phrases: Mapping[str, str] = field(default_factory=dict)  # key -> sentence with slots
    cost_symbols: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # id -> names
    plurals: Mapping[str, str] = field(default_factory=dict)  # noun -> its plural
    nouns: tuple[str, ...] = ()  # subtypes and traits rules text names cards by ("Elf")
    sides: tuple[str, ...] = ()  # the sides named as players ("the Diver", "the heroes")
    adjectives: tuple[str, ...] = ()  # the game's own words before cards ("rezzed")
    all_factions: str = ""  # the sentence that makes a card an ally of every faction


@dataclass(frozen=True)
class Game:
    """A game's vocabulary, read from its game.yaml."""

    id: GameId
    name: str
    root: Path
    card_types: Mapping[str, CardType]
    factions: Mapping[str, Named]
    resources: Mapping[str, Named]
    keywords: Mapping[str, Keyword]
    decks: Mapping[str, Deck]
    sizes: Mapping[str, tuple[str, str]]  # (width, height) of the built-in sizes and its own
    backs: Mapping[str, Back]
    spreadsheet: SpreadsheetMapping
    source: SourceMap  # where each value of game.yaml was written, for diagnostics
    description: str = ""
    zones: Mapping[str, Zone] = field(default_factory=dict)
    icons: Mapping[str, Icon] = field(default_factory=dict)
    deck_rules: DeckRules = field(default_factory=lambda: DeckRules())
    sheets: tuple[Sheet, ...] = ()  # reference sheets, in the order the game declares them
    sheets_file: str | None = None  # the file of sheets game.yaml names (not a card file)
    play: PlaySetup | None = None  # how to play it (``play:``), for the simulator
    # what is wrong with ``play:`` (then ``play`` is None, but when only card names are wrong):
    # errors of ``validate`` and ``sim``, which reads it; ``build`` and ``rulebook`` do not
    play_problems: tuple[Diagnostic, ...] = ()
    spans: Mapping[str, Span] = field(default_factory=dict)  # 'this <span>' besides the turn
    special_effects: Mapping[str, str] = field(default_factory=dict)  # key -> its sentence
    card_groups: Mapping[str, CardGroup] = field(default_factory=dict)  # 'unit': several types
    phrasing: Phrasing = field(default_factory=lambda: Phrasing())  # 'phrasing:' of game.yaml
    own_sizes: frozenset[str] = frozenset()  # the keys of ``sizes`` that game.yaml declares
    # ``rulebook: sections:``: the reference sections to print, in order (None: all of them)
    rulebook_sections: tuple[str, ...] | None = None
    constraints: tuple[Constraint, ...] = ()  # in the order game.yaml declares them
    fonts: Mapping[str, FontFiles] = field(default_factory=dict)  # by the id layouts name


@dataclass(frozen=True)
class Card:
    """One card as the designer wrote it, with where each of its values came from."""

    id: CardId
    name: str
    type: str
    factions: tuple[str, ...]
    deck: str | None
    count: int
    text: str
    values: Mapping[str, FieldValue]
    source: SourceMap
    path: PathKey = ()

    def get(self, name: str, default: FieldValue = None) -> FieldValue:
        return self.values.get(name, default)

    def integer(self, name: str) -> int | None:
        """The field's value when it is a whole number (not true or false), else None."""
        value = self.values.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def number(self, name: str) -> float | None:
        """The field's value when it is a number (not true or false), else None."""
        value = self.values.get(name)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        return None

    def strings(self, name: str) -> tuple[str, ...]:
        """The items of a list field (tags, suppress) as text, in order; () for no list."""
        value = self.values.get(name)
        if isinstance(value, str) or not isinstance(value, Sequence):
            return ()
        return tuple(str(item) for item in value)

    def location(self, *where: str | int, key: bool = False) -> Location:
        """Where a field of this card (or the card itself, with no argument) was written."""
        return self.source.at((*self.path, *where), key=key)


@dataclass(frozen=True)
class CardSet:
    """A game and every card loaded for it."""

    game: Game
    cards: tuple[Card, ...]
    files: tuple[str, ...]
    copies_read: int = 0
    # Names and ids of every card read, those that failed to load included: a card that
    # names one of them is not reported as naming a card that does not exist.
    names_read: frozenset[str] = frozenset()
    # Cards read with errors in their fields, holding only the fields without errors: not
    # part of the set (never printed, counted or costed), but their rules text and suppress
    # list are still checked (``cardkit.rules.check.TEXT_CHECKS``), so one run tells all.
    flawed: tuple[Card, ...] = ()

    @property
    def total_copies(self) -> int:
        """Copies of the cards that loaded without error."""
        return sum(card.count for card in self.cards)


# -- deck rules (game.yaml ``deck_rules``) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCount:
    """A number known only at play time that deck-size formulas may name (planets placed)."""

    id: str
    minimum: int
    maximum: int
    description: str = ""


@dataclass(frozen=True, slots=True)
class SizeRule:
    """``of`` (a formula over deck ids and play counts) must lie between two formulas.

    Formulas are kept as written; ``cardkit.rules.formula`` parses them.
    """

    of: str | int
    minimum: str | int | None = None
    maximum: str | int | None = None
    description: str = ""
    equals: bool = False  # written as ``equals`` (minimum and maximum), not ``min``/``max``


@dataclass(frozen=True, slots=True)
class CopyLimit:
    """At most ``maximum`` copies of a card in a deck, for the cards a field or tag marks.

    ``field``: a card field that marks the card when true, or when it holds one of ``values``;
    ``tag``: a tag that marks it; neither: every card. ``per`` groups copies: ``card`` (one
    card), ``name`` (every card of the same name: heroes) or a field name. ``decks``: decks
    counted together (none: each deck on its own).
    """

    name: str
    maximum: int
    field: str | None = None
    tag: str | None = None
    per: str = "card"
    decks: tuple[str, ...] = ()
    description: str = ""
    values: tuple[Scalar, ...] = ()  # with ``field``: the values that mark a card (set: promo)


@dataclass(frozen=True, slots=True)
class DeckRules:
    counts: Mapping[str, PlayCount] = field(default_factory=dict)
    sizes: tuple[SizeRule, ...] = ()
    limits: tuple[CopyLimit, ...] = ()


# -- reference sheets (cardkit rulebook) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetColumn:
    """A column of a sheet computed from cards: the card field it shows, under a title."""

    field: str
    title: str


@dataclass(frozen=True, slots=True)
class SheetFilter:
    """Cards whose ``field`` holds one of ``values`` (for a list field: contains one)."""

    field: str
    values: tuple[Scalar, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A reference sheet a game declares: a table that is rules (``rows`` given), or one
    computed from the cards (``columns`` of the cards that pass every filter in ``where``,
    grouped by ``group_by``, sorted by ``sort``; ``total`` adds a row that sums the copies
    columns, or every numeric column when there is none)."""

    id: str
    title: str
    description: str = ""
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[Scalar, ...], ...] = ()
    columns: tuple[SheetColumn, ...] = ()
    where: tuple[SheetFilter, ...] = ()
    group_by: str | None = None
    sort: tuple[str, ...] = ("name",)
    total: bool = False
    location: Location | None = None  # where the sheet is declared

    @property
    def from_cards(self) -> bool:
        return bool(self.columns)


# -- how a game is played (the simulator's setup) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One seat's own setup (``play: seats:``, in turn order): what it leaves out (None) is
    the game's."""

    hand: int | None = None  # the opening hand
    life: int | None = None  # the starting life
    starting_deck: tuple[tuple[str, int], ...] | None = None  # (card id, copies)


@dataclass(frozen=True, slots=True)
class PlayZones:
    """The zone ids (game.yaml ``zones``) the simulator plays its roles with: a player's hand
    and discard pile, and the market row cards are acquired from (``play: zones:``)."""

    hand: str = "hand"
    discard: str = "discard"
    market: str = "market"


@dataclass(frozen=True, slots=True)
class PlaySetup:
    """How to set up and play a game of the deck-building family, from ``play:`` in game.yaml.

    Resources, card types, decks and fields are named by id; card ids (the starting deck and
    the pile) are checked against the cards when a simulation starts.
    """

    players: int = 2  # 2 to 6
    life: str = ""  # the resource that is a player's life (Authority); '' when none
    starting_life: int = 0
    acquire_with: str = ""  # the resource spent to acquire cards (Trade, Coins)
    attack_with: str = ""  # the resource spent to attack (Combat); '' when none
    cost_field: str = "cost"
    starting_deck: tuple[tuple[str, int], ...] = ()  # (card id, copies per player)
    hand_size: int = 5
    first_hand_size: int = 5
    market_deck: str = ""  # the deck the market row is dealt from ('' when no market row)
    market_size: int = 0
    pile: str | None = None  # the card always available to acquire (Explorer)
    pile_count: int | None = None  # copies in the pile (default: the card's count)
    base_types: tuple[str, ...] = ()  # card types that stay in play (bases)
    defense_field: str = "defense"
    guard_field: str = "guard"  # true on a base that must fall first
    max_turns: int = 200  # a game still running after this many turns is a draw
    zones: PlayZones = field(default_factory=PlayZones)  # the zone ids of the sim's roles
    specials: tuple[tuple[str, str], ...] = ()  # (special effect key, engine deed)
    supply: tuple[tuple[str, int], ...] = ()  # (card id, pile size): piles named one by one
    supply_decks: tuple[str, ...] = ()  # decks whose every card is a supply pile
    supply_size: int = 0  # the size of those piles (0: each card's count)
    points_field: str = ""  # the card field of victory points ('' when points do not count)
    win: str = "life"  # 'life' (the last with life), 'points' (the most when the game ends)
    target: int = 0  # with win 'points': the first to this many points wins (0: none)
    empty_piles: int = 0  # the game ends when this many supply piles are empty (0: never)
    end_pile: str | None = None  # ... or when this pile is empty
    end_rounds: int = 0  # ... or after this many turns of every player (0: never)
    actions: str = ""  # the resource that counts the Action cards a player may still play
    actions_start: int = 1  # ... and how many a turn starts with
    buys: str = ""  # the resource that counts the cards a player may still buy
    buys_start: int = 1
    free_types: tuple[str, ...] = ()  # card types played without an action (Treasures)
    curse: str | None = None  # the card 'each other player gains a curse' gives
    seats: tuple[SeatSetup, ...] = ()  # per seat in turn order (a handicap, a sweep of decks)
    format: str = "free-for-all"  # more than two players on life: 'free-for-all' or 'hunter'

    def opening_hand(self, seat: int) -> int:
        """The number of cards seat ``seat`` (0 moves first) draws before its first turn."""
        own = self.seats[seat].hand if seat < len(self.seats) else None
        if own is not None:
            return own
        return self.first_hand_size if seat == 0 else self.hand_size

    def seat_life(self, seat: int) -> int:
        own = self.seats[seat].life if seat < len(self.seats) else None
        return self.starting_life if own is None else own

    def seat_deck(self, seat: int) -> tuple[tuple[str, int], ...]:
        own = self.seats[seat].starting_deck if seat < len(self.seats) else None
        return self.starting_deck if own is None else own


@dataclass(frozen=True, slots=True)
class CardGroup:
    """A name rules text uses for several card types at once: 'unit' for infantry, mechs,
    ships and locations ('Target blocking unit gets +3 defense')."""

    id: str
    name: str
    card_types: tuple[str, ...]
    plural: str = ""  # as CardType.plural
    description: str = ""

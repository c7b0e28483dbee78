"""The words of one game that rules text may use: its resources, factions and card types.

Effects store ids; a ``Vocabulary`` turns ids into the names printed on cards, and is what
the grammar's game-specific terminals are generated from. It is a plain value (tuples,
compared by content), so parsers can be cached per vocabulary rather than per ``Game``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from cardkit.frozen import Reduced, reduced
from cardkit.inflect import plural_noun
from cardkit.model import Game, Named, Span


def inflect(words: str) -> tuple[str, str]:
    """A declared verb's forms after "each player" and after "is": 'trash' -> ('trashes',
    'trashed'); of several words the first is inflected ('set aside' -> 'sets aside')."""
    first, _, rest = words.partition(" ")
    tail = f" {rest}" if rest else ""
    lower = first.lower()
    if re.search(r"(?:s|x|z|ch|sh)$", lower):
        s_form = first + "es"
    elif re.search(r"[^aeiou]y$", lower):
        s_form = first[:-1] + "ies"
    else:
        s_form = first + "s"
    if lower.endswith("e"):
        ed = first + "d"
    elif re.search(r"[^aeiou]y$", lower):
        ed = first[:-1] + "ied"
    elif re.search(r"(?:^|[^aeiou])[aeiou][bdgmnpt]$", lower) and len(lower) <= 5:
        ed = first + first[-1] + "ed"
    else:
        ed = first + "ed"
    return s_form + tail, ed + tail


def _noun_plural(noun: str, plurals: Mapping[str, str]) -> str:
    """A declared noun's plural: as 'plurals' gives it (any case), else the English rule."""
    folded = {" ".join(key.split()).casefold(): value for key, value in plurals.items()}
    return folded.get(noun.casefold()) or plural_noun(noun)


def _pairs(table: Mapping[str, Named] | Mapping[str, Span]) -> tuple[tuple[str, str], ...]:
    return tuple((key, entry.name) for key, entry in table.items())


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """(id, display name) pairs for a game's resources, factions, card types and keywords."""

    resources: tuple[tuple[str, str], ...] = ()
    factions: tuple[tuple[str, str], ...] = ()
    card_types: tuple[tuple[str, str], ...] = ()
    keywords: tuple[tuple[str, str], ...] = ()
    zones: tuple[tuple[str, str, str], ...] = ()
    """(id, owner word, name): ('hand', 'your', 'hand'), ('trade-row', 'the', 'trade row')."""
    symbols: tuple[tuple[str, str], ...] = ()
    """(resource id, symbol): the short forms ability costs write, ('population', 'P')."""
    stats: tuple[str, ...] = ()
    """The whole-number card fields effects may change ('attack', 'force'), as text writes them."""
    spans: tuple[tuple[str, str], ...] = ()
    """(id, name): the spans besides the turn that 'this <name>' names, ('battle', 'battle')."""
    specials: tuple[tuple[str, str], ...] = ()
    """(key, words): the game's one-off effects, each a whole clause ('end-battle', ...)."""
    plurals: tuple[tuple[str, str], ...] = ()
    """(card type id, plural): the plurals a game declares where the English rule would not
    do ('infantry'); every other card type's plural is ``plural`` of its name."""
    groups: tuple[tuple[str, str], ...] = ()
    """(id, name): names for several card types at once ('unit'), which text writes where it
    writes a card type."""
    properties: tuple[str, ...] = ()
    """The enum card fields text may name as a property cards differ in ('world')."""
    singulars: tuple[tuple[str, str], ...] = ()
    """(resource id, singular): "1 credit" where the name is "Credits"."""
    verbs: tuple[tuple[str, str, str], ...] = ()
    """(words, to zone id, from zone id): the game's verbs for core moves ("trash")."""
    labels: tuple[tuple[str, str, str, int, str], ...] = ()
    """(key, text with slots, meaning, count, cost): the game's ability labels."""
    phrases: tuple[tuple[str, str], ...] = ()
    """(key, sentence with slots): the game's own sentences ("Do {n} net damage")."""
    shorthand: tuple[tuple[str, str], ...] = ()
    """(form with slots, core sentence it means): "+{n} Cards" means "Draw {n} cards"."""
    cost_symbols: tuple[tuple[str, str, str], ...] = ()
    """(id, name, plural): the symbols ability costs write besides resources ("Click")."""
    all_factions: str = ""
    """The sentence that makes a card an ally of every faction, if the game has one."""
    nouns: tuple[tuple[str, str], ...] = ()
    """(noun, plural): the game's subtypes and traits that rules text names cards by."""
    sides: tuple[str, ...] = ()
    """The game's sides or roles, named as players are ("the Diver", "the heroes")."""
    adjectives: tuple[str, ...] = ()
    """The game's own words before cards, besides the core's English ones ("rezzed")."""
    icons: tuple[str, ...] = ()
    """The words the game draws icons before ('icons: ... words'): rules text names cards
    and icons by them ("each Gear icon", "a Leaf card")."""

    def __reduce__(self) -> Reduced:  # pickled the same compiled or not (cardkit.frozen)
        return reduced(self)

    @classmethod
    def of(cls, game: Game) -> Vocabulary:
        return cls(
            resources=_pairs(game.resources),
            factions=_pairs(game.factions),
            card_types=tuple((key, spec.name) for key, spec in game.card_types.items()),
            keywords=tuple((key, keyword.name) for key, keyword in game.keywords.items()),
            zones=tuple(
                (key, "the" if zone.shared else "your", zone.name)
                for key, zone in game.zones.items()
            ),
            symbols=tuple((key, r.symbol) for key, r in game.resources.items() if r.symbol),
            stats=_field_names(game, "integer"),
            spans=_pairs(game.spans),
            specials=tuple(game.special_effects.items()),
            plurals=(
                *((key, spec.plural) for key, spec in game.card_types.items() if spec.plural),
                *((key, group.plural) for key, group in game.card_groups.items() if group.plural),
            ),
            groups=tuple((key, group.name) for key, group in game.card_groups.items()),
            properties=_field_names(game, "enum"),
            singulars=tuple((key, r.singular) for key, r in game.resources.items() if r.singular),
            verbs=tuple(
                (verb.words, verb.to or "", verb.source or "")
                for verb in game.phrasing.verbs.values()
            ),
            labels=tuple(
                (label.key, label.text, label.means, label.count, label.cost)
                for label in game.phrasing.labels
            ),
            phrases=tuple(game.phrasing.phrases.items()),
            shorthand=tuple(game.phrasing.shorthand.items()),
            cost_symbols=tuple(
                (key, name, plural) for key, (name, plural) in game.phrasing.cost_symbols.items()
            ),
            all_factions=game.phrasing.all_factions,
            nouns=tuple(
                (noun, _noun_plural(noun, game.phrasing.plurals)) for noun in game.phrasing.nouns
            ),
            sides=game.phrasing.sides,
            adjectives=game.phrasing.adjectives,
            icons=tuple(word for icon in game.icons.values() for word in icon.words),
        )

    def side(self, words: str) -> str:
        """A side as the game writes it, with what follows its name ("the diver's" -> "the
        Diver's"); words naming no declared side are shown as they are."""
        folded = " ".join(words.split()).casefold()
        names = [" ".join(side.split()) for side in self.sides]
        for side in sorted([*names, *self.side_adjectives()], key=len, reverse=True):
            if folded == side.casefold() or folded.startswith(side.casefold() + "'"):
                return side + folded[len(side) :]
        return words

    def side_adjectives(self) -> tuple[str, ...]:
        """The sides' names without their article, as text writes them before cards ("an
        installed Runner card")."""
        bare = (" ".join(side.split()[1:]) for side in self.sides if side.split()[0] == "the")
        return tuple(name for name in bare if name)

    # An id the vocabulary does not hold is shown as the id itself: effects built by hand,
    # without a game, still print readably ("Gain 2 gold.").

    def resource(self, resource_id: str) -> str:
        return _lookup(self.resources, resource_id)

    def amount(self, resource_id: str, n: int) -> str:
        """'2 Trade', '1 credit' (a resource's singular, where the game declares one), '2
        Clicks' (a cost symbol)."""
        for key, name, plural in self.cost_symbols:
            if key == resource_id:
                return f"{n} {name if n == 1 else plural}"
        if n == 1:
            for key, singular in self.singulars:
                if key == resource_id:
                    return f"1 {singular}"
        return f"{n} {self.resource(resource_id)}"

    def label_text(self, means: str, count: int = 1) -> str | None:
        """The text of the game's label of a meaning ('bond', 'cost'), with its slots."""
        for _, text, meaning, times, _ in self.labels:
            if meaning == means and times == count:
                return text
        return None

    def removal_verb(self) -> str:
        """The verb of the game's cost label that removes the card ("Scrap this card"), else
        its verb that moves cards to a shared pile, else 'remove'."""
        for _, _, meaning, _, cost in self.labels:
            if meaning == "cost" and cost:
                return cost.split()[0].lower()
        # else the game's verb that moves cards to a shared pile no player draws from
        # (Dominion's "trash": {to: trash})
        shared = {key for key, owner, _ in self.zones if owner == "the"}
        for words, to, _ in self.verbs:
            if to in shared and to not in ("deck", "discard", "hand"):
                return words.split()[0].lower()
        return "remove"

    def faction(self, faction_id: str) -> str:
        return _lookup(self.factions, faction_id)

    def card_type(self, type_id: str) -> str:
        """The name of a card type (or group) as running text writes it: lowercase ('relic')."""
        return _lookup((*self.card_types, *self.groups), type_id).lower()

    def kinds(self) -> tuple[tuple[str, str], ...]:
        """(id, name) of every card type, then of every card group: what text may name."""
        return (*self.card_types, *self.groups)

    def card_types_plural(self, type_id: str) -> str:
        for key, name in self.plurals:
            if key == type_id:
                return name.lower()
        return plural_noun(self.card_type(type_id))

    def plural_names(self) -> tuple[tuple[str, str], ...]:
        """(id, plural as running text writes it) for every card type and card group."""
        return tuple((key, self.card_types_plural(key)) for key, _ in self.kinds())

    def keyword(self, keyword_id: str) -> str:
        return _lookup(self.keywords, keyword_id)

    def cost(self, resource_id: str, n: int) -> str:
        """An amount of a resource as an ability cost writes it: '(2)P', or '(2) Gold'."""
        for key, symbol in self.symbols:
            if key == resource_id:
                return f"({n}){symbol}"
        return f"({n}) {self.resource(resource_id)}"

    def span(self, span_id: str) -> str:
        """The name 'this <name>' writes for a span ('battle'); the id when not held."""
        return _lookup(self.spans, span_id)

    def shared(self, zone_id: str) -> bool:
        """Whether a zone is one for all players ('the trade row'), not one each."""
        return (self.zone(zone_id) or ("your", ""))[0] == "the"

    def zone(self, zone_id: str) -> tuple[str, str] | None:
        """A zone's owner word and name, ('your', 'discard pile'); None when not held."""
        for key, owner, name in self.zones:
            if key == zone_id:
                return owner, name
        return None


def _field_names(game: Game, kind: str) -> tuple[str, ...]:
    """The names of the card fields of a kind ('integer'), each once, as declared."""
    return tuple(
        dict.fromkeys(
            spec.name
            for card_type in game.card_types.values()
            for spec in card_type.fields
            if spec.kind == kind
        )
    )


def _lookup(pairs: tuple[tuple[str, str], ...], key: str) -> str:
    for candidate, name in pairs:
        if candidate == key:
            return name
    return key


NO_NAMES = Vocabulary()
"""The empty vocabulary: every id is shown as itself."""

"""The core moves of the rules language, read once for the simulator.

The grammar reads a designer's own wording into generic values (``effects/core.py``: ``Act``,
``Framed``, ``Choose``, ``Shorthand``). ``CoreReader.ability`` translates each of them, by its
meaning, into the typed effects the executors of ``compile.py`` already run (``Draw``,
``Discard``, ``BanishCards``, ``AcquireFree``, ``Gain``, ``Choice`` ...), or into one of the
few values below for what no typed effect says (gaining a named card from its supply pile,
gaining a card costing up to N more than the one just removed, removing cards of one type,
the card played, the whole hand discarded, an effect at the start of the next turn, an
engine deed with its number, a choice among chains). It runs when the pool is built, so
the engine, the bots' profiles of the cards and the CK403 check all read the same values.

What a core move means comes from its verb and its phrases, never from the sentence: the verb
is the core's ("gain", "draw", "discard") or the game's own ('phrasing: verbs', e.g. "trash"
moving cards to the trash, the game's removal verb), the phrases say how many cards ("a",
"up to 3", "any number of", "down to 3"), which (a card type, a card by name), from where and
to where ("from your hand", "onto your deck", "putting it into your hand"), what it may cost
("costing up to 4", "costing up to 2 more than it"), who ("each other player") and whether
it may be declined ("you may"); a frame by its first words ("When you play this, ...", "At
the start of your next turn, ..."). A combination the engine cannot run is left as it was,
so that the CK403 check names it: nothing is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from cardkit.effects import (
    Ability,
    AcquireFree,
    And,
    BanishCards,
    Choice,
    Clause,
    Conditional,
    Discard,
    Draw,
    Effect,
    Gain,
    OpponentDiscards,
    Sequence,
    Then,
)
from cardkit.effects.core import Act, Amounts, Choose, Framed, Shorthand, Term, Wording, Words
from cardkit.effects.node import number_word
from cardkit.effects.vocab import Vocabulary, inflect
from cardkit.inflect import plural_noun
from cardkit.model import PlayZones

# -- the values the simulator adds --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GainCard(Clause):
    """Gain ``n`` of the card ``card`` (an id) from its supply pile (or the game's pile), to
    ``destination`` ('discard', 'top-of-deck' or 'hand'); ``others``: each other player does."""

    card: str
    n: int = 1
    destination: str = "discard"
    others: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        who = "each other player gains" if self.others else "gain"
        return f"{who} {number_word(self.n)} {self.card}{_to(self.destination)}"


@dataclass(frozen=True, slots=True)
class GainCosting(Clause):
    """Gain a card (of the card types ``what``; any when empty) costing up to ``more`` more
    than the card last removed (``exact``: exactly that), to ``destination``."""

    more: int
    what: tuple[str, ...] = ()
    destination: str = "discard"
    exact: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        bound = "exactly" if self.exact else "up to"
        kinds = " or ".join(self.what) or "card"
        return f"gain a {kinds} costing {bound} {self.more} more than it{_to(self.destination)}"


@dataclass(frozen=True, slots=True)
class RemoveCards(Clause):
    """Remove up to ``up_to`` cards of the card types ``what`` (or the card ``card``, an id)
    from ``zone`` with the game's removal verb: "Trash a Treasure from your hand"."""

    up_to: int
    zone: str
    what: tuple[str, ...] = ()
    card: str | None = None
    optional: bool = False

    def phrase(self, vocab: Vocabulary) -> str:
        kinds = self.card or " or ".join(self.what) or "card"
        return f"remove up to {self.up_to} {kinds} from {self.zone}"


@dataclass(frozen=True, slots=True)
class RemoveThis(Clause):
    """Remove the card being played with the game's removal verb: "Trash this"."""

    def phrase(self, vocab: Vocabulary) -> str:
        return "remove this"


@dataclass(frozen=True, slots=True)
class DiscardHand(Clause):
    """Discard the whole hand: "Discard your hand"."""

    def phrase(self, vocab: Vocabulary) -> str:
        return "discard your hand"


@dataclass(frozen=True, slots=True)
class NextTurn(Clause):
    """``At the start of your next turn, <effect>``: the card stays in play until then."""

    effect: Effect

    def phrase(self, vocab: Vocabulary) -> str:
        return f"at the start of your next turn, {self.effect.phrase(vocab)}"


@dataclass(frozen=True, slots=True)
class Deed(Clause):
    """An engine deed (``compile.DEEDS``) a core sentence means, with its number: "Each other
    player discards down to 3 cards in hand" is ``Deed('each-other-player-discards-down-to',
    3)``."""

    key: str
    n: int = 1

    def phrase(self, vocab: Vocabulary) -> str:
        return f"{self.key} ({self.n})"


@dataclass(frozen=True, slots=True)
class Pick(Clause):
    """``Choose one: A; or B`` whose options are chains (a ``Choice`` joins single clauses):
    the player picks one option. A clause, so that it stands wherever the choice was."""

    options: tuple[Effect, ...]

    def phrase(self, vocab: Vocabulary) -> str:
        return "choose one: " + "; or ".join(o.phrase(vocab) for o in self.options)


def _to(destination: str) -> str:
    return "" if destination == "discard" else f", putting it {destination}"


# -- reading the core moves ------------------------------------------------------------------

OTHERS = "each other player"
_COUNT = re.compile(r"\$?(\d+)")


class NotRun(Exception):
    """A core value the engine has no translation for: it stays as written (CK403)."""


@dataclass(frozen=True, slots=True)
class _Cards:
    """A 'cards' phrase: how many ('any': any number), up to or down to, which."""

    n: int = 1
    any: bool = False
    up_to: bool = False
    down_to: bool = False
    kinds: tuple[str, ...] = ()
    card: str | None = None  # a card named


@dataclass(frozen=True, slots=True)
class _Place:
    """The zones a clause names: where from, where to."""

    source: str | None = None
    target: str | None = None  # 'hand', 'top-of-deck', 'discard'
    costing: int | None = None  # the highest cost ('costing up to N')
    more: bool = False  # ... N more than the card last removed
    exact: bool = False


class CoreReader:
    """Translates one game's core moves (see the module's docstring). ``names`` maps the
    printed names of the cards in play (singular and plural, casefolded) to their ids;
    ``supply_types`` the card types of the supply piles' cards; ``curse`` is the card ``play:
    curse`` names; ``cost`` the resource cards are bought with (``play: acquire_with``)."""

    def __init__(
        self,
        vocab: Vocabulary,
        zones: PlayZones,
        names: Mapping[str, str],
        supply_types: Mapping[str, str],
        curse: str | None,
        core_verbs: tuple[tuple[str, str, str], ...],
        cost: str = "",
    ) -> None:
        self.zones = zones
        self.cost = cost  # the resource cards are bought with
        self.names = names
        self.supply_types = supply_types  # card id -> type, of the supply piles' cards
        self.curse = curse
        removal = vocab.removal_verb()
        # the written forms of every verb -> (its base form, whether it is the -s form)
        self.verbs: dict[str, tuple[str, bool]] = {}
        for base, s_form, _ in core_verbs:
            self.verbs[base] = (base, False)
            self.verbs[s_form] = (base, True)
        self.removal: set[str] = set()
        for words, to, _ in vocab.verbs:
            s_form = inflect(words)[0]
            self.verbs[words] = (words, False)
            self.verbs[s_form] = (words, True)
            if to and vocab.shared(to) and words.split()[0].lower() == removal:
                self.removal.add(words)
        self.deck_zone = next((z for z, _, name in vocab.zones if name == "deck"), "deck")

    # -- abilities and chains --------------------------------------------------------------

    def ability(self, ability: Ability) -> Ability:
        """``ability`` with its core moves translated where the engine can run them; a part
        it cannot run stays as written, for the CK403 check to name."""
        effect = self.effect(ability.effect)
        return ability if effect is ability.effect else replace(ability, effect=effect)

    def effect(self, effect: Effect, continues: bool = False) -> Effect:
        """The typed effect ``effect`` means, or ``effect`` itself (``continues``: a clause
        with its verb in the -s form and no subject continues a sentence about each other
        player: "Each other player discards down to 4 cards in hand, then draws a card")."""
        try:
            return self._effect(effect, continues)
        except NotRun:
            return effect

    def _clause(self, clause: Clause, continues: bool = False) -> Clause:
        new = self.effect(clause, continues)
        return new if isinstance(new, Clause) else clause

    def _sentence(self, sentence: Effect) -> Effect:
        new = self.effect(sentence)
        return new if isinstance(new, Clause | And | Then | Choice | Conditional) else sentence

    def _effect(self, effect: Effect, continues: bool) -> Effect:
        if isinstance(effect, Act):
            return self.act(effect, continues)
        if isinstance(effect, Sequence):
            return _same(effect, Sequence(tuple(self._sentence(e) for e in effect.effects)))
        if isinstance(effect, And | Then):
            clauses: list[Clause] = []
            others = False
            for part in effect.effects:
                if not isinstance(part, Clause):  # "... and either A or B": not played yet
                    raise NotRun
                if isinstance(part, Act) and part.subject is not None:
                    others = _words(part.subject) == OTHERS
                clauses.append(self._clause(part, others))
            joined = tuple(clauses)
            return _same(effect, And(joined) if isinstance(effect, And) else Then(joined))
        if isinstance(effect, Conditional):
            inner = self.effect(effect.effect)
            if not isinstance(inner, Clause | And | Then | Choice):
                raise NotRun
            return _same(effect, Conditional(effect.condition, inner))
        if isinstance(effect, Choose):
            if effect.count != "one":
                raise NotRun
            options = tuple(self.effect(o) for o in effect.options)
            picks = tuple(o for o in options if isinstance(o, Clause))
            return Choice(picks) if len(picks) == len(options) else Pick(options)
        if isinstance(effect, Framed):
            # "When you play this, <effect>": what playing the card does
            words = effect.words
            if effect.lead == "when" and words is not None and _words(words) == "you play this":
                return self._effect(effect.effect, False)
            if effect.lead == "at the start of" and words and _words(words) == "your next turn":
                return NextTurn(self._effect(effect.effect, False))
            raise NotRun
        if isinstance(effect, Shorthand) and effect.meaning is not None and not effect.parts:
            meaning = self.effect(effect.meaning)
            return effect if meaning is effect.meaning else meaning
        return effect

    # -- one core move ------------------------------------------------------------------------

    def act(self, act: Act, continues: bool) -> Clause:
        known = self.verbs.get(act.verb)
        if known is None:
            raise NotRun
        verb, s_form = known
        if act.subject is not None:
            if _words(act.subject) != OTHERS:
                raise NotRun
            others = True
        else:
            others = continues and s_form
        if act.modal not in ("", "may" if others else "you may"):
            raise NotRun
        optional = bool(act.modal)
        amounts: tuple[tuple[str, int], ...] = ()
        cards: _Cards | None = None
        place = _Place()
        parts = act.parts
        whole = _words(parts[0]) if len(parts) == 1 and isinstance(parts[0], Words) else ""
        if whole == "this" and verb in self.removal and not others:
            return RemoveThis()  # "Trash this"
        if whole == f"your {self.zones.hand}" and verb == "discard" and not others and not optional:
            return DiscardHand()  # "Discard your hand"
        for part in parts:
            if isinstance(part, Amounts):
                amounts = part.amounts
            elif isinstance(part, Words) and part.role == "cards" and cards is None:
                cards = self._cards(part.terms)
            elif isinstance(part, Words) and part.role in ("zone", "trailer"):
                place = self._place(part.terms, place)
            else:
                raise NotRun
        if amounts:
            if verb != "gain" or others or cards is not None or optional:
                raise NotRun
            return Gain(amounts)
        if verb == "draw":
            return self._draw(cards, place, others, optional)
        if verb == "discard":
            return self._discard(cards, place, others, optional)
        if verb == "gain":
            return self._gain(cards, place, others, optional)
        if verb in self.removal:
            return self._remove(cards, place, others, optional)
        raise NotRun

    def _draw(self, cards: _Cards | None, place: _Place, others: bool, optional: bool) -> Clause:
        if cards is None or cards.any or cards.up_to or cards.down_to or cards.kinds:
            raise NotRun
        if cards.card is not None or place != _Place() or optional:
            raise NotRun
        return Deed("each-other-player-draws", cards.n) if others else Draw(cards.n)

    def _discard(self, cards: _Cards | None, place: _Place, others: bool, optional: bool) -> Clause:
        hand = self.zones.hand
        if cards is None or cards.kinds or cards.card is not None or optional or cards.up_to:
            raise NotRun
        if place.source not in (None, hand) or place.target is not None or place.costing:
            raise NotRun
        if others:
            if cards.down_to:
                return Deed("each-other-player-discards-down-to", cards.n)
            if cards.any:
                raise NotRun
            return OpponentDiscards(cards.n)
        if cards.down_to:
            raise NotRun
        return Discard(None if cards.any else cards.n)

    def _gain(self, cards: _Cards | None, place: _Place, others: bool, optional: bool) -> Clause:
        if cards is None or cards.any or cards.up_to or cards.down_to or optional:
            raise NotRun
        if place.source is not None:
            raise NotRun
        destination = place.target or "discard"
        card = cards.card
        if card is None and place.costing is None and len(cards.kinds) == 1:
            # "gains a Curse": the one supply pile of that card type
            of_kind = [c for c, kind in self.supply_types.items() if kind == cards.kinds[0]]
            if len(of_kind) == 1:
                card = of_kind[0]
        if card is not None:
            if place.costing is not None:
                raise NotRun
            if others and card == self.curse and cards.n == 1 and destination == "discard":
                return Deed("each-other-player-gains-curse", 1)
            return GainCard(card, cards.n, destination, others)
        if place.costing is None or cards.n != 1 or others:
            raise NotRun
        if place.more:
            return GainCosting(place.costing, cards.kinds, destination, place.exact)
        if place.exact:
            raise NotRun
        return AcquireFree(place.costing, cards.kinds, destination)

    def _remove(self, cards: _Cards | None, place: _Place, others: bool, optional: bool) -> Clause:
        zones = self.zones
        if cards is None or others or cards.down_to:
            raise NotRun
        if place.source not in (zones.hand, zones.discard) or place.target is not None:
            raise NotRun
        if place.costing is not None:
            raise NotRun
        up_to = ANY_NUMBER if cards.any else cards.n
        optional = optional or cards.up_to or cards.any
        if cards.kinds or cards.card is not None:
            return RemoveCards(up_to, place.source, cards.kinds, cards.card, optional)
        return BanishCards(up_to, (place.source,), optional)

    # -- phrases -------------------------------------------------------------------------------

    def _cards(self, terms: tuple[Term, ...]) -> _Cards:
        n, any_, up_to, down_to = 1, False, False, False
        kinds: list[str] = []
        card: str | None = None
        for kind, value in terms:
            if kind == "n":
                n = int(value)
            elif kind in ("type", "types"):
                kinds.append(value)
            elif kind == "name":
                card = self.names.get(value.casefold())
                if card is None:
                    raise NotRun
            elif kind == "w" and value in ("a", "an", "card", "cards"):
                pass
            elif kind == "w" and value == "up to":
                up_to = True
            elif kind == "w" and value == "down to":
                down_to = True
            elif kind == "w" and value in ("any number of", "any"):
                any_ = True
            else:
                raise NotRun
        return _Cards(n, any_, up_to, down_to, tuple(kinds), card)

    def _place(self, terms: tuple[Term, ...], place: _Place) -> _Place:
        # "costing up to $6, putting it onto your deck": each part in turn
        cut = next((i for i, t in enumerate(terms) if t == ("w", ", putting") and i), 0)
        if cut:
            return self._place(terms[cut:], self._place(terms[:cut], place))
        # "costing up to 4 Coins": the resource cards are bought with is the cost's unit
        words = [
            value
            for kind, value in terms
            if kind != "zone" and not (kind in ("resource", "resource1") and value == self.cost)
        ]
        zone = next((value for kind, value in terms if kind == "zone"), None)
        head = words[0] if words else ""
        if head == "costing":
            return self._costing(words[1:], place)
        if head == ", putting":
            words = words[1:]
            if not words or words[0] not in ("it", "them"):
                raise NotRun
            words = words[1:]
            head = words[0] if words else ""
        rest = words[1:]
        if rest not in ([], ["your"], ["their"]) or zone is None:
            raise NotRun
        if head in ("from", "in"):
            if place.source is not None:
                raise NotRun
            return replace(place, source=zone)
        if place.target is not None:
            raise NotRun
        if head in ("onto", "on top of") and zone == self.deck_zone:
            return replace(place, target="top-of-deck")
        if head == "into" and zone == self.zones.hand:
            return replace(place, target="hand")
        raise NotRun

    def _costing(self, words: list[str], place: _Place) -> _Place:
        if place.costing is not None or len(words) < 2 or words[0] not in ("up to", "exactly"):
            raise NotRun
        exact = words[0] == "exactly"
        found = _COUNT.fullmatch(words[1])
        if found is None:
            raise NotRun
        more = " ".join(words[2:]).split() == ["more", "than", "it"]  # one term or two
        if words[2:] and not more:
            raise NotRun
        return replace(place, costing=int(found.group(1)), more=more, exact=exact)


ANY_NUMBER = 99
"""'Any number of cards' removed at once: more than any hand or pile the bots choose from."""


def _same(old: Effect, new: Effect) -> Effect:
    """``old`` when translating changed nothing in it (the parsed value is kept), else ``new``."""
    return old if new == old else new


def _words(phrase: Words | Wording) -> str:
    return " ".join(value for _, value in phrase.terms)


def card_names(cards: Mapping[str, str]) -> dict[str, str]:
    """Printed name (casefolded, singular and plural) -> card id, of ``cards`` (id -> name)."""
    found: dict[str, str] = {}
    for card_id, name in cards.items():
        found[name.casefold()] = card_id
        found[plural_noun(name).casefold()] = card_id
    return found

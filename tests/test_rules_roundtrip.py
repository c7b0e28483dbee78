"""Text in, text out: every card line of every game in cards/ parses, and its value prints
back as the same line; values generated from a vocabulary survive the same round trip."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.effects import (
    ACTIONS,
    STATES,
    Ability,
    AbilityCost,
    AcquireFree,
    And,
    AtEndOf,
    BanishCards,
    BanishedThisTurn,
    Bond,
    Cannot,
    Chain,
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
    OnBanish,
    OpponentDiscards,
    OpponentDiscardsKinds,
    Place,
    PlayOnlyDuring,
    Primary,
    PutBackIntoPlay,
    PutFromDiscardOnTop,
    PutInto,
    PutIntoPlay,
    PutOnTop,
    RemoveCounters,
    ReplaceAll,
    Reveal,
    Sentence,
    Sequence,
    SetStat,
    Special,
    TakeControl,
    Then,
)
from cardkit.effects.vocab import Vocabulary
from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.model import Card, CardSet, Game
from cardkit.rules import parse_ability, parse_card_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml"))

# Lines of the card data that parse but are not written the canonical way (str of their
# value). Empty: every line is canonical. A line added here is a report, not a fix.
NOT_CANONICAL: dict[str, tuple[str, ...]] = {
    # the designer's "+2 Coins" and "+1 Card, +2 Actions": the core reads a gain written
    # "+N <resource>", but prints it "Gain N <resource>" (and joins clauses with "and")
    "hearthfield": (
        "penny: +1 Coin.",
        "shilling: +2 Coins.",
        "sovereign: +3 Coins.",
        "hamlet-green: +1 Card, +2 Actions.",
        "footpads: +2 Coins.",
        "fairground: +1 Card, +1 Action, +1 Buy, +1 Coin.",
        "study-hall: +2 Cards, +1 Action.",
        "feast-day: +2 Actions, +1 Buy, +2 Coins.",
        "lumber-camp: +1 Buy, +2 Coins.",
        "town-crier: +4 Cards, +1 Buy.",
        "root-cellar: +1 Action.",
        "pedlar-s-cart: +1 Card, +1 Action, +1 Coin.",
        "covered-bazaar: +1 Card, +2 Actions, +1 Coin.",
        "pawnbroker: You may scrap a card in your hand. If you do, +3 Coins.",
        "night-market: +2 Cards, +1 Buy, +2 Coins.",
    ),
}

# Lines that wait for grammar the rules language lacks yet, listed (and kept honest) by
# tests/test_games.py; skipped here.
AWAITING_GRAMMAR = frozenset(
    tuple(row.split("\t")[1:])
    for row in (ROOT / "tests" / "fixtures" / "games" / "awaiting-grammar.tsv")
    .read_text(encoding="utf-8")
    .splitlines()
    if row and not row.startswith("#")
)


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def _lines(card: Card) -> list[str]:
    return [
        line
        for line in card.text.split("\n")
        if line.strip() and (card.id, line) not in AWAITING_GRAMMAR
    ]


@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def card_set(request: pytest.FixtureRequest) -> CardSet:
    return _load(request.param)


def test_there_is_a_collection_to_check() -> None:
    assert ROOT / "cards" / "star-realms" in GAMES


def test_every_line_of_every_card_parses(card_set: CardSet) -> None:
    failures = []
    for card in card_set.cards:
        for line in _lines(card):
            try:
                parse_ability(line, card_set.game)
            except Exception as exc:  # report them all at once
                failures.append(f"{card.id}: {line!r}: {exc}")
    assert failures == []


def test_every_line_parses_back_from_its_canonical_text(card_set: CardSet) -> None:
    for card in card_set.cards:
        for line in _lines(card):
            ability = parse_ability(line, card_set.game)
            assert parse_ability(str(ability), card_set.game) == ability, (card.id, line)


def test_every_line_is_written_canonically_or_listed(card_set: CardSet) -> None:
    found = tuple(
        f"{card.id}: {line}"
        for card in card_set.cards
        for line in _lines(card)
        if str(parse_ability(line, card_set.game)) != line
    )
    assert found == NOT_CANONICAL.get(card_set.game.id, ())


def test_a_cards_whole_text_parses_as_its_lines_do(card_set: CardSet) -> None:
    for card in card_set.cards:
        if any((card.id, line) in AWAITING_GRAMMAR for line in card.text.split("\n")):
            continue
        expected = tuple(parse_ability(line, card_set.game) for line in _lines(card))
        assert parse_card_text(card.text, card_set.game) == expected, card.id


def test_the_star_realms_collection_is_all_there() -> None:
    card_set = _load(ROOT / "cards" / "star-realms")
    assert card_set.total_copies == 152  # 136 game cards, 8 scorecards, 8 challenge cards
    assert sum(len(_lines(card)) for card in card_set.cards) == 114


# -- generated effects ----------------------------------------------------------------------


def _game(folder: Path) -> Game:
    game, found = load_game(folder, str(folder))
    assert game is not None and not found, found
    return game


VOCABULARIES = [
    Vocabulary.of(_load(ROOT / "cards" / "star-realms").game),
    Vocabulary.of(_load(ROOT / "tests" / "fixtures" / "rules" / "game").game),
    Vocabulary.of(_game(ROOT / "tests" / "fixtures" / "rules" / "text" / "game")),
    Vocabulary.of(_game(ROOT / "tests" / "fixtures" / "rules" / "seeds")),
    # Card groups ('unit'), a declared plural ('infantry') and spans ('combat step').
    Vocabulary.of(_game(ROOT / "cards" / "planetary-strategy")),
]


def _ids(pairs: tuple[tuple[str, str], ...]) -> st.SearchStrategy[str]:
    return st.sampled_from([key for key, _ in pairs])


def _lasts(vocab: Vocabulary) -> st.SearchStrategy[tuple[bool, str]]:
    """How long an effect lasts: (this_turn, duration), of the game's own spans."""
    return st.sampled_from([(False, ""), (True, ""), *((False, key) for key, _ in vocab.spans)])


def clauses(vocab: Vocabulary) -> st.SearchStrategy[Clause]:
    resource = _ids(vocab.resources)
    kind = _ids(vocab.kinds())  # card groups too: text names them where it names a type
    kinds = st.lists(kind, unique=True, max_size=3).map(tuple)
    n = st.integers(1, 12)
    zone = st.sampled_from([key for key, _, _ in vocab.zones] or ["none"])
    lasts = _lasts(vocab)
    gain = st.lists(st.tuples(resource, st.integers(0, 20)), min_size=1, max_size=4).map(
        lambda amounts: Gain(tuple(amounts))
    )
    draw = st.builds(Draw, n)
    counted = st.one_of(st.builds(BanishedThisTurn, st.booleans()), st.just(DiscardedThisWay()))
    keyword_args = st.lists(
        st.one_of(st.integers(0, 99), st.sampled_from(["x", "two", "Sea Folk", "1d6"])),
        max_size=3,
    ).map(tuple)
    keywords: list[st.SearchStrategy[Clause]] = []
    if vocab.keywords:
        keyword = st.builds(KeywordUse, _ids(vocab.keywords), keyword_args)
        keywords += [
            keyword,
            st.builds(lambda k, w, t: GrantKeyword(k, w, *t), kind, keyword, lasts),
            st.builds(Reveal, _ids(vocab.keywords), st.one_of(st.none(), kind)),
            st.builds(TakeControl, kind, st.one_of(st.none(), _ids(vocab.keywords))),
            st.builds(
                MayBeTargeted,
                kind,
                st.one_of(st.none(), _ids(vocab.keywords)),
                st.one_of(st.none(), kind),
            ),
            st.builds(MoveWithout, kind, kind, _ids(vocab.keywords)),
        ]
    if vocab.stats:
        delta = st.integers(-9, 9).filter(bool)
        scope = st.sampled_from(["target", "your", "enemy"])
        stat = st.sampled_from(vocab.stats)
        keywords.append(
            st.builds(
                lambda k, s, d, sc, t, state: ModifyStat(
                    k, s, d, sc, *t, state=state if sc == "target" else ""
                ),
                kind,
                stat,
                delta,
                scope,
                lasts,
                st.sampled_from(["", *STATES]),
            )
        )
        keywords.append(
            st.builds(SetStat, st.one_of(st.none(), kind), stat, st.one_of(st.none(), n))
        )
    zones = [zone] if vocab.zones else []
    ids = {key for key, _, _ in vocab.zones}
    on_top: list[st.SearchStrategy[Clause]] = []
    if "deck" in ids:
        on_top.append(st.builds(NextAcquireOnTop, kinds))
    if {"deck", "discard"} <= ids:
        on_top.append(st.builds(PutFromDiscardOnTop, kinds))
    if vocab.zones:
        pairs = st.tuples(zone, zone).filter(lambda pair: pair != ("discard", "deck"))
        on_top.append(st.builds(lambda k, p: PutOnTop(k, *p), kinds, pairs))
        on_top.append(st.builds(PutIntoPlay, kinds, zone, st.one_of(st.none(), kind)))
    create = st.builds(
        CreateCard,
        st.sampled_from(["Spark", "Colonist", "Old Crown", "Q-Bot 2"]),
        st.integers(1, 5),
        st.one_of(st.none(), *zones),
    )
    damage = st.builds(
        DealDamage, st.integers(1, 9), kind, st.sampled_from([None, 6, 10]), st.booleans()
    )
    spans = st.sampled_from([(True, ""), *((False, key) for key, _ in vocab.spans)])
    place = st.builds(Place, kind, st.booleans(), st.booleans())
    moved = st.one_of(
        st.tuples(st.none(), st.booleans()), st.tuples(st.integers(1, 12), st.just(False))
    )
    play: list[st.SearchStrategy[Clause]] = [
        st.builds(lambda k, t: PutBackIntoPlay(k, *t), kind, lasts),
        st.builds(
            lambda k, a, b, m: MoveCards(k, replace(a, adjacent=False), b, *m),
            kinds,
            place,
            place,
            moved,
        ),
        st.builds(RemoveCounters, resource, n, kind, st.booleans(), st.booleans()),
        st.builds(lambda t, now: EndSpan(*t, immediately=now), spans, st.booleans()),
        st.builds(DrawKind, kind, n),
        st.builds(lambda t: Joins(*t), spans),
        st.builds(
            PlayOnlyDuring, st.sampled_from(["", *(key for key, _ in vocab.spans)]), st.booleans()
        ),
    ]
    if vocab.zones:
        pair = st.tuples(zone, zone).filter(lambda p: p[0] != p[1])
        play.append(st.builds(lambda k, p: PutInto(k, *p), st.one_of(st.none(), kinds), pair))
    if vocab.properties:
        field = st.sampled_from(vocab.properties)
        play.append(st.builds(ReplaceAll, kind, st.integers(1, 14), field))
    if vocab.stats:
        play.append(
            st.builds(
                lambda s, n, k, e, t: MakeAttack(s, n, k, e, *t),
                st.sampled_from(vocab.stats),
                st.integers(0, 9),
                kind,
                st.booleans(),
                lasts,
            )
        )
    return st.one_of(
        create,
        damage,
        *play,
        *keywords,
        gain,
        draw,
        st.builds(GainPerCost, resource),
        st.builds(Discard, st.one_of(st.none(), n)),
        st.builds(OpponentDiscards, n),
        st.builds(
            OpponentDiscardsKinds, n, st.lists(kind, min_size=1, max_size=3, unique=True).map(tuple)
        ),
        st.builds(lambda k, a, t: Cannot(k, a, *t), kind, st.sampled_from(ACTIONS), lasts),
        st.builds(
            BanishCards,
            n,
            st.lists(zone, min_size=1, unique=True).map(tuple),
            st.booleans(),
        ),
        st.builds(
            AcquireFree,
            st.integers(0, 20),
            kinds,
            st.one_of(st.just("discard"), zone, zone.map(lambda z: "top-of-" + z)),
        ),
        st.builds(DestroyTarget, kind, st.booleans()),
        *on_top,
        st.builds(CopyAnother, kinds),
        st.just(EveryFaction()),
        st.sampled_from([Special(k, w) for k, w in vocab.specials] or [Draw(1)]),
        st.builds(ForEach, st.one_of(gain, draw), counted),
    )


def abilities(vocab: Vocabulary) -> st.SearchStrategy[Ability]:
    clause = clauses(vocab)
    # A keyword is a sentence of its own: "and" before a keyword joins keywords ("Overrun and
    # Swift"), not a clause and a keyword.
    joined = clause.filter(lambda c: not isinstance(c, KeywordUse))
    several = st.lists(joined, min_size=2, max_size=3).map(tuple)
    chain: st.SearchStrategy[Chain] = st.one_of(
        clause, several.map(And), several.map(Then), several.map(Choice)
    )
    condition = st.one_of(
        st.builds(InPlay, _ids(vocab.kinds()), st.integers(1, 14)), st.just(IfYouDo())
    )
    spans = st.sampled_from([(True, ""), *((False, key) for key, _ in vocab.spans)])
    sentence: st.SearchStrategy[Sentence] = st.one_of(
        chain,
        st.builds(Conditional, condition, chain),
        st.builds(lambda c, t: AtEndOf(c, *t), chain, spans),
    )
    effect = st.one_of(
        sentence, st.lists(sentence, min_size=2, max_size=3).map(lambda s: Sequence(tuple(s)))
    )
    # Ally and scrap abilities are labels a game declares (game.yaml 'phrasing: labels').
    triggers = [st.just(Primary())]
    if vocab.label_text("cost"):
        triggers.append(st.just(OnBanish()))
    if vocab.resources:
        costs = st.lists(
            st.tuples(_ids(vocab.resources), st.integers(0, 9)), min_size=1, max_size=3
        )
        triggers.append(costs.map(lambda c: AbilityCost(tuple(c))))
    if vocab.factions and vocab.label_text("ally"):
        double = st.booleans() if vocab.label_text("ally", 2) else st.just(False)
        triggers.append(st.builds(Bond, _ids(vocab.factions), double))
    return st.builds(Ability, st.one_of(*triggers), effect)


@pytest.mark.parametrize(
    "vocab",
    VOCABULARIES,
    ids=["star-realms", "orchard-wars", "skyfort", "planetary", "planetary-strategy"],
)
# Not strict: the examples are random, so a vocabulary may pass in a run that misses them.
@pytest.mark.xfail(
    strict=False,
    reason="'X and acquire a card ... for free and put it into your hand' does not parse back "
    "(the 'and put it into your hand' of AcquireFree inside an And); 'Remove a card in your "
    "hand' reads as a generic Act in a game with no removal label, not BanishCards",
)
def test_generated_abilities_parse_back_from_their_text(vocab: Vocabulary) -> None:
    @settings(max_examples=300, deadline=None)
    @given(abilities(vocab))
    def round_trip(ability: Ability) -> None:
        text = ability.text(vocab)
        parsed = parse_ability(text, vocab)
        assert parsed == ability, text
        assert parsed.text(vocab) == text

    round_trip()


@pytest.mark.parametrize(
    "text",
    [
        "then then Destroy",  # found by the fuzz tests: it printed 'Then, then, destroy.'
        "then then, draw a card",
        "once this turn then, draw a card",
        "then once this turn, draw a card",
        "then, once this turn, draw a card",
        "for the rest of the game then, gain 1 Trade",
    ],
)
def test_a_frame_in_a_frame_prints_text_that_parses_back(text: str) -> None:
    game = _load(ROOT / "cards" / "star-realms").game
    value = parse_ability(text, game)
    assert parse_ability(str(value), game) == value

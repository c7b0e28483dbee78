"""A real word slipped for another (CK115, and the word meant in a parse error): a word spelt
right that the grammar keeps only as written, or stops at, where one of the grammar's or the
game's words one edit away makes the whole line read. Correct text is never flagged: not the
sample games, not the family sets (correct English in other games' words)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.load.cards import load_card_set
from cardkit.rules.check import check_card_text
from cardkit.rules.textlint import CLOSED_CLASS, slip_meant

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ROOT / "tests" / "fixtures" / "rules" / "families"
CORRECT = sorted(
    path.parent
    for pattern in ("cards/*/game.yaml", "tests/fixtures/rules/families/*/game.yaml")
    for path in ROOT.glob(pattern)
)


def _found(tmp_path: Path, family: str, text: str) -> list[tuple[str, str, int, str]]:
    """(code, severity, column in ``text``, message) of the CK101/CK109/CK115 that checking
    one card with ``text`` gives, in the family game ``family`` (its game.yaml, none of its
    cards). The text is the value of a one-line ``text:`` field, quoted."""
    shutil.copy(FAMILIES / family / "game.yaml", tmp_path / "game.yaml")
    kind = {"deckbuilder": "action", "lcg": "stunt", "creatures": "spell"}[family]
    (tmp_path / "cards.yaml").write_text(
        f"cards:\n  - name: Probe\n    type: {kind}\n    cost: 2\n    text: {text!r}\n",
        encoding="utf-8",
    )
    card_set, problems = load_card_set(tmp_path, str(tmp_path))
    assert card_set is not None, problems
    return [
        (
            d.code,
            d.severity.value,
            d.location.column - len("    text: '"),
            d.message.split(" in rules text")[0],
        )
        for d in check_card_text(card_set)
        if d.code in ("CK101", "CK109", "CK115")
    ]


@pytest.mark.parametrize(
    ("family", "text", "word", "meant"),
    [
        ("deckbuilder", "Trash up to 3 cards form your hand.", "form", "from"),
        ("deckbuilder", "Put a card form your hand on top of your deck.", "form", "from"),
        ("deckbuilder", "Gain a card costing up too 4.", "too", "to"),
        ("deckbuilder", "Each other player discards down too 3 cards in hand.", "too", "to"),
        ("deckbuilder", "Discard a card. If you dog, +2 Cards.", "dog", "do"),
        ("lcg", "Draw 2 cards form your stack.", "form", "from"),
        ("creatures", "Return target creature too its owner's hand.", "too", "to"),
    ],
)
def test_a_real_word_slipped_for_another_is_ck115_with_the_word_meant(
    tmp_path: Path, family: str, text: str, word: str, meant: str
) -> None:
    column = text.index(f" {word}") + 2
    message = (
        f"{word!r} is read only as written; with {meant!r} the rest of the line reads "
        f"(did you mean {meant!r}?)"
    )
    assert _found(tmp_path, family, text) == [("CK115", "warning", column, message)]


@pytest.mark.parametrize(
    ("family", "text", "word", "meant"),
    [
        ("deckbuilder", "Gain a Silver onto you deck.", "you", "your"),
        ("deckbuilder", "You man trash a card from your hand.", "man", "may"),
        ("creatures", "Put it on top of you deck.", "you", "your"),
    ],
)
def test_a_real_word_the_parse_stops_at_gets_the_word_meant(
    tmp_path: Path, family: str, text: str, word: str, meant: str
) -> None:
    ((code, severity, column, message),) = _found(tmp_path, family, text)
    assert (code, severity, column) == ("CK101", "error", text.index(f" {word} ") + 2)
    assert message.startswith(f"unexpected {word!r}: expected ")
    assert message.endswith(f" (did you mean {meant!r}?)")


@pytest.mark.parametrize(
    ("family", "text"),
    [
        # a word of the grammar's own kept as written ('that many') is no slip for 'any'
        ("deckbuilder", "Discard any number of cards, then draw that many."),
        # a verb of a condition is not guessed at ('ends' is not 'sends', 'broke' 'broken')
        ("lcg", "When the run ends, if you broke no subroutines with this, gain 1 credit."),
        # words no grammar word is one edit from
        ("deckbuilder", "Reveal every shiny card in your hand."),
        # a content word is never guessed at ('hero' is not 'here')
        ("deckbuilder", "Each other player reveals their hand and you choose a hero from it."),
    ],
)
def test_correct_text_with_free_words_is_not_flagged(
    tmp_path: Path, family: str, text: str
) -> None:
    assert [found for found in _found(tmp_path, family, text) if found[0] == "CK115"] == []


@pytest.mark.parametrize("game", CORRECT, ids=lambda path: path.name)
def test_no_correct_line_of_a_sample_or_family_game_is_flagged(game: Path) -> None:
    card_set, _ = load_card_set(game, game.name)
    assert card_set is not None
    found = check_card_text(card_set)
    assert [str(d) for d in found if d.code == "CK115"] == []


def _reads_only(whole: str) -> object:
    """An ``unread`` for which only ``whole`` reads with no free word left."""
    return lambda text: 0 if text == whole else 1


@pytest.mark.parametrize(
    ("line", "word", "whole", "meant"),
    [
        # a word the grammar never spells: any closed-class word one edit away
        ("You man draw a card.", "man", "You may draw a card.", "may"),
        ("Trash it form play.", "form", "Trash it from play.", "from"),
        # a word of the grammar's own where the parse stops: only with a last letter dropped
        ("Put it onto you deck.", "you", "Put it onto your deck.", "your"),
        ("Put it onto you deck.", "you", "Put it onto yo deck.", ""),
        ("Discard one, than draw one.", "than", "Discard one, then draw one.", ""),
        ("Gain 3 Gold or 4 Gold.", "or", "Gain 3 Gold for 4 Gold.", ""),
    ],
)
def test_where_the_parse_stops_the_word_meant_is_guessed_only_as_a_slip_is_likely(
    line: str, word: str, whole: str, meant: str
) -> None:
    column = line.index(word) + 1
    found = slip_meant(line, word, column, CLOSED_CLASS, _reads_only(whole), stopped=True)  # type: ignore[arg-type]
    assert found == meant


def test_a_word_of_the_grammars_own_kept_as_written_is_no_slip_for_another() -> None:
    """'than' is the grammar's (MORE_THAN): kept as written in a line that parses, it is
    not guessed at, even where 'then' would make the line read."""
    line = "Discard one, than draw one."
    reads = _reads_only("Discard one, then draw one.")
    assert slip_meant(line, "than", 14, CLOSED_CLASS, reads) == ""  # type: ignore[arg-type]

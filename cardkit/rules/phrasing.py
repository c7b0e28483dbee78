"""CK061: the game's declared phrasing (game.yaml 'phrasing:') held against the grammar.

A declared label, phrase or shorthand form is filled with example slot values and parsed with
the game's parser: it must read back as itself. A form that the core grammar reads another way
(its words are core words), that the grammar cannot build (it conflicts with the core or with
another declaration; the parser is then built without it), or whose first word alone is a verb
(every sentence starting with that verb would be read as the form) is reported where it is
declared.
"""

from __future__ import annotations

from typing import Protocol

from cardkit.diagnostics import Diagnostic, error, warning
from cardkit.effects import Ability, Bond, OnBanish
from cardkit.effects.core import Declared, Labelled, Shorthand
from cardkit.effects.forms import pieces
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.model import Game
from cardkit.rules.grammar import fold, verb_forms


class Reader(Protocol):
    """What reads a game's rules text: its parser, or the lines kept from before (kept.py)."""

    @property
    def vocab(self) -> Vocabulary: ...

    @property
    def rejected(self) -> tuple[tuple[str, str, str], ...]: ...

    def parse_ability(self, text: str) -> Ability: ...


def example(form: str, vocab: Vocabulary) -> str:
    """The form with an example value in each slot: "+{n} Cards" -> "+2 Cards"."""
    words: list[str] = []
    for piece in pieces(form):
        if not piece.slot:
            words.append(piece.text)
        elif piece.slot == "n":
            words.append(f"{piece.text}2")
        else:
            words.append(_slot_example(piece.slot, vocab))
    return " ".join(words)


def _slot_example(slot: str, vocab: Vocabulary) -> str:
    pick = {
        "resource": [name for _, name in vocab.resources],
        "card type": [name.lower() for _, name in vocab.kinds()],
        "zone": [f"{owner} {name}" for _, owner, name in vocab.zones],
        "keyword": [name for _, name in vocab.keywords],
        "faction": [name for _, name in vocab.factions],
        "factions": [name for _, name in vocab.factions],
        "card name": ["Example"],
    }[slot]
    if not pick:
        raise LookupError(slot)  # the game has nothing to fill the slot with
    return pick[0]


def phrasing_diagnostics(game: Game, parser: Reader | None = None) -> list[Diagnostic]:
    """Every declaration of the game's phrasing that the grammar does not read as itself."""
    if parser is None:
        from cardkit.rules.parser import rules_parser  # lark only where phrasing is checked

        parser = rules_parser(game)
    vocab = parser.vocab
    found: list[Diagnostic] = []
    for table, key, reason in parser.rejected:
        found.append(_at(game, table, key, f"{table[:-1]} {key!r} cannot be read: {reason}"))
    verbs = {fold(form) for forms in verb_forms(vocab) for form in forms}
    declared = [
        *(("labels", key, text) for key, text, _, _, _ in vocab.labels),
        *(("phrases", key, text) for key, text in vocab.phrases),
        *(("shorthand", form, form) for form, _ in vocab.shorthand),
    ]
    for table, key, form in declared:
        if any(table == t and key == k for t, k, _ in parser.rejected):
            continue
        first = pieces(form)[0]
        if table == "phrases" and not first.slot and fold(first.text) in verbs:
            found.append(
                _at(
                    game,
                    table,
                    key,
                    f"phrase {form!r} starts with the verb {first.text!r} alone: every sentence "
                    f"that starts with {first.text!r} is read as this phrase",
                    hint="start the phrase with two or more of its words, or write it with the "
                    "core verb's own wording",
                    as_warning=True,
                )
            )
            continue
        try:
            text = example(form, vocab)
        except LookupError:
            continue
        try:
            parsed = parser.parse_ability(text if table != "labels" else f"{text}: Draw a card.")
        except RulesTextError as exc:
            found.append(
                _at(game, table, key, f"{table[:-1]} {form!r} does not parse: {exc.reason}")
            )
            continue
        if not _reads_as(parsed, table, key):
            found.append(
                _at(
                    game,
                    table,
                    key,
                    f"{table[:-1]} {form!r} is read by the core grammar as {str(parsed)!r}",
                    hint="the core already reads these words; the declaration can go",
                    as_warning=True,
                )
            )
    return found


def _reads_as(parsed: Ability, table: str, key: str) -> bool:
    if table == "labels":
        trigger = parsed.trigger
        return isinstance(trigger, Bond | OnBanish) or (
            isinstance(trigger, Labelled) and trigger.key == key
        )
    effect = parsed.effect
    if table == "phrases":
        return isinstance(effect, Declared) and effect.key == key
    return isinstance(effect, Shorthand) and effect.form == key


def _at(
    game: Game,
    table: str,
    key: str,
    message: str,
    *,
    hint: str | None = None,
    as_warning: bool = False,
) -> Diagnostic:
    where = game.source.at(("phrasing", table, key), key=True)
    make = warning if as_warning else error
    return make("CK061", message, where, hint=hint)

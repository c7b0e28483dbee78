"""Rules-text checks over a card set: every problem as a diagnostic, located at its character.

Each line of a card's text is parsed on its own, so one run reports every line that does not
parse. A diagnostic points inside the text -- ``file:line:col`` of the offending character,
wherever the YAML value puts it (see ``locate.py``); for cards read from spreadsheets, at the
cell.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.errors import RulesTextError, UnknownFactionError
from cardkit.model import Card, CardSet, Game
from cardkit.rules.effects import Ally
from cardkit.rules.locate import source_position
from cardkit.rules.parser import RulesParser, rules_parser
from cardkit.textfile import read_text

_YAML_SUFFIXES = (".yaml", ".yml")


class _Sources:
    """The text of the card files, read once each, by the path diagnostics show."""

    def __init__(self, game: Game) -> None:
        shown_game = game.source.path
        self.prefix = shown_game[: len(shown_game) - len(Path(shown_game).name)]
        self.root = game.root
        self.texts: dict[str, str | None] = {}

    def text(self, shown: str) -> str | None:
        if shown not in self.texts:
            self.texts[shown] = self._read(shown)
        return self.texts[shown]

    def _read(self, shown: str) -> str | None:
        if not shown.lower().endswith(_YAML_SUFFIXES):
            return None
        if self.prefix and shown.startswith(self.prefix):
            path = self.root / shown[len(self.prefix) :]
        else:
            path = Path(shown)
        text, _ = read_text(path, shown)
        return text


def locate_in_text(card: Card, line: int, column: int, sources: _Sources) -> Location:
    """Where character ``column`` of line ``line`` of the card's text is written."""
    value = card.location("text")
    source = sources.text(value.path)
    if source is not None and value.line > 0:
        found = source_position(source, value.line, value.column, card.text, line, column)
        if found is not None:
            return Location(value.path, *found)
    return value


def _check_card(card: Card, parser: RulesParser, sources: _Sources) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    vocab = parser.vocab
    factions = [name for _, name in vocab.factions]
    for index, line in enumerate(card.text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            ability = parser.parse_ability(line)
        except RulesTextError as exc:
            unknown_faction = isinstance(exc, UnknownFactionError)
            hint = None
            if unknown_faction:
                hint = (
                    f"the game's factions are {', '.join(map(repr, factions))}"
                    if factions
                    else "the game declares no factions"
                )
            found.append(
                error(
                    "CK102" if unknown_faction else "CK101",
                    f"{exc.reason} in rules text of {card.id!r}",
                    locate_in_text(card, index, exc.column, sources),
                    card=card.id,
                    hint=hint,
                )
            )
            continue
        trigger = ability.trigger
        if isinstance(trigger, Ally) and not card.factions:
            column = trigger.pos.column if trigger.pos else 1
            label = trigger.label(vocab)
            found.append(
                error(
                    "CK102",
                    f"ally ability {label!r} on a card with no faction "
                    f"in rules text of {card.id!r}",
                    locate_in_text(card, index, column, sources),
                    card=card.id,
                    hint="give the card a faction, or make the ability a primary one",
                )
            )
    return found


def check_card_text(card_set: CardSet) -> list[Diagnostic]:
    """Every rules-text problem of every card, sorted by place."""
    parser = rules_parser(card_set.game)
    sources = _Sources(card_set.game)
    found: list[Diagnostic] = []
    for card in card_set.cards:
        if card.text:
            found.extend(_check_card(card, parser, sources))
    found.sort(key=lambda diag: diag.sort_key)
    return found

"""What the fuzz harnesses share: the contracts each input must keep, and the seed inputs.

A harness feeds bytes to one of the ``check_*`` functions; any exception that escapes
one is a crash (atheris stops and saves the input). They import only from cardkit, so
the same functions serve atheris (fuzz_*.py) and a plain replay of saved inputs.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from cardkit.load.cards import SHEET_SUFFIXES, CardChecker, _yaml_records, load_card_set
from cardkit.diagnostics import CODES
from cardkit.errors import RulesTextError
from cardkit.load.game import load_game
from cardkit.rules import parse_card_text
from cardkit.load.spreadsheet import read_spreadsheet

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "fixtures" / "game"
SAMPLE = ROOT / "cards" / "star-realms"


class Workspace:
    """A scratch copy of the small test game, loaded once and reused for every input."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="cardkit-fuzz-"))
        self.game = self.root / "game"
        shutil.copytree(GAME, self.game)
        self.game_yaml = (self.game / "game.yaml").read_bytes()
        for extra in self.game.glob("*.yaml"):
            if extra.name != "game.yaml":
                extra.unlink()
        card_set, found = load_card_set(self.game, "game")
        if card_set is None:
            raise RuntimeError(f"the test game does not load: {found}")
        self.checker = CardChecker(card_set.game)

    def reset(self) -> None:
        for path in self.game.iterdir():
            if path.name != "game.yaml":
                path.unlink()
        (self.game / "game.yaml").write_bytes(self.game_yaml)


def _check_diagnostics(found: list[object]) -> None:
    for diag in found:
        code = getattr(diag, "code", None)
        if code not in CODES:
            raise AssertionError(f"not a diagnostic: {diag!r}")


def check_card_file(space: Workspace, data: bytes, suffix: str) -> None:
    """Any bytes as a card file (.yaml, .csv or .xlsx): diagnostics, never an exception.

    The same steps as load_card_set for one file, with the game loaded once.
    """
    path = space.game / f"cards{suffix}"
    path.write_bytes(data)
    shown = f"game/{path.name}"
    if suffix in SHEET_SUFFIXES:
        records, found = read_spreadsheet(path, shown, space.checker.game)
    else:
        records, found = _yaml_records(path, shown)
    _check_diagnostics(found)
    for raw, source, where, unreadable in records:
        _, problems = space.checker.check(raw, source, where, unreadable=unreadable)
        _check_diagnostics(problems)
    path.unlink()


def check_game_file(space: Workspace, data: bytes) -> None:
    """Any bytes as game.yaml: a game or diagnostics, never an exception."""
    (space.game / "game.yaml").write_bytes(data)
    try:
        game, found = load_game(space.game, "game")
        _check_diagnostics(found)
        if game is None and not found:
            raise AssertionError("no game and no reason")
        if game is not None:
            CardChecker(game)  # the card schemas derived from it compile
    finally:
        space.reset()


_GAME_FOR_RULES = None


def rules_game() -> object:
    global _GAME_FOR_RULES
    if _GAME_FOR_RULES is None:
        game, found = load_game(SAMPLE, "star-realms")
        if game is None:
            raise RuntimeError(f"the sample game does not load: {found}")
        _GAME_FOR_RULES = game
    return _GAME_FOR_RULES


def check_rules_text(text: str) -> None:
    """Any text as rules text: abilities that print back to themselves, or RulesTextError."""
    game = rules_game()
    try:
        abilities = parse_card_text(text, game)  # type: ignore[arg-type]
    except RulesTextError:
        return
    canonical = "\n".join(str(a) for a in abilities)
    again = parse_card_text(canonical, game)  # type: ignore[arg-type]
    if again != abilities:
        raise AssertionError(f"round trip changed {text!r}: {canonical!r}")

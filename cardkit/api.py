"""cardkit's public API: what the command line does, as typed functions.

Every name here is also an attribute of the package itself (``import cardkit``), loaded on
first use. Each function takes a loaded game (or paths) and options, and returns values and
diagnostics; none prints or exits. Problems with the cards come back as
`Diagnostic` values (``path:line:col: severity[CODE]
message``), every one found in one run; only what cannot go on raises a
`CardkitError` (an output that cannot be written, a card
name that is not in the game). The command line is a thin layer over the same use cases
(``cardkit.app``).

Example:
    ```python
    import cardkit

    cards, problems = cardkit.load_game("cards/star-realms")
    problems += cardkit.check(cards)
    for problem in problems:
        print(problem)
    result = cardkit.build_deck(cards, cardkit.BuildOptions(paper="letter", png=True))
    print(result.files)
    ```
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.app.options import BuildOptions, RulebookOptions, SimOptions
from cardkit.diagnostics import Diagnostic, Location
from cardkit.errors import CardkitError
from cardkit.model import Card, CardSet, Game

if TYPE_CHECKING:
    from cardkit.app.build import BuildResult
    from cardkit.app.fmt import Formatting
    from cardkit.app.sim import Simulation

__all__ = [
    "BuildOptions",
    "Card",
    "CardSet",
    "CardkitError",
    "Diagnostic",
    "Game",
    "Location",
    "RulebookOptions",
    "SimOptions",
    "build_deck",
    "build_rulebook",
    "check",
    "format_rules_text",
    "import_spreadsheet",
    "length",
    "load_game",
    "new_game",
    "simulate",
    "unparsed_rules_text",
]


def load_game(path: str | Path) -> tuple[CardSet | None, list[Diagnostic]]:
    """Load a game folder: its game.yaml and every card file below it.

    Args:
        path: the game folder, the one holding game.yaml. Diagnostics name files as this
            path is written.

    Returns:
        card_set: The game and its cards; None when game.yaml itself cannot be used. A card
            with an error in its fields is left out of it, and a diagnostic says why.
        problems: Every problem found loading it (files, YAML, schema, fields).

    Example:
        ```python
        cards, problems = cardkit.load_game("cards/star-realms")
        print(cards.game.name, len(cards.cards), "cards,", len(problems), "problems")
        ```
    """
    from cardkit.app.game import open_game

    return open_game(path)


def check(card_set: CardSet, *, loaded: Iterable[Diagnostic] = ()) -> list[Diagnostic]:
    """Every problem ``cardkit validate`` finds in a loaded game beyond loading it.

    The rules text (grammar, keywords, references, wording), the set as a whole (deck rules,
    constraints, the cost curve), the layouts, icons and art, and whether each card's text
    fits its face. Each card's ``suppress`` list applies.

    Args:
        card_set: a game loaded by `load_game`.
        loaded: the problems ``load_game`` found. Given, they are returned too, less those
            the cards suppress, so that the result is what ``cardkit validate`` prints.

    Returns:
        The diagnostics, sorted by place.

    Example:
        ```python
        cards, problems = cardkit.load_game("cards/star-realms")
        everything = cardkit.check(cards, loaded=problems)
        errors = [d for d in everything if d.severity == "error"]
        ```
    """
    from cardkit.app.validate import check_cards

    return check_cards(card_set, loaded)


def unparsed_rules_text(card_set: CardSet) -> list[Diagnostic]:
    """The lines of the cards' rules text that do not parse, one error each.

    Each names its card (``card``), the place of the line in its card file, what the grammar
    expected there and, when it can tell, what was meant. These lines are printed as written
    on the cards and left out of the reference pages and the simulator. Cards' ``suppress``
    lists do not apply.

    Args:
        card_set: a game loaded by `load_game`.

    Returns:
        The diagnostics, in card order.

    Example:
        ```python
        broken = {d.card for d in cardkit.unparsed_rules_text(cards)}
        ```
    """
    from cardkit.rules.context import parse_set

    return list(parse_set(card_set).parse_errors)


def length(text: str) -> float:
    """A length written with its unit, in points: for the lengths of ``BuildOptions``.

    Args:
        text: a number and a unit, one of mm, cm, in and pt (``3mm``, ``0.125in``).

    Raises:
        LengthError: a malformed length; its message lists the accepted forms.

    Example:
        ```python
        options = cardkit.BuildOptions(bleed=cardkit.length("2mm"), gutter=cardkit.length("1mm"))
        ```
    """
    from cardkit.render.units import parse_length

    return parse_length(text)


def build_deck(card_set: CardSet, options: BuildOptions | None = None) -> BuildResult:
    """Write a game's print-and-play deck.pdf, and the exports ``options`` ask for.

    The cards are laid out on sheets, fronts and backs paired for duplex printing, into
    ``<output>/deck.pdf``; with ``single``, ``png`` or ``tts`` also one card per page, a PNG
    per card, and Tabletop Simulator deck sheets. Every file is written atomically. Nothing
    is written when the deck has an error (a broken layout or picture, a card size that does
    not fit the paper).

    Args:
        card_set: a game loaded by `load_game`.
        options: paper, bleed, output folder, which cards and which exports (default:
            ``BuildOptions()``, A4 into ``output/<game id>``).

    Returns:
        The files written and every problem found, as a ``BuildResult`` (``files``,
            ``deck``, ``pages``, ``diagnostics``, ``export_diagnostics``).

    Raises:
        UsageError: ``options.only`` names a card that is not in the game.
        LayoutError: ``options.paper`` is neither a paper's name nor WIDTHxHEIGHT.
        OutputError: a file cannot be written.

    Example:
        ```python
        options = cardkit.BuildOptions(paper="letter", output=Path("print"), single=True)
        result = cardkit.build_deck(cards, options)
        print(result.deck, result.pages, "pages")
        ```
    """
    from cardkit.app.build import build

    return build(card_set, options or BuildOptions())


def build_rulebook(
    card_set: CardSet, options: RulebookOptions | None = None
) -> tuple[list[Path], list[Diagnostic]]:
    """Write a game's reference pages (contents, card list, icons, sheets) as PDF, HTML and
    Markdown.

    Every file is made in memory first; when a template fails, or the game has an error,
    nothing is written.

    Args:
        card_set: a game loaded by `load_game`.
        options: which formats, and the output folder (default: all three, into
            ``output/<game id>``).

    Returns:
        written: The files written; none when there is an error.
        problems: Every problem found.

    Raises:
        OutputError: a file cannot be written.

    Example:
        ```python
        written, problems = cardkit.build_rulebook(
            cards, cardkit.RulebookOptions(formats=("md",), output=Path("site"))
        )
        ```
    """
    from cardkit.app.rulebook import make_rulebook
    from cardkit.diagnostics import count_errors

    book = make_rulebook(card_set, options or RulebookOptions())
    found = list(book.diagnostics)
    if count_errors(found)[0] or not book.files:
        return [], found
    return book.write(), found


def simulate(
    card_set: CardSet, options: SimOptions | None = None
) -> tuple[Simulation | None, list[Diagnostic]]:
    """Play seeded games between bots, as ``cardkit sim`` does, and summarise them.

    The game needs a ``play:`` declaration in game.yaml. With ``options.add``, the added
    cards are dealt into the market deck, and a second sweep without them says what they
    change. The same options give the same figures, whatever the number of jobs.

    Args:
        card_set: a game loaded by `load_game`.
        options: games, seed, bots, processes, cards to add (default: ``SimOptions()``,
            1000 games of two greedy bots).

    Returns:
        simulation: The ``Simulation`` -- its ``summary`` (seat win rates with their
            intervals, average turns and margin, per-card figures) and ``report()`` (all of
            it as JSON values); None when the game cannot be played.
        problems: Every problem found.

    Raises:
        UsageError: an unknown bot (``SimOptions`` itself refuses fewer than one game, a
            negative seed, fewer than one job).

    Example:
        ```python
        played, problems = cardkit.simulate(cards, cardkit.SimOptions(games=200, seed=3))
        a, b = played.summary.slots
        print(f"seat A wins {a.value:.0%}, seat B {b.value:.0%}")
        ```
    """
    from cardkit.app.sim import play, prepare_set

    plan, found = prepare_set(card_set, options or SimOptions())
    return (None if plan is None else play(plan)), found


def import_spreadsheet(
    spreadsheet: str | Path, game: str | Path, *, keep_going: bool = False
) -> tuple[str | None, list[Diagnostic]]:
    """A CSV or XLSX card spreadsheet as YAML card files, as ``cardkit import`` makes it.

    The game folder's ``spreadsheet:`` mapping says which column is which field; each row
    is checked as a card file's card is.

    Args:
        spreadsheet: a .csv or .xlsx file, one card per row.
        game: the game folder whose column mapping applies.
        keep_going: make the YAML of the rows without errors even when other rows have
            some (they are left out, and their errors returned).

    Returns:
        text: The YAML text; None when a row has an error (unless ``keep_going``).
        problems: Every problem found.

    Example:
        ```python
        text, problems = cardkit.import_spreadsheet("cards.xlsx", "cards/my-game")
        if text is not None:
            Path("cards/my-game/cards.yaml").write_text(text, encoding="utf-8")
        ```
    """
    from cardkit.app.importing import import_spreadsheet as read

    result = read(spreadsheet, game=game, keep_going=keep_going)
    return result.text, list(result.diagnostics)


def format_rules_text(card_set: CardSet, *, check: bool = False) -> Formatting:
    """Rewrite the cards' rules text in canonical wording, in their card files.

    Each line that parses is replaced by the canonical text of its ability; lines that do
    not parse stay as written. Files keep their comments and layout. A card in a spreadsheet,
    or in a file that cannot be edited safely, is not rewritten (CK014 says why).

    Args:
        card_set: a game loaded by `load_game`.
        check: change nothing; only find what would change.

    Returns:
        What changed and what could not, as a ``Formatting`` (per card file the changes
            and any refusal, the lines that do not parse, the counts ``changed``,
            ``failed`` and ``unchanged``, and ``clean``).

    Example:
        ```python
        pending = cardkit.format_rules_text(cards, check=True)
        for file in pending.files:
            for rewrite in file.rewrites:
                print(file.shown, rewrite.card.id, rewrite.text)
        ```
    """
    from cardkit.app.fmt import format_cards

    return format_cards(card_set, check=check)


def new_game(name: str, into: str | Path = "cards", *, kind: str = "plain") -> Path:
    """Start a game folder with sample cards that validate, as ``cardkit new`` does.

    Args:
        name: the game's name; its folder is named after it (``Moon Tactics``:
            ``moon-tactics``).
        into: the folder to make it in.
        kind: ``plain`` (units and actions with a cost) or ``deck-builder`` (with a
            ``play:`` setup that `simulate` plays at once).

    Returns:
        The new game folder.

    Raises:
        UsageError: an unknown kind, a name that makes no folder name, or a folder of
            that name that is there already.
        OutputError: the folder cannot be made.

    Example:
        ```python
        folder = cardkit.new_game("Moon Tactics", into=tmp)
        cards, problems = cardkit.load_game(folder)
        ```
    """
    from cardkit.app.new_game import new_game as create

    return create(name, Path(into), kind=kind)

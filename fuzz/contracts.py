"""What the fuzz harnesses share: the contracts each input must keep, and the seed inputs.

A harness feeds bytes to one of the ``check_*`` functions; any exception that escapes
one is a crash (atheris stops and saves the input). They import only from cardkit, so
the same functions serve atheris (fuzz_*.py) and a plain replay of saved inputs.
"""

from __future__ import annotations

import io
import re
import shutil
import tempfile
from pathlib import Path

from cardkit.diagnostics import CODES
from cardkit.errors import RulesTextError
from cardkit.load.cards import SHEET_SUFFIXES, CardChecker, _yaml_records, load_card_set
from cardkit.load.game import load_game
from cardkit.load.spreadsheet import read_spreadsheet
from cardkit.rules import parse_card_text

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


# --- the surfaces of the second hardening pass: SVG, XLSX parts, templates, layouts, terminal


class SurfaceSpace(Workspace):
    """The scratch game with its cards kept, and the reference its templates render."""

    def __init__(self) -> None:
        from cardkit.app.rulebook import make_reference

        super().__init__()
        card_set, found = load_card_set(GAME, "game")
        if card_set is None:
            raise RuntimeError(f"the test game does not load: {found}")
        self.reference, _ = make_reference(card_set)
        (self.game / "art").mkdir(exist_ok=True)
        (self.game / "rulebook").mkdir(exist_ok=True)
        (self.game / "layouts").mkdir(exist_ok=True)

    def reset(self) -> None:
        for folder in ("art", "rulebook", "layouts"):
            for path in (self.game / folder).iterdir():
                path.unlink()


# What a browser acts on in an SVG file (checked on its bytes, in lower case).
_ACTIVE = re.compile(rb"<script|<foreignobject|javascript:|\son[a-z]+\s*=|<style[^>]*>[^<]*@import")


def check_svg(space: SurfaceSpace, data: bytes) -> None:
    """Any bytes as SVG art or an icon: a drawing or a CK213 warning, never an exception; a
    picture that is accepted holds no active content (it may be copied into HTML)."""
    from cardkit.diagnostics import Location
    from cardkit.render.images import load_picture

    (space.game / "art" / "x.svg").write_bytes(data)
    picture, found = load_picture(
        space.game, "art/x.svg", Location("game/x.yaml", 1, 1), what="art"
    )
    _check_diagnostics(list(found))
    if picture is None:
        if not found:
            raise AssertionError("no picture and no reason")
        return
    active = _ACTIVE.search((picture.svg or b"").lower())
    if active:
        raise AssertionError(f"an SVG picture with {active.group()!r} was accepted")


def check_xlsx(space: Workspace, data: bytes) -> None:
    """Any workbook (parts changed, zip damaged): cards or diagnostics, never an exception."""
    check_card_file(space, data, ".xlsx")


class Slow(BaseException):
    """Raised by a harness's timer: an input that takes too long (not an Exception, so no
    ``except Exception`` in cardkit swallows it)."""


def check_template(space: SurfaceSpace, text: str) -> None:
    """Any text as the game's reference.md.j2: a page or a located CK30x diagnostic."""
    from cardkit.reference.templating import TemplateRenderer, render_markdown

    (space.game / "rulebook" / "reference.md.j2").write_text(
        text, encoding="utf-8", errors="surrogatepass"
    )
    renderer = TemplateRenderer(space.game, "game")
    found = renderer.unreadable()  # not UTF-8 (a lone surrogate)
    page = None
    if not found:
        page, found = render_markdown(renderer, space.reference, {}, {})
    _check_diagnostics(list(found))
    for diag in found:
        if not str(diag.location.path).startswith(("game/rulebook", "templates/rulebook")):
            raise AssertionError(f"a template problem located outside the templates: {diag}")
    if page is None and not found:
        raise AssertionError("no page and no reason")


def check_layouts(space: SurfaceSpace, files: dict[str, str]) -> None:
    """Any layout files (chains of 'extends' among them): layouts or diagnostics."""
    from cardkit.render.layoutfile import LayoutLibrary

    for name, text in files.items():
        (space.game / "layouts" / f"{name}.yaml").write_text(
            text, encoding="utf-8", errors="surrogatepass"
        )
    try:
        library = LayoutLibrary(space.game)
        for name in sorted(files):
            library.get(name)
        _check_diagnostics(list(library.diagnostics))
    finally:
        space.reset()


_RAW = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]"
)


def check_terminal(text: str) -> None:
    """Any text as a file name, a message and a table cell: what the console writes holds
    no character a terminal acts on, and each diagnostic stays on one line."""
    from rich.table import Table
    from rich.text import Text

    from cardkit.cli.output import _safe_console, print_diagnostics
    from cardkit.diagnostics import Location, error

    buffer = io.StringIO()
    console = _safe_console()(file=buffer, highlight=False, soft_wrap=True, width=80)
    diag = error(
        "CK023", f"card {text!r} or {text}", Location(f"game/{text}.yaml", 1, 1), hint=text
    )
    print_diagnostics(console, [diag], "text")
    lines = buffer.getvalue().splitlines()
    if len(lines) != (2 if text else 1):  # the line and its hint
        raise AssertionError(f"a diagnostic took {len(lines)} lines: {lines!r}")
    table = Table("card", "text")
    table.add_row(Text(text), Text(text))  # as the commands' tables hold card names
    console.print(table)
    console.print(Text(text), soft_wrap=True)
    shown = buffer.getvalue()
    if _RAW.search(shown):
        raise AssertionError(f"a raw character reached the terminal: {shown!r}")

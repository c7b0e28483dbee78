"""`cardkit fmt`: rewrite cards' rules text in canonical wording, as black does for code.

``plan_formatting`` finds what would change (``cardkit.rules.fmt``) and the new text of each
card file, keeping its comments and layout (``cardkit.load.yamledit``); ``FileRewrite.write``
writes one file; ``format_cards`` does both. A file fmt cannot rewrite -- outside the game
folder, a spreadsheet, YAML it cannot edit safely -- is left as it was, with a CK014 that
says why.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit import transaction
from cardkit.app.game import open_game
from cardkit.atomic import cannot_write
from cardkit.diagnostics import Diagnostic, Location, Severity, error
from cardkit.model import CardSet
from cardkit.rules.fmt import CardRewrite, plan_format

BOM = b"\xef\xbb\xbf"

if TYPE_CHECKING:  # ruamel.yaml is loaded only when a file is rewritten
    from cardkit.load.yamledit import YamlEditError


@dataclass(frozen=True, slots=True)
class FileRewrite:
    """The cards of one card file whose text changes (``shown``: the file as the user
    writes it) and the file's new text; or, when the file cannot be rewritten, the CK014
    that says why."""

    shown: str
    rewrites: tuple[CardRewrite, ...]
    refusal: Diagnostic | None = None
    path: Path | None = None
    text: str | None = None

    def write(self) -> None:
        """Write the file's new text (nothing when it is refused), in the open output
        transaction or alone in one atomic step; raises OutputError (CK005) when it cannot be
        written."""
        if self.path is not None and self.text is not None:
            target = self.path.resolve()  # a linked card file is written through its link
            try:
                kept = target.stat().st_mode & 0o7777
                bom = target.read_bytes().startswith(BOM)
            except OSError as exc:
                raise cannot_write(target, exc) from None
            text = "\ufeff" + self.text if bom else self.text
            transaction.write(target, text, mode=kept)  # its mode and BOM kept


@dataclass(frozen=True, slots=True, kw_only=True)
class Formatting:
    """What ``format_cards`` changed (or, with ``check``, would change) and what it could not.

    ``files``: per card file, sorted; ``in_spreadsheets``: cards whose text is in a
    spreadsheet, not rewritten (CK014 each, ``spreadsheet_diagnostics``); ``not_parsed``:
    lines left as written because they do not parse; ``unchanged``: cards already canonical;
    ``load_errors``: the errors found loading the game (its cards may then be fewer).
    """

    card_set: CardSet | None
    check: bool = False
    files: tuple[FileRewrite, ...] = ()
    in_spreadsheets: tuple[CardRewrite, ...] = ()
    not_parsed: tuple[Diagnostic, ...] = ()
    unchanged: int = 0
    load_errors: tuple[Diagnostic, ...] = ()

    def write(self) -> None:
        """Write every file that can be rewritten, in one output transaction in the game
        folder: all change together, or none. Raises OutputError (CK005)."""
        if self.card_set is None or self.check:
            return
        with transaction.output_transaction(self.card_set.game.root):
            for file in self.files:
                file.write()

    @property
    def changed(self) -> int:
        """Cards rewritten (with ``check``: that would be)."""
        return sum(len(f.rewrites) for f in self.files if f.refusal is None)

    @property
    def failed(self) -> int:
        """Cards whose text is not canonical and that fmt cannot rewrite."""
        refused = sum(len(f.rewrites) for f in self.files if f.refusal is not None)
        return refused + len(self.in_spreadsheets)

    @property
    def clean(self) -> bool:
        """Nothing left to do: no error, no card fmt could not rewrite, no line that does
        not parse, and with ``check``, nothing that would change."""
        left = self.failed or self.not_parsed or (self.check and self.changed)
        return not (self.load_errors or left)


def spreadsheet_problems(rewrite: CardRewrite) -> list[Diagnostic]:
    """CK014 for each line of a card in a spreadsheet that fmt would change."""
    return [
        error(
            "CK014",
            f"text of {rewrite.card.id!r} not rewritten: it is in a spreadsheet "
            f"({change.old!r} -> {change.new!r})",
            change.location,
            card=rewrite.card.id,
            hint="make the change in the spreadsheet",
        )
        for change in rewrite.changes
    ]


def plan_game_formatting(path: str | Path, *, check: bool = False) -> Formatting:
    """Load the game folder at ``path`` and plan its formatting; nothing is written."""
    card_set, found = open_game(path)
    load_errors = tuple(d for d in found if d.severity is Severity.ERROR)
    if card_set is None:
        return Formatting(card_set=None, check=check, load_errors=load_errors)
    return replace(plan_formatting(card_set, check=check), load_errors=load_errors)


def format_cards(card_set: CardSet, *, check: bool = False) -> Formatting:
    """Rewrite the rules text of a loaded game's cards in canonical wording, in their card
    files (with ``check``: change nothing, only find what would change)."""
    formatting = plan_formatting(card_set, check=check)
    formatting.write()
    return formatting


def plan_formatting(card_set: CardSet, *, check: bool = False) -> Formatting:
    """What ``format_cards`` would write, file by file; nothing is written."""
    plan = plan_format(card_set)
    sources = plan.context.sources
    root = card_set.game.root.resolve()
    by_file: dict[str, list[CardRewrite]] = defaultdict(list)
    in_spreadsheets = []
    for rewrite in plan.rewrites:
        if rewrite.rewritable:
            by_file[rewrite.card.location("text").path].append(rewrite)
        else:
            in_spreadsheets.append(rewrite)
    files = tuple(
        _rewrite(sources.path(shown), shown, rewrites, root)
        for shown, rewrites in sorted(by_file.items())
    )
    return Formatting(
        card_set=card_set,
        check=check,
        files=files,
        in_spreadsheets=tuple(in_spreadsheets),
        not_parsed=tuple(plan.not_parsed),
        unchanged=plan.unchanged,
    )


def _rewrite(path: Path, shown: str, rewrites: list[CardRewrite], root: Path) -> FileRewrite:
    """One card file's new text, or why it cannot be rewritten: a file fmt cannot rewrite
    is left as it was."""
    from cardkit.load.textfile import read_text
    from cardkit.load.yamledit import YamlEditError, replace_values

    if not path.resolve().is_relative_to(root):
        outside = error(
            "CK014",
            "not rewritten: the file is outside the game folder",
            Location(shown),
            hint="move the file into the game folder, or make the changes listed below by hand",
        )
        return FileRewrite(shown, tuple(rewrites), outside)
    places = {_place(rewrite): rewrite for rewrite in rewrites}
    changes = {place: rewrite.text for place, rewrite in places.items()}
    source, _ = read_text(path, shown)
    try:
        if source is None:
            raise YamlEditError("the file cannot be read")
        result = replace_values(source, changes)
    except YamlEditError as exc:
        refusal = _refusal(shown, exc, places.get(exc.place) if exc.place else None)
        return FileRewrite(shown, tuple(rewrites), refusal)
    return FileRewrite(shown, tuple(rewrites), path=path, text=result)


def _place(rewrite: CardRewrite) -> tuple[int, int]:
    where = rewrite.card.location("text")
    return where.line, where.column


def _refusal(shown: str, exc: YamlEditError, blamed: CardRewrite | None) -> Diagnostic:
    """CK014: the file fmt does not write, where and why, and what to do instead."""
    by_hand = "make the changes listed below by hand"
    what = f"text of {blamed.card.id!r} not rewritten" if blamed else "not rewritten"
    return error(
        "CK014",
        f"{what}: {exc}; the file is left as it was",
        Location(shown, *exc.place) if exc.place else Location(shown),
        card=blamed.card.id if blamed else None,
        hint=f"{exc.hint}, or {by_hand}" if exc.hint else by_hand,
    )

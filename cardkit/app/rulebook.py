"""`cardkit rulebook`: a game's reference pages as PDF, HTML and Markdown, written atomically.

One content model (``cardkit.reference``) for the three outputs. Every output is made in
memory first; when a template fails nothing is written, and the files of a previous run
stay as they were. Nothing is written outside the output folder.
"""

from __future__ import annotations

import io
from base64 import b64encode
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardkit import transaction
from cardkit.app.options import RulebookOptions
from cardkit.diagnostics import Diagnostic, warning
from cardkit.effects import Ability
from cardkit.export.charts import chart_svg
from cardkit.export.reference_pdf import reference_pdf
from cardkit.inflect import plural
from cardkit.model import CardSet, Game
from cardkit.reference.build import build_reference
from cardkit.reference.content import Reference
from cardkit.reference.templating import TemplateRenderer, render_html, render_markdown
from cardkit.reference.words import CardText
from cardkit.render.images import Picture
from cardkit.render.style import prepare_style
from cardkit.rules.context import parse_set

FILES: Mapping[str, str] = {"pdf": "reference.pdf", "html": "reference.html", "md": "reference.md"}
ICON_FOLDER = "reference-icons"  # the Markdown's icons, next to it
ICON_PIXELS = 64
MEDIA_TYPES: Mapping[str, str] = {"png": "image/png", "svg": "image/svg+xml"}
ICON_CODES = ("CK212", "CK213")  # picture problems: a refused path, an unreadable file


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A game's reference pages made in memory: each file's name and content (none when a
    template fails), the folder they go in, and every problem found making them."""

    folder: Path
    files: Mapping[str, bytes | str]
    diagnostics: tuple[Diagnostic, ...]

    def write(self) -> list[Path]:
        """Write the files into ``folder`` in one output transaction (all or none); raises
        OutputError (CK005) when one cannot be written."""
        return write_outputs(self.folder, self.files)


def make_rulebook(
    card_set: CardSet, options: RulebookOptions, *, shown_root: str | None = None
) -> Rulebook:
    """A loaded game's reference pages in the formats ``options`` ask for, not yet written.

    ``shown_root``: the game folder as the user wrote it, for the places of template
    problems (default: the folder's path).
    """
    reference, found = make_reference(card_set)
    shown = shown_root if shown_root is not None else str(card_set.game.root)
    files, more = render_outputs(reference, options, card_set.game, shown)
    return Rulebook(output_folder(card_set, options), files, (*found, *more))


def chart_file(chart_id: str) -> str:
    """The image file of a chart, next to reference.md."""
    return f"reference-{chart_id}.svg"


def make_reference(card_set: CardSet) -> tuple[Reference, list[Diagnostic]]:
    """The content model, and a CK315 warning for each card with lines of rules text that do
    not parse (the pages show those lines as written; ``cardkit validate`` says why)."""
    context = parse_set(card_set)
    texts: dict[str, CardText] = {}
    found: list[Diagnostic] = []
    for card in card_set.cards:
        parsed = context.parsed.get(card.id, [])
        failed = context.failed.get(card.id, [])
        lines: list[tuple[int, Ability | str]] = [(p.line, p.ability) for p in parsed]
        lines += [(f.line, f.text) for f in failed]
        texts[card.id] = tuple(line for _, line in sorted(lines, key=lambda pair: pair[0]))
        if failed:
            first = min(failed, key=lambda f: f.line)
            found.append(
                warning(
                    "CK315",
                    f"{plural(len(failed), 'line')} of rules text of {card.id!r} "
                    + (
                        "does not parse; the reference pages show it as written"
                        if len(failed) == 1
                        else "do not parse; the reference pages show them as written"
                    ),
                    context.at(card, first.line, 1),
                    card=card.id,
                    hint="'cardkit validate' says why",
                )
            )
    reference, more = build_reference(card_set, texts)
    return reference, [*found, *more]


def reference_icons(game: Game) -> tuple[dict[str, Picture], list[Diagnostic]]:
    """The game's icons, decoded as for its cards (confined paths, bomb limit), by id; and
    the problems of those that cannot be drawn (they are left out, the word stays)."""
    style, found = prepare_style(game)
    return dict(style.icons), [d for d in found if d.code in ICON_CODES]


def icon_file(picture: Picture) -> tuple[str, bytes]:
    """The icon for HTML and Markdown, as (file type, bytes): an SVG as the game wrote it
    (the bytes that were checked to hold no active content), else a small PNG
    (``ICON_PIXELS`` at most each way)."""
    if picture.svg is not None:
        return "svg", picture.svg
    assert picture.image is not None
    image = picture.image.copy()
    image.thumbnail((ICON_PIXELS, ICON_PIXELS))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return "png", buffer.getvalue()


def render_outputs(
    reference: Reference, options: RulebookOptions, game: Game, shown_root: str
) -> tuple[dict[str, bytes | str], list[Diagnostic]]:
    """Every file to write (name -> content), or nothing and the template errors; the
    problems of icons that cannot be drawn come back as warnings."""
    files: dict[str, bytes | str] = {}
    renderer = TemplateRenderer(game.root, shown_root)
    if "html" in options.formats or "md" in options.formats:
        unreadable = renderer.unreadable()
        if unreadable:
            return {}, unreadable
    pictures, icon_problems = reference_icons(game)
    icon_files = {key: icon_file(picture) for key, picture in sorted(pictures.items())}
    svgs = {chart.id: chart_svg(chart) for chart in reference.charts}
    found: list[Diagnostic] = []
    if "html" in options.formats:
        uris = {
            key: f"data:{MEDIA_TYPES[kind]};base64,{b64encode(data).decode()}"
            for key, (kind, data) in icon_files.items()
        }
        html, problems = render_html(renderer, reference, svgs, uris)
        found += problems
        if html is not None:
            files[FILES["html"]] = html
    if "md" in options.formats:
        names = {key: chart_file(key) for key in svgs}
        icon_names = {key: f"{ICON_FOLDER}/{key}.{kind}" for key, (kind, _) in icon_files.items()}
        markdown, problems = render_markdown(renderer, reference, names, icon_names)
        found += problems
        if markdown is not None:
            files[FILES["md"]] = markdown
            files.update({names[key]: svg for key, svg in svgs.items()})
            files.update({icon_names[key]: data for key, (_, data) in icon_files.items()})
    if found:
        return {}, found
    if "pdf" in options.formats:
        # a raster icon by its file; an SVG one by its id, drawn as vectors by a callback
        sources = {
            key: pic.source if pic.drawing is None else f"#{key}" for key, pic in pictures.items()
        }
        files[FILES["pdf"]] = reference_pdf(reference, icons=sources, pictures=pictures)
    return files, icon_problems


def output_folder(card_set: CardSet, options: RulebookOptions) -> Path:
    return options.output if options.output is not None else Path("output") / card_set.game.id


def write_outputs(folder: Path, files: Mapping[str, bytes | str]) -> list[Path]:
    """Write the files into ``folder`` in one output transaction: all are swapped in
    together, or none; raises OutputError (CK005) when one cannot be written."""
    written: list[Path] = []
    with transaction.output_transaction(folder):  # the pages and their icons change together
        for name, data in files.items():
            transaction.write(folder / name, data)
            written.append(folder / name)
    return written

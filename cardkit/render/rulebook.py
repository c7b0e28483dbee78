"""`cardkit rulebook`: a game's reference pages as PDF, HTML and Markdown, written atomically.

One content model (``cardkit.reference``) for the three outputs. Every output is made in
memory first; when a template fails nothing is written, and the files of a previous run
stay as they were. Nothing is written outside the output folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardkit.atomic import write_atomic
from cardkit.diagnostics import Diagnostic, Location, Severity, error
from cardkit.errors import OutputError
from cardkit.model import CardSet
from cardkit.reference.build import build_reference
from cardkit.reference.content import Reference
from cardkit.reference.templating import TemplateRenderer, render_html, render_markdown
from cardkit.render.charts import chart_svg
from cardkit.render.reference_pdf import reference_pdf
from cardkit.rules.context import parse_set

FORMATS: tuple[str, ...] = ("pdf", "html", "md")
FILES: Mapping[str, str] = {"pdf": "reference.pdf", "html": "reference.html", "md": "reference.md"}


@dataclass(frozen=True, slots=True, kw_only=True)
class RulebookOptions:
    formats: tuple[str, ...] = FORMATS
    output: Path | None = None  # default: output/<game id>


def chart_file(chart_id: str) -> str:
    """The image file of a chart, next to reference.md."""
    return f"reference-{chart_id}.svg"


def make_reference(card_set: CardSet) -> tuple[Reference | None, list[Diagnostic]]:
    """The content model; None when the rules text has errors (they are returned)."""
    context = parse_set(card_set)
    if any(d.severity is Severity.ERROR for d in context.parse_errors):
        return None, context.parse_errors
    abilities = {
        key: tuple(line.ability for line in lines) for key, lines in context.parsed.items()
    }
    reference, found = build_reference(card_set, abilities)
    return reference, [*context.parse_errors, *found]


def render_outputs(
    reference: Reference, options: RulebookOptions, root: Path, shown_root: str
) -> tuple[dict[str, bytes | str], list[Diagnostic]]:
    """Every file to write (name -> content), or nothing and the template errors."""
    files: dict[str, bytes | str] = {}
    found: list[Diagnostic] = []
    renderer = TemplateRenderer(root, shown_root)
    if "html" in options.formats or "md" in options.formats:
        unreadable = renderer.unreadable()
        if unreadable:
            return {}, unreadable
    svgs = {chart.id: chart_svg(chart) for chart in reference.charts}
    if "html" in options.formats:
        html, problems = render_html(renderer, reference, svgs)
        found += problems
        if html is not None:
            files[FILES["html"]] = html
    if "md" in options.formats:
        names = {key: chart_file(key) for key in svgs}
        markdown, problems = render_markdown(renderer, reference, names)
        found += problems
        if markdown is not None:
            files[FILES["md"]] = markdown
            files.update({names[key]: svg for key, svg in svgs.items()})
    if found:
        return {}, found
    if "pdf" in options.formats:
        files[FILES["pdf"]] = reference_pdf(reference)
    return files, found


def output_folder(card_set: CardSet, options: RulebookOptions) -> Path:
    return options.output if options.output is not None else Path("output") / card_set.game.id


def write_outputs(
    folder: Path, files: Mapping[str, bytes | str]
) -> tuple[list[Path], list[Diagnostic]]:
    """Write each file atomically into ``folder``; a file that cannot be written is CK005."""
    written: list[Path] = []
    found: list[Diagnostic] = []
    for name, data in files.items():
        path = folder / name
        try:
            write_atomic(path, data)
        except OutputError as exc:
            found.append(
                error(
                    "CK005",
                    f"cannot write output: {exc.reason}",
                    Location(exc.path),
                    hint="choose another place with -o, or make room there",
                )
            )
        else:
            written.append(path)
    return written, found

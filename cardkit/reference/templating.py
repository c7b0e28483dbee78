"""Rendering the reference through jinja2 templates, every one in the sandbox.

Templates are found first in the game's ``rulebook/`` folder, then in cardkit's
``templates/rulebook/``; the built-in ones are also reachable as ``default/NAME`` so that a
game's template can extend the one it overrides. Every template runs in a
``SandboxedEnvironment`` with ``StrictUndefined`` (HTML autoescaped); any failure becomes a
diagnostic located at the template's file and line, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import re
import traceback
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from jinja2 import (
    ChoiceLoader,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    TemplateNotFound,
    TemplatesNotFound,
    TemplateSyntaxError,
    UndefinedError,
    pass_context,
)
from jinja2.exceptions import SecurityError
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.package_data import data_dir
from cardkit.reference.content import Cell, Reference, Span

GAME_TEMPLATES = "rulebook"  # the folder of a game's own templates
TEMPLATE_SUFFIX = ".j2"
HTML_TEMPLATE = "reference.html.j2"
MARKDOWN_TEMPLATE = "reference.md.j2"
_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#])")


def builtin_templates() -> Path:
    return data_dir("templates") / "rulebook"


def css_color(value: object, fallback: str = "#555555") -> str:
    """A colour for a style attribute: only ``#rgb``/``#rrggbb`` gets through."""
    return value if isinstance(value, str) and _COLOR.match(value) else fallback


def md_escape(value: object) -> str:
    """Text for Markdown: its markup characters escaped, lines joined with <br>."""
    text = _MD_SPECIAL.sub(r"\\\1", str(value))
    return text.replace("\r", "").replace("\n", "<br>")


def _styled_groups(cell: Cell) -> list[tuple[bool, bool, list[Span]]]:
    """The spans of a cell in runs of the same bold and italic markup."""
    groups: list[tuple[bool, bool, list[Span]]] = []
    for span in cell:
        if groups and groups[-1][:2] == (span.bold, span.italic):
            groups[-1][2].append(span)
        else:
            groups.append((span.bold, span.italic, [span]))
    return groups


@pass_context
def html_cell(context: Context, cell: Cell) -> Markup:
    """A table cell as HTML: text escaped, the game's words styled, each icon (one of
    ``icons`` in the template's context, id -> data URI) before its word, or in its place
    (an icon by name, its word the label readers hear); the card text's bold and italic."""
    icons: Mapping[str, str] = context.get("icons") or {}
    parts: list[str] = []
    for bold, italic, spans in _styled_groups(cell):
        inner: list[str] = []
        for span in spans:
            text = str(escape(span.text)).replace("\n", "<br>")
            if span.icon in icons:  # drawn by the page's style: .pic-<id> holds the picture
                label = f' role="img" aria-label="{text}"' if span.alone else ""
                inner.append(f'<span class="pic pic-{escape(span.icon)}"{label}></span>')
                if span.alone:
                    continue
            if span.kind == "plain" or span.alone:
                inner.append(text)
            else:
                color = css_color(span.color)
                inner.append(
                    f'<span class="word {span.kind}" style="--word: {color}">{text}</span>'
                )
        piece = "".join(inner)
        piece = f"<strong>{piece}</strong>" if bold else piece
        parts.append(f"<em>{piece}</em>" if italic else piece)
    return Markup("".join(parts))


def _emphasised(text: str, marks: str) -> str:
    """``text`` in Markdown emphasis (``**``, ``*``), its spaces outside the marks."""
    core = text.strip()
    if not marks or not core:
        return text
    start = text[: len(text) - len(text.lstrip())]
    end = text[len(text.rstrip()) :]
    return f"{start}{marks}{core}{marks}{end}"


@pass_context
def md_cell(context: Context, cell: Cell) -> str:
    """A table cell as Markdown: each icon (``icons``: id -> image file) before its word, or
    in its place (an icon by name, its word as the image's text); the game's words and the
    card text's markup in bold, its italic markup in italics."""
    icons: Mapping[str, str] = context.get("icons") or {}
    parts: list[str] = []
    for bold, italic, spans in _styled_groups(cell):
        inner: list[str] = []
        for span in spans:
            text = md_escape(span.text)
            if span.alone and span.icon in icons:
                inner.append(f"![{text}]({icons[span.icon]})")
                continue
            if span.icon in icons:
                inner.append(f"![]({icons[span.icon]}) ")
            word = span.kind != "plain" and not span.alone and not bold
            inner.append(_emphasised(text, "**" if word else ""))
        marks = ("**" if bold else "") + ("*" if italic else "")
        parts.append(_emphasised("".join(inner), marks))
    return "".join(parts)


class OutsideFolderError(Exception):
    """A template file that is a link to somewhere outside its folder."""

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name)
        self.name = name
        self.filename = filename


class _ConfinedLoader(FileSystemLoader):
    """A FileSystemLoader that refuses files whose real path leaves its folder (links)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder

    def get_source(self, environment: Any, template: str) -> Any:
        found = super().get_source(environment, template)
        if not Path(found[1]).resolve().is_relative_to(self.folder.resolve()):
            raise OutsideFolderError(template, found[1])
        return found


MAX_PRODUCT = 1_000_000  # items a template may make with '*' ("x" * n, [0] * n) or '+'
# Memory a template may take beyond what cardkit holds when it starts: every other way to
# grow a value (doubling with '~', center(), indent(), '%' and format widths) meets this.
MAX_TEMPLATE_MEMORY = 512 * 1024 * 1024


@contextlib.contextmanager
def _memory_ceiling(extra: int) -> Iterator[None]:
    """Within the block, allocating more than ``extra`` bytes of address space on top of what
    the process has raises MemoryError (Linux; elsewhere the block runs unbounded)."""
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        yield
        return
    ceiling = used + extra
    if soft != resource.RLIM_INFINITY and soft <= ceiling:
        yield  # already bounded more tightly
        return
    if hard != resource.RLIM_INFINITY:
        ceiling = min(ceiling, hard)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


MAX_POWER_BITS = 4_096  # bits of a number a template may make with '**'


class _BoundedSandbox(SandboxedEnvironment):
    """The sandbox, with '*' and '**' bounded: "x" * 10**10 would fill the memory."""

    intercepted_binops = frozenset(["*", "**", "+"])

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if (
            operator == "+"
            and isinstance(left, str | list | tuple)
            and isinstance(right, str | list | tuple)
            and len(left) + len(right) > MAX_PRODUCT
        ):
            raise SecurityError(f"joining values makes more than {MAX_PRODUCT:,} items")
        if operator == "*":
            for items, times in ((left, right), (right, left)):
                if (
                    isinstance(items, str | list | tuple)
                    and isinstance(times, int)
                    and len(items) * times > MAX_PRODUCT
                ):
                    raise SecurityError(
                        f"repeating {len(items):,} items {times:,} times makes more than "
                        f"{MAX_PRODUCT:,}"
                    )
        if (
            operator == "**"
            and isinstance(left, int)
            and isinstance(right, int)
            and right > 0
            and abs(left) > 1
            and right * abs(left).bit_length() > MAX_POWER_BITS
        ):
            raise SecurityError(f"{left} ** {right} is a number too large to make")
        return super().call_binop(context, operator, left, right)


class TemplateRenderer:
    """Renders templates for one game folder (``root``, shown as ``shown_root``)."""

    def __init__(self, root: Path, shown_root: str) -> None:
        self.builtin = builtin_templates()
        self.game_dir = root / GAME_TEMPLATES
        self.shown_game_dir = f"{shown_root.rstrip('/')}/{GAME_TEMPLATES}"
        builtin = FileSystemLoader(str(self.builtin))
        self.env = _BoundedSandbox(
            loader=ChoiceLoader(
                [
                    _ConfinedLoader(self.game_dir),
                    builtin,
                    PrefixLoader({"default": builtin}),
                ]
            ),
            undefined=StrictUndefined,
            autoescape=lambda name: bool(name) and ".html" in (name or ""),
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters.update(
            {"cell": html_cell, "md_cell": md_cell, "md": md_escape, "color": css_color}
        )

    def shown(self, filename: str | None) -> str:
        """A template file as diagnostics name it."""
        if not filename:
            return self.shown_game_dir
        path = Path(filename)
        for folder, shown in (
            (self.game_dir, self.shown_game_dir),
            (self.builtin, f"templates/{GAME_TEMPLATES}"),
        ):
            if path.is_relative_to(folder):
                return f"{shown}/{path.relative_to(folder).as_posix()}"
        return filename

    def unreadable(self) -> list[Diagnostic]:
        """CK305 for each of the game's template files that is not UTF-8 text."""
        found = []
        if self.game_dir.is_dir():
            for path in sorted(self.game_dir.rglob(f"*{TEMPLATE_SUFFIX}")):
                if not path.resolve().is_relative_to(self.game_dir.resolve()):
                    continue  # not read: CK306 when a template uses it
                try:
                    path.read_bytes().decode("utf-8")
                except UnicodeDecodeError as exc:
                    found.append(
                        error(
                            "CK305",
                            f"template is not UTF-8 text (byte {exc.start + 1})",
                            Location(self.shown(str(path))),
                            hint="save it as UTF-8",
                        )
                    )
        return found

    def _where(self, exc: BaseException, name: str) -> Location:
        """The template line the error happened at: the deepest template frame."""
        frames = [
            frame
            for frame in traceback.extract_tb(exc.__traceback__)
            if frame.filename.endswith(TEMPLATE_SUFFIX)
        ]
        if frames:
            return Location(self.shown(frames[-1].filename), frames[-1].lineno or 0)
        return Location(self.shown(str(self.game_dir / name)))

    def render(self, name: str, context: Mapping[str, Any]) -> tuple[str | None, list[Diagnostic]]:
        """The template ``name`` rendered, or None and the diagnostic that says why not."""
        try:
            with _memory_ceiling(MAX_TEMPLATE_MEMORY):
                return self.env.get_template(name).render(context), []
        except MemoryError as exc:
            message = (
                "template runs out of memory (a value that doubles in a loop, or a huge width?)"
            )
            return None, [error("CK302", message, self._where(exc, name))]
        except TemplateSyntaxError as exc:
            at = Location(self.shown(exc.filename), exc.lineno)
            return None, [error("CK300", f"template syntax error: {exc.message}", at)]
        except (TemplateNotFound, TemplatesNotFound) as exc:
            message = f"template {exc.name!r} does not exist"
            hint = f"put it in {self.shown_game_dir}/ or use one of cardkit's: " + ", ".join(
                sorted(p.name for p in self.builtin.glob(f"*{TEMPLATE_SUFFIX}"))
            )
            return None, [error("CK303", message, self._where(exc, name), hint=hint)]
        except OutsideFolderError as exc:
            message = f"template {exc.name!r} links outside the game folder; not read"
            return None, [error("CK306", message, Location(self.shown(exc.filename)))]
        except SecurityError as exc:
            message = f"template does something the sandbox forbids: {exc}"
            return None, [error("CK302", message, self._where(exc, name))]
        except UndefinedError as exc:
            detail = (exc.message or "").replace("cardkit.reference.content.", "")
            message = f"template uses something that does not exist: {detail}"
            return None, [error("CK301", message, self._where(exc, name))]
        except Exception as exc:  # any other failure of a template is the template's
            message = f"template fails: {type(exc).__name__}: {exc}"
            return None, [error("CK304", message, self._where(exc, name))]


def template_context(
    reference: Reference, charts: Mapping[str, str], icons: Mapping[str, str]
) -> dict[str, Any]:
    """What the templates see: the reference, each chart (SVG text or a file name) and each
    icon (a data URI or a file name), by id."""
    return {
        "reference": reference,
        "sections": reference.sections,
        "charts": charts,
        "icons": icons,
    }


def render_html(
    renderer: TemplateRenderer,
    reference: Reference,
    svgs: Mapping[str, str],
    icons: Mapping[str, str] | None = None,
) -> tuple[str | None, list[Diagnostic]]:
    """The standalone HTML page; charts inline as SVG (made by cardkit, so marked safe),
    icons as data URIs."""
    charts = {key: Markup(svg) for key, svg in svgs.items()}
    return renderer.render(HTML_TEMPLATE, template_context(reference, charts, icons or {}))


def render_markdown(
    renderer: TemplateRenderer,
    reference: Reference,
    files: Mapping[str, str],
    icons: Mapping[str, str] | None = None,
) -> tuple[str | None, list[Diagnostic]]:
    """The Markdown page; charts and icons as image files named in ``files`` and ``icons``."""
    return renderer.render(MARKDOWN_TEMPLATE, template_context(reference, files, icons or {}))

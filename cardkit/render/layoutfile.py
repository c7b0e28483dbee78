"""Layout files: where each part of a card front goes, as data. Pure: no drawing here.

A layout is a YAML file in ``templates/layouts/`` (built in) or ``cards/<game>/layouts/``
(the game's own, which win over built-in ones of the same name)::

    extends: card                 # optional: start from another layout
    parts:                        # the fixed parts, each a box anchored to the card edges
      name: {left: 4mm, top: 3mm, right: 14mm, height: 8mm}
      rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 27mm}
      art: null                   # leave out a part the parent layout has
    badges:                       # stat badges: which field shows where, in which shape
      cost: {field: cost, shape: circle, right: 3mm, top: 3mm, width: 8mm, height: 8mm}
    lines:                        # fields printed as one line of text (lists, card names)
      requires: {field: requires, label: "Requires:", left: 3mm, right: 3mm, bottom: 24mm,
                 height: 4mm}
      attacks: {field: attacks, item: "{name} {damage}", separator: " / ", left: 3mm, ...}
    pictures:                     # frames, backgrounds, overlays: a file chosen by '{field}'
      frame: {file: "frames/{faction}.png"}              # no box: the whole card, under
      crest: {file: "crests/{rarity}.svg", right: 3mm, ..., layer: over, fit: contain}
    landscape: true               # laid out on the card turned on its side, printed rotated
    corners: 3mm                  # rounded corners: a cut line on sheets, transparent in PNGs

A badge of a ``resources`` field draws one badge per resource the card names, side by side
in its box, each in the resource's colour (or with its icon). A card with no rules text draws
no rules panel: the art grows down into its room and what sits between them moves down.

A box gives exactly two of ``left``/``right``/``width`` and two of ``top``/``bottom``/
``height``: distances from the card's trim edges, so one layout serves cards of several
sizes. Children replace a parent's entries by name. ``schemas/layout.schema.json`` says what a
layout file may hold and words each mistake (its ``x-errors``); here the checked data becomes a
``Layout``. Lengths are strict (see ``units``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Location, SourceMap, did_you_mean, error, warning
from cardkit.errors import LengthError
from cardkit.load.schema import coded_diagnostics, shipped_validator
from cardkit.load.textfile import read_text
from cardkit.load.yamlkept import load_yaml
from cardkit.package_data import data_dir
from cardkit.render.impose import Box
from cardkit.render.units import format_mm, parse_length

LAYOUT_FOLDER = "layouts"
SCHEMA = "layout.schema.json"  # in schemas/: what a layout file may say, and its errors
SECTIONS: tuple[str, ...] = ("parts", "badges", "lines", "texts", "stats", "pictures")
DEFAULT_LAYOUT = "card"

# The fixed parts a layout may place, drawn in this order; badges are drawn after them.
PARTS: tuple[str, ...] = ("art", "name", "type_line", "rules", "faction_icon")
EDGES_X: tuple[str, ...] = ("left", "right", "width")
EDGES_Y: tuple[str, ...] = ("top", "bottom", "height")
# The automatic stats of a layout that places no badges or lines of its own: a badge of one
# field (the cost) and a line of the card type's other short fields (see ``autostats``).
STATS: tuple[str, ...] = ("badge", "line")
LARGEST = parse_length("1000mm")  # no card, sheet or badge is a metre wide
_EPSILON = 0.01  # points
MAX_EXTENDS = 32  # layouts in one chain of 'extends': deeper is refused before it recurses
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
# A picture part's file: a path with '{field}' slots, filled from the card ('{faction}').
_SLOT = re.compile(r"\{([a-z0-9_][a-z0-9_-]*)\}")
LAYERS: tuple[str, ...] = ("under", "over")  # a picture under the parts, or over them
FITS: tuple[str, ...] = ("stretch", "contain", "cover")


@dataclass(frozen=True, slots=True)
class Edges:
    """A box as distances from the card's trim edges (points); None where not given."""

    left: float | None = None
    right: float | None = None
    width: float | None = None
    top: float | None = None
    bottom: float | None = None
    height: float | None = None

    def box(self, card_width: float, card_height: float) -> Box:
        """The box on a card ``card_width`` x ``card_height`` (origin bottom-left)."""
        x, w = _axis(self.left, self.right, self.width, card_width)
        y, h = _axis(self.bottom, self.top, self.height, card_height)
        return Box(x, y, w, h)


def _axis(
    low: float | None, high: float | None, size: float | None, total: float
) -> tuple[float, float]:
    if low is not None and high is not None:
        return low, total - low - high
    if low is not None:
        return low, size or 0.0
    if high is not None:
        width = size or 0.0
        return total - high - width, width
    return 0.0, 0.0


@dataclass(frozen=True, slots=True)
class Element:
    """One part or badge of a layout: what it is, where it goes, how it looks."""

    name: str  # the part ('name', 'art', ...) or the badge's own name
    edges: Edges
    location: Location  # where it was written
    badge: bool = False
    field: str | None = None  # badges: the card field they show
    shape: str = "circle"
    label: str = ""
    icon: str | None = None
    color: str | None = None  # fill; for parts, the panel colour
    ink: str | None = None  # text colour
    size: float | None = None  # font size, points
    align: str = "left"
    line: bool = False  # a text line showing ``field`` (lines section)
    item: str = ""  # lines: the template of each item of a list of objects, "{name} {damage}"
    separator: str = ""  # lines: between the items
    stats: bool = False  # one of the layout's automatic stats (the 'stats' section)
    flavor: bool = True  # rules: print the card's flavor text after its rules, room allowing
    reminders: bool = True  # rules: print keywords' reminder text, room allowing
    text: bool = False  # a text box (texts section): ``field`` or ``fixed`` text, wrapped
    fixed: str = ""  # texts: the text to print when the box names no field
    font: str | None = None  # the game's font (game.yaml 'fonts:') its text is set in
    picture: bool = False  # a picture part (pictures section): ``file`` drawn in its box
    file: str = ""  # pictures: the file, with '{field}' slots filled from the card
    layer: str = "under"  # pictures: drawn under the parts, or over them
    fit: str = "stretch"  # pictures: stretched to the box, whole inside it, or covering it
    bleed: bool = False  # pictures without a box: over the bleed too, not just the card
    zero: bool | None = None  # badges: draw a value of 0 (None: only for a required field)

    @property
    def whole_card(self) -> bool:
        """A picture with no box: it covers the whole card (and its bleed, if ``bleed``)."""
        e = self.edges
        return all(v is None for v in (e.left, e.right, e.width, e.top, e.bottom, e.height))

    def slots(self) -> tuple[str, ...]:
        """The card fields a picture's file names ('frames/{faction}.png': faction)."""
        return tuple(_SLOT.findall(self.file))

    def file_for(self, values: Mapping[str, str]) -> str | None:
        """The picture's file with its slots filled from ``values``; None when one is empty."""
        missing = [name for name in self.slots() if not values.get(name)]
        if missing:
            return None
        return _SLOT.sub(lambda m: values[m.group(1)], self.file)


@dataclass(frozen=True, slots=True)
class Layout:
    """A layout with its inheritance applied: the parts and badges, in drawing order."""

    name: str
    elements: tuple[Element, ...]
    location: Location
    stats: tuple[Element, ...] = ()  # the automatic stats: 'badge' and 'line', when declared
    not_printed: frozenset[str] = frozenset()  # required fields declared as not on the face
    pictures: tuple[Element, ...] = ()  # picture parts: frames, backgrounds, overlays
    landscape: bool = False  # laid out on the card turned on its side, printed rotated right
    corners: float = 0.0  # radius of the card's rounded corners (0: square), points

    def size_on(self, width: float, height: float) -> tuple[float, float]:
        """The width and height the layout's boxes are measured on, for a card of that
        size as printed: turned on its side for a landscape layout."""
        return (height, width) if self.landscape else (width, height)

    def layer(self, name: str) -> tuple[Element, ...]:
        """The picture parts drawn under the other parts ('under') or over them ('over')."""
        return tuple(p for p in self.pictures if p.layer == name)

    def stat(self, name: str) -> Element | None:
        """The automatic stats element ``name`` ('badge' or 'line'); None when not declared."""
        return next((e for e in self.stats if e.name == name), None)

    def part(self, name: str) -> Element | None:
        for element in self.elements:
            if not element.badge and not element.line and not element.text and element.name == name:
                return element
        return None

    @property
    def badges(self) -> tuple[Element, ...]:
        return tuple(e for e in self.elements if e.badge)

    @property
    def lines(self) -> tuple[Element, ...]:
        return tuple(e for e in self.elements if e.line)

    @property
    def texts(self) -> tuple[Element, ...]:
        return tuple(e for e in self.elements if e.text)

    def boxes(self, width: float, height: float) -> dict[str, Box]:
        """Every element's box on a card ``width`` x ``height`` points, by name."""
        return {e.name: e.edges.box(width, height) for e in self.elements}

    def placed(
        self,
        width: float,
        height: float,
        *,
        has_text: bool = True,
        empty: Collection[str] = (),
    ) -> list[tuple[Element, Box]]:
        """Each element with its box on a card ``width`` x ``height`` points, drawing order.

        Lines named in ``empty`` (the card has no value for their field) are left out, and
        the rules panel grows up into their room. A card with no rules text gets no rules
        panel: the art grows down into the panel's room and whatever sits between the two in
        the lower half of the card (the type line, lines, badges at the art's foot) moves down
        with the art's bottom edge.
        """
        every = [(e, e.edges.box(width, height)) for e in self.elements]
        found = [(e, box) for e, box in every if not (e.line and e.name in empty)]
        rules, art = self.part("rules"), self.part("art")
        if rules is None:
            return found
        panel = rules.edges.box(width, height)
        limit = height / 2
        if art is not None:
            art_box = art.edges.box(width, height)
            limit = min(limit, art_box.y + art_box.h / 2)

        def between(pairs: list[tuple[Element, Box]]) -> list[Element]:
            return [
                e
                for e, box in pairs
                if e is not art and e is not rules and panel.top - _EPSILON <= box.y < limit
            ]

        if has_text:  # the panel grows up by the room of the lines left out above it
            before, after = between(every), between(found)
            if not after or len(after) == len(before):
                return found
            grow = min(b.y for e, b in found if e in after) - min(
                b.y for e, b in every if e in before
            )
            return [
                (e, Box(box.x, box.y, box.w, box.h + grow) if e is rules else box)
                for e, box in found
            ]
        found = [(e, box) for e, box in found if e is not rules]
        if art is None:
            return found
        movers = between(found)
        lowest = min((box.y for e, box in found if e in movers), default=art_box.y)
        shift = lowest - panel.y
        if shift <= 0:
            return found
        moved = []
        for element, box in found:
            if element is art:
                box = Box(box.x, box.y - shift, box.w, box.h + shift)
            elif element in movers:
                box = Box(box.x, box.y - shift, box.w, box.h)
            moved.append((element, box))
        return moved

    def check_fit(self, width: float, height: float, where: str) -> list[Diagnostic]:
        """CK210 for each box that has no room, or leaves the card, at this card size."""
        size = f"{format_mm(width)} x {format_mm(height)}"
        width, height = self.size_on(width, height)
        card = Box(0.0, 0.0, width, height)
        found = []
        boxed = (p for p in self.pictures if not p.whole_card)
        for element in (*self.elements, *self.stats, *boxed):
            box = element.edges.box(width, height)
            kind = _kind(element)
            if box.w <= 0 or box.h <= 0:
                problem = f"is {format_mm(box.w)} x {format_mm(box.h)}: no room"
            elif not card.contains(box):
                problem = "reaches beyond the card's edge"
            else:
                continue
            found.append(
                error(
                    "CK210",
                    f"{kind} {element.name!r} of layout {self.name!r} {problem} on the {size} "
                    f"cards of {where}",
                    element.location,
                    hint="give this card type a layout made for its size ('layout:' in game.yaml)",
                )
            )
        return found

    def check_overlaps(
        self,
        width: float,
        height: float,
        cards: Iterable[Sequence[tuple[Element, Box]]] = (),
        *,
        together: Callable[[Element, Element], bool] = lambda one, other: True,
    ) -> list[Diagnostic]:
        """CK225 for each two boxes of text that overlap on cards of this size: the name,
        the type line, the rules panel, the lines and the text boxes (badges, the art, the
        automatic stats and pictures sit over or under others by design). Told at the one
        the game's own layout file places, the one drawn over the other when it places both;
        two boxes both of a built-in layout are cardkit's own affair.

        ``cards``: where the elements are on each card of this size (a card without rules
        text has no panel and its type line moves down; a line without a value is left
        out); none: as the layout places them. ``together`` says whether two elements are
        ever drawn on one card (a text box of a field two cards never both have)."""
        size = f"{format_mm(width)} x {format_mm(height)}"
        placements = list(cards) or [self.placed(*self.size_on(width, height))]
        told: dict[tuple[str, str], Diagnostic] = {}
        for placed in placements:
            texts = [
                (e, box)
                for e, box in placed
                if not e.stats and (e.line or e.text or (not e.badge and e.name in _TEXT_PARTS))
            ]
            for index, (under, below) in enumerate(texts):
                for over, above in texts[index + 1 :]:  # drawn later: ``over`` covers ``under``
                    across = min(below.right, above.right) - max(below.x, above.x)
                    up = min(below.top, above.top) - max(below.y, above.y)
                    if across <= _OVERLAP or up <= _OVERLAP or not together(under, over):
                        continue
                    placed_here = [e for e in (over, under) if not _built_in(e)]
                    if not placed_here or (over.name, under.name) in told:
                        continue
                    mine = placed_here[0]
                    other = under if mine is over else over
                    covers = "is drawn over" if mine is over else "is drawn under"
                    told[(over.name, under.name)] = warning(
                        "CK225",
                        f"{_kind(mine)} {mine.name!r} of layout {self.name!r} {covers} "
                        f"{_kind(other)} {other.name!r}: they overlap by {format_mm(up)} "
                        f"(height) x {format_mm(across)} (width) on the {size} cards",
                        mine.location,
                        hint=f"move or shrink one of them by {format_mm(up)} "
                        f"(its 'top', 'bottom' or 'height'), so that no text is covered",
                    )
        return list(told.values())


def _built_in(element: Element) -> bool:
    """Whether ``element`` was written in one of cardkit's own layouts (not the game's)."""
    return element.location.path.startswith(f"templates/{LAYOUT_FOLDER}/")


_TEXT_PARTS = ("name", "type_line", "rules")
_OVERLAP = 0.25 * 72 / 25.4  # boxes that share less than a quarter of a millimetre only touch


@dataclass(frozen=True, slots=True)
class _RawLayout:
    name: str
    data: Mapping[str, Any]
    source: SourceMap
    builtin: bool


def builtin_folder() -> Path:
    return data_dir("templates") / LAYOUT_FOLDER


class LayoutLibrary:
    """The layouts a game can use: its own folder first, then the built-in ones."""

    def __init__(self, game_root: Path | None) -> None:
        self.folders: list[tuple[Path, str, bool]] = []
        if game_root is not None:
            self.folders.append((game_root / LAYOUT_FOLDER, f"{game_root}/{LAYOUT_FOLDER}", False))
        self.folders.append((builtin_folder(), f"templates/{LAYOUT_FOLDER}", True))
        self.diagnostics: list[Diagnostic] = []
        self._raw: dict[tuple[str, bool], _RawLayout | None] = {}
        self._done: dict[str, Layout | None] = {}

    def names(self) -> list[str]:
        found: set[str] = set()
        for folder, _, _ in self.folders:
            if folder.is_dir():
                found.update(p.stem for p in folder.glob("*.yaml") if _NAME.fullmatch(p.stem))
        return sorted(found)

    def has(self, name: str) -> bool:
        return name in self.names()

    def _read(self, name: str, *, builtin_only: bool) -> _RawLayout | None:
        key = (name, builtin_only)
        if key in self._raw:
            return self._raw[key]
        result = None
        for folder, shown, builtin in self.folders:
            if builtin_only and not builtin:
                continue
            path = folder / f"{name}.yaml"
            if not path.is_file():
                continue
            if path.is_symlink() and not builtin:
                self.diagnostics.append(
                    error(
                        "CK204",
                        f"layout {name!r} is a symbolic link",
                        Location(f"{shown}/{name}.yaml"),
                    )
                )
                break
            text, problems = read_text(path, f"{shown}/{name}.yaml")
            if text is None:
                self.diagnostics.extend(problems)
                break
            loaded = load_yaml(text, f"{shown}/{name}.yaml")
            if loaded.diagnostics:
                self.diagnostics.extend(loaded.diagnostics)
                break
            result = _RawLayout(name, loaded.value, loaded.source, builtin)
            break
        self._raw[key] = result
        return result

    def get(self, name: str, *, used_at: Location | None = None) -> Layout | None:
        """The layout ``name`` with inheritance applied; None (and diagnostics) when broken."""
        if name in self._done:
            return self._done[name]
        raw = self._read(name, builtin_only=False)
        if raw is None:
            if used_at is not None and not any(
                d.location.path.endswith(f"/{name}.yaml") for d in self.diagnostics
            ):
                self.diagnostics.append(
                    error(
                        "CK211",
                        f"unknown layout {name!r}{did_you_mean(name, self.names())}",
                        used_at,
                        hint=f"add {LAYOUT_FOLDER}/{name}.yaml to the game folder",
                    )
                )
            self._done[name] = None
            return None
        layout = self._build(raw, [])
        self._done[name] = layout
        return layout

    def _build(self, raw: _RawLayout, chain: list[tuple[str, bool]]) -> Layout | None:
        data, source = raw.data, raw.source
        here = source.at(())
        found = coded_diagnostics(
            shipped_validator(SCHEMA), data, source, _noun, {"layout": repr(raw.name)}
        )
        self.diagnostics.extend(found)
        if not isinstance(data, dict):
            return None
        before = len(self.diagnostics)
        parent: dict[str, Element] = {}
        extends = data.get("extends")
        parent_layout: Layout | None = None
        if isinstance(extends, str) and not any(d.code == "CK207" for d in found):
            parent_layout = self._parent(raw, extends, chain)
            if parent_layout is not None:
                inherited = (
                    *parent_layout.elements,
                    *parent_layout.stats,
                    *parent_layout.pictures,
                )
                parent = {_key(e): e for e in inherited}
        if found:
            return None
        own = dict(parent)
        for section in SECTIONS:
            entries = data.get(section)
            if entries is None:
                if section == "stats" and "stats" in data:  # 'stats: null' leaves them out
                    for name in STATS:
                        own.pop(f"stats:{name}", None)
                continue
            for name, spec in entries.items():
                key = _SECTION_KIND[section] + ":" + str(name)
                if spec is None:  # 'art: null' leaves out what the parent layout has
                    own.pop(key, None)
                    continue
                element = self._element(section, str(name), spec, source)
                if element is not None:
                    own[key] = element
        not_printed = frozenset(data.get("not_printed", ()))
        if parent_layout is not None and "not_printed" not in data:
            not_printed = parent_layout.not_printed
        if len(self.diagnostics) > before:
            return None
        ordered = sorted((e for e in own.values() if not e.stats and not e.picture), key=_order)
        stats = tuple(sorted((e for e in own.values() if e.stats), key=lambda e: e.name))
        pictures = tuple(e for e in own.values() if e.picture)  # in the order written
        landscape = bool(data.get("landscape", parent_layout and parent_layout.landscape))
        corners = parent_layout.corners if parent_layout is not None else 0.0
        if data.get("corners") is not None:
            radius = self._length(data["corners"], "corners", source.at(("corners",)))
            if radius is None:
                return None
            corners = radius
        return Layout(
            raw.name, tuple(ordered), here, stats, not_printed, pictures, landscape, corners
        )

    def _parent(
        self, raw: _RawLayout, extends: Any, chain: list[tuple[str, bool]]
    ) -> Layout | None:
        where = raw.source.at(("extends",))
        if not isinstance(extends, str) or not _NAME.fullmatch(extends):
            self.diagnostics.append(
                error("CK207", f"'extends' must name a layout, not {extends!r}", where)
            )
            return None
        me = (raw.name, raw.builtin)
        # A game's layout that extends its own name starts from the built-in one.
        builtin_only = raw.builtin or extends == raw.name
        if extends == raw.name and raw.builtin:
            self.diagnostics.append(
                error(
                    "CK207", f"layout {raw.name!r} extends itself", where, hint="remove 'extends'"
                )
            )
            return None
        target = self._read(extends, builtin_only=builtin_only)
        if target is None and extends == raw.name:
            self.diagnostics.append(
                error(
                    "CK207",
                    f"layout {raw.name!r} extends itself, and there is no built-in layout "
                    f"{raw.name!r} to start from",
                    where,
                    hint="remove 'extends' or name another layout",
                )
            )
            return None
        if target is None:
            self.diagnostics.append(
                error(
                    "CK207",
                    f"layout {raw.name!r} extends unknown layout {extends!r}"
                    f"{did_you_mean(extends, self.names())}",
                    where,
                )
            )
            return None
        if len(chain) >= MAX_EXTENDS:
            self.diagnostics.append(
                error(
                    "CK207",
                    f"the chain of 'extends' from layout {chain[0][0]!r} is longer than "
                    f"{MAX_EXTENDS} layouts",
                    where,
                    hint="extend the first layout directly",
                )
            )
            return None
        if (target.name, target.builtin) in [*chain, me]:
            cycle = " -> ".join([n for n, _ in [*chain, me]] + [target.name])
            self.diagnostics.append(
                error(
                    "CK207",
                    f"layouts extend each other in a cycle: {cycle}",
                    where,
                    hint="remove one 'extends'",
                )
            )
            return None
        return self._build(target, [*chain, me])

    def _element(
        self, section: str, name: str, spec: Mapping[str, Any], source: SourceMap
    ) -> Element | None:
        """The element of a schema-checked entry; None when a length is too large."""
        where = (section, name)
        stats = section == "stats"
        line = section == "lines" or (stats and name == "line")
        text = section == "texts"
        picture = section == "pictures"
        badge = section == "badges" or (stats and name == "badge")
        noun = _noun(where)
        lengths: dict[str, float | None] = {}
        ok = True
        for key in (*EDGES_X, *EDGES_Y):
            value = spec.get(key)
            lengths[key] = (
                None
                if value is None
                else self._length(value, f"{key} of {noun}", source.at((*where, key)))
            )
            ok = ok and (value is None or lengths[key] is not None)
        if not ok:
            return None
        size = spec.get("size")
        return Element(
            name=name,
            edges=Edges(**lengths),
            location=source.at(where),
            badge=badge,
            line=line,
            text=text,
            fixed=str(spec.get("text", "")) if text else "",
            item=str(spec.get("item", "")) if line or text else "",
            separator=str(spec.get("separator", "")) if line else "",
            field=spec.get("field") if badge or line or text else None,
            shape=str(spec.get("shape", "circle")),
            label=str(spec.get("label", "")),
            icon=spec.get("icon") if badge else None,
            stats=stats,
            flavor=bool(spec.get("flavor", True)),
            reminders=bool(spec.get("reminders", True)),
            color=spec.get("color"),
            ink=spec.get("ink"),
            size=float(size) if size is not None else None,
            align=str(spec.get("align", "left")),
            font=spec.get("font"),
            picture=picture,
            file=str(spec.get("file", "")) if picture else "",
            layer=str(spec.get("layer", "under")),
            fit=str(spec.get("fit", "stretch")),
            bleed=bool(spec.get("bleed", False)),
            zero=bool(spec["zero"]) if badge and spec.get("zero") is not None else None,
        )

    def _length(self, value: Any, what: str, where: Location) -> float | None:
        try:
            length = parse_length(value)
        except LengthError as exc:
            self.diagnostics.append(error("CK205", f"{what}: {exc}", where))
            return None
        if not math.isfinite(length) or length > LARGEST:
            self.diagnostics.append(
                error(
                    "CK205",
                    f"{what} is {value!r}: more than {format_mm(LARGEST)}",
                    where,
                    hint="lengths are distances on the card, such as '3mm'",
                )
            )
            return None
        return length


def _noun(path: tuple[str | int, ...]) -> str:
    """What a message calls the value at ``path`` of a layout file: "part 'name'"."""
    if len(path) >= 2 and path[0] in _SECTION_KIND:
        return f"{_SECTION_KIND[str(path[0])]} {path[1]!r}"
    return "the layout"


_SECTION_KIND = {
    "parts": "part",
    "badges": "badge",
    "lines": "line",
    "texts": "text",
    "stats": "stats",
    "pictures": "picture",
}


def _kind(element: Element) -> str:
    if element.picture:
        return "picture"
    if element.stats:
        return "stats"
    if element.text:
        return "text"
    return "line" if element.line else "badge" if element.badge else "part"


def _key(element: Element) -> str:
    return _kind(element) + ":" + element.name


def _order(element: Element) -> tuple[int, str]:
    """Parts in their fixed order, then the text boxes, the lines, the badges (on top)."""
    if element.text:
        return (len(PARTS), element.name)
    if element.line:
        return (len(PARTS) + 1, element.name)
    if element.badge:
        return (len(PARTS) + 2, element.name)
    return (PARTS.index(element.name), element.name)

"""Pieces of hostile input, shared by the hypothesis properties (tests/test_fuzz_surfaces.py)
and the long counted run (fuzz/long_run.py): a fuzz input is some pieces in any order, and
sometimes a few bytes of it changed.

Each list reaches the corners of one surface: SVG (svglib, the active-content check, the
`<use>` bound, sizes), XLSX parts (openpyxl and the checks made before it), rulebook
templates (jinja2's sandbox and cardkit's bounds), layout files and their `extends` chains,
and text that reaches the terminal.
"""

from __future__ import annotations

import io
import random
import zipfile

SVG_PIECES = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"',
    "<svg",
    ' width="10"',
    ' height="10"',
    ' width="inf"',
    ' height="1e300"',
    ' width="1e-300"',
    ' width="-5"',
    ' height="nan"',
    ' width="10mm"',
    ' viewBox="0 0 10 10"',
    ' viewBox="0 0 0 0"',
    ">",
    "/>",
    "</svg>",
    '<rect width="10" height="10"',
    ' x="1e308"',
    ' fill="url(#p)"',
    ' fill="url(http://example.invalid/#p)"',
    ' style="fill:url(#p);stroke-width:nan"',
    ' transform="scale(1e300) rotate(nan)"',
    ' transform="matrix(0 0 0 0 0 0)"',
    ' onload="alert(1)"',
    ' onclick="x()"',
    ' clip-path="url(#c)"',
    ' font-size="1e300"',
    ' id="g"',
    ' id="p"',
    '<g id="g">',
    "</g>",
    '<use xlink:href="#g"/>',
    '<use href="#g" x="1"/>',
    '<use xlink:href="other.svg#g"/>',
    '<defs><linearGradient id="p"><stop offset="0" stop-color="red"/></linearGradient></defs>',
    '<clipPath id="c"><rect width="5" height="5"/></clipPath>',
    '<symbol id="s"><circle r="3"/></symbol>',
    '<path d="M0 0 L10 10 Q 5 5 1e309 0 Z"/>',
    '<path d="M0"/>',
    '<polygon points="0,0 10,0 10"/>',
    '<circle cx="5" cy="5" r="-1"/>',
    '<ellipse rx="inf"/>',
    '<text x="0" y="5">card</text>',
    "<tspan>",
    "</tspan>",
    "<script>alert(1)</script>",
    "<SCRIPT>",
    "<![CDATA[",
    "]]>",
    "<style>rect{fill:url(#p)}</style>",
    "<style>@import url(http://example.invalid/a.css);</style>",
    "<foreignObject><div/></foreignObject>",
    '<a xlink:href="javascript:alert(1)">',
    '<a href="#g">',
    "</a>",
    '<set attributeName="href" to="#g"/>',
    '<animate attributeName="onload" to="alert(1)"/>',
    '<image href="data:image/png;base64,iVBORw0KGgo=" width="5" height="5"/>',
    '<image xlink:href="/etc/passwd" width="5" height="5"/>',
    '<image href="data:text/html,x"/>',
    "<!DOCTYPE svg [",
    '<!ENTITY a "aaaaaaaaaa">',
    '<!ENTITY x SYSTEM "file:///etc/passwd">',
    "]>",
    "&a;",
    "&#x6a;avascript:",
    "&amp;",
    "&#0;",
    '<?xml-stylesheet href="a.css"?>',
    "<!-- a comment -->",
    "<!--",
    "\x00",
    "\ufeff",
    "é",
    "🐉",
    " ",
    "\n",
    '"',
    "'",
    "=",
    "<",
]

XLSX_PIECES = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    "</worksheet>",
    '<dimension ref="A1:XFD1048576"/>',
    '<dimension ref="A1:G3"/>',
    '<dimension ref="ZZZZZ0"/>',
    "<sheetData>",
    "</sheetData>",
    '<row r="1">',
    '<row r="2">',
    '<row r="1048576">',
    '<row r="0">',
    '<row r="-1">',
    '<row r="99999999999">',
    "</row>",
    '<c r="A1" t="inlineStr"><is><t>Name</t></is></c>',
    '<c r="B1" t="inlineStr"><is><t>Qty</t></is></c>',
    '<c r="D1" t="inlineStr"><is><t>Type</t></is></c>',
    '<c r="A2" t="inlineStr"><is><t>Probe</t></is></c>',
    '<c r="D2" t="inlineStr"><is><t>Ship</t></is></c>',
    '<c r="B2"><v>3</v></c>',
    '<c r="B2"><v>1e309</v></c>',
    '<c r="B2"><v>nan</v></c>',
    '<c r="E2"><f>1+1</f></c>',
    '<c r="E2"><f>1+1</f><v>2</v></c>',
    '<c r="XFD2"><v>1</v></c>',
    '<c r="A1048576"><v>1</v></c>',
    '<c r="A2" t="s"><v>0</v></c>',
    '<c r="A2" t="s"><v>99999</v></c>',
    '<c r="A2" t="b"><v>2</v></c>',
    '<c r="A2" t="d"><v>not a date</v></c>',
    '<c r="A2" t="e"><v>#REF!</v></c>',
    '<c r="A2" s="999"><v>1</v></c>',
    '<c r="A2" t="inlineStr"><is><t>\x1b[2J\u202e</t></is></c>',
    '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
    '<cols><col min="1" max="16384" width="9"/></cols>',
    "<!DOCTYPE x [",
    '<!ENTITY a "aaaaaaaaaa">',
    "]>",
    "&a;",
    "<sst><si><t>Name</t></si></sst>",
    '<workbook><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
    '<sheet name="\u202e\x9b" sheetId="1" r:id="rId1"/>',
    "<styleSheet/>",
    '<numFmts><numFmt numFmtId="164" formatCode="0.0"/></numFmts>',
    "\x00",
    "é",
    " ",
    "\n",
    "<",
    ">",
    '"',
]

TEMPLATE_PIECES = [
    "{{ ",
    " }}",
    "{% ",
    " %}",
    "{# ",
    " #}",
    "{%- ",
    " -%}",
    "for s in sections",
    "for t in s.tables",
    "for r in range(100000)",
    "for i in range(10)",
    "endfor",
    "if ",
    "else",
    "endif",
    "reference",
    "sections",
    "charts",
    "icons",
    "s.title",
    "s",
    "loop.index",
    "loop.cycle(1, 2)",
    "set ns = namespace(v='x')",
    "set ns.v = ns.v ~ ns.v",
    "set ns.v = ns.v + ns.v",
    "set x = [0] * 1000",
    "set x = x + x",
    "ns.v",
    "x",
    "|length",
    "|center(2000000000)",
    "|indent(99999)",
    "|wordwrap(1)",
    "|truncate(5)",
    "|md",
    "|cell",
    "|md_cell",
    "|color",
    "|join(',')",
    "|sort",
    "|list",
    "|unique",
    "|map(attribute='title')",
    "|attr('__class__')",
    "|format(1)",
    "|tojson",
    "|safe",
    "|e",
    "|string",
    "|int",
    "|float",
    "|round",
    "|batch(3)",
    "'%2000000000d' % 1",
    "'{:>99999}'.format(1)",
    "'x' * 100000",
    "10 ** 10 ** 10",
    "2 ** 5000",
    "().__class__.__mro__",
    "''.__class__.__subclasses__()",
    "self.__init__.__globals__",
    "cycler",
    "joiner",
    "lipsum(99)",
    "dict(a=1)",
    "range(9)",
    "namespace",
    "include 'reference.md.j2'",
    "include 'default/blocks.md.j2'",
    "include '../../../etc/passwd'",
    "extends 'default/reference.md.j2'",
    "extends 'reference.md.j2'",
    "import 'default/blocks.md.j2' as b",
    "block body",
    "endblock",
    "macro m(a)",
    "endmacro",
    "call m(1)",
    "endcall",
    "raw",
    "endraw",
    "filter upper",
    "endfilter",
    "with a = 1",
    "endwith",
    "(",
    ")",
    "[",
    "]",
    ",",
    ".",
    ":",
    "=",
    "~",
    "+",
    "*",
    "1",
    "9" * 30,
    "'",
    '"',
    "\\",
    "\n",
    " ",
    "é",
    "\x00",
    "\x1b[2J",
]

LAYOUT_NAMES = ["card", "chit", "square", "l1", "l2", "l3"]
LAYOUT_PIECES = [
    "extends: card\n",
    "extends: l1\n",
    "extends: l2\n",
    "extends: l3\n",
    "extends: chit\n",
    "extends: square\n",
    "extends: 7\n",
    "extends: ../../etc/passwd\n",
    "extends: [card]\n",
    "parts:\n",
    "  name: {left: 3mm, top: 3mm, width: 40mm, height: 6mm}\n",
    "  rules: {left: -1mm, width: 1e300mm}\n",
    "  cost: {font: {size: 1e300}}\n",
    "  art: {left: 0, top: 0, width: 63mm, height: 88mm}\n",
    "  name: {color: '<font>'}\n",
    "  bogus: {}\n",
    "texts:\n",
    "  - {field: name, left: 1mm, top: 1mm, width: 10mm, height: 5mm}\n",
    "  - {text: '\x1b[2J', left: 0, top: 0}\n",
    "&a [*a]\n",
    "a: &a {}\n",
    "b: [*a, *a]\n",
    "!!python/object/apply:os.system [x]\n",
    "- \n",
    "{\n",
    "}\n",
    ": \n",
    "\t",
    "\x00",
]

# Text that reaches the terminal: every kind of character a terminal might act on.
TERMINAL_PIECES = [
    "Card",
    "\x1b[2J",
    "\x1b]0;title\x07",
    "\x1b[31m",
    "\x9b2J",
    "\x07",
    "\x08",
    "\r",
    "\n",
    "\t",
    "\x0b",
    "\x0c",
    "\x85",
    "\u2028",
    "\u2029",
    "\u202e",
    "\u2066",
    "\u200f",
    "\u200b",
    "\ufeff",
    "\ue000",
    "\U000e0041",
    "\udcff",
    "\x00",
    "\x7f",
    "é",
    "漢",
    "🐉",
    "[bold]",
    "[/]",
    "[link=http://x]",
    ":smile:",
    "%s",
    "{0}",
    "\\",
    "'",
    '"',
]


def soup(rng: random.Random, pieces: list[str], most: int) -> str:
    """Up to ``most`` pieces, drawn at random, in any order."""
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, most)))


def mutate(rng: random.Random, data: bytes, changes: int = 4) -> bytes:
    """``data`` with a few bytes flipped, inserted, deleted or repeated."""
    buffer = bytearray(data)
    for _ in range(rng.randint(1, changes)):
        where = rng.randint(0, len(buffer))
        kind = rng.randrange(4)
        if kind == 0 and where < len(buffer):
            buffer[where] ^= 1 << rng.randrange(8)
        elif kind == 1:
            buffer[where:where] = bytes([rng.randrange(256)])
        elif kind == 2:
            del buffer[where : where + rng.randint(1, 8)]
        else:
            piece = bytes(buffer[where : where + rng.randint(1, 16)])
            buffer[where:where] = piece * rng.randint(1, 8)
    return bytes(buffer)


def base_workbook() -> bytes:
    """A small valid card workbook (the test game's columns), to change part by part."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Cards"
    sheet.append(["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"])
    sheet.append(["Probe", 2, "Blob", "Ship", 1, None, "Gain 1 Trade."])
    sheet.append(["Keep", 1, "Machine Cult", "Outpost", 3, 4, "Draw a card."])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def replace_part(workbook: bytes, name: str, data: bytes) -> bytes:
    """The workbook with its part ``name`` holding ``data`` instead."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(workbook)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            body = data if info.filename == name else source.read(info.filename)
            target.writestr(info.filename, body)
    return out.getvalue()


def workbook_parts(workbook: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(workbook)) as source:
        return [(n, source.read(n)) for n in source.namelist()]


def xlsx_input(rng: random.Random, workbook: bytes, parts: list[tuple[str, bytes]]) -> bytes:
    """A workbook with one part changed: pieces of spreadsheet XML, or a few bytes of the
    part or of the zip itself."""
    name, original = rng.choice(parts)
    roll = rng.random()
    if roll < 0.1:
        return mutate(rng, workbook)
    if roll < 0.55:
        return replace_part(workbook, name, mutate(rng, original, 8))
    return replace_part(workbook, name, soup(rng, XLSX_PIECES, 40).encode("utf-8", "replace"))


SVG_ELEMENTS = [
    "rect",
    "circle",
    "ellipse",
    "line",
    "path",
    "polygon",
    "polyline",
    "text",
    "g",
    "use",
    "image",
    "a",
    "defs",
    "symbol",
    "clipPath",
    "linearGradient",
    "stop",
    "style",
    "tspan",
    "switch",
    "marker",
    "pattern",
    "mask",
    "set",
    "animate",
]
SVG_ATTRIBUTES = [
    'width="5"',
    'height="5"',
    'x="1"',
    'y="-1e308"',
    'r="3"',
    'rx="inf"',
    'cx="nan"',
    'd="M0 0 L5 5 Z"',
    'd="M 1e400 0 C"',
    'points="0,0 5,5 5"',
    'id="g"',
    'id="p"',
    'href="#g"',
    'xlink:href="#p"',
    'fill="url(#p)"',
    'fill="#12345"',
    'fill="red"',
    'stroke-width="-1"',
    'opacity="2"',
    'transform="scale(0)"',
    'transform="rotate(1e308)"',
    'transform="matrix(1 2 3)"',
    'font-size="0"',
    'font-family="x"',
    'style="fill:red;stroke:"',
    'clip-path="url(#g)"',
    'offset="5%"',
    'viewBox="0 0 -1 5"',
    'preserveAspectRatio="none"',
    'href="data:image/png;base64,iVBORw0KGgo="',
    'to="#g"',
]
SVG_HOSTILE_ATTRIBUTES = [
    'onload="alert(1)"',
    'href="javascript:alert(1)"',
    'href="file:///etc/passwd"',
    'attributeName="href"',
    'style="fill:url(http://x/#a)"',
]
SVG_SIDES = ["10", "10", "10", "64", "5.5", "10mm", "1in", "inf", "1e300", "1e-300", "0", "-5", "x"]
SVG_TEXT = ["", "card", "rect{fill:red}", "@import url(x.css);", "é", "&amp;", "<![CDATA[x]]>"]


def _svg_element(rng: random.Random, depth: int) -> str:
    tag = rng.choice(SVG_ELEMENTS if rng.random() < 0.97 else ["script", "foreignObject"])
    attributes = " ".join(rng.sample(SVG_ATTRIBUTES, rng.randint(0, 5)))
    if rng.random() < 0.03:
        attributes += " " + rng.choice(SVG_HOSTILE_ATTRIBUTES)
    inner = rng.choice(SVG_TEXT)
    if depth < 4 and rng.random() < 0.4:
        inner += "".join(_svg_element(rng, depth + 1) for _ in range(rng.randint(1, 4)))
    return f"<{tag} {attributes}>{inner}</{tag}>"


def svg_input(rng: random.Random) -> bytes:
    """A third of them a soup of SVG pieces; the rest a well-formed picture of random elements, so
    that svglib draws it; some of each with a few bytes changed."""
    if rng.random() < 0.3:
        text = soup(rng, SVG_PIECES, 40)
    else:
        size = f'width="{rng.choice(SVG_SIDES)}" height="{rng.choice(SVG_SIDES)}"'
        if rng.random() < 0.3:
            size += ' viewBox="0 0 10 10"'
        body = "".join(_svg_element(rng, 0) for _ in range(rng.randint(0, 8)))
        text = f"{SVG_PIECES[1]} {size}>{body}</svg>"
    data = text.encode("utf-8", "replace")
    return mutate(rng, data) if rng.random() < 0.2 else data


TEMPLATE_OPERANDS = [
    "sections",
    "reference",
    "sections[0]",
    "sections[0].title",
    "s",
    "s.title",
    "'x'",
    "'%s and %d'",
    "1",
    "-1",
    "2000000000",
    "ns.v",
    "[1, 2]",
    "{'a': 1}",
    "range(5)",
    "charts",
    "icons",
    "reference.sections|first",
    "loop",
    "none",
    "true",
    "lipsum",
    "cycler",
    "s.tables",
    "s.tables[0].rows",
    "s.__class__",
    "''.join",
    "namespace()",
    "self",
]
TEMPLATE_FILTERS = [
    "|length",
    "|center(9)",
    "|center(2000000000)",
    "|indent(5)",
    "|md",
    "|cell",
    "|md_cell",
    "|color",
    "|join(',')",
    "|sort",
    "|list",
    "|first",
    "|last",
    "|default('d')",
    "|int",
    "|string",
    "|upper",
    "|replace('a', 'b' * 99)",
    "|wordwrap(1)",
    "|format(1)",
    "|attr('title')",
    "|map(attribute='title')",
    "|select",
    "|sum",
    "|batch(2)",
    "|tojson",
    "|safe",
    "|e",
    "|truncate(1)",
    "|round",
    "|abs",
    "|reverse",
    "|unique",
    " ~ 'x'",
    " + 1",
    " * 3",
    " * 99999999",
    " ** 99",
    " % 2",
    " // 0",
    "[0]",
    ".title",
    "()",
    "(1)",
    " is defined",
    " in sections",
]


def _expression(rng: random.Random) -> str:
    return rng.choice(TEMPLATE_OPERANDS) + "".join(
        rng.choice(TEMPLATE_FILTERS) for _ in range(rng.randint(0, 3))
    )


def _statement(rng: random.Random, depth: int) -> str:
    roll = rng.randrange(6)
    inner = ""
    if depth < 3 and roll in (0, 1, 2):
        inner = "".join(_statement(rng, depth + 1) for _ in range(rng.randint(1, 3)))
    if roll == 0:
        return f"{{% for s in {_expression(rng)} %}}{inner}{{% endfor %}}\n"
    if roll == 1:
        return f"{{% if {_expression(rng)} %}}{inner}{{% else %}}x{{% endif %}}\n"
    if roll == 2:
        return f"{{% set ns = namespace(v={_expression(rng)}) %}}{inner}"
    if roll == 3:
        return f"{{% set ns.v = {_expression(rng)} %}}"
    if roll == 4:
        return rng.choice(["text ", "# Title\n", "| a | b |\n", "\n"])
    return f"{{{{ {_expression(rng)} }}}}\n"


def template_input(rng: random.Random) -> str:
    """Half of them a soup of template pieces; half well-formed statements and expressions
    over what the reference holds, so that they render."""
    if rng.random() < 0.5:
        return soup(rng, TEMPLATE_PIECES, 30)
    return "".join(_statement(rng, 0) for _ in range(rng.randint(1, 6)))


def layout_input(rng: random.Random) -> dict[str, str]:
    """A few layout files, each a soup of layout lines: chains of 'extends' among them."""
    names = rng.sample(LAYOUT_NAMES, rng.randint(1, len(LAYOUT_NAMES)))
    return {name: soup(rng, LAYOUT_PIECES, 6) for name in names}


def terminal_input(rng: random.Random) -> str:
    return soup(rng, TERMINAL_PIECES, 12)

"""Hostile inputs of the second pass (issue 21), each run as its own process under a budget.

Every row is run as ``python -m cardkit`` in a child process limited to 500 MB of address
space and 10 s of CPU time (``resource.setrlimit``), in a work folder prepared as in
test_hostile.py (a copy of tests/fixtures/game/ and a previous ``out/``). It must exit with the
row's status, print the row's located, coded line, print no traceback, leave every file it did
not own as it was, and read nothing outside the game folder: next to the game sits ``outside``,
a named pipe (FIFO), so that a command that opens it blocks until its time runs out.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hostile_made import Maker, _rewrite_part
from test_hostile import _snapshot

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "fixtures" / "game"
MEMORY = 500 * 1024 * 1024
CPU_SECONDS = 10
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
PREVIOUS = {"out/deck.pdf": b"%PDF-1.4 the previous build\n"}


@dataclass(frozen=True)
class Bomb:
    """One hostile input: what to put where, what to run, what it must print."""

    name: str
    files: dict[str, Maker]
    argv: tuple[str, ...]
    expect: str  # the start of one line of the output
    status: int = 1
    env: dict[str, str] = field(default_factory=dict)
    absent: tuple[bytes, ...] = ()  # in no file of the work folder afterwards, outputs included


def _text(text: str) -> Maker:
    def make(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return make


def _card(**fields: str) -> str:
    body = "".join(f"    {k}: {v}\n" for k, v in fields.items())
    return f"cards:\n  - name: Probe\n    type: ship\n    faction: blob\n{body}"


def _merge_bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 {}"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * width)
        lines.append(f"a{level}: &a{level}\n  <<: [{refs}]")
    return "\n".join(lines) + "\n"


def _long_list(path: Path) -> None:
    with path.open("w", encoding="utf-8") as stream:
        stream.write("cards:\n  - name: Probe\n    type: ship\n    tags: [")
        stream.write("0," * 1_000_000)
        stream.write("0]\n")


def _game_with(add: str, *changes: tuple[str, str]) -> Maker:
    """tests/fixtures/game/game.yaml with ``add`` appended and, for each (old, new) of
    ``changes``, the first ``old`` replaced by ``new``."""
    text = (GAME / "game.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        text = text.replace(old, new, 1)
    return _text(text + add)


WEIGHT = "  cost: {type: integer, min: 0, max: 20}\n  weight: {type: number, min: 0, max: 5}\n"


def _layout_chain(length: int) -> Maker:
    def make(folder: Path) -> None:
        folder.mkdir(exist_ok=True)
        (folder / "card.yaml").write_text("extends: l1\n")
        for i in range(1, length):
            (folder / f"l{i}.yaml").write_text(f"extends: l{i + 1}\n")
        (folder / f"l{length}.yaml").write_text("extends: card\n")

    return make


CSV_HEADER = "Name,Qty,Faction,Type,Cost,Defense,Text\n"


def _csv(header: str, row: str, times: int) -> Maker:
    def make(path: Path) -> None:
        with path.open("w", encoding="utf-8", newline="") as stream:
            stream.write(header)
            stream.write(row * times)

    return make


def _workbook_titled(title: str) -> Maker:
    def make(path: Path) -> None:
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        assert sheet is not None
        sheet.title = title
        sheet.append(["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"])
        sheet.append(["Adder", 1, "Blob", "Ship", "=1+1", None, "Gain 1."])
        book.save(path)

    return make


def _far_row_workbook(path: Path) -> None:
    """A few KB that claim every column, with one cell in the last row of the sheet."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"])
    sheet.append(["Far", 1, "Blob", "Ship", 1, None, "Gain 1 Trade."])
    sheet["A1048576"] = "far away"
    buffer = io.BytesIO()
    book.save(buffer)
    wide = _rewrite_part(
        buffer.getvalue(),
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', xml),
    )
    path.write_bytes(wide)


DILEMMA = ROOT / "tests" / "fixtures" / "games" / "unsolvable-dilemma"


def _dilemma_game(folder: Path) -> None:
    """The unsolvable-dilemma game with 30 crew, teams of 10 and levels in the thousands."""
    shutil.rmtree(folder)
    folder.mkdir()
    text = (DILEMMA / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(
        text.replace("max: 9,", "max: 100000,").replace("team: 2", "team: 10")
    )
    crew = "".join(
        f"  - {{name: Crew {i}, type: crew, tactics: {i * 7 % 31 + 1}, "
        f"science: {i * 13 % 37 + 1}, negotiation: {i * 17 % 41 + 1}, count: 3}}\n"
        for i in range(30)
    )
    dilemma = "  - {name: Siege, type: dilemma, tactics: 250, science: 300, negotiation: 350}\n"
    (folder / "cards.yaml").write_text("cards:\n" + crew + dilemma)


def _file_named(name: str, text: str) -> Maker:
    def make(folder: Path) -> None:
        (folder / name).write_text(text, encoding="utf-8")

    return make


EVIL = 'cards:\n  - name: "Evil\\e[2J\\u202e"\n    type: ship\n    faction: blob\n    cost: 1\n'
FORGED = "x\x1b[2J\nforged.yaml:1:1: error[CK000] pwned.yaml"
DOUBLE = (
    "{{% set ns = namespace(v={start}) %}}\n{{% for i in range(60) %}}\n"
    "{{% set ns.v = {grow} %}}\n{{% endfor %}}\n{{{{ ns.v|length }}}}\n"
)
PAINTED = "cards:\n  - name: Painted\n    type: ship\n    cost: 1\n    art: art/picture.svg\n"


def _svg(width: str, height: str, body: str = '<rect width="10" height="10"/>') -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height}">{body}</svg>'
    )


def _use_bomb(shapes: int, uses: int) -> str:
    group = "".join(f'<rect x="{i}" width="1" height="1"/>' for i in range(shapes))
    refs = "".join('<use xlink:href="#g"/>' for _ in range(uses))
    return _svg("10", "10", f'<defs><g id="g">{group}</g></defs>{refs}')


def _art(svg: str) -> dict[str, Maker]:
    return {"game/painted.yaml": _text(PAINTED), "game/art/picture.svg": _text(svg)}


ART_AT = "game/painted.yaml:5:10: warning[CK213] art 'art/picture.svg'"
ICON = "icons:\n  pic: {file: icons/pic.svg, words: [Trade]}\n"
ICON_AT = "game/game.yaml:65:15: warning[CK213] icon 'pic' 'icons/pic.svg'"
ALL_PAGES = ("rulebook", "game", "-o", "out", "--format", "md,html")
ACTIVE_SVG = (  # name, the SVG's body, what the warning says, what no output may hold
    ("script", "<script>alert(1)</script>", "holds a <script> element", b"alert(1)"),
    (
        "onload",
        '<rect width="9" height="9" onload="alert(2)"/>',
        "has an event attribute",
        b"alert(2)",
    ),
    (
        "javascript-link",
        '<a xlink:href="javascript:alert(3)"><rect width="9" height="9"/></a>',
        "links to another file or address",
        b"alert(3)",
    ),
    (
        "external-image",
        '<image href="https://example.invalid/track.png" width="9" height="9"/>',
        "links to another file or address",
        b"example.invalid",
    ),
    (
        "style-import",
        "<style>@import url(https://example.invalid/a.css);</style>",
        "holds a style sheet that imports another",
        b"example.invalid",
    ),
    (
        "style-url",
        '<rect width="9" height="9" style="fill: url(https://example.invalid/#p)"/>',
        "links to 'https://example.invalid/#p'",
        b"example.invalid",
    ),
    (
        "foreign-object",
        "<foreignObject><iframe src='https://example.invalid/'/></foreignObject>",
        "holds a <foreignobject> element",
        b"example.invalid",
    ),
    (
        "set-href",
        '<a><set attributeName="xlink:href" to="https://example.invalid/"/></a>',
        "animates 'xlink:href'",
        b"example.invalid",
    ),
)

BOMBS: list[Bomb] = [
    # 1. a hex (or octal) number of thousands of digits
    *(
        Bomb(
            f"{base}-integer-of-five-thousand-digits-{command}",
            {"game/big.yaml": _text(_card(cost=prefix + digit * 5000))},
            (command, "game", *extra),
            "game/big.yaml:5:11: error[CK024] a number of 5,000 digits is too large",
        )
        for base, prefix, digit in (("hex", "0x", "f"), ("octal", "0o", "7"))
        for command, extra in (("validate", ()), ("build", ("-o", "out")))
    ),
    # 2. a merge-key bomb made of empty mappings
    Bomb(
        "merge-key-bomb-of-empty-mappings",
        {"game/merge.yaml": _text(_merge_bomb(12, 10))},
        ("validate", "game"),
        "game/merge.yaml:10:1: error[CK013] anchors and aliases expand to more than 100,000",
    ),
    # 4. an SVG <use> bomb: the work is shapes x uses, not the file size
    *(
        Bomb(
            f"svg-use-bomb-{kb}-kb-{command}",
            _art(_use_bomb(shapes, uses)),
            (command, "game", *extra),
            f"{ART_AT} has {uses:,} <use> copies",
            status=0,
        )
        for kb, shapes, uses in ((42, 1000, 1000), (166, 2000, 4000))
        for command, extra in (("validate", ()), ("build", ("-o", "out")))
    ),
    # 5. SVG art whose size is not a finite, printable length
    *(
        Bomb(
            f"svg-width-{name}-{command}",
            _art(_svg(width, "10")),
            (command, "game", *extra),
            f"{ART_AT} has a side of",
            status=0,
        )
        for name, width in (("inf", "inf"), ("1e300", "1e300"), ("1e-300", "1e-300"))
        for command, extra in (("validate", ()), ("build", ("-o", "out")))
    ),
    # weak: SVG icons with active content were copied verbatim into the rulebook's pages
    *(
        Bomb(
            f"svg-icon-{name}-rulebook",
            {"game/game.yaml": _game_with(ICON), "game/icons/pic.svg": _text(_svg("9", "9", body))},
            ALL_PAGES,
            f"{ICON_AT} {says}",
            status=0,
            absent=(absent,),
        )
        for name, body, says, absent in ACTIVE_SVG
    ),
    Bomb(
        "svg-icon-stylesheet-instruction-rulebook",  # refused by the first pass too
        {
            "game/game.yaml": _game_with(ICON),
            "game/icons/pic.svg": _text(
                '<?xml-stylesheet href="https://example.invalid/a.css"?>' + _svg("9", "9")
            ),
        },
        ALL_PAGES,
        f"{ICON_AT} links to another file or address",
        status=0,
        absent=(b"example.invalid",),
    ),
    Bomb(
        "svg-art-with-script-build",
        _art(_svg("9", "9", "<script>alert(4)</script>")),
        ("build", "game", "-o", "out"),
        f"{ART_AT} holds a <script> element",
        status=0,
    ),
    # 10. a card too small to cut out: millions of columns on a sheet
    Bomb(
        "card-size-of-a-ten-millionth-mm",
        {
            "game/game.yaml": _game_with(
                "sizes:\n  dust: {width: 0.0000001mm, height: 88mm}\n",
                ("    name: Ship\n", "    name: Ship\n    size: dust\n"),
            )
        },
        ("build", "game", "-o", "out"),
        "game/game.yaml:66:3: error[CK050] card width must be at least 5mm, not 1e-07mm",
    ),
    # 11. a layout 'extends' chain of 1,500 files
    Bomb(
        "layout-extends-chain-of-1500",
        {"game/layouts": _layout_chain(1500)},
        ("build", "game", "-o", "out"),
        "game/layouts/l32.yaml:1:10: error[CK207] the chain of 'extends' from layout 'card' is "
        "longer than 32 layouts",
    ),
    # 13. a sweep of a trillion games: refused before anything is planned
    Bomb(
        "sim-a-trillion-games",
        {},
        ("sim", "game", "--games", "1000000000000"),
        "cardkit: error: argument --games: must be at most 10,000,000, not 1,000,000,000,000",
        status=2,
    ),
    # 3. control characters in a file name, a card name and a sheet name stay visible
    Bomb(
        "file-name-with-escapes-and-a-newline",
        {"game": _file_named(FORGED, "cards: 7\n")},
        ("validate", "game"),
        "game/x\\x1b[2J\\nforged.yaml:1:1: error[CK000] pwned.yaml:1:8: error[CK023] 'cards' "
        "must be a list",
    ),
    Bomb(
        "card-name-with-escapes-in-explain",
        {"game/evil.yaml": _text(EVIL)},
        ("explain", "game"),
        "Evil\\x1b[2J\\u202e (ship, Blob)",
        status=0,
    ),
    Bomb(
        "sheet-name-with-bidi-and-csi",
        {"game/cards.xlsx": _workbook_titled("Cards\u202e\x9b")},
        ("validate", "game"),
        "game/cards.xlsx[Cards\\u202e\\x9b]:2:5: error[CK042]",
    ),
    Bomb(  # weak: an ASCII or cp1252 standard output and a card name it cannot encode
        "non-ascii-name-on-an-ascii-terminal",
        {"game/cafe.yaml": _text(EVIL.replace("Evil\\e[2J\\u202e", "Caf\u00e9 \u6f22"))},
        ("explain", "game"),
        "Caf\\xe9 \\u6f22 (ship, Blob)",
        status=0,
        env={"PYTHONIOENCODING": "ascii"},
    ),
    # 9. templates that allocate without bound
    *(
        Bomb(
            f"template-{name}",
            {"game/rulebook/reference.md.j2": _text(template)},
            ("rulebook", "game", "-o", "out", "--format", "md"),
            f"game/rulebook/reference.md.j2:{line}:1: error[CK302]",
        )
        for name, line, template in (
            ("string-doubling", 3, DOUBLE.format(start='"x"', grow="ns.v ~ ns.v")),
            ("string-doubling-with-plus", 3, DOUBLE.format(start='"x"', grow="ns.v + ns.v")),
            ("list-doubling", 3, DOUBLE.format(start="[0]", grow="ns.v + ns.v")),
            ("center", 1, '{{ "x"|center(2000000000) }}\n'),
            ("indent", 1, '{{ "x\\nx"|indent(2000000000) }}\n'),
            ("percent-width", 1, '{{ "%2000000000d" % 1 }}\n'),
            ("format-width", 1, '{{ "{:2000000000}".format(1) }}\n'),
            ("format-filter-width", 1, '{{ "%2000000000s"|format("x") }}\n'),
        )
    ),
    # 7. a small workbook that claims every column, with a row at the far end
    Bomb(
        "xlsx-far-row-and-wide-dimension",
        {"game/cards.xlsx": _far_row_workbook},
        ("validate", "game"),
        "game/cards.xlsx[Sheet]: error[CK004] the workbook holds more than 1,000,000 cells",
    ),
    # weak: the copy limit did not bound CSV work (rows of quantity 0, a row of commas)
    Bomb(
        "csv-878000-rows-of-quantity-0",
        {"game/cards.csv": _csv(CSV_HEADER, "x,0,Blob,Ship,1,,\n", 878_000)},
        ("validate", "game"),
        "game/cards.csv:142858:1: error[CK004] the file holds more than 1,000,000 cells",
    ),
    Bomb(
        "csv-15-million-commas-in-a-row",
        {"game/cards.csv": _csv(CSV_HEADER, ",", 15_000_000)},
        ("build", "game", "-o", "out"),
        "game/cards.csv:2:1: error[CK004] this line has 15,000,000 separators (','); a row may "
        "hold at most 16,384 cells",
    ),
    Bomb(
        "csv-header-of-100000-columns-by-semicolon",
        {"game/cards.csv": _csv(";".join(f"C{i}" for i in range(100_000)) + "\n", "", 0)},
        ("validate", "game"),
        "game/cards.csv:1:1: error[CK004] this line has 99,999 separators (';')",
    ),
    Bomb(
        "csv-a-million-empty-lines",
        {"game/cards.csv": _csv(CSV_HEADER, "\r\n", 1_000_000)},
        ("validate", "game"),
        "game/cards.csv:999995:1: error[CK004] the file holds more than 1,000,000 cells",
    ),
    # weak: a line break that only some programs count gave line numbers editors do not show
    *(
        Bomb(
            f"yaml-{name}-in-a-comment",
            {"game/x.yaml": _text(f"# a comment{char}with a break\n" + _card(cost="x"))},
            ("validate", "game"),
            f"game/x.yaml:1:12: error[CK002] U+{ord(char):04X} {says} is a line break to some "
            "programs and editors and not to others",
        )
        for name, char, says in (
            ("line-separator", "\u2028", "LINE SEPARATOR"),
            ("paragraph-separator", "\u2029", "PARAGRAPH SEPARATOR"),
            ("next-line", "\x85", "NEXT LINE"),
        )
    ),
    Bomb(
        "yaml-next-line-in-a-file-of-cr-lines",
        {"game/x.yaml": _text(_card(cost="1").replace("\n", "\r").replace("ship", "sh\x85ip"))},
        ("build", "game", "-o", "out"),
        "game/x.yaml:3:13: error[CK002] U+0085 NEXT LINE",
    ),
    Bomb(
        "csv-line-separator-in-a-cell",
        {"game/cards.csv": _csv(CSV_HEADER, "Probe,1,Blob,Ship,1,,Gain 1\u2028Trade.\n", 2)},
        ("validate", "game"),
        "game/cards.csv:2:28: error[CK002] U+2028 LINE SEPARATOR",
    ),
    *(
        Bomb(
            f"yaml-{name}-in-a-file-of-{ends}-lines",
            {"game/x.yaml": _text(_card(cost=f"1{char}").replace("\n", end))},
            ("validate", "game"),
            f"game/x.yaml:5:12: error[CK002] control character U+{ord(char):04X} is not allowed",
        )
        for name, char in (("form-feed", "\x0c"), ("vertical-tab", "\x0b"))
        for ends, end in (("cr", "\r"), ("crlf", "\r\n"))
    ),
    *(
        Bomb(
            f"rules-text-block-in-a-file-of-{ends}-lines",
            {
                "game/x.yaml": _text(
                    _card(cost="1", text="|\n      Gain 1 Trade.\n      Draw a crad.").replace(
                        "\n", end
                    )
                )
            },
            ("validate", "game"),
            "game/x.yaml:8:14: error[CK109] unknown word 'crad'",
        )
        for ends, end in (("cr", "\r"), ("crlf", "\r\n"), ("lf", "\n"))
    ),
    # 12. the covered constraint: 30 cards and a large requirement
    Bomb(
        "covered-constraint-with-large-levels",
        {"game": _dilemma_game},
        ("validate", "game"),
        "game/cards.yaml:32:5: error[CK170] constraint 'every-dilemma-solvable' cannot be checked "
        "from dilemma 'Siege' on: it takes more than 300,000 steps",
    ),
    Bomb(  # weak: '$' of a pattern let a trailing newline into ids (and file names)
        "id-with-a-trailing-newline",
        {
            "game/nl.yaml": _text(
                _card().replace("name: Probe\n", 'name: Probe\n    id: "probe\\n"\n')
            )
        },
        ("validate", "game"),
        "game/nl.yaml:3:9: error[CK026] id 'probe\\n' is not an id",
    ),
    *(  # weak: .nan and .inf passed a number field with min and max
        Bomb(
            f"number-field-{name}",
            {
                "game/game.yaml": _game_with(
                    "",
                    ("  cost: {type: integer, min: 0, max: 20}\n", WEIGHT),
                    (
                        "      cost: {required: true}\n",
                        "      cost: {required: true}\n      weight: {}\n",
                    ),
                ),
                "game/odd.yaml": _text(_card(cost="1", weight=value)),
            },
            ("validate", "game"),
            f"game/odd.yaml:6:13: error[CK023] '{value}' is not a valid number",
        )
        for name, value in (("nan", ".nan"), ("inf", ".inf"), ("minus-inf", "-.inf"))
    ),
    # 8. a large list: far more values than its bytes suggest
    Bomb(
        "a-million-item-list",
        {"game/tags.yaml": _long_list},
        ("validate", "game"),
        "game/tags.yaml:4:399992: error[CK004] the file holds more than 200,000 values",
    ),
    # weak: a word of thousands of letters in rules text: its spelling hint made every string
    # two edits away (2.5 GB, minutes); the word is clipped in the message
    Bomb(
        "a-word-of-4800-letters-in-rules-text-validate",
        {"game/big.yaml": _text(_card(cost="2", text="Draw a card " + "a" * 4800 + "."))},
        ("validate", "game"),
        f"game/big.yaml:6:23: error[CK109] unknown word '{'a' * 37}...' in rules text",
    ),
    Bomb(
        "a-word-of-4800-letters-in-rules-text-build",
        {"game/big.yaml": _text(_card(cost="2", text="Draw a card " + "a" * 4800 + "."))},
        ("build", "game", "-o", "out"),
        "game/big.yaml:6:11: warning[CK201] rules text of 'Probe' does not fit its box",
        status=0,
    ),
    # weak: each declared shorthand form, phrase or label is a rule of the grammar: 2,000 of
    # them took minutes to build the parser's tables; at most 64 of each
    *(
        Bomb(
            f"phrasing-{table}-of-2000-entries",
            {
                "game/game.yaml": _game_with(
                    "",
                    ("  labels:\n", f"  {table}:\n" + "".join(map(entry, range(2000))) + tail),
                )
            },
            ("validate", "game"),
            f"game/game.yaml:61:5: error[CK027] phrasing.{table} has more than 64 entries",
        )
        for table, entry, tail in (
            (
                "shorthand",
                lambda i: f'    "+{{n}} Zap{i:04d}": "Draw {{n}} cards"\n',
                "  labels:\n",
            ),
            ("phrases", lambda i: f'    z{i:04d}: "Zap the z{i:04d} {{n}} times"\n', "  labels:\n"),
            ("labels", lambda i: f"    z{i:04d}: {{text: Zap{i:04d}}}\n", ""),
        )
    ),
    # a line of one real-word slip written 170 times: each is no single slip to read again for
    Bomb(
        "a-slip-written-170-times-in-one-line",
        {
            "game/slips.yaml": _text(
                _card(cost="2", text=" ".join(["Scrap a card form your hand."] * 170))
            )
        },
        ("validate", "game"),
        "game/slips.yaml:6:11: warning[CK201] rules text of 'Probe' does not fit its box",
        status=0,
    ),
]


def _limits() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def _prepare(bomb: Bomb, root: Path) -> None:
    shutil.copytree(GAME, root / "game")
    for rel, data in PREVIOUS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    for rel, make in bomb.files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        make(target)
    os.mkfifo(root / "outside")


def run_bounded(
    argv: tuple[str, ...],
    cwd: Path,
    env: dict[str, str] | None = None,
    *,
    prefix: tuple[str, ...] = (),
) -> tuple[int, str]:
    """Run cardkit in ``cwd`` under the budget; its exit status and everything it printed.
    ``prefix``: a command that runs the child (``capsh`` to drop a capability)."""
    environ = {k: v for k, v in os.environ.items() if k != "CARDKIT_DEBUG"}
    environ["PYTHONPATH"] = str(ROOT)
    environ.update(env or {})
    result = subprocess.run(
        [*prefix, sys.executable, "-m", "cardkit", *argv],
        cwd=cwd,
        capture_output=True,
        check=False,
        env=environ,
        timeout=120,
        preexec_fn=_limits,
    )
    shown = (result.stdout + result.stderr).decode("utf-8", "backslashreplace")
    return result.returncode, shown


@pytest.mark.parametrize("bomb", BOMBS, ids=lambda b: b.name)
def test_hostile_input_is_refused_within_the_budget(bomb: Bomb, tmp_path: Path) -> None:
    _prepare(bomb, tmp_path)
    before = _snapshot(tmp_path)
    status, shown = run_bounded(bomb.argv, tmp_path, bomb.env)
    assert "Traceback" not in shown, shown[-3000:]
    assert not _RAW.search(shown), "a control character reached the terminal"
    assert "internal error" not in shown, shown[-3000:]
    assert status == bomb.status, (status, shown[-3000:])
    assert any(line.startswith(bomb.expect) for line in shown.splitlines()), shown[-3000:]
    after = _snapshot(tmp_path)
    for name, data in after.items():
        if name.startswith("game/"):
            continue
        assert not any(a in data for a in bomb.absent if isinstance(data, bytes)), name
    if bomb.status == 0:  # a command that succeeds may write its own outputs
        after = {k: v for k, v in after.items() if not k.startswith("out/")}
        before = {k: v for k, v in before.items() if not k.startswith("out/")}
    assert after == before, "a file changed, appeared or vanished"


def test_every_kind_of_line_break_in_rules_text_is_a_line_break(tmp_path: Path) -> None:
    """Weak: rules text with a vertical tab, form feed, NEL, line or paragraph separator or a
    lone CR (as a quoted YAML string writes them) reads as lines, as a spreadsheet cell's does,
    not as one line the grammar cannot take."""
    breaks = ["\\r", "\\r\\n", "\\v", "\\f", "\\N", "\\L", "\\P", "\\n"]
    lines = ["Gain 1 Trade.", "Draw a card."] * 4 + ["Gain 2 Combat."]
    text = lines[0] + "".join(b + line for b, line in zip(breaks, lines[1:], strict=True))
    _prepare(
        Bomb("breaks", {"game/x.yaml": _text(_card(cost="1", text=f'"{text}"'))}, (), ""), tmp_path
    )
    status, shown = run_bounded(("validate", "game"), tmp_path)
    assert status == 0 and shown.splitlines()[-1].startswith("0 errors,"), shown
    status, shown = run_bounded(("explain", "game"), tmp_path)
    assert status == 0 and shown.count("Gain 1 Trade") >= 4, shown


def _without_root_reads() -> tuple[str, ...]:
    """A prefix that runs the child without root's right to read every file (root ignores
    a mode of 000), or none when not root; skips the test when that cannot be done."""
    if os.geteuid() != 0:
        return ()
    capsh = shutil.which("capsh")
    if capsh is None:
        pytest.skip("running as root without capsh: a mode of 000 would not stop a read")
    return (capsh, "--drop=cap_dac_override,cap_dac_read_search", "--", "-c", 'exec "$0" "$@"')


@pytest.mark.parametrize("command", ["validate", "build", "rulebook"])
def test_an_unreadable_folder_or_file_of_a_game_is_a_located_error(
    tmp_path: Path, command: str
) -> None:
    """Weak: a sub-folder that cannot be listed was skipped in silence, and its cards with it."""
    trade = (GAME / "trade.yaml").read_text(encoding="utf-8")
    _prepare(Bomb("unreadable", {}, (), ""), tmp_path)
    hidden = tmp_path / "game" / "expansion" / "deep"
    hidden.mkdir(parents=True)
    (hidden / "more.yaml").write_text(trade.replace("Blob Fighter", "Deep Fighter"))
    locked = tmp_path / "game" / "locked.yaml"
    locked.write_text(trade.replace("Blob Fighter", "Locked Fighter"))
    before = _snapshot(tmp_path)
    (tmp_path / "game" / "expansion").chmod(0o000)
    locked.chmod(0o000)
    try:
        argv = (command, "game", "-o", "out") if command != "validate" else (command, "game")
        status, shown = run_bounded(argv, tmp_path, prefix=_without_root_reads())
    finally:
        (tmp_path / "game" / "expansion").chmod(0o755)
        locked.chmod(0o644)
    assert "Traceback" not in shown and "internal error" not in shown, shown
    assert status == 1, shown
    lines = shown.splitlines()
    assert (
        "game/expansion: error[CK001] cannot read folder: Permission denied; its cards "
        "would be left out" in lines
    ), shown
    assert "game/locked.yaml: error[CK001] cannot read file: Permission denied" in lines, shown
    assert _snapshot(tmp_path) == before, "a file changed, appeared or vanished"


FORK_FAILS = (sys.executable, str(ROOT / "tests" / "fork_fails.py"))


@pytest.mark.parametrize("forks", [0, 1])
def test_workers_that_cannot_start_leave_the_work_to_the_command_itself(
    tmp_path: Path, forks: int
) -> None:
    """Weak: a fork that failed (a process limit) with --jobs exited 3, then hung. With no
    worker, or one worker of four, the command does the work itself: the same outputs as
    --jobs 1, exit 0, within the budget."""
    _prepare(Bomb("forks", {}, (), ""), tmp_path)
    shutil.copytree(ROOT / "cards" / "star-realms", tmp_path / "sr")
    sim = ("sim", "sr", "--games", "200", "--seed", "3", "--format", "json")
    build = ("build", "game", "-o", "out", "--png", "--single")
    status, alone = run_bounded((*sim, "--jobs", "1"), tmp_path)
    assert status == 0, alone
    assert run_bounded((*build, "--jobs", "1"), tmp_path)[0] == 0
    written = {k: v for k, v in _snapshot(tmp_path).items() if k.startswith("out/")}
    shutil.rmtree(tmp_path / "out")
    env = {"CARDKIT_TEST_FORKS": str(forks)}
    status, shown = run_bounded((*sim, "--jobs", "4"), tmp_path, env, prefix=FORK_FAILS)
    assert (status, shown) == (0, alone)
    status, shown = run_bounded((*build, "--jobs", "4"), tmp_path, env, prefix=FORK_FAILS)
    assert status == 0 and "Traceback" not in shown and "internal error" not in shown, shown
    again = {k: v for k, v in _snapshot(tmp_path).items() if k.startswith("out/")}
    assert again == written


def test_bomb_names_are_unique() -> None:
    names = [b.name for b in BOMBS]
    assert len(names) == len(set(names))


def test_a_card_named_like_a_back_gets_a_file_of_its_own(tmp_path: Path) -> None:
    """Finding 16: card 'Back Trade Poker' must not overwrite the back image of its deck."""
    card = "cards:\n  - name: Back Trade Poker\n    type: ship\n    faction: blob\n    cost: 2\n"
    _prepare(Bomb("clash", {"game/clash.yaml": _text(card)}, (), ""), tmp_path)
    status, shown = run_bounded(("build", "game", "-o", "out", "--png"), tmp_path)
    assert status == 0, shown
    png = tmp_path / "out" / "png"
    back, front = png / "back-trade-poker.png", png / "card-back-trade-poker.png"
    assert back.is_file() and front.is_file(), sorted(p.name for p in png.iterdir())
    assert back.read_bytes() != front.read_bytes()
    assert len(list(png.glob("*.png"))) == 7  # 5 distinct cards, the trade and the plain back


CLASHING_DECKS = (
    "  tiny: {name: Tiny, back: trade-mini}\n"  # back-trade-mini + poker
    "  trade-small: {name: Small, back: trade, card_size: mini-poker}\n"  # back-trade + mini-poker
    '  back-trade: {name: Clash, back: trade, card_size: "1"}\n'  # sheet back-trade-1, back too
)
CLASHING_CARDS = "".join(
    f"  - {{name: {name}, type: ship, faction: blob, cost: 1, deck: {deck}}}\n"
    for name, deck in (("Tiny One", "tiny"), ("Small One", "trade-small"), ("Clash", "back-trade"))
)


def test_tts_backs_and_sheets_named_alike_get_files_of_their_own(tmp_path: Path) -> None:
    """A back named like a deck's sheet, or like another back of another size, overwrote it:
    TTS then showed one deck's sheet as another's back. Each image has its own file, and each
    deck's back is its own back's colour."""
    from PIL import Image

    game = _game_with(
        '\nsizes:\n  mini-poker: {width: 41mm, height: 63mm}\n  "1": {width: 50mm, height: 70mm}\n',
        ("decks:\n", "decks:\n" + CLASHING_DECKS),
        ("backs:\n", 'backs:\n  trade-mini: {color: "#aa0000", text: Mini}\n'),
    )
    files = {"game/game.yaml": game, "game/clash.yaml": _text("cards:\n" + CLASHING_CARDS)}
    _prepare(Bomb("tts", files, (), ""), tmp_path)
    status, shown = run_bounded(("build", "game", "-o", "out", "--tts"), tmp_path)
    assert status == 0, shown
    folder = tmp_path / "out" / "tts"
    saved = json.loads((folder / "mini-realms.json").read_text(encoding="utf-8"))
    faces: dict[str, str] = {}
    backs: dict[str, str] = {}
    for deck in saved["ObjectStates"]:
        for sheet in deck["CustomDeck"].values():
            faces[sheet["FaceURL"].rsplit("/", 1)[1]] = deck["Nickname"]
            backs.setdefault(sheet["BackURL"].rsplit("/", 1)[1], deck["Nickname"])
    assert not set(faces) & set(backs), (faces, backs)
    assert len(backs) == 5, backs  # tiny, small, clash (of size 1), the plain back, trade
    assert sorted(p.name for p in folder.glob("*.png")) == sorted([*faces, *backs])

    def middle(name: str) -> tuple[int, ...]:
        with Image.open(folder / name) as image:
            rgb = image.convert("RGB")
            return tuple(rgb.getpixel((rgb.width // 2, rgb.height // 4)))  # type: ignore[arg-type]

    by_deck = {deck: name for name, deck in backs.items()}
    red, _, blue = middle(by_deck["Tiny One"])  # a deck of one card is that card
    assert red > 150 > 60 > blue  # the red back of 'tiny'
    assert middle(by_deck["Small One"]) == middle(by_deck["Trade Deck"])  # both 'trade'
    red, _, blue = middle(by_deck["Small One"])
    assert blue > red


def _png_build(root: Path) -> str:
    status, shown = run_bounded(("build", "game", "-o", "out", "--png"), root)
    assert status == 0, shown[-3000:]
    assert "Traceback" not in shown and "internal error" not in shown, shown[-3000:]
    return shown


def test_the_png_cache_reads_nothing_a_link_leads_to_outside_the_game(tmp_path: Path) -> None:
    """Finding 6: a link to a file outside is not read, so a change there redraws nothing."""
    _prepare(Bomb("link", {}, (), ""), tmp_path)
    (tmp_path / "secret.txt").write_text("first\n")
    (tmp_path / "game" / "notes.txt").symlink_to(tmp_path / "secret.txt")
    _png_build(tmp_path)
    (tmp_path / "secret.txt").write_text("second\n")
    assert "(0 images drawn, 6 unchanged)" in _png_build(tmp_path)


def test_the_png_cache_does_not_read_a_huge_sparse_file_whole(tmp_path: Path) -> None:
    """Finding 6: a 6 GB sparse file beside the cards is known by its size, not read."""
    _prepare(Bomb("sparse", {}, (), ""), tmp_path)
    with (tmp_path / "game" / "huge.bin").open("wb") as stream:
        stream.truncate(6 * 1024**3)
    assert "wrote out/png (6 images drawn, 0 unchanged)" in _png_build(tmp_path)


def test_a_nul_in_a_card_string_does_not_break_the_png_cache(tmp_path: Path) -> None:
    """Finding 6: a string holding '\\0' is no file name the cache looks for."""
    card = "cards:\n  - name: Probe\n    type: ship\n    faction: blob\n    cost: 1\n"
    _prepare(
        Bomb("nul", {"game/nul.yaml": _text(card + '    text: "Gain 1 Trade.\\0"\n')}, (), ""),
        tmp_path,
    )
    _png_build(tmp_path)


def test_a_png_export_into_the_game_folder_still_sees_a_change(tmp_path: Path) -> None:
    """Finding 15: with -o the game folder, a change to the game's files redraws the cards,
    and a build with nothing changed redraws none (its own outputs do not count)."""
    _prepare(Bomb("inside", {}, (), ""), tmp_path)
    notes = tmp_path / "game" / "notes.txt"
    notes.write_text("first\n")
    for output in ("game", "."):  # the game folder, and its parent
        argv = ("build", "game", "-o", output, "--png")
        for change, expected in (("first", "6"), (None, "0"), ("second", "6")):
            if change is not None:
                notes.write_text(change + output)
            status, shown = run_bounded(argv, tmp_path)
            assert status == 0 and f"({expected} images drawn" in shown, (output, change, shown)


def test_pruning_keeps_a_png_edited_by_hand(tmp_path: Path) -> None:
    """Weak: the image of a removed card is deleted only if it is still the one written."""
    probe = _card(cost="1")
    other = probe.replace("Probe", "Drone")
    _prepare(
        Bomb("prune", {"game/probe.yaml": _text(probe), "game/drone.yaml": _text(other)}, (), ""),
        tmp_path,
    )
    _png_build(tmp_path)
    edited = tmp_path / "out" / "png" / "probe.png"
    edited.write_bytes(edited.read_bytes() + b"touched up")
    (tmp_path / "game" / "probe.yaml").unlink()
    (tmp_path / "game" / "drone.yaml").unlink()
    _png_build(tmp_path)
    assert edited.read_bytes().endswith(b"touched up")
    assert not (tmp_path / "out" / "png" / "drone.png").exists()

"""Hostile input through the command line: a located, coded error and exit 1, never a traceback.

Each row of ``CASES`` copies the small game of tests/fixtures/game/ into a fresh folder, puts
its files there (from tests/fixtures/hostile/, or bytes made by a function of ``hostile_made``
for inputs too large, binary or link-shaped to commit), fills ``out/`` with a previous build,
and runs one command. It must exit with the row's status, print the row's diagnostic (path,
line, column and code), print no traceback, and leave every file it did not own, ``out/``
included, exactly as it was: no partial output, no temporary file left behind.

A new surface (layouts, templates, art images) is a new fixture file and a new row.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hostile_made import MADE, Maker

from cardkit.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HOSTILE = FIXTURES / "hostile"
GAME = FIXTURES / "game"

PREVIOUS = {
    "out/deck.pdf": b"%PDF-1.4 the previous build\n",
    "out/cards.schema.json": b'{"previous": true}\n',
    "out/imported.yaml": b"# the previous import\n",
    "out/reference.md": b"# the previous reference pages\n",
}

COMMANDS: dict[str, tuple[str, ...]] = {
    "rulebook": ("rulebook", "game", "-o", "out", "--format", "md"),
    "fmt": ("fmt", "game"),
    "costs": ("costs", "game"),
    "sim": ("sim", "game", "--games", "2"),
    "explain": ("explain", "game"),
    "build": ("build", "game", "-o", "out"),
    "validate": ("validate", "game"),
    "schema": ("schema", "game", "-o", "out/cards.schema.json"),
    "import": ("import", "{file}", "--game", "game", "-o", "out/imported.yaml"),
}


@dataclass(frozen=True)
class Case:
    """One hostile input: what to put where, what to run, what it must print."""

    name: str
    files: dict[str, str | Maker]  # path under the work folder -> fixture under hostile/ or maker
    expect: str  # the start of one line of the output: 'game/x.yaml:3:5: error[CK011] ...'
    command: str = "build"
    args: tuple[str, ...] = ()  # instead of COMMANDS[command]
    status: int = 1
    subprocess: bool = False  # run as `python -m cardkit` to see what reaches a terminal
    extra: dict[str, str] = field(default_factory=dict)  # more text files to write first

    @property
    def argv(self) -> list[str]:
        first = next(iter(self.files), "")
        return [a.replace("{file}", first) for a in (self.args or COMMANDS[self.command])]


def ART_WITH(picture: str | Maker) -> dict[str, str | Maker]:
    """The card of art/card-with-art.yaml, with ``picture`` as its art."""
    return {"game/painted.yaml": "art/card-with-art.yaml", "game/art/picture.png": picture}


def F(path: str) -> str:
    """A fixture file, named by its path under tests/fixtures/hostile/."""
    return path


CASES: list[Case] = [
    # YAML card files: bombs, tags, shapes ---------------------------------------------------
    Case(
        "billion-laughs",
        {"game/laughs.yaml": F("yaml/billion-laughs.yaml")},
        "game/laughs.yaml:6:1: error[CK013] anchors and aliases expand to more than 100,000",
        subprocess=True,
    ),
    Case(
        "alias-bomb-in-card",
        {"game/bomb.yaml": F("yaml/alias-bomb-in-card.yaml")},
        "game/bomb.yaml:2:1: error[CK013]",
        command="validate",
    ),
    Case(
        "merge-key-bomb",
        {"game/merge.yaml": F("yaml/merge-key-bomb.yaml")},
        "game/merge.yaml:7:1: error[CK013]",
    ),
    Case(
        "recursive-alias",
        {"game/loop.yaml": F("yaml/recursive-alias.yaml")},
        "game/loop.yaml:2:8: error[CK004] nesting deeper than 64 levels",
    ),
    Case(
        "python-object-apply",
        {"game/trojan.yaml": F("yaml/python-object-apply.yaml")},
        "game/trojan.yaml:4:11: error[CK011] YAML tag '!!python/object/apply:os.system'",
        subprocess=True,
    ),
    Case(
        "python-name",
        {"game/name.yaml": F("yaml/python-name.yaml")},
        "game/name.yaml:2:11: error[CK011] YAML tag '!!python/name:os.system'",
    ),
    Case(
        "python-module",
        {"game/module.yaml": F("yaml/python-module.yaml")},
        "game/module.yaml:5:11: error[CK011] YAML tag '!!python/module:subprocess'",
    ),
    Case(
        "python-object-new",
        {"game/popen.yaml": F("yaml/python-object-new.yaml")},
        "game/popen.yaml:2:5: error[CK011] YAML tag '!!python/object/new:subprocess.Popen'",
        command="validate",
    ),
    Case(
        "local-include-tag",
        {"game/include.yaml": F("yaml/local-tag.yaml")},
        "game/include.yaml:3:11: error[CK011] YAML tag '!include'",
    ),
    Case(
        "binary-tag",
        {"game/binary.yaml": F("yaml/binary-tag.yaml")},
        "game/binary.yaml:5:11: error[CK011] YAML tag '!!binary'",
    ),
    Case(
        "set-tag",
        {"game/set.yaml": F("yaml/set-tag.yaml")},
        "game/set.yaml:5:11: error[CK011] YAML tag '!!set'",
    ),
    Case(
        "timestamp-tag",
        {"game/dated.yaml": F("yaml/timestamp-tag.yaml")},
        "game/dated.yaml:4:11: error[CK011] YAML tag '!!timestamp'",
    ),
    Case(
        "complex-key",
        {"game/keyed.yaml": F("yaml/complex-key.yaml")},
        "game/keyed.yaml:5:7: error[CK023] a mapping key must be a plain name",
    ),
    Case(
        "two-documents",
        {"game/two.yaml": F("yaml/two-documents.yaml")},
        "game/two.yaml:5:1: error[CK010]",
    ),
    Case(
        "nan-cost",
        {"game/nan.yaml": F("yaml/nan-cost.yaml")},
        "game/nan.yaml:4:11: error[CK023]",
    ),
    Case(
        "infinite-count",
        {"game/inf.yaml": F("yaml/infinite-count.yaml")},
        "game/inf.yaml:5:12: error[CK023]",
    ),
    Case(
        "huge-count",
        {"game/horde.yaml": F("yaml/huge-count.yaml")},
        "game/horde.yaml:5:12: error[CK024]",
    ),
    Case(
        "terminal-escape-quoted",
        {"game/escape.yaml": F("yaml/terminal-escape.yaml")},
        "game/escape.yaml:5:14: error[CK025] unknown faction '\\x1b]0;pwned\\x07\\x1b[2J'",
        subprocess=True,
    ),
    Case(
        "bidi-override-in-id",
        {"game/mirror.yaml": F("yaml/bidi-override-id.yaml")},
        "game/mirror.yaml:4:9: error[CK026]",
    ),
    Case(
        "nul-escape-in-id",
        {"game/null.yaml": F("yaml/nul-escape-in-name.yaml")},
        "game/null.yaml:3:9: error[CK026]",
    ),
    # YAML card files: size, depth, bytes ----------------------------------------------------
    Case(
        "ten-mb-rules-text",
        {"game/long.yaml": MADE["ten_mb_text"]},
        "game/long.yaml:4:11: error[CK026] text is longer than 5000 characters",
    ),
    Case(
        "ten-mb-name",
        {"game/long.yaml": MADE["ten_mb_name"]},
        "game/long.yaml:2:11: error[CK026]",
    ),
    Case(
        "ten-mb-key",
        {"game/long.yaml": MADE["ten_mb_key"]},
        "game/long.yaml:5:10485765: error[CK010]",
    ),
    Case(
        "file-over-the-size-limit",
        {"game/huge.yaml": MADE["over_limit"]},
        "game/huge.yaml: error[CK004] file is 20,971,521 bytes; the limit is 20,971,520",
    ),
    Case(
        "hundred-thousand-cards",
        {"game/horde.yaml": MADE["hundred_thousand_cards"]},
        # the values bound meets it first (700,000 values); CK006 is csv-many-rows's
        "game/horde.yaml:85715:5: error[CK004] the file holds more than 200,000 values",
    ),
    Case(
        "deep-flow-nesting",
        {"game/deep.yaml": MADE["deep_flow"]},
        "game/deep.yaml:1:66: error[CK004] nesting deeper than 64 levels",
    ),
    Case(
        "deep-block-nesting",
        {"game/deep.yaml": MADE["deep_block"]},
        "game/deep.yaml:66:131: error[CK004] nesting deeper than 64 levels",
    ),
    Case(
        "nul-byte",
        {"game/nul.yaml": MADE["nul_byte"]},
        "game/nul.yaml:3:9: error[CK002] binary file",
    ),
    Case(
        "invalid-utf8",
        {"game/latin.yaml": MADE["invalid_utf8"]},
        "game/latin.yaml:2:14: error[CK002] not UTF-8 text: byte 0xe9",
    ),
    Case(
        "overlong-utf8",
        {"game/overlong.yaml": MADE["overlong_utf8"]},
        "game/overlong.yaml:2:11: error[CK002] not UTF-8 text: byte 0xc0",
    ),
    Case(
        "surrogate-in-utf8",
        {"game/cesu.yaml": MADE["surrogate_utf8"]},
        "game/cesu.yaml:2:11: error[CK002] not UTF-8 text: byte 0xed",
    ),
    Case(
        "utf16-le-without-bom",
        {"game/wide.yaml": MADE["utf16_le"]},
        "game/wide.yaml:1:1: error[CK002] the file is UTF-16 text without a byte-order mark",
    ),
    Case(
        "utf16-be-without-bom",
        {"game/wide.yaml": MADE["utf16_be"]},
        "game/wide.yaml:1:1: error[CK002] the file is UTF-16 text without a byte-order mark",
    ),
    Case(
        "utf32-with-bom",
        {"game/wide.yaml": MADE["utf32"]},
        "game/wide.yaml:1:1: error[CK002] the file is UTF-32 text, not UTF-8",
    ),
    # paths and links ------------------------------------------------------------------------
    *(
        Case(
            f"art-{name}",
            {"game/path.yaml": F(f"paths/art-{name}.yaml")},
            "game/path.yaml:5:10: error[CK026]",
        )
        for name in (
            "traversal",
            "absolute",
            "windows-absolute",
            "unc",
            "url",
            "inner-traversal",
        )
    ),
    Case(
        "card-file-linking-outside",
        {"game/linked.yaml": MADE["link_to_secret"], "secret.yaml": MADE["secret"]},
        "game/linked.yaml: error[CK001] file links outside the game folder",
    ),
    Case(
        "folder-linking-outside",
        {"game/elsewhere": MADE["link_to_outside_folder"], "outside/c.yaml": MADE["secret"]},
        "game/elsewhere: error[CK001] folder links outside the game folder",
    ),
    Case(
        "game-yaml-linking-outside",
        {"game/game.yaml": MADE["link_to_secret"], "secret.yaml": F("../game/game.yaml")},
        "game/game.yaml: error[CK001]",
    ),
    Case(
        "game-yaml-is-a-folder",
        {"game/game.yaml": MADE["folder"]},
        "game: error[CK001]",
    ),
    # game.yaml -------------------------------------------------------------------------------
    *(
        Case(f"game-{stem}", {"game/game.yaml": F(f"game/{stem}.yaml")}, expect)
        for stem, expect in (
            ("colour-not-a-colour", "game/game.yaml:11:29: error[CK026]"),
            ("colour-markup", "game/game.yaml:11:29: error[CK026]"),
            ("colour-reportlab-expression", "game/game.yaml:39:18: error[CK026]"),
            ("colour-too-long", "game/game.yaml:12:45: error[CK026]"),
            ("id-path-traversal", "game/game.yaml:3:5: error[CK026]"),
            ("id-absolute", "game/game.yaml:3:5: error[CK026]"),
            ("size-negative", "game/game.yaml:18:17: error[CK026]"),
            ("size-enormous", "game/game.yaml:18:3: error[CK050] a 100000mm x 88mm card"),
            ("size-zero", "game/game.yaml:18:3: error[CK050] card width must be above zero"),
            ("size-not-a-length", "game/game.yaml:18:16: error[CK026]"),
            ("size-nan", "game/game.yaml:18:16: error[CK026]"),
            ("python-tag", "game/game.yaml:4:7: error[CK011]"),
            ("billion-laughs", "game/game.yaml:57:1: error[CK013]"),
            ("a-list", "game/game.yaml:2:1: error[CK020]"),
            ("a-string", "game/game.yaml:2:1: error[CK020]"),
            ("sheets-traversal", "game/game.yaml:57:9: error[CK026]"),
            ("icon-traversal", "game/game.yaml:7:30: error[CK026]"),
            ("back-image-absolute", "game/game.yaml:39:55: error[CK026]"),
        )
    ),
    Case(
        "game-yaml-nul-byte",
        {"game/game.yaml": MADE["nul_byte"]},
        "game/game.yaml:3:9: error[CK002]",
    ),
    Case(
        "game-yaml-over-the-size-limit",
        {"game/game.yaml": MADE["over_limit"]},
        "game/game.yaml: error[CK004]",
    ),
    Case(
        "game-yaml-deep-nesting",
        {"game/game.yaml": MADE["deep_flow"]},
        "game/game.yaml:1:66: error[CK004]",
    ),
    Case(
        "game-sheets-link-outside",
        {
            "game/game.yaml": F("game/sheets-link-outside.yaml"),
            "game/sheets.yaml": MADE["link_to_secret"],
            "secret.yaml": MADE["secret"],
        },
        "game/game.yaml:57:9: error[CK001] sheets file 'sheets.yaml' is outside the game folder",
        command="validate",
    ),
    # rules text -------------------------------------------------------------------------------
    *(
        Case(
            f"rules-{stem}",
            {"game/rules.yaml": F(f"rules/{stem}.yaml")},
            expect,
            command="validate",
        )
        for stem, expect in (
            ("markup-in-text", "game/rules.yaml:6:11: error[CK101] unexpected '<font color="),
            ("garbage", "game/rules.yaml:5:12: error[CK112] '}' closes nothing"),
            (
                "control-chars",
                "game/rules.yaml:5:11: error[CK101] unexpected '\\x07\\x08\\x1b'",
            ),
            (
                "unicode-digits",
                "game/rules.yaml:6:16: error[CK101] '\u0663' is not written with the digits 0-9",
            ),
            (
                "huge-number",
                "game/rules.yaml:5:16: error[CK101] number '999999999...' is too large",
            ),
        )
    ),
    Case(
        "rules-deep-parentheses",
        {"game/rules.yaml": MADE["rules_deep_parentheses"]},
        "game/rules.yaml:4:13: error[CK101] unexpected '(': expected a number",
        command="validate",
    ),
    # CSV -------------------------------------------------------------------------------------
    *(
        Case(f"csv-{stem}", {"game/cards.csv": F(f"csv/{stem}.csv")}, expect)
        for stem, expect in (
            ("injection-in-cost", "game/cards.csv:2:5: error[CK042]"),
            ("injection-in-faction", "game/cards.csv:2:3: error[CK025]"),
            ("injection-in-qty", "game/cards.csv:2:2: error[CK042]"),
            ("hyperlink-in-type", "game/cards.csv:2:4: error[CK025]"),
        )
    ),
    Case(
        "csv-import-injection",
        {"game/cards.csv": F("csv/injection-in-cost.csv")},
        "game/cards.csv:2:5: error[CK042]",
        command="import",
    ),
    Case("csv-nul-byte", {"game/cards.csv": MADE["csv_nul"]}, "game/cards.csv:2:21: error[CK002]"),
    Case(
        "csv-invalid-utf8",
        {"game/cards.csv": MADE["csv_latin1"]},
        "game/cards.csv:2:4: error[CK002]",
        command="import",
    ),
    Case(
        "csv-utf16-excel-unicode-text",
        {"game/cards.csv": MADE["csv_utf16"]},
        "game/cards.csv:1:1: error[CK002] the file is UTF-16 text, not UTF-8",
    ),
    Case(
        "csv-huge-cell",
        {"game/cards.csv": MADE["csv_huge_cell"]},
        "game/cards.csv:2:1: error[CK004] a cell of this row holds more than 131,072",
    ),
    Case(
        "csv-many-columns",
        {"game/cards.csv": MADE["csv_many_columns"]},
        "game/cards.csv:1:1: error[CK004] this line has 20,006 separators (','); a row may hold "
        "at most 16,384 cells",
    ),
    Case(
        "csv-many-rows",
        {"game/cards.csv": MADE["csv_many_rows"]},
        "game: error[CK006] the cards add up to 20,014 copies",
    ),
    # XLSX ------------------------------------------------------------------------------------
    Case(
        "xlsx-random-bytes",
        {"game/cards.xlsx": MADE["random_bytes"]},
        "game/cards.xlsx: error[CK041] not an XLSX workbook: it is not a zip archive",
    ),
    Case(
        "xlsx-old-xls",
        {"game/cards.xlsx": MADE["ole_xls"]},
        "game/cards.xlsx: error[CK041] not an XLSX workbook",
    ),
    Case(
        "xlsx-empty-zip",
        {"game/cards.xlsx": MADE["empty_zip"]},
        "game/cards.xlsx: error[CK041] not an XLSX workbook",
    ),
    Case(
        "xlsx-truncated",
        {"game/cards.xlsx": MADE["truncated_xlsx"]},
        "game/cards.xlsx: error[CK041] not an XLSX workbook",
    ),
    Case(
        "xlsx-zip-bomb",
        {"game/cards.xlsx": MADE["zip_bomb"]},
        "game/cards.xlsx: error[CK004]",
        subprocess=True,
    ),
    Case(
        "xlsx-xml-entity-bomb",
        {"game/cards.xlsx": MADE["xlsx_entity_bomb"]},
        "game/cards.xlsx: error[CK041]",
    ),
    Case(
        "xlsx-external-entity",
        {"game/cards.xlsx": MADE["xlsx_external_entity"]},
        "game/cards.xlsx: error[CK041]",
    ),
    Case(
        "xlsx-doctype-in-styles",
        {"game/cards.xlsx": MADE["xlsx_styles_doctype"]},
        "game/cards.xlsx: error[CK041] part 'xl/styles.xml' of the workbook has a DOCTYPE",
    ),
    Case(  # found by fuzz/long_run.py: a deflate stream that breaks partway was exit 3
        "xlsx-damaged-deflate-stream",
        {"game/cards.xlsx": F("xlsx/damaged-deflate-stream.xlsx")},
        "game/cards.xlsx: error[CK041] not an XLSX workbook: it is a zip archive that openpyxl "
        "cannot read (error: Error -3 while decompressing data: invalid distance too far back)",
    ),
    Case(  # found by fuzz/long_run.py: zipfile's NotImplementedError was exit 3
        "xlsx-unsupported-zip-version",
        {"game/cards.xlsx": F("xlsx/zip-version-14-8.xlsx")},
        "game/cards.xlsx: error[CK041] not an XLSX workbook: it is a zip archive that openpyxl "
        "cannot read (NotImplementedError: zip file version 14.8)",
    ),
    Case(
        "xlsx-formula",
        {"game/cards.xlsx": MADE["xlsx_formula"]},
        "game/cards.xlsx[Sheet]:2:5: error[CK042] cell E2 holds the formula '=1+1' "
        "with no saved result",
    ),
    Case(
        "xlsx-formula-import",
        {"game/cards.xlsx": MADE["xlsx_formula"]},
        "game/cards.xlsx[Sheet]:2:5: error[CK042]",
        command="import",
    ),
    # art pictures: a refused path is an error; a broken picture a warning (drawn without it)
    Case(
        "art-decompression-bomb-png",
        ART_WITH(MADE["png_bomb"]),
        "game/painted.yaml:6:10: warning[CK213] art 'art/picture.png' has more than 50,000,000 "
        "pixels (a decompression bomb?)",
        command="validate",
        status=0,
    ),
    Case(
        "art-truncated-jpeg",
        ART_WITH(MADE["truncated_jpeg"]),
        "game/painted.yaml:6:10: warning[CK213] art 'art/picture.png' cannot be decoded",
        command="validate",
        status=0,
    ),
    Case(
        "art-truncated-png",
        ART_WITH(MADE["truncated_png"]),
        "game/painted.yaml:6:10: warning[CK213] art 'art/picture.png' cannot be decoded",
        command="validate",
        status=0,
    ),
    Case(
        "art-svg-with-external-entity",
        ART_WITH(F("art/svg-external-entity.svg")),
        "game/painted.yaml:6:10: warning[CK213] art 'art/picture.png' is not a picture",
        command="validate",
        status=0,
    ),
    Case(
        "art-text-file",
        ART_WITH(MADE["text_as_png"]),
        "game/painted.yaml:6:10: warning[CK213] art 'art/picture.png' is not a picture",
        command="validate",
        status=0,
    ),
    Case(
        "art-link-outside",
        {**ART_WITH(MADE["link_to_outside_picture"]), "outside.png": MADE["outside_picture"]},
        "game/painted.yaml:6:10: error[CK212] art path 'art/picture.png' is a link that leads "
        "outside the game folder",
    ),
    # layouts
    *(
        Case(f"layout-{stem}", {"game/layouts/ship.yaml": F(f"layouts/{stem}.yaml")}, expect)
        for stem, expect in (
            ("extends-itself", "game/layouts/ship.yaml:1:10: error[CK207]"),
            ("negative-size", "game/layouts/ship.yaml:3:16: error[CK205] left of part 'name'"),
            ("enormous-size", "game/layouts/ship.yaml:3:29: error[CK205] width of part 'rules'"),
            ("enormous-font", "game/layouts/ship.yaml:3:63: error[CK205] font size 1e+300"),
            ("colour-markup", "game/layouts/ship.yaml:3:68: error[CK208]"),
            ("python-tag", "game/layouts/ship.yaml:1:10: error[CK011]"),
            ("alias-bomb", "game/layouts/ship.yaml:6:1: error[CK013]"),
            ("unknown-part", "game/layouts/ship.yaml:3:3: error[CK204] unknown part"),
        )
    ),
    # rulebook templates
    *(
        Case(
            f"template-{stem}",
            {"game/rulebook/reference.md.j2": F(f"templates/{stem}.md.j2")},
            expect,
            command="rulebook",
        )
        for stem, expect in (
            ("sandbox-escape", "game/rulebook/reference.md.j2:1:1: error[CK302]"),
            ("globals-escape", "game/rulebook/reference.md.j2:1:1: error[CK302]"),
            ("format-escape", "game/rulebook/reference.md.j2:1:1: error[CK302]"),
            (
                "huge-range",
                "game/rulebook/reference.md.j2:1:1: error[CK304] template fails: OverflowError",
            ),
            ("include-outside", "game/rulebook/reference.md.j2:1:1: error[CK303]"),
            ("syntax-error", "game/rulebook/reference.md.j2:1:1: error[CK300]"),
            ("undefined-name", "game/rulebook/reference.md.j2:1:1: error[CK301]"),
            (
                "string-bomb",
                "game/rulebook/reference.md.j2:1:1: error[CK302] template does something the "
                "sandbox forbids: repeating",
            ),
            ("power-bomb", "game/rulebook/reference.md.j2:1:1: error[CK302]"),
            ("list-bomb", "game/rulebook/reference.md.j2:1:1: error[CK302]"),
        )
    ),
    Case(
        "template-linking-outside",
        {
            "game/rulebook/reference.md.j2": MADE["link_to_outside_template"],
            "secret.md.j2": MADE["outside_template"],
        },
        "game/rulebook/reference.md.j2: error[CK306] template 'reference.md.j2' links outside",
        command="rulebook",
    ),
    # every command that reads a game refuses the same hostile card file ------------------------
    *(
        Case(
            f"{command}-refuses-a-python-tag",
            {"game/trojan.yaml": F("yaml/python-object-apply.yaml")},
            "game/trojan.yaml:4:11: error[CK011]",
            command=command,
        )
        for command in ("fmt", "costs", "sim", "explain", "rulebook")
    ),
    Case(
        "schema-refuses-a-python-tag-in-game-yaml",
        {"game/game.yaml": F("game/python-tag.yaml")},
        "game/game.yaml:4:7: error[CK011]",
        command="schema",
    ),
    Case(
        "fmt-refuses-an-alias-bomb",
        {"game/laughs.yaml": F("yaml/billion-laughs.yaml")},
        "game/laughs.yaml:6:1: error[CK013]",
        command="fmt",
    ),
    Case(
        "sim-add-refuses-a-python-tag",
        {"added.yaml": F("yaml/python-object-apply.yaml")},
        "added.yaml:4:11: error[CK011]",
        args=("sim", "game", "--games", "2", "--add", "added.yaml"),
    ),
    # cardkit new: a bad name or place is a usage error (exit 2) and creates nothing -------------
    Case(
        "new-name-with-terminal-escapes",
        {},
        "cardkit: error: a game's name cannot hold control characters or line breaks: "
        "'Evil\\x1b]0;pwned\\x07'",
        args=("new", "Evil\x1b]0;pwned\x07", "--into", "cards"),
        status=2,
    ),
    Case(
        "new-over-an-existing-game",
        {"cards/mini-realms/game.yaml": F("../game/game.yaml")},
        "cardkit: error: cards/mini-realms already exists",
        args=("new", "Mini Realms", "--into", "cards"),
        status=2,
    ),
    Case(
        "new-into-a-file",
        {"cards": MADE["secret"]},
        "cardkit: error: cards is a file, not a folder to create the game in",
        args=("new", "Moon", "--into", "cards"),
        status=2,
    ),
    # the output path ----------------------------------------------------------------------------
    Case(
        "output-is-a-file",
        {"blocker": MADE["secret"]},
        "blocker/deck.pdf: error[CK005] cannot write output: 'blocker' is a file, not a folder",
        args=("build", "game", "-o", "blocker"),
    ),
    Case(
        "output-under-a-file",
        {"blocker": MADE["secret"]},
        "blocker/deep/deck.pdf: error[CK005] cannot write output: 'blocker' is a file",
        args=("build", "game", "-o", "blocker/deep"),
    ),
    Case(
        "output-in-proc",
        {},
        "/proc/cardkit-nowhere/deck.pdf: error[CK005] cannot write output",
        args=("build", "game", "-o", "/proc/cardkit-nowhere"),
    ),
    Case(
        "import-output-is-a-folder",
        {"game/cards.csv": MADE["csv_valid"], "sub/x": MADE["secret"]},
        "sub: error[CK005] cannot write output: it is a folder",
        args=("import", "game/cards.csv", "--game", "game", "-o", "sub"),
    ),
    Case(
        "schema-output-is-a-folder",
        {"sub/x": MADE["secret"]},
        "sub: error[CK005] cannot write output: it is a folder",
        args=("schema", "game", "-o", "sub"),
    ),
]


def _snapshot(root: Path) -> dict[str, bytes | str]:
    """Every file and link below ``root``: its bytes, or where it links to."""
    found: dict[str, bytes | str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[rel] = "-> " + os.readlink(path)
            elif path.is_file():
                found[rel] = path.read_bytes()
    return found


def _prepare(case: Case, root: Path) -> None:
    shutil.copytree(GAME, root / "game")
    for rel, data in PREVIOUS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    for rel, source in case.files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, str):
            if target.is_symlink() or target.exists():
                target.unlink()
            shutil.copyfile(HOSTILE / source, target)
        else:
            source(target)


def test_every_hostile_fixture_is_used_by_a_case() -> None:
    used = {s for case in CASES for s in case.files.values() if isinstance(s, str)}
    on_disk = {
        p.relative_to(HOSTILE).as_posix()
        for p in HOSTILE.rglob("*")
        if p.is_file() and p.parent.name != "benign"
    }
    assert sorted(on_disk - used) == []


def test_case_names_are_unique() -> None:
    names = [case.name for case in CASES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_hostile_input_gives_a_located_error_and_leaves_everything_as_it_was(
    case: Case,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _prepare(case, tmp_path)
    before = _snapshot(tmp_path)
    monkeypatch.chdir(tmp_path)
    if case.subprocess:
        env = {k: v for k, v in os.environ.items() if k != "CARDKIT_DEBUG"}
        env["PYTHONPATH"] = str(FIXTURES.parent.parent)
        result = subprocess.run(
            [sys.executable, "-m", "cardkit", *case.argv],
            capture_output=True,
            text=True,
            check=False,
            env=env,
            timeout=120,
        )
        status, out, err = result.returncode, result.stdout, result.stderr
    else:
        status = main(case.argv)
        out, err = capsys.readouterr()
    shown = out + err
    assert "Traceback" not in shown, shown
    assert "internal error" not in shown, shown
    assert status == case.status, shown
    lines = shown.splitlines()
    assert any(line.startswith(case.expect) for line in lines), shown
    after = _snapshot(tmp_path)
    assert sorted(after) == sorted(before), "files appeared or vanished"
    assert after == before, "a file changed"
    assert not list(tmp_path.rglob("pwned"))


def test_the_table_holds_at_least_sixty_cases() -> None:
    assert len(CASES) >= 60

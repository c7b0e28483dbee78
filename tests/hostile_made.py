"""Hostile inputs made at test time: too large, too binary or too link-shaped to commit.

Each maker writes one file (or link, or folder) at the path it is given. The table
in test_hostile.py says where each goes and what cardkit must answer.
"""

from __future__ import annotations

import io
import os
import random
import zipfile
from collections.abc import Callable
from pathlib import Path

Maker = Callable[[Path], None]

TEN_MB = 10 * 1024 * 1024
CARD = "  - name: {name}\n    type: ship\n    cost: 1\n"


def _bytes(data: bytes) -> Maker:
    def make(path: Path) -> None:
        path.write_bytes(data)

    return make


def _text(text: str) -> Maker:
    return _bytes(text.encode("utf-8"))


def _link(target: str) -> Maker:
    def make(path: Path) -> None:
        if path.exists() or path.is_symlink():
            path.unlink()
        os.symlink(target, path)

    return make


def _folder(path: Path) -> None:
    if path.exists():
        path.unlink()
    path.mkdir()
    (path / "game.yaml").write_text("id: inner\n")


def _hundred_thousand_cards(path: Path) -> None:
    with path.open("w", encoding="utf-8") as stream:
        stream.write("cards:\n")
        for i in range(100_000):
            stream.write(CARD.format(name=f"Drone {i}"))


def _csv_rows(path: Path) -> None:
    with path.open("w", encoding="utf-8") as stream:
        stream.write("Name,Qty,Faction,Type,Cost,Defense,Text\n")
        for i in range(20_000):
            stream.write(f"Drone {i},1,Blob,Ship,1,,Gain 1 Trade.\n")


def _workbook(rows: list[list[object]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


HEADER: list[object] = ["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"]


def _xlsx_formula(path: Path) -> None:
    # A formula that was never calculated: the workbook holds no value for it.
    path.write_bytes(_workbook([HEADER, ["Adder", 1, "Blob", "Ship", "=1+1", None, "Gain 1."]]))


def _rewrite_part(data: bytes, part: str, replace: Callable[[bytes], bytes]) -> bytes:
    """``data`` (a zip) with one member's bytes changed."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == part:
                body = replace(body)
            target.writestr(info.filename, body)
    return out.getvalue()


def _plain_workbook() -> bytes:
    return _workbook([HEADER, ["Bomber", 1, "Blob", "Ship", 1, None, "Gain 1 Trade."]])


ENTITY_BOMB = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'.encode()
        for i in range(1, 10)
    )
    + b"]>\n"
)


def _xlsx_entity_bomb(path: Path) -> None:
    def bomb(body: bytes) -> bytes:
        _, _, rest = body.partition(b"?>")
        return ENTITY_BOMB + rest.replace(b"<v>", b"<v>&lol9;", 1)

    path.write_bytes(_rewrite_part(_plain_workbook(), "xl/worksheets/sheet1.xml", bomb))


def _xlsx_external_entity(path: Path) -> None:
    def xxe(body: bytes) -> bytes:
        _, _, rest = body.partition(b"?>")
        doctype = b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        return doctype + rest.replace(b"<v>", b"<v>&xxe;", 1)

    path.write_bytes(_rewrite_part(_plain_workbook(), "xl/worksheets/sheet1.xml", xxe))


def _xlsx_styles_doctype(path: Path) -> None:
    """A DOCTYPE with an external entity in the styles part, not in a worksheet."""

    def xxe(body: bytes) -> bytes:
        _, _, rest = body.partition(b"?>")
        doctype = b'<?xml version="1.0"?>\n<!-- styles -->\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        return doctype + rest

    path.write_bytes(_rewrite_part(_plain_workbook(), "xl/styles.xml", xxe))


def _zip_bomb(path: Path) -> None:
    """A real workbook whose sheet unpacks to 200 MB of spaces (about 200 KB packed)."""

    def pad(body: bytes) -> bytes:
        return body.replace(b"<sheetData>", b"<sheetData>" + b" " * (200 * 1024 * 1024), 1)

    path.write_bytes(_rewrite_part(_plain_workbook(), "xl/worksheets/sheet1.xml", pad))


def _empty_zip(path: Path) -> None:
    with zipfile.ZipFile(path, "w"):
        pass


def _truncated_xlsx(path: Path) -> None:
    data = _plain_workbook()
    path.write_bytes(data[: len(data) // 2])


def _nested(depth: int) -> str:
    return (
        "cards:\n"
        + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(depth))
        + "  " * (depth + 1)
        + "x\n"
    )


def _png_bomb(path: Path) -> None:
    """A PNG that claims 40,000 x 40,000 pixels (1.6 billion) in a file of a few hundred bytes."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 40_000, 40_000, 8, 0, 0, 0, 0)
    row = b"\x00" + b"\x00" * 40_000
    body = zlib.compress(row * 16, 9)  # the first rows; the decoder never gets further
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    )


def _picture(kind: str) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 40, 40)).save(buffer, kind)
    return buffer.getvalue()


def _truncated_jpeg(path: Path) -> None:
    data = _picture("JPEG")
    path.write_bytes(data[: len(data) // 2])


def _truncated_png(path: Path) -> None:
    data = _picture("PNG")
    path.write_bytes(data[: len(data) // 2])


MADE: dict[str, Maker] = {
    "ten_mb_text": _text(
        CARD.format(name="Verbose") + "    text: " + "Gain 1 Trade. " * (TEN_MB // 14) + "\n"
    ),
    "ten_mb_name": _text("cards:\n  - name: " + "N" * TEN_MB + "\n    type: ship\n    cost: 1\n"),
    "ten_mb_key": _text("cards:\n" + CARD.format(name="Keyed") + "    " + "k" * TEN_MB + ": 1\n"),
    "over_limit": _bytes(b"#" * (20 * 1024 * 1024 + 1)),
    "hundred_thousand_cards": _hundred_thousand_cards,
    "deep_flow": _text("[" * 100_000 + "]" * 100_000 + "\n"),
    "deep_block": _text(_nested(1_000)),
    "nul_byte": _bytes(b"cards:\n  - name: Scout\n    type\x00: ship\n"),
    "invalid_utf8": _bytes("cards:\n  - name: Café\n    type: ship\n".encode("latin-1")),
    "overlong_utf8": _bytes(b"cards:\n  - name: \xc0\xaf\n    type: ship\n"),
    "surrogate_utf8": _bytes(b"cards:\n  - name: \xed\xa0\x80\n    type: ship\n"),
    "utf16_le": _bytes("cards:\n  - name: Scout\n".encode("utf-16-le")),
    "utf16_be": _bytes("cards:\n  - name: Scout\n".encode("utf-16-be")),
    "utf32": _bytes("cards:\n  - name: Scout\n".encode("utf-32")),
    "secret": _text("cards:\n  - name: Secret\n    type: ship\n    cost: 1\n"),
    "link_to_secret": _link("../secret.yaml"),
    "link_to_outside_template": _link("../../secret.md.j2"),
    "outside_template": _text("SECRET {{ reference.title }}\n"),
    "link_to_outside_folder": _link("../outside"),
    "link_to_dot": _link("."),
    "folder": _folder,
    "rules_deep_parentheses": _text(
        CARD.format(name="Nested")
        + "    text: '"
        + "(" * 2000
        + "Gain 1 Trade."
        + ")" * 2000
        + "'\n"
    ),
    "rules_longest": _text(
        CARD.format(name="Verbose") + "    text: '" + "Gain 1 Trade. " * 357 + "'\n"
    ),
    "csv_valid": _text("Name,Qty,Faction,Type,Cost,Defense,Text\nRaider,1,Blob,Ship,1,,\n"),
    "csv_nul": _bytes(b"Name,Qty,Faction,Type,Cost,Defense,Text\nScout,1,Blob,Ship,1,\x00,x\n"),
    "csv_latin1": _bytes(
        "Name,Qty,Faction,Type,Cost,Defense,Text\nCafé,1,Blob,Ship,1,,\n".encode("latin-1")
    ),
    "csv_utf16": _bytes(
        "Name,Qty,Faction,Type,Cost,Defense,Text\nScout,1,Blob,Ship,1,,\n".encode("utf-16")
    ),
    "csv_huge_cell": _text(
        'Name,Qty,Faction,Type,Cost,Defense,Text\nScout,1,Blob,Ship,1,,"' + "x" * 1_000_000 + '"\n'
    ),
    "csv_many_columns": _text(
        ",".join(
            ["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"]
            + [f"C{i}" for i in range(20_000)]
        )
        + "\nDrone,1,Blob,Ship,one,,\n"
    ),
    "csv_many_rows": _csv_rows,
    "random_bytes": _bytes(random.Random(8).randbytes(4096).replace(b"PK", b"pk")),
    "ole_xls": _bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504),
    "empty_zip": _empty_zip,
    "truncated_xlsx": _truncated_xlsx,
    "zip_bomb": _zip_bomb,
    "xlsx_entity_bomb": _xlsx_entity_bomb,
    "xlsx_external_entity": _xlsx_external_entity,
    "xlsx_styles_doctype": _xlsx_styles_doctype,
    "xlsx_formula": _xlsx_formula,
    "png_bomb": _png_bomb,
    "truncated_jpeg": _truncated_jpeg,
    "truncated_png": _truncated_png,
    "text_as_png": _text("this is not a picture\n"),
    "link_to_outside_picture": _link("../../outside.png"),
    "outside_picture": lambda path: path.write_bytes(_picture("PNG")),
}

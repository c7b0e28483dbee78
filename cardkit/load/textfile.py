"""Reading a data file as text, with every way it can fail turned into a diagnostic."""

from __future__ import annotations

from pathlib import Path

from cardkit.diagnostics import Diagnostic, Location, error

MAX_FILE_BYTES = 20 * 1024 * 1024

# Byte-order marks of the encodings spreadsheet programs and Windows editors save "Unicode"
# text in; UTF-32 first, as its little-endian mark begins with UTF-16's.
_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _position(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = len(before) - (before.rfind(b"\n") + 1) + 1
    return line, column


def _utf16_without_bom(data: bytes) -> str:
    """'UTF-16' when ``data`` reads as UTF-16 text (of mostly Latin letters), else ''.

    Such text has a NUL beside nearly every other byte: after it (little-endian) or
    before it (big-endian).
    """
    head = data[:4096]
    if len(head) < 4:
        return ""
    for start in (1, 0):
        zeros = head[start::2].count(0)
        if zeros >= 0.9 * len(head[start::2]) and head[1 - start :: 2].count(0) == 0:
            try:
                data.decode("utf-16-le" if start else "utf-16-be")
            except UnicodeDecodeError:
                return ""
            return "UTF-16"
    return ""


def read_text(path: Path, shown: str) -> tuple[str | None, list[Diagnostic]]:
    """The UTF-8 text of ``path``, or None and the reason it cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, [
                error(
                    "CK004",
                    f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}",
                    Location(shown),
                )
            ]
        data = path.read_bytes()
    except OSError as exc:
        return None, [error("CK001", f"cannot read file: {exc.strerror or exc}", Location(shown))]
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            return None, [
                error(
                    "CK002",
                    f"the file is {encoding} text, not UTF-8",
                    Location(shown, 1, 1),
                    hint="save the file as UTF-8",
                )
            ]
    nul = data.find(b"\x00")
    if nul >= 0:
        wide = _utf16_without_bom(data)
        if wide:
            return None, [
                error(
                    "CK002",
                    f"the file is {wide} text without a byte-order mark, not UTF-8",
                    Location(shown, 1, 1),
                    hint="save the file as UTF-8",
                )
            ]
        line, column = _position(data, nul)
        return None, [
            error(
                "CK002", "binary file: it holds NUL bytes, not text", Location(shown, line, column)
            )
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        return None, [
            error(
                "CK002",
                f"not UTF-8 text: byte {data[exc.start]:#04x} cannot be decoded",
                Location(shown, line, column),
                hint="save the file as UTF-8",
            )
        ]
    return text.removeprefix("\ufeff"), []

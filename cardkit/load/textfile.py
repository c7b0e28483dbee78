"""Reading a data file as text, with every way it can fail turned into a diagnostic."""

from __future__ import annotations

import re
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


# Line breaks as editors count them (and YAML, csv and jinja2): '\r\n', '\r', '\n'.
_BREAK = re.compile(r"\r\n?|\n")
_BREAK_BYTES = re.compile(rb"\r\n?|\n")
# Characters some programs count as line breaks and others do not: YAML 1.1 and some
# editors break lines at them, csv and other editors do not. With one in a file, the line a
# message names would depend on who reads it, so it is refused wherever it is.
_DISPUTED_BREAKS = re.compile("[\x85\u2028\u2029]")
_DISPUTED_NAMES = {
    "\x85": "NEXT LINE",
    "\u2028": "LINE SEPARATOR",
    "\u2029": "PARAGRAPH SEPARATOR",
}


def disputed_break(text: str, shown: str) -> Diagnostic | None:
    """CK002 at the first NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR of ``text``, if any."""
    disputed = _DISPUTED_BREAKS.search(text)
    if disputed is None:
        return None
    char = disputed.group()
    line, column = text_position(text, disputed.start())
    return error(
        "CK002",
        f"U+{ord(char):04X} {_DISPUTED_NAMES[char]} is a line break to some programs and "
        "editors and not to others, so line numbers after it would differ",
        Location(shown, line, column),
        hint="replace it with a line break or a space"
        + (" (it is often a Windows-1252 '\u2026' read as Latin-1)" if char == "\x85" else ""),
    )


# In rules text, every other kind of line break is a line break.
_OTHER_BREAKS = re.compile("\r\n?|[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def plain_line_breaks(text: str) -> str:
    """``text`` with each '\r\n', '\r', vertical tab, form feed, NEL, line or paragraph
    separator made a '\n' (what ``str.splitlines`` breaks at): rules text from a quoted
    YAML string or a spreadsheet cell has its lines where its reader sees them."""
    return _OTHER_BREAKS.sub("\n", text)


def text_position(text: str, offset: int) -> tuple[int, int]:
    """The line and column (from 1) of ``text[offset]`` as an editor shows them: lines end at
    '\r\n', '\r' or '\n', and at nothing else."""
    before = text[:offset]
    starts = [m.end() for m in _BREAK.finditer(before)]
    return len(starts) + 1, offset - (starts[-1] if starts else 0) + 1


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """``text_position`` in bytes, for text that cannot be decoded."""
    before = data[:offset]
    starts = [m.end() for m in _BREAK_BYTES.finditer(before)]
    return len(starts) + 1, offset - (starts[-1] if starts else 0) + 1


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
    text = text.removeprefix("\ufeff")
    disputed = disputed_break(text, shown)
    if disputed is not None:
        return None, [disputed]
    return text, []

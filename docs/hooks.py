"""MkDocs hooks: the diagnostic code table, built from cardkit's own table of codes.

``cardkit.diagnostics.CODES`` gives each code and its meaning; ``diagnostic-examples.txt``
beside this file gives one line as cardkit prints it for each code. The page
``diagnostics.md`` holds the marker below, which the table replaces, so the documented codes
are always the codes cardkit has: a code without an example, or an example of a code that
does not exist, fails the build.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the codes of this checkout, whatever cardkit is installed
    sys.path.insert(0, str(ROOT))

from cardkit.diagnostics import CODES  # noqa: E402

EXAMPLES = Path(__file__).with_name("diagnostic-examples.txt")
MARKER = "<!-- diagnostic code table -->"


def examples() -> dict[str, str]:
    """Each code's example line, from ``diagnostic-examples.txt`` (``CKnnn line``)."""
    found: dict[str, str] = {}
    for number, line in enumerate(EXAMPLES.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        match = re.fullmatch(r"(CK\d{3}) (\S.*)", line)
        if match is None:
            raise ValueError(f"{EXAMPLES.name}:{number}: not 'CKnnn example': {line!r}")
        code, example = match.groups()
        if code in found:
            raise ValueError(f"{EXAMPLES.name}:{number}: a second example of {code}")
        found[code] = example
    return found


def code_table() -> str:
    """The Markdown table of every code: its meaning (from the code) and an example."""
    shown = examples()
    missing = sorted(set(CODES) - set(shown))
    unknown = sorted(set(shown) - set(CODES))
    if missing or unknown:
        raise ValueError(
            f"{EXAMPLES.name}: codes without an example: {missing}; "
            f"examples of codes that do not exist: {unknown}"
        )
    rows = [f"| {code} | {CODES[code]} | `{shown[code]}` |" for code in sorted(CODES)]
    return "\n".join(["| code | meaning | example |", "|---|---|---|", *rows])


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put the code table where a page holds the marker."""
    if MARKER in markdown:
        return markdown.replace(MARKER, code_table())
    return markdown

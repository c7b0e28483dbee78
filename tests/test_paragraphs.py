"""reportlab's Paragraph imported with its URL pattern compiled when first used
(cardkit/render/paragraphs.py): the pattern then behaves exactly as reportlab's own."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cardkit.render.paragraphs import DeferredPattern

ROOT = Path(__file__).resolve().parent.parent

URIS = [
    "https://example.com/a/b/c",
    "HTTP://Example.COM:8080/path?q=1#x",
    "ftp://user:pw@192.168.0.1/file",
    "//no-scheme.org/x",
    "mailto:someone@example.com",
    "not a url at all",
    "https://\u00e9t\u00e9.fr/caf\u00e9",
    "http://[::1]/x",
    "localhost",
    "",
]


def test_the_pattern_is_compiled_when_first_used_and_then_is_reportlab_s() -> None:
    code = (
        "import re, sys\n"
        "compile_now = re.compile\n"
        "import cardkit.render.textfit\n"
        "from reportlab.platypus import paragraph\n"
        "deferred = paragraph.uri_pat\n"
        "print(type(deferred).__name__, deferred._compiled is None, re.compile is compile_now)\n"
        "source = deferred._source\n"
        "real = re.compile(source, re.I)\n"
        f"for uri in {URIS!r}:\n"
        "    one, other = deferred.match(uri), real.match(uri)\n"
        "    assert (one and one.groups()) == (other and other.groups()), uri\n"
        "    split = paragraph._uri_split_pairs(uri)\n"
        "    paragraph.uri_pat = real\n"
        "    assert split == paragraph._uri_split_pairs(uri), uri\n"
        "    paragraph.uri_pat = deferred\n"
        "print(deferred.compiled is deferred.compiled, deferred.pattern == source)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert done.stdout.split() == ["DeferredPattern", "True", "True", "True", "True"]


def test_a_deferred_pattern_answers_as_the_compiled_one() -> None:
    source = r"(^(?:[a-z]*)://)(\S+)"
    deferred = DeferredPattern(source, re.I)
    real = re.compile(source, re.I)
    assert deferred._compiled is None
    assert deferred.match("HTTPS://x.org").groups() == real.match("HTTPS://x.org").groups()  # type: ignore[union-attr]
    assert deferred.flags == real.flags and deferred.groups == real.groups
    assert deferred.compiled is deferred.compiled

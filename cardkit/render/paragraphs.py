"""reportlab's Paragraph, imported without compiling the one pattern it never needs at once.

``reportlab.platypus.paragraph`` compiles, when imported, a pattern that tells a URL from other
words (``uri_pat``, from Django's validator): case-insensitive over most of Unicode, it takes
Python's ``re`` about 20 ms to compile, a third of all platypus costs to import and 4% of a
warm ``cardkit build``. reportlab uses it only to split an overlong link across lines, which
card text never holds. Here that one pattern is compiled the first time it is used: while
platypus is imported, ``re.compile`` hands back a stand-in for a pattern of that shape, which
compiles it on first use and then behaves as the compiled pattern (every other pattern, and
every other thread's, is compiled as always; ``re.compile`` is itself again afterwards).
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_URL_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # how reportlab's (and Django's) URL pattern begins
_LONG = 250  # ... and it is longer than this (316 characters in reportlab 5.1)
_PLATYPUS = "reportlab.platypus"


class DeferredPattern:
    """A pattern compiled the first time one of its methods or attributes is used."""

    __slots__ = ("_compiled", "_flags", "_lock", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None
        self._lock = threading.Lock()

    @property
    def compiled(self) -> re.Pattern[str]:
        """The pattern, compiled (once)."""
        if self._compiled is None:
            with self._lock:
                if self._compiled is None:
                    self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)


@contextmanager
def _url_pattern_deferred() -> Iterator[None]:
    compile_now = re.compile
    importing = threading.get_ident()

    def compile_later(pattern: Any, flags: int = 0) -> Any:
        if (
            threading.get_ident() == importing
            and isinstance(pattern, str)
            and pattern.startswith(_URL_START)
            and len(pattern) > _LONG
        ):
            return DeferredPattern(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_later
    try:
        yield
    finally:
        re.compile = compile_now


if _PLATYPUS not in sys.modules:
    with _url_pattern_deferred():
        import reportlab.platypus  # noqa: F401

from reportlab.platypus import Flowable, Paragraph  # noqa: E402

__all__ = ["DeferredPattern", "Flowable", "Paragraph"]

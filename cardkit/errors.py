"""The one exception tree of cardkit: every error a user can cause is a CardkitError."""

from __future__ import annotations


class CardkitError(Exception):
    """Root of every error cardkit raises on purpose."""


class UsageError(CardkitError):
    """The command line asked for something that cannot be done (exit status 2)."""


class LayoutError(CardkitError):
    """Sizes, paper, bleed or margins that cannot be laid out."""


class LengthError(LayoutError):
    """A length that is not a number followed by one of the accepted units."""


class RulesTextError(CardkitError):
    """A line of rules text does not parse: where (line and column in the text), what the
    grammar expected there, what was found, and what the words found were likely meant to be
    (``suggestion``, among what could come there; '' when nothing is close)."""

    def __init__(
        self,
        reason: str,
        *,
        line: int = 1,
        column: int = 1,
        expected: tuple[str, ...] = (),
        found: str = "",
        suggestion: str = "",
    ) -> None:
        where = f"line {line}, column {column}" if line > 1 else f"column {column}"
        super().__init__(f"{reason} at {where}")
        self.reason = reason
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
        self.suggestion = suggestion


class UnknownFactionError(RulesTextError):
    """An ally ability names a faction the game does not declare."""

    def __init__(self, reason: str, *, name: str, line: int = 1, column: int = 1) -> None:
        super().__init__(reason, line=line, column=column, found=name)
        self.name = name


class UnknownKeywordError(RulesTextError):
    """A sentence is one word the game does not declare as a keyword ("Outpst.")."""

    def __init__(self, reason: str, *, name: str, line: int = 1, column: int = 1) -> None:
        super().__init__(reason, line=line, column=column, found=name)
        self.name = name


class OutputError(CardkitError, OSError):
    """An output file cannot be written: a file in the way, no permission, a full disk.

    Also an OSError with the ``errno`` and ``strerror`` of the failure behind it, so code
    that handles OSError around a write keeps working.
    """

    def __init__(self, path: str, reason: str, cause: OSError | None = None) -> None:
        errno = cause.errno if cause is not None else None
        strerror = (cause.strerror if cause is not None else None) or reason
        OSError.__init__(self, errno, strerror)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot write {self.path!r}: {self.reason}"


class OutputExistsError(OutputError):
    """An output file is already there and the command was not told to replace it."""

    def __init__(self, path: str) -> None:
        super().__init__(path, "the file already exists")

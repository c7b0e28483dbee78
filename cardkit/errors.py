"""The one exception tree of cardkit: every error a user can cause is a CardkitError."""

from __future__ import annotations


class CardkitError(Exception):
    """Root of every error cardkit raises on purpose."""


class UsageError(CardkitError):
    """The command line asked for something that cannot be done (exit status 2)."""


class CardDataError(CardkitError):
    """Card or game data is broken; carries the diagnostics that say where."""

    def __init__(self, message: str, diagnostics: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics

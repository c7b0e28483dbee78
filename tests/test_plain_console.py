"""Output that is no terminal is written without rich (cli/output.py ``PlainConsole``): byte for
byte what rich's console writes there, hidden characters escaped the same way."""

from __future__ import annotations

import io
import random

import pytest

from cardkit.cli import output
from cardkit.cli.output import PlainConsole, make_console, print_diagnostics, say
from cardkit.diagnostics import Diagnostic, Location, error, warning

LINES = [
    "",
    " ",
    "wrote output/star-realms/deck.pdf (152 cards, 36 pages)",
    "  leading and trailing  ",
    "x" * 300,
    "two\nlines\n",
    "[bold]not markup[/bold] :smile: http://example.com/a",
    "a\ttab",
    "bell \x07 and escape \x1b[31m red",
    "carriage\rreturn",
    "bidi \u202e override, accents é, CJK 漢字, emoji 🂡",
    "zero\u200bwidth",
]


def _random_lines(count: int) -> list[str]:
    rng = random.Random(7)
    alphabet = "ab [](){}:;,. \n\t*_-=/\\~`\"'#@!?%&|<>$^+09é\x1b\x07\u202e漢"
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 120))) for _ in range(count)]


def _by_rich(pieces: list[str | tuple[str, str]]) -> str:
    """What rich's console of cardkit writes for ``pieces`` to a stream that is no terminal."""
    stream = io.StringIO()
    console = output._safe_console()(file=stream, highlight=False, soft_wrap=True)
    say(console, *pieces)
    return stream.getvalue()


@pytest.mark.parametrize("stderr", [False, True])
def test_a_plain_console_writes_what_rich_writes(
    capsys: pytest.CaptureFixture[str], stderr: bool
) -> None:
    for line in [*LINES, *_random_lines(500)]:
        for pieces in ([line], [(line, "dim")], ["at: ", ("error[CK001]", "bold red"), line]):
            say(PlainConsole(stderr=stderr), *pieces)
            written = capsys.readouterr()
            assert (written.err if stderr else written.out) == _by_rich(pieces), repr(line)
            assert (written.out if stderr else written.err) == ""


def test_diagnostics_print_the_same_without_rich(capsys: pytest.CaptureFixture[str]) -> None:
    found: list[Diagnostic] = [
        error("CK021", "cost must be a number", Location("cards.yaml", 3, 11), hint="write 3"),
        warning("CK101", "text \x1b[2J that \u202e hides", Location("a\tb.yaml", 1, 1)),
        error("CK005", "cannot write output", Location("out/deck.pdf")),
    ]
    stream = io.StringIO()
    rich = output._safe_console()(file=stream, highlight=False, soft_wrap=True)
    print_diagnostics(rich, found, "text")
    print_diagnostics(PlainConsole(stderr=False), found, "text")
    assert capsys.readouterr().out == stream.getvalue()
    assert "hint: write 3" in stream.getvalue() and "\\x1b[2J" in stream.getvalue()


def test_rich_prints_where_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert isinstance(make_console(), PlainConsole)  # pytest captures: no terminal
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    assert not isinstance(make_console(), PlainConsole)
    monkeypatch.undo()
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich is told to colour: it prints
    assert not isinstance(make_console(stderr=True), PlainConsole)

"""Lines made from a line of rules text for tests that compare two ways of parsing it."""

from __future__ import annotations

from collections.abc import Iterator


def variants(line: str) -> Iterator[str]:
    """The line, and lines that stop parsing at each word, or never start."""
    words = line.split(" ")
    yield line
    for i in range(1, len(words)):
        yield " ".join(words[:i])
    for i, word in enumerate(words):
        if len(word) > 3:  # two letters swapped: a misspelling
            yield " ".join([*words[:i], word[0] + word[2] + word[1] + word[3:], *words[i + 1 :]])
    yield line + " @"
    yield "~" + line
    yield line.upper()
    yield f"  {line}\t "  # spaces and a tab around it

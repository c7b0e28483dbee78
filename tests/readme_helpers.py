"""Reading the documentation's examples (README.md and the pages of docs/), for the tests that
run them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def page(name: str) -> str:
    """The text of the page ``docs/<name>``."""
    return (DOCS / name).read_text(encoding="utf-8")


def all_docs() -> str:
    """README and every page of docs/, one after another."""
    pages = sorted(DOCS.glob("*.md"))
    return "\n".join(path.read_text(encoding="utf-8") for path in [README, *pages])


def readme_yaml(first_line: str) -> str:
    """The YAML example of README or docs/ whose first line starts with ``first_line``."""
    blocks = re.findall(r"```yaml\n(.*?)```", all_docs(), re.DOTALL)
    return next(block for block in blocks if block.startswith(first_line))

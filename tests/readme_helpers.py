"""Reading the README's examples, for the tests that run them."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_yaml(first_line: str) -> str:
    """The README's YAML example whose first line starts with ``first_line``."""
    blocks = re.findall(r"```yaml\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    return next(block for block in blocks if block.startswith(first_line))

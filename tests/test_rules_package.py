"""The rules package: its public names, and that it stays clear of the renderers."""

from __future__ import annotations

import subprocess
import sys

import cardkit.rules


def test_the_package_exports_the_parser_api() -> None:
    assert set(cardkit.rules.__all__) == {
        "Vocabulary",
        "parse_ability",
        "parse_card_text",
        "rules_parser",
    }


def test_importing_the_rules_package_does_not_import_renderers() -> None:
    code = (
        "import sys, cardkit.rules, cardkit.rules.check, cardkit.rules.explain; "
        "print(sorted(m for m in ('reportlab', 'PIL', 'jinja2') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"

"""The layers of the package hold: import-linter's contracts (pyproject.toml), no import cycle
among cardkit's modules, and the bottom layers import no heavy library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept() -> None:
    # In a process of its own: import-linter configures logging, which would silence the
    # loggers other tests listen to (lark's).
    lint = [
        sys.executable,
        "-c",
        "import sys; from importlinter import cli; sys.exit(cli.lint_imports())",
    ]
    result = subprocess.run(lint, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def _cycles() -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), imports made only for
    type checking left out."""
    graph = grimp.build_graph("cardkit", exclude_type_checking_imports=True)
    modules = sorted(graph.modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in modules:
        if module not in index:
            visit(module)
    return sorted(groups)


def test_no_module_imports_itself_round_a_cycle() -> None:
    assert _cycles() == []


@pytest.mark.parametrize("module", ["cardkit", "cardkit.model", "cardkit.effects", "cardkit.rules"])
def test_the_model_and_effects_load_no_heavy_library(module: str) -> None:
    heavy = ("lark", "yaml", "ruamel", "reportlab", "numpy", "jsonschema", "PIL", "jinja2", "rich")
    probe = f"import sys, {module}; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    assert [name for name in loaded if name.split(".")[0] in heavy] == []

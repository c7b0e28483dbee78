"""Build hook: compile the simulator's hot path and the rules-text parse path with mypyc, when
this machine can.

The modules below are plain, strictly typed Python; mypyc (part of mypy) turns them into C
extensions that play the same games about three times as fast, and read rules text a little
faster: the parse loop (``cardkit/rules/lalr.py``), the handlers of the grammar's rules
(``cardkit/rules/handlers.py``: a Python class, as lark's base class asks, with compiled
methods), the shapes of clauses (``cardkit/rules/shapes.py``) and the effect values they
build (``cardkit/effects/``, which also imports faster compiled). The wheel then carries both the ``.py`` sources and the
compiled modules, and Python imports the compiled ones. ``.ci/compiled.py`` says which
modules the cardkit on the path runs compiled.

- Nothing is written into the source tree: mypy's cache, the C code and the objects go to a
  temporary folder, and only the finished extensions are added to the wheel.
- Where compiling fails (no C compiler, say), the build says why and goes on with a pure-Python
  wheel: the same games, only slower.
- Editable installs (``pip install -e``) are never compiled, so edits to the sources take
  effect at once; neither are builds with ``CARDKIT_PURE_PYTHON=1`` in the environment.

The build needs mypy and setuptools, listed as this hook's dependencies in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = (
    "cardkit/sim/actions.py",
    "cardkit/sim/appraise.py",
    "cardkit/sim/cards.py",
    "cardkit/sim/compile.py",
    "cardkit/sim/deeds.py",
    "cardkit/sim/engine.py",
    "cardkit/sim/formats.py",
    "cardkit/sim/greedy.py",
    "cardkit/sim/montecarlo.py",
    "cardkit/sim/runner.py",
    "cardkit/sim/yardstick.py",
    "cardkit/sim/simple.py",
    "cardkit/sim/strategy.py",
    "cardkit/sim/supply.py",
    "cardkit/sim/supplyplay.py",
    "cardkit/sim/view.py",
    "cardkit/rules/lalr.py",
    "cardkit/rules/shapes.py",
    "cardkit/rules/handlers.py",
    "cardkit/effects/*.py",
)
"""The modules compiled: the engine, the bots and what they call every turn; the loop that
parses rules text (every line of every command that reads cards), its handlers, the shapes of
clauses and the effect values it builds (the whole package: a module added to it is compiled too; see
``cardkit/effects/__init__.py`` for what mypyc asks of its classes)."""


def compiled_files(root: Path) -> list[Path]:
    """The files of ``COMPILED`` under ``root``, a pattern's matches in sorted order."""
    return [path for name in COMPILED for path in sorted(root.glob(name))]


GROUP = "cardkit_sim"
"""The name of the shared library the compiled modules live in."""

# Run in a temporary folder, so that neither mypy nor setuptools reads the project's
# pyproject.toml or writes beside the sources. The modules' own imports (lark, PyYAML, ...)
# are not installed in the build environment: mypy takes them as untyped.
_SCRIPT = """
import sys
from mypyc.build import mypycify
from setuptools import setup

GROUP, work, files = sys.argv[1], sys.argv[2], sys.argv[3:]
args = ["--ignore-missing-imports", "--follow-imports=silent", *files]
setup(
    name="cardkit-compiled",
    ext_modules=mypycify(args, opt_level="3", group_name=GROUP, target_dir=work + "/c"),
    script_args=["build_ext", "--build-lib", work + "/lib", "--build-temp", work + "/obj"],
)
"""


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled modules to the wheel (see the module's docstring)."""

    _work: str | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("CARDKIT_PURE_PYTHON"):
            self.app.display_info("cardkit: CARDKIT_PURE_PYTHON is set, cardkit stays pure Python")
            return
        self._work = tempfile.mkdtemp(prefix="cardkit-mypyc-")
        root = Path(self.root)
        files = [str(path) for path in compiled_files(root)]
        self.app.display_info(f"cardkit: compiling {len(files)} modules with mypyc")
        run = subprocess.run(
            [sys.executable, "-c", _SCRIPT, GROUP, self._work, *files],
            cwd=self._work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            tail = "\n".join(run.stdout.splitlines()[-15:])
            self.app.display_warning(
                "cardkit: could not compile the simulator, so it stays pure Python (the same "
                f"games, about three times slower). mypyc said:\n{tail}"
            )
            return
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        lib = Path(self._work) / "lib"
        built = sorted(lib.rglob(f"*{suffix}"))
        if not built:
            self.app.display_warning(
                "cardkit: mypyc built nothing; the simulator stays pure Python"
            )
            return
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)
            self._work = None

"""Which modules of hatch_build.py's COMPILED list the cardkit on the path runs compiled.

    python -P .ci/compiled.py [--all]

Prints one line per module, ``compiled`` or ``pure Python``, and the folder cardkit was
imported from. With ``--all``, exits 1 unless every module is compiled (.ci/run checks the
install with it; tests/test_compiled.py runs it too). Reads COMPILED from hatch_build.py's
source, so it needs neither hatchling nor this checkout on the path.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def patterns() -> tuple[str, ...]:
    """hatch_build.COMPILED, read from the file."""
    for node in ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["COMPILED"]:
            found = ast.literal_eval(node.value)
            assert isinstance(found, tuple)
            return found
    raise SystemExit("hatch_build.py has no COMPILED")


def modules() -> list[str]:
    """The modules the patterns name, from this checkout's files, in the hook's order."""
    names = []
    for pattern in patterns():
        for path in sorted(ROOT.glob(pattern)):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def main() -> int:
    import cardkit

    print(f"cardkit from {Path(cardkit.__file__).parent}")
    pure = []
    for name in modules():
        where = str(importlib.import_module(name).__file__)
        compiled = not where.endswith(".py")
        print(f"{name}: {'compiled' if compiled else 'pure Python'}")
        if not compiled:
            pure.append(name)
    return 1 if pure and "--all" in sys.argv[1:] else 0


if __name__ == "__main__":
    sys.exit(main())

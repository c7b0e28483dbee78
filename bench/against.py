"""A whole command of this working tree against the same command of another checkout.

Each run is a fresh process (``commands.run``: CPU time, user + system, of the child, and its
peak memory); the two trees run interleaved, in alternating order, ``--repeat`` rounds, and
the figures are medians. CPU time rather than wall time, because the machine is shared.

    python bench/against.py /work/main [--repeat 7] [-- build cards/star-realms]

The command (default: ``build cards/star-realms``, as the README's first command) runs with
``PYTHONPATH`` set to each tree, from this repository's folder; ``build`` and ``rulebook``
write into a folder of their own (``-o``). "This tree" is the folder this file is in.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from commands import Sample, run  #  (bench/commands.py)

HERE = Path(__file__).resolve().parent.parent


def command(tree: Path, words: list[str], out: Path) -> list[str]:
    """``python -m cardkit WORDS -o OUT`` with ``tree`` first on the path (``-o`` for the
    commands that write files)."""
    output = ["-o", str(out)] if words[:1] in (["build"], ["rulebook"]) else []
    return ["/usr/bin/env", f"PYTHONPATH={tree}", sys.executable, "-m", "cardkit", *words, *output]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("baseline", type=Path, help="the other checkout (e.g. main)")
    parser.add_argument("--repeat", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("words", nargs="*", default=["build", "cards/star-realms"])
    args = parser.parse_intermixed_args()
    trees = {"baseline": args.baseline.resolve(), "this tree": HERE}
    samples: dict[str, list[Sample]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as work:
        for _ in range(2):  # warm: bytecode written, parser tables cached
            for name, tree in trees.items():
                run(command(tree, args.words, Path(work) / name))
        for round_ in range(args.repeat):
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
            for name in order:
                samples[name].append(run(command(trees[name], args.words, Path(work) / name)))
    base = statistics.median(s.cpu for s in samples["baseline"])
    print(f"cardkit {' '.join(args.words)}: CPU-time medians of {args.repeat} interleaved runs")
    for name, tree in trees.items():
        cpu = [s.cpu for s in samples[name]]
        middle = statistics.median(cpu)
        peak = statistics.median(s.peak for s in samples[name]) / 2**20
        print(
            f"  {name:<10} {middle:6.3f} s ({min(cpu):.3f}-{max(cpu):.3f})  {middle / base:5.3f}x"
            f"  {peak:4.0f} MB  {tree}"
        )


if __name__ == "__main__":
    main()

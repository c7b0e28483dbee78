"""A long, counted fuzz run over the second pass's surfaces, without atheris.

    nice -n 19 python fuzz/long_run.py --inputs 100000 --kinds svg,xlsx,template \
        --seed 1 --crashes /tmp/cardkit-crashes

Inputs are drawn from the pieces of ``soups.py`` (a seeded ``random.Random``, so a run can be
repeated) and fed in turn to the contracts of ``contracts.py``. An input that breaks one, or
takes longer than ``--slow`` seconds, is saved under ``--crashes`` (replay it with
``--replay FILE``). The run prints its counts every ``--every`` inputs and a last line
``N inputs (svg a, xlsx b, ...), C crashes, S slow, T s``; the exit status is 1 when it found
a crash.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import random
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contracts
import soups

KINDS = ("svg", "xlsx", "template", "layout", "terminal")


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise contracts.Slow


class Surfaces:
    """Draws inputs of each kind and checks them against their contracts."""

    def __init__(self) -> None:
        self.space = contracts.SurfaceSpace()
        self.workbook = soups.base_workbook()  # made once: openpyxl stamps the time
        self.parts = soups.workbook_parts(self.workbook)

    def draw(self, kind: str, rng: random.Random) -> bytes:
        if kind == "svg":
            return soups.svg_input(rng)
        if kind == "xlsx":
            return soups.xlsx_input(rng, self.workbook, self.parts)
        if kind == "layout":
            return repr(soups.layout_input(rng)).encode("utf-8", "surrogatepass")
        text = soups.template_input(rng) if kind == "template" else soups.terminal_input(rng)
        return text.encode("utf-8", "surrogatepass")

    def check(self, kind: str, data: bytes) -> None:
        try:
            if kind == "svg":
                contracts.check_svg(self.space, data)
            elif kind == "xlsx":
                contracts.check_xlsx(self.space, data)
            elif kind == "template":
                contracts.check_template(self.space, data.decode("utf-8", "surrogatepass"))
            elif kind == "layout":
                contracts.check_layouts(self.space, ast.literal_eval(data.decode()))
            else:
                contracts.check_terminal(data.decode("utf-8", "surrogatepass"))
        finally:
            self.space.reset()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs in all")
    parser.add_argument("--kinds", default="svg,xlsx,template", help=f"of {','.join(KINDS)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow", type=float, default=20.0, help="seconds before an input is slow")
    parser.add_argument("--every", type=int, default=5000, help="print counts this often")
    parser.add_argument("--crashes", type=Path, default=Path("/tmp/cardkit-crashes"))
    parser.add_argument("--replay", type=Path, help="check one saved input of --kinds")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        parser.error(f"unknown kinds {unknown}")
    surfaces = Surfaces()
    if args.replay:
        surfaces.check(kinds[0], args.replay.read_bytes())
        print(f"{args.replay}: no crash")
        return 0
    rng = random.Random(args.seed)
    signal.signal(signal.SIGALRM, _alarm)
    counts: Counter[str] = Counter()
    crashes = slow = 0
    start = time.monotonic()
    for number in range(1, args.inputs + 1):
        kind = kinds[number % len(kinds)]
        data = surfaces.draw(kind, rng)
        signal.setitimer(signal.ITIMER_REAL, args.slow)
        try:
            surfaces.check(kind, data)
        except contracts.Slow:
            slow += 1
            _save(args.crashes, "slow", kind, data)
        except Exception:
            crashes += 1
            saved = _save(args.crashes, "crash", kind, data)
            print(f"crash in {kind} input {number}, saved as {saved}", file=sys.stderr)
            traceback.print_exc()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        counts[kind] += 1
        if number % args.every == 0 or number == args.inputs:
            spent = time.monotonic() - start
            each = ", ".join(f"{k} {counts[k]}" for k in kinds)
            print(
                f"{number} inputs ({each}), {crashes} crashes, {slow} slow, {spent:.0f} s",
                flush=True,
            )
    return 1 if crashes else 0


def _save(folder: Path, what: str, kind: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{what}-{kind}-{hashlib.sha1(data).hexdigest()[:12]}"
    path.write_bytes(data)
    return path


if __name__ == "__main__":
    sys.exit(main())

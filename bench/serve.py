"""`cardkit serve` on the 152-card sample, measured as the user meets it (the command, run).

- cold start: from starting ``cardkit serve`` (no picture cache) to the first cards page that
  names the cards; then to every picture drawn and every check done;
- warm start: the same with the cache of the first run;
- a one-card edit: from writing the YAML file (one card's cost) to the cards page showing a
  new picture of that card and that picture served; several edits, one at a time, each once
  the server is idle.

Targets (issue 17): an edit on screen in at most 1 s, the first page of a cold start in at
most 5 s.

    python bench/serve.py [--edits 5]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "cards" / "star-realms"
CARD_FILE = "trade-deck/blob.yaml"
CARD_ID = "blob-miner"
COST_LINE = "  - name: Blob Miner\n    type: ship\n    cost: {}\n"
POLL = 0.01


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except OSError:
        return 0, b""


def _picture(page: str) -> str | None:
    found = re.search(rf'src="(/image/{CARD_ID}\.png\?v=[^"]+)"', page)
    return found.group(1) if found else None


def _start(folder: Path) -> tuple[subprocess.Popen[str], str, float]:
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "cardkit", "serve", "game", "--port", "0"],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert process.stdout is not None
    found = re.search(r"http://\S+/", process.stdout.readline())
    if not found:
        process.kill()
        raise SystemExit("cardkit serve did not start")
    return process, found.group(0), start


def _until(test: object, timeout: float = 60.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if test():  # type: ignore[operator]
            return time.perf_counter()
        time.sleep(POLL)
    raise SystemExit("timed out")


def _startup(folder: Path) -> tuple[float, float, subprocess.Popen[str], str]:
    process, url, start = _start(folder)

    def named() -> bool:
        status, page = _get(url)
        return status == 200 and b'<span class="name">Blob Miner</span>' in page

    def settled() -> bool:
        status, page = _get(url)
        return status == 200 and b"checking" not in page and b"not drawn yet" not in page

    first = _until(named) - start
    done = _until(settled) - start
    return first, done, process, url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardkit-bench-serve-") as temp:
        folder = Path(temp)
        shutil.copytree(GAME, folder / "game")
        first, done, process, url = _startup(folder)
        print(f"cold start: first page {first:.2f} s, every picture drawn and checked {done:.2f} s")
        process.terminate()
        process.wait()
        first, done, process, url = _startup(folder)
        print(f"warm start: first page {first:.2f} s, every picture drawn and checked {done:.2f} s")
        try:
            path = folder / "game" / CARD_FILE
            times: list[float] = []
            for edit in range(args.edits):
                old, new = str(2 + edit), str(3 + edit)
                before = _picture(_get(url)[1].decode())
                text = path.read_text(encoding="utf-8")
                assert COST_LINE.format(old) in text
                start = time.perf_counter()
                path.write_text(text.replace(COST_LINE.format(old), COST_LINE.format(new)))

                def shown(before: str | None = before) -> bool:
                    picture = _picture(_get(url)[1].decode())
                    if picture is None or picture == before:
                        return False
                    status, data = _get(url.rstrip("/") + picture)
                    return status == 200 and data.startswith(b"\x89PNG")

                times.append(_until(shown, 10) - start)
                _until(lambda: b"checking" not in _get(url)[1])  # idle before the next edit
                time.sleep(0.3)
            shown_times = ", ".join(f"{t:.2f}" for t in times)
            print(
                f"one-card edit to new picture served: median {statistics.median(times):.2f} s, "
                f"max {max(times):.2f} s ({shown_times})"
            )
        finally:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()

"""A build killed at any point leaves the previous deck.pdf as it was; builds running at once
into one folder each leave a whole PDF.

Each kill runs `cardkit build` in a child Python that sends itself SIGKILL at one chosen
point (while checking cards, while drawing pages, after writing the temporary file but
before syncing it, just before the rename), so every point is hit on every run; a few
more kills land at seeded random moments.
"""

from __future__ import annotations

import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.transaction import STAGING_PREFIX

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "cards" / "star-realms"

# Code run in the child before `cardkit build`: patch one function to SIGKILL the process.
KILL_AT = {
    "checking cards": (
        "import cardkit.load.cards as m; original = m.CardChecker.check\n"
        "calls = [0]\n"
        "def patched(*a, **k):\n"
        "    calls[0] += 1\n"
        "    if calls[0] == 20: die()\n"
        "    return original(*a, **k)\n"
        "m.CardChecker.check = patched\n"
    ),
    "drawing pages": (
        "from reportlab.pdfgen import canvas as m; original = m.Canvas.showPage\n"
        "calls = [0]\n"
        "def patched(self):\n"
        "    calls[0] += 1\n"
        "    if calls[0] == 9: die()\n"
        "    return original(self)\n"
        "m.Canvas.showPage = patched\n"
    ),
    "writing the file": (
        "import os; original = os.fsync\ndef patched(fd):\n    die()\nos.fsync = patched\n"
    ),
    "renaming into place": (
        "import os; original = os.replace\ndef patched(a, b):\n    die()\nos.replace = patched\n"
    ),
}

CHILD = """
import os, signal, sys
def die():
    os.kill(os.getpid(), signal.SIGKILL)
{patch}
from cardkit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDKIT_DEBUG"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _build(out: Path, *extra: str, patch: str = "") -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD.format(patch=patch),
            "build",
            str(SAMPLE),
            "-o",
            str(out),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
    )


def _visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


@pytest.fixture(scope="module")
def previous(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A deck.pdf from a finished build: what every killed build must leave behind."""
    out = tmp_path_factory.mktemp("previous")
    child = _build(out, "--paper", "letter")
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err.decode()
    return (out / "deck.pdf").read_bytes()


@pytest.mark.parametrize("point", sorted(KILL_AT))
def test_a_build_killed_while_point_leaves_the_previous_deck_intact(
    point: str, previous: bytes, tmp_path: Path
) -> None:
    (tmp_path / "deck.pdf").write_bytes(previous)
    child = _build(tmp_path, patch=KILL_AT[point])
    child.communicate(timeout=300)
    assert child.returncode == -signal.SIGKILL
    assert (tmp_path / "deck.pdf").read_bytes() == previous
    assert _visible(tmp_path) == ["deck.pdf"]
    # At most the staging folder of the killed build is left, hidden beside the deck.
    assert all(
        p.name.startswith(STAGING_PREFIX) for p in tmp_path.iterdir() if p.name != "deck.pdf"
    )


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The deck.pdf a build that is not killed writes (the same bytes every time)."""
    out = tmp_path_factory.mktemp("finished")
    child = _build(out)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err.decode()
    return (out / "deck.pdf").read_bytes()


def test_builds_killed_at_random_moments_leave_the_previous_deck_intact(
    previous: bytes, finished: bytes, tmp_path: Path
) -> None:
    (tmp_path / "deck.pdf").write_bytes(previous)
    moments = random.Random(8).sample([i / 20 for i in range(2, 40)], 4)
    for moment in moments:
        child = _build(tmp_path)
        time.sleep(moment)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=300)
        data = (tmp_path / "deck.pdf").read_bytes()
        if child.returncode == 0:  # it finished first: then the new deck is whole
            assert len(PdfReader(tmp_path / "deck.pdf").pages) > 0
            (tmp_path / "deck.pdf").write_bytes(previous)
        else:  # killed before the rename: the previous deck; after it: the whole new one
            assert data in (previous, finished), f"killed after {moment}s"
            (tmp_path / "deck.pdf").write_bytes(previous)
        assert _visible(tmp_path) == ["deck.pdf"]


def test_two_builds_at_once_into_one_folder_each_leave_a_whole_pdf(tmp_path: Path) -> None:
    wholes: dict[str, bytes] = {}
    for paper in ("a4", "letter"):
        alone = tmp_path / paper
        child = _build(alone, "--paper", paper)
        assert child.wait(timeout=300) == 0
        wholes[paper] = (alone / "deck.pdf").read_bytes()
    shared = tmp_path / "shared"
    for _ in range(3):
        children = [_build(shared, "--paper", paper) for paper in ("a4", "letter")]
        for child in children:
            _, err = child.communicate(timeout=300)
            assert child.returncode == 0, err.decode()
        data = (shared / "deck.pdf").read_bytes()
        assert data in wholes.values()
        assert len(PdfReader(shared / "deck.pdf").pages) > 0
        assert sorted(p.name for p in shared.iterdir()) == ["deck.pdf"]
    shutil.rmtree(shared)


def test_the_next_build_removes_what_a_killed_one_left_behind(
    previous: bytes, tmp_path: Path
) -> None:
    (tmp_path / "deck.pdf").write_bytes(previous)
    child = _build(tmp_path, patch=KILL_AT["renaming into place"])
    child.communicate(timeout=300)
    left = [p for p in tmp_path.iterdir() if p.name.startswith(STAGING_PREFIX)]
    assert len(left) == 1 and (left[0] / "1.new").stat().st_size > 0
    underway = tmp_path / f"{STAGING_PREFIX}underway"  # another build's, still going on
    underway.mkdir()
    (underway / "1.new").write_bytes(b"%PDF")
    handle = os.open(underway, os.O_RDONLY)
    fcntl.flock(handle, fcntl.LOCK_EX)  # as its build holds it while it lives
    try:
        child = _build(tmp_path)
        _, err = child.communicate(timeout=300)
    finally:
        os.close(handle)
    assert child.returncode == 0, err.decode()
    assert sorted(p.name for p in tmp_path.iterdir()) == [underway.name, "deck.pdf"]
    assert (underway / "1.new").read_bytes() == b"%PDF"

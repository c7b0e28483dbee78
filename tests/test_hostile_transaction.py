"""One output transaction per command (issue 21, finding 14): a command's outputs change
together, or not at all.

Each command is run once (the old outputs), its input is changed, and it is run again with a
fault: a full disk (OSError ENOSPC) while its second file is staged, a swap that fails
partway, or a SIGKILL of the process while it writes. The old outputs must be left whole,
byte for byte, with nothing beside them; a run without the fault must then change them (so
the test can fail).
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest

import cardkit.transaction as transaction
from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "fixtures" / "game"
STAR_REALMS = ROOT / "cards" / "star-realms"
FMT = ROOT / "tests" / "fixtures" / "rules"
EXTRA_CARD = "cards:\n  - name: Late Probe\n    type: ship\n    faction: blob\n    cost: 3\n"
SHEET = "Name,Type,Cost,Text\nLate Probe,Ship,3,Gain 1 Trade.\nLater Probe,Ship,4,Gain 2 Trade.\n"


@dataclass(frozen=True)
class Command:
    """A command, the folder it is run in, how to change its input, and where it writes."""

    name: str
    prepare: Callable[[Path], None]
    argv: tuple[str, ...]
    change: Callable[[Path], None]
    outputs: str  # the folder (under the work folder) that holds everything it writes


def _build_game(root: Path) -> None:
    shutil.copytree(GAME, root / "game")


def _add_card(root: Path) -> None:
    (root / "game" / "extra.yaml").write_text(EXTRA_CARD, encoding="utf-8")


def _star_realms(root: Path) -> None:
    shutil.copytree(STAR_REALMS, root / "game")


def _cheaper_scout(root: Path) -> None:
    starters = root / "game" / "starters.yaml"
    text = starters.read_text(encoding="utf-8")
    assert "Gain 1 Trade." in text
    starters.write_text(text.replace("Gain 1 Trade.", "Gain 2 Trade.", 1), encoding="utf-8")


def _sim_game(root: Path) -> None:
    shutil.copytree(STAR_REALMS, root / "game")
    (root / "extra.yaml").write_text(EXTRA_CARD, encoding="utf-8")


def _cheaper_extra(root: Path) -> None:
    (root / "extra.yaml").write_text(EXTRA_CARD.replace("cost: 3", "cost: 1"), encoding="utf-8")


def _fmt_game(root: Path) -> None:
    game = root / "game"
    game.mkdir()
    shutil.copy(FMT / "game" / "game.yaml", game / "game.yaml")
    text = (FMT / "fmt" / "cards.yaml").read_text(encoding="utf-8").replace("Gian", "Gain")
    head, _, rest = text.partition("  - name: Old Crown")
    (game / "cards.yaml").write_text(head, encoding="utf-8")
    (game / "relics.yaml").write_text("cards:\n  - name: Old Crown" + rest, encoding="utf-8")


def _nothing(root: Path) -> None:
    """fmt's input is its output: the run before the fault is a --check."""


def _import_game(root: Path) -> None:
    shutil.copytree(GAME, root / "game")
    (root / "sheet.csv").write_text(SHEET.split("Later")[0], encoding="utf-8")


def _longer_sheet(root: Path) -> None:
    (root / "sheet.csv").write_text(SHEET, encoding="utf-8")


COMMANDS = [
    Command(
        "build-single-png-tts",
        _build_game,
        ("build", "game", "-o", "out", "--single", "--png", "--tts"),
        _add_card,
        "out",
    ),
    Command(
        "rulebook-with-icons",
        _star_realms,
        ("rulebook", "game", "-o", "out"),
        _cheaper_scout,
        "out",
    ),
    Command(
        "sim-charts-and-report",
        _sim_game,
        ("sim", "game", "--games", "20", "--jobs", "1", "--add", "extra.yaml", "-o", "out"),
        _cheaper_extra,
        "out",
    ),
    Command("fmt-two-card-files", _fmt_game, ("fmt", "game"), _nothing, "game"),
    Command(
        "import-force",
        _import_game,
        ("import", "sheet.csv", "--game", "game", "-o", "out/cards.yaml", "--force"),
        _longer_sheet,
        "out",
    ),
]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    } | {p.relative_to(folder).as_posix() + "/": b"" for p in folder.rglob("*") if p.is_dir()}


def _old_outputs(command: Command, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run ``command`` once in ``root`` (its old outputs), then change its input."""
    monkeypatch.chdir(root)
    command.prepare(root)
    if command.name.startswith("fmt"):
        return  # the old outputs are the card files as written
    assert main(list(command.argv)) == 0
    command.change(root)


def _full_disk_after(staged: int) -> Callable[..., IO[Any]]:
    """``open`` for the transaction module: the file opened after ``staged`` others cannot
    be written (the disk is full)."""
    count = [0]

    class Full:
        def __init__(self, stream: IO[Any]) -> None:
            self.stream = stream

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.stream.close()

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name: str) -> Any:
            return getattr(self.stream, name)

    def faulty(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        stream = open(path, mode, *args, **kwargs)  # noqa: SIM115 - closed by the wrapper
        if "w" in mode and str(path).endswith(".new"):
            count[0] += 1
            if count[0] > staged:
                return Full(stream)
        return stream

    return faulty


def _staged_files(command: Command, root: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many files ``command`` stages in a run that succeeds (in a copy of ``root``)."""
    copy = root.parent / (root.name + "-count")
    shutil.copytree(root, copy, symlinks=True)
    monkeypatch.chdir(copy)
    staged = []
    original = transaction.Transaction.write

    def counting(self: transaction.Transaction, path: Path, *args: Any, **kwargs: Any) -> None:
        staged.append(path)
        original(self, path, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(transaction.Transaction, "write", counting)
        assert main(list(command.argv)) == 0
    monkeypatch.chdir(root)
    return len(staged)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_a_full_disk_partway_leaves_the_old_outputs_whole(
    command: Command,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _old_outputs(command, tmp_path, monkeypatch)
    total = _staged_files(command, tmp_path, monkeypatch)
    assert total >= (1 if command.name.startswith("import") else 2)
    before = _snapshot(tmp_path)
    capsys.readouterr()
    with monkeypatch.context() as patch:
        patch.setattr(transaction, "open", _full_disk_after(total - 1), raising=False)
        status = main(list(command.argv))
    err = capsys.readouterr().err
    assert status == 1, err
    assert "error[CK005] cannot write" in err and "no space left on device" in err, err
    assert "Traceback" not in err
    assert _snapshot(tmp_path) == before, "an output changed, appeared or vanished"
    assert main(list(command.argv)) == 0
    assert _snapshot(tmp_path / command.outputs) != {
        k.removeprefix(command.outputs + "/"): v
        for k, v in before.items()
        if k.startswith(command.outputs + "/")
    }


def test_a_swap_that_fails_partway_puts_back_what_it_swapped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    command = COMMANDS[0]
    _old_outputs(command, tmp_path, monkeypatch)
    before = _snapshot(tmp_path)
    original = transaction._apply
    swapped = [0]

    def failing(change: Any) -> None:
        swapped[0] += 1
        if swapped[0] == 5:
            raise OSError(errno.EIO, "Input/output error")
        original(change)

    with monkeypatch.context() as patch:
        patch.setattr(transaction, "_apply", failing)
        status = main(list(command.argv))
    err = capsys.readouterr().err
    assert status == 1 and "error[CK005] cannot write" in err and "input/output error" in err
    assert swapped[0] == 5
    assert _snapshot(tmp_path) == before


# A child that runs cardkit and SIGKILLs itself at the chosen call of a transaction step.
CHILD = """
import os, signal, sys
import cardkit.transaction as t
original = getattr({owner}, {name!r})
calls = [0]
def patched(*args, **kwargs):
    calls[0] += 1
    if calls[0] == {at}:
        os.kill(os.getpid(), signal.SIGKILL)
    return original(*args, **kwargs)
setattr({owner}, {name!r}, patched)
from cardkit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _killed(root: Path, argv: tuple[str, ...], owner: str, name: str, at: int) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CARDKIT_DEBUG"}
    env["PYTHONPATH"] = str(ROOT)
    code = CHILD.format(owner=owner, name=name, at=at)
    child = subprocess.run(
        [sys.executable, "-c", code, *argv], cwd=root, env=env, capture_output=True, timeout=300
    )
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()[-2000:]


def test_a_build_killed_while_it_stages_leaves_the_old_outputs_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = COMMANDS[0]
    _old_outputs(command, tmp_path, monkeypatch)
    before = _snapshot(tmp_path / "out")
    _killed(tmp_path, command.argv, "t.Transaction", "write", at=6)
    after = _snapshot(tmp_path / "out")
    left = [k for k in after if k not in before]
    assert all(k.startswith(transaction.STAGING_PREFIX) for k in left), left
    assert {k: v for k, v in after.items() if k in before} == before
    assert set(before) <= set(after)
    # the next build deletes what the killed one staged
    assert main(list(command.argv)) == 0
    assert not list((tmp_path / "out").glob(transaction.STAGING_PREFIX + "*"))


def test_a_build_killed_while_it_swaps_is_finished_by_the_next_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed between two renames of the commit: the journal is on disk, so the next command
    that writes in the folder (here a build of deck.pdf alone) swaps in the rest."""
    command = COMMANDS[0]
    _old_outputs(command, tmp_path, monkeypatch)
    fresh = tmp_path.parent / (tmp_path.name + "-fresh")
    shutil.copytree(tmp_path, fresh, symlinks=True)
    monkeypatch.chdir(fresh)
    assert main(list(command.argv)) == 0
    here = (str(fresh).encode(), str(tmp_path).encode())  # the TTS JSON names its images
    wanted = {k: v.replace(*here) for k, v in _snapshot(fresh / "out").items()}
    monkeypatch.chdir(tmp_path)
    _killed(tmp_path, command.argv, "t", "_apply", at=4)
    assert main(["build", "game", "-o", "out"]) == 0
    assert _snapshot(tmp_path / "out") == wanted


def test_fmt_keeps_a_bom_the_mode_and_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Weak: fmt rewrites the text only: a UTF-8 byte-order mark stays, a mode-0400 file stays
    0400, and a linked card file is written through its link (the link stays a link)."""
    monkeypatch.chdir(tmp_path)
    _fmt_game(tmp_path)
    game = tmp_path / "game"
    cards = game / "cards.yaml"
    cards.write_bytes(b"\xef\xbb\xbf" + cards.read_bytes())
    cards.chmod(0o400)
    store = game / ".store"
    store.mkdir()
    (game / "relics.yaml").rename(store / "relics.yaml")
    (game / "relics.yaml").symlink_to(Path(".store") / "relics.yaml")
    assert main(["fmt", "game"]) == 0, capsys.readouterr()
    assert (
        cards.read_bytes().startswith(b"\xef\xbb\xbf# Cards")
        and cards.read_bytes().count(b"\xef\xbb\xbf") == 1
    )
    assert b"Gain 2 Gold." in cards.read_bytes()
    assert cards.stat().st_mode & 0o777 == 0o400
    assert (game / "relics.yaml").is_symlink()
    assert "Draw a card." in (store / "relics.yaml").read_text(encoding="utf-8")
    assert not list(game.glob(transaction.STAGING_PREFIX + "*"))

"""`sim --executor dask`: a sweep on a Dask cluster gives the same bytes as `--jobs 1`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sim_helpers import STAR_REALMS

from cardkit.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _report(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> tuple[str, bytes]:
    status = main(
        ["sim", str(STAR_REALMS), "--seed", "3", "--format", "json", "-o", str(folder), *args]
    )
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out, (folder / "report.json").read_bytes()


def test_a_sweep_on_a_local_cluster_is_byte_identical_to_one_process(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = ["--games", "2000"]
    alone = _report(capsys, tmp_path / "one", *games, "--jobs", "1")
    cluster = _report(
        capsys, tmp_path / "dask", *games, "--executor", "dask", "--scheduler", scheduler
    )
    assert cluster == alone
    assert '"games": 2000' in alone[0]


def test_card_effects_on_a_local_cluster_are_byte_identical_too(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = STAR_REALMS.parent.parent / "tests" / "fixtures" / "sim" / "tiny-game"
    args = ["--games", "100", "--effects", "--format", "json"]
    a, b = tmp_path / "a", tmp_path / "b"
    status = main(["sim", str(tiny), *args, "--jobs", "1", "-o", str(a)])
    alone = capsys.readouterr().out
    assert status == 0
    on_dask = ["--executor", "dask", "--scheduler", scheduler]
    status = main(["sim", str(tiny), *args, *on_dask, "-o", str(b)])
    assert status == 0
    assert capsys.readouterr().out == alone
    assert (a / "report.json").read_bytes() == (b / "report.json").read_bytes()


def test_dask_needs_a_scheduler_and_a_scheduler_needs_dask(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sim", str(STAR_REALMS), "--executor", "dask"]) == 2
    assert "--executor dask needs --scheduler ADDRESS" in capsys.readouterr().err
    assert main(["sim", str(STAR_REALMS), "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--scheduler goes with --executor dask" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        ["sim", str(STAR_REALMS), "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"]
    )
    err = capsys.readouterr().err
    assert status == 2
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err
    assert "Traceback" not in err

"""Bad export options: each is a usage error (exit status 2) that says what to give instead,
and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from exports_game import write_game

from cardkit.cli import main

BAD_OPTIONS = [
    (
        "give 72 to 1200 dpi",
        [["--png", "--dpi", bad] for bad in ("0", "71", "1201", "high", "nan")],
    ),
    (
        "is not a web address",
        [
            ["--tts", "--tts-url", bad]
            for bad in ("example.com/x", "ftp://example.com/", "https://", "/tmp/x")
        ],
    ),
    (
        "--only: no card 'nobody'",
        [["--only", "nobody"], ["--single", "--only", "red-keep", "--only", "nobody"]],
    ),
]


@pytest.mark.parametrize(
    ("message", "options"),
    [(message, options) for message, cases in BAD_OPTIONS for options in cases],
)
def test_bad_export_options_are_usage_errors_that_write_nothing(
    tmp_path: Path, message: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(tmp_path / "game")
    out = tmp_path / "out"
    assert main(["build", str(game), *options, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_every_export_stays_inside_the_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = write_game(tmp_path / "game")
    before = sorted(p for p in tmp_path.rglob("*"))
    monkeypatch.chdir(tmp_path)
    args = ["build", str(game), "--single", "--png", "--dpi", "72", "--tts", "-o", "out"]
    assert main(args) == 0
    new = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p not in before)
    assert new == [
        "out",
        "out/cards-poker.pdf",
        "out/deck.pdf",
        "out/png",
        "out/png/.cardkit-cache.json",
        "out/png/back-_plain-poker.png",
        "out/png/back-stone-poker.png",
        "out/png/blue-trader.png",
        "out/png/red-fighter.png",
        "out/png/red-keep.png",
        "out/tts",
        "out/tts/back-_plain-poker.png",
        "out/tts/back-stone-poker.png",
        "out/tts/cards-1.png",
        "out/tts/cards-2.png",
        "out/tts/tiny.json",
    ]


def test_each_export_reports_progress_up_to_its_total(tmp_path: Path) -> None:
    from exports_game import CARDS, TOKEN, load

    from cardkit.export.png import build_pngs
    from cardkit.export.single import build_single
    from cardkit.export.tts import build_tts
    from cardkit.render.units import mm

    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    for name, run in [
        ("single", lambda step: build_single(card_set, tmp_path / "s", bleed=mm(3), progress=step)),
        ("png", lambda step: build_pngs(card_set, tmp_path / "p", bleed=0, dpi=72, progress=step)),
        ("tts", lambda step: build_tts(card_set, tmp_path / "t", progress=step)),
    ]:
        seen: list[tuple[int, int]] = []
        run(lambda done, total, seen=seen: seen.append((done, total)))
        done = [d for d, _ in seen]
        assert done == sorted(done) and len(set(t for _, t in seen)) == 1, name
        assert seen[-1][0] == seen[-1][1] > 1, name


def test_another_process_writes_the_same_bytes(tmp_path: Path) -> None:
    import subprocess
    import sys

    game = write_game(tmp_path / "game")
    options = ["--png", "--dpi", "72", "--tts", "--tts-url", "https://x.example/t/", "--single"]
    assert main(["build", str(game), *options, "-o", str(tmp_path / "here")]) == 0
    code = (
        "import sys; from cardkit.cli import main; "
        f"sys.exit(main(['build', {str(game)!r}, *{options!r}, '-o', {str(tmp_path / 'there')!r}]))"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    here = sorted(p.relative_to(tmp_path / "here") for p in (tmp_path / "here").rglob("*.*"))
    there = sorted(p.relative_to(tmp_path / "there") for p in (tmp_path / "there").rglob("*.*"))
    assert here == there and len(here) > 10
    for name in here:
        assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "there" / name).read_bytes()

"""Art placeholders kept between runs (cardkit/render/placeholder.py, ``KeptArt``): the same
PDF bytes drawn afresh, from the kept operators, with a spoilt file or past the cap."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from cardkit.cachedir import CACHE_ENV
from cardkit.cli import main
from cardkit.render import placeholder

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml")) + sorted(
    path.parent for path in (ROOT / "tests" / "fixtures" / "rules" / "families").glob("*/game.yaml")
)


def _build(game: Path, out: Path, monkeypatch: pytest.MonkeyPatch, cache: str) -> list[bytes]:
    """Every PDF of a build in a run of its own (the kept file read anew)."""
    monkeypatch.setenv(CACHE_ENV, cache)
    placeholder._KEPT._made.clear()
    assert main(["build", str(game), "-o", str(out)]) in (0, 1)
    return [path.read_bytes() for path in sorted(out.glob("*.pdf"))]


def _kept(cache: Path) -> Path:
    (path,) = cache.glob("art-placeholders-*.json")
    return path


def _rewrite(cache: Path, change: Callable[[str], object]) -> Path:
    """The kept file with each pattern changed by ``change``."""
    path = _kept(cache)
    data = json.loads(path.read_text())
    data["patterns"] = {key: change(ops) for key, ops in data["patterns"].items()}
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_build_is_the_same_drawn_afresh_and_from_kept_patterns(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    fresh = _build(game, tmp_path / "none", monkeypatch, "")
    assert fresh
    assert _build(game, tmp_path / "cold", monkeypatch, str(cache)) == fresh
    patterns = json.loads(_kept(cache).read_text())["patterns"]
    assert patterns and all(isinstance(ops, str) and " rg" in ops for ops in patterns.values())
    drawn = []
    monkeypatch.setattr(placeholder, "_draw", lambda *args: drawn.append(args))
    assert _build(game, tmp_path / "warm", monkeypatch, str(cache)) == fresh
    assert drawn == []  # every pattern read back


@pytest.mark.parametrize(
    "spoil",
    [
        lambda ops: ops + "\n(injected) Tj",
        lambda ops: ops + "\n/Im0 Do",
        lambda ops: ops + "\n<< /A 1 >>",
        lambda ops: 7,
        lambda ops: None,
    ],
    ids=["string", "name", "dictionary", "number", "null"],
)
def test_a_kept_pattern_that_is_not_only_operators_is_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: object
) -> None:
    game = ROOT / "cards" / "star-realms"
    cache = tmp_path / "cache"
    fresh = _build(game, tmp_path / "cold", monkeypatch, str(cache))
    _rewrite(cache, spoil)  # type: ignore[arg-type]
    assert _build(game, tmp_path / "spoilt", monkeypatch, str(cache)) == fresh


def test_past_the_cap_patterns_are_drawn_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ROOT / "cards" / "star-realms"
    cache = tmp_path / "cache"
    fresh = _build(game, tmp_path / "none", monkeypatch, "")
    monkeypatch.setattr(placeholder, "MAX_KEPT", 20_000)
    assert _build(game, tmp_path / "cold", monkeypatch, str(cache)) == fresh
    patterns = json.loads(_kept(cache).read_text())["patterns"]
    assert 0 < sum(len(ops) for ops in patterns.values()) <= 20_000
    assert _build(game, tmp_path / "warm", monkeypatch, str(cache)) == fresh


def test_a_file_others_could_have_written_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ROOT / "cards" / "star-realms"
    cache = tmp_path / "cache"
    fresh = _build(game, tmp_path / "cold", monkeypatch, str(cache))
    _rewrite(cache, lambda ops: "0 0 1 rg\nn 0 0 9 9 re f").chmod(0o664)  # only operators
    assert _build(game, tmp_path / "unsafe", monkeypatch, str(cache)) == fresh

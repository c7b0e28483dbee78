"""``cardkit explain GAME [CARD]``: one card, found by id or name as ``build --only`` finds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.cli import main

STAR_REALMS = str(Path(__file__).resolve().parent.parent / "cards" / "star-realms")


@pytest.mark.parametrize("wanted", ["blob-miner", "Blob Miner", "blob miner"])
def test_a_card_is_found_by_id_or_by_name_in_any_case(
    wanted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", STAR_REALMS, wanted]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Blob Miner (ship, Blob)"
    assert "  Scrap: Gain 2 Combat.\n    scrap\n      gain 2 Combat\n" in out


def test_an_unknown_card_is_a_usage_error_with_did_you_mean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", STAR_REALMS, "Blob Minr"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        f"no card 'Blob Minr' (did you mean 'Blob Miner'?) in {STAR_REALMS}; give a card's id "
        "or its name as written in its card file"
    ) in " ".join(captured.err.split())

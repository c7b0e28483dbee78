"""Each card's form is compressed as soon as it is drawn (so that a large deck does not hold
every drawing uncompressed until the file is written): the file is the one reportlab writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.app.build import BuildOptions, plan_deck
from cardkit.load.cards import load_card_set
from cardkit.render import pdf

STAR_REALMS = Path(__file__).resolve().parents[1] / "cards" / "star-realms"


def _deck(tmp_path: Path) -> bytes:
    card_set, _ = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None
    pages = plan_deck(card_set, BuildOptions(output=tmp_path))
    data, _ = pdf.render_pdf(card_set.game, pages)
    return data


def test_forms_compressed_early_give_the_bytes_reportlab_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    early = pdf._compress_form
    monkeypatch.setattr(pdf, "_compress_form", lambda canvas, name: calls.append(name))
    theirs = _deck(tmp_path)
    monkeypatch.setattr(pdf, "_compress_form", early)
    ours = _deck(tmp_path)
    assert len(calls) == 58  # one form per distinct front of Star Realms
    assert ours == theirs

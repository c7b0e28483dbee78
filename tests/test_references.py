"""Card fields that name other cards: each name must be a card of the set (CK171)."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardkit.cardload import load_card_set
from cardkit.model import CardSet
from cardkit.references import card_names, check_references

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "fixtures" / "games" / "starcraft-bad-references" / "broken.yaml"


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def test_every_starcraft_reference_names_a_card() -> None:
    card_set = _load(ROOT / "cards" / "starcraft")
    assert check_references(card_set) == []
    archon = next(card for card in card_set.cards if card.id == "archon")
    assert list(card_names(card_set, archon)) == [(("evolves_from",), "High Templar")]
    medic = next(card for card in card_set.cards if card.id == "medic")
    assert list(card_names(card_set, medic)) == [
        (("requires", 0), "Barracks"),
        (("requires", 1), "Academy"),
        (("attacks", 1, "effect"), "Blinded"),
    ]


def test_each_unknown_name_is_reported_at_its_value(tmp_path: Path) -> None:
    folder = tmp_path / "starcraft"
    shutil.copytree(ROOT / "cards" / "starcraft", folder)
    shutil.copy(BROKEN, folder / "broken.yaml")
    found = check_references(_load(folder))
    shown = f"{folder}/broken.yaml"
    assert [(d.code, str(d.location), d.message) for d in found] == [
        (
            "CK171",
            f"{shown}:11:31",
            "requires of 'hunter-killer' names no card of the set: 'Hydralisk Den'",
        ),
        (
            "CK171",
            f"{shown}:12:19",
            "evolves_from of 'hunter-killer' names no card of the set: 'Hydralisc'",
        ),
        (
            "CK171",
            f"{shown}:14:51",
            "attacks.effect of 'hunter-killer' names no card of the set: 'Slowdown' "
            "(did you mean 'Slow Down'?)",
        ),
    ]
    assert all(d.card == "hunter-killer" for d in found)


def test_a_card_may_be_named_by_its_id(tmp_path: Path) -> None:
    folder = tmp_path / "starcraft"
    shutil.copytree(ROOT / "cards" / "starcraft", folder)
    text = BROKEN.read_text(encoding="utf-8")
    text = text.replace("Hydralisk Den", "spire").replace("Hydralisc", "zergling")
    (folder / "broken.yaml").write_text(text.replace("Slowdown", "slow-down"), encoding="utf-8")
    assert check_references(_load(folder)) == []

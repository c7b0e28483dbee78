"""Every effect class has an executor; an effect without one is a reported error, never skipped."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from sim_helpers import star_realms

from cardkit import effects
from cardkit.effects import PRIMARY, Ability, Clause, Draw, Gain
from cardkit.effects.vocab import Vocabulary
from cardkit.sim import compile as sim_compile
from cardkit.sim.compile import (
    CONDITIONS,
    COUNTERS,
    DEEDS,
    EXECUTORS,
    OUTSIDE_ENGINE,
    TRIGGERS,
    counts_as_every_faction,
    unsupported,
)
from cardkit.sim.pool import build_pool

ROOT = Path(__file__).resolve().parent.parent


def _subclasses(base: type) -> set[type]:
    """The concrete classes the ``effects`` package exports below ``base``."""
    return {
        value
        for value in vars(effects).values()
        if isinstance(value, type) and issubclass(value, base) and value is not base
    }


def test_every_effect_class_has_an_executor_or_is_declared_outside_the_engine() -> None:
    known = set(EXECUTORS) | set(OUTSIDE_ENGINE)
    missing = [cls.__name__ for cls in effects.EFFECTS if cls not in known]
    assert missing == []
    assert _subclasses(effects.Effect) - {effects.Clause} <= known
    assert not set(EXECUTORS) & set(OUTSIDE_ENGINE)


def test_an_effect_outside_the_engine_is_named_not_skipped() -> None:
    ability = Ability(PRIMARY, effects.DealDamage(2, "ship"))
    assert unsupported(ability) == "DealDamage"


def test_every_condition_count_trigger_and_special_effect_has_an_executor() -> None:
    assert _subclasses(effects.Condition) == set(CONDITIONS)
    assert _subclasses(effects.Counted) == set(COUNTERS)
    assert _subclasses(effects.Trigger) == set(TRIGGERS) | {
        t for t in OUTSIDE_ENGINE if issubclass(t, effects.Trigger)
    }
    schema = json.loads((ROOT / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    specials = schema["properties"]["play"]["properties"]["specials"]
    assert set(DEEDS) == set(specials["additionalProperties"]["enum"])


@dataclass(frozen=True, slots=True)
class Teleport(Clause):
    """An effect class no executor knows (as another engineer might add one)."""

    def phrase(self, vocab: Vocabulary) -> str:
        return "teleport"


def test_an_effect_with_no_executor_is_named() -> None:
    assert unsupported(Ability(PRIMARY, Gain((("trade", 1),)))) is None
    chain = effects.Then((Draw(1), Teleport()))
    assert unsupported(Ability(PRIMARY, chain)) == "Teleport"


def test_a_card_whose_effect_has_no_executor_is_a_located_ck403_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sim_compile.EXECUTORS, effects.OpponentDiscards)  # type: ignore[arg-type]
    pool, found = build_pool(star_realms())
    assert pool is None
    lines = [str(d) for d in found]
    assert all("[CK403]" in line for line in lines)
    assert lines[0] == (
        "cards/star-realms/trade-deck/star-empire.yaml:20:7: error[CK403] the simulator cannot "
        "execute 'OpponentDiscards' in rules text of 'cargo-craft' (hint: simulate without this "
        "card, or ask for an executor for this effect)"
    )
    cards = sorted(d.card or "" for d in found)
    assert cards == [
        "cargo-craft",
        "hammerhead",
        "imperial-flagship",
        "jamming-terminal",
        "light-cruiser",
    ]


def test_a_card_that_counts_as_every_faction_is_recognised() -> None:
    every = Ability(PRIMARY, effects.EveryFaction())
    assert counts_as_every_faction((every,))
    assert not counts_as_every_faction((Ability(PRIMARY, Draw(1)),))


def test_an_effect_outside_the_engine_says_why_in_its_hint() -> None:
    from cardkit.sim.compile import outside_reason

    assert outside_reason("DealDamage") == OUTSIDE_ENGINE[effects.DealDamage]
    assert outside_reason("Gain") is None


def test_the_delayed_return_from_the_shared_zone_runs_as_the_engines_deed() -> None:
    from cardkit.model import PlayZones
    from cardkit.rules import parse_ability
    from cardkit.sim.compile import OUTSIDE_DELAYED, outside_reason

    game = star_realms().game
    assert game.play is not None
    zones = game.play.zones
    back = "At the end of this turn, put this card from the scrap heap into your discard pile."
    assert unsupported(parse_ability(back, game), zones=zones) is None
    # The same words in a game whose discard zone plays another role, or any other delayed
    # effect, are outside the engine -- and say why.
    graveyard = PlayZones(hand="hand", discard="graveyard", market="trade-row")
    assert unsupported(parse_ability(back, game), zones=graveyard) == "AtEndOf"
    others = [
        "At the end of this turn, put this card from the trade row into your discard pile.",
        "At the end of this turn, put this card from your hand into your discard pile.",
        "At the end of this turn, put this card from the scrap heap into your hand.",
        "At the end of this turn, put a ship from the scrap heap into your discard pile.",
        "At the end of this turn, draw a card.",
    ]
    for text in others:
        assert unsupported(parse_ability(text, game), zones=zones) == "AtEndOf", text
    assert outside_reason("AtEndOf") == OUTSIDE_DELAYED
    plain = parse_ability("Put this card from the scrap heap into your discard pile.", game)
    assert unsupported(plain, zones=zones) == "PutInto"


def test_the_mobile_market_comes_back_from_the_banish_heap_in_a_real_pool() -> None:
    pool, found = build_pool(star_realms())
    assert pool is not None and found == []
    assert "mobile-market" in {card.id for card in pool.cards}


def test_a_handler_paired_with_another_effect_class_is_a_type_error(tmp_path: Path) -> None:
    """The tables pair each class with a handler that takes that class: mypy refuses a handler
    of draws filed under gains (and accepts it under draws)."""
    pytest.importorskip("mypy", reason="mypy comes with the 'test' extra")
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from cardkit.effects import Draw, Gain\n"
        "from cardkit.sim.compile import Env, Exec, handles\n"
        "\n"
        "\n"
        "def _draw(effect: Draw, env: Env) -> Exec:\n"
        "    raise NotImplementedError\n"
        "\n"
        "\n"
        "right = handles(Draw, _draw)\n"
        "wrong = handles(Gain, _draw)\n"
    )
    args = ["--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache")]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", *args, str(probe)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, run.stdout + run.stderr
    assert errors[0].startswith(f'{probe}:10: error: Argument 2 to "handles"')
    assert errors[0].endswith("[arg-type]")

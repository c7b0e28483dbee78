"""The modules hatch_build.py compiles with mypyc: run compiled where cardkit is installed, and
behave the same compiled or not (pickling, subclasses written in Python, the rule mypyc sets
for their dataclasses).

The suite runs against the compiled install in CI (.ci/run), and against the pure-Python
sources in a checkout: both ways, these tests pass."""

from __future__ import annotations

import ast
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from sim_helpers import ROOT, STAR_REALMS

import cardkit
from cardkit.effects import Ability, And, Clause, Draw, Gain, Node, Pos
from cardkit.effects.vocab import Vocabulary
from cardkit.load.cards import load_card_set
from cardkit.rules import rules_parser
from cardkit.sim.coremoves import GainCard

SCRIPT = ROOT / ".ci" / "compiled.py"


def _report(*, checkout: bool = False) -> tuple[Path, dict[str, bool]]:
    """Where cardkit is imported from in a fresh process (this checkout's sources first on the
    path with ``checkout``), and each module: compiled or not."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)} if checkout else None
    run = subprocess.run(
        [sys.executable, "-P", str(SCRIPT)], capture_output=True, text=True, check=True, env=env
    )
    first, *rest = run.stdout.splitlines()
    modules = dict(line.split(": ") for line in rest)
    return Path(first.removeprefix("cardkit from ")), {
        name: state == "compiled" for name, state in modules.items()
    }


def _installed() -> bool:
    return not Path(cardkit.__file__).resolve().is_relative_to(ROOT.resolve())


def test_every_pattern_of_compiled_names_modules_and_the_effects_package_whole() -> None:
    run = subprocess.run(
        [sys.executable, "-P", str(SCRIPT)], capture_output=True, text=True, check=True
    )
    names = [line.split(": ")[0] for line in run.stdout.splitlines()[1:]]
    assert "cardkit.rules.lalr" in names and "cardkit.sim.engine" in names
    effects = sorted(
        ".".join(("cardkit", "effects", path.stem)).removesuffix(".__init__")
        for path in (ROOT / "cardkit" / "effects").glob("*.py")
    )
    assert sorted(name for name in names if name.startswith("cardkit.effects")) == effects


@pytest.mark.skipif(not _installed(), reason="cardkit runs from this checkout's sources")
def test_the_installed_cardkit_runs_every_module_of_compiled_compiled() -> None:
    """What CI runs the tests against (a checkout holds no compiled module: the test after)."""
    where, modules = _report()
    assert not where.resolve().is_relative_to(ROOT.resolve())
    assert [name for name, compiled in modules.items() if not compiled] == []


def test_a_checkout_runs_the_pure_python_sources() -> None:
    """Whether or not cardkit is also installed (CI runs the suite from a checkout beside the
    compiled install): the checkout's own sources are never compiled, nothing is built into it."""
    where, modules = _report(checkout=True)
    assert where.resolve() == (ROOT / "cardkit").resolve()
    assert not any(modules.values())


def _parsed() -> list[Ability]:
    card_set, found = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None and not found
    parser = rules_parser(card_set.game)
    lines = {line for card in card_set.cards for line in card.text.split("\n") if line.strip()}
    return [parser.parse_new(line) for line in sorted(lines)]


def test_parsed_values_pickle_back_to_equal_values_with_their_text_and_place() -> None:
    abilities = _parsed()
    again = pickle.loads(pickle.dumps(abilities))
    assert again == abilities
    assert [str(each) for each in again] == [str(each) for each in abilities]
    assert [each.pos for each in again] == [each.pos for each in abilities]
    assert [type(each.effect) for each in again] == [type(each.effect) for each in abilities]


@dataclass(frozen=True, slots=True)
class _Teleport(Clause):
    """An effect class written in Python outside cardkit (as a plug-in or a test might)."""

    where: str

    def phrase(self, vocab: Vocabulary) -> str:
        return f"teleport to the {vocab.card_type(self.where)}"


VOCAB = Vocabulary(card_types=(("gate", "Star Gate"),))


def test_an_effect_class_written_in_python_shares_the_compiled_place_and_names() -> None:
    made = _Teleport("gate", pos=Pos(2, 5), vocab=VOCAB)
    assert str(made) == "Teleport to the star gate."  # Node.__str__ reads vocab (compiled)
    assert made.pos == Pos(2, 5)
    assert Node.pos.__get__(made) == Pos(2, 5)  # type: ignore[attr-defined]
    chain = And((Draw(1, vocab=VOCAB), made), vocab=VOCAB)
    assert str(chain) == "Draw a card and teleport to the star gate."
    assert pickle.loads(pickle.dumps(chain)) == chain
    gained = GainCard("scout", 2, pos=Pos(1, 1), vocab=VOCAB)  # the simulator's own
    assert pickle.loads(pickle.dumps(gained)) == gained
    assert pickle.loads(pickle.dumps(gained)).pos == Pos(1, 1)


def test_a_frozen_value_still_refuses_changes_and_a_bad_value_its_checks() -> None:
    gain = Gain((("trade", 2),))
    with pytest.raises(AttributeError):
        gain.amounts = ()  # type: ignore[misc]
    with pytest.raises(ValueError, match="at least 1, not 0"):
        Draw(0)
    assert hash(gain) == hash(pickle.loads(pickle.dumps(gain)))


def _class_assignments(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            found += [
                f"{path.name}:{each.lineno}: {node.name}.{ast.unparse(each.targets[0])}"
                for each in node.body
                if isinstance(each, ast.Assign)
            ] + [
                f"{path.name}:{each.lineno}: {node.name}.{ast.unparse(each.target)}"
                for each in node.body
                if isinstance(each, ast.AnnAssign) and "ClassVar" in ast.unparse(each.annotation)
            ]
    return found


def test_no_class_in_the_effects_package_holds_a_class_attribute() -> None:
    """mypyc hands a compiled dataclass's class attributes (``separator = ": "``, even as
    ``ClassVar``) to ``dataclass`` as fields: a constant of a class is a property there."""
    found = [
        each
        for path in sorted((ROOT / "cardkit" / "effects").glob("*.py"))
        for each in _class_assignments(path)
    ]
    assert found == []


def test_the_rules_handlers_name_no_method_again_in_their_class_body() -> None:
    """The wheel compiles handlers.py, whose ``Builder`` is a Python class with compiled methods:
    there, a name bound to a method in the class body (``recipient = cards``) fails at import
    (the method is not in the body's names); a method that calls the other does not."""
    path = ROOT / "cardkit" / "rules" / "handlers.py"
    assert "cardkit.rules.handlers" in _report()[1]
    assert [each for each in _class_assignments(path) if ": Builder." in each] == []


def test_importing_the_effects_package_loads_every_module_of_it() -> None:
    """Every compiled class of the package is made before ``cardkit/effects/__init__.py`` gives
    the compiled ``Node`` its ``__slots__`` (mypyc makes no class under a base that has them)."""
    script = (
        "import sys, pkgutil, cardkit.effects as e\n"
        "print(sorted(m.name for m in pkgutil.iter_modules(e.__path__)"
        " if 'cardkit.effects.' + m.name not in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"

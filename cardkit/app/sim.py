"""`cardkit sim`: seeded games between bots, and what they say about balance.

Two steps, so that problems are told before games that can take minutes: ``prepare`` loads
the game and any added cards and builds the card pools (every problem at once); ``play``
plays the sweeps and summarises them. ``write_report`` writes the charts and report.json.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit import transaction
from cardkit.app.game import open_game
from cardkit.app.options import SimOptions
from cardkit.atomic import cannot_write
from cardkit.diagnostics import Diagnostic, count_errors, did_you_mean
from cardkit.errors import UsageError
from cardkit.model import Card, CardSet

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from cardkit.sim.effects import Effects
    from cardkit.sim.pool import SimPool
    from cardkit.sim.runner import Player
    from cardkit.sim.stats import Delta, Summary

REPORT_FILE = "report.json"

SweepProgress = Callable[[str, int, int], None]
"""Called as ``progress(label, games played, games)`` after each batch of a sweep."""


@dataclass(frozen=True, slots=True)
class SimPlan:
    """What ``play`` needs: the game, its pool (with any added cards), and the pool without
    them when cards were added."""

    card_set: CardSet
    options: SimOptions
    pool: SimPool
    base_pool: SimPool | None = None
    added: tuple[Card, ...] = ()  # the added cards (where the effect flags point)
    players: tuple[Player, Player] | None = None  # the bots, strategy files read (else bots)

    @property
    def seats(self) -> tuple[Player, Player]:
        """The two players of the sweeps: bot names, or strategies read from their files."""
        return self.players if self.players is not None else self.options.bots


@dataclass(frozen=True, slots=True)
class Simulation:
    """The outcome of ``play``: the summary of the games (with the added cards, if any), and
    when cards were added, the summary without them and the change per seat."""

    card_set: CardSet
    seed: int
    summary: Summary
    added: tuple[str, ...] = ()
    without: Summary | None = None
    changes: tuple[Delta, ...] | None = None
    effects: Effects | None = None
    flags: tuple[Diagnostic, ...] = ()  # CK410 and CK411, at the cards

    def report(self) -> dict[str, Any]:
        """The report as JSON values (what ``report.json`` holds)."""
        report: dict[str, Any] = {
            "game": self.card_set.game.id,
            "seed": self.seed,
            **self.summary.as_json(),
        }
        if self.changes is not None and self.without is not None:
            report["added"] = list(self.added)
            report["pool_delta"] = [d.as_json() for d in self.changes]
            report["without_added"] = {
                "average_turns": round(self.without.average_turns, 4),
                "average_margin": round(self.without.average_margin, 4),
            }
        if self.effects is not None:
            report["card_effects"] = self.effects.as_json()
        return report


def prepare(path: str | Path, options: SimOptions) -> tuple[SimPlan | None, list[Diagnostic]]:
    """Load the game folder at ``path`` and ready its games; every problem found."""
    card_set, found = open_game(path)
    if card_set is None:
        return None, found
    return prepare_set(card_set, options, loaded=found)


def prepare_set(
    card_set: CardSet, options: SimOptions, *, loaded: Iterable[Diagnostic] = ()
) -> tuple[SimPlan | None, list[Diagnostic]]:
    """Ready a loaded game's games: the added cards read and checked, the pools built.

    ``loaded``: the problems found loading the set; the plan is None when there is an error
    among them or among those found here.
    """
    from cardkit.sim.added import load_added
    from cardkit.sim.pool import build_pool

    problem = bots_problem(options.bots)
    if problem is not None:
        raise UsageError(problem)
    found = list(loaded)
    added: list[Card] = []
    if options.add:
        added, problems = load_added(card_set, options.add)
        found += problems
    if count_errors(found)[0]:
        return None, found
    pool, problems = build_pool(card_set, added)
    found += problems
    base_pool = None
    if added and pool is not None:
        base_pool, problems = build_pool(card_set)
        found += problems
    if pool is None or count_errors(found)[0]:
        return None, found
    if pool.setup.players > 2 and not pool.supply:
        if "mc" in options.bots:
            raise UsageError("the mc bot looks ahead in two-player games only")
        if options.log:
            raise UsageError("--log writes two-player games only")
        if options.effects:
            raise UsageError("--effects measures cards in two-player games only")
    players, problems = _players(options.bots, pool)
    found += problems
    if players is None:
        return None, found
    return SimPlan(card_set, options, pool, base_pool, tuple(added), players), found


def is_strategy_file(name: str) -> bool:
    """Whether a ``--bots`` name is a strategy file (YAML) rather than a bot's name."""
    return name.endswith((".yaml", ".yml"))


def _players(
    names: tuple[str, str], pool: SimPool
) -> tuple[tuple[Player, Player] | None, list[Diagnostic]]:
    """The two players: each bot name as it is, each strategy file read and its cards
    checked against the pool (CK408); None when one cannot play."""
    from cardkit.app.strategy import load_strategy

    found: list[Diagnostic] = []
    players: list[Player] = []
    for name in names:
        if not is_strategy_file(name):
            players.append(name)
            continue
        if not (pool.supply or pool.setup.win != "life"):
            raise UsageError(
                f"strategy file {name!r}: strategies play games of the supply family "
                "('play: supply:'); use a bot (random, simple, greedy, mc) for this game"
            )
        strategy, problems = load_strategy(Path(name), name, cards=[card.id for card in pool.cards])
        found += problems
        if strategy is None:
            continue
        players.append(strategy)
    if count_errors(found)[0] or len(players) != 2:
        return None, found
    return (players[0], players[1]), found


def bots_problem(names: Sequence[str]) -> str | None:
    """What is wrong with ``names`` as the two bots of a sweep, or None."""
    from cardkit.sim.bots import BOTS

    if len(names) != 2:
        return f"takes two bot names, not {len(names)}: {names!r}"
    for name in names:
        if name not in BOTS and not is_strategy_file(name):
            known = ", ".join(BOTS)
            return (
                f"unknown bot {name!r}{did_you_mean(name, BOTS)}; the bots are {known}, "
                "or a strategy file (.yaml)"
            )
    return None


def play(
    plan: SimPlan,
    *,
    progress: SweepProgress | None = None,
    executor: Executor | None = None,
) -> Simulation:
    """Play the plan's sweeps (with the added cards and without them) and summarise them;
    with ``options.effects``, measure each card's effect too. ``executor``: where the games
    are played (a cluster's, ``sim/cluster.py``), else ``options.jobs`` processes."""
    from cardkit.sim.runner import default_jobs, player_name, run_sweep
    from cardkit.sim.stats import deltas, summarize

    options = plan.options
    jobs = options.jobs or default_jobs()
    names = (player_name(plan.seats[0]), player_name(plan.seats[1]))

    def sweep(pool: SimPool, label: str) -> Summary:
        step = None if progress is None else lambda done: progress(label, done, options.games)
        tally = run_sweep(
            pool,
            plan.seats,
            games=options.games,
            seed=options.seed,
            jobs=jobs,
            progress=step,
            executor=executor,
        )
        return summarize(tally, pool, names)

    effects, flags = _effects(plan, jobs, progress, executor)
    if plan.base_pool is None:
        summary = sweep(plan.pool, "playing")
        return Simulation(plan.card_set, options.seed, summary, effects=effects, flags=tuple(flags))
    summary = sweep(plan.pool, "with the added cards")
    before = sweep(plan.base_pool, "without them")
    return Simulation(
        plan.card_set,
        options.seed,
        summary,
        added=tuple(plan.pool.added),
        without=before,
        changes=deltas(before, summary),
        effects=effects,
        flags=tuple(flags),
    )


def _effects(
    plan: SimPlan, jobs: int, progress: SweepProgress | None, executor: Executor | None
) -> tuple[Effects | None, list[Diagnostic]]:
    """With ``options.effects``: every card's effect (the first bot plays both seats) and the
    flags at the cards."""
    from cardkit.sim.effects import flag_diagnostics, measure

    options = plan.options
    if not options.effects:
        return None, []
    effects = measure(
        plan.pool,
        plan.seats[0],
        seed=options.seed,
        precision=options.precision,
        games=options.games,
        jobs=jobs,
        executor=executor,
        progress=None if progress is None else lambda done, n: progress("card effects", done, n),
    )
    return effects, flag_diagnostics(effects, [*plan.card_set.cards, *plan.added])


def write_log(plan: SimPlan, folder: Path) -> list[Path]:
    """The sweep's first ``options.log`` games turn by turn: games.txt and games.jsonl."""
    from cardkit.sim.gamelog import log_games, readable

    options = plan.options
    events = log_games(plan.pool, plan.seats, options.seed, min(options.log, options.games))
    lines = "".join(json.dumps(event, sort_keys=True) + "\n" for event in events)
    text = readable(events, {card.id: card.name for card in plan.pool.cards})
    written = []
    for name, data in (("games.txt", text), ("games.jsonl", lines)):
        transaction.write(folder / name, data)
        written.append(folder / name)
    return written


def output_folder(card_set: CardSet, output: Path | None = None) -> Path:
    """Where the charts and report go: ``output``, else output/<game id>/sim."""
    return output if output is not None else Path("output") / card_set.game.id / "sim"


def check_output(folder: Path) -> None:
    """Raise OutputError (CK005) now, not after the games, when a file stands where the
    output folder goes."""
    for place in (folder, *folder.parents):
        if place.is_dir():
            return
        if place.exists():
            raise cannot_write(folder / REPORT_FILE, NotADirectoryError(20, "not a folder"))


def write_report(simulation: Simulation, folder: Path, *, log: SimPlan | None = None) -> list[Path]:
    """Write the charts (seats.png, cards.png, and delta.png when cards were added),
    report.json and, with ``log``, its games (``write_log``) into ``folder``, together or
    not at all; the files written. Raises OutputError (CK005)."""
    from cardkit.export.simchart import sim_charts

    written = []
    with transaction.output_transaction(folder):  # the charts and the report change together
        for name, data in sim_charts(simulation.summary, simulation.changes).items():
            transaction.write(folder / name, data)
            written.append(folder / name)
        transaction.write(folder / REPORT_FILE, json.dumps(simulation.report(), indent=2) + "\n")
        written.append(folder / REPORT_FILE)
        if log is not None and log.options.log:
            written += write_log(log, folder)
    return written

"""``cardkit sim``: play many seeded games between bots and report on balance."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import (
    EXIT_ERRORS,
    EXIT_OK,
    plural,
    print_diagnostics,
    progress_bars,
    whole,
)
from cardkit.diagnostics import count_errors
from cardkit.errors import UsageError

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from cardkit.app.sim import SimPlan
    from cardkit.cli.output import Screen
    from cardkit.sim.effects import Effects
    from cardkit.sim.stats import CardRow, Delta, Rate, Summary

SHOWN_STRONG, SHOWN_WEAK = 10, 5  # the text table's surest winners and surest losers
MAX_GAMES = 10_000_000  # one sweep: about a day of play on one core


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # optional to argparse only so that 'sim --add extra.yaml GAME' works (see _game_path)
    parser.add_argument("path", nargs="?", help="a game folder with a 'play:' declaration")
    parser.add_argument(
        "--games", type=whole(1, MAX_GAMES), default=1000, help="games (default: 1000)"
    )
    parser.add_argument("--seed", type=whole(0), default=1, help="sweep seed (default: 1)")
    parser.add_argument(
        "--bots",
        type=_bots,
        default="greedy,greedy",
        help="two bots, comma-separated: random, simple, greedy, mc (default: greedy,greedy)",
    )
    parser.add_argument(
        "--add",
        action="extend",
        nargs="+",
        default=[],
        metavar="FILE_OR_DIR",
        help="card files or folders to add to the market deck; reports what they change",
    )
    parser.add_argument(
        "--jobs", type=whole(1), default=None, help="processes (default: every core)"
    )
    parser.add_argument(
        "--effects",
        action="store_true",
        help="measure each card's effect on winning by paired games with and without it "
        "(the first bot plays both seats); flags overpowered (CK410) and dead (CK411) cards",
    )
    parser.add_argument(
        "--precision",
        type=_share,
        default=0.04,
        help="with --effects: play each card until its 95%% interval is narrower than this "
        "(a share of games: 0.04 is 4 points), or until --games (default: 0.04)",
    )
    parser.add_argument(
        "--log",
        type=whole(0),
        default=0,
        metavar="N",
        help="write the sweep's first N games turn by turn: games.txt and games.jsonl",
    )
    parser.add_argument(
        "--executor",
        choices=("local", "dask"),
        default="local",
        help="where the games are played: 'local' processes (--jobs), or a Dask cluster "
        "(--scheduler); the report is the same bytes (default: local)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --executor dask: the scheduler's address, as in tcp://10.0.0.5:8786",
    )
    parser.add_argument(
        "--round-robin",
        metavar="BOTS",
        type=lambda text: [name.strip() for name in text.split(",") if name.strip()],
        help="comma-separated built-in bots and strategy files: every pair plays --games "
        "games; a table of each bot's share of points (round-robin.json)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "-o", "--output", help="folder for the charts and report.json (default: output/<game>/sim)"
    )


def _share(text: str) -> float:
    """An argparse type: a share between 0 and 1 (excluded)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a number, not {text!r}") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"takes a share between 0 and 1, not {text}")
    return value


def _draw_causes(summary: Summary) -> str:
    """Why the games were drawn: at the turn limit, or tied by the rules (same points and
    turns); nothing when none was."""
    if not summary.draws:
        return ""
    tied = summary.draws - summary.timeouts
    parts = [f"{summary.timeouts} at the turn limit"] if summary.timeouts else []
    if tied:
        parts.append(f"{tied} tied by the rules")
    return " (" + ", ".join(parts) + ")"


def _bots(text: str) -> tuple[str, str]:
    """An argparse type: two bot names, comma-separated."""
    from cardkit.app.sim import bots_problem

    names = [name.strip() for name in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"takes two bot names, not {len(names)}: {text!r}")
    problem = bots_problem(names)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return names[0], names[1]


def _game_path(args: argparse.Namespace) -> None:
    """``--add`` takes every word after it, so the game folder written after it, as in
    ``sim --add extra.yaml cards/game``, arrives as the last added path: take it back when
    it is a game folder."""
    if args.path is not None:
        return
    missing = "the game folder is missing: give it first, as in 'cardkit sim GAME --add FILE'"
    if not args.add or not (Path(args.add[-1]) / "game.yaml").is_file():
        raise UsageError(missing)
    args.path = args.add.pop()
    if not args.add:
        raise UsageError("argument --add: give a card file or folder to add, then the game")


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    if args.executor == "dask":
        if not args.scheduler:
            raise UsageError("--executor dask needs --scheduler ADDRESS (tcp://HOST:8786)")
        from cardkit.sim.cluster import cluster_executor

        with cluster_executor(args.scheduler) as executor:
            return _run(args, out, err, executor)
    if args.scheduler:
        raise UsageError("--scheduler goes with --executor dask")
    return _run(args, out, err, None)


def _run(args: argparse.Namespace, out: Screen, err: Screen, executor: Executor | None) -> int:
    import json

    from rich.text import Text

    from cardkit.app.options import SimOptions
    from cardkit.app.sim import check_output, output_folder, play, prepare, write_report

    _game_path(args)
    options = SimOptions(
        games=args.games,
        seed=args.seed,
        bots=args.bots,
        jobs=args.jobs,
        add=tuple(args.add),
        effects=args.effects,
        precision=args.precision,
        log=args.log,
    )
    plan, found = prepare(args.path, options)
    print_diagnostics(err, found, "text")
    if plan is None:
        err.print(Text(f"{plural(count_errors(found)[0], 'error')}; nothing simulated"))
        return EXIT_ERRORS
    output = output_folder(plan.card_set, Path(args.output) if args.output else None)
    check_output(output)  # before the games: a sweep can take minutes
    if args.round_robin is not None:
        return _round_robin(args, out, err, executor, plan, output)
    with progress_bars(err) as step:
        shown = (
            None if step is None else lambda label, done, total: step(label, "games", done, total)
        )
        simulation = play(plan, progress=shown, executor=executor)
    print_diagnostics(err, list(simulation.flags), "text")
    summary, before = simulation.summary, simulation.without
    if args.format == "json":
        out.file.write(json.dumps(simulation.report(), indent=2) + "\n")
    else:
        game = plan.card_set.game.name
        _print_text(out, game, args.seed, summary, simulation.changes, warned=bool(found))
        if simulation.effects is not None:
            _print_effects(out, simulation.effects)
        if before is not None:
            out.print(
                Text(
                    f"average turns {before.average_turns:.1f} without, "
                    f"{summary.average_turns:.1f} with; average margin "
                    f"{before.average_margin:.1f} without, {summary.average_margin:.1f} with"
                )
            )
    # after the report is shown: should writing fail, the games were not played for nothing
    written = write_report(simulation, output, log=plan)  # OutputError: CK005, as build says
    for path in written:
        err.print(Text(f"wrote {path}"), soft_wrap=True)
    return EXIT_OK


def _round_robin(
    args: argparse.Namespace,
    out: Screen,
    err: Screen,
    executor: Executor | None,
    plan: SimPlan,
    output: Path,
) -> int:
    import json

    from rich.table import Table
    from rich.text import Text

    from cardkit.app.league import entrants, play_round_robin, write_round_robin

    bots, found = entrants(plan, args.round_robin)
    print_diagnostics(err, found, "text")
    if bots is None:
        err.print(Text(f"{plural(count_errors(found)[0], 'error')}; nothing simulated"))
        return EXIT_ERRORS
    with progress_bars(err) as step:
        shown = None if step is None else lambda done, n: step("round robin", "games", done, n)
        result = play_round_robin(plan, bots, progress=shown, executor=executor)
    if args.format == "json":
        out.file.write(json.dumps(result.as_json(), indent=2) + "\n")
    else:
        out.print(
            Text(
                f"{plan.card_set.game.name}: round robin, {result.games} games a pair, "
                f"seed {result.seed}, seats alternated",
                style="bold",
            )
        )
        table = Table(
            title="share of points (a win 1, a draw 1/2) of the row's bot against the column's",
            show_edge=False,
        )
        order = result.ranking()  # best first; the columns are numbered as the rows
        table.add_column("bot", no_wrap=True)
        table.add_column("overall [95% CI]", no_wrap=True)
        for k in range(len(order)):
            table.add_column(f"vs {k + 1}", justify="right", no_wrap=True)
        for k, i in enumerate(order):
            score, low, high = result.total(i)
            cells = []
            for j in order:
                share = result.score(i, j)
                cells.append("-" if share is None else f"{share:.1%}")
            overall = f"{score:.1%} [{low:.1%}, {high:.1%}]"
            table.add_row(f"{k + 1} {result.bots[i]}", overall, *cells)
        out.print(table)
    path = write_round_robin(result, output)
    err.print(Text(f"wrote {path}"), soft_wrap=True)
    return EXIT_OK


def _print_effects(out: Screen, effects: Effects) -> None:
    from rich.table import Table
    from rich.text import Text

    from cardkit.sim.effects import FLAG_NAMES

    table = Table(
        title=f"card effects: {effects.bot} that may buy the card vs the same bot that never "
        "does, paired games with common random numbers",
        show_edge=False,
    )
    for column in ("card", "effect pp [95% CI]", "if bought", "pairs", "picked", "turn", "flag"):
        table.add_column(column, no_wrap=True)
    for row in effects.cards:
        low, high = row.interval
        bought = row.when_bought
        table.add_row(
            Text(("* " if row.added else "") + row.name, style="bold" if row.added else ""),
            f"{100 * row.effect:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]",
            "-" if bought is None else f"{100 * bought[0]:+.0f}",
            str(row.games),
            f"{row.pick_rate:.0%}",
            "-" if row.average_turn is None else f"{row.average_turn:.1f}",
            ", ".join(FLAG_NAMES[code] for code in row.flags),
        )
    out.print(table)
    for row in effects.cards:  # the flags again, whole, however narrow the table
        for code in row.flags:
            out.print(Text(f"{FLAG_NAMES[code]} ({code}): {row.name}", style="bold"))


def _ci(rate: Rate) -> str:
    if rate.n == 0:
        return "- (no game decided)"
    low, high = rate.interval
    return f"{rate.value:6.1%} [{low:.1%}, {high:.1%}]"


def _print_text(
    out: Screen,
    game: str,
    seed: int,
    summary: Summary,
    changes: tuple[Delta, ...] | None,
    *,
    warned: bool = False,
) -> None:
    from rich.table import Table
    from rich.text import Text

    from cardkit.sim.runner import BUCKETS, bucket_label

    a, b = summary.bots
    out.print(
        Text(
            f"{game}: {summary.games} games, {a} (A) vs {b} (B), seed {seed}, seats alternated",
            style="bold",
        )
    )
    seats = Table(show_edge=False)
    for column in ("seat", "bot", "wins", "win rate [95% CI]"):
        seats.add_column(column, justify="right" if column == "wins" else "left")
    for slot, bot, rate in zip("AB", summary.bots, summary.slots, strict=True):
        seats.add_row(slot, bot, str(rate.wins), _ci(rate))
    seats.add_row("first", "whoever moves first", str(summary.first.wins), _ci(summary.first))
    out.print(seats)
    out.print(
        Text(
            f"draws {summary.draws}{_draw_causes(summary)}, "
            f"average turns {summary.average_turns:.1f}, "
            f"average margin {summary.average_margin:.1f}"
        )
    )
    if summary.games and summary.timeouts == summary.games:
        out.print(
            Text(
                "every game was a draw: none ended by the game's rules before the turn limit "
                "('play.max_turns' in game.yaml)" + ("; see the warnings above" if warned else ""),
                style="bold",
            )
        )
    rows = shown_rows(summary.cards)
    cards = Table(
        title="cards: win rate of the players who bought them "
        "(a correlation, not an effect: see --effects)",
        show_edge=False,
    )
    for column in ("card", "bought in", "win if bought [95% CI]", "if not", "edge"):
        cards.add_column(column, no_wrap=True)
    rounds = Table(title="win rate by the round of the first purchase", show_edge=False)
    rounds.add_column("card", no_wrap=True)
    for bucket in BUCKETS:
        rounds.add_column(bucket_label(bucket), justify="right", no_wrap=True)
    for row in rows:
        share = row.bought.n / max(1, row.bought.n + row.not_bought.n)
        low, high = row.bought.interval
        name = Text(("* " if row.added else "") + row.name, style="bold" if row.added else "")
        cards.add_row(
            name,
            f"{share:.0%}",
            f"{row.bought.value:.0%} [{low:.0%}, {high:.0%}]",
            f"{row.not_bought.value:.0%}",
            f"{row.edge:+.0%}",
        )
        rounds.add_row(name, *(f"{r.value:.0%}" if r.n >= 20 else "-" for _, r in row.by_round))
    out.print(cards)
    out.print(rounds)
    if any(row.added for row in rows):
        out.print(Text("* an added card"))
    if len(rows) < len(summary.cards):
        out.print(
            Text(
                f"{len(rows)} of {len(summary.cards)} cards shown: the {SHOWN_STRONG} surest "
                f"winners, the {SHOWN_WEAK} surest losers and any added card; report.json has all"
            )
        )
    if changes is not None:
        delta = Table(
            title="pool delta: win rate with the added cards minus without", show_edge=False
        )
        for column in ("seat", "bot", "without", "with", "change [95% CI]"):
            delta.add_column(column)
        for change in changes:
            d, low, high = change.change
            delta.add_row(
                change.slot,
                change.bot,
                f"{change.before.value:.1%}",
                f"{change.after.value:.1%}",
                f"{d:+.1%} [{low:+.1%}, {high:+.1%}]",
            )
        out.print(delta)


def shown_rows(cards: tuple[CardRow, ...]) -> list[CardRow]:
    """The text table's rows: the surest winners, then the surest losers (lowest high end of
    the edge's interval, weakest last), then any added card not among them."""
    strong = list(cards[:SHOWN_STRONG])
    rest = sorted(cards[SHOWN_STRONG:], key=lambda row: (-row.edge_interval[1], row.id))
    weak = rest[-SHOWN_WEAK:] if SHOWN_WEAK else []
    shown = {row.id for row in strong + weak}
    added = [row for row in cards if row.added and row.id not in shown]
    return strong + weak + added

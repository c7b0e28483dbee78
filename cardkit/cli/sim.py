"""``cardkit sim``: play many seeded games between bots and report on balance."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics, whole
from cardkit.diagnostics import count_errors, did_you_mean
from cardkit.errors import UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.export.simchart import Bar
    from cardkit.model import Card
    from cardkit.sim.pool import SimPool
    from cardkit.sim.stats import CardRow, Delta, Rate, Summary

NAME = "sim"
HELP = "play seeded games between bots; win rates, per-card figures, what added cards change"
SHOWN_STRONG, SHOWN_WEAK = 10, 5  # the text table's surest winners and surest losers
CHART_CARDS = 25


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # optional to argparse only so that 'sim --add extra.yaml GAME' works (see _game_path)
    parser.add_argument("path", nargs="?", help="a game folder with a 'play:' declaration")
    parser.add_argument("--games", type=whole(1), default=1000, help="games (default: 1000)")
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
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "-o", "--output", help="folder for the charts and report.json (default: output/<game>/sim)"
    )


def _bots(text: str) -> tuple[str, str]:
    """An argparse type: two bot names, comma-separated."""
    from cardkit.sim.bots import BOTS

    names = [name.strip() for name in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"takes two bot names, not {len(names)}: {text!r}")
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}{did_you_mean(name, BOTS)}; the bots are " + ", ".join(BOTS)
            )
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


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    import json

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    from rich.text import Text

    from cardkit.load.cards import load_card_set
    from cardkit.sim.added import load_added
    from cardkit.sim.pool import build_pool
    from cardkit.sim.runner import default_jobs, run_sweep
    from cardkit.sim.stats import deltas, summarize

    _game_path(args)
    bots: tuple[str, str] = args.bots
    card_set, found = load_card_set(Path(args.path), args.path)
    added: list[Card] = []
    if card_set is not None and args.add:
        added, problems = load_added(card_set, args.add)
        found += problems
    pool = base_pool = None
    if card_set is not None and not count_errors(found)[0]:
        pool, problems = build_pool(card_set, added)
        found += problems
        if added and pool is not None:
            base_pool, problems = build_pool(card_set)
            found += problems
    errors, _ = count_errors(found)
    print_diagnostics(err, found, "text")
    if card_set is None or pool is None or errors:
        err.print(Text(f"{plural(errors, 'error')}; nothing simulated"))
        return EXIT_ERRORS
    jobs = args.jobs or default_jobs()
    output = Path(args.output) if args.output else Path("output") / card_set.game.id / "sim"
    _check_output(output)  # before the games: a sweep can take minutes

    def sweep(sim_pool: SimPool, label: str) -> Summary:
        if not err.is_terminal:
            tally = run_sweep(sim_pool, bots, games=args.games, seed=args.seed, jobs=jobs)
            return summarize(tally, sim_pool, bots)
        columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TextColumn("games"))
        with Progress(*columns, console=err, transient=True) as bar:
            task = bar.add_task(label, total=args.games)
            tally = run_sweep(
                sim_pool,
                bots,
                games=args.games,
                seed=args.seed,
                jobs=jobs,
                progress=lambda done: bar.update(task, completed=done),
            )
        return summarize(tally, sim_pool, bots)

    summary = sweep(pool, "playing" if base_pool is None else "with the added cards")
    changes = None
    before = None
    if base_pool is not None:
        before = sweep(base_pool, "without them")
        changes = deltas(before, summary)
    report: dict[str, Any] = {"game": card_set.game.id, "seed": args.seed, **summary.as_json()}
    if changes is not None:
        report["added"] = list(pool.added)
        report["pool_delta"] = [d.as_json() for d in changes]
        assert before is not None
        report["without_added"] = {
            "average_turns": round(before.average_turns, 4),
            "average_margin": round(before.average_margin, 4),
        }
    if args.format == "json":
        out.file.write(json.dumps(report, indent=2) + "\n")
    else:
        _print_text(out, card_set.game.name, args.seed, summary, changes, warned=bool(found))
        if before is not None:
            out.print(
                Text(
                    f"average turns {before.average_turns:.1f} without, "
                    f"{summary.average_turns:.1f} with; average margin "
                    f"{before.average_margin:.1f} without, {summary.average_margin:.1f} with"
                )
            )
    # after the report is shown: should writing fail, the games were not played for nothing
    written = _write(output, report, summary, changes)  # OutputError: CK005, as build says
    for path in written:
        err.print(Text(f"wrote {path}"), soft_wrap=True)
    return EXIT_OK


def _check_output(folder: Path) -> None:
    """CK005 now, not after the games, when a file stands where the output folder goes."""
    from cardkit.atomic import cannot_write

    for place in (folder, *folder.parents):
        if place.is_dir():
            return
        if place.exists():
            raise cannot_write(folder / "report.json", NotADirectoryError(20, "not a folder"))


def _ci(rate: Rate) -> str:
    if rate.n == 0:
        return "- (no game decided)"
    low, high = rate.interval
    return f"{rate.value:6.1%} [{low:.1%}, {high:.1%}]"


def _print_text(
    out: Console,
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
            f"draws {summary.draws}, average turns {summary.average_turns:.1f}, "
            f"average margin {summary.average_margin:.1f}"
        )
    )
    if summary.games and summary.draws == summary.games:
        out.print(
            Text(
                "every game was a draw: no player's life reached 0 before the turn limit "
                "('play.max_turns' in game.yaml)" + ("; see the warnings above" if warned else ""),
                style="bold",
            )
        )
    rows = shown_rows(summary.cards)
    cards = Table(title="cards: win rate of the players who bought them", show_edge=False)
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


def charted_rows(cards: tuple[CardRow, ...]) -> list[CardRow]:
    """The edge chart's bars: the widest edges, largest first, with every added card among
    them (in its place) even when its edge is small."""
    widest = sorted(cards, key=lambda r: (-abs(r.edge), r.id))
    added = [row for row in widest[CHART_CARDS:] if row.added]
    keep = {row.id for row in widest[: CHART_CARDS - len(added)]} | {row.id for row in added}
    return [row for row in widest if row.id in keep]


def _symmetric(bars: list[Bar]) -> tuple[float, float]:
    """An axis around 0 wide enough for every bar and whisker, in steps of 10%."""
    widest = max([0.1, *(max(abs(b.low), abs(b.high), abs(b.value)) for b in bars)])
    half = min(1.0, math.ceil(widest * 10 - 1e-9) / 10)
    return -half, half


def _write(
    folder: Path, report: dict[str, Any], summary: Summary, changes: tuple[Delta, ...] | None
) -> list[Path]:
    import json

    from cardkit.atomic import write_atomic
    from cardkit.export.simchart import Bar, bar_chart

    def bar(label: str, rate: Rate, highlight: bool = False) -> Bar:
        low, high = rate.interval
        return Bar(label, rate.value, low, high, highlight)

    seats = [
        bar(f"seat {s}: {name}", r)
        for s, name, r in zip("AB", summary.bots, summary.slots, strict=True)
    ]
    seats.append(bar("first player", summary.first))
    charts = {
        "seats.png": bar_chart(
            "win rate per seat (95% Wilson interval)", seats, axis=(0.0, 1.0), reference=0.5
        ),
    }
    rows = charted_rows(summary.cards)
    edges = [Bar(row.name, row.edge, *row.edge_interval, row.added) for row in rows]
    charts["cards.png"] = bar_chart(
        "win rate when bought minus when not bought (95% Newcombe interval)",
        edges,
        axis=_symmetric(edges),
        reference=0.0,
    )
    if changes is not None:
        deltas = [Bar(_delta_label(c.slot, c.bot), *c.change) for c in changes]
        charts["delta.png"] = bar_chart(
            "win rate change with the added cards (95% interval)",
            deltas,
            axis=_symmetric(deltas),
            reference=0.0,
        )
    written = []
    for name, data in charts.items():
        write_atomic(folder / name, data)
        written.append(folder / name)
    write_atomic(folder / "report.json", json.dumps(report, indent=2) + "\n")
    written.append(folder / "report.json")
    return written


def _delta_label(slot: str, bot: str) -> str:
    """'seat A: greedy', or the first player's row as 'first player'."""
    return bot if slot == "first" else f"seat {slot}: {bot}"

"""Playtests in the background for `cardkit serve`: the games of `cardkit sim`, in batches.

One run at a time: starting a run cancels the one before (it stops after its current
batch). Each batch tells its progress; the last one leaves the sweep's summary and charts,
the same as `cardkit sim` reports (``cardkit.sim.stats``, ``cardkit.export.simchart``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from cardkit.diagnostics import Severity
from cardkit.export.simchart import sim_charts
from cardkit.model import CardSet
from cardkit.serve.snapshot import PlaytestState, Status
from cardkit.sim.bots import BOTS
from cardkit.sim.pool import build_pool, play_problems
from cardkit.sim.runner import Tally, play_games
from cardkit.sim.stats import summarize

BATCH = 20  # games between two looks at whether the run was cancelled
MAX_GAMES = 100_000


def playtest_blocker(card_set: CardSet | None) -> tuple[str, str] | None:
    """Why no playtest can start for this game, and what to do (the words of
    `cardkit sim`'s diagnostic: a game without 'play:' gets CK401's message and hint);
    None when one can. A game that does not load is told by its problems, not here."""
    if card_set is None:
        return None
    problems = play_problems(card_set)
    if not problems:
        return None
    first = problems[0]
    return first.message, first.hint or ""


class Playtests:
    """Runs sweeps on a thread of their own; ``changed`` hears of every new state."""

    bots: tuple[str, ...] = tuple(BOTS)

    def __init__(self, changed: Callable[[], None] = lambda: None) -> None:
        self.changed = changed
        self._lock = threading.Lock()
        self._state = PlaytestState()

    @property
    def state(self) -> PlaytestState:
        return self._state

    def start(
        self, card_set: CardSet | None, *, games: int, seed: int, bots: tuple[str, str]
    ) -> PlaytestState:
        """Start a run (cancelling the running one), or say why it cannot start."""
        with self._lock:
            run = self._state.run + 1
            state = PlaytestState(run=run, games=games, seed=seed, bots=bots)
            problem = None
            if not 1 <= games <= MAX_GAMES:
                problem = f"games must be from 1 to {MAX_GAMES:,}, not {games}"
            elif any(bot not in BOTS for bot in bots):
                problem = f"the bots are {', '.join(BOTS)}"
            elif card_set is None:
                problem = "the game does not load: see Problems"
            elif (blocked := playtest_blocker(card_set)) is not None:
                problem = blocked[0]
            if problem is not None:
                self._state = replace(state, status=Status.FAILED, problem=problem)
            else:
                self._state = replace(state, status=Status.RUNNING)
                assert card_set is not None
                threading.Thread(
                    target=self._play, args=(run, card_set), daemon=True, name="playtest"
                ).start()
        self.changed()
        return self._state

    def _set(self, run: int, **changes: object) -> bool:
        """Update run ``run``'s state; False when a newer run replaced it."""
        with self._lock:
            if self._state.run != run:
                return False
            self._state = replace(self._state, **changes)  # type: ignore[arg-type]
        self.changed()
        return True

    def _play(self, run: int, card_set: CardSet) -> None:
        state = self._state
        try:
            pool, found = build_pool(card_set)
            errors = [d for d in found if d.severity is Severity.ERROR]
            if pool is None or errors:
                problem = str(errors[0]) if errors else "the game declares no 'play:'"
                self._set(run, status=Status.FAILED, problem=problem)
                return
            total = Tally()
            for start in range(0, state.games, BATCH):
                stop = min(state.games, start + BATCH)
                total.add(play_games(pool, state.bots, state.seed, start, stop))
                if not self._set(run, done=stop):
                    return  # cancelled by a newer run
            summary = summarize(total, pool, state.bots)
            self._set(run, status=Status.DONE, summary=summary, charts=sim_charts(summary))
        except Exception as exc:  # told on the page; the server goes on
            self._set(run, status=Status.FAILED, problem=f"internal error: {exc}")

    def cancel(self) -> None:
        with self._lock:
            if self._state.status is Status.RUNNING:
                self._state = replace(self._state, run=self._state.run + 1, status=Status.CANCELLED)
        self.changed()

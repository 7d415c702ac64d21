"""Performance figures: random playouts and full-information solves on fixed workloads.

Two measures, both through the public API only, so they are what an app would get:

- **Random playouts**: deal with :func:`patience_core.new_game`, then play a random legal move
  until the game is over, choosing with a :class:`random.Random` of a fixed seed. The figures
  are playouts and moves per second, and the share of playouts won.
- **Full-information solves**: :func:`patience_core.solve_full_information` on each deal of a
  seed range, at a fixed node limit. The solver sees every card (face-down ones and the stock
  order), so these are figures for analysis, not for play. The figures are deals and states
  (positions searched) per second, and how many deals were won, proved lost or left unknown.

A :class:`Workload` fixes everything but the machine: the same deals, the same random choices
and the same node limit. The move and node counts are therefore the same on every machine for
a given version of the games and the solver (a signature, like a chess engine's bench node
count); only the times differ.

>>> from patience_core import bench
>>> result = bench.run(bench.Workload("tiny", range(1, 3), range(1, 2), 500), ["tripeaks"])
>>> result.games[0].playouts.playouts, result.games[0].solves.deals
(2, 1)

This module uses nothing of the command line, so apps and tests can run it.
"""

from __future__ import annotations

import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

import patience_core
from patience_core.engine.deal import span
from patience_core.solver import NO_WIN, UNKNOWN, WON, builds

MAX_PLAYOUT_MOVES: Final = 10_000
REPEATS_PLAYOUT_MOVES: Final = 200
"""A random playout of a game whose positions may repeat (``Rules.repeats``: Klondike, FreeCell)
seldom ends by itself: it stops here, counted as stopped."""
"""A playout still going after this many moves is stopped (and not won): a game whose rules
allowed endless play would otherwise never finish the bench."""

Progress = Callable[[str, int, int], None]
"""Called as ``progress(what, done, total)`` while a workload runs."""


@attrs.frozen
class Workload:
    """What the bench runs for each game: fixed deals, random choices and node limit."""

    name: str
    playout_seeds: range
    solve_seeds: range
    node_limit: int
    rng_seed: int = 20_240_601

    def describe(self) -> str:
        return (
            f"random playouts of deals {_span(self.playout_seeds)} (random.Random({self.rng_seed})),"
            f" full-information solves of deals {_span(self.solve_seeds)}"
            f" at {self.node_limit:,} nodes at most"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "playout_seeds": _range_dict(self.playout_seeds),
            "rng_seed": self.rng_seed,
            "solve_seeds": _range_dict(self.solve_seeds),
            "node_limit": self.node_limit,
        }


QUICK: Final = Workload("quick", range(1, 201), range(1, 6), 10_000)
"""A few seconds in all: for tests and CI, where only a working bench matters."""

SMOKE: Final = Workload("smoke", range(1, 11), range(1, 3), 1_000)
"""The least that runs every part for every game (a check that the bench works, not a
measure): the every-game test of the bench runs it, since ``quick`` over dozens of games takes
minutes."""

DEFAULT: Final = Workload("default", range(1, 5001), range(1, 151), 100_000)
"""About a minute on a two-core machine with the games that come with patience."""

WORKLOADS: Final = {w.name: w for w in (SMOKE, QUICK, DEFAULT)}


def _span(seeds: range) -> str:
    return f"{seeds.start}..{seeds.stop - 1}" if seeds else "none"


def _range_dict(seeds: range) -> dict[str, int]:
    return {"first": seeds.start, "last": seeds.stop - 1, "count": max(0, seeds.stop - seeds.start)}


def _rate(count: float, seconds: float) -> float:
    return count / seconds if seconds > 0 else 0.0


# --- random playouts --------------------------------------------------------------------------


@attrs.frozen
class PlayoutFigures:
    """Random playouts of one game: how many, won, moves played, and the time they took."""

    playouts: int
    won: int
    moves: int
    seconds: float
    stopped: int = 0  # playouts cut at MAX_PLAYOUT_MOVES

    @property
    def per_second(self) -> float:
        return _rate(self.playouts, self.seconds)

    @property
    def moves_per_second(self) -> float:
        return _rate(self.moves, self.seconds)

    @property
    def won_share(self) -> float:
        return self.won / self.playouts if self.playouts else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "playouts": self.playouts,
            "won": self.won,
            "won_share": self.won_share,
            "moves": self.moves,
            "stopped": self.stopped,
            "seconds": self.seconds,
            "playouts_per_second": self.per_second,
            "moves_per_second": self.moves_per_second,
        }


def random_playouts(
    game_id: str,
    seeds: Iterable[int],
    *,
    rng_seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> PlayoutFigures:
    """Play each deal of ``seeds`` to its end with random legal moves; the time covers dealing too.

    The loop is what an app writes with the public API, so the figure is what an app gets.
    """
    if not isinstance(seeds, Sequence):
        seeds = list(seeds)
    total = span(seeds)  # a range is walked lazily, whatever its size
    options = dict(options or {})
    rng = random.Random(rng_seed)
    won = moves = stopped = done = 0
    elapsed = 0.0
    for done, seed in enumerate(seeds, 1):
        start = time.perf_counter()
        game = patience_core.new_game(game_id, seed=seed, **options)
        played = 0
        cap = REPEATS_PLAYOUT_MOVES if game.rules.repeats else MAX_PLAYOUT_MOVES
        while not game.is_over():
            if played >= min(cap, MAX_PLAYOUT_MOVES):
                stopped += 1
                break
            game.play(rng.choice(game.legal_moves()))
            played += 1
        won += game.is_won()
        elapsed += time.perf_counter() - start
        moves += played
        if progress is not None:
            progress(f"{game_id}: random playouts", done, total)
    return PlayoutFigures(done, won, moves, elapsed, stopped)


# --- full-information solves --------------------------------------------------------------------


@attrs.frozen
class DealSolve:
    """The full-information solve of one deal, and the wall time of the call."""

    seed: int
    verdict: str
    line: tuple[str, ...]
    nodes: int
    seconds: float
    solver: str
    cpu_seconds: float = 0.0
    """The CPU time of the solving thread in the call: on a shared machine, nearer what a quiet
    one takes. The search runs in the calling thread, so this is its own time, measured with a
    clock the memory timer does not disturb (``time.thread_time``)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "verdict": self.verdict,
            "moves": len(self.line),
            "line": list(self.line),
            "nodes": self.nodes,
            "ms": self.seconds * 1000,
            "cpu_ms": self.cpu_seconds * 1000,
            "solver": self.solver,
        }


def solve_seeds(
    game_id: str,
    seeds: Iterable[int],
    *,
    options: Mapping[str, Any] | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    generic: bool = False,
    memory_limit_mb: float | None = None,
    pysol: bool = False,
) -> Iterator[DealSolve]:
    """Solve each deal of ``seeds`` from its start, seeing every card; one result per deal, in order.
    ``node_limit`` and the other limits are :func:`~patience_core.solve_full_information`'s.

    The time of a deal is the wall time of the :func:`~patience_core.solve_full_information`
    call (dealing is not counted). ``seeds`` is walked lazily, so a range of any size will do.
    With ``pysol`` the numbers are PySolFC's (``GameSpec.pysol``), not Patience's seeds.
    """
    options = dict(options or {})
    spec, _ = patience_core.find_game(game_id)
    for seed in seeds:
        if pysol and spec.pysol is not None:
            game = patience_core.new_game(game_id, deal=spec.pysol(seed), **options)
        else:
            game = patience_core.new_game(game_id, seed=seed, **options)
        # thread_time, not process_time: while the memory timer (ITIMER_VIRTUAL) is armed,
        # Linux advances the process clock only at scheduler ticks, so short solves read 0.
        start, cpu = time.perf_counter(), time.thread_time()
        result = patience_core.solve_full_information(
            game,
            node_limit=node_limit,
            time_limit=time_limit,
            generic=generic,
            memory_limit_mb=memory_limit_mb,
        )
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
        yield DealSolve(seed, result.verdict, result.line, result.nodes, seconds, result.solver, cpu)


def nearest_rank(values: Sequence[float], percent: float) -> float:
    """The ``percent``-th percentile by nearest rank: the smallest value that at least
    ``percent`` % of the values do not exceed.

    >>> nearest_rank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)
    9
    >>> nearest_rank([5.0], 99)
    5.0
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return ordered[max(1, math.ceil(percent / 100 * len(ordered))) - 1]


@attrs.frozen
class SolveSummary:
    """What the full-information solves of a set of deals add up to."""

    deals: int
    won: int
    no_win: int
    unknown: int
    nodes: int
    seconds: float  # the solve calls' times added up
    median_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    slowest_seed: int | None
    solvers: tuple[str, ...]
    cpu_ms: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Median, p99 and max of the process's own time per deal (see DealSolve.cpu_seconds)."""

    @property
    def decided(self) -> int:
        return self.won + self.no_win

    @property
    def winnable_share(self) -> float | None:
        """Won among the decided deals; None when none was decided."""
        return self.won / self.decided if self.decided else None

    @property
    def winnable_bounds(self) -> tuple[float, float]:
        """The share of all deals that is winnable: at least (unknown lost), at most (unknown won)."""
        if not self.deals:
            return (0.0, 0.0)
        return (self.won / self.deals, (self.won + self.unknown) / self.deals)

    @property
    def deals_per_second(self) -> float:
        return _rate(self.deals, self.seconds)

    @property
    def states_per_second(self) -> float:
        return _rate(self.nodes, self.seconds)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.winnable_bounds
        return {
            "deals": self.deals,
            "won": self.won,
            "no_win": self.no_win,
            "unknown": self.unknown,
            "winnable_share": self.winnable_share,
            "winnable_share_at_least": low,
            "winnable_share_at_most": high,
            "ms_median": self.median_ms,
            "ms_p90": self.p90_ms,
            "ms_p99": self.p99_ms,
            "ms_max": self.max_ms,
            "slowest_seed": self.slowest_seed,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
            "states_per_second": self.states_per_second,
            "solvers": list(self.solvers),
            "cpu_ms_median": self.cpu_ms[0],
            "cpu_ms_p99": self.cpu_ms[1],
            "cpu_ms_max": self.cpu_ms[2],
        }


def summarize(solves: Sequence[DealSolve]) -> SolveSummary:
    """Counts by verdict, time per deal (median, nearest-rank p90 and p99, max), nodes and rates."""
    ms = [s.seconds * 1000 for s in solves]
    slowest = max(solves, key=lambda s: s.seconds, default=None)
    return SolveSummary(
        deals=len(solves),
        won=sum(s.verdict == WON for s in solves),
        no_win=sum(s.verdict == NO_WIN for s in solves),
        unknown=sum(s.verdict == UNKNOWN for s in solves),
        nodes=sum(s.nodes for s in solves),
        seconds=sum(s.seconds for s in solves),
        median_ms=statistics.median(ms) if ms else 0.0,
        p90_ms=nearest_rank(ms, 90) if ms else 0.0,
        p99_ms=nearest_rank(ms, 99) if ms else 0.0,
        max_ms=max(ms, default=0.0),
        slowest_seed=slowest.seed if slowest else None,
        solvers=tuple(sorted({s.solver for s in solves})),
        cpu_ms=_cpu_ms([s.cpu_seconds * 1000 for s in solves]),
    )


def _cpu_ms(ms: list[float]) -> tuple[float, float, float]:
    return (statistics.median(ms), nearest_rank(ms, 99), max(ms)) if ms else (0.0, 0.0, 0.0)


def peak_memory_mb() -> float | None:
    """The peak resident memory of the whole process so far, in MB (None where not measurable)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux counts kilobytes, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


# --- the bench ----------------------------------------------------------------------------------


@attrs.frozen
class GameBench:
    """The bench figures of one game or preset."""

    game: str
    playouts: PlayoutFigures
    solves: SolveSummary

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "random_playouts": self.playouts.to_dict(),
            "full_information_solves": self.solves.to_dict(),
        }


@attrs.frozen
class BenchResult:
    """Every game's figures, the workload, and where and how long it ran."""

    workload: Workload
    games: tuple[GameBench, ...]
    seconds: float
    peak_memory_mb: float | None
    version: str = patience_core.__version__
    python: str = platform.python_version()
    implementation: str = platform.python_implementation()
    machine: str = f"{platform.system()} {platform.machine()}"
    build: str = attrs.field(factory=builds.describe)
    """Which build ran the searches: compiled with mypyc, or plain Python (and why)."""

    @property
    def moves(self) -> int:
        """Moves played in every playout: the same on every machine for the same games."""
        return sum(g.playouts.moves for g in self.games)

    @property
    def nodes(self) -> int:
        """Positions searched by every solve: the same on every machine for the same solver."""
        return sum(g.solves.nodes for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "patience": self.version,
            "python": f"{self.implementation} {self.python}",
            "machine": self.machine,
            "build": self.build,
            "workload": self.workload.to_dict(),
            "games": [g.to_dict() for g in self.games],
            "moves": self.moves,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "peak_memory_mb": self.peak_memory_mb,
        }


def game_ids() -> list[str]:
    """Every installed game and preset id, each game followed by its presets."""
    return [gid for spec in patience_core.games() for gid in (spec.id, *(p.id for p in spec.presets))]


def bench_game(game_id: str, workload: Workload, progress: Progress | None = None) -> GameBench:
    """Run ``workload`` on one game or preset with its default options."""
    playouts = random_playouts(game_id, workload.playout_seeds, rng_seed=workload.rng_seed, progress=progress)
    solves = []
    total = span(workload.solve_seeds)
    for done, solve in enumerate(
        solve_seeds(game_id, workload.solve_seeds, node_limit=workload.node_limit), 1
    ):
        solves.append(solve)
        if progress is not None:
            progress(f"{game_id}: full-information solves", done, total)
    return GameBench(game_id, playouts, summarize(solves))


def run(
    workload: Workload = DEFAULT, games: Sequence[str] | None = None, progress: Progress | None = None
) -> BenchResult:
    """Run ``workload`` on ``games`` (default: every installed game and preset, in order)."""
    ids = game_ids() if games is None else list(games)
    start = time.perf_counter()
    figures = tuple(bench_game(gid, workload, progress) for gid in ids)
    return BenchResult(workload, figures, time.perf_counter() - start, peak_memory_mb())

"""Simulation: play many deals with one player and sum them up.

Every deal is played on its own: its random source comes from the seed and the player's name
alone, so a deal plays the same way whichever process, machine or order it runs in, and the
totals are the same for 1 worker, 8 workers or a Dask cluster. Seeds are cut into chunks;
local workers are processes (``concurrent.futures``, started with *spawn*), a cluster gets the
same chunks through ``distributed.Client(address).submit`` and retries a chunk whose worker
was lost. Results come back per seed and are put in seed order.

>>> sim = simulate("tripeaks", range(1, 11), player="greedy")
>>> sim.deals, sim.wins == sum(r.won for r in sim.results)
(10, True)
"""

from __future__ import annotations

import math
import random
import signal
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Final

import attrs

import patience_core
from patience_core.engine.spec import OptionValue
from patience_core.players import get_player, play_game, sees_hidden_cards

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
CHUNKS_PER_WORKER: Final = 8
"""Chunks per worker by default: small enough to balance the load and keep Ctrl-C prompt."""
MAX_CHUNK: Final = 250
CONNECT_TIMEOUT = "10s"
"""How long to try to reach a Dask scheduler."""
RETRIES: Final = 3
"""Times Dask runs a chunk again after an error in it (a lost worker's chunks are rescheduled anyway)."""


@attrs.frozen
class DealResult:
    """How one deal went: won or not, cards left, score, moves played.

    ``verdict`` is the full-information solver's (``won``, ``no win``, ``unknown``) when the
    player is ``solver``, else None.
    """

    seed: int
    won: bool
    cards_left: int
    score: int
    moves: int
    verdict: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)


@attrs.frozen
class Chunk:
    """The work of one task: these seeds of this game with this player. Picklable."""

    game_id: str
    options: Mapping[str, OptionValue]
    player: str
    params: Mapping[str, Any]
    seeds: tuple[int, ...]


def deal_rng(seed: int, player: str) -> random.Random:
    """The random source of one deal: from the seed and the player's name only.

    >>> deal_rng(7, "random").random() == deal_rng(7, "random").random()
    True
    """
    return random.Random(f"patience-simulate:{player}:{seed}")


def play_deal(
    game_id: str, options: Mapping[str, OptionValue], player: Any, name: str, seed: int
) -> DealResult:
    """Play deal ``seed`` to the end with ``player`` (called ``name``)."""
    opts: dict[str, Any] = dict(options)
    game = patience_core.new_game(game_id, seed=seed, **opts)
    play_game(game, player, rng=deal_rng(seed, name))
    verdict = None
    if sees_hidden_cards(player):
        result = getattr(player, "last_result", None)
        verdict = result.verdict if result is not None else None
    return DealResult(seed, game.is_won(), game.cards_left(), game.score(), len(game.moves), verdict)


def run_chunk(chunk: Chunk) -> list[DealResult]:
    """Play every deal of ``chunk``; the function each worker runs."""
    player = get_player(chunk.player, **chunk.params)
    return [play_deal(chunk.game_id, chunk.options, player, chunk.player, s) for s in chunk.seeds]


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) for no deals.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class Simulation:
    """The results of a simulation, in seed order, and what they add up to.

    ``stopped`` is True when it was interrupted: the results are the deals finished by then.
    """

    game_id: str
    options: Mapping[str, OptionValue]
    player: str
    params: Mapping[str, Any]
    requested: int
    results: tuple[DealResult, ...]
    seconds: float
    workers: int
    scheduler: str | None = None
    stopped: bool = False

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.results)

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.results else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.deals)

    @property
    def mean_cards_left(self) -> float:
        return sum(r.cards_left for r in self.results) / self.deals if self.results else 0.0

    @property
    def mean_score(self) -> float:
        return sum(r.score for r in self.results) / self.deals if self.results else 0.0

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    @property
    def undecided(self) -> int:
        """Deals the full-information solver could not decide within its limit (``solver`` only)."""
        return sum(r.verdict == "unknown" for r in self.results)

    def to_dict(self, *, deals: bool = False) -> dict[str, Any]:
        """The summary as JSON-safe data; ``deals=True`` adds every deal's result."""
        low, high = self.interval
        out: dict[str, Any] = {
            "game": self.game_id,
            "options": dict(self.options),
            "player": self.player,
            "params": dict(self.params),
            "requested": self.requested,
            "deals": self.deals,
            "stopped": self.stopped,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": [low, high],
            "mean_cards_left": self.mean_cards_left,
            "mean_score": self.mean_score,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
            "workers": self.workers,
            "scheduler": self.scheduler,
        }
        if any(r.verdict is not None for r in self.results):
            out["undecided"] = self.undecided
        if deals:
            out["results"] = [r.to_dict() for r in self.results]
        return out


def chunked(seeds: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def simulate(
    game_id: str,
    seeds: Sequence[int],
    *,
    player: str = "greedy",
    params: Mapping[str, Any] | None = None,
    options: Mapping[str, object] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``seeds`` of ``game_id`` with ``player`` and sum up.

    ``workers`` local processes (1: this process), or the Dask cluster at ``scheduler``
    (needs the ``dask`` extra). ``progress(n)`` is called as each chunk of ``n`` deals is
    done. Ctrl-C (``KeyboardInterrupt``) stops the work and returns what was finished, with
    ``stopped`` set. The game, the options and the player are checked before any work starts.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    params = dict(params or {})
    spec, preset = patience_core.find_game(game_id)
    values = spec.resolve(options or {}, preset.options if preset else None)
    get_player(player, **params)  # an unknown player or parameter fails here, not in a worker
    seeds = list(seeds)
    if chunk_size is None:
        lanes = workers if scheduler is None else max(workers, 2)
        chunk_size = max(1, min(MAX_CHUNK, math.ceil(len(seeds) / (lanes * CHUNKS_PER_WORKER))))
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, not {chunk_size}")
    chunks = [Chunk(game_id, values, player, params, s) for s in chunked(seeds, chunk_size)]
    done: dict[int, DealResult] = {}
    start = time.perf_counter()
    stopped = False
    if scheduler is not None:
        source = _on_cluster(chunks, scheduler)
    elif workers == 1:
        source = _here(chunks)
    else:
        source = _in_processes(chunks, workers)
    try:
        for batch in source:
            for result in batch:
                done[result.seed] = result
            if progress is not None:
                progress(len(batch))
    except KeyboardInterrupt:
        stopped = True
    finally:
        source.close()  # stops the workers when interrupted
    results = tuple(done[s] for s in seeds if s in done)
    return Simulation(
        game_id=game_id,
        options=values,
        player=player,
        params=params,
        requested=len(seeds),
        results=results,
        seconds=time.perf_counter() - start,
        workers=workers,
        scheduler=scheduler,
        stopped=stopped,
    )


def _here(chunks: list[Chunk]) -> Generator[list[DealResult], None, None]:
    """In this process, one deal at a time, so that Ctrl-C loses at most the deal being played."""
    for chunk in chunks:
        player = get_player(chunk.player, **chunk.params)
        for seed in chunk.seeds:
            yield [play_deal(chunk.game_id, chunk.options, player, chunk.player, seed)]


def _in_processes(chunks: list[Chunk], workers: int) -> Generator[list[DealResult], None, None]:
    import multiprocessing

    # spawn: a fresh interpreter per worker, the same on every platform and safe with threads.
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_ctrl_c
    )
    finished = False
    try:
        pending: set[Future[list[DealResult]]] = {pool.submit(run_chunk, c) for c in chunks}
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                yield future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # interrupted: drop the queue and stop the workers now
            pool.shutdown(wait=False, cancel_futures=True)
            _terminate(pool)


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches every process of the terminal; the parent alone handles it and stops the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor) -> None:
    stop = getattr(pool, "terminate_workers", None)
    if stop is not None:  # Python 3.14
        stop()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()


def _on_cluster(chunks: list[Chunk], address: str) -> Generator[list[DealResult], None, None]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError(
            "--scheduler needs Dask: install the extra with  pip install 'patience-core[dask]'"
        ) from None
    with Client(address, timeout=CONNECT_TIMEOUT) as client:
        futures = [client.submit(run_chunk, chunk, retries=RETRIES, pure=False) for chunk in chunks]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel([f for f in futures if not f.done()])

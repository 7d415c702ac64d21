"""Simulation: play many deals with one player and sum them up.

Every deal is played on its own: its random source comes from the seed and the player's name
alone, so a deal plays the same way whichever process, machine or order it runs in, and the
totals are the same for 1 worker, 8 workers or a Dask cluster. Seeds are cut into chunks as
they are needed, each about a second of work at the pace measured so far, and only a few are
in flight at a time; local workers are processes (``concurrent.futures``, started with
*spawn*), a cluster gets the same chunks through ``distributed.Client(address).submit`` and
retries a chunk whose worker was lost. Results come back per seed and are put in seed order.

>>> sim = simulate("tripeaks", range(1, 11), player="greedy")
>>> sim.deals, sim.wins == sum(r.won for r in sim.results)
(10, True)
"""

from __future__ import annotations

import contextlib
import math
import random
import re
import signal
import socket
import struct
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, Final

import attrs

import patience_core
from patience_core.engine.deal import span
from patience_core.engine.errors import quoted
from patience_core.engine.spec import OptionValue
from patience_core.players import get_player, play_game, sees_hidden_cards

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
CHUNKS_PER_WORKER: Final = 8
"""Chunks per worker by default: small enough to balance the load and keep Ctrl-C prompt."""
MAX_CHUNK: Final = 250
CHUNK_SECONDS: Final = 1.0
"""The work a chunk should give one worker, at the pace measured so far: a stop loses at most
about this much per worker."""
CONNECT_TIMEOUT = "10s"
"""How long to try to reach a Dask scheduler, and to wait for it to answer."""
MAX_HANDSHAKE: Final = 1 << 20
"""The largest first frame a Dask scheduler sends (its handshake takes a few hundred bytes)."""
IN_FLIGHT: Final = 4
"""Chunks submitted per worker at a time: enough to keep it busy, few enough to stay lazy."""
STOP_SECONDS: Final = 1.0
"""How long to wait for a stopped worker to end."""
MAX_WORKERS: Final = 256
"""The most local worker processes."""
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


def chunked(seeds: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """``seeds`` in pieces of ``size``, made one at a time: a range of any size will do."""
    for start in range(0, span(seeds), size):
        yield tuple(seeds[start : start + size])


class Chunker:
    """The chunks of a simulation, made as they are needed: each the size that keeps a worker
    busy about :data:`CHUNK_SECONDS` at the pace measured so far (a fixed ``size`` if given),
    so that a stop loses little and a large range is never held whole. Yields (the position
    of the chunk's first seed, the chunk)."""

    def __init__(self, work: Chunk, seeds: Sequence[int], lanes: int, size: int | None, start: float) -> None:
        self.work, self.seeds, self.lanes, self.size, self.start = work, seeds, lanes, size, start
        self.total = span(seeds)
        self.position = 0
        self.done = 0
        """Deals finished so far (the source of the simulation counts them)."""
        self.most = max(1, min(MAX_CHUNK, math.ceil(self.total / (lanes * CHUNKS_PER_WORKER))))

    def __iter__(self) -> Iterator[tuple[int, Chunk]]:
        return self

    def __next__(self) -> tuple[int, Chunk]:
        if self.position >= self.total:
            raise StopIteration
        size = self.size
        if size is None:
            elapsed = time.perf_counter() - self.start
            pace = self.done / elapsed / self.lanes if self.done and elapsed > 0 else 0.0
            size = max(1, min(self.most, int(pace * CHUNK_SECONDS)))
        first = self.position
        self.position += size
        return first, attrs.evolve(self.work, seeds=tuple(self.seeds[first : first + size]))


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
    done. Ctrl-C (``KeyboardInterrupt``) stops the work (the workers at once) and returns what
    was finished, with ``stopped`` set. The game, the options, the player and the scheduler
    are checked before any work starts. ``seeds`` is walked lazily and only a few chunks are
    in flight at a time, so a range of any size costs nothing until it is played.
    """
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers is a whole number from 1 to {MAX_WORKERS}, not {workers!r}")
    params = dict(params or {})
    spec, preset = patience_core.find_game(game_id)
    values = spec.resolve(options or {}, preset.options if preset else None)
    get_player(player, **params)  # an unknown player or parameter fails here, not in a worker
    total = span(seeds)
    lanes = workers if scheduler is None else max(workers, 2)
    if chunk_size is not None and chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, not {chunk_size}")
    if scheduler is not None:
        check_scheduler(scheduler)  # a one-line error within the timeout, not a hang
    start = time.perf_counter()
    chunks = Chunker(Chunk(game_id, values, player, params, ()), seeds, lanes, chunk_size, start)
    batches: list[tuple[int, list[DealResult]]] = []
    stopped = False
    if scheduler is not None:
        source = _on_cluster(chunks, scheduler, lanes * IN_FLIGHT)
    elif workers == 1:
        source = _here(chunks)
    else:
        source = _in_processes(chunks, workers)
    try:
        for batch in source:
            batches.append(batch)
            chunks.done += len(batch[1])
            if progress is not None:
                progress(len(batch[1]))
    except KeyboardInterrupt:
        stopped = True
    finally:
        source.close()  # stops the workers when interrupted
    results = tuple(r for _, batch in sorted(batches, key=lambda b: b[0]) for r in batch)
    return Simulation(
        game_id=game_id,
        options=values,
        player=player,
        params=params,
        requested=total,
        results=results,
        seconds=time.perf_counter() - start,
        workers=workers,
        scheduler=scheduler,
        stopped=stopped,
    )


Batches = Generator[tuple[int, list[DealResult]], None, None]
"""Results as they come: (the position of the first in the seeds, the results in order)."""


def _here(chunks: Iterator[tuple[int, Chunk]]) -> Batches:
    """In this process, one deal at a time, so that Ctrl-C loses at most the deal being played."""
    player = None
    for position, chunk in chunks:
        if player is None:
            player = get_player(chunk.player, **chunk.params)
        for n, seed in enumerate(chunk.seeds):
            yield position + n, [play_deal(chunk.game_id, chunk.options, player, chunk.player, seed)]


def _in_processes(chunks: Iterator[tuple[int, Chunk]], workers: int) -> Batches:
    import multiprocessing

    # spawn: a fresh interpreter per worker, the same on every platform and safe with threads.
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_ctrl_c
    )
    finished = False
    pending: dict[Future[list[DealResult]], int] = {}

    def submit() -> bool:
        item = next(chunks, None)
        if item is None:
            return False
        with _ctrl_c_ignored():  # a worker starting now never sees Ctrl-C: the parent handles it
            pending[pool.submit(run_chunk, item[1])] = item[0]
        return True

    try:
        while len(pending) < workers * IN_FLIGHT and submit():
            pass
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                yield pending.pop(future), future.result()
                submit()
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:  # interrupted: stop the workers now, then drop the queue
            # shutdown forgets the workers, the manager thread and its wake-up: take them first
            processes = list((getattr(pool, "_processes", None) or {}).values())
            manager = getattr(pool, "_executor_manager_thread", None)
            _quiet_wakeup(getattr(pool, "_executor_manager_thread_wakeup", None))
            _terminate(pool, processes)
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.join(timeout=STOP_SECONDS)
            # The manager thread closes its wake-up pipe as it ends; let it end now.
            if manager is not None:
                manager.join(timeout=STOP_SECONDS)


def _quiet_wakeup(wakeup: Any) -> None:
    """Let a wake-up of a pool's manager thread find its pipe closed without a traceback. At
    exit the interpreter wakes every such thread that is still running, and the thread may
    close its pipe between the check and the write: a traceback ("Bad file descriptor", from
    threading's shutdown) after Ctrl-C in a test run, on a loaded machine."""
    send = getattr(wakeup, "wakeup", None)
    if send is None:
        return

    def quiet() -> None:
        with contextlib.suppress(OSError, ValueError):
            send()

    wakeup.wakeup = quiet


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches every process of the terminal; the parent alone handles it and stops the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor, processes: list[Any]) -> None:
    stop = getattr(pool, "terminate_workers", None)
    if stop is not None:  # Python 3.14
        stop()
        return
    for process in processes:
        if process.is_alive():
            process.terminate()


def _seconds(timeout: str) -> float:
    """``"10s"`` in seconds."""
    return float(timeout.removesuffix("s"))


_ADDRESS: Final = re.compile(
    r"(?:(?P<scheme>tcp|tls|ws|wss|ucx|inproc)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})\Z"
)


def check_scheduler(address: str) -> None:
    """Refuse, in one line, an address that is not a Dask scheduler's, within :data:`CONNECT_TIMEOUT`.

    The address must read ``[tcp://]HOST:PORT`` (or another Dask scheme). Over plain TCP it is
    also tried: a scheduler speaks first, a frame whose length prefix is small, so a closed
    port, a port that never answers and a server of something else (whose bytes Dask would
    read as a frame gigabytes long) are each refused by name. Raises :class:`RuntimeError`.
    """
    match = _ADDRESS.match(address) if isinstance(address, str) else None
    if match is None or not 0 < int(match["port"]) < 65536:
        raise RuntimeError(f"--scheduler is an address such as tcp://HOST:8786, not {quoted(address)}")
    if (match["scheme"] or "tcp") != "tcp":
        return
    host, port, timeout = match["host"].strip("[]"), int(match["port"]), _seconds(CONNECT_TIMEOUT)
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as conn:
            header = b""
            while len(header) < 8:
                conn.settimeout(max(0.01, deadline - time.monotonic()))
                piece = conn.recv(8 - len(header))
                if not piece:
                    raise RuntimeError(f"{quoted(address)} closed the connection: it is not a Dask scheduler")
                header += piece
    except TimeoutError:
        raise RuntimeError(
            f"the Dask scheduler at {quoted(address)} did not answer within {timeout:g} s"
        ) from None
    except OSError as err:
        raise RuntimeError(
            f"cannot reach the Dask scheduler at {quoted(address)}: {err.strerror or err}"
        ) from None
    (size,) = struct.unpack("Q", header)  # as Dask reads it
    if not 0 < size <= MAX_HANDSHAKE:
        raise RuntimeError(f"{quoted(address)} answered, but not as a Dask scheduler")


def _on_cluster(chunks: Iterator[tuple[int, Chunk]], address: str, in_flight: int) -> Batches:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError(
            "--scheduler needs Dask: install the extra with  pip install 'patience-core[dask]'"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except Exception as err:  # whatever Dask says about an address it cannot use: one line
        raise RuntimeError(f"cannot use the Dask scheduler at {quoted(address)}: {err}") from None
    with client:
        positions: dict[Any, int] = {}

        def submit() -> Any:
            item = next(chunks, None)
            if item is None:
                return None
            future = client.submit(run_chunk, item[1], retries=RETRIES, pure=False)
            positions[future] = item[0]
            return future

        first = [f for f in (submit() for _ in range(in_flight)) if f is not None]
        running = as_completed(first)
        try:
            for future in running:
                yield positions.pop(future), future.result()
                more = submit()
                if more is not None:
                    running.add(more)
        finally:
            client.cancel([f for f in positions if not f.done()])

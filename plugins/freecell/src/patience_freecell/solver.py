"""Solve any position of the FreeCell family, seeing every card (they all lie face up).

:func:`solve` answers *won* (with a line that replays to a win), *no win* (proved: every
reachable position was searched) or *unknown* (a node, time or memory limit stopped it). The
line comes in run moves (a run moves as one move, as far as the free cells and empty columns
could carry it card by card) or in single-card moves, each run spelt out through the cells and
empty columns.

The search (:mod:`patience_freecell.search`, compiled with mypyc where the install could) is
a portfolio of depth-first threads in turns, each with its own table of positions seen: meta
threads that try purposeful moves first, and one complete thread that tries every move and
alone can prove that nothing wins. What keeps "no win" sound:

1. **Every move is searched.** The complete thread tries each single-card move (column to
   column, cell or foundation; cell to column or foundation) and run moves, which are only
   shortcuts: a run moves as one only as far as single moves could carry it, so they reach no
   position single moves do not. A thread stops only when every position it has entered has
   had each of its moves tried.
2. **Safe moves home are taken at once**, as part of the move before them. A card whose
   predecessor is home goes home when every card that could ever be placed on it is
   *homeable*: home already, or its own predecessor home and every card that could be placed
   on *it* homeable in turn. Foundations never give cards back, so such a card is never needed
   as a base: any winning line from the position with the card still out becomes one from the
   position with it home, by sending home, instead, each card the line would have placed on
   it (homeable, so it may go home then), and skipping the moves of the card itself. A card
   gone home earlier only frees its pile. For alternate colours this sends a 5 of spades home
   once both red 4s are home, or once both red 3s and the 2 of clubs are (Raymond's rule); by
   suit every card whose predecessor is home goes at once.
3. **Positions that differ only in the order of their columns or of their cells are one
   position**: every rule treats all columns alike and all cells alike, so they have the same
   future. The table of positions seen is keyed on what lies on each card (another card,
   nothing, or the card is in a cell or home), which is the same for all of them and differs
   for any other position: the columns are the chains of cards it links, each from a bottom
   card, one that lies on no card.
4. **Foundations need not be searched**: they are what the columns and cells do not hold.
5. **A dead position is not searched** (games without free cells: Baker's Dozen, Beleaguered
   Castle, Streets and Alleys). Take any line from the position that wins, and for each card
   not home the moment it first moves (every card moves, to win). A set of cards proves the
   position dead when each card of it meets one of two tests. (a) A card of the set lies over
   it in its column: that card moves first. (b) It cannot go home first, as a lower card of
   its suit lies under it or is in the set; and nothing can take it: each card it could go on
   is home, or under it in its column, or in another column under a card of the set; and no
   column is empty and every column's bottom card is in the set (or empty columns take
   nothing, or kings only and it is no king). Then look at the card of the set that moves
   first. Not by (a). By (b) its first move is not home: a lower card of its suit must go home
   before it, and under it that card cannot move before it, while in the set it moves later.
   Nor onto a card: each one it could go on is home for good, or under it, or covered by a card
   of the set until that card moves, later.
   Nor into an empty column: none is empty, and emptying one moves its bottom card, of the set,
   first. So no line wins. Cards leave the largest such set only while taking them out keeps
   the others' tests (both grow with the set), so the set found, if not empty, meets them.
   Run moves change nothing: single moves could make them. With free cells any card may go
   into one, and the test is not made.

The meta threads are incomplete on purpose (they never put a card in a cell for nothing, for
one); each keeps its own table, so none stops another, or the complete thread, from searching a
position. docs/solver.md measures the search against Freecell Solver.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Final, Literal

import attrs

from patience_core.solver.builds import load
from patience_core.solver.memory import MemoryLimitReached
from patience_core.solver.memory import check_memory as core_check_memory
from patience_core.solver.tries import TRIES, with_tries
from patience_freecell.rules import FREECELL, Move, Position, Variant, suit

_search = load("patience_freecell.search")

Verdict = Literal["won", "no win", "unknown"]
LineForm = Literal["runs", "single"]
DEFAULT_NODE_LIMIT: Final = 2_000_000
"""Positions searched before the answer is "unknown", by default (the core's default)."""
QUOTA: Final = 200
"""Positions a meta thread searches a turn."""
COMPLETE_QUOTA: Final = 50
"""Positions the complete thread searches a turn while meta threads still run."""

_BUILDS: Final = {"alternate": 0, "suit": 1, "rank": 2}
_EMPTY: Final = {"any": 0, "kings": 1, "none": 2}


@attrs.frozen
class MetaThread:
    """One meta thread: its move groups in order, each ``(mode, tests...)`` (the constants of
    :mod:`patience_freecell.search`), the weights of its RATED groups, and the seed of its
    shuffles and of the noise added to its ratings."""

    groups: tuple[tuple[int, ...], ...]
    weights: tuple[int, int, int, int, int, int] = (2, 1, 3, 1, 1, 0)
    seed: int = 0

    def program(self) -> list[int]:
        out: list[int] = []
        for group in self.groups:
            out += [_search.GROUP, *group]
        return out


def _rated(*tests: int) -> tuple[int, ...]:
    return (_search.RATED, *tests)


_PRODUCTIVE: Final = (
    _search.COL_HOME,
    _search.CELL_HOME,
    _search.CELL_PUT,
    _search.DIG,
    _search.SEQ,
    _search.CELL_BASE,
    _search.RUN_EMPTY,
)
DEFAULT_THREADS: Final = (
    MetaThread((_rated(*_PRODUCTIVE),), (3, 2, 4, 1, 1, 3), 3333),
    # the same ratings with other noise: on deals 1..1000 it cut the positions searched from
    # 240,618 to 190,198 and the most on one deal from 32,687 to 7,723, and it wins deal 4213
    MetaThread((_rated(*_PRODUCTIVE),), (3, 2, 4, 1, 1, 3), 44250),
    MetaThread(
        (
            (_search.IN_ORDER, _search.COL_HOME),
            _rated(_search.CELL_HOME, _search.CELL_PUT, _search.SEQ),
            (_search.IN_ORDER, _search.CELL_BASE),
            _rated(_search.DIG, _search.RUN_EMPTY),
        ),
        (1, 0, 0, 0, 0, 0),
    ),
    MetaThread(
        (
            (_search.SHUFFLED, _search.COL_HOME, _search.CELL_HOME),
            (_search.SHUFFLED, _search.CELL_PUT, _search.DIG, _search.SEQ, _search.CELL_BASE),
        ),
        (1, 0, 0, 0, 0, 0),
        98361,
    ),
    # ratings that weigh the cards buried under each column's run and over the next cards
    # home more, and free cells less: over deals 1..1000 the most positions on one deal fell
    # from 7,723 to 5,401 and the 99th percentile from 2,493 to 1,709; deal 4213 is won in
    # 6,063 positions instead of 1,021,076 (docs/solver.md)
    MetaThread((_rated(*_PRODUCTIVE),), (3, 1, 3, 2, 2, 3), 7777),
)
"""The meta threads :func:`solve` runs by default for a game with free cells other than FreeCell's
rules (docs/solver.md tells how they were chosen)."""

_ALL: Final = _rated(*_PRODUCTIVE)
_FREEING: Final = (_search.TO_CELL, _search.TO_EMPTY, _search.RELOCATE)
_SHUFFLED: Final = (
    (_search.SHUFFLED, _search.COL_HOME, _search.CELL_HOME),
    (_search.SHUFFLED, _search.CELL_PUT, _search.DIG, _search.SEQ, _search.CELL_BASE),
)
FREECELL_THREADS: Final = (
    MetaThread((_ALL,), (2, 2, 3, 1, 1, 2), 13),
    MetaThread(_SHUFFLED, (1, 0, 0, 0, 0, 0), 12),
    MetaThread((_ALL,), (3, 1, 3, 2, 3, 3), 3333),
    MetaThread((_ALL,), (4, 2, 4, 1, 1, 3), 7777),
    MetaThread((_ALL,), (3, 2, 4, 1, 2, 3), 1),
    MetaThread(_SHUFFLED, (1, 0, 0, 0, 0, 0), 14),
    MetaThread(_SHUFFLED, (1, 0, 0, 0, 0, 0), 15),
    MetaThread((_ALL,), (3, 1, 4, 1, 1, 5), 44250),
    # also a card alone into a free cell or an empty column, and a run onto another parent:
    # moves that free a card for no purpose named in advance, which none of the eight tries.
    # Deal 1941, where all eight run dry and the complete thread won after 538,660 positions,
    # is won in 38,744; the slowest of deals 32001..33000 (32335) in 14,991 instead of 60,243
    MetaThread((_rated(*_PRODUCTIVE, *_FREEING),), (2, 2, 3, 1, 1, 2), 13),
)
"""The meta threads :func:`solve` runs by default for FreeCell's rules (alternate colours, any
card into an empty column, free cells). The first eight were chosen from 83 candidate threads
(ratings' weights, seeds) by the positions each needed alone to win Microsoft's deals 1..2000,
for the fewest positions at the slowest deals, and checked on deals 2001..3000, which played no
part in the choice; the ninth, of a kind those candidates lacked, was added after them
(docs/solver.md; ``scripts/choose_freecell_threads.py`` makes both choices again)."""
NO_CELL_THREADS: Final = (
    *DEFAULT_THREADS,
    # without free cells a card is freed by moving it onto another parent (RELOCATE) or alone
    # into an empty column (TO_EMPTY), moves the threads tuned on FreeCell never try: on the
    # Beleaguered Castle deals 1..1000 left unknown at 300,000 positions it alone wins half
    MetaThread(
        (
            _rated(
                _search.COL_HOME,
                _search.DIG,
                _search.SEQ,
                _search.RELOCATE,
                _search.RUN_EMPTY,
                _search.TO_EMPTY,
            ),
        ),
        (3, 0, 4, 1, 2, 3),
        1,
    ),
)
"""The meta threads :func:`solve` runs by default for a game without free cells."""
_DIG_OUT: Final = _rated(_search.COL_HOME, _search.SEQ, _search.RELOCATE)
SINGLE_CARD_THREADS: Final = (
    # no cell and no empty column ever filled (Baker's Dozen): every move is a card home or
    # onto a parent, so the threads differ in their ratings, which weigh the cards home and the
    # cards over the next cards home (digging out the low cards); on seeded deals 1..20 at
    # 300,000 positions they win 16 where the threads for games without cells win 9
    MetaThread((_DIG_OUT,), (5, 0, 0, 1, 3, 0), 1),
    MetaThread((_DIG_OUT,), (5, 0, 0, 1, 3, 3), 2),
    MetaThread((_DIG_OUT,), (8, 0, 0, 1, 1, 3), 3),
    # weighing the cards under each column's run as much as those over the next cards home,
    # with more noise: over seeded deals 1..1000 the four threads win 961 where the three
    # won 946, in 17.3 million positions instead of 22.7 (docs/solver.md)
    MetaThread((_DIG_OUT,), (5, 0, 0, 2, 2, 6), 4),
)
"""The meta threads :func:`solve` runs by default for a game without cells or empty columns."""


def default_threads(variant: Variant) -> tuple[MetaThread, ...]:
    """The meta threads :func:`solve` runs for ``variant`` when none are given.

    >>> from patience_freecell.rules import BELEAGUERED_CASTLE
    >>> len(default_threads(FREECELL)), len(default_threads(BELEAGUERED_CASTLE))
    (9, 6)
    """
    if variant.cells:
        if variant.build == "alternate" and variant.empty == "any":
            return FREECELL_THREADS
        return DEFAULT_THREADS
    return SINGLE_CARD_THREADS if variant.empty == "none" else NO_CELL_THREADS


def default_tries(variant: Variant) -> int:
    """The short searches :func:`solve` runs before the long one: ten for a game without cells
    or empty columns (Baker's Dozen, where nearly every deal is won and the positions a win
    takes vary widely with the threads' seeds), none for the others, whose proofs of no win
    would lose the positions they spend.

    >>> from patience_freecell.rules import BAKERS_DOZEN
    >>> default_tries(FREECELL), default_tries(BAKERS_DOZEN)
    (0, 10)
    """
    return TRIES if not variant.cells and variant.empty == "none" else 0


@attrs.frozen
class Solution:
    """What :func:`solve` found.

    ``verdict``: ``"won"`` (``moves`` wins from the position solved), ``"no win"`` (proved:
    every reachable position was searched) or ``"unknown"`` (a limit stopped the search, and
    ``reason`` says which when it was not the node or time limit). ``nodes``: positions
    searched; ``seconds``: wall time.
    """

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""

    @property
    def won(self) -> bool:
        return self.verdict == "won"

    @property
    def length(self) -> int:
        """The number of moves of the line."""
        return len(self.moves)

    def text(self) -> str:
        """The line as move text, one move after another."""
        return " ".join(str(m) for m in self.moves)


def solve(
    position: Position,
    variant: Variant = FREECELL,
    *,
    line: LineForm | None = None,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    threads: Sequence[MetaThread] | None = None,
    check_memory: Callable[[int], None] = core_check_memory,
    tries: int | None = None,
) -> Solution:
    """Solve ``position`` under ``variant``'s rules.

    ``line``: ``"runs"`` (runs move as one move) or ``"single"`` (single cards only); by
    default runs where the variant moves runs as one, else single cards. ``threads``: the meta
    threads (by default :func:`default_threads`; none: the complete thread alone, slower to find
    wins but the same verdicts). ``tries``: short searches first, each with the threads' seeds
    shifted (by default :func:`default_tries`); each is whole in itself, so one that ends
    without a win proves none.
    ``check_memory(nodes)`` is called every 16,384 positions and may stop the search by
    raising :class:`~patience_core.solver.memory.MemoryLimitReached`.

    >>> from patience_freecell.deals import microsoft_position
    >>> found = solve(microsoft_position(1))
    >>> found.verdict, found.length > 50
    ('won', True)
    """
    form = line or ("runs" if variant.runs else "single")
    if form == "runs" and not variant.runs:
        raise ValueError(f"{variant.name} moves single cards only: ask for line='single'")
    if form not in ("runs", "single"):
        raise ValueError(f"a line is in 'runs' or 'single' moves, not {line!r}")
    if len(position.columns) != len(variant.columns) or len(position.cells) != variant.cells:
        raise ValueError(
            f"{variant.name} has {len(variant.columns)} columns and {variant.cells} cells; this position "
            f"has {len(position.columns)} and {len(position.cells)}"
        )
    if threads is None:
        threads = default_threads(variant)
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    steps: list[int] = []
    if tries is None:
        tries = default_tries(variant)
    status = _search.STOPPED

    def search(limit: int, order: int) -> tuple[bool, int]:
        nonlocal status
        # A short search: the same threads with other seeds (their shuffles and noise).
        these = [attrs.evolve(t, seed=t.seed + 1000 * order) for t in threads] if order else threads
        steps.clear()
        status, used = _search.search(
            *search_position(position, variant),
            [t.program() for t in these],
            [t.seed for t in these],
            [list(t.weights) for t in these],
            True,
            QUOTA,
            COMPLETE_QUOTA,
            limit,
            deadline,
            steps,
            check_memory,
        )
        return status != _search.STOPPED, used

    collecting = gc.isenabled()
    gc.disable()  # the search makes many small objects and no cycles: the collector would only scan
    try:
        nodes = with_tries(search, node_limit, tries, deadline)
    except MemoryLimitReached as stop:
        return Solution("unknown", (), stop.nodes, time.perf_counter() - start, f"out of memory: {stop}")
    finally:
        if collecting:
            gc.enable()
    if status == _search.WON:
        if form == "single":
            moves = line_moves(position, variant, steps, True)
        else:
            moves = _runs_line(len(position.columns), steps)
        return Solution("won", moves, nodes, time.perf_counter() - start)
    verdict: Verdict = "no win" if status == _search.NO_WIN else "unknown"
    return Solution(verdict, (), nodes, time.perf_counter() - start)


SearchPosition = tuple[list[bytes], list[int], list[int], int, int, int]


def search_position(position: Position, variant: Variant) -> SearchPosition:
    """The first arguments of :func:`patience_freecell.search.search`: ``position`` as the
    search holds it (columns as bytes, cells with -1 for empty, foundation heights) and
    ``variant``'s cells, building and empty-column rules as its codes."""
    return (
        [bytes(col) for col in position.columns],
        [-1 if c is None else c for c in position.cells],
        list(position.foundations),
        variant.cells,
        _BUILDS[variant.build],
        _EMPTY[variant.empty],
    )


_MOVES: dict[tuple[str, str, int], Move] = {}
"""Moves made so far, shared: a Move is a frozen value, and a line repeats a few hundred."""


def _move(src: str, dst: str, count: int) -> Move:
    move = _MOVES.get((src, dst, count))
    if move is None:
        move = _MOVES.setdefault((src, dst, count), Move(src, dst, count))
    return move


_RUN_MOVES: dict[int, Move] = {}
"""Run moves by their step (and the number of columns, and the suit of a card sent home)."""


def _runs_line(ncols: int, steps: list[int]) -> tuple[Move, ...]:
    """The search's own steps as run moves, what :func:`line_moves` gives for them without
    following the piles: each step the search writes carries the card it moved (bits 18 and
    up), which is all a move home needs to name its foundation."""
    moves: list[Move] = []
    for step in steps:
        code = step & 0x3FFFF | ncols << 24
        if step >> 6 & 63 == _search.FOUNDATION:
            code |= suit(step >> 18) << 18
        move = _RUN_MOVES.get(code)
        if move is None:
            src, dst, count = step & 63, step >> 6 & 63, step >> 12 & 63
            source = f"t{src + 1}" if src < ncols else f"c{src - ncols + 1}"
            if dst == _search.FOUNDATION:
                target = f"f{suit(step >> 18) + 1}"
            else:
                target = f"t{dst + 1}" if dst < ncols else f"c{dst - ncols + 1}"
            move = _RUN_MOVES.setdefault(code, _move(source, target, count))
        moves.append(move)
    return tuple(moves)


def line_moves(position: Position, variant: Variant, steps: list[int], single: bool) -> tuple[Move, ...]:
    """The search's steps as moves from ``position``, runs spelt out card by card if ``single``."""
    n = len(position.columns)
    names = [f"t{i + 1}" for i in range(n)] + [f"c{j + 1}" for j in range(len(position.cells))]
    homes = ("f1", "f2", "f3", "f4")
    cols = [list(col) for col in position.columns]
    cells: list[int | None] = list(position.cells)
    moves: list[Move] = []
    for step in steps:
        src, dst, count = step & 63, step >> 6 & 63, step >> 12 & 63
        if src < n:
            col = cols[src]
            moving = col[-count:]
            del col[-count:]
        else:
            held = cells[src - n]
            assert held is not None
            moving = [held]
            cells[src - n] = None
        target = homes[suit(moving[0])] if dst == _search.FOUNDATION else names[dst]
        if count > 1 and single:
            free = [names[n + j] for j, c in enumerate(cells) if c is None]
            empty = [names[i] for i, col in enumerate(cols) if not col and i != dst and i != src]
            moves += carry(count, names[src], target, free, empty)
        else:
            moves.append(_move(names[src], target, count))
        if dst < n:
            cols[dst] += moving
        elif dst != _search.FOUNDATION:
            cells[dst - n] = moving[0]
    return tuple(moves)


def carry(count: int, src: str, dst: str, cells: list[str], empty: list[str]) -> list[Move]:
    """Single moves that carry the ``count`` top cards of column ``src`` to ``dst`` through the
    free ``cells`` and the ``empty`` columns (``dst`` not among them), as a supermove does:
    with no empty column, all but the bottom card wait in cells; with one, the top part goes
    to it first (carried the same way with one empty column fewer), the rest to ``dst``, and the
    top part after it.

    >>> [str(m) for m in carry(3, "t1", "t2", ["c1", "c2"], [])]
    ['t1-c1', 't1-c2', 't1-t2', 'c2-t2', 'c1-t2']
    """
    if count <= len(cells) + 1:
        parked = cells[: count - 1]
        return (
            [_move(src, c, 1) for c in parked]
            + [_move(src, dst, 1)]
            + [_move(c, dst, 1) for c in reversed(parked)]
        )
    spare, rest = empty[0], empty[1:]
    half = (len(cells) + 1) << len(rest)
    if count <= half:
        return carry(count, src, dst, cells, rest)
    top = count - half
    return (
        carry(top, src, spare, cells, rest)
        + carry(half, src, dst, cells, rest)
        + carry(top, spare, dst, cells, rest)
    )


__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_THREADS",
    "FREECELL_THREADS",
    "NO_CELL_THREADS",
    "SINGLE_CARD_THREADS",
    "LineForm",
    "MetaThread",
    "Solution",
    "Verdict",
    "carry",
    "default_threads",
    "default_tries",
    "line_moves",
    "solve",
]

"""Solve any position of the Spider family, seeing every card (the face-down ones and the stock's).

:func:`solve_full_information` answers *won* (with a line that replays to a win through the
public API), *no win* (proved: every reachable position was searched) or *unknown* (a node,
time or memory limit stopped it). It is each game's own solver (``GameSpec(solver=...)``).

The search (:mod:`patience_spider.search`, compiled with mypyc where the install could) runs
in two phases: a best-first search that never takes cards off a card of their own suit one
rank higher (it finds most wins at once, and proves nothing; two side by side, with different
ratings, where that pays: :func:`ratings`; in Simple Simon a third that moves a run of several
suits in one step where the empty columns could carry it a run of one suit at a time, its
line then written out in those single moves), then a depth-first search over
every legal move, best rated child first, which alone answers "no win". What keeps that sound:

1. **Every legal move is tried**, but for moves that lead to a position another move leads to
   as well (below). A finished run goes home as part of the move that finished it: that is the
   rule (docs/spider.md, S8), not a choice of the search.
2. **Positions that differ only in the order of their columns are one position once the stock
   is empty**: every column then follows the same rules, so they have the same future. While
   cards are left in the stock the order counts (a deal gives each column its own card), and
   the table of positions seen keys on the columns in order. So, once the stock is empty, a
   run goes to the first empty column only, and a whole column never moves to an empty one.
3. **Cards are their faces**: the two copies of a card in Spider's two decks follow the same
   rules, so positions that differ only in which copy lies where are one position.
4. **Face-down cards are marked** in the key: a card that has not been turned cannot move, so
   it is part of the position.
5. **Positions seen to be lost are not searched** (Scorpion's rules, every card one of a kind):
   there a card moves only onto its successor (its suit, one rank higher) and stays there, so
   every card not on it yet must make that one move; :func:`patience_spider.search.stuck`
   finds, from what each move needs done before it, every card that could ever move, and a
   position where one that must move is not among them has no win. The argument is in its
   docstring.

The order of the moves tried (:func:`patience_spider.search.rate`: runs home, cards turned up,
empty columns, cards lying on a card one rank higher, and a deal last) decides only how soon a
win is found, never whether one is.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Final, Literal

import attrs

from patience_core import Game, Kind, SolveResult, Table
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON
from patience_core.solver.builds import load
from patience_core.solver.memory import MemoryLimitReached
from patience_core.solver.memory import check_memory as core_check_memory
from patience_core.solver.tries import TRIES, with_tries
from patience_spider.rules import DOWN_SUIT, Family, SpiderRules

_search = load("patience_spider.search")

Verdict = Literal["won", "no win", "unknown"]
DEFAULT_NODE_LIMIT: Final = 2_000_000
"""Positions searched before the answer is "unknown", by default (the core's default)."""
SIMPLE_SIMON_NODE_LIMIT: Final = 20_000_000
"""Simple Simon's default instead (``GameSpec.solver_node_limit``): its deal 737, the longest
of 1..1000 to decide, is won after 17.3 million positions (docs/spider.md)."""


@attrs.frozen
class Solution:
    """What :func:`solve` found: the ``verdict``, the ``moves`` of a win (move text, from the
    position solved), the positions searched, wall time, and why an "unknown" stopped short
    when it was not the node or time limit."""

    verdict: Verdict
    moves: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""


def position_of(rules: SpiderRules, table: Table) -> tuple[list[bytes], bytes, int]:
    """The columns (bytes, face-down cards marked), the stock (top card last) and the runs home."""
    columns: list[bytes] = []
    stock = b""
    home = 0
    for i, pile in enumerate(rules.piles):
        cards = table.piles[i]
        if pile.kind == Kind.TABLEAU:
            down = table.down[i]
            columns.append(bytes([c % 52 + (_search.DOWN if k < down else 0) for k, c in enumerate(cards)]))
        elif pile.kind == Kind.STOCK:
            stock = bytes([c % 52 for c in cards])
        elif pile.kind == Kind.FOUNDATION:
            home += len(cards) // 13
    return columns, stock, home


def solve(
    rules: SpiderRules,
    table: Table,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    check_memory: Callable[[int], None] = core_check_memory,
    tries: int | None = None,
) -> Solution:
    """Solve the position ``table`` of a game of the family played by ``rules``. ``tries``:
    short best-first searches with the ratings perturbed (:func:`perturbed`) before the usual
    ones, by default :func:`default_tries`; each is whole in itself, so one that ends without
    a win proves none.

    >>> import patience_core
    >>> game = patience_core.new_game("simple-simon", seed=1)
    >>> found = solve(game.rules, game.table)
    >>> found.verdict, len(found.moves) > 20
    ('won', True)
    """
    family = rules.family
    weights = ratings(family)
    if tries is None:
        tries = default_tries(family)
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    steps: list[int] = []
    status = _search.STOPPED
    columns, stock, home = position_of(rules, table)  # the search copies what it changes

    def search(limit: int, order: int) -> tuple[bool, int]:
        nonlocal status
        these = perturbed(weights, order) if order else weights
        steps.clear()
        status, used = _search.search(
            columns,
            len(stock),
            home,
            *search_flags(family),
            stock,
            family.foundations,
            these,
            best_first_share(limit, len(stock), len(columns), len(these)),
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
    seconds = time.perf_counter() - start
    if status == _search.WON:
        return Solution("won", tuple(move_text(step) for step in steps), nodes, seconds)
    return Solution("no win" if status == _search.NO_WIN else "unknown", (), nodes, seconds)


def default_tries(family: Family) -> int:
    """Short searches before the usual ones: ten where the stock deals more than once (Spider,
    Spiderette: the positions a best-first search needs to meet a win vary widely with its
    ratings, docs/spider.md), none for the others, whose deals are often lost (Scorpion) or
    where they won nothing more (Simple Simon).

    >>> from patience_spider.rules import SCORPION, SPIDERETTE
    >>> default_tries(SPIDERETTE), default_tries(SCORPION)
    (10, 0)
    """
    return TRIES if family.stock > len(family.columns) else 0


def perturbed(weights: list[list[int]], seed: int) -> list[list[int]]:
    """``weights`` with each of a rating's first seven weights moved up or down by a third (at
    least 1) or kept, as a random generator seeded with ``seed`` picks.

    >>> perturbed([[1000, 12, 8, 4, 1, 2, 4]], 1)
    [[667, 16, 6, 4, 0, 2, 4]]
    """
    rng = random.Random(seed)
    return [
        [
            max(0, w + rng.choice((-1, 0, 1)) * max(1, abs(w) // 3)) if i < 7 else w
            for i, w in enumerate(rating)
        ]
        for rating in weights
    ]


def search_flags(family: Family) -> tuple[bool, bool, bool, bool]:
    """The family's rules as the search reads them: building by suit, moving any group (not
    runs of one suit), kings alone into empty columns, dealing only onto full columns."""
    return (
        family.build == DOWN_SUIT,
        family.run is None,
        family.empty == 13,
        family.deal_needs_full_columns,
    )


def ratings(family: Family) -> list[list[int]]:
    """The ratings of the best-first searches run side by side (the first also orders the
    depth-first search). Where the stock deals more than once (Spider, Spiderette), one that
    weighs runs of one suit more (:data:`patience_spider.search.SUIT_RATING`) first; for a game
    dealt whole (Simple Simon), one that weighs empty columns far more
    (:data:`patience_spider.search.SPACE_RATING`) second, and the family's own making supermoves
    (an eighth weight, 1: :func:`patience_spider.search.moves`) third; each won deals the others
    did not (docs/spider.md). Scorpion keeps its one.

    >>> from patience_spider.rules import SCORPION, SIMPLE_SIMON, SPIDERETTE
    >>> [len(ratings(f)) for f in (SIMPLE_SIMON, SPIDERETTE, SCORPION)]
    [3, 2, 1]
    """
    if family.stock > len(family.columns):
        return [list(_search.SUIT_RATING), list(_search.DEFAULT_RATING)]
    if not family.stock:
        return [list(_search.DEFAULT_RATING), list(_search.SPACE_RATING), [*_search.DEFAULT_RATING, 1]]
    return [list(_search.DEFAULT_RATING)]


def best_first_share(node_limit: int, stock: int, ncols: int, searches: int = 1) -> int:
    """Positions the best-first phase may search: 500,000 (:data:`patience_spider.search.BEST_FIRST_SHARE`)
    or 350,000 for each of its ``searches`` if more (Simple Simon's three: a third search came
    without taking positions from the other two, which win deals late in theirs), or three
    quarters of ``node_limit`` when the stock deals more than once (Spider's five deals).

    Behind several deals the depth-first phase, which alone proves "no win", cannot search
    every reachable position within the limit anyway, while the best-first one wins deals it
    would not (one-suit Spider deal 21: won at 1,175,335 positions, unknown at 2,000,000 with
    500,000). Either share answers "no win" only after a complete search.

    >>> best_first_share(2_000_000, 0, 10, 3), best_first_share(2_000_000, 50, 10, 2)
    (1050000, 1500000)
    """
    if stock > ncols:
        return max(_search.BEST_FIRST_SHARE, node_limit * 3 // 4)
    return max(_search.BEST_FIRST_SHARE, _search.SHARE_PER_SEARCH * searches)


def move_text(step: int) -> str:
    """A search step as move text: ``deal``, or ``t1-t4x3`` (columns counted from 1).

    >>> move_text(0 | 3 << 4 | 3 << 8), move_text(15)
    ('t1-t4x3', 'deal')
    """
    src = step & 15
    if src == _search.DEAL:
        return "deal"
    dst, count = step >> 4 & 15, step >> 8
    return f"t{src + 1}-t{dst + 1}" + (f"x{count}" if count > 1 else "")


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The family's solver as each game's own (``GameSpec(solver=...)``)."""
    if not isinstance(game.rules, SpiderRules):
        return None
    found = solve(game.rules, game.table, node_limit=node_limit, time_limit=time_limit)
    verdict = {"won": WON, "no win": NO_WIN}.get(found.verdict, UNKNOWN)
    return SolveResult(verdict, found.moves, found.nodes, found.seconds, "spider", found.reason)


__all__ = [
    "DEFAULT_NODE_LIMIT",
    "SIMPLE_SIMON_NODE_LIMIT",
    "Solution",
    "Verdict",
    "default_tries",
    "move_text",
    "perturbed",
    "position_of",
    "solve",
    "solve_full_information",
]

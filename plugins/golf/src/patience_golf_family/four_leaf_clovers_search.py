"""Four Leaf Clovers' own search: depth first over positions keyed on ranks, every position
reached kept, with two sound reductions (docs/golf-relatives.md, "The solver").

A position is the columns' ranks (bottom first) and how many cards are home; the foundation
needs rank ``home % 13`` next. Why "no win" stays sound:

1. Suits never matter: a card goes on another, or home, by its rank alone, and the foundation
   takes any suit. So positions with the same columns' ranks, in any order, and the same count
   home have the same future; each is searched once.
2. The search is a search of a graph for the won position: every move of every position kept
   is tried (but those of 3, and none of a dead position, 4), and a position met again is
   not searched again. So when the search ends without a win, no won position is reachable
   by the moves tried.
3. A column's only card is never moved onto another column. Let S' be S with column i's cards
   put on top of column j's. Each move of S' is a move of S (a move from or onto j's top is
   one from or onto i's top while i has cards; once i is empty the two are the same position,
   empty columns being of no use), so S wins in no more moves than S'. Moving a lone card onto
   another column makes such an S' from S; so the shortest win from any position never does
   it, and one of those wins uses only the moves tried (by induction on its length).
4. A position is given up when it is dead: a card is pinned when every card of both ranks
   next to its own lies below it in its column (or is home). A pinned card can never go onto
   another column (no card it could go on can come to a top while it stays, nor is one in
   another column), so it leaves only for the foundation, before every card below it. Going
   down a column from its top, each card's earliest turn home is the first place of its rank
   on the foundation after the turns of the pinned cards above it; the position is dead when
   some card has no such place left, or when for some rank the k-th earliest of its cards
   comes after the k-th place of that rank left (its cards cannot fill those places in time).
   Every won line fills the places in order, so a dead position has none.

Playing a card home whenever one fits is not safe (a card home no longer takes others: of 60
positions with 14 cards left, 6 won ones are lost that way), so home moves are only tried
first; then the moves that uncover the ranks needed soonest. A few short searches with the
other moves shuffled go first (``attempts``); a search that ends without a win is whole,
whichever order it tried, so it proves none.

The install compiles this module with mypyc where it can (``patience_core.solver.builds``);
the game calls it through ``patience_golf_family.four_leaf_clovers``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

from patience_core.engine.cards import RANK_OF
from patience_core.engine.game import Game
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.solver.memory import MASK, check_memory

HOME = -1  # a move's destination when the card goes to the foundation
Move = tuple[int, int]  # (column, column or HOME), columns counted from 0


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Four Leaf Clovers' verdict from ``game``'s position, with a winning line of move text;
    None for another game."""
    from patience_golf_family.four_leaf_clovers import FourLeafClovers

    if not isinstance(game.rules, FourLeafClovers):
        return None
    start = time.perf_counter()
    piles = game.table.piles
    columns = [[RANK_OF[card] - 1 for card in pile] for pile in piles[1:]]
    deadline = start + time_limit if time_limit is not None else None
    verdict, line, nodes = attempts(columns, node_limit, deadline, check_memory)
    text = tuple(f"t{i + 1}-f" if j == HOME else f"t{i + 1}-t{j + 1}" for i, j in line)
    return SolveResult(verdict, text, nodes, time.perf_counter() - start, "four-leaf-clovers")


TRIES: Final = 6
"""Short searches with the moves in a shuffled order, before the long one."""
TRY_NODES: Final = 10_000
"""Positions a short search may take at most (and a sixteenth of the limit at most)."""


def attempts(
    columns: list[list[int]],
    node_limit: int,
    deadline: float | None = None,
    memory: Callable[[int], None] | None = None,
) -> tuple[Verdict, list[Move], int]:
    """Short searches first, the one in the usual order then some with the moves between
    columns shuffled (from a fixed seed, so a run repeats), since a search that goes
    wrong early may spend all its positions below that mistake; then one search with the
    positions left. Each search is whole in itself: one that ends without a win proves none."""
    short = max(1, min(TRY_NODES, node_limit // 16))
    used = 0
    rng = random.Random(0)
    for k in range(TRIES + 1):
        verdict, line, nodes = search(
            columns, min(short, node_limit - used), deadline, memory, rng if k else None
        )
        used += nodes
        if (
            verdict != UNKNOWN
            or used >= node_limit
            or (deadline is not None and time.perf_counter() > deadline)
        ):
            return verdict, line, used
    verdict, line, nodes = search(columns, node_limit - used, deadline, memory)
    return verdict, line, used + nodes


def _take_back(cols: list[list[int]], home: int, i: int, j: int) -> int:
    """Undo the move of column ``i``'s card to ``j`` (a column or :data:`HOME`); the cards
    home after it."""
    if j == HOME:
        home -= 1
        cols[i].append(home % 13)
    else:
        cols[i].append(cols[j].pop())
    return home


def search(
    columns: list[list[int]],
    node_limit: int,
    deadline: float | None = None,
    memory: Callable[[int], None] | None = None,
    shuffle: random.Random | None = None,
) -> tuple[Verdict, list[Move], int]:
    """Search from ``columns`` (ranks 0-12, A to K, bottom first; an empty list for an empty
    column): the verdict, the winning moves and the positions searched.

    Depth first with an explicit stack (a line can be thousands of moves long)."""
    cols = [list(c) for c in columns]
    home = 52 - sum(len(c) for c in cols)
    if home == 52:
        return WON, [], 1
    seen: set[bytes] = {_key(cols, home)}
    nodes = 1
    if dead(cols, home):
        return NO_WIN, [], nodes
    path: list[Move] = []
    stack: list[list[Move]] = [_moves(cols, home, shuffle)]  # each position's moves left to try
    while stack:
        todo = stack[-1]
        if not todo:
            stack.pop()
            if path:  # take back the move that led here
                i, j = path.pop()
                home = _take_back(cols, home, i, j)
            continue
        i, j = todo.pop()
        if j == HOME:
            cols[i].pop()
            home += 1
            if home == 52:
                path.append((i, j))
                return WON, path, nodes
        else:
            cols[j].append(cols[i].pop())
        key = _key(cols, home)
        if key in seen:
            fresh = False
        else:
            seen.add(key)
            nodes += 1
            fresh = not dead(cols, home)
        if not fresh:
            home = _take_back(cols, home, i, j)
            continue
        if nodes >= node_limit:
            return UNKNOWN, [], nodes
        if not nodes & MASK:
            if memory is not None:
                memory(nodes)
            if deadline is not None and time.perf_counter() > deadline:
                return UNKNOWN, [], nodes
        path.append((i, j))
        stack.append(_moves(cols, home, shuffle))
    return NO_WIN, [], nodes


def _key(cols: list[list[int]], home: int) -> bytes:
    # Columns in any order (1): sorted; 13 never a rank, so it parts them. Formatted, not added:
    # compiled, `bytes + bytes` leaks its left operand (docs/solver.md).
    return b"%b%b" % (bytes([home]), b"\r".join(sorted(bytes(c) for c in cols if c)))


def _moves(cols: list[list[int]], home: int, shuffle: random.Random | None = None) -> list[Move]:
    """The moves to try, the first last (the stack pops from the end)."""
    need = home % 13
    rest: list[tuple[int, int, int]] = []
    by_top: list[list[int]] = [[] for _ in range(13)]
    for j, d in enumerate(cols):
        if d:
            by_top[d[-1]].append(j)
    for i, c in enumerate(cols):
        if len(c) < 2:
            continue  # a lone card goes home or nowhere (3)
        x = c[-1]
        into = by_top[(x + 1) % 13] + by_top[(x - 1) % 13]
        if into:
            soon = (c[-2] - need) % 13  # how far off the uncovered rank is needed
            rest.extend((soon, i, j) for j in into)
    if shuffle is None:
        rest.sort()
    else:
        shuffle.shuffle(rest)
    order = [(i, HOME) for i in by_top[need]] + [(i, j) for _, i, j in rest]
    order.reverse()
    return order


def dead(cols: list[list[int]], home: int) -> bool:
    """Whether the pinned cards rule out every won line (4)."""
    count = [0] * 13
    for c in cols:
        for r in c:
            count[r] += 1
    earliest: list[list[int]] = [[] for _ in range(13)]
    below = [0] * 13
    for c in cols:
        if not c:
            continue
        for r in range(13):
            below[r] = 0
        pinned: list[bool] = []
        for r in c:
            up, down = (r + 1) % 13, (r - 1) % 13
            pinned.append(below[up] == count[up] and below[down] == count[down])
            below[r] += 1
        after = home - 1  # the turn home that the cards below must come after
        for p in range(len(c) - 1, -1, -1):
            r = c[p]
            e = after + 1 + (r - after - 1) % 13
            if e > 51:
                return True
            earliest[r].append(e)
            if pinned[p]:
                after = e
    for r in range(13):
        turns = earliest[r]
        turns.sort()
        place = home + (r - home) % 13
        for e in turns:
            if e > place:
                return True
            place += 13
    return False


__all__ = ["HOME", "TRIES", "TRY_NODES", "attempts", "dead", "search", "solve_full_information"]

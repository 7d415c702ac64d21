"""The generic solver: depth-first search over the rules interface, for any game.

A transposition table over ``rules.solver_key(table)`` (positions with the same future share a
key), moves in the order ``legal_moves`` gives them (cards before draws) or shuffled, and a
node, time or memory limit (:mod:`patience_core.solver.memory`). It applies moves to a copy of
the table with the rules alone, so no observer sees them.

How many positions a search needs to meet a win can vary widely with the order it tries moves
in; for games where that is so, :func:`generic_solve_with_tries` runs a few short searches in
shuffled orders before the long one (a game declares it as its solver). Every search is whole
in itself: one that ends without a win proves none.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import attrs

from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.solver.memory import MASK, MemoryLimitReached, check_memory, peaked
from patience_core.solver.tries import TRIES, TRY_NODES, with_tries

if TYPE_CHECKING:
    from patience_core.engine.game import Game


def generic_solve_with_tries(
    game: Game,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    tries: int = TRIES,
    try_nodes: int = TRY_NODES,
) -> SolveResult:
    """:func:`generic_solve` after ``tries`` short searches, each with the moves of every
    position shuffled from its own seed (1, 2, ...) and at most ``try_nodes`` positions (a
    twentieth of ``node_limit`` at most; :mod:`patience_core.solver.tries`); the long search
    takes the positions left, in the usual order. ``nodes`` counts the positions of every
    search, ``seconds`` their time."""
    start = time.perf_counter()
    deadline = 0.0 if time_limit is None else start + time_limit
    found = SolveResult(UNKNOWN)

    def search(limit: int, order: int) -> tuple[bool, int]:
        nonlocal found
        left = None if time_limit is None else max(0.0, deadline - time.perf_counter())
        found = generic_solve(game, node_limit=limit, time_limit=left, shuffle=order)
        return found.decided, found.nodes

    nodes = with_tries(search, node_limit, tries, deadline, try_nodes)
    return attrs.evolve(found, nodes=nodes, seconds=time.perf_counter() - start)


def generic_solve(
    game: Game, *, node_limit: int = DEFAULT_NODE_LIMIT, time_limit: float | None = None, shuffle: int = 0
) -> SolveResult:
    """Depth-first search over the rules interface; see the module docstring. ``shuffle``: 0
    for the moves in ``legal_moves``' order, else the seed of the order each position's moves
    are shuffled into (the same positions are reachable, so "no win" is as sound)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    rules = game.rules
    table = game.table.copy()
    legal_moves, apply, key_of = rules.legal_moves, rules.apply, rules.solver_key
    is_won, snapshot, restore = rules.is_won, table.snapshot, table.restore

    def result(verdict: Verdict, line: tuple[str, ...] = ()) -> SolveResult:
        return SolveResult(verdict, line, nodes, time.perf_counter() - start)

    nodes = 1
    if is_won(table):
        return result(WON)
    seen = {key_of(table)}
    # Each frame: the snapshot of its position, its untried moves, the move that led to it.
    root = snapshot()
    rng = random.Random(shuffle) if shuffle else None

    def moves_of() -> list:
        moves = legal_moves(table)
        if rng is not None:
            moves = list(moves)
            rng.shuffle(moves)
        return moves[::-1]  # popped from the end

    stack: list[tuple[tuple, list, object]] = [(root, moves_of(), None)]
    try:
        while stack:
            snap, todo, _ = stack[-1]
            if not todo:
                stack.pop()
                continue
            move = todo.pop()
            restore(snap)
            apply(table, move)
            key = key_of(table)
            if key in seen:
                continue
            seen.add(key)
            nodes += 1
            if is_won(table):
                line = (*(str(m) for _, _, m in stack[1:]), str(move))
                return result(WON, line)
            if nodes >= node_limit or (
                deadline is not None and not nodes & 1023 and time.perf_counter() > deadline
            ):
                return result(UNKNOWN)
            if not nodes & MASK:
                check_memory(nodes)
            moves = moves_of()
            if moves:
                stack.append((snapshot(), moves, move))
    except (MemoryError, SystemError) as err:
        seen.clear()  # give the memory back before anything else is said
        stack.clear()
        if isinstance(err, MemoryLimitReached):
            raise
        if isinstance(err, SystemError) and not peaked():
            raise
        raise MemoryLimitReached(nodes) from None
    return result(NO_WIN)

"""The generic solver: depth-first search over the rules interface, for any game.

A transposition table over ``rules.solver_key(table)`` (positions with the same future share a
key), moves in the order ``legal_moves`` gives them (cards before draws), and a node, time or
memory limit (:mod:`patience_core.solver.memory`). It applies moves to a copy of the table with
the rules alone, so no observer sees them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.solver.memory import MASK, MemoryLimitReached, check_memory, peaked

if TYPE_CHECKING:
    from patience_core.engine.game import Game


def generic_solve(
    game: Game, *, node_limit: int = DEFAULT_NODE_LIMIT, time_limit: float | None = None
) -> SolveResult:
    """Depth-first search over the rules interface; see the module docstring."""
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
    stack: list[tuple[tuple, list, object]] = [(root, legal_moves(table)[::-1], None)]
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
            moves = legal_moves(table)
            if moves:
                stack.append((snapshot(), moves[::-1], move))
    except (MemoryError, SystemError) as err:
        seen.clear()  # give the memory back before anything else is said
        stack.clear()
        if isinstance(err, MemoryLimitReached):
            raise
        if isinstance(err, SystemError) and not peaked():
            raise
        raise MemoryLimitReached(nodes) from None
    return result(NO_WIN)

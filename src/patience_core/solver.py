"""The full-information solver: can this deal be won, and how?

It sees every card, face-down ones and the stock order included, so it answers a different
question from a player's: it is for analysis, deal selection and statistics, never for a
player's view. Its name says so everywhere (``solve_full_information``, ``patience solve``).

The generic solver works for any game through the rules interface: depth-first search with a
transposition table over ``rules.solver_key(table)`` (positions with the same future share a
key), moves in the order ``legal_moves`` gives them (cards before draws), and a node or time
limit. A plugin may offer a faster solver for its own games through the
``solve_full_information`` hook; the generic one still works for a game that offers nothing.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final, Literal

import attrs

from patience_core.plugins import REGISTRY

if TYPE_CHECKING:
    from patience_core.game import Game

Verdict = Literal["won", "no win", "unknown"]
WON: Final[Verdict] = "won"
NO_WIN: Final[Verdict] = "no win"
UNKNOWN: Final[Verdict] = "unknown"

DEFAULT_NODE_LIMIT: Final = 2_000_000


@attrs.frozen
class SolveResult:
    """What a full-information solve found.

    - ``verdict``: ``"won"`` (``line`` wins from the position solved), ``"no win"`` (proved:
      every reachable position was searched) or ``"unknown"`` (a limit stopped the search).
    - ``line``: the winning moves as move text, empty unless won.
    - ``nodes``: positions searched; ``seconds``: wall time; ``solver``: which solver ran.
    """

    verdict: Verdict
    line: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    solver: str = "generic"

    @property
    def won(self) -> bool:
        return self.verdict == WON

    @property
    def decided(self) -> bool:
        return self.verdict != UNKNOWN

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict,
            "line": list(self.line),
            "nodes": self.nodes,
            "seconds": self.seconds,
            "solver": self.solver,
        }


def solve_full_information(
    game: Game,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    generic: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position, seeing every card.

    ``node_limit`` bounds the positions searched and ``time_limit`` the seconds; either ends
    the search with ``"unknown"``. ``generic=True`` skips any plugin's specialised solver.
    The game itself is not changed.
    """
    if node_limit < 1:
        raise ValueError(f"node_limit must be at least 1, not {node_limit}")
    if not generic:
        found = REGISTRY.pm.hook.solve_full_information(
            game=game, node_limit=node_limit, time_limit=time_limit
        )
        if found is not None:
            return found
    return generic_solve(game, node_limit=node_limit, time_limit=time_limit)


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
        moves = legal_moves(table)
        if moves:
            stack.append((snapshot(), moves[::-1], move))
    return result(NO_WIN)

"""Which solver answers a full-information solve: the game's own, a plugin's, or the generic one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience_core.engine.solving import DEFAULT_NODE_LIMIT, SolveResult
from patience_core.plugins import REGISTRY
from patience_core.solver.generic import generic_solve

if TYPE_CHECKING:
    from patience_core.engine.game import Game


def solve_full_information(
    game: Game,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    generic: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position, seeing every card.

    ``node_limit`` bounds the positions searched and ``time_limit`` the seconds; either ends
    the search with ``"unknown"``. ``generic=True`` skips the game's own and the plugins'
    specialised solvers. The game itself is not changed.
    """
    if node_limit < 1:
        raise ValueError(f"node_limit must be at least 1, not {node_limit}")
    if not generic:
        own = game.spec.solver
        found = own(game, node_limit, time_limit) if own is not None else None
        if found is not None:
            return found
        found = REGISTRY.pm.hook.solve_full_information(
            game=game, node_limit=node_limit, time_limit=time_limit
        )
        if found is not None:
            return found
    return generic_solve(game, node_limit=node_limit, time_limit=time_limit)

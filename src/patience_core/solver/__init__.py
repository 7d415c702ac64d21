"""The full-information solver: can this deal be won, and how?

It sees every card, face-down ones and the stock order included, so it answers a different
question from a player's: it is for analysis, deal selection and statistics, never for a
player's view. Its name says so everywhere (``solve_full_information``, ``patience solve``).

Which solver answers, in turn: the game's own (``GameSpec(solver=...)``, such as Pyramid's),
then any plugin's offer through the ``solve_full_information`` hook (the core offers
:mod:`patience_core.solver.build_on_waste` for the Golf family that way), then the generic
solver (:mod:`patience_core.solver.generic`), which works for any game through its rules.
Every solver works on copies or on integers of its own, never through ``Game.play``, so no
observer sees a search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.plugins import REGISTRY
from patience_core.solver.generic import generic_solve

if TYPE_CHECKING:
    from patience_core.engine.game import Game

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "NO_WIN",
    "UNKNOWN",
    "WON",
    "SolveResult",
    "Verdict",
    "generic_solve",
    "solve_full_information",
]


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

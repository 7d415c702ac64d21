"""The full-information solver: can this deal be won, and how?

It sees every card, face-down ones and the stock order included, so it answers a different
question from a player's: it is for analysis, deal selection and statistics, never for a
player's view. Its name says so everywhere (``solve_full_information``, ``patience solve``).

Which solver answers, in turn: the game's own (``GameSpec(solver=...)``, such as Pyramid's),
then any plugin's offer through the ``solve_full_information`` hook (the core offers
:mod:`patience_core.blocks.build_on_waste.solver` for the Golf family that way), then the generic
solver (:mod:`patience_core.solver.generic`), which works for any game through its rules.
Every solver works on copies or on integers of its own, never through ``Game.play``, so no
observer sees a search.
"""

from __future__ import annotations

from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.solver.dispatch import (
    MAX_NODE_LIMIT,
    PluginWarning,
    default_node_limit,
    solve_full_information,
)
from patience_core.solver.generic import generic_solve, generic_solve_with_tries
from patience_core.solver.memory import MemoryLimitReached, check_memory
from patience_core.solver.winnable import (
    NOT_WINNABLE,
    UNDECIDED,
    WINNABLE,
    Winnable,
    next_winnable_deal_full_information,
    still_winnable_full_information,
    winnable_deal_full_information,
)

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "MAX_NODE_LIMIT",
    "NOT_WINNABLE",
    "NO_WIN",
    "UNDECIDED",
    "UNKNOWN",
    "WINNABLE",
    "WON",
    "MemoryLimitReached",
    "PluginWarning",
    "SolveResult",
    "Verdict",
    "Winnable",
    "check_memory",
    "default_node_limit",
    "generic_solve",
    "generic_solve_with_tries",
    "next_winnable_deal_full_information",
    "solve_full_information",
    "still_winnable_full_information",
    "winnable_deal_full_information",
]

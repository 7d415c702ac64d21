"""The core's own plugin: behaviour it offers through the same hooks as any plugin.

Registered by the registry before the entry points, so a game plugin's own answer to a
``firstresult`` hook still wins when it gives one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from patience_core.build_on_waste import BuildOnWaste
from patience_core.hookspecs import hookimpl
from patience_core.rules import LAYOUT_CLEARED, Rules

if TYPE_CHECKING:
    from patience_core.game import Game
    from patience_core.players import PlayerSpec
    from patience_core.solver import SolveResult

# The methods the family solver reproduces; a game that overrides one plays other rules.
_FAMILY_METHODS = ("legal_moves", "apply", "is_won", "start")


def plays_plain_build_on_waste(rules: Rules) -> bool:
    """True when ``rules`` are the build-on-waste block unchanged but for layout and options."""
    if not isinstance(rules, BuildOnWaste) or rules.win is not LAYOUT_CLEARED:
        return False
    cls = type(rules)
    return all(getattr(cls, name) is getattr(BuildOnWaste, name) for name in _FAMILY_METHODS)


@hookimpl(trylast=True)
def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    if not plays_plain_build_on_waste(game.rules):
        return None
    from patience_core import build_on_waste_solver

    return build_on_waste_solver.solve(game, node_limit, time_limit)


@hookimpl
def register_players(register: Callable[[PlayerSpec], None]) -> None:
    from patience_core.players import builtin

    builtin.register_players(register)

"""The FreeCell family for Patience: Microsoft's numbered deals, the board text other solvers
read and write, and a solver that decides every deal of FreeCell and its relatives
(docs/freecell.md, docs/deals.md, docs/solver.md).

Each game is a thin adapter (:mod:`patience_freecell.games`) over these modules on the core's
build-on-piles block; :mod:`patience_freecell.rules` has the rules, legal moves and move text
in the table's pile ids for the solver's own use.
"""

from __future__ import annotations

from collections.abc import Callable

from patience_core import GameSpec, hookimpl
from patience_freecell.boards import BoardError, parse_board, write_board
from patience_freecell.deals import (
    MAX_MICROSOFT_DEAL,
    DealNumberError,
    microsoft_columns,
    microsoft_deal_order,
    microsoft_position,
    pysol_position,
)
from patience_freecell.games import SPECS
from patience_freecell.rules import (
    BAKERS_DOZEN,
    BAKERS_GAME,
    BELEAGUERED_CASTLE,
    EIGHT_OFF,
    FORECELL,
    FREECELL,
    SEAHAVEN_TOWERS,
    STREETS_AND_ALLEYS,
    VARIANTS,
    Move,
    Position,
    Variant,
    apply,
    legal_moves,
)
from patience_freecell.solver import Solution, solve


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in SPECS:
        register(spec)


__all__ = [
    "BAKERS_DOZEN",
    "BAKERS_GAME",
    "BELEAGUERED_CASTLE",
    "EIGHT_OFF",
    "FORECELL",
    "FREECELL",
    "MAX_MICROSOFT_DEAL",
    "SEAHAVEN_TOWERS",
    "SPECS",
    "STREETS_AND_ALLEYS",
    "VARIANTS",
    "BoardError",
    "DealNumberError",
    "Move",
    "Position",
    "Solution",
    "Variant",
    "apply",
    "legal_moves",
    "microsoft_columns",
    "microsoft_deal_order",
    "microsoft_position",
    "parse_board",
    "pysol_position",
    "register_games",
    "solve",
    "write_board",
]

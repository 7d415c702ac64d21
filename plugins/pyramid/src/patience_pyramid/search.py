"""Which Pyramid-family games the rank-based search answers, declared with each game
(``GameSpec(solver=...)``); for the rest it declines and the generic solver answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience_pyramid.rules import Pyramid
from patience_pyramid.solver import solve as solve_pyramid

if TYPE_CHECKING:
    from patience_core import SolveResult
    from patience_core.engine.game import Game


def solve_known_options(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Pyramid's rank-based search (:mod:`patience_pyramid.solver`) for the options it was
    written for: any passes, win, house rule and scoring, one card drawn at a time. It declines
    (None: the generic solver answers) for draws of several cards and for unlimited passes.
    Face-down rows change no move when the house rule is off, so it solves those too. It reads
    the layout from the game and packs a position's cards into 28 bits, so it also solves
    Triangle, the same 28 cards upside down; Giza's 52 are left to the generic solver."""
    rules = game.rules
    if not isinstance(rules, Pyramid) or len(rules.layout) > 28:
        return None
    if rules.draw != 1 or rules.passes is None or (rules.face_down and rules.pair_with_covered):
        return None
    return solve_pyramid(game, node_limit, time_limit)

"""The Klondike family for Patience: positions, deals and the fast full-information solver.

The games (Klondike with its ``klondike-3`` preset, Thumb and Pouch) are a thin adapter over
these modules on the core's build-on-piles block (:mod:`~patience_klondike.games`); Yukon and
Russian Solitaire, Canfield and Whitehead are in modules of their own
(:mod:`~patience_klondike.yukon`, :mod:`~patience_klondike.canfield`,
:mod:`~patience_klondike.whitehead`).
:mod:`~patience_klondike.variant` holds the rules of each game as a value,
:mod:`~patience_klondike.position` where the cards lie, :mod:`~patience_klondike.deals` our
numbered deals and PySolFC's, and :mod:`~patience_klondike.solver` the solver (its search is
:mod:`~patience_klondike.search`, compiled with mypyc where the install could).

>>> from patience_klondike import KLONDIKE_3, klondike_deal, solve_full_information
>>> result = solve_full_information(klondike_deal(1), KLONDIKE_3)
>>> result.verdict, result.line[:3]
('won', ...)
"""

from __future__ import annotations

from collections.abc import Callable

from patience_core import GameSpec, hookimpl
from patience_klondike.canfield import SPECS as CANFIELD_SPECS
from patience_klondike.deals import (
    canfield_deal,
    canfield_position,
    klondike_deal,
    klondike_position,
    pysol_canfield,
    pysol_klondike,
)
from patience_klondike.games import SPECS
from patience_klondike.position import Column, Position
from patience_klondike.solver import DEFAULT_NODE_LIMIT, solve_full_information
from patience_klondike.variant import (
    CANFIELD,
    CANFIELD_PYSOL,
    CANFIELD_SOLVITAIRE,
    KLONDIKE,
    KLONDIKE_3,
    THUMB_AND_POUCH,
    Variant,
)
from patience_klondike.whitehead import SPECS as WHITEHEAD_SPECS
from patience_klondike.yukon import SPECS as YUKON_SPECS

__all__ = [
    "CANFIELD",
    "CANFIELD_PYSOL",
    "CANFIELD_SOLVITAIRE",
    "DEFAULT_NODE_LIMIT",
    "KLONDIKE",
    "KLONDIKE_3",
    "SPECS",
    "THUMB_AND_POUCH",
    "Column",
    "Position",
    "Variant",
    "canfield_deal",
    "canfield_position",
    "klondike_deal",
    "klondike_position",
    "pysol_canfield",
    "pysol_klondike",
    "solve_full_information",
]


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in (*SPECS, *YUKON_SPECS, *CANFIELD_SPECS, *WHITEHEAD_SPECS):
        register(spec)

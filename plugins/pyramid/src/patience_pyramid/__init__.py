"""The Pyramid family for Patience: Pyramid with the options and presets peers play, Triangle
and Giza and Pharaohs (docs/pyramid.md, docs/triangle.md, docs/giza.md,
docs/pharaohs.md), and PySolFC's relatives that pair by other rules (docs/pyramid-relatives.md).

The rules are in :mod:`patience_pyramid.rules`; this module declares the games.
"""

from __future__ import annotations

from collections.abc import Callable

from patience_core import GameSpec, Preset, hookimpl
from patience_pyramid import giza, pharaohs, triangle, two_decks
from patience_pyramid.options import CHANGED_SINCE_VERSION_1, OPTIONS, SINCE_VERSION_1
from patience_pyramid.relatives import RELATIVES
from patience_pyramid.rules import LAYOUT, PAIRS, PairData, Pyramid
from patience_pyramid.solver import solve_known_options

SPEC = GameSpec(
    id="pyramid",
    name="Pyramid",
    description="Remove available cards in pairs that sum to 13, kings alone, until the pyramid is gone.",
    rules=Pyramid,
    solver=solve_known_options,  # the rank-based search of patience_pyramid.solver
    family="Pyramid",
    options=OPTIONS,
    presets=(
        Preset(
            "par-pyramid",
            "Par Pyramid",
            "Three passes through the stock, scored as a match against par (Morehead and Mott-Smith)",
            {"passes": 3, "scoring": "match"},
        ),
        Preset(
            "relaxed-pyramid",
            "Relaxed Pyramid",
            "Three passes through the stock; won when the pyramid is cleared (PySolFC)",
            {"passes": 3, "win": "pyramid", "turn_first": True},
        ),
        Preset(
            "pysol-pyramid",
            "Pyramid (PySolFC)",
            "PySolFC's Pyramid: three passes through the stock, all 52 cards to remove",
            {"passes": 3, "win": "all", "turn_first": True},
        ),
        Preset(
            "king-tut",
            "King Tut",
            "Three cards a draw, redeals while each pass removes a card; clear the pyramid (PySolFC)",
            {"draw": 3, "passes": "unlimited", "win": "pyramid", "turn_first": True},
        ),
        Preset(
            "thirteen",
            "Thirteen",
            "The rows above the bottom face down, one pass, all 52 cards to remove; only the waste top"
            " in reach (Aisleriot)",
            {"face_down": True, "passes": 1, "win": "all", "reach": "top"},
        ),
        Preset(
            "pyramid-thirteen",
            "Pyramid Thirteen",
            "The rows above the bottom face down, one pass, all 52 cards to remove (PySolFC)",
            {"face_down": True, "passes": 1, "win": "all", "turn_first": True},
        ),
    ),
    since_version_1=SINCE_VERSION_1,
    changed_since_version_1=CHANGED_SINCE_VERSION_1,
)

SPECS: tuple[GameSpec, ...] = (SPEC, triangle.SPEC, giza.SPEC, pharaohs.SPEC, *RELATIVES)
SPECS += two_decks.SPECS  # two decks: docs/two-decks.md


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in SPECS:
        register(spec)


__all__ = ["LAYOUT", "PAIRS", "SPEC", "SPECS", "PairData", "Pyramid", "register_games", "solve_known_options"]

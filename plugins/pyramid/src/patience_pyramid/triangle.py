"""Triangle: Pyramid upside down, the widest row on top, three passes (docs/triangle.md)."""

from __future__ import annotations

import attrs

from patience_core import GameSpec, Layout, Preset
from patience_core.engine.spec import OptionValue
from patience_pyramid.options import OPTIONS, SINCE_VERSION_1
from patience_pyramid.rules import Pyramid
from patience_pyramid.solver import solve_known_options

# Rows of 7, 6, ... 1: each card lies under the one or two cards of the row below that touch it,
# so only the single bottom card is free at the deal.
LAYOUT = Layout.pyramid(7, upside_down=True, name="triangle")
# PySolFC's Triangle keeps its Pyramid's three passes, all-52 win and deal (its first draw made
# at the deal).
DEFAULTS: dict[str, OptionValue] = {"passes": 3, "win": "all", "turn_first": True}


class Triangle(Pyramid):
    """Pyramid's rules on the triangle."""

    layout = LAYOUT


SPEC = GameSpec(
    id="triangle",
    name="Triangle",
    description="Pyramid upside down: pairs to 13 from a triangle whose widest row is on top.",
    rules=Triangle,
    family="Pyramid",
    solver=solve_known_options,  # Pyramid's rank-based search reads any layout of 28 cards
    options=tuple(attrs.evolve(o, default=DEFAULTS.get(o.name, o.default)) for o in OPTIONS),
    presets=(
        Preset(
            "yield",
            "Yield",
            "Aisleriot's Yield: one pass, all 52 cards to remove, the oldest card drawn in reach beside"
            " the waste top",
            {"passes": 1, "win": "all", "turn_first": False, "reach": "oldest"},
        ),
    ),
    since_version_1=SINCE_VERSION_1,
)

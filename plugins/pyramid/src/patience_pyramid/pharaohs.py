"""Pharaohs: three pyramids of 2, 7 and 6 rows, all 52 cards dealt face up, no stock
(docs/pharaohs.md)."""

from __future__ import annotations

from patience_core import GameSpec, Layout
from patience_pyramid.giza import Giza
from patience_pyramid.options import OPTIONS

# PySolFC's three pyramids (3 + 28 + 21 cards): the small one at the left, the big one beside
# it, the one of six rows below the big one. A card is covered only within its own pyramid.
LAYOUT = Layout.declare(
    [
        *Layout.pyramid(2).moved(dy=2.5, prefix="p1."),
        *Layout.pyramid(7).moved(dx=4, prefix="p2."),
        *Layout.pyramid(6).moved(dx=5, dy=7.5, prefix="p3."),
    ],
    name="pharaohs",
)


class Pharaohs(Giza):
    """Pyramid's rules on three open pyramids: Giza's fixed options, no stock."""

    layout = LAYOUT


SPEC = GameSpec(
    id="pharaohs",
    name="Pharaohs",
    description="Remove three open pyramids of 3, 28 and 21 cards in pairs that sum to 13; no stock.",
    rules=Pharaohs,
    family="Pyramid",
    options=tuple(o for o in OPTIONS if o.name in ("pair_with_covered", "scoring")),
)

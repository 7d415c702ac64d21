"""Giza: the pyramid above a reserve of 24 cards, all dealt face up, no stock (docs/giza.md)."""

from __future__ import annotations

from collections.abc import Mapping

from patience_core import GameSpec, Layout
from patience_core.engine.spec import OptionValue
from patience_pyramid.options import OPTIONS
from patience_pyramid.rules import Pyramid

# Eight reserve piles of three overlap downwards, so the bottom card of each is free; the pyramid
# stands centred above them.
RESERVE = Layout.columns(8, 3).moved(dy=8, prefix="reserve.")
LAYOUT = Layout.declare([*Layout.pyramid(7).moved(dx=4.5), *RESERVE], name="giza")
# Every card is on the layout: there is no stock to draw or turn over, and clearing the layout
# removes all 52 cards.
FIXED: Mapping[str, OptionValue] = {
    "passes": 1,
    "win": "pyramid",
    "draw": 1,
    "face_down": False,
    "reach": "drawn",
    "turn_first": False,
}


class Giza(Pyramid):
    """Pyramid's rules on the pyramid and its reserve."""

    layout = LAYOUT

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__({**FIXED, **options})


SPEC = GameSpec(
    id="giza",
    name="Giza",
    description="Remove the pyramid and a reserve of 24 face-up cards in pairs that sum to 13; no stock.",
    rules=Giza,
    family="Pyramid",
    options=tuple(o for o in OPTIONS if o.name in ("pair_with_covered", "scoring")),
)

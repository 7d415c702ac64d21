"""Pyramid Dozen: Giza's open table with six reserve piles of four; pairs sum to 12, a queen
goes with a king (docs/pyramid-relatives.md)."""

from __future__ import annotations

from typing import Final

from patience_core import GameSpec, Layout
from patience_pyramid.pairing import PairOff, PairRule

# Six reserve piles of four overlap downwards below the pyramid, so the bottom card of each is
# free; the pyramid stands centred above them (Giza's table with PySolFC's six piles).
LAYOUT = Layout.declare(
    [*Layout.pyramid(7).moved(dx=1.5), *Layout.columns(6, 4).moved(dy=8, prefix="reserve.")],
    name="pyramid-dozen",
)
# PySolFC's PyramidDozen_StackMethods: ranks (from 0) summing to 10 or 23, no card alone.
TWELVE: Final = PairRule.of(
    "two cards whose ranks sum to 12, or a queen with a king",
    lambda r, s: r + s == 12 or r + s == 25,
)


class PyramidDozen(PairOff):
    """Pairs to 12 and queen-king pairs from the pyramid and the reserve; no stock."""

    layout = LAYOUT
    piles = ()
    rule = TWELVE


SPEC = GameSpec(
    id="pyramid-dozen",
    name="Pyramid Dozen",
    description="Remove a pyramid and six reserve piles, all face up, in pairs summing to 12 and"
    " queen-king pairs; no stock.",
    rules=PyramidDozen,
    family="Pyramid",
)

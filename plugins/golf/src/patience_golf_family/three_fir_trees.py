"""Three Fir-trees and Relaxed Three Fir-trees: Golf with two decks on three fir trees of 16
cards (docs/two-decks.md)."""

from __future__ import annotations

from typing import Final

from patience_core import GameSpec, Layout, Option, Preset
from patience_core.engine.layout import Spot
from patience_golf_family.double_golf import TWO_DECKS
from patience_golf_family.golf import Golf


def fir_tree(tree: int, x0: float) -> list[Spot]:
    """PySolFC's ``FirTree_GameMethods._createFirTree``: eleven rows, one card and two cards by
    turns from the top; a single card lies under the two of the row below, each of two cards
    under the single card below. The bottom card is the only one free at the deal."""
    spots: list[Spot] = []
    for row in range(1, 12):
        pair = row % 2 == 0
        below = f"t{tree}r{row + 1}" if row < 11 else None
        covers: tuple[str, ...] = ()
        if below is not None:
            covers = (f"{below}c1",) if pair else (f"{below}c1", f"{below}c2")
        for c in range(1, 3 if pair else 2):
            x = x0 + (2 * (c - 1) if pair else 1)
            spots.append(Spot(f"t{tree}r{row}c{c}", x, row - 1, covers))
    return spots


LAYOUT: Final = Layout.declare([*fir_tree(1, 0), *fir_tree(2, 5), *fir_tree(3, 10)], name="three-fir-trees")


class ThreeFirTrees(Golf):
    """Golf's rules (the option ``kings``) on three fir trees of two decks: 48 cards in the trees,
    one turned to start the waste, 55 in the stock."""

    layout = LAYOUT
    deck = TWO_DECKS


SPEC = GameSpec(
    id="three-fir-trees",
    name="Three Fir-trees",
    description="Golf with two decks on three fir trees: play free cards one rank up or down onto the waste.",
    rules=ThreeFirTrees,
    family="Golf",
    options=(
        Option(
            "kings",
            "queen",
            "what may go on a king: 'queen' (Three Fir-trees) or 'wrap' (a queen or an ace, K and A"
            " being neighbours: Relaxed Three Fir-trees)",
            choices=("queen", "wrap"),
        ),
    ),
    presets=(
        Preset(
            "relaxed-three-fir-trees",
            "Relaxed Three Fir-trees",
            "Three Fir-trees where K and A are neighbours, so Q, K, A, 2 chain",
            {"kings": "wrap"},
        ),
    ),
)

"""All in a Row: thirteen columns of four, all 52 cards, no stock; any column's top card
starts the pile, then one rank up or down, K and A neighbours (docs/all-in-a-row.md)."""

from __future__ import annotations

from patience_core import BuildOnWaste, Deal, GameSpec, Layout, Spot
from patience_core.engine.pysol import deal_from_places, pysol_layout
from patience_golf_family.scoring import CARDS

# Thirteen columns of four, seven above and six below as PySolFC lays them out (and as a
# screen 100 characters wide can draw them); each card is covered by the one below it.
LAYOUT = Layout.declare(
    [
        Spot(
            f"c{c}r{r}",
            x=3 * ((c - 1) % 7),
            y=r - 1 + 5 * ((c - 1) // 7),
            covered_by=(f"c{c}r{r + 1}",) if r < 4 else (),
        )
        for c in range(1, 14)
        for r in range(1, 5)
    ],
    name="all-in-a-row",
)


class AllInARow(BuildOnWaste):
    """All in a Row: the whole deck is the layout, so there is no stock to turn a card from."""

    layout = LAYOUT
    scoring = CARDS
    turn_first = False  # the pile starts empty: any free card starts it


def pysol_deal(number: int) -> Deal:
    """PySolFC's All in a Row deal ``number``: its thirteen piles are the columns, in order."""
    dealt = pysol_layout("all_in_a_row", number)
    places = {f"c{c}r{r}": card for c, pile in enumerate(dealt.piles, 1) for r, card in enumerate(pile, 1)}
    return deal_from_places(LAYOUT, places, ())


SPEC = GameSpec(
    id="all-in-a-row",
    name="All in a Row",
    description="Clear thirteen columns of four onto one pile, one rank up or down; no stock.",
    rules=AllInARow,
    family="Golf",
    pysol=pysol_deal,
)

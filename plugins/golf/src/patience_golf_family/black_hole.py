"""Black Hole: seventeen fans of three around a pile started by the ace of spades; build up or
down, K and A neighbours, no stock (docs/black-hole.md)."""

from __future__ import annotations

from typing import Final

from patience_core import BuildOnWaste, Deal, GameSpec, Layout
from patience_core.engine.cards import parse_card_index
from patience_core.engine.pysol import deal_from_places, pysol_layout
from patience_golf_family.scoring import CARDS

LAYOUT = Layout.fans(17, 3, 5, name="black-hole")
ACE_OF_SPADES: Final = parse_card_index("AS")


class BlackHole(BuildOnWaste):
    """Black Hole. The block's defaults are its rules: ranks wrap, and the first (here the only)
    stock card is turned at the deal to start the pile."""

    layout = LAYOUT
    scoring = CARDS

    def deal_order(self, deal: tuple[int, ...]) -> tuple[int, ...]:
        # The ace of spades is taken out before the other 51 are dealt: it is the stock.
        return (*(card for card in deal if card != ACE_OF_SPADES), ACE_OF_SPADES)


def pysol_deal(number: int) -> Deal:
    """PySolFC's Black Hole deal ``number``: its seventeen piles are the fans, in order."""
    dealt = pysol_layout("black_hole", number)
    places = {f"f{f}c{c}": card for f, pile in enumerate(dealt.piles, 1) for c, card in enumerate(pile, 1)}
    return deal_from_places(LAYOUT, places, ("AS",))


SPEC = GameSpec(
    id="black-hole",
    name="Black Hole",
    description="Play the top cards of seventeen fans one rank up or down onto the ace of spades; no stock.",
    rules=BlackHole,
    family="Golf",
    pysol=pysol_deal,
)

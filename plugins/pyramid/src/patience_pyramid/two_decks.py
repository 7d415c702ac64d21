"""Double Pyramid and Two Pyramids: Pyramid's rules on two decks (docs/two-decks.md).

Both are PySolFC's Pyramid with another layout: three passes through the stock, the first draw
made at the deal, and won when all 104 cards are removed; those are the defaults here, and the
options ``passes``, ``win`` and ``turn_first`` play them otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from patience_core import Deck, GameSpec, Layout, Option
from patience_core.engine.spec import OptionValue
from patience_pyramid.options import MAX_PASSES
from patience_pyramid.rules import Pyramid

TWO_DECKS: Final = Deck.of(decks=2)
# PySolFC's DoublePyramid: Pyramid.createGame(pyramid_len=9), 45 cards.
DOUBLE_LAYOUT: Final = Layout.pyramid(9, name="double-pyramid")
# PySolFC's TwoPyramids: two pyramids of seven rows side by side, 56 cards; a card is covered
# only within its own pyramid.
TWO_LAYOUT: Final = Layout.beside(Layout.pyramid(7), Layout.pyramid(7), gap=0, name="two-pyramids")
# One card drawn at a time into the hand (P6) and a point a card: the options of Pyramid these
# games do not offer.
FIXED: Final[Mapping[str, OptionValue]] = {
    "draw": 1,
    "face_down": False,
    "reach": "drawn",
    "pair_with_covered": False,
    "scoring": "removed",
}
OPTIONS: Final = (
    Option(
        "passes",
        3,
        "passes through the stock; each pass after the first turns the waste over",
        minimum=1,
        maximum=MAX_PASSES,
    ),
    Option(
        "win",
        "all",
        "'all': won when all 104 cards are removed (PySolFC); 'pyramid': when the layout is cleared",
        choices=("all", "pyramid"),
    ),
    Option(
        "turn_first",
        True,
        "deal as PySolFC does: the first draw is made at the deal, and a redeal shows its first card at once",
    ),
)


class DoublePyramid(Pyramid):
    """Pyramid's rules on a pyramid of nine rows and two decks."""

    layout = DOUBLE_LAYOUT
    deck = TWO_DECKS

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__({**FIXED, **options})


class TwoPyramids(DoublePyramid):
    """Pyramid's rules on two pyramids of seven rows side by side and two decks."""

    layout = TWO_LAYOUT


DOUBLE_PYRAMID = GameSpec(
    id="double-pyramid",
    name="Double Pyramid",
    description="Two decks: remove a pyramid of nine rows and the stock in pairs that sum to 13.",
    rules=DoublePyramid,
    family="Pyramid",
    options=OPTIONS,
)
TWO_PYRAMIDS = GameSpec(
    id="two-pyramids",
    name="Two Pyramids",
    description="Two decks: remove two pyramids of seven rows and the stock in pairs that sum to 13.",
    rules=TwoPyramids,
    family="Pyramid",
    options=OPTIONS,
)
SPECS: Final = (DOUBLE_PYRAMID, TWO_PYRAMIDS)

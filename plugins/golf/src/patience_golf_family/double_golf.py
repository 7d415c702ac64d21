"""Double Golf and Double Putt: Golf with two decks in nine columns of seven (docs/two-decks.md)."""

from __future__ import annotations

from typing import Final

from patience_core import Deck, GameSpec, Layout, Option, Preset
from patience_golf_family.golf import Golf

# Nine columns of seven, all face up; only the bottom card of a column is free (PySolFC's
# DoubleGolf: Golf.createGame with 9 columns, startGame with 7 rows).
LAYOUT: Final = Layout.columns(9, 7, name="double-golf")
TWO_DECKS: Final = Deck.of(decks=2)


class DoubleGolf(Golf):
    """Golf's rules (the option ``kings``) on two decks: 63 cards in the columns, one turned to
    start the waste, 40 in the stock."""

    layout = LAYOUT
    deck = TWO_DECKS


SPEC = GameSpec(
    id="double-golf",
    name="Double Golf",
    description="Golf with two decks: clear nine columns of seven, one rank up or down onto the waste.",
    rules=DoubleGolf,
    family="Golf",
    options=(
        Option(
            "kings",
            "queen",
            "what may go on a king: 'queen' (Double Golf) or 'wrap' (a queen or an ace, K and A"
            " being neighbours: Double Putt)",
            choices=("queen", "wrap"),
        ),
    ),
    presets=(
        Preset(
            "double-putt",
            "Double Putt",
            "Double Golf where K and A are neighbours, so Q, K, A, 2 chain",
            {"kings": "wrap"},
        ),
    ),
)

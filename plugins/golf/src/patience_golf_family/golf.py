"""Golf: seven columns of five, played one rank up or down onto the waste; its three rule
sets differ only in what may go on a king (docs/golf.md)."""

from __future__ import annotations

from collections.abc import Mapping

from patience_core import BuildOnWaste, Deal, GameSpec, Layout, Option, Preset
from patience_core.engine.pysol import deal_from_places, pysol_layout
from patience_core.engine.spec import OptionValue
from patience_golf_family.scoring import CARDS

# Seven columns of five, all face up; only the bottom card of a column is free.
LAYOUT = Layout.columns(7, 5, name="golf")


class Golf(BuildOnWaste):
    """Golf with its rule set chosen."""

    layout = LAYOUT
    scoring = CARDS

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.wrap = options["kings"] == "wrap"  # Relaxed Golf: K and A are neighbours
        self.dead_king = options["kings"] == "dead"  # Dead King Golf: nothing on a king


def pysol_deal(number: int) -> Deal:
    """PySolFC's Golf deal ``number``: its piles are the columns, its waste card the first stock card."""
    dealt = pysol_layout("golf", number)
    places = {f"c{c}r{r}": card for c, pile in enumerate(dealt.piles, 1) for r, card in enumerate(pile, 1)}
    return deal_from_places(LAYOUT, places, (str(dealt.foundation), *dealt.talon))


SPEC = GameSpec(
    id="golf",
    name="Golf",
    description="Clear seven columns by playing their bottom cards one rank up or down onto the waste.",
    rules=Golf,
    family="Golf",
    pysol=pysol_deal,
    options=(
        Option(
            "kings",
            "queen",
            "what may go on a king: 'queen' (Golf), 'dead' (nothing: Dead King Golf)"
            " or 'wrap' (a queen or an ace, K and A being neighbours: Relaxed Golf)",
            choices=("queen", "dead", "wrap"),
        ),
    ),
    presets=(
        Preset(
            "dead-king-golf",
            "Dead King Golf",
            "Golf where nothing may be played on a king",
            {"kings": "dead"},
        ),
        Preset(
            "relaxed-golf",
            "Relaxed Golf",
            "Golf where K and A are neighbours, so Q, K, A, 2 chain (also called Putt Putt)",
            {"kings": "wrap"},
        ),
    ),
)

"""The options of the Pyramid family's games, with their help; Triangle and Giza share them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from patience_core import Option
from patience_core.engine.spec import OptionValue
from patience_pyramid.rules import PROFILES, REACH

MAX_PASSES: Final = 5
"""The most passes through the stock a number may ask for: the rule texts play one to three;
more only makes the solver and the players slower, and a typo must not run for ever. Passes
without limit are a value of their own, ``"unlimited"``."""

OPTIONS = (
    Option(
        "passes",
        1,
        "passes through the stock; each pass after the first turns the waste over;"
        " 'unlimited': redeal while each pass removes a card",
        minimum=1,
        maximum=MAX_PASSES,
        words=("unlimited",),
    ),
    Option(
        "win",
        "pyramid",
        "'pyramid': won when the 28 pyramid cards are gone; 'all': all 52 cards must go",
        choices=("pyramid", "all"),
    ),
    Option("pair_with_covered", False, "house rule: a card may pair with a card covered only by it"),
    Option(
        "scoring",
        "removed",
        "'removed': a point per card removed; 'match': Morehead and Mott-Smith's Par Pyramid scoring",
        choices=tuple(PROFILES),
    ),
    Option(
        "draw",
        1,
        "cards turned by a draw: 1 keeps the drawn card apart from the waste;"
        " 3 turns three onto the waste, only its top in reach",
        minimum=1,
        maximum=3,
    ),
    Option("face_down", False, "deal the rows above the bottom face down, turned up as they are uncovered"),
    Option(
        "reach",
        "drawn",
        "stock cards in reach: 'drawn' (the drawn card apart and the waste top), 'top' (the waste top;"
        " the card under it pairs with the top alone: Aisleriot's Thirteen) or 'oldest' (the oldest"
        " card drawn, kept apart, and the waste top; the top two pair too: Aisleriot's Yield)",
        choices=REACH,
    ),
    Option(
        "turn_first",
        False,
        "deal as PySolFC does: the first draw is made at the deal (one card on the waste and the next"
        " one drawn; three cards with draw=3), and a redeal shows its first card at once",
    ),
)

SINCE_VERSION_1: Final[Mapping[str, OptionValue]] = {"reach": "drawn", "turn_first": False}
"""The options added since version 1 of the records, at the values that play the rules of then
(``GameSpec.since_version_1``)."""
CHANGED_SINCE_VERSION_1: Final = frozenset({"relaxed-pyramid", "pysol-pyramid", "king-tut", "thirteen"})
"""Presets whose rules changed since version 1 of the records: PySolFC's now turn the first draw at
the deal, as PySolFC does, and Thirteen keeps only Aisleriot's waste top in reach."""

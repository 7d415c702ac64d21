"""The rules of a game of the Klondike family, as one frozen value the solver and the deals read.

A :class:`Variant` says how cards build and move; where the cards lie is a
:class:`~patience_klondike.position.Position`. The presets are the games the fast search
plays: Klondike (either draw, any number of redeals), Canfield and Thumb and Pouch.

>>> from patience_core.engine.cards import parse_card_index as parse
>>> KLONDIKE.draw, KLONDIKE.redeals, KLONDIKE.build
(1, None, 'alternate')
>>> Variant(draw=3).builds_on(parse("6H"), parse("7S")), Variant().builds_on(parse("KH"), parse("AS"))
(True, False)
>>> CANFIELD.builds_on(parse("KH"), parse("AS"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

import attrs

Build = Literal["alternate", "suit", "colour", "other-suit"]
Empty = Literal["king", "any"]
Runs = Literal["any", "whole-or-one", "one"]
BUILDS: Final = ("alternate", "suit", "colour", "other-suit")
EMPTIES: Final = ("king", "any")
RUNS: Final = ("any", "whole-or-one", "one")
MAX_DRAW: Final = 5


def _draw(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DRAW:
        raise ValueError(f"draw is a whole number of cards from 1 to {MAX_DRAW}, not {value!r:.40}")


def _redeals(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 60):
        raise ValueError(f"redeals is None (no limit) or a whole number from 0 to 60, not {value!r:.40}")


def _one_of(choices: tuple[str, ...]) -> Callable[[object, attrs.Attribute[str], str], None]:
    def check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
        if value not in choices:
            raise ValueError(f"{attribute.name} is one of {', '.join(choices)}; not {value!r:.40}")

    return check


@attrs.frozen
class Variant:
    """How a game of the family plays.

    - ``draw``: cards turned from the stock to the waste at a time;
    - ``redeals``: times the waste may be turned over as the stock again (None: no limit);
    - ``build``: what goes on a column's top card, one rank lower: ``"alternate"`` colour
      (Klondike), the same ``"suit"``, the same ``"colour"``, or any ``"other-suit"``
      (Thumb and Pouch);
    - ``wrap``: a king goes on an ace in the columns and the foundations go on from king to
      ace (Canfield, whose foundations start from the deal's base rank);
    - ``empty``: what may go in an empty column, a ``"king"`` (with the run on it) or ``"any"``
      card;
    - ``runs``: which face-up cards move together, ``"any"`` run (Klondike), the
      ``"whole-or-one"`` column or its top card alone (PySolFC's Canfield), or ``"one"``;
    - ``foundation_back``: cards may come back down from the foundations;
    - ``fill_from_reserve``: an emptied column takes the reserve's top card at once while the
      reserve lasts (Canfield);
    - ``stop_at_base``: in the columns, ranks count from the foundations' base with no wrap:
      nothing goes on a card of the base rank, and a card of the rank below the base goes on
      nothing (Solvitaire's Canfield; PySolFC and Aisleriot build right round the corner).
    """

    draw: int = attrs.field(default=1, validator=_draw)
    redeals: int | None = attrs.field(default=None, validator=_redeals)
    build: Build = attrs.field(default="alternate", validator=_one_of(BUILDS))
    wrap: bool = attrs.field(default=False, converter=bool)
    empty: Empty = attrs.field(default="king", validator=_one_of(EMPTIES))
    runs: Runs = attrs.field(default="any", validator=_one_of(RUNS))
    foundation_back: bool = attrs.field(default=True, converter=bool)
    fill_from_reserve: bool = attrs.field(default=False, converter=bool)
    stop_at_base: bool = attrs.field(default=False, converter=bool)

    def builds_on(self, card: int, onto: int, base: int = 1) -> bool:
        """Whether ``card`` may be placed on ``onto`` in a column (``base``: the foundations'
        base rank, which matters with ``stop_at_base`` alone)."""
        rank, below = card % 13 + 1, onto % 13 + 1
        if self.stop_at_base:
            if (below - base) % 13 != (rank - base) % 13 + 1:
                return False
        elif below != rank + 1 and not (self.wrap and rank == 13 and below == 1):
            return False
        suit, other = card // 13, onto // 13
        if self.build == "alternate":
            return (suit in (1, 2)) != (other in (1, 2))
        if self.build == "suit":
            return suit == other
        if self.build == "colour":
            return (suit in (1, 2)) == (other in (1, 2))
        return suit != other

    def fills_empty(self, card: int) -> bool:
        """Whether ``card`` may go (with the run on it) into an empty column."""
        return self.empty == "any" or card % 13 == 12


KLONDIKE: Final = Variant()
"""Klondike: one card a draw, no limit on redeals, foundation cards may come back down."""
KLONDIKE_3: Final = Variant(draw=3)
"""Klondike, three cards a draw ("thoughtful" Klondike as Solvitaire studied it)."""
CANFIELD: Final = Variant(draw=3, wrap=True, empty="any", foundation_back=False, fill_from_reserve=True)
"""Canfield: three cards a draw, no limit on redeals, building down in alternate colours with a
king on an ace, foundations up from the base rank and wrapping, a space filled from the reserve
while it lasts and then by any card, any run moved (as Aisleriot and Solvitaire play it)."""
CANFIELD_PYSOL: Final = attrs.evolve(CANFIELD, runs="whole-or-one")
"""Canfield as PySolFC plays it: a column's whole run or its top card alone moves."""
CANFIELD_SOLVITAIRE: Final = attrs.evolve(CANFIELD, stop_at_base=True)
"""Canfield as Solvitaire's rules put it (Blake and Gent's study): the columns build down by rank
counted from the base, never across it."""
THUMB_AND_POUCH: Final = Variant(build="other-suit", empty="any", redeals=0)
"""Thumb and Pouch: Klondike's deal, one pass, building down in any other suit, any card in a space."""

__all__ = [
    "BUILDS",
    "CANFIELD",
    "CANFIELD_PYSOL",
    "CANFIELD_SOLVITAIRE",
    "EMPTIES",
    "KLONDIKE",
    "KLONDIKE_3",
    "MAX_DRAW",
    "RUNS",
    "THUMB_AND_POUCH",
    "Variant",
]

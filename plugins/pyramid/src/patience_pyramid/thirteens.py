"""Thirteens: ten single cards, pairs summing to 13 and kings removed, each place refilled from
the stock (docs/pyramid-relatives.md)."""

from __future__ import annotations

from collections.abc import Hashable

from patience_core import GameSpec, Table
from patience_core.engine.piles import Kind, Pile
from patience_pyramid.pairing import SUM_13, PairOff, slots

# Two rows of five places, one card each, the stock beneath them as PySolFC draws it.
PLACES = (
    *slots("c", range(1, 6), kind=Kind.CELL, name="place"),
    *slots("c", range(6, 11), kind=Kind.CELL, y=3.5, name="place"),
)


class Thirteens(PairOff):
    """Pairs to 13 and kings from ten places; an emptied place takes the next stock card."""

    piles = (Pile("s", Kind.STOCK, y=7), *PLACES)
    rule = SUM_13

    def refill(self, table: Table) -> None:
        # PySolFC's fillStack: an empty place is dealt the next stock card at once.
        piles = table.piles
        empty = tuple(i for i in self.reach if not piles[i])
        if empty and table.stock:
            table.deal_to(empty)

    def solver_key(self, table: Table) -> Hashable:
        # The places are alike and the stock's order is the deal's: its length says the rest.
        piles = table.piles
        return len(table.stock), tuple(sorted(piles[i] for i in self.reach))


SPEC = GameSpec(
    id="thirteens",
    name="Thirteens",
    description="Ten cards in view: remove pairs summing to 13 and kings, each place refilled from"
    " the stock.",
    rules=Thirteens,
    family="Pyramid",
)

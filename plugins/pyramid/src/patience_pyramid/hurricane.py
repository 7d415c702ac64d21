"""Hurricane: ten piles of three and three single cards, pairs summing to 14; only the single
cards are refilled from the stock (docs/pyramid-relatives.md)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Final

from patience_core import GameSpec, Table
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.spec import OptionValue
from patience_pyramid.pairing import PairOff, PairRule, slots

# PySolFC's Hurricane_StackMethods: ranks (from 0) summing to 12; nothing goes alone.
FOURTEEN: Final = PairRule.of(
    "two cards whose ranks sum to 14 (an ace with a king)", lambda r, s: r + s == 14
)
# Ten piles of three round the three single places, the stock at the left.
PILES: Final = (
    Pile("s", Kind.STOCK),
    *slots("r", range(1, 5), deal=3, x=3, across=3, fan="right"),
    *slots("r", range(5, 7), deal=3, x=3, y=3.5, across=9, fan="right"),
    *slots("r", range(7, 11), deal=3, x=3, y=7, across=3, fan="right"),
    *slots("c", range(1, 4), kind=Kind.CELL, x=6, y=3.5, name="place"),
)


class Hurricane(PairOff):
    """Pairs to 14 from the tops of ten piles and three places; an emptied place is refilled."""

    piles = PILES
    rule = FOURTEEN

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.places = tuple(i for i, pile in enumerate(self.piles) if pile.kind == Kind.CELL)
        self.reserves = tuple(i for i, pile in enumerate(self.piles) if pile.kind == Kind.RESERVE)

    def refill(self, table: Table) -> None:
        # PySolFC's fillStack: only the three single places take the next stock card.
        piles = table.piles
        empty = tuple(i for i in self.places if not piles[i])
        if empty and table.stock:
            table.deal_to(empty)

    def solver_key(self, table: Table) -> Hashable:
        # Piles of one kind are alike; the stock's order is the deal's.
        piles = table.piles
        return (
            len(table.stock),
            tuple(sorted(piles[i] for i in self.reserves)),
            tuple(sorted(piles[i] for i in self.places)),
        )


SPEC = GameSpec(
    id="hurricane",
    name="Hurricane",
    description="Ten piles of three and three single cards: remove pairs summing to 14; the single"
    " cards are refilled from the stock.",
    rules=Hurricane,
    family="Pyramid",
)

"""Apophis and Eleven Triangle: a pyramid or triangle above three waste piles, each deal one
card onto each of them (docs/pyramid-relatives.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from patience_core import DEAL, REDEAL, GameSpec, Move, Table
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.spec import OptionValue
from patience_pyramid import triangle
from patience_pyramid.pairing import SUM_13, PairOff, PairRule
from patience_pyramid.rules import LAYOUT
from patience_pyramid.three_wastes_search import solve_apophis

# The stock and the three wastes one under another at the left, as PySolFC draws them.
PILES: Final = (
    Pile("s", Kind.STOCK, x=-3),
    *(Pile(f"w{n}", Kind.WASTE, x=-3, y=2.5 * n, name=f"waste {n}") for n in (1, 2, 3)),
)
_STOCK, _W1, _W2, _W3 = 0, 1, 2, 3
_WASTES: Final = (_W1, _W2, _W3)


class ThreeWastes(PairOff):
    """A layout, a stock dealt one card onto each of three waste piles, whose tops are in reach;
    ``passes`` passes, each redeal gathering the wastes back as PySolFC does."""

    piles = PILES
    passes: int | None = 1

    def start(self, table: Table) -> None:
        table.deal_to(_WASTES)  # PySolFC's startGame: the first deal is made at once

    def stock_moves(self, table: Table) -> list[Move]:
        if table.stock:
            return [DEAL]
        if self._can_redeal(table):
            return [REDEAL]
        return []

    def _can_redeal(self, table: Table) -> bool:
        piles = table.piles
        return (
            self.passes is not None and table.passes_used + 1 < self.passes and any(piles[i] for i in _WASTES)
        )

    def apply_word(self, table: Table, move: Move) -> None:
        if move is REDEAL:
            # PySolFC's DealReserveRedealTalonStack takes the wastes back card by card from their
            # tops, the first waste first, so the third's bottom card ends on top; the stock is
            # then the first waste's cards reversed, then the second's, then the third's. Piled
            # as third, second, first onto the first waste, turning it over gives just that.
            piles = table.piles
            for src in (_W2, _W1):
                if piles[src]:
                    table.move(src, _W3, len(piles[src]))
            if piles[_W3]:
                table.move(_W3, _W1, len(piles[_W3]))
            table.redeal()
        table.deal_to(_WASTES)  # a redeal deals the first row of the new pass at once, too

    def why_not_word(self, table: Table, word: str) -> str:
        if word == "deal" and not table.stock:
            if self._can_redeal(table):
                return "the stock is empty: redeal to gather the wastes for the next pass"
            return "the stock is empty" + ("" if self.passes == 1 else " and no redeal is left")
        if word == "redeal":
            if self.passes == 1:
                return "this game allows one pass through the stock: the wastes are never gathered"
            if table.stock:
                return "the stock is not used up yet: redeal only gathers the wastes when it is"
            if table.passes_used + 1 >= (self.passes or 0):
                return f"no redeal left: all {self.passes} passes through the stock are used"
            return "there is nothing to gather: the three wastes are empty"
        return super().why_not_word(table, word)


class Apophis(ThreeWastes):
    """Pyramid's pairs to 13 and kings, three wastes, three passes."""

    layout = LAYOUT
    rule = SUM_13

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.passes = 3


# PySolFC's ElevenTriangle_StackMethods: ranks (from 0) summing to 9, or two like face cards.
ELEVEN: Final = PairRule.of(
    "two cards whose ranks sum to 11, or two jacks, two queens or two kings",
    lambda r, s: r + s == 11 or (r == s and r > 10),
)


class ElevenTriangle(ThreeWastes):
    """Triangle's table, pairs to 11 and like face cards, three wastes, one pass."""

    layout = triangle.LAYOUT
    rule = ELEVEN


APOPHIS = GameSpec(
    id="apophis",
    name="Apophis",
    description="Pyramid with three waste piles, a card dealt onto each at once; three passes.",
    rules=Apophis,
    solver=solve_apophis,  # three wastes and three passes: a search of its own
    family="Pyramid",
)
ELEVEN_TRIANGLE = GameSpec(
    id="eleven-triangle",
    name="Eleven Triangle",
    description="Triangle with pairs summing to 11 and like face cards, three waste piles; one pass.",
    rules=ElevenTriangle,
    family="Pyramid",
)

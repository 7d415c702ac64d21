"""Cheops: Pyramid's table and stock, one pass; pairs of the same or adjacent ranks
(docs/pyramid-relatives.md)."""

from __future__ import annotations

from patience_core import DRAW, GameSpec, Move, Table
from patience_core.engine.table import HAND_PILE, STOCK_PILE, WASTE_PILE
from patience_pyramid.pairing import ADJACENT, PairOff
from patience_pyramid.rules import LAYOUT
from patience_pyramid.solver import solve_one_pass_pairs


class Cheops(PairOff):
    """Pairs of equal or adjacent ranks from the pyramid, the drawn card and the waste top."""

    layout = LAYOUT
    # PySolFC's talon shows its top card, in reach: here the drawn card, kept apart (the hand).
    piles = (STOCK_PILE, WASTE_PILE, HAND_PILE)
    rule = ADJACENT

    def start(self, table: Table) -> None:
        # PySolFC's Pyramid deal: the first stock card onto the waste, the next one shown.
        table.draw_to_hand()
        table.draw_to_hand()

    def stock_moves(self, table: Table) -> list[Move]:
        return [DRAW] if table.stock else []  # one pass: the waste is never turned over

    def apply_word(self, table: Table, move: Move) -> None:
        table.draw_to_hand()

    def why_not_word(self, table: Table, word: str) -> str:
        if word == "draw":
            return "the stock is empty (this game allows one pass through it)"
        return f"there is no {word!r} move in Cheops: remove a pair of equal or adjacent ranks, or draw"


SPEC = GameSpec(
    id="cheops",
    name="Cheops",
    description="Pyramid with pairs of equal or adjacent ranks, no king alone, one pass through the stock.",
    rules=Cheops,
    solver=solve_one_pass_pairs,  # Pyramid's rank-based search, with Cheops's pairs
    family="Pyramid",
)

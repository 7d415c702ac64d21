"""Baroness: five piles dealt a row at a time, pairs summing to 13 and kings removed from their
tops, the last two cards to two reserves (docs/pyramid-relatives.md)."""

from __future__ import annotations

from typing import Final

from patience_core import DEAL, GameSpec, Move, Table
from patience_core.engine.game import Game
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.solving import SolveResult
from patience_core.solver.builds import load
from patience_pyramid.pairing import SUM_13, PairOff, slots

ROWS: Final = slots("t", range(1, 6), kind=Kind.TABLEAU, x=5, across=2.5, fan="down")
RESERVES: Final = (
    Pile("r1", Kind.RESERVE, y=7, name="reserve 1"),
    Pile("r2", Kind.RESERVE, y=4, name="reserve 2"),
)
_ROWS: Final = (1, 2, 3, 4, 5)
_RESERVES: Final = (6, 7)
_search = load("patience_pyramid.baroness_search")
LAST_DEAL: Final = 7
"""PySolFC's Baroness_Talon: the deal that finds seven cards left deals them all, two of them
to the reserves."""


class Baroness(PairOff):
    """Pairs to 13 and kings from the tops of five piles and two reserves; a deal puts a card on
    each pile; a pile's top card may move to an empty pile."""

    piles = (Pile("s", Kind.STOCK), *ROWS, *RESERVES)
    rule = SUM_13
    repeats = True  # a lone card may go to and fro between empty piles

    def pile_moves(self, table: Table) -> list[Move]:
        piles = table.piles
        empty = [i for i in _ROWS if not piles[i]]
        if not empty:
            return []
        ids = [spec.id for spec in table.specs]
        return [Move.between(ids[src], ids[dst]) for src in _ROWS if piles[src] for dst in empty]

    def stock_moves(self, table: Table) -> list[Move]:
        return [DEAL] if table.stock else []

    def apply_word(self, table: Table, move: Move) -> None:
        table.deal_to(_ROWS + _RESERVES if len(table.stock) == LAST_DEAL else _ROWS)

    def why_not_word(self, table: Table, word: str) -> str:
        if word == "deal":
            return "the stock is empty: nothing is left to deal"
        return f"there is no {word!r} move in Baroness: remove a pair summing to 13 or a king, or deal"

    def pile_rule(self) -> str:
        return "only a pile's top card moves, and only to an empty pile (a reserve card never moves)"


def solve_baroness(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The game's own search (:mod:`patience_pyramid.baroness_search`, compiled where the install
    could); None for another game."""
    return _search.solve_baroness(game, node_limit, time_limit)


SPEC = GameSpec(
    id="baroness",
    name="Baroness",
    description="Five piles dealt a row at a time: remove pairs summing to 13 and kings from their tops.",
    rules=Baroness,
    family="Pyramid",
    solver=solve_baroness,
)

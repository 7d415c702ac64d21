"""Dolphin: eight columns, four free cells, one foundation built up from any card, round and
round; no building on the columns (docs/golf-relatives.md)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from patience_core import Build, BuildOnPiles, Deal, GameSpec, Kind, Pile, Reach, Step, Suits
from patience_core.engine.cards import parse_card_index
from patience_core.engine.moves import Move
from patience_core.engine.table import Table
from patience_core.solver import SolveResult, generic_solve_with_tries
from patience_golf_family.pysol_talon import pysol_talon
from patience_golf_family.robert import ranks

if TYPE_CHECKING:
    from patience_core.engine.game import Game

FOUNDATION: Final = Pile(
    "f",
    Kind.FOUNDATION,
    x=15,
    y=0,
    build=Build(Step.UP, Suits.ANY, wrap=True),
    empty="any",
    takes=Reach.ONE,
    gives=Reach.ONE,  # PySolFC's RK_FoundationStack here keeps max_move=1: its top card may leave
)
CELLS: Final = tuple(
    Pile(
        f"c{i + 1}", Kind.CELL, x=1.5 + 3 * i, y=0, empty="any", capacity=1, takes=Reach.ONE, gives=Reach.ONE
    )
    for i in range(4)
)
COLUMNS: Final = tuple(
    Pile(f"t{c + 1}", Kind.TABLEAU, x=3 * c, y=4, fan="down", deal=7 if c < 4 else 6, gives=Reach.ONE)
    for c in range(8)
)


class Dolphin(BuildOnPiles):
    """Dolphin: the block plays every move the piles allow; no stock."""

    piles = (FOUNDATION, *CELLS, *COLUMNS)

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        moves.sort(key=lambda move: move.dst != "f")  # home first: a search finds wins sooner
        return moves

    def solver_key(self, table: Table) -> Hashable:
        # Suits never matter: the foundation's ranks, the cells' and the columns' (each group
        # in any order) are the position.
        piles = table.piles
        return (
            ranks(piles[0]),
            bytes(sorted(ranks(p)[0] if p else 0 for p in piles[1:5])),
            tuple(sorted(ranks(p) for p in piles[5:])),
        )


def pysol_deal(number: int) -> Deal:
    """PySolFC's Dolphin deal ``number``: six rows dealt across its eight piles, then four cards
    to the first four; here each column is listed from its first card."""
    talon = pysol_talon(number)
    columns = [[talon[c + 8 * r] for r in range(6)] for c in range(8)]
    for c in range(4):
        columns[c].append(talon[48 + c])
    return Deal(tuple(parse_card_index(card) for column in columns for card in column))


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The generic search after ten short ones with the moves in shuffled orders: how soon a
    search meets a win in Dolphin varies widely with its order (docs/golf-relatives.md)."""
    if not isinstance(game.rules, Dolphin):
        return None
    return generic_solve_with_tries(game, node_limit=node_limit, time_limit=time_limit)


SPEC = GameSpec(
    id="dolphin",
    name="Dolphin",
    description="Play eight columns onto one foundation, up from any card, K then A, with four free cells.",
    rules=Dolphin,
    family="Golf",
    pysol=pysol_deal,
    solver=solve_full_information,
)

__all__ = ["CELLS", "COLUMNS", "FOUNDATION", "SPEC", "Dolphin", "pysol_deal", "solve_full_information"]

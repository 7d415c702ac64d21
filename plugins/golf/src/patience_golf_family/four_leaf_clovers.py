"""Four Leaf Clovers: thirteen columns of four, built up or down on one another, K and A
neighbours; one foundation built up from an ace, round and round (docs/golf-relatives.md)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from patience_core import AutoPlay, Build, BuildOnPiles, Deal, GameSpec, Kind, Pile, Reach, Step, Suits
from patience_core.engine.cards import parse_card_index
from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.engine.solving import SolveResult
from patience_core.engine.table import Table
from patience_core.solver.builds import load
from patience_golf_family.pysol_talon import pysol_talon
from patience_golf_family.robert import ranks

_search = load("patience_golf_family.four_leaf_clovers_search")

FOUNDATION: Final = Pile(
    "f",
    Kind.FOUNDATION,
    x=18,
    y=9,
    build=Build(Step.UP, Suits.ANY, wrap=True),
    empty=1,
    takes=Reach.ONE,
)
COLUMNS: Final = tuple(
    Pile(
        f"t{c + 1}",
        Kind.TABLEAU,
        x=3 * (c % 7),
        y=0 if c < 7 else 9,
        fan="down",
        deal=4,
        build=Build(Step.EITHER, Suits.ANY, wrap=True),
        empty="none",
        takes=Reach.ONE,
        gives=Reach.ONE,
    )
    for c in range(13)
)


class FourLeafClovers(BuildOnPiles):
    """Four Leaf Clovers: the block plays every move the piles allow; no stock."""

    piles = (FOUNDATION, *COLUMNS)
    # A card may go back and forth between two columns as the only move: auto-play must not
    # follow such moves as a forced ending.
    autoplay = AutoPlay(finish_when_forced=False)

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        moves.sort(key=lambda move: move.dst != "f")  # home first: a search finds wins sooner
        return moves

    def solver_key(self, table: Table) -> Hashable:
        # Suits never matter: the columns' ranks, in any order, and how many cards are home
        # (the foundation's top rank follows: it climbs from an ace) are the position.
        piles = table.piles
        return (len(piles[0]), tuple(sorted(ranks(p) for p in piles[1:])))


def pysol_deal(number: int) -> Deal:
    """PySolFC's Four Leaf Clovers deal ``number``: four rows dealt across its thirteen piles,
    the first card to the first pile; here each column is listed from its first card."""
    talon = pysol_talon(number)
    return Deal(tuple(parse_card_index(talon[c + 13 * r]) for c in range(13) for r in range(4)))


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The game's own search (:mod:`patience_golf_family.four_leaf_clovers_search`, compiled
    where the install could); None for another game."""
    return _search.solve_full_information(game, node_limit, time_limit)


SPEC = GameSpec(
    id="four-leaf-clovers",
    name="Four Leaf Clovers",
    description="Build thirteen columns up or down on one another, and home up from an ace, K then A.",
    rules=FourLeafClovers,
    family="Golf",
    pysol=pysol_deal,
    solver=solve_full_information,
)

__all__ = ["COLUMNS", "FOUNDATION", "SPEC", "FourLeafClovers", "pysol_deal"]

"""The Golf family: build on one pile, one rank up or down, whatever the suits.

Each game is the core's :class:`~patience_core.blocks.build_on_waste.rules.BuildOnWaste` with its
own layout, deal and options (docs/golf.md, docs/black-hole.md, docs/all-in-a-row.md,
docs/all-in-a-row-ii.md, docs/elevator.md), so each gets the family's fast solver with no code of its own.
Its relatives Robert, Wasatch, Four Leaf Clovers and Dolphin build on a foundation from a
stock, columns or cells: games of piles (docs/golf-relatives.md). With two decks: Double Golf,
Three Fir-trees and King's Way (docs/two-decks.md).
"""

from __future__ import annotations

from collections.abc import Callable

from patience_core import GameSpec, hookimpl
from patience_golf_family import (
    all_in_a_row,
    all_in_a_row_ii,
    black_hole,
    dolphin,
    double_golf,
    elevator,
    four_leaf_clovers,
    golf,
    kings_way,
    robert,
    three_fir_trees,
)

SPECS: tuple[GameSpec, ...] = (
    golf.SPEC,
    black_hole.SPEC,
    all_in_a_row.SPEC,
    all_in_a_row_ii.SPEC,
    elevator.SPEC,
    robert.SPEC,
    four_leaf_clovers.SPEC,
    dolphin.SPEC,
)
SPECS += (double_golf.SPEC, three_fir_trees.SPEC, kings_way.SPEC)  # two decks: docs/two-decks.md


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in SPECS:
        register(spec)


__all__ = ["SPECS", "register_games"]

"""Build on piles: the rules (:mod:`.rules`) of the games that build runs on piles.

The families' fast solvers live in their plugins (FreeCell, Klondike, Spider), declared in
their games' specs; every game of the block also plays under the generic solver.
"""

from patience_core.blocks.build_on_piles.rules import BuildOnPiles

__all__ = ["BuildOnPiles"]

"""Rule blocks: the rules of whole families of games, each with its fast solver beside it.

A block is a :class:`~patience_core.engine.rules.Rules` subclass that plays a family's moves
from data a game declares (its layout, its piles, its options), so that a game of the family
is a few dozen lines of declarations. The engine knows no family; the blocks do.

- :mod:`~patience_core.blocks.build_on_waste`: play a free card one rank up or down onto the
  waste, or draw (the Golf family: Golf, TriPeaks, Black Hole...), with its fast solver.
- :mod:`~patience_core.blocks.build_on_piles`: move cards and runs between piles by what each
  pile accepts (Klondike, FreeCell, Spider and their kin).

Pyramid's block (pairs that sum to 13) lives in its plugin, with its solver.
"""

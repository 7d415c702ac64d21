"""Rules of the Golf family: play a free layout card onto the waste one rank above or below
its top card; draw from the stock at any time; one pass.

TriPeaks, Golf, Black Hole, All in a Row and Elevator are this family with different layouts
and options. A game subclasses
:class:`BuildOnWaste`, sets its layout, scoring and the class attributes below, and is done.
"""

from __future__ import annotations

from typing import NamedTuple

from patience_core.engine.cards import CARD_TEXT, RANK_OF, rank_word
from patience_core.engine.moves import CARD_MOVES, DRAW, Move
from patience_core.engine.rules import Rules
from patience_core.engine.table import STOCK_PILE, WASTE_PILE, Table

_STOCK, _WASTE = 0, 1  # the block's piles, in the order it declares them


class WasteFits(NamedTuple):
    """The build-on-waste rules' per-deal data (``table.data``), for the rules and their solver."""

    fits: tuple[int, ...]
    """``fits[r]``: the bitmask of the layout positions whose card may go on a waste top of
    rank ``r`` (1-13); ``fits[0]`` is unused."""
    move_at: tuple[Move, ...]
    """The single-card move of the card dealt at each layout position."""


class BuildOnWaste(Rules):
    """Play a free card one rank up or down onto the waste, or draw.

    Class attributes (set them in a subclass, or per game in ``__init__``):

    - ``wrap``: A and K are neighbours (Q, K, A, 2 chain).
    - ``dead_king``: nothing may be played on a king (Dead King Golf).
    - ``turn_first``: the first stock card is turned onto the waste at the deal. When False
      the waste starts empty and, while it is, any free card may start it.

    A game with another rule for what fits overrides :meth:`neighbours`; the rule still
    reaches the family's solver, through ``table.data.fits``.
    """

    piles = (STOCK_PILE, WASTE_PILE)
    wrap: bool = True
    dead_king: bool = False
    turn_first: bool = True

    def neighbours(self, rank: int) -> tuple[int, ...]:
        """The ranks that may be played on a waste top of ``rank``, the lower first.

        >>> BuildOnWaste({}).neighbours(13), BuildOnWaste({}).neighbours(5)
        ((12, 1), (4, 6))
        """
        if self.dead_king and rank == 13:
            return ()
        down, up = rank - 1, rank + 1
        if self.wrap:
            return (13 if down == 0 else down, 1 if up == 14 else up)
        return tuple(r for r in (down, up) if 1 <= r <= 13)

    def deal_data(self, table: Table) -> WasteFits:
        masks = table.rank_masks
        fits = [0] * 14
        for rank in range(1, 14):
            for other in self.neighbours(rank):
                fits[rank] |= masks[other]
        return WasteFits(tuple(fits), tuple(CARD_MOVES[c] for c in table.cards))

    def start(self, table: Table) -> None:
        if self.turn_first:
            table.turn_to_waste()

    def legal_moves(self, table: Table) -> list[Move]:
        fits, move_at = table.data
        present = table.present
        mask = table.layout.free_mask(present)
        piles = table.piles
        waste = piles[_WASTE]
        if waste:
            mask &= fits[RANK_OF[waste[-1]]]
        moves = []
        while mask:
            low = mask & -mask
            moves.append(move_at[low.bit_length() - 1])
            mask ^= low
        if piles[_STOCK]:
            moves.append(DRAW)
        return moves

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move.word:
            if move.word != "draw":
                return f"there is no {move.word!r} move here: play a free card or draw"
            return None if table.piles[_STOCK] else "the stock is empty"
        if len(move.ids) != 1:
            return "play one card at a time onto the waste"
        card = move.ids[0]
        why = table.why_not_free(card)
        if why is not None:
            return why
        waste = table.piles[_WASTE]
        if not waste:
            return None
        top = waste[-1]
        if table.data.fits[RANK_OF[top]] >> table.where[card] & 1:
            return None
        needed = self.neighbours(RANK_OF[top])
        if not needed:
            return f"{CARD_TEXT[card]} does not fit on {CARD_TEXT[top]}: nothing may be played on it"
        wanted = " or ".join(rank_word(r) for r in needed)
        return f"{CARD_TEXT[card]} does not fit on {CARD_TEXT[top]}: it needs {wanted}"

    def apply(self, table: Table, move: Move) -> None:
        if move.word:  # "draw", the only word illegal_reason lets through
            table.draw_to_waste()
        else:
            table.layout_to_waste(table.where[move.ids[0]])

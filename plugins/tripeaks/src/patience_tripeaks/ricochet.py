"""Ricochet: TriPeaks on four walls round the waste; after a card is played, the next may not
come from the same wall (docs/tripeaks.md#ricochet)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from patience_core import BuildOnWaste, Deal, GameSpec, Layout, Scoring, Spot, Table
from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.engine.moves import Move
from patience_core.engine.pysol import deal_from_places
from patience_tripeaks.ricochet_solver import solve_ricochet

# PySolFC's rows 0-31 (threepeaks.py, Ricochet.createGame), where it draws them in card widths
# and heights: 0-7 the walls' bottom layer (two a wall), 8-19 the middle (three), 20-31 the top
# (four, the corners shared by two walls).
_WHERE: Final = (
    *((2, 0), (3, 0), (5, 2), (5, 3), (3, 5), (2, 5), (0, 3), (0, 2)),
    *((1.5 + i, 0.5) for i in range(3)),
    *((4.5, 1.5 + i) for i in range(3)),
    *((3.5 - i, 4.5) for i in range(3)),
    *((0.5, 3.5 - i) for i in range(3)),
    *((1 + i, 1) for i in range(4)),
    *((4, 2 + i) for i in range(3)),
    *((3 - i, 4) for i in range(3)),
    *((1, 3 - i) for i in range(2)),
)
_STEP: Final = (8, 8, 9, 9, 10, 10, 11, 11, *(12,) * 12)  # Ricochet_RowStack.STEP
WALLS: Final = (
    (0, 1, 8, 9, 10, 20, 21, 22, 23),
    (2, 3, 11, 12, 13, 23, 24, 25, 26),
    (4, 5, 14, 15, 16, 26, 27, 28, 29),
    (6, 7, 17, 18, 19, 29, 30, 31, 20),
)
"""PySolFC's ``Ricochet.walls``: the rows of each wall."""


def _row_id(row: int) -> str:
    return f"p{row + 1}"


def _covers(row: int) -> tuple[str, ...]:
    """The two rows lying on PySolFC's ``row`` (``Ricochet_RowStack.basicIsBlocked``: the next
    layer's ``row + STEP[row]`` and the one after it, 32 wrapping to 20)."""
    if row >= 20:
        return ()
    first = row + _STEP[row]
    return (_row_id(first), _row_id(20 if first + 1 > 31 else first + 1))


# A card is 2 wide and 2 high in the layout's units; PySolFC leaves a margin across.
LAYOUT: Final = Layout.declare(
    [Spot(_row_id(row), 2.5 * x, 2 * y, covered_by=_covers(row)) for row, (x, y) in enumerate(_WHERE)],
    name="ricochet",
)
_WALLS_AT: Final = tuple(
    sum(1 << w for w, wall in enumerate(WALLS) if int(spot.id[1:]) - 1 in wall) for spot in LAYOUT.spots
)
"""The walls of each layout position, as a bitmask (a corner is in two)."""

NO_SCORE: Final = Scoring("none", "no score: the game is won or lost, as in PySolFC", per_card=0)


class Ricochet(BuildOnWaste):
    """Ricochet: the block's rules (ranks wrap, the first stock card turned at the deal, one
    pass), and a card may not come from a wall of the card just played from the walls."""

    layout = LAYOUT
    scoring = NO_SCORE
    passes = 1
    walls_at = _WALLS_AT
    """The walls of each layout position, as a bitmask: the rules and the solver both read it."""

    def dealt_face_up(self) -> int:
        # PySolFC deals rows 0-19 face down and the top layer, 20-31, face up.
        return self.layout.free_mask(self.layout.full)

    def barred_walls(self, table: Table) -> int:
        """The walls no card may come from now: those of the waste's top card when it was the
        last card played from the walls (PySolFC's ``lastStack``); none after a draw."""
        waste = table.piles[1]
        if not waste:
            return 0
        pos = table.where[waste[-1]]
        return self.walls_at[pos] if pos >= 0 else 0

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        barred = self.barred_walls(table)
        if not barred:
            return moves
        where = table.where
        walls_at = self.walls_at
        return [m for m in moves if m.word or not walls_at[where[m.ids[0]]] & barred]

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        why = super().illegal_reason(table, move)
        if why is not None or move.word:
            return why
        card = move.ids[0]
        if self.walls_at[table.where[card]] & self.barred_walls(table):
            last = CARD_TEXT[table.piles[1][-1]]
            return f"{CARD_TEXT[card]} shares a wall with {last}, just played: play from another wall or draw"
        return None

    def solver_key(self, table: Table) -> Hashable:
        # As TriPeaks' key (suits never matter, one pass), with the walls now barred.
        waste = table.piles[1]
        top = RANK_OF[waste[-1]] if waste else 0
        size = len(self.layout)
        key: int = table.present | len(table.piles[0]) << size | top << (size + 6)
        return key | self.barred_walls(table) << (size + 10)


def pysol_deal(number: int) -> Deal:
    """PySolFC's Ricochet deal ``number``: its rows 0-31 dealt in order, the next card turned
    onto the waste, the rest the stock. Ricochet has no shuffle hook: the talon is its plain
    shuffle, the same as its Golf's."""
    from pysol_cards.cards import CardRenderer

    from patience_core.engine.pysol import pysol_dealer

    dealer = pysol_dealer("golf", number)
    dealer.deal()
    text = CardRenderer(True).to_s
    talon = [text(card) for card in dealer.cards]
    return deal_from_places(LAYOUT, {_row_id(row): talon[row] for row in range(32)}, talon[32:])


SPEC = GameSpec(
    id="ricochet",
    name="Ricochet",
    description="Clear four walls one rank up or down onto the waste, never twice in a row from one wall.",
    rules=Ricochet,
    family="Golf",
    pysol=pysol_deal,
    solver=solve_ricochet,
)

__all__ = ["LAYOUT", "SPEC", "WALLS", "Ricochet", "pysol_deal"]

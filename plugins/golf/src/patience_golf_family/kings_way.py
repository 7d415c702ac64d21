"""King's Way: a two-deck Golf relative. Eight kings start eight columns; the other cards are
played onto the waste one rank up or down in alternating colours, and aces set aside on a
reserve buy back as many of the waste's oldest cards for one redeal (docs/two-decks.md).

Source: PySolFC's ``pysollib/games/golf.py``, classes ``KingsWay`` (game 965),
``KingsWay_Talon``, ``KingsWay_Waste`` and ``KingsWay_Reserve``, on ``Golf``, ``Golf_Waste``
and ``Golf_Talon``; the code is followed where it says more than the rules page.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from patience_core import AutoPlay, Build, BuildOnPiles, GameSpec, Kind, Pile, Reach, Step, Suits
from patience_core.engine.cards import CARD_TEXT, RANK_OF, RED
from patience_core.engine.moves import DRAW, REDEAL, Move
from patience_core.engine.rules import NO_LEGAL_MOVE, Condition
from patience_core.engine.table import Table
from patience_golf_family.double_golf import TWO_DECKS

KING: Final = 13
ACE: Final = 1
COLUMNS: Final = 8
COLUMN_CARDS: Final = 6
"""A king, one card face down, four face up (PySolFC's ``startGame``: one row of kings, one
face down, four face up)."""

_STOCK, _WASTE, _RESERVE = 0, 1, 2  # indices in PILES; the columns follow
PILES: Final = (
    Pile("s", Kind.STOCK, x=0, y=0),
    # The waste is also the only foundation (PySolFC: ``s.foundations.append(s.waste)``): up or
    # down one rank, no wrap (``Golf_Waste``'s default mod), alternate colours
    # (``KingsWay_Waste.acceptsCards``). Its top card leaves only for the reserve (an ace).
    Pile(
        "w",
        Kind.WASTE,
        x=3,
        y=0,
        build=Build(Step.EITHER, Suits.ALTERNATE),
        takes=Reach.ONE,
        gives=Reach.ONE,
    ),
    # Aces from the waste's top, one at a time, as many as come (``KingsWay_Reserve``'s own
    # ``acceptsCards`` never asks its ``max_cards``).
    Pile(
        "r",
        Kind.RESERVE,
        x=6,
        y=0,
        build=Build(Step.SAME, Suits.ANY),
        empty=ACE,
        takes=Reach.ONE,
        name="reserve",
    ),
    # Each king has a place of its own at the head of its column, face up and never moving, as
    # PySolFC shows it; the engine's face-down cards are a pile's bottom ones, so the king could
    # not lie face up under the column's face-down card in one pile.
    *(Pile(f"k{c + 1}", Kind.RESERVE, x=3 * c, y=3, deal=1, name=f"king {c + 1}") for c in range(COLUMNS)),
    # On each king: one card face down, four face up, the last the column's free top.
    *(
        Pile(
            f"t{c + 1}",
            Kind.TABLEAU,
            x=3 * c,
            y=5.5,
            fan="down",
            deal=COLUMN_CARDS - 1,
            deal_down=1,
            gives=Reach.ONE,
        )
        for c in range(COLUMNS)
    ),
)


_KINGS: Final = range(_RESERVE + 1, _RESERVE + 1 + COLUMNS)
_COLUMNS: Final = range(_RESERVE + 1 + COLUMNS, _RESERVE + 1 + 2 * COLUMNS)


def _kings_alone(rules: Any, table: Table, legal: list[Move] | None) -> bool:
    return not any(table.piles[i] for i in _COLUMNS)


_WASTE_BUILD: Final = PILES[_WASTE].build or Build()
_TO_WASTE: Final = tuple((i, Move.between(PILES[i].id, "w", 1)) for i in _COLUMNS)
_ACE_TO_RESERVE: Final = Move.between("w", "r", 1)
KINGS_ALONE: Final = Condition("every column holds its king alone", _kings_alone)


class KingsWay(BuildOnPiles):
    """King's Way: the piles' declarations with what they cannot say: a king never leaves its
    column, only the waste's top goes to the reserve, an ace moved there brings the next stock
    card (or, once the stock is gone in the first pass, the redeal), and the redeal takes back
    only as many waste cards as the reserve holds aces."""

    piles = PILES
    deck = TWO_DECKS
    redeals = 1  # PySolFC's ROUNDS = 2
    win = KINGS_ALONE
    over = KINGS_ALONE | NO_LEGAL_MOVE
    repeats = False  # every move plays a card on, or deals one; the one redeal cannot loop
    autoplay = AutoPlay(safe_moves=False)  # PySolFC turns auto-drop off: a play is always a choice

    def deal_order(self, deal: tuple[int, ...]) -> tuple[int, ...]:
        # PySolFC's shuffle hook moves the eight kings to be dealt first, one to each column's
        # head; the rest follow in their shuffled order, five to a column, then the waste and
        # the stock.
        return (*(c for c in deal if RANK_OF[c] == KING), *(c for c in deal if RANK_OF[c] != KING))

    def start(self, table: Table) -> None:
        # PySolFC's startGame ends with ``talon.dealCards()``: the first stock card to the waste.
        table.turn_to_waste()

    # --- moves -----------------------------------------------------------------------------

    def legal_moves(self, table: Table) -> list[Move]:
        # What the piles' declarations allow, written out for the search's hot path: a
        # column's face-up top that fits the waste's top, the waste's ace to the reserve, then
        # the stock's word. Cards first: a search finds wins sooner.
        piles, down = table.piles, table.down
        moves: list[Move] = []
        waste = piles[_WASTE]
        if waste:  # never empty (docs/two-decks.md), but an empty waste takes nothing
            top = waste[-1]
            for i, move in _TO_WASTE:
                column = piles[i]
                if len(column) > down[i] and _WASTE_BUILD.fits(column[-1], top):
                    moves.append(move)
            if RANK_OF[top] == ACE:
                moves.append(_ACE_TO_RESERVE)
        if piles[_STOCK]:
            moves.append(DRAW)
        elif self._can_redeal(table):
            moves.append(REDEAL)
        return moves

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        i = self._index.get(move.src, -1) if move.src else -1
        if i in _KINGS:
            return f"{CARD_TEXT[table.piles[i][-1]]} stays at the head of its column: a king never moves"
        if i in _COLUMNS and move.dst == "r" and table.piles[i] and len(table.piles[i]) > table.down[i]:
            return "only an ace on top of the waste goes to the reserve, not one from a column"
        return super().illegal_reason(table, move)

    def _can_redeal(self, table: Table) -> bool:
        # KingsWay_Talon.canDealCards: the stock empty, in the first pass, with aces in reserve.
        piles = table.piles
        return not piles[_STOCK] and table.passes_used == 0 and bool(piles[_RESERVE])

    def _why_not_word(self, table: Table, word: str) -> str:
        piles = table.piles
        if word == "redeal" and not piles[_STOCK] and table.passes_used == 0 and not piles[_RESERVE]:
            return "no ace in the reserve: the redeal takes back one waste card for each ace there"
        if word in ("draw", "redeal") and not piles[_STOCK] and table.passes_used:
            return "the stock is empty and the one redeal is used"
        return super()._why_not_word(table, word)

    def apply(self, table: Table, move: Move) -> None:
        if move is REDEAL:
            redeal(table)
        elif move.src == "w" and move.dst == "r":
            table.move(_WASTE, _RESERVE)
            # KingsWay_Waste.moveMove: the talon deals at once; with the stock gone in the first
            # pass that is the redeal. PySolFC's dealCards never asks the pass, so there an ace
            # moved with the stock gone in the second pass redeals again; here it deals nothing.
            if piles_stock(table):
                table.draw(1)
            elif table.passes_used == 0:
                redeal(table)
        elif move is DRAW:
            table.draw(1)
        else:
            super().apply(table, move)

    # --- the end and the search --------------------------------------------------------------

    def cards_left(self, table: Table) -> int:
        """The cards still on the kings (0 is a win)."""
        return sum(len(table.piles[i]) for i in _COLUMNS)

    def solver_key(self, table: Table) -> Hashable:
        # Only ranks and colours decide a move (and copies play alike); columns are alike; the
        # reserve matters by its count of aces.
        piles, down = table.piles, table.down
        return (
            faces(piles[_STOCK]),
            faces(piles[_WASTE]),
            len(piles[_RESERVE]),
            tuple(sorted((down[i], faces(piles[i])) for i in self._columns)),
            table.passes_used,
        )


def piles_stock(table: Table) -> int:
    """Cards left in the stock."""
    return len(table.piles[_STOCK])


def redeal(table: Table) -> None:
    """``KingsWay_Talon._redeal``: the N oldest waste cards (N the aces in the reserve) become
    the stock, the rest of the waste staying as it lay, then the stock deals one card.

    PySolFC moves the waste card by card onto the reserve (the oldest ends on top), N cards from
    there to the talon (so the N-th oldest waste card is the talon's top) and the rest back to
    the waste in their order. So the new stock is dealt from the N-th oldest card back to the
    oldest, which comes last; the first of them is dealt at once.
    """
    piles = table.piles
    n = len(piles[_RESERVE])
    waste = piles[_WASTE]
    piles[_STOCK] = waste[:n]  # the stock's top is its last card: the N-th oldest
    piles[_WASTE] = waste[n:]
    table.passes_used += 1
    table.draw(1)


def faces(cards: tuple[int, ...]) -> bytes:
    """Each card's rank and colour, in order: all that decides a move in this game."""
    return bytes([RANK_OF[c] * 2 + RED[c] for c in cards])


SPEC = GameSpec(
    id="kings-way",
    name="King's Way",
    description=(
        "Two decks: play eight columns onto the waste, up or down in alternating colours, down to"
        " the kings; aces on the reserve buy a redeal."
    ),
    rules=KingsWay,
    family="Golf",
)

__all__ = ["PILES", "SPEC", "KingsWay", "faces", "redeal"]

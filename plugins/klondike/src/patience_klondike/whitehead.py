"""Whitehead: Klondike's deal with every card face up, one pass through the stock.

Seven columns dealt 1 to 7 cards, all face up; the other 24 cards are the stock, turned one at
a time onto the waste, once through. Columns build down by colour (red on red, black on black);
only a run of one suit moves together; any card or such run goes into an empty column.
Foundations build up by suit from the ace, and their top card may come back down. The rules,
their sources and where peers differ: docs/whitehead.md.

>>> import patience_core
>>> game = patience_core.new_game("whitehead", seed=1)
>>> [(p["id"], len(p["cards"]), p["down"]) for p in game.to_dict("player")["piles"]][-3:]
[('t5', 5, 0), ('t6', 6, 0), ('t7', 7, 0)]
"""

from __future__ import annotations

from typing import Final

from patience_core import STANDARD, Build, BuildOnPiles, Deal, GameSpec, Move, Step, Suits, Table
from patience_core.engine.pysol import pysol_layout
from patience_klondike.deals import _card
from patience_klondike.games import piles_of

# Built by colour, runs of one suit move, every card dealt face up.
PILES: Final = piles_of(Suits.COLOUR, "any", run=Build(Step.DOWN, Suits.SAME), face_down=False)


class WhiteheadRules(BuildOnPiles):
    """Whitehead: see the module docstring."""

    deck = STANDARD
    piles = PILES
    draw = 1
    redeals = 0

    def legal_moves(self, table: Table) -> list[Move]:
        # Cards home first and back down from home last: the order a depth-first search (the
        # generic solver, a player's play-outs) tries them in, and the order hints list them.
        moves = super().legal_moves(table)
        home, back, rest, words = [], [], [], []
        for move in moves:
            if move.word:
                words.append(move)
            elif move.dst[0] == "f":
                home.append(move)
            elif move.src[0] == "f":
                back.append(move)
            else:
                rest.append(move)
        return home + rest + back + words


def pysol_columns(number: int) -> tuple[tuple[int, ...], ...]:
    """PySolFC's Whitehead deal ``number``: each column's cards, bottom first, as
    ``Klondike.startGame(flip=1)`` lays them (pysol-cards writes Whitehead's layout as
    Klondike's; every card is face up), and the talon from the next card to turn."""
    layout = pysol_layout("whitehead", number)
    return tuple(tuple(_card(t) for t in pile) for pile in layout.piles)


def pysol_deal(number: int) -> Deal:
    """PySolFC's deal ``number`` in this game's deal order (``--pysol N``): ``t1..t7`` each
    from its bottom card, then the stock from the next card to draw. PySolFC turns the first
    stock card at the deal; here that is the first draw."""
    layout = pysol_layout("whitehead", number)
    cards = [_card(t) for pile in layout.piles for t in pile]
    return Deal((*cards, *(_card(t) for t in layout.talon)), deck=STANDARD)


WHITEHEAD: Final = GameSpec(
    "whitehead",
    "Whitehead",
    "Klondike's deal all face up and one pass through the stock; build down by colour, move "
    "runs of one suit, any card into a space (docs/whitehead.md).",
    WhiteheadRules,
    family="klondike",
    pysol=pysol_deal,
)

SPECS: Final = (WHITEHEAD,)

__all__ = ["PILES", "SPECS", "WHITEHEAD", "WhiteheadRules", "pysol_columns", "pysol_deal"]

"""Deals of the Klondike family: our numbered deals laid out our way, and PySolFC's deal N.

Our deals are ``patience_core.Deal.from_seed(n)``, read in the project's deal order:

- Klondike (and Thumb and Pouch): ``t1`` gets the first card, ``t2`` the next two (its bottom
  card first), and so on to ``t7``'s seven; each column's top card is face up, the rest face
  down. The other 24 cards are the stock, the first card to be drawn first. The waste starts
  empty.
- Canfield: the first card starts its suit's foundation and sets the base rank; the next 13
  are the reserve, its bottom card first (only its top card is in play); then ``t1`` to ``t4``
  get one card each; the other 34 cards are the stock, the first to be drawn first.

PySolFC's deal N (``--pysol N``) is laid out exactly as PySolFC's own code lays it out
(``pysollib/games/klondike.py``, ``canfield.py``), from the card order its shuffle gives (the
optional pysol-cards library, PySolFC's maintainer's): PySolFC turns the first card (three
cards for Klondike by Threes and Canfield) onto the waste as part of the deal, so its
positions start with those cards on the waste.

>>> p = klondike_deal(1)
>>> [len(c.down) for c in p.columns], [len(c.up) for c in p.columns], len(p.stock)
([0, 1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 1, 1], 24)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from patience_core.engine.cards import CARD_TEXT, parse_card_index
from patience_core.engine.deal import Deal
from patience_core.engine.errors import DealError
from patience_core.engine.pysol import MAX_PYSOL_DEAL, pysol_dealer, pysol_layout
from patience_klondike.position import Column, Position

KLONDIKE_COLUMNS: Final = 7
CANFIELD_COLUMNS: Final = 4
CANFIELD_RESERVE: Final = 13


def _checked(indices: Sequence[int]) -> tuple[int, ...]:
    return Deal.from_cards(indices).indices


def klondike_position(
    indices: Sequence[int], columns: int = KLONDIKE_COLUMNS, face_up: bool = False
) -> Position:
    """The 52 cards in deal order laid out as Klondike: column ``i`` (from 1) gets ``i`` cards,
    bottom first, the top one face up (all face up with ``face_up``); the rest is the stock,
    the first card to be drawn first.

    >>> str(klondike_position(range(52))).split(" | ")[:3]
    ['t1: AC', 't2: [2C] 3C', 't3: [4C 5C] 6C']
    """
    cards = _checked(indices)
    out = []
    at = 0
    for i in range(1, columns + 1):
        pile = cards[at : at + i]
        at += i
        out.append(Column((), pile) if face_up else Column(pile[:-1], pile[-1:]))
    return Position(tuple(out), stock=cards[at:])


def klondike_deal(seed: int) -> Position:
    """Our deal number ``seed`` laid out as Klondike."""
    return klondike_position(Deal.from_seed(seed).indices)


def canfield_position(indices: Sequence[int]) -> Position:
    """The 52 cards in deal order laid out as Canfield: the base card to its foundation, 13
    to the reserve (bottom first), one to each of the four columns, the rest the stock.

    >>> str(canfield_position(range(52))).split(" | ")[:2]
    ['t1: 2D', 't2: 3D']
    """
    cards = _checked(indices)
    base = cards[0]
    found = [0, 0, 0, 0]
    found[base // 13] = 1
    reserve = cards[1 : 1 + CANFIELD_RESERVE]
    at = 1 + CANFIELD_RESERVE
    columns = tuple(Column((), (cards[at + i],)) for i in range(CANFIELD_COLUMNS))
    at += CANFIELD_COLUMNS
    return Position(
        columns,
        stock=cards[at:],
        foundations=(found[0], found[1], found[2], found[3]),
        reserve=reserve,
        base=base % 13 + 1,
    )


def canfield_deal(seed: int) -> Position:
    """Our deal number ``seed`` laid out as Canfield."""
    return canfield_position(Deal.from_seed(seed).indices)


def _card(text: str) -> int:
    return parse_card_index(text.strip("<>"))


def pysol_klondike(number: int, draw: int = 1, game: str = "klondike") -> Position:
    """PySolFC's Klondike deal ``number`` (Klondike by Threes with ``draw=3``), laid out as
    PySolFC lays it out: the columns from its layout code, and its first ``draw`` stock cards
    already turned onto the waste (``Klondike.startGame`` ends with ``talon.dealCards()``).

    ``game`` is pysol-cards' name of a game dealt like Klondike (``"thumb_and_pouch"``).
    Raises :class:`~patience_core.engine.errors.DealError` for a number out of range or
    without pysol-cards.
    """
    layout = pysol_layout(game, number)
    columns = tuple(
        Column(
            tuple(_card(t) for t in pile if t.startswith("<")),
            tuple(_card(t) for t in pile if not t.startswith("<")),
        )
        for pile in layout.piles
    )
    talon = [_card(t) for t in layout.talon]
    return Position(columns, stock=tuple(talon[draw:]), waste=tuple(talon[:draw]))


def pysol_order(number: int) -> list[int]:
    """PySolFC's cards for deal ``number`` in the order its talon deals them (the talon's top
    card first), from pysol-cards' copy of PySolFC's shuffle (Microsoft's generator below 32000,
    the Mersenne Twister from there, as PySolFC chooses)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_PYSOL_DEAL:
        raise DealError(
            f"a PySolFC deal number is a whole number from 1 to {MAX_PYSOL_DEAL}, not {number!r:.30}"
        )
    dealer = pysol_dealer("klondike", number)  # PySolFC's generator for the number
    from pysol_cards.cards import CardRenderer  # present: pysol_dealer checked

    dealer.deal()
    cards = dealer.cards  # the talon deals from the end of the shuffled list
    render = CardRenderer(True)
    return [parse_card_index(render.to_s(c)) for c in cards]


def pysol_canfield(number: int) -> Position:
    """PySolFC's Canfield deal ``number``, laid out as ``Canfield.startGame`` lays it out: the
    talon's top card to its suit's foundation (setting the base rank), the next 13 to the
    reserve (the last of them its top card, turned up), one card to each column dealt from
    the last column to the first (``dealRow(reverse=1)``), then three cards onto the waste."""
    order = pysol_order(number)
    base = order[0]
    found = [0, 0, 0, 0]
    found[base // 13] = 1
    reserve = tuple(order[1:14])
    row = order[14:18]
    columns = tuple(Column((), (row[CANFIELD_COLUMNS - 1 - i],)) for i in range(CANFIELD_COLUMNS))
    talon = order[18:]
    return Position(
        columns,
        stock=tuple(talon[3:]),
        waste=tuple(talon[:3]),
        foundations=(found[0], found[1], found[2], found[3]),
        reserve=reserve,
        base=base % 13 + 1,
    )


def deal_text(position: Position) -> str:
    """The cards of a position's columns, reserve and stock as one line (for messages)."""
    return " ".join(CARD_TEXT[c] for c in position.cards())


__all__ = [
    "CANFIELD_COLUMNS",
    "CANFIELD_RESERVE",
    "KLONDIKE_COLUMNS",
    "canfield_deal",
    "canfield_position",
    "deal_text",
    "klondike_deal",
    "klondike_position",
    "pysol_canfield",
    "pysol_klondike",
    "pysol_order",
]

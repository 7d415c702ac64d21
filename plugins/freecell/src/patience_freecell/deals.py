"""Numbered FreeCell deals: Microsoft's (and FreeCell Pro's), and PySolFC's through pysol-cards.

Microsoft's deal ``n`` is the layout Windows FreeCell deals for game ``n``: the C run-time
library's linear congruential generator seeded with ``n`` picks cards from a deck ordered
``AC AD AH AS 2C ... KS``, and the picks are dealt left to right in rows of eight
(docs/deals.md has the algorithm and deal 1). FreeCell Pro extended the numbers to
``2**33 - 1`` with two variants of the generator, which Freecell Solver's
``make-microsoft-freecell-board`` follows; so does :func:`microsoft_columns`, so that every
number a Microsoft or FreeCell Pro player types gives that player's deal.

A layout is a tuple of columns, each a tuple of card indices (``suit * 13 + rank - 1``, suits
C D H S) from the bottom card (dealt first) to the top card.

>>> from patience_core.engine.cards import CARD_TEXT
>>> [CARD_TEXT[c] for c in microsoft_columns(1)[0]]
['JD', 'KD', '2S', '4C', '3S', '6D', '6S']
"""

from __future__ import annotations

from typing import Final

from patience_core.engine.errors import DealError
from patience_core.engine.pysol import MAX_PYSOL_DEAL
from patience_freecell.rules import FREECELL, Position, Variant

MAX_MICROSOFT_DEAL: Final = (1 << 33) - 1
"""The highest deal number there is: FreeCell Pro's 8,589,934,591."""
MICROSOFT_RANGES: Final = (
    "1 to 32,000 in Windows 3.1 to 2000 FreeCell; 1 to 1,000,000 in Windows XP, Vista and 7; "
    "1 to 8,589,934,591 in FreeCell Pro"
)
"""Who deals which numbers, for messages and docs."""
COLUMN_SIZES: Final = (7, 7, 7, 7, 6, 6, 6, 6)
"""The eight columns of a FreeCell deal, left to right."""

_DECK_ORDER: Final = tuple((i % 4) * 13 + i // 4 for i in range(52))
"""Microsoft's deck, position by position: AC AD AH AS 2C ... KS, as our card indices."""


class DealNumberError(DealError):
    """A deal number that no numbering has (a :class:`~patience_core.engine.errors.DealError`,
    so every program that reports a bad deal in a line reports this one too)."""


def microsoft_draws(n: int) -> list[int]:
    """The 52 numbers the generator draws for deal ``n``, each before it is reduced modulo the
    cards left.

    Deals below 2**31 use Microsoft's ``rand()``: ``state = state * 214013 + 2531011``,
    drawing bits 16 to 30 of the state. FreeCell Pro's deals from 2**31 to 2**32 - 1 set bit
    15 of each draw as well (Microsoft's run-time library reads the seed as a signed number
    there); its deals from 2**32 take ``n - 2**32`` as the seed and draw bits 16 to 31, plus 1.

    >>> microsoft_draws(1)[:3]
    [41, 18467, 6334]
    """
    _check_number(n)
    if n < 1 << 32:
        state, wide, high = n, False, 0x8000 if n >= 1 << 31 else 0
    else:
        state, wide, high = n - (1 << 32), True, 0
    draws = []
    for _ in range(52):
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        draws.append(((state >> 16) & 0xFFFF) + 1 if wide else ((state >> 16) & 0x7FFF) | high)
    return draws


def microsoft_order(n: int) -> tuple[int, ...]:
    """Deal ``n``'s 52 cards in the order Windows FreeCell deals them: the first row of eight
    left to right, then the second row, and so on."""
    deck = list(_DECK_ORDER)
    dealt = []
    for draw in microsoft_draws(n):
        j = draw % len(deck)
        dealt.append(deck[j])
        deck[j] = deck[-1]
        deck.pop()
    return tuple(dealt)


def microsoft_columns(n: int) -> tuple[tuple[int, ...], ...]:
    """Microsoft's deal ``n`` as eight columns, each from its bottom card to its top card."""
    order = microsoft_order(n)
    return tuple(order[c::8] for c in range(8))


def microsoft_deal_order(n: int) -> tuple[int, ...]:
    """Microsoft's deal ``n`` in our deal order: column t1 from its bottom card to its top card,
    then t2, and so on to t8 (52 card indices)."""
    return tuple(card for column in microsoft_columns(n) for card in column)


def columns_from_deal_order(cards: tuple[int, ...] | list[int]) -> tuple[tuple[int, ...], ...]:
    """The eight FreeCell columns of a deal in our deal order (the inverse of
    :func:`microsoft_deal_order`'s flattening)."""
    columns, at = [], 0
    for size in COLUMN_SIZES:
        columns.append(tuple(cards[at : at + size]))
        at += size
    return tuple(columns)


def microsoft_position(n: int) -> Position:
    """Microsoft's deal ``n`` as a FreeCell position (eight columns, four free cells)."""
    return FREECELL.deal(microsoft_deal_order(n))


PYSOL_GAMES: Final = {
    "freecell": "freecell",
    "bakers-game": "bakers_game",
    "eight-off": "eight_off",
    "seahaven-towers": "seahaven",
    "forecell": "forecell",
    "bakers-dozen": "bakers_dozen",
    "beleaguered-castle": "beleaguered_castle",
    "streets-and-alleys": "streets_and_alleys",
}
"""Our variant ids and the names pysol-cards deals them under, for the games PySolFC has."""


def pysol_position(variant: Variant, n: int) -> Position:
    """PySolFC's deal ``n`` of ``variant`` (through the optional pysol-cards library, by
    PySolFC's maintainer), its piles in PySolFC's order: columns left to right (Beleaguered
    Castle and Streets and Alleys: the left wing top to bottom, then the right wing), cells
    left to right. Numbers below 32,000 are Microsoft's deals, dealt the PySolFC way; from
    32,000 PySolFC shuffles with the Mersenne Twister.

    >>> pysol_position(FREECELL, 1) == microsoft_position(1)
    True
    """
    from patience_freecell.boards import parse_board

    game = PYSOL_GAMES.get(variant.id)
    if game is None:
        raise DealNumberError(f"PySolFC has no deals of {variant.name}")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_PYSOL_DEAL:
        raise DealNumberError(
            f"a PySolFC deal number is a whole number from 1 to {MAX_PYSOL_DEAL}, not {_shown(n)}"
        )
    from patience_core.engine.pysol import pysol_dealer

    try:
        dealer = pysol_dealer(game, n)  # PySolFC's generator for the number
    except DealError as error:
        raise DealNumberError(str(error)) from None
    from pysol_cards.cards import CardRenderer  # present: pysol_dealer checked

    text = dealer.calc_layout_string(CardRenderer(True))
    return parse_board(text, variant)


def _shown(n: object) -> str:
    return repr(n) if len(repr(n)) <= 30 else repr(n)[:27] + "..."


def _check_number(n: object) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_MICROSOFT_DEAL:
        raise DealNumberError(
            f"a Microsoft FreeCell deal number is a whole number from 1 to {MAX_MICROSOFT_DEAL:,} "
            f"({MICROSOFT_RANGES}), not {_shown(n)}"
        )


__all__ = [
    "COLUMN_SIZES",
    "MAX_MICROSOFT_DEAL",
    "MICROSOFT_RANGES",
    "PYSOL_GAMES",
    "DealNumberError",
    "columns_from_deal_order",
    "microsoft_columns",
    "microsoft_deal_order",
    "microsoft_draws",
    "microsoft_order",
    "microsoft_position",
    "pysol_position",
]

"""PySolFC's numbered deals, through the pysol-cards library (the optional ``pysol`` extra).

PySolFC numbers its deals; pysol-cards, by PySolFC's maintainer, deals game number ``n`` of a
few games as PySolFC does and writes the layout as text. :func:`pysol_layout` reads that text;
a game that knows how PySolFC lays out its piles turns it into a :class:`Deal` with
:func:`deal_from_places` and declares it as ``GameSpec(pysol=...)``, so ``--pysol N`` deals
the game a player also finds under that number in PySolFC.

PySolFC shuffles deals below 32000 with Microsoft's generator and every other number with the
Mersenne Twister seeded with the number (``construct_random`` in its ``pysolrandom.py``);
pysol-cards takes Microsoft's for 32000 too, so :func:`pysol_layout` shuffles numbers from
32000 up itself, as PySolFC does. PySolFC's own numbers, drawn for a new game, run up to
10^20 - 1, so that is the highest number taken here (PySolFC's dialog accepts longer ones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from patience_core.engine.cards import parse_card_index
from patience_core.engine.deal import Deal
from patience_core.engine.errors import DealError
from patience_core.engine.layout import Layout

MAX_PYSOL_DEAL: Final = 10**20 - 1
"""The highest deal number PySolFC gives (it draws new game numbers below 10^20)."""
FIRST_TWISTER_DEAL: Final = 32000
"""PySolFC's first deal shuffled by the Mersenne Twister; those below use Microsoft's generator."""


class PysolLayout(NamedTuple):
    """One PySolFC deal as pysol-cards writes it: each pile bottom card first."""

    piles: tuple[tuple[str, ...], ...]
    """The tableau piles in PySolFC's order, each from the card dealt first (the bottom) to
    its top card."""
    talon: tuple[str, ...]
    """The stock, the next card to be turned first."""
    foundation: str | None
    """The card dealt to the foundation (the pile built on), if any."""


def pysol_dealer(game: str, number: int) -> Any:
    """pysol-cards' dealer (its ``deal_game.Game``) of ``game`` deal ``number``, shuffling with
    the generator PySolFC uses for that number; its ``deal()`` leaves the talon in ``cards``,
    the card dealt first last. For a game whose layout pysol-cards does not write but whose
    talon PySolFC shuffles the same way.

    Raises :class:`DealError` when the number is out of range or pysol-cards is not installed.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_PYSOL_DEAL:
        raise DealError(
            f"a PySolFC deal number is a whole number from 1 to {MAX_PYSOL_DEAL}, not {number!r:.30}"
        )
    try:
        from pysol_cards.cards import createCards
        from pysol_cards.deal_game import Game
        from pysol_cards.random import MTRandom
        from pysol_cards.random_base import RandomBase
    except ImportError:
        raise DealError(
            "PySolFC deal numbers need the pysol-cards library: install Patience with its 'pysol' extra"
        ) from None
    dealer = Game(game, number, RandomBase.DEALS_PYSOLFC)
    if number >= FIRST_TWISTER_DEAL:

        def deal() -> None:  # pysol-cards' own deal(), with PySolFC's choice of generator
            cards = MTRandom(number).shuffle(createCards(dealer.get_num_decks(), dealer.max_rank))
            cards.reverse()
            dealer.new_cards(cards)

        dealer.deal = deal
    return dealer


def pysol_layout(game: str, number: int) -> PysolLayout:
    """PySolFC's deal ``number`` of ``game`` (a pysol-cards game name such as ``"golf"``).

    Raises :class:`DealError` when the number is out of range or pysol-cards is not installed.
    """
    from pysol_cards.cards import CardRenderer  # present: pysol_dealer checked

    dealer = pysol_dealer(game, number)
    text = dealer.calc_layout_string(CardRenderer(True))
    piles: list[tuple[str, ...]] = []
    talon: tuple[str, ...] = ()
    foundation = None
    for line in text.splitlines():
        head, _, rest = line.partition(": ")
        if head == "Talon":
            talon = tuple(rest.split())
        elif head == "Foundations":
            foundation = rest.strip() if rest.strip() != "-" else None
        elif line.strip():
            piles.append(tuple(line.split()))
    return PysolLayout(tuple(piles), talon, foundation)


def deal_from_places(layout: Layout, places: Mapping[str, str], stock: Sequence[str]) -> Deal:
    """The deal with the card ``places[id]`` at each layout position and ``stock`` after them.

    >>> from patience_core.engine.cards import CARDS
    >>> from patience_core.engine.layout import Layout
    >>> tiny = Layout.columns(1, 2)
    >>> rest = [str(c) for c in CARDS if str(c) not in ("AS", "KH")]
    >>> str(deal_from_places(tiny, {"c1r1": "AS", "c1r2": "KH"}, rest)).split()[:3]
    ['AS', 'KH', 'AC']
    """
    order = [places[spot.id] for spot in layout.spots]
    return Deal(tuple(parse_card_index(text) for text in (*order, *stock)))


__all__ = ["FIRST_TWISTER_DEAL", "MAX_PYSOL_DEAL", "PysolLayout", "deal_from_places", "pysol_layout"]

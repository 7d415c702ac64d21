"""PySolFC's shuffled talon for the one-deck games whose layout pysol-cards does not write."""

from __future__ import annotations

from patience_core.engine.pysol import pysol_dealer


def pysol_talon(number: int) -> tuple[str, ...]:
    """PySolFC's shuffle for deal ``number`` of a one-deck game with no shuffle hook (its
    ``Game.shuffle`` with the generator ``construct_random`` picks): the talon, the card dealt
    first first. Raises :class:`~patience_core.DealError` for a number PySolFC does not deal."""
    from pysol_cards.cards import CardRenderer  # present once pysol_dealer has answered

    dealer = pysol_dealer("golf", number)  # Golf has no shuffle hook: its talon is the plain shuffle
    dealer.deal()
    text = CardRenderer(True).to_s
    return tuple(text(card) for card in dealer.cards)


__all__ = ["pysol_talon"]

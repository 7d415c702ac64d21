"""Klondike's scoring profiles: none, Windows Solitaire's standard scoring and Vegas.

Windows Solitaire (its help's "Scoring systems": "-100 points for each pass through the deck
after one pass", "-20 ... after four passes", the floor at 0 as the game is described) scores a
standard game +10 for a card to a foundation, +5 from the waste to a column, +5 for a card
turned face up, -15 for a card taken back down from a foundation, and -100 for each recycle of
the waste with one card a draw (-20 with three, after the first three recycles); the score
never goes below 0. Its timed game's -2 every ten seconds and its bonus for a fast win are left
out: a score here follows from the moves alone, so a replayed record scores as it did.

Vegas: the cards cost 52 at the deal and each card home pays 5 back (one taken down costs
it again), as Windows and PySolFC's Vegas Klondike and Casino Klondike
(``getGameScoreCasino``: 5 a card on the foundations less 52) score it.

>>> STANDARD_1.events["flip"], VEGAS.start
(5, -52)
"""

from __future__ import annotations

from typing import Final

import attrs

from patience_core import Scoring

NONE: Final = Scoring("none", "no score: the game is won or lost", per_card=0)
STANDARD_1: Final = Scoring(
    "standard",
    "Windows Solitaire's: +10 a card home, +5 waste to a column, +5 a card turned up, -15 a card"
    " back down from a foundation, -100 a recycle of the waste; never below 0",
    per_card=0,
    events={
        "waste_to_foundation": 10,
        "tableau_to_foundation": 10,
        "waste_to_tableau": 5,
        "flip": 5,
        "foundation_to_tableau": -15,
    },
    per_redeal=-100,
    floor=0,
    source="Windows Solitaire's help, Scoring systems (standard, untimed)",
)
STANDARD_3: Final = attrs.evolve(
    STANDARD_1,
    description="Windows Solitaire's, drawing three: as with one card a draw, but a recycle costs"
    " 20, and the first three cost nothing",
    per_redeal=-20,
    free_redeals=3,
)
VEGAS: Final = Scoring(
    "vegas",
    "Vegas: the cards cost 52, each card home pays 5 (and costs 5 back if it comes down)",
    per_card=0,
    start=-52,
    events={"waste_to_foundation": 5, "tableau_to_foundation": 5, "foundation_to_tableau": -5},
    source="Windows Solitaire's help (Vegas) and PySolFC's Vegas Klondike (getGameScoreCasino)",
)
SCORINGS: Final = ("none", "standard", "vegas")


def scoring_for(name: str, draw: int) -> Scoring:
    """The profile called ``name`` for a game of ``draw`` cards a draw (Windows prices a
    recycle by the draw: one card a draw, or more).

    >>> scoring_for("standard", 3).per_redeal, scoring_for("standard", 1).per_redeal
    (-20, -100)
    """
    if name == "standard":
        return STANDARD_1 if draw == 1 else STANDARD_3
    if name == "vegas":
        return VEGAS
    if name == "none":
        return NONE
    raise ValueError(f"scoring is one of {', '.join(SCORINGS)}; not {name!r:.40}")


__all__ = ["NONE", "SCORINGS", "STANDARD_1", "STANDARD_3", "VEGAS", "scoring_for"]

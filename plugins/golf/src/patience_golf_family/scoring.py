"""The family's one scoring profile: a point for each card played from the layout."""

from __future__ import annotations

from patience_core import Scoring

CARDS = Scoring(
    "cards",
    "one point for each card played from the layout",
    source="Aisleriot's Golf (a point per card played); PySolFC scores these games by win or loss only",
)

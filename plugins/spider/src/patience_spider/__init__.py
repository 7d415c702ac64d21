"""The Spider family for Patience: Spider with one, two or four suits, Spiderette, Scorpion and
Simple Simon (docs/spider.md).

The rules are in :mod:`patience_spider.rules`; this module declares the games. Their solver is
the family's own full-information one (:mod:`patience_spider.solver`).
"""

from __future__ import annotations

from collections.abc import Callable

from patience_core import Deal, GameSpec, Option, Preset, hookimpl
from patience_spider.rules import Family, Scorpion, SimpleSimon, Spider, Spiderette, SpiderRules
from patience_spider.solver import SIMPLE_SIMON_NODE_LIMIT, solve_full_information

SCORING = Option(
    "scoring",
    "windows",
    "'windows': 500 at the deal, -1 a move, +100 a run sent home (as Windows scores Spider);"
    " 'none': no score",
    choices=("windows", "none"),
)

SPIDER = GameSpec(
    id="spider",
    name="Spider",
    description="Two decks in ten columns: build down, move runs of one suit, send runs K to A home.",
    rules=Spider,
    solver=solve_full_information,
    family="Spider",
    options=(
        Option(
            "suits",
            "4",
            "suits in play: 4 (two standard decks), 2 (hearts and spades, four of each),"
            " 1 (eight runs of spades)",
            choices=("1", "2", "4"),
        ),
        SCORING,
    ),
    presets=(
        Preset(
            "spider-1",
            "Spider (1 suit)",
            "Spider with eight runs of spades (Windows' Beginner)",
            {"suits": "1"},
        ),
        Preset(
            "spider-2",
            "Spider (2 suits)",
            "Spider with four runs each of hearts and spades (Windows' Intermediate)",
            {"suits": "2"},
        ),
    ),
)
SPIDERETTE = GameSpec(
    id="spiderette",
    name="Spiderette",
    description="Spider with one deck in Klondike's seven columns.",
    rules=Spiderette,
    solver=solve_full_information,
    family="Spider",
    options=(SCORING,),
)
SCORPION = GameSpec(
    id="scorpion",
    name="Scorpion",
    description="Build down by suit, moving any face-up card with what lies on it; kings into empty columns.",
    rules=Scorpion,
    solver=solve_full_information,
    family="Spider",
)


def _simple_simon_pysol(number: int) -> Deal:
    """PySolFC's Simple Simon deal ``number`` (pysol-cards): its ten piles are the columns."""
    from patience_core.engine.pysol import pysol_layout

    dealt = pysol_layout("simple_simon", number)
    return Deal.from_cards([card for pile in dealt.piles for card in pile])


SIMPLE_SIMON = GameSpec(
    id="simple-simon",
    name="Simple Simon",
    description="Every card face up in ten columns: build down, move runs of one suit, send K to A home.",
    rules=SimpleSimon,
    solver=solve_full_information,
    solver_node_limit=SIMPLE_SIMON_NODE_LIMIT,  # every deal of 1..1000 decided (docs/spider.md)
    family="Spider",
    pysol=_simple_simon_pysol,
)

SPECS = (SPIDER, SPIDERETTE, SCORPION, SIMPLE_SIMON)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in SPECS:
        register(spec)


__all__ = [
    "SCORPION",
    "SIMPLE_SIMON",
    "SPECS",
    "SPIDER",
    "SPIDERETTE",
    "Family",
    "Scorpion",
    "SimpleSimon",
    "Spider",
    "SpiderRules",
    "Spiderette",
    "register_games",
]

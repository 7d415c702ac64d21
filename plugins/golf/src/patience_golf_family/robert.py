"""Robert and Wasatch: the whole deck goes through the stock onto one foundation, built up or
down whatever the suits, K and A neighbours; Robert turns one card at a time with two
redeals, Wasatch three at a time with no limit (docs/golf-relatives.md). Their search, a pass
at a time, is :mod:`patience_golf_family.robert_search`.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping
from typing import Any, Final

from patience_core import (
    AutoPlay,
    Build,
    BuildOnPiles,
    Deal,
    GameSpec,
    Kind,
    Option,
    Pile,
    Preset,
    Reach,
    Step,
    Suits,
)
from patience_core.engine.cards import RANK_OF, parse_card_index
from patience_core.engine.game import Game
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.engine.table import Table
from patience_core.solver.builds import load
from patience_golf_family.pysol_talon import pysol_talon

_search = load("patience_golf_family.robert_search")
walk_exists = _search.walk_exists

_STOCK, _WASTE, _FOUNDATION = 0, 1, 2  # indices in PILES
PILES: Final = (
    Pile("s", Kind.STOCK, x=0, y=4),
    Pile("w", Kind.WASTE, x=3, y=4, gives=Reach.ONE),
    Pile(
        "f",
        Kind.FOUNDATION,
        x=1.5,
        y=0,
        deal=1,
        build=Build(Step.EITHER, Suits.ANY, wrap=True),
        empty="any",
        takes=Reach.ONE,
    ),
)


class Robert(BuildOnPiles):
    """Robert (Wasatch with ``draw=3, redeals="unlimited"``): the waste's top card goes on the
    foundation one rank up or down; draw, and turn the waste over as the stock."""

    piles = PILES

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.draw = int(options.get("draw", 1))
        redeals = str(options.get("redeals", "2"))
        self.redeals = None if redeals == "unlimited" else int(redeals)
        if self.redeals is None:
            # With no limit on redeals, draws and redeals alone can go round for ever: auto-play
            # must not follow them as a forced ending.
            self.autoplay = AutoPlay(finish_when_forced=False)
        super().__init__(options)

    def start(self, table: Table) -> None:
        # PySolFC deals a card to the foundation, then turns one onto the waste.
        table.turn_to_waste()

    def solver_key(self, table: Table) -> Hashable:
        # Suits never matter, and which cards are home follows from the stock and the waste:
        # the ranks of those two and the foundation's top rank are the position. With no limit
        # on redeals the passes used decide nothing.
        piles = table.piles
        passes = -1 if self.redeals is None else table.passes_used
        return (ranks(piles[_STOCK]), ranks(piles[_WASTE]), RANK_OF[piles[_FOUNDATION][-1]], passes)


def ranks(cards: tuple[int, ...]) -> bytes:
    """The ranks of ``cards``, in order, as a key."""
    return bytes([RANK_OF[c] for c in cards])


# --- the solver -------------------------------------------------------------------------------


def talon(table: Table) -> tuple[bytes, bytes, int]:
    """The search's position: the waste's ranks (bottom first), the stock's in the order they
    are drawn, and the foundation's top rank."""
    piles = table.piles
    return ranks(piles[_WASTE]), ranks(piles[_STOCK][::-1]), RANK_OF[piles[_FOUNDATION][-1]]


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Search pass by pass (:mod:`patience_golf_family.robert_search`, compiled where the
    install could)."""
    rules = game.rules
    if not isinstance(rules, Robert):
        return None
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    waste, stock, top = talon(game.table)
    passes_left = None if rules.redeals is None else rules.redeals - game.table.passes_used
    search = _search  # its Stop is the one it raises, whichever build the tests swap in
    try:
        line, nodes = search.search_line(
            waste, stock, top, passes_left, rules.draw, node_limit, deadline, search.tries_then_long
        )
    except search.Stop as stop:
        return SolveResult(UNKNOWN, (), stop.nodes, time.perf_counter() - start, "robert")
    seconds = time.perf_counter() - start
    if line is None:
        return SolveResult(NO_WIN, (), nodes, seconds, "robert")
    return SolveResult(WON, tuple(line), nodes, seconds, "robert")


def pysol_deal(number: int) -> Deal:
    """PySolFC's Robert (and Wasatch) deal ``number``: its first card on the foundation, the
    next turned onto the waste, the rest the stock in order, which is this game's deal order."""
    return Deal(tuple(parse_card_index(card) for card in pysol_talon(number)))


DRAW = Option(
    "draw", 1, "cards turned from the stock at a time: 1 (Robert), 3 (Wasatch)", minimum=1, maximum=3
)
REDEALS = Option(
    "redeals",
    "2",
    "times the waste is turned over as the stock: 2 (Robert) or 'unlimited' (Wasatch)",
    choices=("0", "1", "2", "unlimited"),
)

SPEC = GameSpec(
    id="robert",
    name="Robert",
    description="Play the stock onto one foundation, one rank up or down, K and A neighbours; two redeals.",
    rules=Robert,
    family="Golf",
    pysol=pysol_deal,
    options=(DRAW, REDEALS),
    solver=solve_full_information,
    presets=(
        Preset(
            "wasatch",
            "Wasatch",
            "Robert turning three cards at a time, with no limit on redeals",
            {"draw": 3, "redeals": "unlimited"},
        ),
    ),
)

__all__ = ["PILES", "SPEC", "Robert", "pysol_deal", "solve_full_information", "talon", "walk_exists"]

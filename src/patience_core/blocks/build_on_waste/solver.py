"""A fast full-information solver for the build-on-waste family (TriPeaks, Golf).

A position is (present, pos, top): the layout cards left (bitmask), the stock cards turned so
far, and the rank of the waste top (0 for an empty waste). Suits never matter, so the key
holds the top's rank, not the card.

Three sound arguments cut the search. The first two are dominance arguments, applied only to
positions already proved lost (never to one still being searched, which may depend on the
position it would prune):

1. More stock is never worse. From (P, pos, t), any line of (P, pos', t) with pos < pos' can
   be copied: its plays are the same, and before each of its draws we first turn the extra
   stock cards, ending on the same top. A line that never draws again wins either way (the
   stock left does not count, T10). So if (P, pos, t) is lost, so is (P, pos', t).
2. A position whose top came from the stock, (P, pos', rank of stock[pos'-1]), is reached
   from any (P, pos, t) with pos < pos' by drawing alone. If that (P, pos, t) is lost, so is it.

3. Every layout card left needs a card to go on: a layout card played just before it, a stock
   card just drawn or the top as it is now, each taking at most one card (the next card played
   or drawn covers it). If for some rank fewer such cards are left than layout cards of the
   rank, the position is lost. After a move only the ranks that fit on the top it covered can
   fall short, so only they are checked again.

The search (:mod:`patience_core.blocks.build_on_waste.search`, compiled with mypyc where the install
could) keeps its tables in flat lists indexed by the layout's chain numbering
(:meth:`~patience_core.engine.layout.Layout.chain_weights`), for each set proved lost the
smallest stock position proved lost with each top and with any top.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from patience_core.blocks.build_on_waste.rules import BuildOnWaste, WasteFits
from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DRAW, Move
from patience_core.engine.rules import LAYOUT_CLEARED, Rules
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.plugins.hookspecs import hookimpl
from patience_core.solver.builds import load
from patience_core.solver.memory import check_memory

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.layout import Layout

# The methods this solver reproduces; a game that overrides one plays other rules.
_FAMILY_METHODS = ("legal_moves", "apply", "is_won", "start", "deal_data")


def plays_plain_build_on_waste(rules: Rules) -> bool:
    """True when ``rules`` are the build-on-waste block unchanged but for layout and options."""
    if not isinstance(rules, BuildOnWaste) or rules.win is not LAYOUT_CLEARED:
        return False
    cls = type(rules)
    return all(getattr(cls, name) is getattr(BuildOnWaste, name) for name in _FAMILY_METHODS)


@hookimpl(trylast=True)
def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The core's offer for every game of the family, through the hook: so a new game built on
    :class:`~patience_core.blocks.build_on_waste.rules.BuildOnWaste` gets this solver with no code."""
    if not plays_plain_build_on_waste(game.rules):
        return None
    return solve(game, node_limit, time_limit)


_search = load("patience_core.blocks.build_on_waste.search")
_FLAT_LIMIT = 1 << 22  # layouts numbering more sets than this keep their tables in a dictionary
_spare: dict[int, list[int]] = {}  # a zeroed id table per bound, reused from solve to solve


_layouts: dict[Layout, tuple[list[list[int]], list[int], int]] = {}


def _numbers(layout: Layout) -> tuple[list[list[int]], list[int], int]:
    """The layout's cover tables and chain weights as lists, made once per layout."""
    found = _layouts.get(layout)
    if found is None:
        weights, bound = layout.chain_weights()
        found = _layouts[layout] = ([list(t) for t in layout.cover_tables()], list(weights), bound)
    return found


def solve(game: Game, node_limit: int, time_limit: float | None) -> SolveResult:
    """Solve a game of the build-on-waste family from its current position."""
    start = time.perf_counter()
    table = game.table
    layout = table.layout
    data: WasteFits = table.data
    fits = list(data.fits)
    fits[0] = layout.full  # an empty waste takes any free card
    tables, weights, bound = _numbers(layout)
    # The stock as dealt, in the order it is turned, and how much of it is turned: the search
    # knows a top that came from the stock by its place there (argument 2).
    dealt = game.rules.deal_order(game.deal.indices)[len(layout) :]
    stock = table.piles[table.stock_i]
    pos = len(dealt) - len(stock)
    present = table.present
    top = RANK_OF[table.waste[-1]] if table.waste else 0
    line: list[int] = []
    if not present:
        status, nodes = _search.WON, 1
    elif node_limit <= 1:
        status, nodes = _search.STOPPED, 1
    else:
        flat = bound <= _FLAT_LIMIT
        # Taken out while in use, so two threads never share one; put back only when clean.
        ids = (_spare.pop(bound, []) or [0] * bound) if flat else []
        status, nodes = _search.search(
            present,
            pos,
            top,
            fits,
            [RANK_OF[c] for c in table.cards],
            [RANK_OF[c] for c in dealt],
            tables,
            weights,
            ids,
            node_limit,
            0.0 if time_limit is None else start + time_limit,
            line,
            check_memory,
        )
        if flat:
            _spare[bound] = ids
    verdict = WON if status == _search.WON else NO_WIN if status == _search.NO_WIN else UNKNOWN
    moves: tuple[str, ...] = ()
    if verdict == WON:
        moves = tuple(str(DRAW if b < 0 else Move.of_cards(table.cards[b])) for b in line)
    return SolveResult(verdict, moves, nodes, time.perf_counter() - start, "build-on-waste")

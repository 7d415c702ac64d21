"""A fast full-information solver for the build-on-waste family (TriPeaks, Golf, Black Hole...).

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

A position with no stock left on a layout of columns (Black Hole, All in a Row, any game of the
family once its stock is out) is searched by :mod:`.search_columns` instead: the only choice
there is which free card to play, so a position is the cards left in each column and the top's
rank. Three more arguments cut that search:

4. The cards are played in a walk of ranks. A win from top ``t`` plays the cards left one after
   another, each one rank from the one before, so their ranks make a walk from ``t`` that lands
   on each rank ``r`` exactly ``L_r`` times and ends on the rank of some column's bottom card
   (the last card played is the last of its column). Counting each step between ``r`` and
   ``r + 1`` either way, the steps are the edges of an Euler trail from ``t`` to that end,
   whose multiplicities the degrees ``2 L_r + [r = t] - [r = end]`` fix (one solution on the
   cycle of 13 ranks, which is odd, or the path without wrap): if for no end they are whole,
   not negative and joined, the position is lost. The check is exact for ranks (it ignores only
   the order within columns), so it also covers a rank whose both neighbours are gone and
   argument 3.
5. Suits never matter, and neither does which column holds what: two positions whose columns
   hold the same sequences of ranks, in some order, with the same top, have the same future
   (exchange the columns), so they share one number (the sum of per-column weights, equal for
   columns of equal ranks as far as they go, :func:`column_weights`) and are searched once.
6. A card waits for its twin. If free cards ``x`` and ``y`` have one rank and the ranks of
   ``x``'s column, from ``x`` down to its bottom, are those of ``y``'s column from ``y`` down as
   far as they go, then ``x`` is not played while ``y`` could be. Take a win that plays ``x``
   first, and in it exchange, for each depth ``k`` of ``x``'s column, the times of ``x``'s
   ``k``-th card and ``y``'s: each time keeps its rank; each column still goes top first (the
   earlier of two increasing sequences of times is increasing, and ``y``'s cards below ``x``'s
   depth were played after ``y``'s ``k``-th card, so after the earlier of the two); so it is a
   win that plays ``y`` first. Only moves are left out, from a position that holds them all,
   so a position whose other moves are lost is lost.

The column search tries the fullest column's card first (its cards are the most buried), then
the card with the most cards left to go on it; the order changes speed only.

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
_columns_search = load("patience_core.blocks.build_on_waste.search_columns")
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


_chains: dict[Layout, tuple[tuple[int, ...], ...] | None] = {}


def columns_of(layout: Layout) -> tuple[tuple[int, ...], ...] | None:
    """The layout's columns, each from its bottom card (the last to be free) up, when every
    position lies on at most one other and is covered by at most one; None otherwise.

    >>> from patience_core.engine.layout import Layout
    >>> columns_of(Layout.columns(2, 3))
    ((0, 2, 4), (1, 3, 5))
    >>> columns_of(Layout.pyramid(3)) is None
    True
    """
    if layout in _chains:
        return _chains[layout]
    blockers = layout.blockers
    covering = [0] * len(blockers)  # how many positions each one lies on
    for mask in blockers:
        if mask:
            covering[mask.bit_length() - 1] += 1
    found: tuple[tuple[int, ...], ...] | None = None
    if all(not mask & (mask - 1) for mask in blockers) and max(covering, default=0) <= 1:
        columns = []
        for p in range(len(blockers)):
            if covering[p]:
                continue  # not a bottom card
            column = [p]
            while blockers[column[-1]]:
                column.append(blockers[column[-1]].bit_length() - 1)
            columns.append(tuple(column))
        found = tuple(columns)
    _chains[layout] = found
    return found


def _wrap_of(rules: BuildOnWaste) -> bool | None:
    """True when the rules' fit is one rank up or down with K and A neighbours, False without
    them, None for any other rule (such as Dead King Golf's), which the column search does not
    know."""
    for wrap in (True, False):
        nb = _columns_search.neighbours(wrap)
        if all(sum(1 << o for o in set(rules.neighbours(r))) == nb[r] for r in range(1, 14)):
            return wrap
    return None


def solve(game: Game, node_limit: int, time_limit: float | None) -> SolveResult:
    """Solve a game of the build-on-waste family from its current position."""
    start = time.perf_counter()
    table = game.table
    layout = table.layout
    rules = game.rules
    if not table.stock and table.present and isinstance(rules, BuildOnWaste):
        columns = columns_of(layout)
        wrap = _wrap_of(rules) if columns is not None else None
        if columns is not None and wrap is not None:
            return _solve_columns(game, columns, wrap, node_limit, time_limit, start)
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


def column_weights(ranks: list[list[int]]) -> list[int]:
    """The position numbers' weights for columns of these ranks (each from its bottom card):
    ``w[c * (depth + 1) + k]`` for column ``c`` holding ``k`` cards, where ``depth`` is the
    tallest column. Columns whose first ``k`` cards have the same ranks get the same weight,
    so two positions that differ only by which of such columns holds them get one number
    (argument 5); the weight of each such group is a digit of a mixed radix as wide as the
    group is large, so the number of any other position differs.

    >>> w = column_weights([[5, 7], [5, 8]])  # both columns start with a 5
    >>> w[0 * 3 + 1] == w[1 * 3 + 1], len({w[2], w[5], w[1]})
    (True, 3)
    """
    depth = max((len(column) for column in ranks), default=0)
    groups: dict[tuple[int, ...], int] = {}
    for column in ranks:
        for k in range(1, len(column) + 1):
            groups[tuple(column[:k])] = groups.get(tuple(column[:k]), 0) + 1
    digit: dict[tuple[int, ...], int] = {}
    radix = 1
    for prefix, size in groups.items():
        digit[prefix] = radix
        radix *= size + 1
    weights = [0] * (len(ranks) * (depth + 1))
    for c, column in enumerate(ranks):
        for k in range(1, len(column) + 1):
            weights[c * (depth + 1) + k] = digit[tuple(column[:k])]
    return weights


def _solve_columns(
    game: Game,
    columns: tuple[tuple[int, ...], ...],
    wrap: bool,
    node_limit: int,
    time_limit: float | None,
    start: float,
) -> SolveResult:
    """The column search (:mod:`.search_columns`) for a position with no stock left."""
    table = game.table
    ranks = [[RANK_OF[table.cards[p]] for p in column] for column in columns]
    depth = max(len(column) for column in columns)
    rank_at = [0] * (len(columns) * depth)
    for c, column in enumerate(ranks):
        rank_at[c * depth : c * depth + len(column)] = column
    heights = [sum(table.present >> p & 1 for p in column) for column in columns]
    top = RANK_OF[table.waste[-1]] if table.waste else 0
    played: list[int] = []
    if node_limit <= 1:
        status, nodes = _columns_search.STOPPED, 1
    else:
        status, nodes = _columns_search.search(
            len(columns),
            depth,
            rank_at,
            heights,
            top,
            wrap,
            column_weights(ranks),
            node_limit,
            0.0 if time_limit is None else start + time_limit,
            played,
            check_memory,
        )
    verdict = (
        WON if status == _columns_search.WON else NO_WIN if status == _columns_search.NO_WIN else UNKNOWN
    )
    moves: list[str] = []
    if verdict == WON:
        for c in played:
            heights[c] -= 1
            moves.append(str(Move.of_cards(table.cards[columns[c][heights[c]]])))
    return SolveResult(verdict, tuple(moves), nodes, time.perf_counter() - start, "build-on-waste")

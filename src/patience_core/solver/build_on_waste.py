"""A fast full-information solver for the build-on-waste family (TriPeaks, Golf).

A position is (present, pos, top): the layout cards left (bitmask), the stock cards turned so
far, and the rank of the waste top (0 for an empty waste). Suits never matter, so the key
holds the top's rank, not the card.

Two sound dominance arguments cut the search, each applied only to positions already proved
lost (never to one still being searched, which may depend on the position it would prune):

1. More stock is never worse. From (P, pos, t), any line of (P, pos', t) with pos < pos' can
   be copied: its plays are the same, and before each of its draws we first turn the extra
   stock cards, ending on the same top. A line that never draws again wins either way (the
   stock left does not count, T10). So if (P, pos, t) is lost, so is (P, pos', t).
2. A position whose top came from the stock, (P, pos', rank of stock[pos'-1]), is reached
   from any (P, pos, t) with pos < pos' by drawing alone. If that (P, pos, t) is lost, so is it.

The table keeps, for each (P, t), the smallest pos proved lost, and for each P the smallest pos
proved lost with any top. Bit operations on precomputed masks do the rest: the free cards are
three table lookups, the cards that fit are one AND.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from patience_core.engine.build_on_waste import BuildOnWaste, WasteFits
from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DRAW, Move
from patience_core.engine.rules import LAYOUT_CLEARED, Rules
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    from patience_core.engine.game import Game

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
    :class:`~patience_core.engine.build_on_waste.BuildOnWaste` gets this solver with no code."""
    if not plays_plain_build_on_waste(game.rules):
        return None
    return solve(game, node_limit, time_limit)


class _Stop(Exception):
    pass


def solve(game: Game, node_limit: int, time_limit: float | None) -> SolveResult:
    """Solve a game of the build-on-waste family from its current position."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    table = game.table
    layout = table.layout
    data: WasteFits = table.data
    fits = list(data.fits)
    fits[0] = layout.full  # an empty waste takes any free card
    rank_at = [RANK_OF[c] for c in table.cards]
    stock = table.stock
    nstock = len(stock)
    srank = [RANK_OF[c] for c in stock]
    covered = layout.covered_mask
    inlined = layout.three_cover_tables()
    t0, t1, t2 = inlined or ((), (), ())
    three = inlined is not None
    lost_at: dict[int, int] = {}  # present << 4 | top -> smallest pos proved lost
    lost_any: dict[int, int] = {}  # present -> smallest pos proved lost, any top
    nodes = 0

    def lost(present: int, pos: int, top: int) -> bool:
        # Rules 1 and 2 of the module docstring.
        best = lost_at.get(present << 4 | top)
        if best is not None and best <= pos:
            return True
        if pos and top == srank[pos - 1]:
            best = lost_any.get(present)
            if best is not None and best < pos:
                return True
        return False

    def mark_lost(present: int, pos: int, top: int) -> None:
        key = present << 4 | top
        best = lost_at.get(key)
        if best is None or pos < best:
            lost_at[key] = pos
        best = lost_any.get(present)
        if best is None or pos < best:
            lost_any[present] = pos

    def search(present: int, pos: int, top: int) -> list[int] | None:
        # Depth-first, on a stack of our own rather than Python's: CPython allocates its frame
        # stack in chunks and frees a chunk as soon as the depth drops back below it, so a deep
        # recursion that swings across a chunk boundary maps and unmaps memory on every swing,
        # and ran up to twice as slow depending on how deep the caller already was.
        nonlocal nodes
        parents: list[tuple[int, int, int, int, int]] = []  # present, pos, top, cards to try, drew
        path: list[int] = []  # the move into each position on the way (bit played, 0 a draw)
        while True:
            # Enter (present, pos, top).
            nodes += 1
            if nodes >= node_limit or (
                deadline is not None and not nodes & 4095 and time.perf_counter() > deadline
            ):
                raise _Stop
            if three:
                free = present & ~(t0[present & 4095] | t1[present >> 12 & 4095] | t2[present >> 24 & 4095])
            else:
                free = present & ~covered(present)
            mask = free & fits[top]
            drew = 0
            while True:  # the next child of (present, pos, top), or give it up as lost
                while mask:
                    low = mask & -mask
                    mask ^= low
                    rest = present ^ low
                    if not rest:
                        path.append(low)
                        return path
                    rank = rank_at[low.bit_length() - 1]
                    if not lost(rest, pos, rank):
                        parents.append((present, pos, top, mask, drew))
                        path.append(low)
                        present, top = rest, rank
                        break
                else:
                    if not drew and pos < nstock:
                        drew = 1
                        rank = srank[pos]
                        if not lost(present, pos + 1, rank):
                            parents.append((present, pos, top, 0, 1))
                            path.append(0)
                            pos, top = pos + 1, rank
                            break
                    mark_lost(present, pos, top)
                    if not parents:
                        return None
                    present, pos, top, mask, drew = parents.pop()
                    path.pop()
                    continue
                break

    present, pos = table.present, table.stock_pos
    top = RANK_OF[table.waste[-1]] if table.waste else 0
    line: list[int] | None = []
    try:
        line = search(present, pos, top) if present else []
        verdict = NO_WIN if line is None else WON
    except _Stop:
        verdict = UNKNOWN
    moves: list[str] = []
    if verdict == WON and line:
        for low in line:
            moves.append(str(DRAW if not low else Move.of_cards(table.cards[low.bit_length() - 1])))
    return SolveResult(verdict, tuple(moves), nodes, time.perf_counter() - start, "build-on-waste")

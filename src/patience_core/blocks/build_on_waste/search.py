"""The build-on-waste solver's search, on plain integers and flat lists.

The arguments that make it sound are in :mod:`patience_core.blocks.build_on_waste.solver`, which
prepares the deal's numbers and calls :func:`search`. This module imports nothing else of the
package, so it compiles on its own: with mypyc where the install found a C compiler, as plain
Python everywhere else, with the same positions searched in the same order
(:mod:`patience_core.solver.builds`).

Nothing is allocated per position on the way: the path keeps, for each position, the move
into it (a small integer) and the waste top before it, and a parent's state is rebuilt from
its child's when the search backs up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

NO_WIN: Final = 0
WON: Final = 1
STOPPED: Final = 2
MEMORY_EVERY: Final = 1 << 14
"""Positions between two calls of ``check_memory`` (the core's ``CHECK_EVERY``)."""
_MEMORY_MASK: Final = MEMORY_EVERY - 1
DRAW: Final = -1
"""In the line: a draw; any other entry is the layout position played."""

_NEVER: Final = 127  # no stock position proved lost yet (the stock holds fewer cards)
_TOPS: Final = 16  # table slots per set of layout cards: ranks 0 (empty waste) to 13


def search(
    present: int,
    pos: int,
    top: int,
    fits: list[int],
    rank_at: list[int],
    srank: list[int],
    tables: list[list[int]],
    weights: list[int],
    ids: list[int],
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
) -> tuple[int, int]:
    """Search from (present, pos, top); return (NO_WIN, WON or STOPPED, positions searched).

    ``fits[t]``: the positions whose card may go on a top of rank ``t`` (``fits[0]``: any).
    ``rank_at``: the rank at each position; ``srank``: the stock's ranks in order. ``tables``:
    the layout's cover tables (:meth:`~patience_core.engine.layout.Layout.cover_tables`).
    ``weights``: :meth:`~patience_core.engine.layout.Layout.chain_weights`; ``ids`` a list of
    zeros as long as their bound, or empty to number the sets in a dictionary; it is left all
    zeros. ``deadline``: a ``time.perf_counter()`` value, or 0 for none. A won line is written
    to ``line`` (positions played, :data:`DRAW` for a draw). ``check_memory(nodes)`` is called
    as it starts and every :data:`MEMORY_EVERY` positions, and stops the search by raising (a
    compiled loop never gives a signal handler the chance to).
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    nstock = len(srank)
    # Argument 3: each layout card left needs a card to go on, one it fits on: a layout card
    # (each takes one card), a stock card still to come (each takes one) or the waste top.
    onto: list[int] = [0] * 14  # onto[t]: the ranks that fit on a top of rank t, a bitmask
    for t in range(14):
        rest = fits[t]
        while rest:
            low = rest & -rest
            rest ^= low
            onto[t] |= 1 << rank_at[low.bit_length() - 1]
    under: list[list[int]] = [[t for t in range(14) if onto[t] >> r & 1] for r in range(14)]
    hurt: list[list[int]] = [[r for r in range(1, 14) if onto[t] >> r & 1] for t in range(14)]
    left = [0] * 14  # layout cards left by rank
    rest = present
    while rest:
        low = rest & -rest
        rest ^= low
        left[rank_at[low.bit_length() - 1]] += 1
    ahead = [0] * 14  # stock cards still to come by rank
    for r in srank[pos:]:
        ahead[r] += 1
    zeros = [0] * 4096
    t0 = tables[0]
    t1 = tables[1] if len(tables) > 1 else zeros
    t2 = tables[2] if len(tables) > 2 else zeros
    more = tables[3:]
    flat = len(ids) > 0
    id_map: dict[int, int] = {}
    pre = 0
    rest = present
    while rest:
        low = rest & -rest
        rest ^= low
        pre += weights[low.bit_length() - 1]
    # Per set of layout cards, numbered 1, 2... as first proved lost: for each top the smallest
    # stock position proved lost (argument 1), and the smallest with any top (argument 2).
    owners = [0]
    lost_at = [_NEVER] * _TOPS
    lost_any = [_NEVER]
    never = [_NEVER] * _TOPS
    tops: list[int] = []  # the waste top before each move of the line
    nodes = 1
    status = NO_WIN
    for r in range(1, 14):
        if not _enough_below(r, left, ahead, top, under[r]):
            return NO_WIN, nodes
    mask = _free(present, t0, t1, t2, more) & fits[top]
    drew = 0
    while True:
        entered = False
        if mask:
            low = mask & -mask
            mask ^= low
            rest = present ^ low
            b = low.bit_length() - 1
            if not rest:
                line.append(b)
                status = WON
                break
            rank = rank_at[b]
            child = pre - weights[b]
            i = ids[child] if flat else id_map.get(child, 0)
            if i and (
                lost_at[i * _TOPS + rank] <= pos or (pos and rank == srank[pos - 1] and lost_any[i] < pos)
            ):
                continue
            tops.append(top)
            line.append(b)
            present, pre, top = rest, child, rank
            left[rank] -= 1
            entered = True
        elif not drew and pos < nstock:
            drew = 1
            rank = srank[pos]
            i = ids[pre] if flat else id_map.get(pre, 0)
            # The child's top came from the stock, so argument 2 applies as well as 1.
            if i and (lost_at[i * _TOPS + rank] <= pos + 1 or lost_any[i] <= pos):
                continue
            tops.append(top)
            line.append(DRAW)
            ahead[rank] -= 1
            pos += 1
            top = rank
            entered = True
        else:
            # Every child is lost or dominated: so is this position.
            i = ids[pre] if flat else id_map.get(pre, 0)
            if not i:
                i = len(owners)
                owners.append(pre)
                if flat:
                    ids[pre] = i
                else:
                    id_map[pre] = i
                lost_at += never
                lost_any.append(_NEVER)
            k = i * _TOPS + top
            if pos < lost_at[k]:
                lost_at[k] = pos
            if pos < lost_any[i]:
                lost_any[i] = pos
            if not line:
                break
            b = line.pop()
            top = tops.pop()
            if b == DRAW:
                pos -= 1
                ahead[srank[pos]] += 1
                mask = 0
                drew = 1
            else:
                left[rank_at[b]] += 1
                low = 1 << b
                present |= low
                pre += weights[b]
                # The cards after b: the ones before it were tried first.
                mask = _free(present, t0, t1, t2, more) & fits[top] & ~((low << 1) - 1)
                drew = 0
        if entered:
            nodes += 1
            if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
                status = STOPPED
                break
            if not nodes & _MEMORY_MASK:
                check_memory(nodes)
            mask = _free(present, t0, t1, t2, more) & fits[top]
            drew = 0
            # Argument 3 after the move: the top before it, now covered, was the one card lost
            # to the ranks fitting on it (a card played or drawn takes the place of what it
            # came from), so only those ranks need checking.
            for r in hurt[tops[-1]]:
                if not _enough_below(r, left, ahead, top, under[r]):
                    mask = 0
                    drew = 1
                    break
    if flat:
        for p in owners:
            ids[p] = 0
    return status, nodes


def _free(present: int, t0: list[int], t1: list[int], t2: list[int], more: list[list[int]]) -> int:
    """The cards of ``present`` that nothing present covers (the layout's cover tables inlined).

    Its twin is in :mod:`patience_pyramid.search`, on purpose: each search compiles on its own (and falls
    back to plain Python on its own), and a call into another compiled module would be a Python
    call once a position."""
    covered = t0[present & 4095] | t1[present >> 12 & 4095] | t2[present >> 24 & 4095]
    shift = 36
    for table in more:
        covered |= table[present >> shift & 4095]
        shift += 12
    return present & ~covered


def _enough_below(rank: int, left: list[int], ahead: list[int], top: int, under: list[int]) -> bool:
    """Argument 3 for one rank: as many cards it fits on as layout cards of it left."""
    need = left[rank]
    if not need:
        return True
    for t in under:
        need -= left[t] + ahead[t] + (t == top)
    return need <= 0

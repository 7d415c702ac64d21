"""Ricochet's search, on plain integers and flat lists: the build-on-waste search of the core
(:mod:`patience_core.blocks.build_on_waste.search`) with the walls barred after each play.

The arguments that make it sound are in :mod:`patience_tripeaks.ricochet_solver`. This module
imports nothing else of the package, so it compiles on its own: with mypyc where the install
found a C compiler, as plain Python everywhere else, with the same positions searched in the
same order.

A position is (present, pos, top, last): the layout cards left, the stock cards turned, the
waste top's rank, and the layout position of the card just played, or -1 when the top came
from the stock (nothing barred). Nothing is allocated per position on the way.
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
_TOPS: Final = 16  # a set's first slots: a top from the stock (or none), by rank 0 to 13


def search(
    present: int,
    pos: int,
    top: int,
    last: int,
    fits: list[int],
    rank_at: list[int],
    barred_by: list[int],
    srank: list[int],
    tables: list[list[int]],
    weights: list[int],
    ids: list[int],
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
) -> tuple[int, int]:
    """Search from (present, pos, top, last); return (NO_WIN, WON or STOPPED, positions searched).

    ``barred_by[b]``: the layout positions sharing a wall with position ``b`` (``b`` among them),
    none of which may be played just after ``b``. The other arguments are those of the core's
    build-on-waste search: ``fits[t]`` the positions whose card may go on a top of rank ``t``
    (``fits[0]``: any), ``rank_at`` the rank at each position, ``srank`` the stock's ranks in
    order, ``tables`` the layout's cover tables, ``weights`` its chain weights and ``ids`` a list
    of zeros as long as their bound (left all zeros). A won line is written to ``line``.
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    nstock = len(srank)
    slots = _TOPS + len(rank_at)  # then one slot per card just played (its rank and walls)
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
    pre = 0
    rest = present
    while rest:
        low = rest & -rest
        rest ^= low
        pre += weights[low.bit_length() - 1]
    # Per set of layout cards, numbered 1, 2... as first proved lost: for each slot the smallest
    # stock position proved lost (arguments 1 and 2 of the solver), and the smallest with any top.
    owners = [0]
    lost_at = [_NEVER] * slots
    lost_any = [_NEVER]
    never = [_NEVER] * slots
    tops: list[int] = []  # the waste top before each move of the line
    lasts: list[int] = []  # and the card played before it
    nodes = 1
    status = NO_WIN
    for r in range(1, 14):
        if not _enough_below(r, left, ahead, top, under[r]):
            return NO_WIN, nodes
    mask = _free(present, t0, t1, t2, more) & fits[top]
    if last >= 0:
        mask &= ~barred_by[last]
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
            i = ids[child]
            if i and (
                lost_at[i * slots + rank] <= pos
                or lost_at[i * slots + _TOPS + b] <= pos
                or (pos and rank == srank[pos - 1] and lost_any[i] < pos)
            ):
                continue
            tops.append(top)
            lasts.append(last)
            line.append(b)
            present, pre, top, last = rest, child, rank, b
            left[rank] -= 1
            entered = True
        elif not drew and pos < nstock:
            drew = 1
            rank = srank[pos]
            i = ids[pre]
            # The child's top came from the stock, so argument 2 applies as well as 1.
            if i and (lost_at[i * slots + rank] <= pos + 1 or lost_any[i] <= pos):
                continue
            tops.append(top)
            lasts.append(last)
            line.append(DRAW)
            ahead[rank] -= 1
            pos += 1
            top = rank
            last = -1
            entered = True
        else:
            # Every child is lost or dominated: so is this position.
            i = ids[pre]
            if not i:
                i = len(owners)
                owners.append(pre)
                ids[pre] = i
                lost_at += never
                lost_any.append(_NEVER)
            k = i * slots + (top if last < 0 else _TOPS + last)
            if pos < lost_at[k]:
                lost_at[k] = pos
            if pos < lost_any[i]:
                lost_any[i] = pos
            if not line:
                break
            b = line.pop()
            top = tops.pop()
            last = lasts.pop()
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
                if last >= 0:
                    mask &= ~barred_by[last]
                drew = 0
        if entered:
            nodes += 1
            if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
                status = STOPPED
                break
            if not nodes & _MEMORY_MASK:
                check_memory(nodes)
            mask = _free(present, t0, t1, t2, more) & fits[top]
            if last >= 0:
                mask &= ~barred_by[last]
            drew = 0
            # Argument 3 after the move: the top before it, now covered, was the one card lost
            # to the ranks fitting on it, so only those ranks need checking.
            for r in hurt[tops[-1]]:
                if not _enough_below(r, left, ahead, top, under[r]):
                    mask = 0
                    drew = 1
                    break
    for p in owners:
        ids[p] = 0
    return status, nodes


def _free(present: int, t0: list[int], t1: list[int], t2: list[int], more: list[list[int]]) -> int:
    """The cards of ``present`` that nothing present covers (the layout's cover tables inlined;
    the core's search has its twin, on purpose: each compiles on its own)."""
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

"""The build-on-waste search for a layout of columns with no stock left (Black Hole, All in a Row).

With no stock the only choice is which free card to play, so a position is the number of cards
left in each column and the rank of the waste top. The arguments that make the search sound are
in :mod:`patience_core.blocks.build_on_waste.solver`, which prepares the deal's numbers and calls
:func:`search`. Like :mod:`.search`, this module imports nothing else of the package, so it
compiles on its own with mypyc and runs as plain Python with the same positions searched in the
same order.
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
_RANKS: Final = 13


def neighbours(wrap: bool) -> list[int]:
    """``nb[r]``: the bitmask of the ranks one above and one below ``r`` (1-13), K and A
    neighbours when ``wrap``; ``nb[0]``, an empty waste, takes every rank.

    >>> [bin(m) for m in neighbours(True)[1:3]], bin(neighbours(False)[1])
    (['0b10000000000100', '0b1010'], '0b100')
    """
    nb = [0] * (_RANKS + 1)
    for r in range(1, _RANKS + 1):
        for o in (r - 1, r + 1):
            if wrap:
                o = (o - 1) % _RANKS + 1
            if 1 <= o <= _RANKS:
                nb[r] |= 1 << o
    nb[0] = ((1 << (_RANKS + 1)) - 1) ^ 1
    return nb


def cycle_shifts() -> list[int]:
    """For the walk's last rank ``e``, the bitmask of the cycle's edges whose doubled count it
    raises by one (it lowers the others' by one): see :func:`walk_exists`."""
    out = [0] * (_RANKS + 1)
    for e in range(1, _RANKS + 1):
        s = -1 if e == 1 or e % 2 == 0 else 1  # the change of 2 * e_1: minus the sign of d_e in it
        mask = 1 << 1 if s > 0 else 0
        for r in range(2, _RANKS + 1):
            s = -s - (2 if r == e else 0)
            if s > 0:
                mask |= 1 << r
        out[e] = mask
    return out


def walk_exists(left: list[int], top: int, wrap: bool, shifts: list[int], last: int) -> bool:
    """Whether some walk of ranks starting on ``top`` (1-13), each step one rank up or down
    (K and A neighbours when ``wrap``), lands on rank ``r`` exactly ``left[r]`` times and ends
    on a rank of the bitmask ``last`` (the ranks of the columns' bottom cards: the last card
    played is the last of its column).

    Every win plays its cards in such a walk, so when there is none the position is lost
    (argument 4 of :mod:`patience_core.blocks.build_on_waste.solver`). Steps between ranks
    ``r`` and ``r + 1``, counted both ways, make the edge multiplicities of an Euler trail from
    ``top`` to the last rank ``e``: rank ``r`` is met ``d_r = 2 * left[r] + [r = top] - [r = e]``
    times by an edge, and such a trail exists exactly when the multiplicities solving
    ``e_(r-1) + e_r = d_r`` are whole and not negative, and the edges in use join every rank
    left to ``top``. On a path the equations are solved from the end; on the cycle of 13 ranks
    (odd) they have one solution, ``2 e_1 = d_1 + d_2 - d_3 + d_4 - ... + d_12 - d_13``, and
    moving the end from one rank to another changes every ``2 e_r`` by one, up or down
    (``shifts``): so the equations are solved once, with no end, and each end is tried with a
    few mask operations.

    >>> shifts, anywhere = cycle_shifts(), -1
    >>> left = [0] * 14
    >>> left[5], left[6] = 1, 2  # from a 4: 5, 6, and a second 6 with no 5 or 7 to come back on
    >>> walk_exists(left, 4, True, shifts, anywhere)
    False
    >>> left[7] = 1  # 5, 6, 7, 6
    >>> walk_exists(left, 4, True, shifts, anywhere), walk_exists(left, 4, True, shifts, 1 << 7)
    (True, False)
    """
    ranks = 0
    for r in range(1, _RANKS + 1):
        if left[r]:
            ranks |= 1 << r
    if not ranks:
        return True
    if not wrap:
        return _path_walk(left, top, ranks, ranks & last)
    # b: twice the edge counts with no end yet (odd numbers: the end moves each by one)
    b = 2 * left[1] + (top == 1)
    for r in range(2, _RANKS + 1):
        d = 2 * left[r] + (r == top)
        if r & 1:
            b -= d
        else:
            b += d
    short = 0  # edges at -1: the end must raise them
    tight = 0  # edges at +1: an end that lowers one leaves the edge unused
    r = 1
    while True:
        if b < 0:
            if b < -1:
                return False
            short |= 1 << r
        elif b == 1:
            tight |= 1 << r
        if r == _RANKS:
            break
        r += 1
        b = 2 * (2 * left[r] + (r == top)) - b
    met = ranks | 1 << top
    ends = ranks & last
    while ends:
        low = ends & -ends
        ends ^= low
        up = shifts[low.bit_length() - 1]
        if short & ~up:
            continue
        unused = short | (tight & ~up)
        if not unused & (unused - 1):
            return True  # at most one edge unused: the cycle less one edge is still joined
        # The ranks met must lie on one arc between unused edges (edge r joins r and r + 1).
        v = (unused & -unused).bit_length() - 1
        arcs = 0
        seen = False
        for _ in range(_RANKS):
            v = v % _RANKS + 1
            if met >> v & 1:
                seen = True
            if unused >> v & 1:
                if seen:
                    arcs += 1
                seen = False
        if arcs <= 1:
            return True
    return False


def _path_walk(left: list[int], top: int, ranks: int, ends: int) -> bool:
    """:func:`walk_exists` without wrap: edges 1-2 ... 12-13, solved from rank 1 for each end."""
    met = ranks | 1 << top
    lo = (met & -met).bit_length() - 1
    hi = met.bit_length() - 1
    while ends:
        low = ends & -ends
        ends ^= low
        e = low.bit_length() - 1
        edge = 0  # the count of the edge below rank r
        ok = True
        for r in range(1, _RANKS + 1):
            d = 2 * left[r] + (r == top) - (r == e)
            edge = d - edge  # now the edge above r
            if edge < 0 or (edge == 0 and lo <= r < hi):
                ok = False
                break
        if ok and edge == 0:
            return True
    return False


def search(
    ncol: int,
    depth: int,
    rank_at: list[int],
    heights: list[int],
    top: int,
    wrap: bool,
    weight: list[int],
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
) -> tuple[int, int]:
    """Search from the position; return (NO_WIN, WON or STOPPED, positions searched).

    ``rank_at[c * depth + k]``: the rank of column ``c``'s card ``k`` (0 is the bottom card,
    the last to be free); ``heights``: the cards left in each column; ``top``: the waste top's
    rank, 0 for an empty waste, which takes any card. ``weight[c * (depth + 1) + k]``: what
    column ``c`` holding ``k`` cards adds to the position's number (0 for ``k = 0``); equal for
    two columns whose first ``k`` cards have the same ranks, so positions that differ only by
    such columns share a number. ``deadline``: a ``time.perf_counter()`` value, or 0 for none.
    A won line is written to ``line``: the column of each card played. ``check_memory(nodes)``
    is called as it starts and every :data:`MEMORY_EVERY` positions, and stops the search by
    raising.
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    nb = neighbours(wrap)
    shifts = cycle_shifts()
    h = list(heights)
    left = [0] * (_RANKS + 1)
    by_rank = [0] * (_RANKS + 1)  # by_rank[r]: the columns whose free card has rank r, a bitmask
    key = 0
    cards = 0
    stride = depth + 1
    for c in range(ncol):
        for k in range(h[c]):
            left[rank_at[c * depth + k]] += 1
        if h[c]:
            by_rank[rank_at[c * depth + h[c] - 1]] |= 1 << c
        key += weight[c * stride + h[c]]
        cards += h[c]
    bottoms = [0] * (_RANKS + 1)  # the columns left whose bottom card has each rank
    last = 0
    for c in range(ncol):
        if h[c]:
            bottoms[rank_at[c * depth]] += 1
            last |= 1 << rank_at[c * depth]
    nodes = 1
    if not cards:
        return WON, nodes
    if top and not walk_exists(left, top, wrap, shifts, last):
        return NO_WIN, nodes
    score = [0] * ncol
    # Positions proved lost, key << 4 | top: a shift, as mypyc multiplies only small numbers inline.
    lost: set[int] = set()
    levels = cards + 1
    cand = [0] * (levels * ncol)  # the moves of each level of the path, in the order tried
    count = [0] * levels
    at = [0] * levels
    tops = [0] * levels
    keys = [0] * levels
    tops[0] = top
    keys[0] = key
    level = 0
    status = NO_WIN
    fresh = True
    while True:
        if fresh:
            fresh = False
            t = tops[level]
            fit = 0
            m = nb[t]
            while m:
                low = m & -m
                m ^= low
                same = by_rank[low.bit_length() - 1]
                fit |= same
                if same & (same - 1):
                    fit &= ~_waiting(same, h, rank_at, depth)
            # The free cards that fit, from the fullest column (its cards are the most buried),
            # then those with the most cards left to go on them.
            base = level * ncol
            n = 0
            while fit:
                low = fit & -fit
                fit ^= low
                c = low.bit_length() - 1
                hc = h[c]
                m = nb[rank_at[c * depth + hc - 1]]
                room = 0
                while m:
                    bit = m & -m
                    m ^= bit
                    room += left[bit.bit_length() - 1]
                score[c] = hc << 16 | room  # ties: the lower column first
                i = base + n
                while i > base and score[cand[i - 1]] < score[c]:
                    cand[i] = cand[i - 1]
                    i -= 1
                cand[i] = c
                n += 1
            count[level] = n
            at[level] = 0
        if at[level] < count[level]:
            c = cand[level * ncol + at[level]]
            at[level] += 1
            k = h[c]
            r = rank_at[c * depth + k - 1]
            child = keys[level] - weight[c * stride + k] + weight[c * stride + k - 1]
            if child == 0:
                line.append(c)
                status = WON
                break
            if child << 4 | r in lost:
                continue
            nodes += 1
            if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
                status = STOPPED
                break
            if not nodes & _MEMORY_MASK:
                check_memory(nodes)
            left[r] -= 1
            if k == 1:
                bottoms[r] -= 1
                if not bottoms[r]:
                    last ^= 1 << r
            if not walk_exists(left, r, wrap, shifts, last):
                left[r] += 1
                if k == 1:
                    if not bottoms[r]:
                        last ^= 1 << r
                    bottoms[r] += 1
                lost.add(child << 4 | r)
                continue
            h[c] = k - 1
            by_rank[r] ^= 1 << c
            if k > 1:
                by_rank[rank_at[c * depth + k - 2]] |= 1 << c
            line.append(c)
            level += 1
            tops[level] = r
            keys[level] = child
            fresh = True
            continue
        # Every move from here is lost or leads to a lost position: so is this one.
        if level == 0:
            break
        lost.add(keys[level] << 4 | tops[level])
        level -= 1
        c = line.pop()
        k = h[c]
        if k:
            by_rank[rank_at[c * depth + k - 1]] ^= 1 << c
        r = rank_at[c * depth + k]
        by_rank[r] |= 1 << c
        left[r] += 1
        if not k:
            if not bottoms[r]:
                last ^= 1 << r
            bottoms[r] += 1
        h[c] = k + 1
    return status, nodes


def _waiting(same: int, h: list[int], rank_at: list[int], depth: int) -> int:
    """Of the columns ``same`` (a bitmask), whose free cards have one rank, those whose card
    waits (argument 6): column ``x`` waits for column ``y`` when the ranks of ``x``'s cards,
    from its free card down, are those of ``y``'s as far as ``x`` goes (and ``x`` comes later,
    when the two are alike to the bottom)."""
    out = 0
    rest = same
    while rest:
        lx = rest & -rest
        rest ^= lx
        x = lx.bit_length() - 1
        hx = h[x]
        others = same ^ lx
        while others:
            ly = others & -others
            others ^= ly
            y = ly.bit_length() - 1
            hy = h[y]
            if hy < hx or (hy == hx and y > x):
                continue
            j = 0
            while j < hx - 1 and rank_at[x * depth + j] == rank_at[y * depth + hy - hx + j]:
                j += 1
            if j == hx - 1:
                out |= lx
                break
    return out

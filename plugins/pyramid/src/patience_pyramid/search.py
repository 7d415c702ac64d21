"""The Pyramid solver's search, on ranks packed into integers.

The arguments that make it sound are in :mod:`patience_pyramid.solver`, which reads the game,
calls :func:`search_deal` and turns the choices it returns into moves. This module imports
nothing of the packages, so it compiles on its own: with mypyc where the install found a C
compiler, as plain Python everywhere else, with the same positions searched in the same order
(``patience_core.solver.builds``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

NO_WIN: Final = 0
WON: Final = 1
STOPPED: Final = 2
MEMORY_EVERY: Final = 1 << 14
"""Positions between two calls of ``check_memory`` (the core's ``CHECK_EVERY``)."""
_MEMORY_MASK: Final = MEMORY_EVERY - 1

# Where a removed card comes from, in the line the search records.
_DRAWN: Final = 100
_TOP: Final = 101
_UNDER: Final = 102
"""The card under the waste top (Aisleriot's wastes: it pairs with the top)."""
_OLDEST: Final = 103
"""The oldest card of the waste (Aisleriot's Yield), at its bottom."""

# What is in reach of the waste (``mode``): the drawn card apart and the waste top (P6), the
# waste top alone with the card under it pairing with the top (Aisleriot's Thirteen), or that
# and the waste's oldest card, at its bottom (Aisleriot's Yield). In the last two the drawn
# flag is always 0.
DRAWN_AND_TOP: Final = 0
TOP_ONLY: Final = 1
TOP_AND_OLDEST: Final = 2

UNLIMITED: Final = 0
"""``passes`` for passes without limit (King Tut's)."""


SUM_13_FITS: Final = [0, *(1 << (13 - r) for r in range(1, 13)), 0]
"""Pyramid's pairs: ``fits[r]`` has bit s set when ranks r and s pair (they sum to 13)."""

# A position to try: present, waste, drawn, stock, pass, count, the two ranks removed (r | s << 4,
# 0 for a card alone, negated for a forced pair), choice.
Child = tuple[int, int, int, int, int, int, int, tuple[int, ...]]


def _fit_count(count: int, ranks: int) -> int:
    """The cards ``count`` holds (4 bits a rank) of the ranks set in ``ranks``."""
    total = 0
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        total += count >> ((low.bit_length() - 1) << 2) & 15
    return total


class _Stop(Exception):
    pass


def _nibbles(ranks: list[int]) -> int:
    """Ranks packed 4 bits each, the first lowest."""
    out = 0
    for rank in reversed(ranks):
        out = out << 4 | rank
    return out


def _dig_table() -> dict[tuple[int, int, int, int], int]:
    """Pruning 5 for one rank pair (r, s = 13 - r): for L_r, L_s pyramid cards and F_r, F_s
    cards still to be drawn (with the drawn card), the bitmask over (W_r, W_s) (bit 5*W_r + W_s)
    of the popped waste counts that can all be paired. Pyramid cards pair k of them among
    themselves (k <= min(L_r, L_s), a bound on the compatible matching), the rest with popped
    waste cards or cards to be drawn; a popped waste card pairs with a pyramid card or a card
    to be drawn."""
    table = {}
    for lr in range(5):
        for ls in range(5):
            for fr in range(5):
                for fs in range(5):
                    mask = 0
                    for wr in range(5):
                        for ws in range(5):
                            if _pairs_fit(lr, ls, wr, ws, fr, fs):
                                mask |= 1 << (5 * wr + ws)
                    table[(lr, ls, fr, fs)] = mask
    return table


def _pairs_fit(lr: int, ls: int, wr: int, ws: int, fr: int, fs: int) -> bool:
    for k in range(min(lr, ls) + 1):
        for us in range(min(ws, lr - k) + 1):  # popped s-cards taken by pyramid r-cards
            vs = lr - k - us  # pyramid r-cards paired with s-cards still to be drawn
            if vs > fs:
                continue
            for ur in range(min(wr, ls - k) + 1):
                vr = ls - k - ur
                if vr <= fr and ws - us <= fr - vr and wr - ur <= fs - vs:
                    return True
    return False


_DIG = _dig_table()
_DIG_FLAT: Final = [
    _DIG[(lr, ls, fr, fs)] for lr in range(5) for ls in range(5) for fr in range(5) for fs in range(5)
]  # the same, at ((L_r * 5 + L_s) * 5 + F_r) * 5 + F_s: a list lookup, no tuple to build


def _counts(ranks: int) -> int:
    """How many of each rank ``ranks`` (4 bits a card) holds, 4 bits a rank."""
    out = 0
    while ranks:
        out += 1 << ((ranks & 15) << 2)
        ranks >>= 4
    return out


def _dig_possible(layouts: int, waste: int, drawn: int, stock: int, dig: list[int]) -> bool:
    """Pruning 5 (relaxed win, last pass), on packed integers alone: ``layouts`` the pyramid
    cards left of each rank, 4 bits each; the waste and stock as in the search."""
    ahead = _counts(stock)  # the cards still to be drawn, 4 bits a rank, with the drawn card
    if drawn:
        ahead += 1 << ((waste & 15) << 2)
        waste >>= 4
    fits = [0] * 7
    ok = 0  # the rank pairs that can be paired at the depth reached, a bitmask
    for r in range(1, 7):
        s = 13 - r
        lr = layouts >> 4 * r & 15
        ls = layouts >> 4 * s & 15
        fits[r] = dig[((lr * 5 + ls) * 5 + (ahead >> 4 * r & 15)) * 5 + (ahead >> 4 * s & 15)]
        ok |= (fits[r] & 1) << r  # nothing popped
    popped = 0  # the waste cards popped so far, 4 bits a rank
    while ok != 126 and waste:  # one more card popped at each step; one rank pair changes
        rank = waste & 15
        waste >>= 4
        if rank == 13:
            continue  # a king goes alone and needs no partner
        popped += 1 << 4 * rank
        r = rank if rank < 7 else 13 - rank
        now = fits[r] >> (5 * (popped >> 4 * r & 15) + (popped >> 4 * (13 - r) & 15)) & 1
        ok = ok & ~(1 << r) | now << r
    return ok == 126


def _cut_dead(
    waste: int,
    drawn: int,
    stock: int,
    ranks_left: int,
    strict: bool,
    under: bool,
    fits: list[int],
    alone: int,
) -> tuple[int, int]:
    """Pruning 4 (last pass): a waste card with no partner left (no pyramid card of a rank it
    pairs with, none in the stock or above it on the waste, nor, with ``under`` (Aisleriot's
    Thirteen), the card right under it) never goes, and the waste under it never shows again.
    The waste without those cards and the count of ranks cut off (-1 under the strict win: the
    position is lost). ``fits[r]``: the ranks a card of rank r pairs with, a bit each;
    ``alone``: the ranks that go alone (and pair with nothing)."""
    above = ranks_left
    while stock:
        above |= 1 << (stock & 15)
        stock >>= 4
    shift = 0
    if drawn:
        above |= 1 << (waste & 15)
        shift = 4
    rest = waste >> shift
    while rest >> 4:
        r = rest & 15
        if not alone >> r & 1 and not above & fits[r] and not (under and fits[r] >> (rest >> 4 & 15) & 1):
            if strict:
                return waste, -1
            cut = 0
            buried = rest >> 4
            while buried:
                cut += 1 << 4 * (buried & 15)
                buried >>= 4
            return waste & ((1 << (shift + 4)) - 1), cut
        above |= 1 << r
        rest >>= 4
        shift += 4
    return waste, 0


ADJACENT_FITS: Final = [0, *(sum(1 << s for s in (r - 1, r, r + 1) if 1 <= s <= 13) for r in range(1, 14))]
"""Cheops's pairs: ranks the same or next to each other (no king with an ace)."""


def _fit_steps() -> list[int]:
    """Pruning 7's steps, one rank at a time: at ``((state * 5 + w) * 5 + f) * 5 + keep`` the
    states a rank with ``w`` waste cards and ``f`` others can hand the next rank, which has
    ``keep`` waste cards, from ``state`` (see :func:`_adjacent_fit`), a bit each."""
    steps = [0] * (50 * 125)
    for state in range(50):
        d = state // 10
        s = state // 2 % 5
        for w in range(5):
            for f in range(5):
                room = f - d - (state & 1)  # the others left once the last rank is served
                for keep in range(5):
                    out = 0
                    if s <= w and room >= 0:
                        rest = w - s  # the waste cards the last rank kept nothing for
                        for v in range(min(rest, room) + 1):  # v of them pair within this rank
                            for s2 in range(min(room - v, keep) + 1):
                                out |= 1 << (10 * (rest - v) + 2 * s2 + ((room - v - s2) & 1))
                    steps[((state * 5 + w) * 5 + f) * 5 + keep] = out
    return steps


_FIT_STEPS: Final = _fit_steps()


def _adjacent_fit(waste: int, others: int) -> bool:
    """Pruning 7 (strict win, last pass, pairs of equal or adjacent ranks): whether the cards
    can all be paired when no two waste cards pair. ``waste`` the waste cards, ``others`` the
    other cards (pyramid, drawn, stock), 4 bits a rank (ranks 1-13, at most 4 of each).

    Rank by rank from the ace up: a pair joins one rank to itself or to the next, so all that
    one rank hands the next is ``d`` waste cards still to pair with its other cards, ``s``
    other cards kept for its waste cards, and ``c``, one other card left over to pair with one
    of its other cards (two left over would pair with each other). ``states`` has bit
    ``10 d + 2 s + c`` set for each that some pairing of the ranks so far leaves; all is paired
    when the last rank leaves nothing."""
    steps = _FIT_STEPS
    states = 1
    for r in range(1, 14):
        at = ((waste >> 4 * r & 15) * 5 + (others >> 4 * r & 15)) * 5 + (waste >> 4 * r + 4 & 15)
        after = 0
        while states:
            low = states & -states
            states ^= low
            after |= steps[(low.bit_length() - 1) * 125 + at]
        if not after:
            return False
        states = after
    return bool(states & 1)


def _reverse_nibbles(value: int) -> int:
    out = 0
    while value:
        out = out << 4 | value & 15
        value >>= 4
    return out


def search_deal(
    rank_at: list[int],
    blockers: list[int],
    below: list[int],
    tables: list[list[int]],
    passes: int,
    strict: bool,
    house: bool,
    present: int,
    waste: int,
    drawn: int,
    stock: int,
    pass_no: int,
    count: int,
    node_limit: int,
    deadline: float,
    check_memory: Callable[[int], None],
    mode: int = DRAWN_AND_TOP,
    rank_fits: list[int] | None = None,
    alone: int = 1 << 13,
    shuffle: int = 0,
    draw: int = 1,
) -> tuple[int, int, list[tuple[int, ...]]]:
    """Search from a position; return (NO_WIN, WON or STOPPED, positions searched, choices).

    ``rank_at``, ``blockers`` and ``below`` (:meth:`~patience_core.engine.layout.Layout.below_all`)
    per layout position; ``tables`` the layout's cover tables; the position as in the module
    docstring of :mod:`patience_pyramid.solver`; ``count`` the stock and waste cards of each
    rank, 4 bits each; ``deadline`` a ``time.perf_counter()`` value or 0 for none;
    ``check_memory(nodes)`` is called as it starts and every :data:`MEMORY_EVERY` positions,
    and stops the search by raising (a compiled loop never gives a signal handler the chance
    to). ``mode``: what is
    in reach of the waste (:data:`DRAWN_AND_TOP`, :data:`TOP_ONLY`, :data:`TOP_AND_OLDEST`).
    ``rank_fits[r]`` (ranks 0-13) has bit s set when ranks r and s pair, ``alone`` bit r when a card
    of rank r goes by itself; by default Pyramid's, pairs summing to 13 and kings alone. A rank
    that goes alone must pair with nothing (pruning 1 counts on it). ``shuffle``: 0 for the
    usual order of the pairs tried from a position, else the seed of a shuffled one (the same
    positions are reached, so "no win" is as sound; only which win comes first changes).
    ``draw``: the cards a draw turns onto the waste; with more than one there is no drawn card
    apart (``drawn`` stays 0), only the last one turned is in reach.

    ``passes`` 0: passes without limit, where a redeal follows only a pass that removed a
    card (:data:`UNLIMITED`). ``pass_no`` then says only that: 0 when this pass has removed a
    card, 1 when not yet. The same position with 0 can do all it can with 1 and may also
    redeal, so pruning 6 (the smaller value dominates) holds for it as for passes counted.
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    rng = random.Random(shuffle) if shuffle else None
    fits: list[int] = list(SUM_13_FITS) if rank_fits is None else rank_fits
    # Prunings 2 and 5 are counted for Pyramid's pairs (a rank pairs with one rank, 13 less it);
    # other pair rules get the looser checks of pruning 2 that hold for any rule.
    sum13 = fits == SUM_13_FITS and alone == 1 << 13
    n = len(rank_at)
    unlimited = passes == UNLIMITED
    # Several cards a draw, with a redeal to come: a stock card removed sooner shifts every card
    # after it in the next pass to another group of the draws, so taking it at once (prunings 1
    # and 3) may lose a win. Those prunings then keep to the pyramid.
    regroup = draw > 1
    aisleriot = mode != DRAWN_AND_TOP
    oldest_too = mode == TOP_AND_OLDEST
    layout_rank = [0] * 15
    for p, r in enumerate(rank_at):
        layout_rank[r] |= 1 << p
    covers = [0] * n  # what each position lies on directly
    for q, mask in enumerate(blockers):
        for p in range(n):
            if mask >> p & 1:
                covers[p] |= 1 << q
    line_of_cover = list(below)
    for p in range(n):
        for q in range(n):
            if line_of_cover[q] >> p & 1:
                line_of_cover[p] |= 1 << q
    fit_cards = [0] * 14  # the pyramid positions a card of each rank pairs with
    for r in range(1, 14):
        for s in range(1, 14):
            if fits[r] >> s & 1:
                fit_cards[r] |= layout_rank[s]
    compatible = [0] * n  # pruning 2: pyramid partners not on the card's line of cover
    pair_from = [0] * n  # the partners each pair of free pyramid cards is listed from, once
    for p, r in enumerate(rank_at):
        if fits[r]:
            partners = fit_cards[r] & ~(1 << p)
            touching = partners & (blockers[p] | covers[p]) if house else 0
            compatible[p] = partners & ~line_of_cover[p] | touching
            for q in range(n):
                if partners >> q & 1 and (rank_at[q] > r or (rank_at[q] == r and q > p)):
                    pair_from[p] |= 1 << q
    zeros = [0] * 4096
    t0 = tables[0]
    t1 = tables[1] if len(tables) > 1 else zeros
    t2 = tables[2] if len(tables) > 2 else zeros
    more = tables[3:]
    kings = 0  # the pyramid cards that go alone (Pyramid's kings)
    for r in range(1, 14):
        if alone >> r & 1:
            kings |= layout_rank[r]
    # Pruning 5's table counts at most four cards of a rank (one deck): with several decks it is
    # left out, which only searches more.
    digging = all(layout_rank[r].bit_count() + (count >> 4 * r & 15) <= 4 for r in range(1, 14))
    # Pruning 7: Cheops's pairs (equal or adjacent ranks), one pass, every card to go, one deck.
    # With one pass the stock is always an end of the first: its counts go by its length.
    adjacent = strict and not aisleriot and fits == ADJACENT_FITS and not alone and digging and passes == 1
    ends = [_counts(stock >> 4 * k) for k in range(((stock.bit_length() + 3) >> 2) + 1)] if adjacent else []
    ends.reverse()  # the counts of the stock's last k cards, at k
    # The pyramid cards of each rank in each subset of 12 positions, 4 bits a rank.
    chunks = [[0] * 4096 for _ in range((n + 11) // 12)] if adjacent else []
    for k, chunk in enumerate(chunks):
        for sub in range(1, 4096):
            low = sub & -sub
            p = 12 * k + low.bit_length() - 1
            chunk[sub] = chunk[sub ^ low] + (1 << 4 * rank_at[p] if p < n else 0)
    # The key of a position: present (n bits), drawn (1), the waste's size in ranks (9 bits: up
    # to 416 cards), the waste, the stock.
    size_at = n + 1
    waste_at = n + 10
    # The cards a pair of two free pyramid cards is listed from: its lower rank (Pyramid's A-6).
    low_ranks = 0
    for p in range(n):
        if pair_from[p]:
            low_ranks |= 1 << p
    seen: dict[int, int] = {}  # position, less its pass -> the earliest pass it was entered in
    nodes = 0

    matchings: dict[int, int] = {}

    def matching(left: int, right: int) -> int:
        key = left | right << n
        size = matchings.get(key)
        if size is None:
            size = matchings[key] = _matching(left, right)
        return size

    def _matching(left: int, right: int) -> int:
        # Largest set of compatible pyramid pairs between two small sets (augmenting paths).
        match: dict[int, int] = {}

        def augment(p: int, tried: list[int]) -> bool:
            options = compatible[p] & right
            while options:
                low = options & -options
                options ^= low
                q = low.bit_length() - 1
                if tried[0] & low:
                    continue
                tried[0] |= low
                if q not in match or augment(match[q], tried):
                    match[q] = p
                    return True
            return False

        size = 0
        while left:
            low = left & -left
            left ^= low
            if augment(low.bit_length() - 1, [0]):
                size += 1
        return size

    def partners_suffice(present: int, count: int, r: int) -> bool:
        s = 13 - r
        lr = present & layout_rank[r]
        ls = present & layout_rank[s]
        sr = count >> 4 * r & 15
        ss = count >> 4 * s & 15
        nr, ns = lr.bit_count(), ls.bit_count()
        if strict and nr + sr != ns + ss:
            return False
        need = max(nr - ss, ns - sr)
        return need <= 0 or matching(lr, ls) >= need

    def stock_partners(present: int, count: int, c: int) -> int:
        # The partners a stock or waste card of rank c has left: the pyramid cards and the
        # other stock and waste cards it pairs with.
        return (present & fit_cards[c]).bit_count() + _fit_count(count, fits[c]) - (fits[c] >> c & 1)

    def partners_left(present: int, count: int, ranks: int) -> bool:
        """Pruning 2 for any pair rule, on the ranks set in ``ranks``: each pyramid card must
        have a partner left (a compatible pyramid card, or a stock or waste card); under the
        strict win, so must each stock and waste card."""
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            t = low.bit_length() - 1
            if alone >> t & 1:
                continue
            ahead = _fit_count(count, fits[t])
            if not ahead:
                cards = present & layout_rank[t]
                while cards:
                    bit = cards & -cards
                    cards ^= bit
                    if not present & compatible[bit.bit_length() - 1]:
                        return False
            if strict and count >> 4 * t & 15 and stock_partners(present, count, t) < 1:
                return False
        return True

    def groups_even(present: int, count: int) -> bool:
        """Pruning 2 under the strict win, for any pair rule: pairs join ranks that pair, so
        each group of ranks held that pair among themselves (through others held) must hold an
        even number of cards to be removed to the last."""
        held = 0
        for t in range(1, 14):
            if not alone >> t & 1 and (present & layout_rank[t] or count >> 4 * t & 15):
                held |= 1 << t
        while held:
            group = held & -held
            frontier = group
            total = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                t = low.bit_length() - 1
                total += (present & layout_rank[t]).bit_count() + (count >> 4 * t & 15)
                more = fits[t] & held & ~group
                group |= more
                frontier |= more
            if total & 1:
                return False
            held &= ~group
        return True

    def suffice(present: int, count: int, pair: int) -> bool:
        """Pruning 2 after the removal of a pair of ranks ``pair`` (r | s << 4)."""
        r = pair & 15
        s = pair >> 4
        if sum13:
            return partners_suffice(present, count, r if r < 7 else s)
        if not partners_left(present, count, fits[r] | fits[s]):
            return False
        gone = not (present & layout_rank[r] or count >> 4 * r & 15) or not (
            present & layout_rank[s] or count >> 4 * s & 15
        )
        if strict and gone:
            return groups_even(present, count)  # a rank held no more may split a group
        return True

    counts_of_layout: dict[int, int] = {}

    def layout_count(present: int) -> int:
        # The pyramid cards left of each rank, 4 bits each.
        out = counts_of_layout.get(present)
        if out is None:
            out = 0
            for r in range(1, 13):
                out |= (present & layout_rank[r]).bit_count() << 4 * r
            counts_of_layout[present] = out
        return out

    def search(
        present: int, waste: int, drawn: int, stock: int, pass_no: int, count: int, left: int
    ) -> list[tuple[int, ...]] | None:
        """The winning choices from the position, or None; ``left``: the ranks still in the pyramid.

        Depth-first on a stack of its own, not Python's: CPython allocates its frame stack in
        chunks and frees one as soon as the depth drops back below it, so a recursion swinging
        across a chunk boundary maps and unmaps memory on every swing.
        """
        nonlocal nodes
        parents: list[tuple[list[Child], int, int]] = []  # children, the next to try, left
        path: list[tuple[int, ...]] = []  # the choice into each position on the way
        while True:
            # Enter the position.
            nodes += 1
            if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
                raise _Stop
            if not nodes & _MEMORY_MASK:
                check_memory(nodes)
            free = _free(present, t0, t1, t2, more)
            # The available stock cards: the drawn one (a) and the waste top (b), 0 for none.
            if drawn:
                a = waste & 15
                b = waste >> 4 & 15
            else:
                a = 0
                b = waste & 15
            # The positions to try: (present, waste, drawn, stock, pass, count, rank pair, choice).
            children: list[Child]
            # A stock card taken at once could lose a win: see ``regroup``.
            early = regroup and (unlimited or pass_no + 1 < passes)
            king = free & kings
            if king:  # Pruning 1: an available king goes at once, alone.
                low = king & -king
                children = [
                    (present ^ low, waste, drawn, stock, pass_no, count, 0, (0, low.bit_length() - 1))
                ]
            elif alone >> a & 1:
                children = [(present, waste >> 4, 0, stock, pass_no, count - (1 << 4 * a), 0, (0, _DRAWN))]
            elif alone >> b & 1 and not early:
                rest = (waste & 15) | (waste >> 8) << 4 if drawn else waste >> 4
                children = [(present, rest, drawn, stock, pass_no, count - (1 << 4 * b), 0, (0, _TOP))]
            elif oldest_too and waste >> 4 and alone >> (waste >> _oldest_shift(waste)) & 1:
                c = waste >> _oldest_shift(waste)
                rest = waste & ~(15 << _oldest_shift(waste))
                children = [(present, rest, 0, stock, pass_no, count - (1 << 4 * c), 0, (0, _OLDEST))]
            else:
                children = pairs(present, free, waste, drawn, stock, pass_no, count, a, b, early)
                if len(children) != 1 or not children[0][6] < 0:
                    if alone >> b & 1:  # a king on the waste, one choice among others (see regroup)
                        children.append(
                            (present, waste >> 4, 0, stock, pass_no, count - (1 << 4 * b), 0, (0, _TOP))
                        )
                    if rng is not None and len(children) > 1:
                        rng.shuffle(children)
                    if stock:
                        # Up to ``draw`` cards turned, the last on top; one alone is the drawn
                        # card apart in P6's waste.
                        turned = waste
                        rest = stock
                        for _ in range(draw):
                            turned = turned << 4 | rest & 15
                            rest >>= 4
                            if not rest:
                                break
                        drawn_apart = int(draw == 1 and not aisleriot)
                        children.append((present, turned, drawn_apart, rest, pass_no, count, 0, (1,)))
                    elif waste and (pass_no == 0 if unlimited else pass_no + 1 < passes):
                        # Turned over, the waste's bottom card is the first drawn again.
                        turned_over = _reverse_nibbles(waste)
                        children.append(
                            (present, 0, 0, turned_over, 1 if unlimited else pass_no + 1, count, 0, (2,))
                        )
            i = 0
            while True:  # the next child worth searching, or back to the parent
                while i < len(children):
                    new_present, new_waste, new_drawn, new_stock, new_pass, new_count, r, choice = children[i]
                    i += 1
                    if unlimited and not choice[0]:
                        new_pass = 0  # this pass has removed a card: it may end in a redeal
                    if r < 0:
                        r = -r  # a forced pair (pruning 3)
                    if not new_present and (not strict or not (new_waste or new_stock)):
                        path.append(choice)
                        return path
                    new_left = left
                    if r:
                        if not new_present & layout_rank[r & 15]:
                            new_left &= ~(1 << (r & 15))
                        if not new_present & layout_rank[r >> 4]:
                            new_left &= ~(1 << (r >> 4))
                    if new_pass + 1 == passes and new_waste >> 8 and not oldest_too:
                        new_waste, cut = _cut_dead(
                            new_waste, new_drawn, new_stock, new_left, strict, aisleriot, fits, alone
                        )
                        if cut < 0:
                            continue
                        new_count -= cut
                    size = (new_waste.bit_length() + 3) >> 2
                    key = (
                        new_present
                        | new_drawn << n
                        | size << size_at
                        | new_waste << waste_at
                        | new_stock << (waste_at + 4 * size)
                    )
                    # Pruning 6: a position entered in an earlier pass dominates it. One
                    # lookup of the (long) key in the usual case: new, or seen in this pass.
                    size = len(seen)
                    earliest = seen.setdefault(key, new_pass)
                    if len(seen) == size:
                        if earliest <= new_pass:
                            continue
                        seen[key] = new_pass
                    if r and not suffice(new_present, new_count, r):
                        continue
                    if (
                        not strict
                        and sum13
                        and digging
                        and not aisleriot
                        and new_pass + 1 == passes
                        and new_waste
                        and not _dig_possible(
                            layout_count(new_present), new_waste, new_drawn, new_stock, _DIG_FLAT
                        )
                    ):
                        continue
                    if adjacent and new_waste >> 4 * new_drawn:  # pruning 7, with a waste
                        ahead = ends[(new_stock.bit_length() + 3) >> 2]
                        if new_drawn:
                            ahead += 1 << ((new_waste & 15) << 2)
                        wc = new_count - ahead  # the waste cards, 4 bits a rank
                        for k, chunk in enumerate(chunks):
                            ahead += chunk[new_present >> 12 * k & 4095]
                        if not _adjacent_fit(wc, ahead):
                            continue
                    parents.append((children, i, left))
                    path.append(choice)
                    present, waste, drawn, stock, pass_no, count, left = (
                        new_present,
                        new_waste,
                        new_drawn,
                        new_stock,
                        new_pass,
                        new_count,
                        new_left,
                    )
                    break
                else:
                    if not parents:
                        return None
                    children, i, left = parents.pop()
                    path.pop()
                    continue
                break

    def pairs(
        present: int,
        free: int,
        waste: int,
        drawn: int,
        stock: int,
        pass_no: int,
        count: int,
        a: int,
        b: int,
        early: bool,
    ) -> list[Child]:
        """Every available pair as a position to try; a forced one (pruning 3) alone, its ranks
        negated: a pair with a card that must go and has no other partner left. With ``early``
        no pair with a stock card is forced: taken now, not later, it changes how the next pass
        groups the draws."""
        out: list[Child] = []
        # Each pair of two free cards is found from its lower card (Pyramid's ranks A-6; of two
        # cards of one rank, the first in the layout); a house-rule pair from its free card,
        # whatever its rank, as the other one is not free.
        mask = free if house else free & low_ranks
        while mask:
            low = mask & -mask
            mask ^= low
            p = low.bit_length() - 1
            r = rank_at[p]
            others = free & pair_from[p]
            if house:
                for q in range(n):
                    # The house rule of P7: a card only the free card still covers.
                    if covers[p] >> q & 1 and fits[r] >> rank_at[q] & 1 and blockers[q] & present == low:
                        others |= (1 << q) & present
            if not others:
                continue
            alone_p = (present & compatible[p]).bit_count() + _fit_count(count, fits[r]) == 1
            while others:
                olow = others & -others
                others ^= olow
                q = olow.bit_length() - 1
                s = rank_at[q]
                code = r | s << 4
                if alone_p or (present & compatible[q]).bit_count() + _fit_count(count, fits[s]) == 1:
                    return [(present ^ low ^ olow, waste, drawn, stock, pass_no, count, -code, (0, p, q))]
                out.append((present ^ low ^ olow, waste, drawn, stock, pass_no, count, code, (0, p, q)))
        for slot, c in ((_DRAWN, a), (_TOP, b)):
            if not c:
                continue
            if slot == _DRAWN:
                rest, new_drawn = waste >> 4, 0
            else:
                rest, new_drawn = ((waste & 15) | (waste >> 8) << 4 if drawn else waste >> 4), drawn
            alone_c = strict and stock_partners(present, count, c) == 1
            less = count - (1 << 4 * c)
            mask = free & fit_cards[c]
            while mask:
                low = mask & -mask
                mask ^= low
                p = low.bit_length() - 1
                r = rank_at[p]
                code = r | c << 4
                if not early and (
                    alone_c or (present & compatible[p]).bit_count() + _fit_count(count, fits[r]) == 1
                ):
                    return [(present ^ low, rest, new_drawn, stock, pass_no, less, -code, (0, p, slot))]
                out.append((present ^ low, rest, new_drawn, stock, pass_no, less, code, (0, p, slot)))
        if a and b and fits[a] >> b & 1:
            pair = (
                present,
                waste >> 8,
                0,
                stock,
                pass_no,
                count - (1 << 4 * a) - (1 << 4 * b),
                a | b << 4,
                (0, _DRAWN, _TOP),
            )
            if strict and any(stock_partners(present, count, c) == 1 for c in (a, b)):
                return [(*pair[:6], -(a | b << 4), pair[7])]
            out.append(pair)
        if aisleriot and waste >> 4:
            u = waste >> 4 & 15  # the card under the top pairs with the top
            if fits[b] >> u & 1:
                forced = strict and not early and any(stock_partners(present, count, c) == 1 for c in (b, u))
                less = count - (1 << 4 * b) - (1 << 4 * u)
                code = -(b | u << 4) if forced else b | u << 4
                pair = (present, waste >> 8, 0, stock, pass_no, less, code, (0, _TOP, _UNDER))
                if forced:
                    return [pair]
                out.append(pair)
        if oldest_too and waste >> 4:  # the oldest of two cards or more (of one, it is the top)
            shift = _oldest_shift(waste)
            c = waste >> shift
            rest = waste & ~(15 << shift)
            alone_c = strict and stock_partners(present, count, c) == 1
            less = count - (1 << 4 * c)
            mask = free & fit_cards[c]
            while mask:
                low = mask & -mask
                mask ^= low
                p = low.bit_length() - 1
                r = rank_at[p]
                code = r | c << 4
                if alone_c or (present & compatible[p]).bit_count() + _fit_count(count, fits[r]) == 1:
                    return [(present ^ low, rest, 0, stock, pass_no, less, -code, (0, p, _OLDEST))]
                out.append((present ^ low, rest, 0, stock, pass_no, less, code, (0, p, _OLDEST)))
            if fits[b] >> c & 1 and waste >> 8:  # of two cards, the pair of the top two above
                forced = alone_c or (strict and stock_partners(present, count, b) == 1)
                code = -(b | c << 4) if forced else b | c << 4
                pair = (present, rest >> 4, 0, stock, pass_no, less - (1 << 4 * b), code, (0, _TOP, _OLDEST))
                if forced:
                    return [pair]
                out.append(pair)
        return out

    line: list[tuple[int, ...]] | None = []
    try:
        if not present and (not strict or not (waste or stock)):
            status = WON
        elif (
            not all(partners_suffice(present, count, r) for r in range(1, 7))
            if sum13
            else not partners_left(present, count, 0x3FFE) or (strict and not groups_even(present, count))
        ):
            status = NO_WIN
        else:
            left = 0
            for r in range(1, 14):
                if present & layout_rank[r]:
                    left |= 1 << r
            line = search(present, waste, drawn, stock, pass_no, count, left)
            status = NO_WIN if line is None else WON
    except _Stop:
        status = STOPPED
    return status, nodes, line or []


def _oldest_shift(waste: int) -> int:
    """Where the waste's oldest card lies in it: the shift of its highest nibble (ranks are
    never 0, so every card's nibble is not)."""
    return ((waste.bit_length() + 3) >> 2 << 2) - 4


def _free(present: int, t0: list[int], t1: list[int], t2: list[int], more: list[list[int]]) -> int:
    """The cards of ``present`` that nothing present covers (the layout's cover tables inlined).

    Its twin is in :mod:`patience_core.blocks.build_on_waste.search`, on purpose: each search compiles
    on its own (and falls back to plain Python on its own), and a call into another compiled
    module would be a Python call once a position."""
    covered = t0[present & 4095] | t1[present >> 12 & 4095] | t2[present >> 24 & 4095]
    shift = 36
    for table in more:
        covered |= table[present >> shift & 4095]
        shift += 12
    return present & ~covered

"""A fast full-information solver for Pyramid, offered through the ``solve_full_information`` hook.

The position is four integers: ``present`` (pyramid cards left, a bitmask), ``gone`` (stock
cards removed, a bitmask over their places in the deal's stock), ``cursor`` (the deal-stock
place of the next card to draw) and ``pass_no``. This is the whole state because the stock is
always the deal's stock order with the removed cards left out: a pass draws the cards in
order, the waste keeps that order, and turning the waste over restores it. So the drawn card is
the card just before ``cursor`` if it is still there, the waste top is the last card before
it, and nothing else needs storing. Suits never matter; the key holds no cards at all.

Sound pruning, each argued here and tested against the generic solver:

1. A king that is available may be removed at once, and the search tries nothing else. Kings
   pair with nothing, so a king only ever blocks: the cards under it in the pyramid, or the
   waste card under it. Any winning line from the position with the king still there, minus
   the king's removal, is legal without it (every card it uses is at least as available) and
   reaches the same end.
2. A card whose every remaining partner (the cards of rank 13 minus its rank) lies in the
   pyramid above or below it, on the same line of cover, can never be removed: one of the two
   must be gone before the other is free (P7). The position is lost if such a card must still
   be removed (a pyramid card always; a stock card when the win is "all"). Under the house
   rule a card covered only by its partner may still pair with it, so partners that touch are
   then not counted as blocked. Only removals can take a partner away, so this is checked at
   the root and then for the ranks of each pair removed.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

from patience_core import REDEAL, Move, SolveResult, hookimpl
from patience_core.cards import RANK_OF
from patience_core.moves import DRAW
from patience_core.solver import NO_WIN, UNKNOWN, WON

if TYPE_CHECKING:
    from patience_core import Game


Ranks = tuple[int, ...]


class _Stop(Exception):
    pass


@hookimpl
def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    from patience_pyramid import Pyramid

    if type(game.rules) is not Pyramid:
        return None
    return solve(game, node_limit, time_limit)


def solve(game: Game, node_limit: int, time_limit: float | None) -> SolveResult:
    """Solve a Pyramid game from its current position, seeing every card."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    rules, table = game.rules, game.table
    layout = table.layout
    n = len(layout)
    cards = table.cards
    deal_stock = game.deal.indices[n:]
    nstock = len(deal_stock)
    full_stock = (1 << nstock) - 1
    place = {card: i for i, card in enumerate(deal_stock)}
    srank = [RANK_OF[c] for c in deal_stock]
    rank_at = [RANK_OF[c] for c in cards]
    layout_rank = [0] * 14  # layout positions holding each rank
    stock_rank = [0] * 14  # stock places holding each rank
    for p, r in enumerate(rank_at):
        layout_rank[r] |= 1 << p
    for i, r in enumerate(srank):
        stock_rank[r] |= 1 << i
    kings = layout_rank[13]
    passes = rules.passes
    strict = rules.options["win"] == "all"
    house = bool(rules.options["pair_with_covered"])
    blockers = layout.blockers
    covers = [0] * n  # positions each position lies on directly
    for q, mask in enumerate(blockers):
        for p in range(n):
            if mask >> p & 1:
                covers[p] |= 1 << q
    # Pruning 2: the layout partners that are not on one line of cover with each card.
    related = [layout.below_all(p) for p in range(n)]
    for p in range(n):
        for q in range(n):
            if related[q] >> p & 1:
                related[p] |= 1 << q
    touching = [blockers[p] | covers[p] for p in range(n)]
    partners_ok = [
        layout_rank[13 - r] & ~related[p] | (layout_rank[13 - r] & touching[p] if house else 0)
        if r != 13
        else 0
        for p, r in enumerate(rank_at)
    ]
    tables = layout._tables
    t0, t1, t2 = (tables + ((0,) * 4096,) * 3)[:3]
    covered = layout.covered_mask
    three = len(tables) <= 3
    seen: set[int] = set()
    line: list[Move] = []
    nodes = 0

    def dead(present: int, gone: int, ranks: tuple[int, ...]) -> bool:
        # Pruning 2 for the cards of these ranks that are still to be removed.
        for r in ranks:
            if r == 13:
                continue
            stock_partners = stock_rank[13 - r] & ~gone
            mask = present & layout_rank[r]
            while mask:
                low = mask & -mask
                mask ^= low
                if not stock_partners and not present & partners_ok[low.bit_length() - 1]:
                    return True
            if strict and stock_rank[r] & ~gone and not stock_partners and not present & layout_rank[13 - r]:
                return True
        return False

    def won(present: int, gone: int) -> bool:
        return not present and (not strict or gone == full_stock)

    def visit(present: int, gone: int, cursor: int, pass_no: int, move: Move) -> bool:
        key = present | gone << 28 | cursor << 52 | pass_no << 58
        if key in seen:
            return False
        seen.add(key)
        if dfs(present, gone, cursor, pass_no):
            line.append(move)
            return True
        return False

    def remove(
        present: int, gone: int, cursor: int, pass_no: int, move: Move, ranks: tuple[int, ...]
    ) -> bool:
        if won(present, gone):
            line.append(move)
            return True
        if dead(present, gone, ranks):
            return False
        return visit(present, gone, cursor, pass_no, move)

    def dfs(present: int, gone: int, cursor: int, pass_no: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes >= node_limit or (
            deadline is not None and not nodes & 4095 and time.perf_counter() > deadline
        ):
            raise _Stop
        if three:
            free = present & ~(t0[present & 4095] | t1[present >> 12 & 4095] | t2[present >> 24 & 4095])
        else:
            free = present & ~covered(present)
        before = full_stock & ~gone & ((1 << cursor) - 1)
        drawn = top = -1
        if before:
            hi = before.bit_length() - 1
            if hi == cursor - 1:
                drawn = hi
                rest = before ^ (1 << hi)
                top = rest.bit_length() - 1 if rest else -1
            else:
                top = hi
        # Pruning 1: an available king goes at once, alone.
        king = free & kings
        if king:
            low = king & -king
            card = cards[low.bit_length() - 1]
            return remove(present ^ low, gone, cursor, pass_no, Move.of_cards(card), ())
        for slot in (drawn, top):
            if slot >= 0 and srank[slot] == 13:
                return remove(present, gone | 1 << slot, cursor, pass_no, Move.of_cards(deal_stock[slot]), ())
        # Pairs in the pyramid, then with the drawn card, the waste top, and drawn with top.
        mask = free
        while mask:
            low = mask & -mask
            mask ^= low
            p = low.bit_length() - 1
            r = rank_at[p]
            others = free & layout_rank[13 - r] & ~((low << 1) - 1)
            if house:
                for q_bit in _bits(covers[p] & present & layout_rank[13 - r]):
                    if blockers[q_bit.bit_length() - 1] & present == low:
                        others |= q_bit
            while others:
                olow = others & -others
                others ^= olow
                move = Move.of_cards(cards[p], cards[olow.bit_length() - 1])
                if remove(present ^ low ^ olow, gone, cursor, pass_no, move, (r, 13 - r)):
                    return True
        for slot in (drawn, top):
            if slot < 0:
                continue
            r = srank[slot]
            mask = free & layout_rank[13 - r]
            while mask:
                low = mask & -mask
                mask ^= low
                move = Move.of_cards(deal_stock[slot], cards[low.bit_length() - 1])
                if remove(present ^ low, gone | 1 << slot, cursor, pass_no, move, (r, 13 - r)):
                    return True
        if drawn >= 0 and top >= 0 and srank[drawn] + srank[top] == 13:
            move = Move.of_cards(deal_stock[drawn], deal_stock[top])
            if remove(
                present, gone | 1 << drawn | 1 << top, cursor, pass_no, move, (srank[drawn], srank[top])
            ):
                return True
        after = full_stock & ~gone & ~((1 << cursor) - 1)
        if after:
            nxt = (after & -after).bit_length() - 1
            return visit(present, gone, nxt + 1, pass_no, DRAW)
        if pass_no + 1 < passes and before:
            return visit(present, gone, 0, pass_no + 1, REDEAL)
        return False

    # The current position in these terms.
    present = table.present
    gone = 0
    for card in table.removed:
        if card in place:
            gone |= 1 << place[card]
    cursor = place[table.stock[table.stock_pos]] if table.stock_pos < len(table.stock) else nstock
    pass_no = table.passes_used
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 2 * (n + nstock * (passes + 1)) + 100))
    try:
        if won(present, gone):
            verdict = WON
        elif dead(present, gone, tuple(range(1, 13))):
            verdict = NO_WIN
        else:
            seen.add(present | gone << 28 | cursor << 52 | pass_no << 58)
            verdict = WON if dfs(present, gone, cursor, pass_no) else NO_WIN
    except _Stop:
        verdict = UNKNOWN
    finally:
        sys.setrecursionlimit(old_limit)
    moves = tuple(str(m) for m in reversed(line)) if verdict == WON else ()
    return SolveResult(verdict, moves, nodes, time.perf_counter() - start, "pyramid")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out

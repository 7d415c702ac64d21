"""Baroness's own full-information search, declared with the game (``GameSpec(solver=...)``).

Suits never matter in Baroness (pairs sum to 13 by rank, kings go alone), so the search works on
ranks alone. A position is the ranks of the five piles (bottom first), of the two reserves and
of the stock (which deals in a fixed order, so the number of cards left in it says which). While
the stock still deals, pile ``k`` takes the ``k``-th card of every deal, so the piles are kept in
their order; once it is empty nothing tells them apart, and the piles are keyed as a multiset,
the reserves likewise (both are lone cards in reach that never move).

The search is depth-first over the positions reachable from the current one, each entered once
(a set of keys): whether a won position is reachable, so a search that ends with no limit hit
has seen every position reachable and "no win" is proved, cycles (a lone card moved to and fro)
included. Its moves, in the order tried: a pair of cards in reach, a card that uncovers another
onto an empty pile, a deal, a pile's only card onto an empty pile (which only changes what the
next deal covers).

Sound reductions, each argued here and tested against the generic solver:

1. Deleting cards keeps a line legal. If a line from position P removes the cards of a set D
   only by moves that take nothing else (a king alone, a pair within D), then the same line,
   less those moves and less the moves of D's cards onto empty piles, is legal from P without
   D and ends with the same cards removed: every top card outside D is still a top card, every
   empty pile is still empty, and deals put the same cards on the same piles.
2. A king in reach is removed at once, and nothing else is tried. It pairs with nothing, so
   every win removes it alone: by 1 the win less that move wins from the position without it.
3. When a rank's last card and its partner rank's last card are both in reach, the two are
   removed at once. Every win removes all 52 cards and each card pairs only with its partner
   rank, so every win removes these two together: by 1 the rest of it wins without them.
4. Once the stock is empty, moving a pile's only card onto an empty pile changes nothing that
   the key sees (the piles are a multiset), and of several empty piles one is tried: they are
   alike.
5. Once the stock is empty, two cards that pair and lie each alone on a pile (not a reserve)
   are removed at once. Nothing can go onto a card then (only onto an empty pile), so each
   stays alone until it goes. Take a win that removes ``a`` with ``b2`` and, later, ``b`` with
   ``a2``: play it without ``a`` and ``b``, and when it removes ``a`` and ``b2``, move ``b2``
   onto ``b``'s pile, empty here, instead; the ranks then lie as in the win, which goes on
   unchanged, removing ``a2`` with ``b2`` where it removed ``a2`` with ``b``. Until then the
   piles are the win's with ``a`` and ``b`` taken away: its moves stay legal (by 1), and
   ``b``'s pile took nothing in the win while ``b`` lay on it. If ``b2`` lies on a reserve it
   stays there: in reach, covering nothing, while ``b``'s pile is empty, so the win's moves stay
   legal all the same. Likewise the other way round.
6. While no pile is empty, no card moves and a pile empties only once all its cards have gone.
   Call a card free when every card above it (in its pile, now) is free and it is a king or a
   partner of it is free, lies just under the free cards of its pile, or is in the stock (in
   reach once dealt); the free cards are a least fixed point. In a line in which no pile has
   emptied yet, every card that goes is free: the cards above it and above its partner went
   before it (by induction on the moves). So if no pile is all free, none ever empties and only
   free cards ever go: if some card, or a stock card, is not free, the position is lost.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Final

from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DEAL, Move
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.solver.memory import MASK, check_memory

if TYPE_CHECKING:
    from patience_core.engine.game import Game

__all__ = ["solve_baroness"]

_PILES: Final = 5  # t1..t5; 5 and 6 are r1 and r2
_ALL: Final = 7
_LAST_DEAL: Final = 7  # the deal that finds seven cards left fills the reserves too
_KING, _PAIR, _MOVE, _DEAL = 0, 1, 2, 3


def solve_baroness(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Solve Baroness from its current position, seeing every card (see the module docstring);
    None for any other game."""
    from patience_pyramid.baroness import Baroness

    if not isinstance(game.rules, Baroness):
        return None
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    table = game.table
    tpiles = table.piles
    ids = [spec.id for spec in table.specs]
    index = [table.pile_index[name] for name in ("t1", "t2", "t3", "t4", "t5", "r1", "r2")]
    piles: list[list[int]] = [[RANK_OF[c] for c in tpiles[i]] for i in index]
    stock: list[int] = [RANK_OF[c] for c in table.stock]  # the next card to deal last
    counts = [0] * 14
    for p in piles:
        for r in p:
            counts[r] += 1
    for r in stock:
        counts[r] += 1
    left = sum(counts)
    ahead_at = [[0] * 14]  # ahead_at[n]: the ranks of the stock's n cards left (a stock card
    for r in stock:  # is in reach once dealt, so it counts as a partner in reduction 6)
        ahead_at.append(ahead_at[-1][:])
        ahead_at[-1][r] += 1
    path: list[tuple[int, int, int]] = []
    seen: set[bytes] = set()
    pair_ranks: list[int] = []  # the ranks of the forced pairs made, for undo()
    nodes = 0
    stopped = False

    def key() -> bytes:
        if stock:
            return b"\0".join([bytes(p) for p in piles[:_PILES]] + [bytes([len(stock)])])
        rows = sorted([bytes(p) for p in piles[:_PILES]])
        reserves = sorted([bytes(p) for p in piles[_PILES:]])
        return b"\0".join(rows) + b"\x0e" + b"\0".join(reserves)

    def reduce() -> int:
        # Reductions 2, 3 and 5, until none applies: how many moves were made.
        nonlocal left
        made = 0
        again = True
        while again:
            again = False
            for i in range(_ALL):
                p = piles[i]
                if p and p[-1] == 13:
                    p.pop()
                    counts[13] -= 1
                    left -= 1
                    path.append((_KING, i, 13))
                    made += 1
                    again = True
            for i in range(_ALL):
                p = piles[i]
                if not p:
                    continue
                r = p[-1]
                s = 13 - r
                # Reduction 3: the last two of a rank pair; reduction 5: two lone cards once the
                # stock is empty.
                last = counts[r] == 1
                lone = not stock and i < _PILES and len(p) == 1
                if not last and not lone:
                    continue
                for j in range(i + 1, _ALL):
                    q = piles[j]
                    if q and q[-1] == s and (last or (j < _PILES and len(q) == 1)):
                        p.pop()
                        q.pop()
                        counts[r] -= 1
                        counts[s] -= 1
                        left -= 2
                        path.append((_PAIR, i, j))
                        pair_ranks.append(r)
                        made += 1
                        again = True
                        break
        return made

    def undo(n: int) -> None:
        nonlocal left
        for _ in range(n):
            kind, i, j = path.pop()
            if kind == _KING:
                piles[i].append(13)
                counts[13] += 1
                left += 1
            else:
                r = pair_ranks.pop()
                piles[i].append(r)
                piles[j].append(13 - r)
                counts[r] += 1
                counts[13 - r] += 1
                left += 2

    def search() -> bool:
        nonlocal nodes, stopped, left
        made = reduce()
        if not left:
            return True
        k = key()
        if k in seen:
            undo(made)
            return False
        seen.add(k)
        if all(piles[:_PILES]) and deadlocked():
            undo(made)
            return False
        nodes += 1
        if nodes >= node_limit:
            stopped = True
            undo(made)
            return False
        if not nodes & MASK:
            check_memory(nodes)
        if deadline and not nodes & 1023 and time.perf_counter() > deadline:
            stopped = True
            undo(made)
            return False
        for choice in children():
            kind, i, j = choice
            if kind == _PAIR:
                r = piles[i].pop()
                s = piles[j].pop()
                counts[r] -= 1
                counts[s] -= 1
                left -= 2
                path.append(choice)
                if search():
                    return True
                path.pop()
                piles[i].append(r)
                piles[j].append(s)
                counts[r] += 1
                counts[s] += 1
                left += 2
            elif kind == _MOVE:
                piles[j].append(piles[i].pop())
                path.append(choice)
                if search():
                    return True
                path.pop()
                piles[i].append(piles[j].pop())
            else:
                dealt = _deal()
                path.append(choice)
                if search():
                    return True
                path.pop()
                for d in range(dealt - 1, -1, -1):
                    stock.append(piles[d].pop())
            if stopped:
                break
        undo(made)
        return False

    def deadlocked() -> bool:
        # Reduction 6: the cards that could go while no pile empties, found as a fixed point;
        # next[d] is the highest card of pile d not (yet) found to be one of them.
        ahead = ahead_at[len(stock)]
        frontier = ahead[:]  # cards of each rank that could go, or could once those above go
        nxt = [len(p) - 1 for p in piles]
        for d in range(_ALL):
            if nxt[d] >= 0:
                frontier[piles[d][nxt[d]]] += 1
        progress = True
        while progress:
            progress = False
            for d in range(_ALL):
                h = nxt[d]
                if h < 0:
                    continue
                p = piles[d]
                while h >= 0 and (p[h] == 13 or frontier[13 - p[h]]):
                    h -= 1
                    if h >= 0:
                        frontier[p[h]] += 1
                if h != nxt[d]:
                    nxt[d] = h
                    progress = True
                    if h < 0 and d < _PILES:
                        return False  # this pile may empty: nothing is proved
        if max(nxt) >= 0:
            return True
        return any(ahead[r] and not frontier[13 - r] for r in range(1, 13))

    def _deal() -> int:
        n = _ALL if len(stock) == _LAST_DEAL else _PILES
        n = min(n, len(stock))
        for d in range(n):
            piles[d].append(stock.pop())
        return n

    def children() -> list[tuple[int, int, int]]:
        out: list[tuple[int, int, int]] = []
        tops = [(i, piles[i][-1]) for i in range(_ALL) if piles[i]]
        for a in range(len(tops)):
            i, r = tops[a]
            for b in range(a + 1, len(tops)):
                j, s = tops[b]
                if r + s == 13:
                    out.append((_PAIR, i, j))
        empty = [d for d in range(_PILES) if not piles[d]]
        if empty:
            # A card that uncovers another first; dealing before a lone card moves, which only
            # changes what the next deal covers (and finds lines without needless moves).
            dsts = empty if stock else empty[:1]  # reduction 4
            for i in range(_PILES):
                if len(piles[i]) > 1:
                    out.extend([(_MOVE, i, d) for d in dsts])
        if stock:
            out.append((_DEAL, 0, 0))
            for i in range(_PILES):
                if len(piles[i]) == 1:
                    out.extend([(_MOVE, i, d) for d in empty])
        return out

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 100_000))  # one frame a move of the line
    try:
        won = search()
    finally:
        sys.setrecursionlimit(old)
        seen.clear()  # the nested functions hold it in a cycle: free it now, not at collection
    if not won:
        verdict = UNKNOWN if stopped else NO_WIN
        return SolveResult(verdict, (), nodes, time.perf_counter() - start, "baroness")
    line = _replay(game, path, index, ids)
    return SolveResult(WON, line, nodes, time.perf_counter() - start, "baroness")


def _replay(
    game: Game, path: list[tuple[int, int, int]], index: list[int], ids: list[str]
) -> tuple[str, ...]:
    """The moves of a won search, as the game names them: its choices of piles played on a copy."""
    copy = game.copy()
    piles = copy.table.piles
    out: list[str] = []
    for kind, i, j in path:
        if kind == _KING:
            move = Move.of_cards(piles[index[i]][-1])
        elif kind == _PAIR:
            move = Move.of_cards(piles[index[i]][-1], piles[index[j]][-1])
        elif kind == _MOVE:
            move = Move.between(ids[index[i]], ids[index[j]])
        else:
            move = DEAL
        copy.play(move)
        out.append(str(move))
    return tuple(out)

"""Baroness's own full-information search, declared with the game (``GameSpec(solver=...)``).

Suits never matter in Baroness (pairs sum to 13 by rank, kings go alone), so the search works on
ranks alone. A position is the ranks of the five piles (bottom first), of the two reserves and
of the stock (which deals in a fixed order, so the number of cards left in it says which). While
the stock still deals, pile ``k`` takes the ``k``-th card of every deal, so the piles are kept in
their order; once it is empty nothing tells them apart, and the piles are keyed as a multiset,
the reserves likewise (both are lone cards in reach that never move).

The search is depth-first over the positions reachable from the current one, each entered once
(a set of keys): whether a won position is reachable, so a search that ends with no limit hit
has seen every position reachable and "no win" is proved. Its moves, in the order tried: a pair
of cards in reach, a card that uncovers another onto an empty pile, a deal. A pile's only card
is never moved onto an empty pile: where it lies only decides what a later deal covers, and
reduction 7 leaves that open until it shows.

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
4. Of several empty piles, a card that uncovers another goes to one: the piles differ only in
   what later deals cover, which reduction 7 leaves open.
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
7. Lone cards are laid out only when a deal needs them. While some pile is empty, a pile's only
   card can move to any empty pile, so the cards of the piles that are lone or empty can be laid
   out over those piles in any way at all (one at a time through an empty pile), and the way
   matters only to what the next deal covers. So those piles form a group whose cards are held
   in reach, on no pile in particular (a card of the group is a lone card in 3, 5 and 6): a card
   that uncovers another joins the group on one of its empty piles; a card of the group that
   goes leaves one more empty, and any pile that becomes lone or empty then joins. Once no pile
   of the group is empty, its cards lie as they were last laid out, which was free. At a deal,
   the group's cards become a pool under the group's piles: each pile is dealt its card, and
   under it lies one of the pool's cards, or nothing, chosen when the cards above it have all
   gone: each rank the pool still holds, or nothing while it holds fewer cards than there are
   piles over it still to show. Every layout is one way of making those choices, and the
   choices made along any line are one layout, which could have been laid out before the deal.
   So the search wins from a position exactly when some line of moves wins from it. Keys hold
   the group's ranks and, for each pile, its group or pool and what the pool holds.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
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
_FLOAT: Final = 9  # where a lone card of the group lies, in a move (reduction 7)
_KING, _PAIR, _MOVE, _DEAL, _SHOW = 0, 1, 2, 3, 4


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
    ahead_at = [[0] * 14]  # ahead_at[n]: the ranks of the stock's n cards left (a stock card
    for r in stock:  # is in reach once dealt, so it counts as a partner in reduction 6)
        ahead_at.append(ahead_at[-1][:])
        ahead_at[-1][r] += 1
    # Reduction 7. ``group``: the piles (a mask) that are empty or hold one card while one of
    # them is empty, their cards in ``floats`` (ranks, sorted) and on no pile in particular, so
    # ``piles`` holds nothing for them. slot[d]: 0, or 1 + the index in ``pools`` of the pool
    # whose card, or nothing, lies under pile d's cards; waiting[k]: the piles over pool k.
    state = _State(piles, [0] * _PILES, 0, [], [], [], len(stock), counts)
    # The path, for _replay: (_KING, pile, rank, group), (_PAIR, pile, pile, rank, rank, group),
    # with _FLOAT for a card of the group; (_MOVE, pile, group); (_DEAL, cards, pool or -1, group);
    # (_SHOW, pile, rank or 0 for none, pool).
    path: list[tuple[int, ...]] = []
    seen: set[bytes] = set()
    nodes = 0
    stopped = False

    def slots_key(order: list[int]) -> bytes:
        # Each pile's place: in the group, over a pool (the pools in the order first seen, each
        # with what it holds: which piles share one matters), or neither.
        number: dict[int, int] = {}
        out = bytearray()
        for d in order:
            k = state.slot[d]
            if k:
                if k not in number:
                    number[k] = len(number)
                    out += bytes(state.pools[k - 1]) + b"\x1f"
                out.append(20 + number[k])
            else:
                out.append(18 if state.group >> d & 1 else 19)
        return bytes(out)

    def pool_of(d: int) -> list[int]:
        return state.pools[state.slot[d] - 1] if state.slot[d] else []

    def alone(i: int) -> bool:
        # A card of the group, or a pile's only card with no slot under it.
        return i == _FLOAT or (i < _PILES and len(state.piles[i]) == 1 and not state.slot[i])

    def key() -> bytes:
        piles = state.piles
        tail = b"\x1d" + bytes(state.floats)
        if state.stock:
            body = b"\0".join([bytes(p) for p in piles[:_PILES]] + [bytes([state.stock])])
            if not state.group and not any(state.slot):
                return body  # shorter than any key with a group or a slot (no \x1e in it)
            return body + b"\x1e" + slots_key(list(range(_PILES))) + tail
        order = sorted(
            range(_PILES),
            key=lambda d: (
                piles[d],
                state.group >> d & 1,
                state.pools[state.slot[d] - 1] if state.slot[d] else [],
            ),
        )
        rows = b"\0".join([bytes(piles[d]) for d in order]) + b"\x1e" + slots_key(order)
        reserves = sorted([bytes(p) for p in piles[_PILES:]])
        return rows + tail + b"\x0e" + b"\0".join(reserves)

    def empties() -> int:
        # Empty piles: those of the group without a card, then any other (merged by settle()).
        return state.group.bit_count() - len(state.floats)

    def merge() -> None:
        # While a pile is empty, the lone cards can go to any of the piles lone or empty: the
        # group takes them all.
        piles, slot = state.piles, state.slot
        group = state.group
        if not empties() and all(piles[d] or slot[d] or group >> d & 1 for d in range(_PILES)):
            return
        for d in range(_PILES):
            if not slot[d] and not state.group >> d & 1 and len(piles[d]) <= 1:
                state.group |= 1 << d
                if piles[d]:
                    state.floats.append(piles[d].pop())
        state.floats.sort()

    def take(i: int, r: int) -> None:
        # Remove the card of rank r from pile i or the group.
        if i == _FLOAT:
            state.floats.remove(r)
        else:
            state.piles[i].pop()
        state.counts[r] -= 1

    def tops() -> list[tuple[int, int]]:
        out = [(i, p[-1]) for i, p in enumerate(state.piles) if p]
        last = 0
        for r in state.floats:
            if r != last:
                out.append((_FLOAT, r))
                last = r
        return out

    def settle() -> None:
        # Reductions 2, 3 and 5, until none applies, each recorded in the path.
        counts = state.counts
        while True:
            merge()
            found = tops()
            king = next((i for i, r in found if r == 13), -1)
            if king >= 0:
                take(king, 13)
                path.append((_KING, king, 13, state.group))
                continue
            lone_ok = not state.stock
            pair = None
            for i, r in found:
                # Reduction 3: the last two of a rank pair; reduction 5: two lone cards once the
                # stock is empty (a card of the group is one, and two of them may pair).
                last = counts[r] == 1
                if not last and not (lone_ok and alone(i)):
                    continue
                s = 13 - r
                j = next((j for j, t in found if t == s and (last or alone(j))), -1)
                if j >= 0:
                    pair = (i, j, r, s)
                    break
            if pair is None:
                return
            i, j, r, s = pair
            take(i, r)
            take(j, s)
            path.append((_PAIR, i, j, r, s, state.group))

    def search() -> bool:
        nonlocal nodes, stopped
        settle()
        if not any(state.counts):
            return True
        k = key()
        if k in seen:
            return False
        seen.add(k)
        piles, slot = state.piles, state.slot
        if not empties() and all(piles[d] or state.group >> d & 1 for d in range(_PILES)) and deadlocked():
            return False
        nodes += 1
        if nodes >= node_limit:
            stopped = True
            return False
        if not nodes & MASK:
            check_memory(nodes)
        if deadline and not nodes & 1023 and time.perf_counter() > deadline:
            stopped = True
            return False
        shown = next((d for d in range(_PILES) if slot[d] and not piles[d]), -1)
        if shown >= 0:
            return show(shown)
        mark = len(path)
        for choice in children():
            saved = state.copy()
            kind = choice[0]
            if kind == _PAIR:
                _, i, j, r, s = choice
                take(i, r)
                take(j, s)
                path.append((*choice, state.group))
            elif kind == _MOVE:
                i = choice[1]
                state.floats.append(piles[i].pop())
                state.floats.sort()
                path.append((_MOVE, i, state.group))
            else:
                path.append(deal())
            if search():
                return True
            state.restore(saved)
            piles, slot = state.piles, state.slot
            del path[mark:]
            if stopped:
                break
        return False

    def show(d: int) -> bool:
        # Reduction 7: pile d is down to its slot; each rank its pool holds may lie there, or
        # nothing while the pool has fewer cards than piles over it.
        k = state.slot[d] - 1
        pool = state.pools[k]
        choices = sorted(set(pool))
        if state.waiting[k] > len(pool):
            choices.append(0)
        mark = len(path)
        for r in choices:
            saved = state.copy()
            pool = state.pools[k]
            state.slot[d] = 0
            state.waiting[k] -= 1
            if r:
                pool.remove(r)
                state.piles[d].append(r)
                if not pool:  # the piles still over this pool have nothing under them
                    for e in range(_PILES):
                        if state.slot[e] == k + 1:
                            state.slot[e] = 0
            path.append((_SHOW, d, r, k))
            if search():
                return True
            state.restore(saved)
            del path[mark:]
            if stopped:
                break
        return False

    def deadlocked() -> bool:
        # Reduction 6: the cards that could go while no pile empties, found as a fixed point;
        # next[d] is the highest card of pile d not (yet) found to be one of them. A card of
        # the group is a pile of one card; a pool's cards are in no one's reach before a pile
        # over it empties.
        ahead = ahead_at[state.stock]
        frontier = ahead[:]  # cards of each rank that could go, or could once those above go
        piles = state.piles + [[r] for r in state.floats]
        nxt = [len(p) - 1 for p in piles]
        for d in range(len(piles)):
            if nxt[d] >= 0:
                frontier[piles[d][nxt[d]]] += 1
        progress = True
        while progress:
            progress = False
            for d in range(len(piles)):
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
                    if h < 0 and (d < _PILES or d >= _ALL):
                        return False  # this pile may empty: nothing is proved
        if max(nxt) >= 0:
            return True
        return any(ahead[r] and not frontier[13 - r] for r in range(1, 13))

    def deal() -> tuple[int, ...]:
        # Reduction 7: the group's cards go into a pool under its piles, laid out as the search
        # shows them later.
        k = -1
        group = state.group
        if group:
            if state.floats:
                k = len(state.pools)
                state.pools.append(state.floats)
                state.waiting.append(group.bit_count())
                for d in range(_PILES):
                    if group >> d & 1:
                        state.slot[d] = k + 1
            state.floats = []
            state.group = 0
        n = _ALL if state.stock == _LAST_DEAL else _PILES
        n = min(n, state.stock)
        for d in range(n):
            state.stock -= 1
            state.piles[d].append(stock[state.stock])
        return (_DEAL, n, k, group)

    def children() -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        found = tops()
        for a in range(len(found)):
            i, r = found[a]
            for b in range(a + 1, len(found)):
                j, s = found[b]
                if r + s == 13:
                    out.append((_PAIR, i, j, r, s))
        if empties():
            # A card that uncovers another (or a slot) goes to an empty pile, one of the group.
            for i in range(_PILES):
                p = state.piles[i]
                if len(p) > 1 or (p and state.slot[i]):
                    out.append((_MOVE, i))
        if state.stock:
            out.append((_DEAL,))
        return out

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 100_000))  # a few frames a move of the line
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


class _State:
    """The search's position (see solve_baroness), copied whole before each move tried."""

    __slots__ = ("counts", "floats", "group", "piles", "pools", "slot", "stock", "waiting")

    def __init__(
        self,
        piles: list[list[int]],
        slot: list[int],
        group: int,
        floats: list[int],
        pools: list[list[int]],
        waiting: list[int],
        stock: int,
        counts: list[int],
    ) -> None:
        self.piles = piles
        self.slot = slot
        self.group = group
        self.floats = floats
        self.pools = pools
        self.waiting = waiting
        self.stock = stock  # the stock's cards left
        self.counts = counts  # the cards of each rank still in play

    def copy(self) -> _State:
        return _State(
            [p[:] for p in self.piles],
            self.slot[:],
            self.group,
            self.floats[:],
            [q[:] for q in self.pools],
            self.waiting[:],
            self.stock,
            self.counts[:],
        )

    def restore(self, other: _State) -> None:
        self.piles[:] = other.piles
        self.slot[:] = other.slot
        self.group = other.group
        self.floats = other.floats
        self.pools[:] = other.pools
        self.waiting[:] = other.waiting
        self.stock = other.stock
        self.counts[:] = other.counts


def _replay(game: Game, path: list[tuple[int, ...]], index: list[int], ids: list[str]) -> tuple[str, ...]:
    """The moves of a won search, as the game names them, played on a copy: the group's lone
    cards are laid out, while a pile of it is empty, as the next deal needs them (where the
    search showed its pool's cards)."""
    laid: dict[int, dict[int, int]] = {}  # pool: pile -> the rank shown there (0: none)
    for entry in path:
        if entry[0] == _SHOW:
            laid.setdefault(entry[3], {})[entry[1]] = entry[2]
    copy = game.copy()
    out: list[str] = []

    def pile(d: int) -> Sequence[int]:
        return copy.table.piles[index[d]]

    def play(move: Move) -> None:
        copy.play(move)
        out.append(str(move))

    def lay_out(want: dict[int, int]) -> None:
        for src, dst in _lay_out(want, {d: _rank(pile(d)) for d in want}):
            play(Move.between(ids[index[src]], ids[index[dst]]))

    def next_deal(at: int) -> tuple[int, int]:
        # The next deal after path[at] and its pool, and whether a card of the group goes
        # before it (frees a pile, so the cards can be laid out again): (pool, group) or -2.
        for entry in path[at + 1 :]:
            if entry[0] == _DEAL:
                return entry[2], entry[3]
            if entry[0] in (_KING, _PAIR) and _FLOAT in entry[1:3]:
                return -2, 0
        return -2, 0

    def want_for(k: int, group: int) -> dict[int, int]:
        shown = laid.get(k, {})
        return {d: shown.get(d, 0) for d in range(_PILES) if group >> d & 1}

    def lone(r: int, group: int) -> int:
        # The pile of the group holding a lone card of rank r.
        return next(d for d in range(_PILES) if group >> d & 1 and len(pile(d)) == 1 and _rank(pile(d)) == r)

    for at, entry in enumerate(path):
        kind = entry[0]
        if kind == _KING:
            d = lone(entry[2], entry[3]) if entry[1] == _FLOAT else entry[1]
            play(Move.of_cards(pile(d)[-1]))
        elif kind == _PAIR:
            i = lone(entry[3], entry[5]) if entry[1] == _FLOAT else entry[1]
            j = lone(entry[4], entry[5]) if entry[2] == _FLOAT else entry[2]
            play(Move.of_cards(pile(i)[-1], pile(j)[-1]))
        elif kind == _MOVE:
            i, group = entry[1], entry[2]
            k, deal_group = next_deal(at)
            r = _rank(pile(i))
            empty = [d for d in range(_PILES) if group >> d & 1 and not pile(d)]
            dst = empty[0]
            if k >= 0 and deal_group == group and len(empty) == 1:
                # The last empty pile fills: lay the cards out now as the deal needs them.
                want = want_for(k, group)
                dst = next(d for d in want if want[d] == r and (not pile(d) or _rank(pile(d)) != r))
                lay_out({d: 0 if d == dst else want[d] for d in want})
            play(Move.between(ids[index[i]], ids[index[dst]]))
        elif kind == _DEAL:
            if entry[2] >= 0 and any(not pile(d) for d in range(_PILES) if entry[3] >> d & 1):
                lay_out(want_for(entry[2], entry[3]))
            play(DEAL)
        # _SHOW: the card (or nothing) was laid there before the deal.
    return tuple(out)


def _rank(pile: Sequence[int]) -> int:
    return RANK_OF[pile[-1]] if pile else 0


def _lay_out(want: dict[int, int], have: dict[int, int]) -> list[tuple[int, int]]:
    """Moves of lone cards between the piles of ``have`` (pile: the rank of its lone card, 0
    for none, one at least empty) that leave ``want``'s ranks on its piles."""
    moves: list[tuple[int, int]] = []
    have = dict(have)
    while True:
        wrong = [d for d in have if have[d] != want.get(d, 0) and have[d]]
        if not wrong:
            return moves
        # A pile that wants a rank and is empty takes a card of it from a pile where it is wrong.
        dst = next((d for d in have if not have[d] and want[d]), -1)
        if dst >= 0:
            src = next(d for d in wrong if have[d] == want[dst])
        else:  # every empty pile wants nothing: a wrong card waits on one of them
            src = next(d for d in wrong if want[d])
            dst = next(d for d in have if not have[d])
        moves.append((src, dst))
        have[dst], have[src] = have[src], 0

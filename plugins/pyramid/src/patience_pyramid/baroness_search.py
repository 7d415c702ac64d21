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
7. The same, knowing when the deals come. Number the times 0 (now), 1 (after the next deal) and
   on to the last deal. At time s a pile holds its cards and those the deals up to s put on
   it. Give each card the earliest time it could go: the least s, no earlier than its deal,
   at which every card above it then could be gone by s, and it is a king or a partner of it
   is in reach at s (dealt by s, every card above it then could be gone by s). These times
   are a least fixed point, found by lowering them from "never" only when that holds. In a
   line in which no pile has emptied yet, a card that goes at time s has its earliest time
   at most s (by induction on the moves, as in 6). So if no pile can be empty at any time
   (some card on it by then cannot be gone by then), none ever empties, and if some card
   can never go, the position is lost. This asks for more than 6 (a partner must be in reach
   when the card is, not only at some time) and is tried when 6 proves nothing.

The search keeps its line on a stack of its own, not Python's (a line can be hundreds of moves
long, and compiled code does not check the recursion limit). The install compiles this module
with mypyc where it can (``patience_core.solver.builds``); the game calls it through
``patience_pyramid.baroness``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DEAL, Move
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult, Verdict
from patience_core.solver.memory import MASK, check_memory

if TYPE_CHECKING:
    from patience_core.engine.game import Game

__all__ = ["ranks_of", "search_ranks", "solve_baroness"]

_PILES: Final = 5  # t1..t5; 5 and 6 are r1 and r2
_ALL: Final = 7
_LAST_DEAL: Final = 7  # the deal that finds seven cards left fills the reserves too
_KING: Final = 0
_PAIR: Final = 1
_MOVE: Final = 2
_DEAL: Final = 3
_DEAD: Final = 0  # what entering a position finds: nothing to search there,
_ENTERED: Final = 1  # moves to try,
_WON: Final = 2  # or a win


def solve_baroness(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Solve Baroness from its current position, seeing every card (see the module docstring);
    None for any other game."""
    from patience_pyramid.baroness import Baroness

    if not isinstance(game.rules, Baroness):
        return None
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    index, piles, stock = ranks_of(game)
    verdict, path, nodes = search_ranks(piles, stock, node_limit, deadline, check_memory)
    if verdict != WON:
        return SolveResult(verdict, (), nodes, time.perf_counter() - start, "baroness")
    ids = [spec.id for spec in game.table.specs]
    line = _replay(game, path, index, ids)
    return SolveResult(WON, line, nodes, time.perf_counter() - start, "baroness")


def ranks_of(game: Game) -> tuple[list[int], list[list[int]], list[int]]:
    """What the search sees of a Baroness game: the table's indices of t1..t5, r1 and r2, their
    ranks (bottom first), and the stock's ranks (the next card to deal last)."""
    table = game.table
    index = [table.pile_index[name] for name in ("t1", "t2", "t3", "t4", "t5", "r1", "r2")]
    piles = [[RANK_OF[c] for c in table.piles[i]] for i in index]
    return index, piles, [RANK_OF[c] for c in table.stock]


def search_ranks(
    piles: list[list[int]],
    stock: list[int],
    node_limit: int,
    deadline: float = 0.0,
    memory: Callable[[int], None] | None = None,
) -> tuple[Verdict, list[tuple[int, int, int]], int]:
    """Search from the ranks of t1..t5, r1 and r2 (bottom first) and of the stock (the next card
    to deal last), with no deadline when it is 0: the verdict, a win's moves (kind and piles)
    and the positions searched."""
    search = _Search(piles, stock, node_limit, deadline, memory)
    try:
        won = search.run()
    finally:
        search.seen.clear()  # the table of positions is most of the memory: free it now
    if won:
        return WON, search.path, search.nodes
    return (UNKNOWN if search.stopped else NO_WIN), [], search.nodes


class _Search:
    """A search's position (piles and stock as ranks), the line to it, and what it has met."""

    def __init__(
        self,
        piles: list[list[int]],
        stock: list[int],
        node_limit: int,
        deadline: float,
        memory: Callable[[int], None] | None,
    ) -> None:
        self.piles: list[list[int]] = [list(p) for p in piles]
        self.stock: list[int] = list(stock)
        self.node_limit = node_limit
        self.deadline = deadline
        self.memory = memory
        self.counts: list[int] = [0] * 14
        for p in self.piles:
            for r in p:
                self.counts[r] += 1
        for r in self.stock:
            self.counts[r] += 1
        self.left: int = sum(self.counts)
        # ahead_at[n]: the ranks of the stock's n cards left (a stock card is in reach once
        # dealt, so it counts as a partner in reduction 6)
        self.ahead_at: list[list[int]] = [[0] * 14]
        for r in self.stock:
            self.ahead_at.append(self.ahead_at[-1][:])
            self.ahead_at[-1][r] += 1
        # What the deals still to come put on each pile (reduction 7), for each number of stock
        # cards left: deals_at[n] deals, dealt_at[n][d] the ranks they put on pile d in order,
        # and times_at[n][d] the deal (1, 2, ...) that puts each there.
        self.deals_at: list[int] = []
        self.dealt_at: list[list[list[int]]] = []
        self.times_at: list[list[list[int]]] = []
        for n in range(len(self.stock) + 1):
            ranks: list[list[int]] = [[] for _ in range(_ALL)]
            times: list[list[int]] = [[] for _ in range(_ALL)]
            m = n
            t = 0
            while m > 0:
                t += 1
                k = min(_ALL if m == _LAST_DEAL else _PILES, m)
                for d in range(k):
                    ranks[d].append(self.stock[m - 1 - d])
                    times[d].append(t)
                m -= k
            self.deals_at.append(t)
            self.dealt_at.append(ranks)
            self.times_at.append(times)
        self.path: list[tuple[int, int, int]] = []
        self.seen: set[bytes] = set()
        self.pair_ranks: list[int] = []  # the first pile's rank of each pair made, to take it back
        self.dealt: list[int] = []  # how many cards each deal made dealt
        self.nodes = 0
        self.stopped = False
        # The positions entered and not yet left, deepest last: the moves each has to try, how
        # many it has tried, and how many forced moves entering it made.
        self.todo: list[list[tuple[int, int, int]]] = []
        self.tried: list[int] = []
        self.made: list[int] = []

    def run(self) -> bool:
        """Search depth first; True with the win's moves in ``path``."""
        found = self.enter()
        if found != _ENTERED:
            return found == _WON
        todo, tried = self.todo, self.tried
        while todo:
            moves = todo[-1]
            k = tried[-1]
            if self.stopped or k == len(moves):
                todo.pop()
                tried.pop()
                self.undo(self.made.pop())
                if todo:
                    self.retract(todo[-1][tried[-1] - 1])
                continue
            tried[-1] = k + 1
            choice = moves[k]
            self.apply(choice)
            found = self.enter()
            if found == _WON:
                return True
            if found == _DEAD:
                self.retract(choice)
        return False

    def enter(self) -> int:
        """Make the forced moves, then look at the position: won, one to search (its moves
        pushed), or one not to (met before, lost, or a limit reached; forced moves undone)."""
        made = self.reduce()
        if not self.left:
            return _WON
        k = self.key()
        if k in self.seen:
            self.undo(made)
            return _DEAD
        self.seen.add(k)
        piles = self.piles
        if (
            piles[0]
            and piles[1]
            and piles[2]
            and piles[3]
            and piles[4]
            and (self.deadlocked() or (self.stock and self.deadlocked_in_time()))
        ):
            self.undo(made)
            return _DEAD
        self.nodes += 1
        nodes = self.nodes
        if nodes >= self.node_limit:
            self.stopped = True
            self.undo(made)
            return _DEAD
        if not nodes & MASK and self.memory is not None:
            self.memory(nodes)
        if self.deadline and not nodes & 1023 and time.perf_counter() > self.deadline:
            self.stopped = True
            self.undo(made)
            return _DEAD
        self.todo.append(self.children())
        self.tried.append(0)
        self.made.append(made)
        return _ENTERED

    def apply(self, choice: tuple[int, int, int]) -> None:
        """Make a move, forced or chosen, and add it to the line."""
        kind, i, j = choice
        piles = self.piles
        if kind == _KING:
            piles[i].pop()
            self.counts[13] -= 1
            self.left -= 1
        elif kind == _PAIR:
            r = piles[i].pop()
            s = piles[j].pop()
            self.counts[r] -= 1
            self.counts[s] -= 1
            self.left -= 2
            self.pair_ranks.append(r)
        elif kind == _MOVE:
            piles[j].append(piles[i].pop())
        else:
            stock = self.stock
            n = min(_ALL if len(stock) == _LAST_DEAL else _PILES, len(stock))
            for d in range(n):
                piles[d].append(stock.pop())
            self.dealt.append(n)
        self.path.append(choice)

    def retract(self, choice: tuple[int, int, int]) -> None:
        """Take back the line's last move, ``choice``."""
        kind, i, j = choice
        piles = self.piles
        self.path.pop()
        if kind == _KING:
            piles[i].append(13)
            self.counts[13] += 1
            self.left += 1
        elif kind == _PAIR:
            r = self.pair_ranks.pop()
            piles[i].append(r)
            piles[j].append(13 - r)
            self.counts[r] += 1
            self.counts[13 - r] += 1
            self.left += 2
        elif kind == _MOVE:
            piles[i].append(piles[j].pop())
        else:
            for d in range(self.dealt.pop() - 1, -1, -1):
                self.stock.append(piles[d].pop())

    def key(self) -> bytes:
        # Formatted, never added: compiled, bytes + bytes leaks its left operand (docs/solver.md).
        p = self.piles
        if self.stock:
            return b"%b\0%b\0%b\0%b\0%b\0%c" % (
                bytes(p[0]),
                bytes(p[1]),
                bytes(p[2]),
                bytes(p[3]),
                bytes(p[4]),
                len(self.stock),
            )
        rows = sorted([bytes(p[0]), bytes(p[1]), bytes(p[2]), bytes(p[3]), bytes(p[4])])
        reserves = sorted([bytes(p[5]), bytes(p[6])])
        return b"%b\x0e%b" % (b"\0".join(rows), b"\0".join(reserves))

    def reduce(self) -> int:
        """Reductions 2, 3 and 5, until none applies: how many moves were made."""
        piles = self.piles
        counts = self.counts
        made = 0
        again = True
        while again:
            again = False
            for i in range(_ALL):
                p = piles[i]
                if p and p[-1] == 13:
                    self.apply((_KING, i, 13))
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
                lone = not self.stock and i < _PILES and len(p) == 1
                if not last and not lone:
                    continue
                for j in range(i + 1, _ALL):
                    q = piles[j]
                    if q and q[-1] == s and (last or (j < _PILES and len(q) == 1)):
                        self.apply((_PAIR, i, j))
                        made += 1
                        again = True
                        break
        return made

    def undo(self, n: int) -> None:
        """Take back the last ``n`` forced moves."""
        for _ in range(n):
            self.retract(self.path[-1])

    def deadlocked(self) -> bool:
        """Reduction 6, with no pile empty: the cards that could go before one empties, found
        as a fixed point; nxt[d] is pile d's highest card not (yet) found to be one of them."""
        piles = self.piles
        ahead = self.ahead_at[len(self.stock)]
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

    def deadlocked_in_time(self) -> bool:
        """Reduction 7, with no pile empty: reduction 6 with the deals still to come. Each card's
        earliest time (in deals made from now) it could go, a least fixed point; the position
        is lost when no pile can be empty at any time and some card can never go."""
        n = len(self.stock)
        deals = self.deals_at[n]
        dealt = self.dealt_at[n]
        times = self.times_at[n]
        never = deals + 1
        ranks: list[list[int]] = []
        arrive: list[list[int]] = []
        gone: list[list[int]] = []  # each card's earliest time to go so far; never: not yet
        for d in range(_ALL):
            p = self.piles[d]
            ranks.append(p + dealt[d])
            arrive.append([0] * len(p) + times[d])
            gone.append([never] * (len(p) + len(dealt[d])))
        stops = [0] * _ALL
        changed = True
        while changed:
            changed = False
            for s in range(deals + 1):
                # The cards in reach at time s: a pile's top then, and each card under one that
                # could be gone by s; stops[d], the highest on pile d that could not (yet).
                reach = [0] * 14
                for d in range(_ALL):
                    a = arrive[d]
                    i = len(a) - 1
                    while i >= 0 and a[i] > s:
                        i -= 1
                    g = gone[d]
                    r = ranks[d]
                    while i >= 0:
                        reach[r[i]] += 1
                        if g[i] > s:
                            break
                        i -= 1
                    if i < 0 and d < _PILES:
                        return False  # pile d may be empty at time s, and then cards move
                    stops[d] = i
                # A card in reach could go at s when it is a king or a partner is in reach too;
                # the card under it is then in reach.
                for d in range(_ALL):
                    i = stops[d]
                    g = gone[d]
                    r = ranks[d]
                    while i >= 0:
                        if g[i] > s:
                            if r[i] != 13 and not reach[13 - r[i]]:
                                break
                            g[i] = s
                            changed = True
                        i -= 1
                        if i >= 0:
                            reach[r[i]] += 1
                    if i < 0 and d < _PILES:
                        return False
        # The times are the least fixed point, and no pile can be empty at any time.
        return any(never in g for g in gone)

    def children(self) -> list[tuple[int, int, int]]:
        """The moves to try, in order (the module docstring)."""
        piles = self.piles
        out: list[tuple[int, int, int]] = []
        for i in range(_ALL):
            p = piles[i]
            if not p:
                continue
            r = p[-1]
            for j in range(i + 1, _ALL):
                q = piles[j]
                if q and r + q[-1] == 13:
                    out.append((_PAIR, i, j))
        empty = [d for d in range(_PILES) if not piles[d]]
        if empty:
            # A card that uncovers another first; dealing before a lone card moves, which only
            # changes what the next deal covers (and finds lines without needless moves).
            dsts = empty if self.stock else empty[:1]  # reduction 4
            for i in range(_PILES):
                if len(piles[i]) > 1:
                    for d in dsts:
                        out.append((_MOVE, i, d))
        if self.stock:
            out.append((_DEAL, 0, 0))
            for i in range(_PILES):
                if len(piles[i]) == 1:
                    for d in empty:
                        out.append((_MOVE, i, d))
        return out


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

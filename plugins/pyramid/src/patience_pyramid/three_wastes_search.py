"""A full-information search for Apophis (AP1-AP4 of docs/pyramid-relatives.md), declared with
the game (``GameSpec(solver=...)``).

Suits never matter in pairs to 13, so the search works on ranks alone. A position is:

- ``pm``: the pyramid cards left, a bitmask over the 28 positions (their ranks are fixed by
  the deal); which are free comes from the layout's precomputed cover tables;
- ``stock``: the ranks still to be dealt in this pass, the next first (bytes);
- ``w1``, ``w2``, ``w3``: the ranks on each waste, bottom first, the top (in reach) last;
- ``p``: the passes used (0, 1 or 2).

A deal puts ``stock[0]`` on the first waste, ``stock[1]`` on the second, ``stock[2]`` on the
third (as far as the stock goes). A redeal (AP3) makes the new stock of the third waste bottom
first, then the second's, then the first's, and deals its first row at once. So in a pass,
waste ``i`` will receive exactly ``stock[i::3]`` on top of what it holds.

Two positions that differ only in which of two same-rank cards went are one position here. The
winning line is found as places (a pyramid position, a waste top) and turned into cards by
replaying it on a copy of the game.

Sound reductions, each argued here and tested against the generic solver:

1. A king that is free in the pyramid is removed at once, and nothing else is tried. Kings
   pair with nothing, so a pyramid king only ever covers cards; a winning line with its
   removal left out stays legal with the king gone (every pyramid card is at least as free,
   and the talon does not change, since pyramid cards never enter it).
2. In the last pass (no redeal left) the same holds for a king on top of a waste: within one
   pass the deals do not depend on what the wastes hold, and a waste without the king shows
   the same top card as with it at every step where the king is not the top itself. Before
   the last pass it is not forced: a card kept through a redeal shifts which waste every later
   card of the next pass is dealt onto, so keeping a king can matter.
3. Partners must suffice, rank pair by rank pair (A+Q, 2+J, 3+10, 4+9, 5+8, 6+7): every card
   must go (AP4), with a card of the other rank of its pair, and two cards one of which must
   go before the other is in reach can never go together. Two pyramid cards on one line of
   cover are such cards, in any pass. In the last pass so are two talon cards bound for the
   same waste (held on it now, or in ``stock[i::3]``): the lower goes only after the upper.
   So the cards of each rank pair left need a perfect matching of their ranks avoiding such
   pairs; without one the position is lost. Removals only take cards away, so it is checked
   for the rank pair a removal touched, and for all of them when the last pass begins.
4. A pair is removed at once, alone, when it is the last card of its rank and the last of the
   other rank (every win removes the two together) and removing it early cannot change the
   talon of a later pass: both cards are pyramid cards, or this is the last pass. Removing
   them earlier only frees cards sooner, as in 1 and 2.
5. A position entered with fewer passes used dominates the same position with more: every
   line from the later one can be played from the earlier one. The transposition table keys
   positions without their pass and keeps the fewest passes each was proved lost with; one
   met again with as many passes used or more is lost.
6. The pyramid must be cleared as if the talon's cards were all in reach whenever wanted,
   each used once: a winning line gives such a clearing (its pyramid removals in its order,
   each talon partner used once; talon pairs and kings left out, which change no pyramid
   card). So a position whose pyramid cannot be cleared that way is lost. That question
   depends only on the pyramid cards left and the talon's rank counts, and its answers are
   kept for the whole search; it is asked at the root and after each removal.

Removals are tried before deals, deals before a redeal: a win is usually a short walk down.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Final

from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DEAL, REDEAL, Move
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.solver.memory import MASK, check_memory
from patience_pyramid.pairing import SUM_13

if TYPE_CHECKING:
    from patience_core.engine.game import Game

SOLVER: Final = "apophis"
KING: Final = 13
WASTE0: Final = 28
"""Places: 0-27 a pyramid position, 28 + i the top of waste i (0, 1, 2)."""
_DEAL: Final = -1
_REDEAL: Final = -2


class _Stop(Exception):
    """The node or time limit ran out."""


def solve_apophis(
    game: Game, node_limit: int, time_limit: float | None, *, reduce: bool = True
) -> SolveResult | None:
    """The search, for a game of three wastes with Pyramid's 28 cards, pairs to 13 and a king
    alone (Apophis); None (the generic solver answers) for anything else. ``reduce=False``
    leaves out reductions 1-4 and 6 (the tests compare the two)."""
    from patience_pyramid.three_wastes import ThreeWastes  # it declares this solver

    rules = game.rules
    if not isinstance(rules, ThreeWastes) or rules.rule != SUM_13 or len(rules.layout) != 28:
        return None
    if rules.passes is None or len(rules.deck) != 52:
        return None
    return _Search(game, node_limit, time_limit, reduce).run()


class _Search:
    def __init__(self, game: Game, node_limit: int, time_limit: float | None, reduce: bool) -> None:
        self.game = game
        self.reduce = reduce
        self.start = time.perf_counter()
        self.deadline = self.start + time_limit if time_limit is not None else 0.0
        self.node_limit = node_limit
        self.nodes = 0
        table = game.table
        layout = table.layout
        passes = getattr(game.rules, "passes", None)
        assert isinstance(passes, int)
        self.last_pass = passes - 1
        tables = layout.three_cover_tables()
        assert tables is not None
        self.t0, self.t1, self.t2 = tables
        # rank[pos]: the rank dealt at each pyramid position (0 where no card is).
        self.rank = [RANK_OF[c] if c >= 0 else 0 for c in table.cards[:28]]
        # below[pos]: the positions that must go before pos is free; two pyramid cards pair
        # only if neither lies in the other's.
        self.below = [layout.below_all(p) for p in range(28)]
        self.at_rank = [0] * 14
        for pos in range(28):
            if table.present >> pos & 1:
                self.at_rank[self.rank[pos]] |= 1 << pos
        self.lost: dict[tuple[int, bytes, bytes, bytes, bytes], int] = {}
        self.line: list[tuple[int, ...]] = []
        piles = table.piles
        self.root = (
            table.present,
            bytes(RANK_OF[c] for c in reversed(piles[0])),
            bytes(RANK_OF[c] for c in piles[1]),
            bytes(RANK_OF[c] for c in piles[2]),
            bytes(RANK_OF[c] for c in piles[3]),
            table.passes_used,
        )
        # counts[r]: cards of rank r left anywhere.
        self.counts = [0] * 14
        for pos in range(28):
            if table.present >> pos & 1:
                self.counts[self.rank[pos]] += 1
        # talon: the talon's ranks as counts, 4 bits a rank (reduction 6).
        self.talon = 0
        for part in self.root[1:5]:
            assert isinstance(part, bytes)
            for r in part:
                self.counts[r] += 1
                self.talon += 1 << 4 * r
        self.relaxed: dict[tuple[int, int], bool] = {}

    # --- the driver ------------------------------------------------------------------------

    def run(self) -> SolveResult:
        pm, stock, w1, w2, w3, p = self.root
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 2000))
        stopped = False
        won = False
        try:
            final = p >= self.last_pass
            matched = all(self._matches(r, pm, stock, w1, w2, w3, final) for r in range(1, 7))
            if not self.reduce or (matched and self._relax(pm, self.talon)):
                won = self._search(pm, stock, w1, w2, w3, p)
        except _Stop:
            stopped = True
        finally:
            sys.setrecursionlimit(old)
        seconds = time.perf_counter() - self.start
        if not won:
            return SolveResult(UNKNOWN if stopped else NO_WIN, (), self.nodes, seconds, SOLVER)
        return SolveResult(WON, self._replay(), self.nodes, seconds, SOLVER)

    def _replay(self) -> tuple[str, ...]:
        """Turn the line of places into moves, by playing it on a copy of the game."""
        copy = self.game.copy()
        t = copy.table
        out = []
        for choice in self.line:
            move: Move
            if choice[0] == _DEAL:
                move = DEAL
            elif choice[0] == _REDEAL:
                move = REDEAL
            else:
                cards = [t.cards[c] if c < WASTE0 else t.piles[c - WASTE0 + 1][-1] for c in choice]
                move = next(m for m in copy.legal_moves() if not m.word and set(m.ids) == set(cards))
            copy.play(move)
            out.append(str(move))
        return tuple(out)

    # --- the search --------------------------------------------------------------------------

    def _search(self, pm: int, stock: bytes, w1: bytes, w2: bytes, w3: bytes, p: int) -> bool:
        if not pm and not stock and not w1 and not w2 and not w3:
            return True
        key = (pm, stock, w1, w2, w3)
        seen = self.lost.get(key)
        if seen is not None and seen <= p:
            return False
        self._count()
        if self._expand(pm, stock, w1, w2, w3, p):
            return True
        self.lost[key] = p
        return False

    def _count(self) -> None:
        """One more position searched (by either search): stop at the limits."""
        self.nodes += 1
        nodes = self.nodes
        if nodes >= self.node_limit:
            raise _Stop
        if not nodes & 4095:
            if self.deadline and time.perf_counter() > self.deadline:
                raise _Stop
            if not nodes & MASK:
                check_memory(nodes)

    def _expand(self, pm: int, stock: bytes, w1: bytes, w2: bytes, w3: bytes, p: int) -> bool:
        rank = self.rank
        reduce = self.reduce
        final = p >= self.last_pass
        free = pm & ~(self.t0[pm & 4095] | self.t1[pm >> 12 & 4095] | self.t2[pm >> 24])
        # The cards in reach: (rank, place).
        reach: list[tuple[int, int]] = []
        f = free
        while f:
            low = f & -f
            pos = low.bit_length() - 1
            f ^= low
            r = rank[pos]
            if r == KING and reduce:  # reduction 1
                return self._remove((pos,), pm, stock, w1, w2, w3, p)
            reach.append((r, pos))
        tops = (w1, w2, w3)
        for i in range(3):
            w = tops[i]
            if w:
                r = w[-1]
                if r == KING and final and reduce:  # reduction 2
                    return self._remove((WASTE0 + i,), pm, stock, w1, w2, w3, p)
                reach.append((r, WASTE0 + i))
        counts = self.counts
        pairs: list[tuple[int, ...]] = []
        for i, (r, a) in enumerate(reach):
            if r == KING:
                pairs.insert(0, (a,))  # a waste king before the last pass: tried first
                continue
            s = 13 - r
            for r2, b in reach[i + 1 :]:
                if r2 == s:
                    if reduce and counts[r] == 1 and (final or (a < WASTE0 and b < WASTE0)):  # 4
                        return self._remove((a, b), pm, stock, w1, w2, w3, p)
                    pairs.append((a, b))
        for choice in pairs:
            if self._remove(choice, pm, stock, w1, w2, w3, p):
                return True
        if stock:
            line = self.line
            line.append((_DEAL,))
            if self._search(pm, stock[3:], *_dealt(stock, w1, w2, w3), p):
                return True
            line.pop()
        elif p < self.last_pass and (w1 or w2 or w3):
            new = w3 + w2 + w1
            line = self.line
            line.append((_REDEAL,))
            nw1, nw2, nw3 = _dealt(new, b"", b"", b"")
            rest = new[3:]
            if p + 1 >= self.last_pass and reduce:
                # The last pass begins: the wastes' cards can no longer change places
                # (reduction 3).
                for r in range(1, 7):
                    if not self._matches(r, pm, rest, nw1, nw2, nw3, True):
                        line.pop()
                        return False
            if self._search(pm, rest, nw1, nw2, nw3, p + 1):
                return True
            line.pop()
        return False

    def _remove(
        self, places: tuple[int, ...], pm: int, stock: bytes, w1: bytes, w2: bytes, w3: bytes, p: int
    ) -> bool:
        counts = self.counts
        removed: list[int] = []
        talon = self.talon
        for c in places:
            if c < WASTE0:
                pm &= ~(1 << c)
                removed.append(self.rank[c])
                continue
            if c == WASTE0:
                r = w1[-1]
                w1 = w1[:-1]
            elif c == WASTE0 + 1:
                r = w2[-1]
                w2 = w2[:-1]
            else:
                r = w3[-1]
                w3 = w3[:-1]
            removed.append(r)
            talon -= 1 << 4 * r
        for r in removed:
            counts[r] -= 1
        r = removed[0]
        final = p >= self.last_pass
        ok = r == KING or not self.reduce or self._matches(min(r, 13 - r), pm, stock, w1, w2, w3, final)
        ok = ok and (not self.reduce or self._relax(pm, talon))
        if ok:
            old = self.talon
            self.talon = talon
            self.line.append(places)
            if self._search(pm, stock, w1, w2, w3, p):
                return True
            self.line.pop()
            self.talon = old
        for r in removed:
            counts[r] += 1
        return False

    def _relax(self, pm: int, talon: int) -> bool:
        """Reduction 6: whether the pyramid ``pm`` can be cleared with the talon's cards
        (``talon``: counts, 4 bits a rank) in reach whenever wanted, each used once."""
        key = (pm, talon)
        known = self.relaxed.get(key)
        if known is not None:
            return known
        if not pm:
            return True
        self._count()
        rank = self.rank
        free = pm & ~(self.t0[pm & 4095] | self.t1[pm >> 12 & 4095] | self.t2[pm >> 24])
        places: list[int] = []
        f = free
        while f:
            low = f & -f
            f ^= low
            places.append(low.bit_length() - 1)
        ok = False
        for a in places:
            if rank[a] == KING:  # as reduction 1
                ok = self._relax(pm & ~(1 << a), talon)
                self.relaxed[key] = ok
                return ok
        for i, a in enumerate(places):
            s = 13 - rank[a]
            for b in places[i + 1 :]:
                if rank[b] == s and self._relax(pm & ~(1 << a | 1 << b), talon):
                    ok = True
                    break
            if ok:
                break
        if not ok:
            for a in places:
                s = 13 - rank[a]
                if talon >> 4 * s & 15 and self._relax(pm & ~(1 << a), talon - (1 << 4 * s)):
                    ok = True
                    break
        self.relaxed[key] = ok
        return ok

    def _matches(self, r: int, pm: int, stock: bytes, w1: bytes, w2: bytes, w3: bytes, final: bool) -> bool:
        """Reduction 3: whether the cards of ranks ``r`` and ``13 - r`` left can be paired off,
        no two on one line of cover (in the last pass, no two bound for one waste)."""
        s = 13 - r
        counts = self.counts
        if counts[r] != counts[s]:
            return False
        if not counts[r]:
            return True
        # The cards of each rank: a pyramid position, or -1 - (the waste it is bound for) in
        # the last pass, or -4 - (a number of its own) before it.
        left: list[int] = []
        right: list[int] = []
        for side, rk in ((left, r), (right, s)):
            m = pm & self.at_rank[rk]
            while m:
                low = m & -m
                side.append(low.bit_length() - 1)
                m ^= low
        if final:
            for i, w in enumerate((w1 + stock[0::3], w2 + stock[1::3], w3 + stock[2::3])):
                for x in w:
                    if x == r:
                        left.append(-1 - i)
                    elif x == s:
                        right.append(-1 - i)
        else:
            if not left or not right:
                return True  # the pyramid cards of one rank each meet a talon card of the other
            n = 0
            for part in (stock, w1, w2, w3):
                for x in part:
                    if x == r:
                        left.append(-4 - n)
                        n += 1
                    elif x == s:
                        right.append(-4 - n)
                        n += 1
        below = self.below
        # Kuhn's augmenting paths: at most four cards a side.
        match: dict[int, int] = {}

        def fits(a: int, b: int) -> bool:
            if a >= 0 and b >= 0:
                return not (below[a] >> b & 1 or below[b] >> a & 1)
            return a != b or a <= -4

        def augment(i: int, seen: list[bool]) -> bool:
            a = left[i]
            for j, b in enumerate(right):
                if not seen[j] and fits(a, b):
                    seen[j] = True
                    if j not in match or augment(match[j], seen):
                        match[j] = i
                        return True
            return False

        return all(augment(i, [False] * len(right)) for i in range(len(left)))


def _dealt(stock: bytes, w1: bytes, w2: bytes, w3: bytes) -> tuple[bytes, bytes, bytes]:
    """The wastes after a deal of one row from ``stock`` (as far as it goes)."""
    n = len(stock)
    if n >= 3:
        return w1 + stock[0:1], w2 + stock[1:2], w3 + stock[2:3]
    if n == 2:
        return w1 + stock[0:1], w2 + stock[1:2], w3
    return w1 + stock[0:1], w2, w3

"""The search of Robert and Wasatch (docs/golf-relatives.md), on ranks alone: a pass at a time.
Why its "no win" is sound:

1. The talon (the waste bottom first, then the stock top first) keeps its order whatever is
   drawn, played or turned over, and a redeal turns the waste into the stock in that order.
   So within a pass the waste is a stack and the stock a queue read once, a draw at a time;
   between two draws any number of the waste's top cards go home in turn. Suits never
   matter (R2): a position is the ranks of the waste and the stock and the foundation's top
   rank. The search keeps, after each draw of a pass, every waste that can be there, each with
   the set of tops it can have; a card goes home when it fits one of them and leaves its own
   rank as the only top, so the sets stand for exactly the positions they list. A pass's ends
   are the wastes after its last draw (and the cards played from them), each with its tops:
   every way of playing the pass is among them.
2. A pass end whose ranks cannot follow a top in any order (:func:`walk_exists`) is lost
   with that top, whatever is played after: the top is dropped.
3. The ends of a pass, deduplicated by waste with their tops joined, are where the next
   passes begin: Robert searches each once with each top at each number of redeals left, so
   every order of play through its passes is covered.
4. In the last pass nothing can stay. With the waste w1..wk (bottom to top), each wi goes home
   while w(i+1) is on top of it until it leaves; the cards played between w(i+1) leaving and
   wi leaving are drawn after w(i+1) leaves (nothing else lies on wi), and take the foundation
   from w(i+1)'s rank to a rank next to wi's: at least the ring distance less one cards, one
   when the two ranks are equal. So do the cards that bring the top to a rank next to wk. Each
   card is played once, so when these least numbers add up to more than the cards still in
   the stock, the pass cannot empty the waste: the position is dropped.
5. After j draws, what a pass has reached depends only on its first j draws and the tops it
   began with, and in the last two passes on the talon's length (arguments 4 and 7 count the
   cards left). Talons sorted by (length in those passes, tops, ranks) therefore go on from
   the layers of the one before for their common first draws; a beginning already lost loses
   every talon that shares it.
6. With no limit on redeals (Wasatch), the pass ends form a graph: each (waste, top) is
   searched once, those with fewest cards first to meet a win soon (all the ends of one
   length together, before the shorter ones they lead to); no win when every one reached
   has been searched and none emptied the waste. The order only decides which win is met
   first: every end reached is searched before "no win".
7. In the pass before the last, the cards of the waste w1..wk that go home in this pass are
   its top ones, w(j+1)..wk for some j (a card goes only from the top), and argument 4's
   least numbers of cards between them are drawn later in this pass. The others, w1..wj, stay
   and are the first cards the last pass draws, in that order; whatever is played while they
   are drawn, the waste they leave needs argument 4's least numbers of cards, drawn later in
   the last pass: cards of this pass's stock that this pass does not play. So when for every
   j the two least numbers (the second the smallest over every way of playing w1..wj from any
   top, :meth:`_Search.rest_need`) add up to more than the cards still in the stock, no way of
   playing the two passes empties the talon: the position is dropped.
8. With no limit on redeals, beams go before the long search: from the first pass's ends, a
   pass from each of at most ``width`` ends at a time, the next ends chosen among those they
   reach, fewest cards first with a shuffle worth a few cards of length, or (the second beam)
   those whose talon a greedy play-out leaves shortest (:meth:`_Search.playout`). How the ends
   are ranked changes only which ends a beam keeps. A beam drops most of
   the ends it meets, so when it runs out of ends it proves nothing; a win it meets is a line
   of passes each of which argument 1 follows, so it is a win. Which ends a search goes on from
   decides how soon it meets a win far more than any order of one whole search does (see
   docs/golf-relatives.md): a beam goes deep at once along many lines of play, where the long
   search goes through every end of one length before the next.

A won search's line is rebuilt pass by pass: each pass end remembers the waste its top was
first reached from, and a search of that one pass finds the draws and plays between them.

The install compiles this module with mypyc where it can (``patience_core.solver.builds``).
Bytes are formatted (``b"%b%b" % (a, b)``), never added: mypyc 1.20 leaks the left operand of
``bytes + bytes`` (mypyc issue 1192), which kept every waste ever made alive, gigabytes on a
long search. Formatting costs the same compiled and a little more in plain Python.
"""

from __future__ import annotations

import heapq
import itertools
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from typing import Final

from patience_core.solver.tries import MIN_LIMIT, short_limit

__all__ = ["Stop", "search_line", "walk_exists"]


class Stop(Exception):
    """The node or time limit ran out; ``nodes``: the positions searched by then."""

    nodes = 0


_BIT = [1 << r for r in range(14)]
# _ADJ[r]: the ranks one above and one below r on the ring, as bits 1..13.
_ADJ = [0] + [_BIT[r % 13 + 1] | _BIT[(r + 11) % 13 + 1] for r in range(1, 14)]


def _cost(u: int, v: int) -> int:
    """The fewest cards that take the foundation from rank ``u`` to a rank next to ``v``."""
    d = abs(u - v) % 13
    d = min(d, 13 - d)
    return d - 1 if d else 1


_COST = [[_cost(u, v) if u and v else 0 for v in range(14)] for u in range(14)]
_ALL_TOPS = sum(_BIT[1:])
_TOPS: Final = 10  # a talon layer's value: the tops above this bit, the need below
_NEED: Final = (1 << _TOPS) - 1
_WASTES_KEPT: Final = 1_500_000  # wastes of talon layers kept for argument 7 (some 150 MB)
_RESTS_KEPT: Final = 1_000_000


Attempt = Callable[[int, int], tuple[bool, int]]
"""One search of the ends of passes: ``attempt(positions, order)`` gives (ended, positions
searched). Order 0 is the long search (argument 6), order 1 a whole search with the ends of one
length in a shuffled order, order ``2 + i`` the beam ``BEAMS[i]`` (argument 8)."""
Schedule = Callable[[Attempt, int, float], int]
"""How the searches share ``positions`` before ``deadline``: ``schedule(attempt, positions,
deadline)`` gives the positions they took (:func:`tries_then_long`)."""

_Parent = dict[tuple[int, bytes, int], bytes | None]
"""Where each (pass end, top) was first reached from (None: the first pass's own ends)."""

BEAMS: Final = ((3, 1, 0.35, False), (3, 1, 0.5, True))
"""The beams Wasatch tries (argument 8): (width per 2,000 positions of the limit, salt, the
share of the positions it may take at most, whether it ranks ends by a greedy play-out rather
than by length), so at the default limit of 2,000,000 two of 3,000 ends: one by length, then
one by play-out."""
BEAM_NOISE: Final = 8.0
"""How many cards of length a beam's shuffle may outweigh (argument 8)."""
PLAYOUT_NOISE: Final = 4.0
"""How many cards of a play-out's estimate a beam's shuffle may outweigh."""
PLAYOUT_PASSES: Final = 3
"""The greedy passes of a play-out (:meth:`_Search.playout`)."""
PLAYOUT_NEED: Final = 0.5
"""The weight of the argument-4 need of the waste a play-out leaves."""


def usual_order(attempt: Attempt, positions: int, deadline: float) -> int:
    """The schedule of one search in the usual order (order 0)."""
    return attempt(positions, 0)[1]


def tries_then_long(attempt: Attempt, positions: int, deadline: float) -> int:
    """Wasatch's schedule: a short whole search in a shuffled order, then the beams of
    :data:`BEAMS`, then the long search with the positions left; none but the long one below
    ``patience_core.solver.tries.MIN_LIMIT``. It stops at the first search that ends (a win,
    or a whole search that proves none)."""
    nodes = 0
    if positions >= MIN_LIMIT:
        beams = [(2 + i, int(positions * BEAMS[i][2])) for i in range(len(BEAMS))]
        plan = [(1, short_limit(positions)), *beams]
        for order, budget in plan:
            budget = min(budget, positions - nodes)
            if budget <= 0 or (deadline and time.perf_counter() > deadline):
                break
            ended, used = attempt(budget, order)
            nodes += used
            if ended:
                return nodes
    _, used = attempt(max(1, positions - nodes), 0)
    return nodes + used


class _Search:
    """The search of one position (see :func:`solve_full_information`)."""

    def __init__(self, draw: int, node_limit: int, deadline: float, schedule: Schedule = usual_order) -> None:
        self.draw = draw
        self.schedule = schedule
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.walks: dict[tuple[bytes, int], bool] = {}
        self.needs: dict[bytes, int] = {b"": 0}
        self.mincost: dict[tuple[int, int], int] = {}
        self.rests: dict[bytes, int] = {}
        self.talon_layers: dict[bytes, dict[bytes, int]] = {}
        self.layer_sizes = 0
        self.work = 0  # wastes made for argument 7

    def count(self, n: int) -> None:
        self.nodes += n
        if self.nodes >= self.node_limit or (self.deadline and time.perf_counter() > self.deadline):
            raise Stop

    def tops_with_walk(self, kept: bytes, tops: int) -> int:
        """The bits of ``tops`` from which the ranks ``kept`` can form a walk (argument 2)."""
        counts = [0] * 13
        for r in kept:
            counts[r - 1] += 1
        key_counts = bytes(counts)
        out = 0
        for t in range(1, 14):
            if tops & _BIT[t]:
                key = (key_counts, t)
                ok = self.walks.get(key)
                if ok is None:
                    ok = self.walks[key] = walk_exists(counts, t)
                if ok:
                    out |= _BIT[t]
        return out

    def need(self, stack: bytes) -> int:
        """Cards needed to uncover each card of ``stack`` in turn from the one above it
        (argument 4); cached, each stack's is its prefix's plus one gap."""
        n = self.needs.get(stack)
        if n is None:
            if len(self.needs) > 2_000_000:
                self.needs = {b"": 0}
            n = 0 if len(stack) < 2 else self.need(stack[:-1]) + _COST[stack[-1]][stack[-2]]
            self.needs[stack] = n
        return n

    def least_cost(self, tops: int, v: int) -> int:
        key = (tops, v)
        c = self.mincost.get(key)
        if c is None:
            c = self.mincost[key] = min(_COST[t][v] for t in range(1, 14) if tops & _BIT[t])
        return c

    def run_pass(self, stack: bytes, tops: int, queue: bytes, passes_after: int | None) -> dict[bytes, int]:
        """Every end of the pass that reads ``queue`` onto the waste ``stack`` with the
        foundation's top any rank of ``tops``: the waste left (bottom first) and the tops it
        can end with (argument 1). ``passes_after``: the passes left after this one (None: no
        limit); in the last two, only positions that can still empty the talon are kept
        (arguments 4 and 7)."""
        layer: dict[bytes, int] = {}
        _add(layer, stack, tops)
        draw = self.draw
        n = len(queue)
        for i in range(0, n, draw):
            chunk = queue[i : i + draw]
            prev, layer = layer, {}
            for s, m in prev.items():
                _add(layer, b"%b%b" % (s, chunk), m)
            self.count(len(layer))
            layer = self.hopeful(layer, max(n - i - draw, 0), passes_after)
        return layer

    def hopeful(self, layer: dict[bytes, int], left: int, passes_after: int | None) -> dict[bytes, int]:
        """The positions of ``layer`` that arguments 4 (the last pass) and 7 (the one before)
        do not drop, ``left`` cards still in the stock."""
        if passes_after == 0:
            need, least = self.need, self.least_cost
            return {s: m for s, m in layer.items() if not s or need(s) + least(m, s[-1]) <= left}
        if passes_after == 1:
            return {s: m for s, m in layer.items() if self.two_passes(s, m, left)}
        return layer

    def two_passes(self, stack: bytes, tops: int, left: int) -> bool:
        """Whether argument 7 keeps the waste ``stack`` with the ``tops`` in the pass before
        the last, ``left`` cards still in the stock."""
        k = len(stack)
        if self.need(stack) <= left or self.rest_need(stack) <= left:
            return True  # nothing of the waste played in this pass (need() is rest_need's most)
        played = self.least_cost(tops, stack[-1])  # the cards that w(j+1)..wk need
        while k > 0 and played <= left:
            k -= 1
            if played + self.rest_need(stack[:k]) <= left:
                return True
            if k:
                played += _COST[stack[k]][stack[k - 1]]
        return False

    def rest_need(self, talon: bytes) -> int:
        """The fewest cards that the waste left by a pass drawing ``talon`` one at a time from
        any top needs drawn after it (argument 4), over every way of playing it: a least
        number, so drawing one at a time stands for drawing three as well (argument 7)."""
        r = self.rests.get(talon)
        if r is None:
            least = self.least_cost
            layer = self.talon_layer(talon)
            r = min((v & _NEED) + (least(v >> _TOPS, s[-1]) if s else 0) for s, v in layer.items())
            if len(self.rests) >= _RESTS_KEPT:
                self.rests = {}
            self.rests[talon] = r
        return r

    def talon_layer(self, talon: bytes) -> dict[bytes, int]:
        """Every waste a pass drawing ``talon`` one at a time from any top can leave, with its
        tops and its argument-4 need packed in one number (``tops << _TOPS | need``):
        :func:`_add`'s layers with the need carried along. The layers of the talons met last
        are kept, up to some millions of wastes, since the next waste asked about is most
        often one of them with a card more."""
        layer = self.talon_layers.get(talon)
        if layer is None:
            if not talon:
                return {b"": _ALL_TOPS << _TOPS}
            c = talon[-1]
            layer = {}
            before = self.talon_layer(talon[:-1])
            for s, v in before.items():
                _add_need(layer, b"%b%b" % (s, talon[-1:]), v + _COST[c][s[-1]] if s else v)
            self.talon_layers[talon] = layer
            self.layer_sizes += len(layer)
            # The bound's own work is bounded too: a hundred wastes for each position allowed.
            self.work += len(layer)
            if self.work > 100 * self.node_limit:
                raise Stop
            self.count(0)  # the time limit
            if self.layer_sizes > _WASTES_KEPT:
                self.forget_layers()
        return layer

    def forget_layers(self) -> None:
        """Drop the oldest half of the kept talon layers."""
        layers = self.talon_layers
        drop = len(layers) // 2
        for talon in list(itertools.islice(layers, drop)):
            self.layer_sizes -= len(layers.pop(talon))

    def solve(
        self, waste: bytes, stock: bytes, top: int, passes_left: int | None
    ) -> list[tuple[bytes, int]] | None:
        """The pass ends (waste left, top) of a won game from this position, or None if
        there is none. ``passes_left``: redeals left, None for no limit."""
        if not waste and not stock:
            return []
        last = passes_left == 0
        ends = self.run_pass(waste, _BIT[top], stock, passes_left)
        if b"" in ends:
            return [(b"", _lowest(ends[b""]))]
        if last:
            return None
        # Pass ends by level (redeals left after them; 0 with no limit), each waste with its
        # tops; parent: the waste at the level above a top of it was first reached from.
        level = 0 if passes_left is None else passes_left - 1
        ends = {k: m for k, m in ((k, self.tops_with_walk(k, m)) for k, m in ends.items()) if m}
        parent: _Parent = {(level, k, t): None for k, m in ends.items() for t in _bits(m)}
        if passes_left is None:
            return self.unlimited(ends, parent)
        while level:
            nxt: dict[bytes, int] = {}
            items = sorted((len(q) if level == 1 else 0, m, q) for q, m in ends.items())
            for kept, m, layer in self.sweep(items, level):
                for k2, m2 in layer.items():
                    if not k2:
                        return self.chain(parent, level, kept, m, (b"", _lowest(m2)), False)
                    new = self.tops_with_walk(k2, m2) & ~nxt.get(k2, 0)
                    if new:
                        nxt[k2] = nxt.get(k2, 0) | new
                        for t in _bits(new):
                            parent[(level - 1, k2, t)] = kept
            ends, level = nxt, level - 1
        # The last pass: each top on its own, so that starts of one length and top share
        # their common beginnings.
        items = sorted((len(q), _BIT[t], q) for q, m in ends.items() for t in _bits(m))
        for q, m, layer in self.sweep(items, 0):
            if b"" in layer:
                return self.chain(parent, 0, q, m, (b"", _lowest(layer[b""])), False)
        return None

    def sweep(
        self, items: list[tuple[int, int, bytes]], passes_after: int | None
    ) -> Iterator[tuple[bytes, int, dict[bytes, int]]]:
        """The pass from each ``(group, tops, talon)`` of ``items`` (sorted), with what it
        leaves: a talon with the same group, tops and first draws as the one before goes on
        from where their common beginning left off (argument 5), ``passes_after`` passes left
        after it. In the last two passes a talon whose beginning already lost nothing is not
        yielded."""
        draw = self.draw
        layers: list[dict[bytes, int]] = []
        before: tuple[int, int, bytes] = (-1, 0, b"")
        for group, m, q in items:
            n = len(q)
            if before[:2] == (group, m):
                p = 0
                old = before[2]
                while p < n and p < len(old) and old[p] == q[p]:
                    p += 1
                shared = p // draw  # whole draws in common
                before = (group, m, q)
                if len(layers) <= shared + 1 and not layers[-1]:
                    continue  # their common beginning is lost already
                del layers[shared + 1 :]
            else:
                first: dict[bytes, int] = {}
                _add(first, b"", m)
                layers = [first]
                before = (group, m, q)
            while layers[-1] and (len(layers) - 1) * draw < n:
                i = (len(layers) - 1) * draw
                chunk = q[i : i + draw]
                layer: dict[bytes, int] = {}
                for s, tops in layers[-1].items():
                    _add(layer, b"%b%b" % (s, chunk), tops)
                self.count(len(layer))
                layers.append(self.hopeful(layer, max(n - i - draw, 0), passes_after))
            if layers[-1]:
                yield q, m, layers[-1]

    def unlimited(self, ends: dict[bytes, int], parent: _Parent) -> list[tuple[bytes, int]] | None:
        """With no limit on redeals: the searches of the schedule (:func:`tries_then_long`: a
        short whole search in a shuffled order, the beams, then the long search with the
        positions left: arguments 6 and 8). A whole search that ends without a win proves there
        is none; a beam that ends proves nothing."""
        limit = self.node_limit
        ended: list[list[tuple[bytes, int]] | None] = []

        def search(budget: int, order: int) -> tuple[bool, int]:
            before = self.nodes
            self.node_limit = min(limit, before + budget)
            tried = dict(parent) if order else parent
            try:
                if order < 2:
                    ended.append(self.by_length(ends, tried, 0 if order else None))
                else:
                    per, salt, _, greedy = BEAMS[order - 2]
                    line = self.beam(ends, tried, max(1, per * limit // 2000), salt, greedy)
                    if line is None:
                        return False, self.nodes - before  # a beam that ends proves nothing
                    ended.append(line)
            except Stop:
                if not order or (self.deadline and time.perf_counter() > self.deadline):
                    raise
                return False, self.nodes - before
            finally:
                self.node_limit = limit
            parent.update(tried)
            return True, self.nodes - before

        self.schedule(search, limit - self.nodes, self.deadline)
        return ended[0]

    def beam(
        self, ends: dict[bytes, int], parent: _Parent, width: int, salt: int, greedy: bool = False
    ) -> list[tuple[bytes, int]] | None:
        """A beam (argument 8): from ``ends``, a pass from each of at most ``width`` ends at a
        time, the next ``width`` chosen among the ends they reach by length with a shuffle
        (``salt``) worth up to :data:`BEAM_NOISE` cards, or with ``greedy`` by
        :meth:`playout` with one worth up to :data:`PLAYOUT_NOISE`. The pass ends of a win, or
        None when no end is left to go on from: that proves nothing."""
        seen = dict(ends)
        frontier = ends
        scale = BEAM_NOISE / (1 << 32)
        noise = PLAYOUT_NOISE / (1 << 32)

        def score(k: bytes) -> tuple[float, bytes]:
            return (len(k) + scale * zlib.crc32(k, salt), k)

        def play_score(k: bytes) -> tuple[float, bytes]:
            return (self.playout(k, reached[k]) + noise * zlib.crc32(k, salt), k)

        while frontier:
            reached: dict[bytes, int] = {}
            for kept, m, k2, new in self.reached(sorted((0, m, k) for k, m in frontier.items()), seen):
                if not k2:
                    return self.chain(parent, 0, kept, m, (b"", _lowest(new)), True)
                reached[k2] = reached.get(k2, 0) | new
                for t in _bits(new):
                    parent.setdefault((0, k2, t), kept)  # an end left out may be met again
            frontier = {}
            # The walk test only for the ends taken.
            for k in sorted(reached, key=play_score if greedy else score):
                m = self.tops_with_walk(k, reached[k])
                if m:
                    frontier[k] = m
                    seen[k] = seen.get(k, 0) | m
                    if len(frontier) == width:
                        break
        return None

    def playout(self, kept: bytes, tops: int) -> float:
        """A beam's estimate of how far the talon ``kept`` is from a win, over the ``tops``: the
        cards left after :data:`PLAYOUT_PASSES` greedy passes (the waste's top goes home whenever
        it fits) plus :data:`PLAYOUT_NEED` times their argument-4 need. Only ranks the ends a beam
        keeps; it proves nothing."""
        best = float("inf")
        for t in _bits(tops):
            left = _greedy_passes(kept, t, PLAYOUT_PASSES, self.draw)
            v = len(left) + PLAYOUT_NEED * self.need(left)
            if v < best:
                best = v
        return best

    def by_length(
        self, ends: dict[bytes, int], parent: _Parent, salt: int | None
    ) -> list[tuple[bytes, int]] | None:
        """Every pass end reached from ``ends`` searched once with each top, the ones with
        fewest cards left first. ``salt`` None: all the ends of one length together, sorted,
        so that they share their common beginnings (argument 5); otherwise one at a time in an
        order that ``salt`` shuffles."""

        def rank(k: bytes) -> tuple[int, int, bytes]:
            return (len(k), 0 if salt is None else zlib.crc32(k, salt), k)

        seen = dict(ends)
        pending = dict(ends)  # the tops of each not yet searched from
        heap = [rank(k) for k in ends]
        heapq.heapify(heap)
        while heap:
            if salt is None:
                # Every end of the fewest cards, before any end that one of them leads to
                # (which holds fewer cards still).
                size = heap[0][0]
                batch: list[tuple[int, int, bytes]] = []
                while heap and heap[0][0] == size:
                    kept = heapq.heappop(heap)[2]
                    m = pending.pop(kept, 0)
                    if m:
                        batch.append((0, m, kept))
                batch.sort()
            else:
                kept = heapq.heappop(heap)[2]
                m = pending.pop(kept, 0)
                batch = [(0, m, kept)] if m else []
            for kept, m, k2, new in self.reached(batch, seen):
                if not k2:
                    return self.chain(parent, 0, kept, m, (b"", _lowest(new)), True)
                new = self.tops_with_walk(k2, new)
                if not new:
                    continue
                seen[k2] = seen.get(k2, 0) | new
                for t in _bits(new):
                    parent[(0, k2, t)] = kept
                if k2 not in pending:
                    heapq.heappush(heap, rank(k2))
                pending[k2] = pending.get(k2, 0) | new
        return None

    def reached(
        self, batch: list[tuple[int, int, bytes]], seen: dict[bytes, int]
    ) -> Iterator[tuple[bytes, int, bytes, int]]:
        """The pass from each talon of ``batch`` (:meth:`sweep`, no limit on redeals): each end
        it reaches with tops not in ``seen``, as (the talon, its tops, the end, those tops),
        before the walk test (argument 2). An empty end, a win, comes with every top it is
        reached with."""
        for kept, m, layer in self.sweep(batch, None):
            for k2, m2 in layer.items():
                new = m2 & ~seen.get(k2, 0) if k2 else m2
                if new:
                    yield kept, m, k2, new

    def chain(
        self,
        parent: _Parent,
        level: int,
        kept: bytes,
        tops: int,
        end: tuple[bytes, int],
        unlimited: bool,
    ) -> list[tuple[bytes, int]]:
        """The pass ends from the first to ``end``, reached from ``(kept, a top of tops)``."""
        out = [end]
        while True:
            t = next(t for t in _bits(tops) if (level, kept, t) in parent and self.reaches(kept, t, out[-1]))
            out.append((kept, t))
            before = parent[(level, kept, t)]
            if before is None:
                break
            level = level if unlimited else level + 1
            kept, tops = before, self._tops(parent, level, before)
        return out[::-1]

    @staticmethod
    def _tops(parent: _Parent, level: int, kept: bytes) -> int:
        return sum(_BIT[t] for t in range(1, 14) if (level, kept, t) in parent)

    def reaches(self, kept: bytes, top: int, end: tuple[bytes, int]) -> bool:
        return _pass_line(b"", top, kept, self.draw, end) is not None


def _add(layer: dict[bytes, int], s: bytes, m: int) -> None:
    """Add the waste ``s`` with the tops ``m`` and every waste its top cards reach by playing
    them in turn."""
    while True:
        old = layer.get(s, 0)
        if m | old == old:
            return
        layer[s] = old | m
        if not s:
            return
        x = s[-1]
        a = _ADJ[x]
        if old & a or not m & a:
            return  # played already from an older top, or it does not fit
        s, m = s[:-1], _BIT[x]


def _add_need(layer: dict[bytes, int], s: bytes, v: int) -> None:
    """:func:`_add` for a talon layer, ``v`` the tops and the need packed (``tops << _TOPS |
    need``): a card played takes its gap off the need."""
    while True:
        old = layer.get(s, 0)
        m, o = v >> _TOPS, old >> _TOPS
        if m | o == o:
            return
        layer[s] = v | old & ~_NEED
        if not s:
            return
        x = s[-1]
        a = _ADJ[x]
        if o & a or not m & a:
            return
        n = v & _NEED
        if len(s) > 1:
            n -= _COST[x][s[-2]]
        s, v = s[:-1], _BIT[x] << _TOPS | n


def _greedy_passes(talon: bytes, top: int, passes: int, draw: int) -> bytes:
    """The talon left by ``passes`` passes from the foundation's ``top`` that play the waste's
    top card whenever it fits (and stop early when a pass plays nothing)."""
    for _ in range(passes):
        w = bytearray()
        n = len(talon)
        for i in range(0, n, draw):
            w += talon[i : i + draw]
            while w and _ADJ[top] & _BIT[w[-1]]:
                top = w.pop()
        if len(w) == n:
            break
        talon = bytes(w)
        if not talon:
            break
    return talon


def _bits(m: int) -> list[int]:
    return [t for t in range(1, 14) if m & _BIT[t]]


def _lowest(m: int) -> int:
    return _bits(m)[0]


def _pass_line(stack: bytes, top: int, queue: bytes, draw: int, end: tuple[bytes, int]) -> list[str] | None:
    """The moves of one pass from the waste ``stack`` and the foundation's ``top`` that leave
    the waste ``end[0]`` with the top ``end[1]`` (any top when the waste is empty)."""
    failed: set[tuple[int, bytes, int]] = set()
    moves: list[str] = []
    goal, goal_top = end

    def go(i: int, s: bytes, t: int) -> bool:
        if i >= len(queue) and s == goal and (t == goal_top or not goal):
            return True
        if not goal and not s and i >= len(queue):
            return True
        key = (i, s, t)
        if key in failed:
            return False
        if s and _ADJ[t] & _BIT[s[-1]]:
            moves.append("w-f")
            if go(i, s[:-1], s[-1]):
                return True
            moves.pop()
        if i < len(queue):
            moves.append("draw")
            if go(i + draw, b"%b%b" % (s, queue[i : i + draw]), t):
                return True
            moves.pop()
        failed.add(key)
        return False

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 1000))
    try:
        return moves if go(0, stack, top) else None
    finally:
        sys.setrecursionlimit(old)


def walk_exists(counts: list[int], top: int) -> bool:
    """Whether ranks ``counts`` (cards of each rank 1-13 still out) could all follow the
    foundation's ``top`` one rank up or down at a time, K and A neighbours, in some order.

    Such an order is a walk on the 13 ranks in a ring that starts at ``top``: the steps
    between ranks r and r+1 number e(r), and a rank's visits (with the start, the top itself)
    are half the steps at it, an end counting one. With an odd ring the steps follow from the
    counts and the rank the walk ends at; a walk exists for some end when they are whole,
    none negative, and the ranks it visits are joined by steps. A position with no such walk
    is lost whatever the order of the talon: the argument that prunes the search.

    >>> walk_exists([1] + [0] * 12, 2)  # an ace on a 2
    True
    >>> walk_exists([0, 0, 0, 1] + [0] * 9, 2)  # a 4 alone cannot follow a 2
    False
    """
    if not any(counts):
        return True
    s = top - 1
    base = [2 * c for c in counts]
    base[s] += 1  # visited once more at the start, left once
    for t in range(13):
        if not counts[t]:
            continue  # the walk ends on a card played
        d = base[:]
        d[t] -= 1
        alternating = 0
        for j in range(13):
            alternating += d[(1 + j) % 13] if j % 2 == 0 else -d[(1 + j) % 13]
        if alternating < 0 or alternating % 2:
            continue
        e = [0] * 13  # e[r]: steps between r and r + 1
        e[0] = alternating // 2
        ok = True
        for r in range(12):
            e[r + 1] = d[r + 1] - e[r]
            if e[r + 1] < 0:
                ok = False
                break
        if not ok or e[12] + e[0] != d[0]:
            continue
        if _joined(e, counts, s):
            return True
    return False


def _joined(e: list[int], counts: list[int], s: int) -> bool:
    """Whether every rank with cards out is joined to the start ``s`` by ranks with steps."""
    reach = {s}
    frontier = [s]
    while frontier:
        r = frontier.pop()
        for q, step in (((r + 1) % 13, e[r]), ((r - 1) % 13, e[(r - 1) % 13])):
            if step and q not in reach:
                reach.add(q)
                frontier.append(q)
    return all(r in reach for r in range(13) if counts[r])


def search_line(
    waste: bytes,
    stock: bytes,
    top: int,
    passes_left: int | None,
    draw: int,
    node_limit: int,
    deadline: float,
    schedule: Schedule = usual_order,
) -> tuple[list[str] | None, int]:
    """The moves of a win from the waste ``waste`` (ranks, bottom first), the stock ``stock``
    (ranks, in the order drawn) and the foundation's ``top`` rank, ``passes_left`` redeals left
    (None: no limit), or None when there is none; and the positions searched. Raises
    :class:`Stop` when ``node_limit`` positions or the ``deadline`` (a ``time.perf_counter()``,
    0 for none) run out. ``schedule``: how searches in other orders share the positions when
    there is no limit on redeals (the usual order alone by default)."""
    search = _Search(draw, node_limit, deadline, schedule)
    try:
        ends = search.solve(waste, stock, top, passes_left)
    except Stop as stop:
        stop.nodes = search.nodes
        raise
    if ends is None:
        return None, search.nodes
    line: list[str] = []
    s, t, q = waste, top, stock
    for i, end in enumerate(ends):
        if i:
            line.append("redeal")
        part = _pass_line(s, t, q, draw, end)
        assert part is not None
        line += part
        s, t, q = b"", end[1], end[0]
    return line, search.nodes

"""The Spider family's search, on bytes and small integers (compiled with mypyc where it can be).

The arguments that make it sound, and the Python API, are in :mod:`patience_spider.solver`.
This module imports nothing of the package, so it compiles on its own; it runs as plain Python
with the same positions searched in the same order and the same lines.

A column is ``bytes``, bottom card first, one byte a card: its face ``suit * 13 + rank - 1``
(0-51; the two copies of a card of Spider's two decks are the same byte), plus :data:`DOWN`
while it lies face down. The stock is ``bytes`` too, its top card last; a position holds how
many of its cards are left. A step (one move) is ``src | dst << 4 | count << 8`` for a move of
the top ``count`` cards of column ``src`` onto column ``dst``, and :data:`DEAL` for a deal.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Final

NO_WIN: Final = 0
WON: Final = 1
STOPPED: Final = 2
DEAL: Final = 15
"""The step that deals from the stock (no column has this number)."""
DOWN: Final = 64
"""Added to a face-down card's byte."""
MEMORY_EVERY: Final = 1 << 14
"""Positions between two calls of ``check_memory`` (the core's ``CHECK_EVERY``)."""
_MEMORY_MASK: Final = MEMORY_EVERY - 1
_NOTHING: Final = b""
"""Bytes are joined, never added: mypyc leaks the left operand of ``bytes + bytes``
(mypyc issue 1192)."""
_SEP: Final = b"\xfe"
_ORDER_BITS: Final = 12
_ORDER_MASK: Final = (1 << _ORDER_BITS) - 1
_STEP_BITS: Final = 16
_STEP_MASK: Final = (1 << _STEP_BITS) - 1
_ID_BITS: Final = 36
_ID_MASK: Final = (1 << _ID_BITS) - 1
_SCORE_SHIFT: Final = _STEP_BITS + _ID_BITS
BEST_FIRST_SHARE: Final = 500_000
"""Positions the best-first phase may search (it keeps every one it searched, for its line)."""
SHARE_PER_SEARCH: Final = 350_000
"""Positions the best-first phase may search for each of its searches, where that is more
(Simple Simon's three: each of them wins deal 638 after some 305,000 positions)."""

# What makes a position promising (see :func:`rate`); a child's rating only orders the moves
# tried, never which are tried.
W_HOME: Final = 1000
W_DOWN: Final = 12
W_EMPTY: Final = 8
W_SUIT: Final = 4
W_RANK: Final = 1
W_BREAK: Final = 2
W_DEALT: Final = 4
DEFAULT_RATING: Final = [W_HOME, W_DOWN, W_EMPTY, W_SUIT, W_RANK, W_BREAK, W_DEALT]
"""The weights of :func:`rate`, in that order (:class:`Rating`)."""
SPACE_RATING: Final = [W_HOME, W_DOWN, 20, 4, 2, 1, W_DEALT]
"""Empty columns weighed far more, and a card on any card one rank higher more than on a card
of its suit: for a game dealt whole (Simple Simon), where empty columns are the only room to
reorder runs. Best-first beside :data:`DEFAULT_RATING` it wins deals the other does not."""
SUIT_RATING: Final = [W_HOME, W_DOWN, W_EMPTY, 2 * W_SUIT, 0, 2 * W_BREAK, W_DEALT]
"""Runs of one suit weighed twice as much against face-down cards, empty columns and cards
dealt, a card on another suit's card one rank higher worth nothing, a break twice as bad: for
Spider's deals through the stock, where it wins many deals :data:`DEFAULT_RATING` does not
(docs/spider.md)."""
TURN: Final = 1000
"""Positions a best-first search takes a turn when several run side by side."""
_PAUSED: Final = 3


class Rules:
    """A game of the family as the search needs it."""

    ncols: int
    by_suit: bool
    groups: bool
    kings_only: bool
    full_to_deal: bool
    stock: bytes
    runs: int
    supermoves: bool  # the best-first phase moves runs of several suits through empty columns
    deadlocks: bool  # positions :func:`stuck` finds lost are not searched (Scorpion's rules)

    def __init__(
        self,
        ncols: int,
        by_suit: bool,
        groups: bool,
        kings_only: bool,
        full_to_deal: bool,
        stock: bytes,
        runs: int,
    ) -> None:
        self.ncols = ncols
        self.by_suit = by_suit
        self.groups = groups
        self.kings_only = kings_only
        self.full_to_deal = full_to_deal
        self.stock = stock
        self.runs = runs
        # A game dealt whole that moves runs of one suit (Simple Simon): see :func:`moves`.
        self.supermoves = not groups and not by_suit and not stock
        # Set by :func:`search` where every card is one of a kind: see :func:`stuck`.
        self.deadlocks = False


class Rating:
    """The weights of :func:`rate`: runs home, face-down cards, empty columns, a card on one of
    its suit one rank higher, on another card one rank higher, on a card it does not follow,
    stock cards left."""

    home: int
    down: int
    empty: int
    suit: int
    rank: int
    broken: int
    dealt: int
    carry: bool  # an eighth weight, not 0: its best-first search makes supermoves (:func:`moves`)

    def __init__(self, weights: list[int]) -> None:
        self.home = weights[0]
        self.down = weights[1]
        self.empty = weights[2]
        self.suit = weights[3]
        self.rank = weights[4]
        self.broken = weights[5]
        self.dealt = weights[6]
        self.carry = len(weights) > 7 and weights[7] != 0


class Node:
    """A position: the columns, the stock cards left and the runs home."""

    cols: list[bytes]
    left: int
    home: int

    def __init__(self, cols: list[bytes], left: int, home: int) -> None:
        self.cols = cols
        self.left = left
        self.home = home


def complete(col: bytes) -> bool:
    """Whether the top 13 cards of ``col`` lie face up and run from a King down to an Ace of one suit."""
    n = len(col)
    if n < 13:
        return False
    ace = col[n - 1]
    if ace >= DOWN or ace % 13:
        return False
    for k in range(1, 13):  # noqa: SIM110 (a loop compiles to faster code than all())
        if col[n - 1 - k] != ace + k:
            return False
    return True


def uncover(col: bytes) -> bytes:
    """``col`` with its top card turned face up."""
    n = len(col)
    if n and col[n - 1] >= DOWN:
        return _NOTHING.join([col[: n - 1], bytes([col[n - 1] - DOWN])])
    return col


def play(rules: Rules, node: Node, step: int) -> Node:
    """The position after ``step`` (trusted: the search makes legal steps only), finished runs home."""
    cols = list(node.cols)
    left = node.left
    home = node.home
    src = step & 15
    if src == DEAL:
        stock = rules.stock
        for i in range(rules.ncols):
            if not left:
                break
            cols[i] = _NOTHING.join([cols[i], stock[left - 1 : left]])
            left -= 1
        for i in range(rules.ncols):
            if complete(cols[i]):
                cols[i] = uncover(cols[i][: len(cols[i]) - 13])
                home += 1
        return Node(cols, left, home)
    dst = step >> 4 & 15
    count = step >> 8
    col = cols[src]
    cut = len(col) - count
    joined = _NOTHING.join([cols[dst], col[cut:]])
    cols[src] = uncover(col[:cut])
    if complete(joined):
        joined = uncover(joined[: len(joined) - 13])
        home += 1
    cols[dst] = joined
    return Node(cols, left, home)


def stuck(node: Node) -> bool:
    """Whether ``node`` can be seen to be lost under Scorpion's rules (build down by suit, any
    face-up card moves with what lies on it, only a King into an empty column, every card one
    of a kind): some card not on its successor (its suit, one rank higher) can never be moved
    onto it.

    Such a card moves only onto its successor, so once there it stays there, and every card
    not there yet must make that one move before the game is won: cards go home only as a
    run from King to Ace. Take the columns as blocks, each card lying on its successor joined
    to it, a block's own move being that of its lowest card. A block ``B`` whose lowest card's
    successor is the top card of block ``S`` makes its move only once

    (a) ``S`` is uncovered, so the block lying on ``S`` now has left it (cards moved from
        under that block carry it along);
    (b) where ``S`` lies above ``B`` in one column, ``S`` has left it, so a block above ``B``
        up to ``S`` has moved;
    (c) where ``B``'s lowest card lies face down, that card has been uncovered, so the block
        on it has left it; never, if a card of ``B`` itself lies on it (the position is then
        lost, a King's too: a run goes home face up).

    A King's block with cards under it leaves them only into an empty column, once a column is
    empty or can empty (its lowest block, not a King's, moves away, or its King's suit goes
    home), or home, once every block of its suit has moved. A stock card counts as free.
    Every real line of play meets these conditions, each move after the moves it needs, so
    the blocks they let move include every block that can ever move: if one that must move
    (one that is not a King's) is not among them, the position is lost.
    """
    cols = node.cols
    first: list[int] = []  # the lowest card of each block, blocks numbered column by column
    where: list[int] = []  # its column
    top_of = [-1] * 64  # the block of each card (a successor wanted is always its block's top)
    lowest: list[int] = []  # each column's lowest block
    hidden: list[bool] = []  # whether its lowest card lies face down
    empty = False
    for i in range(len(cols)):
        col = cols[i]
        if not col:
            empty = True
            continue
        lowest.append(len(first))
        under = -1
        for k in range(len(col)):
            c = col[k] & 63
            if under != c + 1 or c % 13 == 12:
                first.append(c)
                where.append(i)
                hidden.append(col[k] >= DOWN)
            elif hidden[len(hidden) - 1]:
                return True  # (c): that card stays face down, and no run of its suit completes
            top_of[c] = len(first) - 1
            under = c
    blocks = len(first)
    moved = [False] * blocks
    waiting = [0, 0, 0, 0]  # the blocks of each suit, not Kings', that have not moved
    for b in range(blocks):
        if first[b] % 13 != 12:
            waiting[first[b] // 13] += 1
    changed = True
    while changed:
        changed = False
        if not empty:
            for b in lowest:
                c = first[b]
                if moved[b] if c % 13 != 12 else not waiting[c // 13]:
                    empty = True
                    break
        for b in range(blocks):
            if moved[b]:
                continue
            if hidden[b] and b + 1 < blocks and where[b + 1] == where[b] and not moved[b + 1]:
                continue  # (c)
            c = first[b]
            if c % 13 == 12:
                if not empty and waiting[c // 13] and b > 0 and where[b - 1] == where[b]:
                    continue
            else:
                s = top_of[c + 1]
                if s >= 0:
                    if s + 1 < blocks and where[s + 1] == where[s] and not moved[s + 1]:
                        continue  # (a)
                    if where[s] == where[b] and s > b:
                        x = b + 1
                        while x <= s and not moved[x]:
                            x += 1
                        if x > s:
                            continue  # (b)
                waiting[c // 13] -= 1
            moved[b] = True
            changed = True
    for b in range(blocks):  # noqa: SIM110 (a loop compiles to faster code than any())
        if not moved[b] and first[b] % 13 != 12:
            return True
    return False


def pack(node: Node) -> bytes:
    """``node`` in one ``bytes``: the stock cards left, the runs home, the columns in order."""
    return _NOTHING.join([bytes([node.left, node.home]), _SEP.join(node.cols)])


def unpack(packed: bytes) -> Node:
    """The position :func:`pack` packed."""
    return Node(packed[2:].split(_SEP), packed[0], packed[1])


def key(node: Node) -> bytes:
    """The same for positions with the same future: the columns in order while the stock, dealt
    column by column, is left; sorted once it is empty (every column is then alike)."""
    if node.left:
        return _SEP.join([bytes([node.left]), *node.cols])
    return _SEP.join(sorted(node.cols))


def moves(rules: Rules, node: Node, out: list[int], keep_suits: bool, carry: bool = False) -> None:
    """Append every legal step of ``node``, but those that lead to the same position as another
    (a whole column into an empty one once the stock is empty, unless its top 13 cards are a
    finished run, which goes home there; only the first empty column then).
    ``keep_suits``: not those either that take cards off a card of their suit one rank higher
    (the best-first phase only: it is incomplete on purpose); with ``carry`` too, where
    ``rules.supermoves``, also a run of several suits, each card one rank below the one under
    it, that single moves through the empty columns can carry (``2 ** e`` runs of one suit with
    ``e`` empty columns besides the target): one step for what is many moves
    (:func:`single_steps` gives them), so a line that needs it is found sooner."""
    cols = node.cols
    n = rules.ncols
    stocked = node.left > 0
    first_empty = -1
    empties = 0
    for j in range(n):
        if not cols[j]:
            if first_empty < 0:
                first_empty = j
            empties += 1
    carry = carry and keep_suits and rules.supermoves and empties > 0
    for i in range(n):
        col = cols[i]
        size = len(col)
        if not size:
            continue
        up = 1
        while up < size and col[size - 1 - up] < DOWN:
            up += 1
        if rules.groups:
            longest = up
        else:
            longest = 1
            while longest < up:
                over = col[size - longest]
                if col[size - 1 - longest] != over + 1 or over % 13 == 12:
                    break
                longest += 1
        # With supermoves: the top ``reach`` cards follow one another by rank, and the top k
        # of them are ``parts[k]`` runs of one suit.
        reach = longest
        parts: list[int] = []
        if carry:
            parts = [0, 1]
            reach = 1
            while reach < up:
                over = col[size - reach]
                under = col[size - 1 - reach]
                if under % 13 != over % 13 + 1:
                    break
                parts.append(parts[reach] + (under // 13 != over // 13))
                reach += 1
        top_rank = col[size - 1] % 13
        for j in range(n):
            if j == i:
                continue
            dst = cols[j]
            if not dst:
                if not stocked and j != first_empty:
                    continue
                for k in range(1, reach + 1):
                    if k == size and not stocked and not complete(col):
                        continue  # the same position, unless a finished run goes home there
                    if k > longest and parts[k] > 1 << (empties - 1):
                        break
                    if (
                        keep_suits
                        and k < size
                        and col[size - 1 - k] == col[size - k] + 1
                        and col[size - k] % 13 != 12
                    ):
                        continue
                    if rules.kings_only and col[size - k] % 13 != 12:
                        continue
                    out.append(i | j << 4 | k << 8)
                continue
            t = dst[len(dst) - 1]
            r = t % 13
            if not r:
                continue
            if rules.groups:
                for k in range(1, longest + 1):
                    c = col[size - k]
                    if keep_suits and k < size and col[size - 1 - k] == c + 1 and c % 13 != 12:
                        continue
                    if c % 13 == r - 1 and (not rules.by_suit or c // 13 == t // 13):
                        out.append(i | j << 4 | k << 8)
                continue
            k = r - top_rank
            if not 1 <= k <= reach or (rules.by_suit and col[size - k] // 13 != t // 13):
                continue
            if k > longest and parts[k] > 1 << empties:
                continue
            if (
                not keep_suits
                or k == size
                or col[size - 1 - k] != col[size - k] + 1
                or col[size - k] % 13 == 12
            ):
                out.append(i | j << 4 | k << 8)
    if stocked and (first_empty < 0 or not rules.full_to_deal):
        out.append(DEAL)


def rate(rules: Rules, node: Node, rating: Rating) -> int:
    """How promising a position looks (higher first), by ``rating``'s weights: runs home, cards
    dealt from the stock, cards face up, empty columns, and cards on a card one rank higher
    (more for one of their own suit), less for cards face up on one that is not. A sum over the
    columns (:func:`column_rating`), so a move's child is rated from its parent's
    (:func:`rate_child`)."""
    score = rating.home * node.home - rating.dealt * node.left
    by_suit = rules.by_suit
    for col in node.cols:
        score += column_rating(col, by_suit, rating)
    return score


def column_rating(col: bytes, by_suit: bool, rating: Rating) -> int:
    """One column's share of :func:`rate`."""
    size = len(col)
    if not size:
        return rating.empty
    score = 0
    under = col[0]
    if under >= DOWN:
        score -= rating.down
    for k in range(1, size):
        c = col[k]
        if c >= DOWN:
            score -= rating.down
        elif under < DOWN:
            if under == c + 1 and c % 13 != 12:
                score += rating.suit
            elif not by_suit and under % 13 == c % 13 + 1:
                score += rating.rank
            else:
                score -= rating.broken
        under = c
    return score


def rate_child(rules: Rules, node: Node, score: int, child: Node, step: int, rating: Rating) -> int:
    """:func:`rate` of ``child``, ``node`` after ``step``, from ``score``, the rating of ``node``:
    a move changes two columns only (a deal is rated whole)."""
    src = step & 15
    if src == DEAL:
        return rate(rules, child, rating)
    dst = step >> 4 & 15
    by_suit = rules.by_suit
    return (
        score
        + rating.home * (child.home - node.home)
        - column_rating(node.cols[src], by_suit, rating)
        - column_rating(node.cols[dst], by_suit, rating)
        + column_rating(child.cols[src], by_suit, rating)
        + column_rating(child.cols[dst], by_suit, rating)
    )


def search(
    cols: list[bytes],
    left: int,
    home: int,
    by_suit: bool,
    groups: bool,
    kings_only: bool,
    full_to_deal: bool,
    stock: bytes,
    runs: int,
    ratings: list[list[int]],
    best_first_limit: int,
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
) -> tuple[int, int]:
    """Search from the position given; return (WON, NO_WIN or STOPPED, positions searched).

    First best-first searches (:func:`best_first`), one for each of ``ratings`` (the weights
    of :class:`Rating`), side by side, of at most ``best_first_limit`` positions in all, that
    never take cards off a card of their suit one rank higher (so they find most wins sooner,
    but prove nothing), then, if it did not win, a depth-first one
    (:func:`depth_first`, by the first rating) with the positions left of ``node_limit``,
    which tries every legal
    move and keeps a table of the positions it searched (:func:`key`), so that it answers
    NO_WIN only when every position reachable was searched. The steps of a win are written to
    ``line``. ``deadline``: a ``time.perf_counter()`` value, or 0 for none.
    ``check_memory(nodes)`` is called as it starts and every :data:`MEMORY_EVERY` positions, and stops the
    search by raising.
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    rules = Rules(len(cols), by_suit, groups, kings_only, full_to_deal, stock, runs)
    root = Node(list(cols), left, home)
    if home >= runs:
        return WON, 1
    if by_suit and groups and kings_only:
        cards = _NOTHING.join([*cols, stock[:left]])
        rules.deadlocks = len({c & 63 for c in cards}) == len(cards)
        if rules.deadlocks and stuck(root):
            return NO_WIN, 1
    counted = [0]
    first = best_first_limit if best_first_limit < node_limit else node_limit
    kept = [Rating(weights) for weights in ratings]
    status = best_first(rules, root, kept, first, deadline, line, check_memory, counted)
    if status == WON:
        if rules.supermoves:
            line[:] = single_steps(rules, root, line)
        return status, counted[0]
    if counted[0] >= node_limit or (deadline and time.perf_counter() > deadline):
        return status, counted[0]
    status = depth_first(rules, root, kept[0], node_limit, deadline, line, check_memory, counted)
    return status, counted[0]


def single_steps(rules: Rules, root: Node, steps: list[int]) -> list[int]:
    """``steps`` from ``root`` with each supermove (:func:`moves`) replaced by the moves of runs
    of one suit that make it: the top runs parked in an empty column, the rest moved, the
    parked ones brought back, each part the same way with the empty columns left."""
    node = root
    out: list[int] = []
    for step in steps:
        src = step & 15
        if src != DEAL:
            col = node.cols[src]
            size = len(col)
            runs: list[int] = [1]  # the sizes of the runs of one suit moved, the lowest first
            for k in range(size - (step >> 8) + 1, size):
                if col[k] // 13 == col[k - 1] // 13:
                    runs[len(runs) - 1] += 1
                else:
                    runs.append(1)
            if len(runs) > 1:
                dst = step >> 4 & 15
                free = [j for j in range(rules.ncols) if not node.cols[j] and j != dst]
                parts: list[int] = []
                _carry(runs, src, dst, free, parts)
                for part in parts:
                    node = play(rules, node, part)
                    out.append(part)
                continue
        node = play(rules, node, step)
        out.append(step)
    return out


def _carry(runs: list[int], src: int, dst: int, free: list[int], out: list[int]) -> None:
    """The moves that carry ``runs`` (sizes, the lowest first) from ``src`` onto ``dst`` through
    the empty columns ``free``: ``2 ** len(free)`` runs at most."""
    if len(runs) == 1:
        out.append(src | dst << 4 | runs[0] << 8)
        return
    park = free[0]
    rest = free[1:]
    cut = len(runs) - min(len(runs) - 1, 1 << len(rest))
    _carry(runs[cut:], src, park, rest, out)
    _carry(runs[:cut], src, dst, rest, out)
    _carry(runs[cut:], park, dst, rest, out)


def _tick(counted: list[int], limit: int, deadline: float, check_memory: Callable[[int], None]) -> bool:
    """Count a position searched; True when a limit is reached."""
    nodes = counted[0] + 1
    counted[0] = nodes
    if nodes >= limit:
        return True
    if not nodes & _MEMORY_MASK:
        check_memory(nodes)
        if deadline and time.perf_counter() > deadline:
            return True
    return False


class BestFirst:
    """One best-first search, which can stop after any position and go on later: the best
    rated position found so far next (by its :class:`Rating`; the newest first among equals).

    Every position searched is kept, packed in one ``bytes`` (:func:`pack`: a seventh of the
    memory of a :class:`Node` with its list of columns), with its parent and the step from it,
    for the line; the positions waiting are integers (rating, parent, step) in a heap.
    """

    rules: Rules
    rating: Rating
    found: list[bytes]
    parent: list[int]
    via: list[int]
    seen: set[bytes]
    heap: list[int]
    current: int
    done: bool

    def __init__(self, rules: Rules, root: Node, rating: Rating) -> None:
        self.rules = rules
        self.rating = rating
        self.found = [pack(root)]
        self.parent = [-1]
        self.via = [0]
        self.seen = {key(root)}
        self.heap = []
        self.current = 0
        self.done = False

    def run(
        self,
        budget: int,
        limit: int,
        deadline: float,
        line: list[int],
        check_memory: Callable[[int], None],
        counted: list[int],
    ) -> int:
        """Search ``budget`` positions more (then :data:`_PAUSED`), until a win (its steps in
        ``line``), nothing left (NO_WIN) or ``limit`` positions counted in all (STOPPED)."""
        rules = self.rules
        rating = self.rating
        found = self.found
        parent = self.parent
        via = self.via
        seen = self.seen
        heap = self.heap
        current = self.current
        node = unpack(found[current])
        while True:
            steps: list[int] = []
            moves(rules, node, steps, True, rating.carry)
            rank = _ID_MASK - current
            base = rate(rules, node, rating)
            for step in steps:
                child = play(rules, node, step)
                if child.home >= rules.runs:
                    back: list[int] = [step]
                    at = current
                    while at > 0:
                        back.append(via[at])
                        at = parent[at]
                    back.reverse()
                    line.extend(back)
                    return WON
                if key(child) in seen or (rules.deadlocks and stuck(child)):
                    continue
                score = rate_child(rules, node, base, child, step, rating)
                heappush(heap, (-score) << _SCORE_SHIFT | rank << _STEP_BITS | step)
            while True:
                if not heap:
                    self.done = True
                    return NO_WIN
                entry = heappop(heap)
                step = entry & _STEP_MASK
                at = _ID_MASK - (entry >> _STEP_BITS & _ID_MASK)
                node = play(rules, unpack(found[at]), step)
                k = key(node)
                if k not in seen:
                    break
            seen.add(k)
            if _tick(counted, limit, deadline, check_memory):
                return STOPPED
            current = len(found)
            self.current = current
            found.append(pack(node))
            parent.append(at)
            via.append(step)
            budget -= 1
            if budget <= 0:
                return _PAUSED


def best_first(
    rules: Rules,
    root: Node,
    ratings: list[Rating],
    limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
    counted: list[int],
) -> int:
    """One best-first search for each rating, in turns of :data:`TURN` positions (one alone
    runs on), until one wins, all run out (NO_WIN) or ``limit`` positions are counted in all
    (STOPPED). Each keeps its own table: with one, a search would find nothing new where the
    other had been first, and the two would be one search."""
    searches = [BestFirst(rules, root, rating) for rating in ratings]
    turn = TURN if len(searches) > 1 else limit
    left = len(searches)
    while left:
        for search in searches:
            if search.done:
                continue
            status = search.run(turn, limit, deadline, line, check_memory, counted)
            if status in (WON, STOPPED):
                return status
            if status == NO_WIN:
                left -= 1
    return NO_WIN


def depth_first(
    rules: Rules,
    root: Node,
    rating: Rating,
    limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
    counted: list[int],
) -> int:
    """Search depth first, the children of a position best rated first, until a win, nothing
    left (NO_WIN) or ``limit`` positions counted (STOPPED). A position is marked seen when it
    is searched, so the table holds no more positions than were searched. A frame keeps the
    steps left to try, not the positions they lead to: a line can be millions of moves deep,
    and the positions of every frame would not fit in memory."""
    seen: set[bytes] = {key(root)}
    # The position whose steps are tried, and those under it, packed (:func:`pack`): a line
    # of 750,000 moves (Simple Simon deal 544) held some 450 MB as nodes. The steps left to
    # try, of every frame, lie in one array (each frame's from ``starts[f]`` on) and the line's
    # steps in another, two bytes a step: a list a frame and an int object a step cost some
    # 250 bytes a move of the line, which runs millions of moves deep where a search reaches
    # tens of millions of positions.
    at = root
    path: list[bytes] = []
    steps = array("H")
    kids: list[int] = []
    if expand(rules, rating, root, seen, kids, line):
        return WON
    pending = array("H", kids)
    starts = array("L", [0])
    while starts:
        if len(pending) == starts[len(starts) - 1]:
            starts.pop()
            if path:
                at = unpack(path.pop())
            if steps:
                steps.pop()
            continue
        step: int = pending.pop()
        node = play(rules, at, step)
        k = key(node)
        if k in seen:
            continue
        seen.add(k)
        path.append(pack(at))
        at = node
        steps.append(step)
        if _tick(counted, limit, deadline, check_memory):
            return STOPPED
        won: list[int] = []
        kids.clear()
        if expand(rules, rating, node, seen, kids, won):
            line.extend(steps)
            line.extend(won)
            return WON
        starts.append(len(pending))
        pending.extend(kids)
    return NO_WIN


def expand(
    rules: Rules, rating: Rating, node: Node, seen: set[bytes], kids: list[int], won: list[int]
) -> bool:
    """Put in ``kids`` the steps of ``node`` to positions not searched yet, the best rated last;
    True (and the winning step in ``won``) if one of them wins."""
    steps: list[int] = []
    moves(rules, node, steps, False)
    ranked: list[int] = []
    base = rate(rules, node, rating)
    for s in range(len(steps)):
        step = steps[s]
        child = play(rules, node, step)
        if child.home >= rules.runs:
            won.append(step)
            return True
        if key(child) in seen or (rules.deadlocks and stuck(child)):
            continue
        ranked.append((rate_child(rules, node, base, child, step, rating) << _ORDER_BITS) | s)
    ranked.sort()
    for r in ranked:
        kids.append(steps[r & _ORDER_MASK])
    return False

"""The FreeCell family's search, on bytes and small integers (compiled with mypyc where it can be).

The arguments that make it sound, and the Python API, are in :mod:`patience_freecell.solver`.
This module imports nothing of the package, so it compiles on its own; it runs as plain Python
with the same positions searched in the same order and the same lines.

A position is its columns (``bytes``, one byte a card index, bottom card first), its cells
(card indices, -1 for an empty cell) and the height of each foundation. Piles are numbered in
one range: columns ``0 .. ncols - 1``, cells ``ncols .. ncols + ncells - 1``, and
:data:`FOUNDATION` for the foundation of the card's suit. A step (one move as the rules allow
it) is the integer ``src | dst << 6 | count << 12``.

The search is a portfolio of depth-first threads run in turns, each for a quota of positions,
as Freecell Solver's fastest preset runs its "soft threads":

- *meta threads* try only purposeful moves (cards home, a card or a run onto a parent after
  parking the cards above it in free cells and empty columns, a column emptied into the cells),
  each thread in its own order of move groups, some shuffled by a seeded generator. They are
  incomplete on purpose: a meta thread's "nothing left" proves nothing.
- the *complete thread* tries every single-card move and every run move: it alone proves that
  no win exists, by searching every position reachable.

Each thread keeps its own table of the positions it has seen.

The first thread to reach a won position ends the search with its line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

NO_WIN: Final = 0
WON: Final = 1
STOPPED: Final = 2
FOUNDATION: Final = 63
MEMORY_EVERY: Final = 1 << 14
"""Positions between two calls of ``check_memory`` (the core's ``CHECK_EVERY``)."""
_MEMORY_MASK: Final = MEMORY_EVERY - 1

ALTERNATE: Final = 0
SAME_SUIT: Final = 1
ANY_SUIT: Final = 2
EMPTY_ANY: Final = 0
EMPTY_KINGS: Final = 1
EMPTY_NONE: Final = 2

# Move groups of the meta threads (an order is a list of these).
COL_HOME: Final = 0  # a column's top card to its foundation
CELL_HOME: Final = 1  # a cell card to its foundation
CELL_PUT: Final = 2  # a cell card onto a parent, after parking the cards above the parent
DIG: Final = 3  # a card home, after parking the cards above it
SEQ: Final = 4  # a run onto a parent elsewhere, after parking what covers either
RELOCATE: Final = 5  # a run that lies on a parent onto another parent
RUN_EMPTY: Final = 6  # the longest movable run to an empty column
CELL_EMPTY: Final = 7  # a cell card to an empty column
EMPTY_COLUMN: Final = 8  # a short column into the free cells
TO_CELL: Final = 9  # a column's top card to a free cell
TO_EMPTY: Final = 10  # a column's top card to an empty column
CELL_BASE: Final = 11  # a cell card to an empty column, and at once a card or run onto it
GROUPS: Final = 12

# How a group of tests orders the positions it yields.
IN_ORDER: Final = 0  # the tests in turn, the first that yields anything is used
SHUFFLED: Final = 1  # all the tests, their positions shuffled by the thread's generator
RATED: Final = 2  # all the tests, their positions the most cards home first
FROM_DEPTH: Final = -1
"""In a thread's program: ``FROM_DEPTH, d`` starts the order used from ``d`` moves deep."""
GROUP: Final = -2
"""In a thread's program: ``GROUP, mode, test, test...`` is one group of tests."""

_STEP_MASK: Final = (1 << 18) - 1
_NOTHING: Final = b""
"""Bytes are joined, never added: mypyc 1.20 leaks the left operand of ``bytes + bytes``
(mypyc issue 1192), a column a move on the compiled build, gigabytes over a long search."""
_ONE: Final = [bytes([c]) for c in range(52)]
"""Each card as bytes of its own, made once (a card leaving a cell or the foundation)."""
_LCG_HIGH: Final = 1103515245 >> 15
_LCG_LOW: Final = 1103515245 & 0x7FFF


class Rules:
    """A game of the family as tables: what goes on what, and which cards are safe to send home."""

    ncols: int
    ncells: int
    build: int
    empty: int
    fits: bytes
    """1 at ``a * 52 + b`` where card ``a`` may go on card ``b``: bytes, whose items the compiled
    build reads as plain integers, where a list's would be objects to count references of."""
    onto: list[list[int]]
    parents: list[list[int]]
    dig: bool
    """Whether positions are tested with :func:`dead` (games without free cells)."""

    def __init__(self, ncols: int, ncells: int, build: int, empty: int) -> None:
        self.ncols = ncols
        self.ncells = ncells
        self.build = build
        self.empty = empty
        fits = bytearray(52 * 52)
        for a in range(52):
            for b in range(52):
                if b % 13 != a % 13 + 1:
                    continue
                sa = a // 13
                sb = b // 13
                if build == ALTERNATE and (sa == 1 or sa == 2) == (sb == 1 or sb == 2):
                    continue
                if build == SAME_SUIT and sa != sb:
                    continue
                fits[a * 52 + b] = 1
        self.fits = bytes(fits)
        self.onto = [[a for a in range(52) if fits[a * 52 + b]] for b in range(52)]
        self.parents = [[b for b in range(52) if fits[a * 52 + b]] for a in range(52)]
        self.dig = ncells == 0


_RULES: dict[int, Rules] = {}


def rules_for(ncols: int, ncells: int, build: int, empty: int) -> Rules:
    """The tables of a game, made once per set of rules."""
    code = ((ncols * 16 + ncells) * 4 + build) * 4 + empty
    rules = _RULES.get(code)
    if rules is None:
        rules = Rules(ncols, ncells, build, empty)
        _RULES[code] = rules
    return rules


TOP: Final = 52
"""In :attr:`Position.above`: nothing lies on the card (a column's top card)."""
IN_CELL: Final = 53
"""In :attr:`Position.above`: the card is in a free cell."""
HOME: Final = 54
"""In :attr:`Position.above`: the card is home."""


def _above(cols: list[bytes], cells: list[int]) -> bytearray:
    above = bytearray([HOME] * 52)  # a card in no column and no cell is home
    for c in cells:
        if c >= 0:
            above[c] = IN_CELL
    for col in cols:
        for k in range(len(col)):
            above[col[k]] = col[k + 1] if k + 1 < len(col) else TOP
    return above


class Position:
    """Columns, cells and foundation heights; mutated by a thread as it moves.

    ``above`` says, for each card, what lies on it (a card, :data:`TOP`), or that it is in a
    cell (:data:`IN_CELL`) or home (:data:`HOME`). It is the key: a position's columns, in any
    order, are the chains it links from their bottom cards (those on no card), its cells hold
    the cards marked so, in any order, and the foundations the rest. A step changes at most
    three of its bytes, a run's own links never.
    """

    cols: list[bytes]
    cells: list[int]
    found: list[int]
    above: bytearray

    def __init__(self, cols: list[bytes], cells: list[int], found: list[int]) -> None:
        self.cols = cols
        self.cells = cells
        self.found = found
        self.above = _above(cols, cells)

    def copy(self) -> Position:
        other = Position([], list(self.cells), list(self.found))
        other.cols = list(self.cols)
        other.above = bytearray(self.above)
        return other

    def key(self) -> bytes:
        """The same for positions that differ only in the order of columns or of cells."""
        return bytes(self.above)


def _homeable(rules: Rules, card: int, found: list[int]) -> bool:
    """Whether ``card`` is home, or can always go home as soon as it is reachable: its
    predecessor is home and every card that could be placed on it is homeable too."""
    suit = card // 13
    rank = card % 13
    if found[suit] != rank:
        return found[suit] > rank
    for other in rules.onto[card]:  # noqa: SIM110 (a loop compiles to faster code than all())
        if not _homeable(rules, other, found):
            return False
    return True


def is_safe(rules: Rules, card: int, found: list[int]) -> bool:
    """Whether sending ``card`` (whose predecessor is home) home now loses nothing: every card
    that could ever be placed on it is homeable (see the solver's argument 2)."""
    for other in rules.onto[card]:  # noqa: SIM110 (a loop compiles to faster code than all())
        if not _homeable(rules, other, found):
            return False
    return True


def _lay(pos: Position, i: int, moving: bytes, loose: bool) -> None:
    """Put the cards ``moving`` on column ``i`` and link them in the key; ``loose``: they come
    from a cell or the foundation, so the key does not yet say that nothing lies on them."""
    onto = pos.cols[i]
    if onto:
        pos.above[onto[-1]] = moving[0]
    if loose:
        pos.above[moving[0]] = TOP
    pos.cols[i] = _NOTHING.join([onto, moving])


def apply_step(rules: Rules, pos: Position, m: int) -> int:
    """Make step ``m`` on ``pos`` (trusted: the search only makes legal steps); return the step
    with the (bottom) card moved in bits 18 and up, which :func:`undo_step` needs."""
    n = rules.ncols
    src = m & 63
    dst = m >> 6 & 63
    k = m >> 12 & 63
    above = pos.above
    if src < n:
        col = pos.cols[src]
        cut = len(col) - k
        moving = col[cut:]
        pos.cols[src] = col[:cut]
        if cut:
            above[col[cut - 1]] = TOP
    else:
        moving = _ONE[pos.cells[src - n]]
        pos.cells[src - n] = -1
    card = moving[0]
    if dst == FOUNDATION:
        pos.found[card // 13] += 1
        above[card] = HOME
    elif dst < n:
        _lay(pos, dst, moving, src >= n)
    else:
        pos.cells[dst - n] = card
        above[card] = IN_CELL
    return (m & _STEP_MASK) | card << 18


def undo_step(rules: Rules, pos: Position, m: int) -> None:
    """Take back step ``m`` as :func:`apply_step` returned it."""
    n = rules.ncols
    src = m & 63
    dst = m >> 6 & 63
    k = m >> 12 & 63
    card = m >> 18
    above = pos.above
    if dst == FOUNDATION:
        pos.found[card // 13] -= 1
        moving = _ONE[card]
    elif dst < n:
        col = pos.cols[dst]
        cut = len(col) - k
        moving = col[cut:]
        pos.cols[dst] = col[:cut]
        if cut:
            above[col[cut - 1]] = TOP
    else:
        moving = _ONE[card]
        pos.cells[dst - n] = -1
    if src < n:
        _lay(pos, src, moving, dst >= n)
    else:
        pos.cells[src - n] = card
        above[card] = IN_CELL


def auto_moves(rules: Rules, pos: Position, steps: list[int]) -> None:
    """Send every safe card home, again until none is left; each move is appended to ``steps``."""
    n = rules.ncols
    cols = pos.cols
    cells = pos.cells
    found = pos.found
    above = pos.above
    moved = True
    while moved:
        moved = False
        for i in range(n):
            col = cols[i]
            cut = len(col)
            while cut:
                c = col[cut - 1]
                if found[c // 13] == c % 13 and is_safe(rules, c, found):
                    found[c // 13] += 1
                    above[c] = HOME
                    cut -= 1
                    steps.append(i | FOUNDATION << 6 | 1 << 12 | c << 18)
                    moved = True
                else:
                    break
            if cut < len(col):
                cols[i] = col[:cut]
                if cut:
                    above[col[cut - 1]] = TOP
        for j in range(rules.ncells):
            c = cells[j]
            if c >= 0 and found[c // 13] == c % 13 and is_safe(rules, c, found):
                found[c // 13] += 1
                above[c] = HOME
                cells[j] = -1
                steps.append((n + j) | FOUNDATION << 6 | 1 << 12 | c << 18)
                moved = True


def _may_send_home(rules: Rules, pos: Position, steps: list[int]) -> bool:
    """Whether :func:`auto_moves` may find a card to send home after ``steps``, made from a
    position where it found none. Whether a card is safe depends on the foundations alone, so
    while no step sent a card home, only a card that was covered there can be new to send: it
    now lies on top of a pile some step took from or put on (a step may uncover a card and a
    later one carry it on)."""
    n = rules.ncols
    found = pos.found
    for m in steps:
        dst = m >> 6 & 63
        if dst == FOUNDATION:
            return True
        src = m & 63
        if src < n:
            col = pos.cols[src]
            if col and found[col[-1] // 13] == col[-1] % 13:
                return True
        if dst < n:
            col = pos.cols[dst]
            if col and found[col[-1] // 13] == col[-1] % 13:
                return True
        else:
            c = pos.cells[dst - n]
            if c >= 0 and found[c // 13] == c % 13:
                return True
    return False


def dead(rules: Rules, pos: Position) -> bool:
    """Whether no line can win from ``pos``, in a game without free cells: some set of cards
    can never make its first move (the solver's argument 5). False where cells are kept.

    A card is in the set while a card of the set lies over it in its column, or while it
    can neither go home first (a lower card of its suit lies under it, or is in the set) nor
    go onto a parent (each parent is home, under it in its column, or under a card of the
    set; and no column is empty, or can be emptied before the card moves, where the card
    could go into one). The set is found by taking cards out of all those not home until
    each left meets the test; each column's part of it is a run of cards from the bottom.
    """
    if rules.ncells:
        return False
    n = rules.ncols
    cols = pos.cols
    found = pos.found
    col_of = [-1] * 52
    at = [0] * 52
    must = [False] * 52
    height = [0] * n
    for i in range(n):
        col = cols[i]
        size = len(col)
        height[i] = size
        low = [13, 13, 13, 13]
        for k in range(size):
            c = col[k]
            col_of[c] = i
            at[c] = k
            s = c // 13
            r = c % 13
            if low[s] < r:
                must[c] = True
            elif r < low[s]:
                low[s] = r
    left = 0  # columns whose bottom card is still in the set
    for i in range(n):
        if height[i]:
            left += 1
    changed = True
    while changed and left:
        if left < n and rules.empty == EMPTY_ANY:
            return False  # a column is empty, or may be emptied first: any card may go there
        changed = False
        for i in range(n):
            col = cols[i]
            h = height[i]
            while h:
                c = col[h - 1]
                if _stuck(rules, c, i, h - 1, must, col_of, at, height, found, left == n):
                    break
                h -= 1
                changed = True
            if h != height[i]:
                height[i] = h
                if not h:
                    left -= 1
    return left > 0


def _stuck(
    rules: Rules,
    c: int,
    i: int,
    k: int,
    must: list[bool],
    col_of: list[int],
    at: list[int],
    height: list[int],
    found: list[int],
    sealed: bool,
) -> bool:
    """Whether card ``c``, the top card of the set in column ``i`` (at ``k`` from the bottom),
    can stay in the set: it cannot go home first, and no parent or empty column can take it.
    ``sealed``: every column's bottom card is in the set, so none can be emptied first."""
    if not sealed and (rules.empty == EMPTY_ANY or (rules.empty == EMPTY_KINGS and c % 13 == 12)):
        return False
    s = c // 13
    if not must[c]:
        first = s * 13 + found[s]
        lower = False
        for d in range(first, c):
            if at[d] < height[col_of[d]]:
                lower = True
                break
        if not lower:
            return False
    for p in rules.parents[c]:
        j = col_of[p]
        if j < 0:
            continue  # home
        if j == i:
            if at[p] < k:
                continue  # under the card
            return False  # over it: not in the set, nor anything over it
        if at[p] >= height[j] - 1:
            return False  # no card of the set over it
    return True


def max_run(rules: Rules, free: int, empty: int, to_empty: bool) -> int:
    """The longest run single moves can carry: (free cells + 1) x 2^(empty columns), the
    target not counted; free cells + 1 where empty columns take kings only or nothing."""
    if rules.empty != EMPTY_ANY:
        return free + 1
    if to_empty and empty:
        empty -= 1
    return (free + 1) << empty


def _top_run(rules: Rules, col: bytes) -> int:
    """How many cards at the top of ``col`` form a run (each on a card it may go on)."""
    fits = rules.fits
    n = len(col)
    r = 1
    while r < n and fits[col[n - r] * 52 + col[n - r - 1]]:
        r += 1
    return r


class Scan:
    """What the move tests need to know of one position, found once for all of them."""

    free_cells: list[int]
    empty_cols: list[int]
    col_of: list[int]
    index_of: list[int]
    """Where each card lay at a scan: its column, and its index from the bottom. Only the cards
    in the columns are written, so an entry is trusted only when the card is still there
    (:meth:`where`): no list of 52 is cleared a scan. Two lists of small integers, which Python
    keeps once, where one list of ``column << 8 | index`` made an integer a card."""
    lows: list[list[int]]
    cols: list[bytes]
    """The columns scanned, the objects themselves: a column still the same object is unchanged."""
    room: int

    def __init__(self) -> None:
        self.free_cells = []
        self.empty_cols = []
        self.col_of = [0] * 52
        self.index_of = [0] * 52
        self.lows = []
        self.cols = []
        self.room = 0

    def where(self, cols: list[bytes], card: int) -> int:
        """The column holding ``card`` in the position scanned, or -1."""
        i = self.col_of[card]
        k = self.index_of[card]
        col = cols[i]
        if k < len(col) and col[k] == card:
            return i
        return -1

    def depth(self, cols: list[bytes], card: int, i: int) -> int:
        """How many cards lie over ``card``, in column ``i`` (see :meth:`where`)."""
        return len(cols[i]) - 1 - self.index_of[card]

    def update(self, rules: Rules, pos: Position) -> None:
        """Scan ``pos``, reusing the lists of the last scan (a thread scans once a frame), and
        what it found in the columns that are still the same objects."""
        free_cells = self.free_cells
        free_cells.clear()
        for j in range(rules.ncells):
            if pos.cells[j] < 0:
                free_cells.append(j)
        self.empty_cols.clear()
        col_of = self.col_of
        index_of = self.index_of
        all_lows = self.lows
        while len(all_lows) < rules.ncols:
            all_lows.append([])
        scanned = self.cols
        fresh = len(scanned) != rules.ncols
        if fresh:
            scanned.clear()
            scanned.extend(pos.cols)
        fits = rules.fits
        for i in range(rules.ncols):
            col = pos.cols[i]
            size = len(col)
            if not size and rules.empty != EMPTY_NONE:
                self.empty_cols.append(i)
            if col is scanned[i] and not fresh:
                # the column the last scan saw: its runs and its cards' places stand (a
                # card's place is written only by the scan of the column holding it)
                continue
            scanned[i] = col
            lows = all_lows[i]
            lows.clear()
            if size:
                low = size - 1
                for k in range(size - 1, -1, -1):
                    c = col[k]
                    col_of[c] = i
                    index_of[c] = k
                    if k > low:
                        continue  # inside the run found last
                    while low > 0 and fits[col[low] * 52 + col[low - 1]]:
                        low -= 1
                    lows.append(low)
                    low -= 1
        self.room = len(self.free_cells) + (len(self.empty_cols) if rules.empty == EMPTY_ANY else 0)


def _park(
    rules: Rules,
    scan: Scan,
    col: bytes,
    i: int,
    count: int,
    cells: list[int],
    used: list[int],
    steps: list[int],
) -> bool:
    """Plan moving the ``count`` top cards of column ``i`` one by one into the free ``cells``
    still unused (``used[0]`` of them are), then empty columns (``used[1]`` used; kings only
    where empty columns take kings only). False if they do not fit."""
    n = rules.ncols
    size = len(col)
    for t in range(count):
        if used[0] < len(cells):
            steps.append(i | (n + cells[used[0]]) << 6 | 1 << 12)
            used[0] += 1
        elif used[1] < len(scan.empty_cols) and (rules.empty == EMPTY_ANY or col[size - 1 - t] % 13 == 12):
            steps.append(i | scan.empty_cols[used[1]] << 6 | 1 << 12)
            used[1] += 1
        else:
            return False
    return True


def generate(rules: Rules, pos: Position, scan: Scan, group: int, out: list[list[int]]) -> None:
    """Append the macros (lists of steps) of one move group, in a fixed order."""
    n = rules.ncols
    cols = pos.cols
    cells = pos.cells
    found = pos.found
    fits = rules.fits
    room = scan.room
    free = len(scan.free_cells)
    empties = len(scan.empty_cols) if rules.empty == EMPTY_ANY else 0
    if group == COL_HOME:
        for i in range(n):
            col = cols[i]
            if col and found[col[-1] // 13] == col[-1] % 13:
                out.append([i | FOUNDATION << 6 | 1 << 12])
    elif group == CELL_HOME:
        for j in range(rules.ncells):
            c = cells[j]
            if c >= 0 and found[c // 13] == c % 13:
                out.append([(n + j) | FOUNDATION << 6 | 1 << 12])
    elif group == CELL_PUT:
        for j in range(rules.ncells):
            c = cells[j]
            if c < 0:
                continue
            for p in rules.parents[c]:
                i = scan.where(cols, p)
                if i < 0:
                    continue
                d = scan.depth(cols, p, i)
                if d > room:
                    continue
                if not d:  # nothing to park
                    out.append([(n + j) | i << 6 | 1 << 12])
                    continue
                steps: list[int] = []
                if _park(rules, scan, cols[i], i, d, scan.free_cells, [0, 0], steps):
                    steps.append((n + j) | i << 6 | 1 << 12)
                    out.append(steps)
    elif group == DIG:
        for suit in range(4):
            if found[suit] == 13:
                continue
            c = suit * 13 + found[suit]
            i = scan.where(cols, c)
            if i < 0:
                continue
            d = scan.depth(cols, c, i)
            if d == 0 or d > room:
                continue
            steps = []
            if _park(rules, scan, cols[i], i, d, scan.free_cells, [0, 0], steps):
                steps.append(i | FOUNDATION << 6 | 1 << 12)
                out.append(steps)
    elif group == SEQ:
        col_of = scan.col_of
        index_of = scan.index_of
        for i in range(n):
            col = cols[i]
            size = len(col)
            top = size - 1
            for low in scan.lows[i]:
                above = size - 1 - top
                if above > room:
                    break
                base = col[low]
                for p in rules.parents[base]:
                    # Scan.where and Scan.depth, written out: this loop makes most of the calls
                    i2 = col_of[p]
                    if i2 == i:
                        continue
                    onto = cols[i2]
                    k2 = index_of[p]
                    if k2 >= len(onto) or onto[k2] != p:
                        continue  # not in a column: home or in a cell
                    d = len(onto) - 1 - k2
                    if d + above > room:
                        continue
                    if not d and not above:  # nothing to park: _park would plan no step
                        length = top - low + 1
                        if length <= max_run(rules, free, empties, False):
                            out.append([i | i2 << 6 | length << 12])
                        continue
                    steps = []
                    used = [0, 0]
                    if not _park(rules, scan, cols[i2], i2, d, scan.free_cells, used, steps):
                        continue
                    if not _park(rules, scan, col, i, above, scan.free_cells, used, steps):
                        continue
                    length = top - low + 1
                    if length <= max_run(rules, free - used[0], empties - used[1], False):
                        steps.append(i | i2 << 6 | length << 12)
                        out.append(steps)
                top = low - 1
    elif group == RELOCATE:
        limit = max_run(rules, free, empties, False)
        for i in range(n):
            col = cols[i]
            size = len(col)
            if size < 2:
                continue
            low = scan.lows[i][0]
            for x in range(low + 1, size):
                if size - x > limit:
                    continue
                for p in rules.parents[col[x]]:
                    i2 = scan.where(cols, p)
                    if i2 >= 0 and i2 != i and scan.depth(cols, p, i2) == 0:
                        out.append([i | i2 << 6 | (size - x) << 12])
    elif group == RUN_EMPTY:
        if not scan.empty_cols:
            return
        target = scan.empty_cols[0]
        limit = max_run(rules, free, empties, True)
        for i in range(n):
            col = cols[i]
            size = len(col)
            if size < 2:
                continue
            r = size - scan.lows[i][0]
            if r >= size:
                r = size - 1
            if rules.empty == EMPTY_KINGS:
                if col[size - r] % 13 != 12 or r > limit:
                    continue
            elif r > limit:
                r = limit
            if r > 1 or rules.empty == EMPTY_KINGS:
                out.append([i | target << 6 | r << 12])
    elif group == CELL_EMPTY:
        if not scan.empty_cols:
            return
        target = scan.empty_cols[0]
        for j in range(rules.ncells):
            c = cells[j]
            if c >= 0 and (rules.empty == EMPTY_ANY or c % 13 == 12):
                out.append([(n + j) | target << 6 | 1 << 12])
    elif group == EMPTY_COLUMN:
        for i in range(n):
            size = len(cols[i])
            if 0 < size <= free:
                steps = []
                if _park(rules, scan, cols[i], i, size, scan.free_cells, [0, len(scan.empty_cols)], steps):
                    out.append(steps)
    elif group == TO_CELL:
        if free:
            for i in range(n):
                if cols[i]:
                    out.append([i | (n + scan.free_cells[0]) << 6 | 1 << 12])
    elif group == TO_EMPTY:
        if scan.empty_cols:
            target = scan.empty_cols[0]
            for i in range(n):
                col = cols[i]
                if len(col) > 1 and (rules.empty == EMPTY_ANY or col[-1] % 13 == 12):
                    out.append([i | target << 6 | 1 << 12])
    elif group == CELL_BASE:
        if not scan.empty_cols:
            return
        target = scan.empty_cols[0]
        for j in range(rules.ncells):
            base = cells[j]
            if base < 0 or (rules.empty == EMPTY_KINGS and base % 13 != 12):
                continue
            into = (n + j) | target << 6 | 1 << 12
            for j2 in range(rules.ncells):
                c = cells[j2]
                if j2 != j and c >= 0 and fits[c * 52 + base]:
                    out.append([into, (n + j2) | target << 6 | 1 << 12])
            # the base's cell is free once it has moved: parking may use it
            freed = sorted([*scan.free_cells, j])
            for i in range(n):
                col = cols[i]
                size = len(col)
                top = size - 1
                for low in scan.lows[i]:
                    above = size - 1 - top
                    if above > room:
                        break
                    if fits[col[low] * 52 + base]:
                        steps = [into]
                        used = [0, 1]  # the target is the first empty column
                        if _park(rules, scan, col, i, above, freed, used, steps):
                            length = top - low + 1
                            if length <= max_run(rules, len(freed) - used[0], empties - used[1], False):
                                steps.append(i | target << 6 | length << 12)
                                out.append(steps)
                    top = low - 1


def generate_all(rules: Rules, pos: Position, out: list[int]) -> None:
    """Every single-card move and every run move onto a parent or into an empty column, as
    steps, the likeliest to help last (they are taken from the end)."""
    n = rules.ncols
    cols = pos.cols
    cells = pos.cells
    found = pos.found
    fits = rules.fits
    free = 0
    cell = -1
    for j in range(rules.ncells):
        if cells[j] < 0:
            free += 1
            if cell < 0:
                cell = j
    empties = 0
    target = -1
    if rules.empty != EMPTY_NONE:
        for i in range(n):
            if not cols[i]:
                empties += 1
                if target < 0:
                    target = i
    limit = max_run(rules, free, empties, False)
    limit_empty = max_run(rules, free, empties, True)
    moves: list[int] = []
    for i in range(n):
        col = cols[i]
        size = len(col)
        if not size:
            continue
        top = col[size - 1]
        r = _top_run(rules, col)
        if found[top // 13] == top % 13:
            moves.append(900 << 20 | i | FOUNDATION << 6 | 1 << 12)
        for i2 in range(n):
            if i2 == i or not cols[i2]:
                continue
            t = cols[i2][-1]
            k = t % 13 - top % 13
            if 1 <= k <= r and k <= limit and fits[col[size - k] * 52 + t]:
                pri = 700
                if k < size and fits[col[size - k] * 52 + col[size - k - 1]]:
                    pri = 200  # only moves a run from one parent to another
                elif k == size:
                    pri = 750  # empties a column
                moves.append(pri << 20 | i | i2 << 6 | k << 12)
        if target >= 0 and size > 1:
            if rules.empty == EMPTY_ANY or top % 13 == 12:
                moves.append(150 << 20 | i | target << 6 | 1 << 12)
            k = r if r < size else size - 1
            if k > limit_empty:
                k = limit_empty
            if k > 1 and (rules.empty == EMPTY_ANY or col[size - k] % 13 == 12):
                moves.append(400 << 20 | i | target << 6 | k << 12)
        if cell >= 0:
            moves.append(300 << 20 | i | (n + cell) << 6 | 1 << 12)
    for j in range(rules.ncells):
        c = cells[j]
        if c < 0:
            continue
        if found[c // 13] == c % 13:
            moves.append(900 << 20 | (n + j) | FOUNDATION << 6 | 1 << 12)
        for i in range(n):
            if cols[i] and fits[c * 52 + cols[i][-1]]:
                moves.append(800 << 20 | (n + j) | i << 6 | 1 << 12)
        if target >= 0 and (rules.empty == EMPTY_ANY or c % 13 == 12):
            moves.append(100 << 20 | (n + j) | target << 6 | 1 << 12)
    moves.sort()
    mask = (1 << 20) - 1
    for m in moves:
        out.append(m & mask)


def rate(rules: Rules, pos: Position, weights: list[int]) -> int:
    """How promising a position looks to a RATED group (higher first): ``weights`` for the
    cards home, the free cells, the empty columns, and against the cards under each column's
    top run and the cards over the next card of each suit. The definition, read card by card:
    the search computes it with :func:`rate_moved`, which the tests hold to this."""
    f = pos.found
    score = weights[0] * (f[0] + f[1] + f[2] + f[3])
    for c in pos.cells:
        if c < 0:
            score += weights[1]
    fits = rules.fits
    w4 = weights[4]
    for col in pos.cols:
        size = len(col)
        if not size:
            score += weights[2]
            continue
        r = 1
        while r < size and fits[col[size - r] * 52 + col[size - r - 1]]:
            r += 1
        score -= weights[3] * (size - r)
        if w4:
            for k in range(size - 1):
                c = col[k]
                if f[c // 13] == c % 13:
                    score -= w4 * (size - 1 - k)
    return score


def rate_moved(rules: Rules, pos: Position, weights: list[int], scan: Scan) -> int:
    """:func:`rate` of ``pos``, a few steps from the position ``scan`` last scanned, found with
    the scan's help: a column still the same object takes its top run from the scan, and the
    next card of each suit is looked up where the scan saw it (sought in the cells and the
    columns that changed only when it has moved), where :func:`rate` reads every card."""
    f = pos.found
    score = weights[0] * (f[0] + f[1] + f[2] + f[3])
    for c in pos.cells:
        if c < 0:
            score += weights[1]
    fits = rules.fits
    cols = pos.cols
    scanned = scan.cols
    lows = scan.lows
    buried = 0
    for i in range(len(cols)):
        col = cols[i]
        size = len(col)
        if not size:
            score += weights[2]
        elif col is scanned[i]:
            buried += lows[i][0]
        else:
            r = 1
            while r < size and fits[col[size - r] * 52 + col[size - r - 1]]:
                r += 1
            buried += size - r
    score -= weights[3] * buried
    w4 = weights[4]
    if w4:
        col_of = scan.col_of
        index_of = scan.index_of
        for s in range(4):
            if f[s] == 13:
                continue
            c = s * 13 + f[s]
            i = col_of[c]
            k = index_of[c]
            col = cols[i]
            if k < len(col) and col[k] == c:
                score -= w4 * (len(col) - 1 - k)
                continue
            # it has moved since the scan, or was not in a column then: a cell holds it, or a
            # column that is no longer the one scanned
            for i in range(len(cols)):
                col = cols[i]
                if col is scanned[i]:
                    continue
                for k in range(len(col) - 1):
                    if col[k] == c:
                        score -= w4 * (len(col) - 1 - k)
                        break
    return score


class Thread:
    """One depth-first search, suspended between turns: its position (moved forward and back
    in place) and its stack of frames.

    A frame holds the positions its node yields that are still to be searched, each as the
    list of steps that lead to it, found group by group as the last one runs out; ``path`` holds
    the steps of the positions entered.
    """

    complete: bool
    weights: list[int]
    orders: list[list[list[int]]]
    depths: list[int]
    seed: int
    pos: Position
    groups: list[int]
    children: list[list[list[int]]]
    scores: list[int]
    path: list[list[int]]
    done: bool
    scan: Scan
    steps: list[int]
    macros: list[list[int]]
    saved_cols: list[bytes]
    saved_cells: list[int]
    saved_found: list[int]
    saved_above: bytearray

    def __init__(self, root: Position, program: list[int], seed: int, weights: list[int]) -> None:
        """``program``: ``GROUP, mode, tests...`` groups, split by ``FROM_DEPTH, d`` into the
        orders used from ``d`` moves deep (the first from 0); empty for the complete thread."""
        self.complete = not program
        self.weights = weights
        self.orders = [[]]
        self.depths = [0]
        k = 0
        while k < len(program):
            code = program[k]
            if code == FROM_DEPTH:
                self.depths.append(program[k + 1])
                self.orders.append([])
                k += 2
                continue
            group: list[int] = []
            k += 1
            while k < len(program) and program[k] >= 0:
                group.append(program[k])
                k += 1
            self.orders[-1].append(group)
        self.seed = seed
        self.pos = root.copy()
        self.groups = [0]
        self.children = [[]]
        self.scores = []
        self.path = []
        self.done = False
        self.scan = Scan()
        self.steps = []  # reused by every child tried, as the scan is by every frame
        self.macros = []
        self.saved_cols = list(root.cols)
        self.saved_cells = list(root.cells)
        self.saved_found = list(root.found)
        self.saved_above = bytearray(root.above)

    def _random(self, k: int) -> int:
        # seed * 1103515245 + 12345 modulo 2^31, from products whose factors stay under 2^30:
        # the compiled build multiplies a larger factor through big integers
        s = self.seed
        lo = s & 0x7FFF
        hi = s >> 15
        mixed = ((hi * _LCG_LOW + lo * _LCG_HIGH) & 0xFFFF) << 15
        self.seed = (lo * _LCG_LOW + mixed + ((hi * _LCG_HIGH & 1) << 30) + 12345) & 0x7FFFFFFF
        return (self.seed >> 16) % k

    def fill(self, rules: Rules, seen: set[bytes], won: list[int]) -> bool:
        """Find the next positions of the current frame that nobody has seen, marking them
        seen. True when one of them is won: its steps are then in ``won``."""
        children = self.children[-1]
        if self.complete:
            if self.groups[-1]:
                return False
            self.groups[-1] = 1
            steps: list[int] = []
            generate_all(rules, self.pos, steps)
            self._save()
            for m in steps:  # noqa: SIM110 (a loop compiles to faster code than any())
                if self._yield(rules, [m], seen, children, False, won):
                    return True
            return False
        order = self.orders[0]
        for o in range(1, len(self.orders)):
            if len(self.path) >= self.depths[o]:
                order = self.orders[o]
        gi = self.groups[-1]
        if gi >= len(order):
            return False
        scan = self.scan
        scan.update(rules, self.pos)
        self._save()
        scores = self.scores
        while gi < len(order) and not children:
            group = order[gi]
            gi += 1
            mode = group[0]
            rated = mode == RATED
            scores.clear()
            macros = self.macros
            for t in range(1, len(group)):
                macros.clear()
                generate(rules, self.pos, scan, group[t], macros)
                for macro in macros:
                    if self._yield(rules, macro, seen, children, rated, won):
                        return True
                if mode == IN_ORDER and children:
                    break
            if len(children) > 1:
                if mode == SHUFFLED:
                    for a in range(len(children) - 1, 0, -1):
                        b = self._random(a + 1)
                        children[a], children[b] = children[b], children[a]
                elif rated:
                    noise = self.weights[5] if len(self.weights) > 5 else 0
                    if noise:
                        for a in range(len(children)):
                            scores[a] += self._random(noise)
                    ranked = sorted([(scores[a] << 16) | (0xFFFF - a) for a in range(len(children))])
                    children[:] = [children[(0xFFFF - (r & 0xFFFF))] for r in ranked]
                    continue
            if not rated:
                children.reverse()
        self.groups[-1] = gi
        return False

    def _yield(
        self,
        rules: Rules,
        macro: list[int],
        seen: set[bytes],
        children: list[list[int]],
        rated: bool,
        won: list[int],
    ) -> bool:
        pos = self.pos
        f = pos.found
        steps = self.steps
        steps.clear()
        for m in macro:
            steps.append(apply_step(rules, pos, m))
        if _may_send_home(rules, pos, steps):
            auto_moves(rules, pos, steps)
        result = False
        if f[0] + f[1] + f[2] + f[3] == 52:
            for done in self.path:
                won.extend(done)
            won.extend(steps)
            result = True
        else:
            key = pos.key()
            size = len(seen)
            seen.add(key)  # one probe of the table, where "not in" and then add made two
            # a dead position is never entered, so it gets no rating: one would shift every
            # later rating onto the wrong position
            if len(seen) != size and not (rules.dig and dead(rules, pos)):
                children.append(steps.copy())  # a copy: the list is reused
                if rated:
                    self.scores.append(rate_moved(rules, pos, self.weights, self.scan))
        self._restore(rules, steps)
        return result

    def _save(self) -> None:
        """Copy the position, before :meth:`_yield` moves it to each child of this frame."""
        pos = self.pos
        cols = pos.cols
        cells = pos.cells
        saved_cols = self.saved_cols
        saved_cells = self.saved_cells
        for i in range(len(cols)):
            saved_cols[i] = cols[i]
        for j in range(len(cells)):
            saved_cells[j] = cells[j]
        for s in range(4):
            self.saved_found[s] = pos.found[s]
        self.saved_above[:] = pos.above

    def _restore(self, rules: Rules, steps: list[int]) -> None:
        """Put back, from the copies :meth:`_save` made, the piles ``steps`` changed: not by
        undoing each step, which would make each column's bytes again, where the copies keep
        the objects themselves."""
        pos = self.pos
        n = rules.ncols
        for m in steps:
            src = m & 63
            dst = m >> 6 & 63
            if src < n:
                pos.cols[src] = self.saved_cols[src]
            else:
                pos.cells[src - n] = self.saved_cells[src - n]
            if dst < n:
                pos.cols[dst] = self.saved_cols[dst]
            elif dst == FOUNDATION:
                s = (m >> 18) // 13
                pos.found[s] = self.saved_found[s]
            else:
                pos.cells[dst - n] = self.saved_cells[dst - n]
        pos.above[:] = self.saved_above

    def advance(self, rules: Rules) -> int:
        """Enter the next position of the current frame (1), or leave the frame (0); -1 when
        this thread has nothing left to search."""
        children = self.children[-1]
        if children:
            steps = children.pop()
            self.path.append(steps)
            pos = self.pos
            for m in steps:
                apply_step(rules, pos, m)
            self.groups.append(0)
            self.children.append([])
            return 1
        self.groups.pop()
        self.children.pop()
        if not self.path:
            self.done = True
            return -1
        taken = self.path.pop()
        for k in range(len(taken) - 1, -1, -1):
            undo_step(rules, self.pos, taken[k])
        return 0


def search(
    cols: list[bytes],
    cells: list[int],
    found: list[int],
    ncells: int,
    build: int,
    empty: int,
    programs: list[list[int]],
    seeds: list[int],
    weights: list[list[int]],
    complete: bool,
    quota: int,
    complete_quota: int,
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
) -> tuple[int, int]:
    """Search from the position given; return (WON, NO_WIN or STOPPED, positions searched).

    One meta thread for each of ``programs`` (see :class:`Thread`); ``seeds[t]`` drives the
    SHUFFLED groups of thread ``t`` and ``weights[t]`` its RATED groups (see :func:`rate`). The
    complete thread runs as well if ``complete`` (without it "no win" proves nothing: that is
    for measuring meta threads alone). Each meta thread searches ``quota`` new positions a
    turn, the complete thread ``complete_quota`` while a meta thread is left, then the rest.
    ``deadline``: a ``time.perf_counter()`` value, or 0 for none. A won line is written to
    ``line`` as steps, safe moves home included. ``check_memory(nodes)`` is called as it
    starts and every :data:`MEMORY_EVERY` positions, and stops the search by raising.
    """
    check_memory(0)  # before the first position too: it tells the core this search checks
    rules = rules_for(len(cols), ncells, build, empty)
    root = Position(list(cols), list(cells), list(found))
    auto_moves(rules, root, line)
    if root.found[0] + root.found[1] + root.found[2] + root.found[3] == 52:
        return WON, 1
    if rules.dig and dead(rules, root):
        return NO_WIN, 1
    first = root.key()
    # Each thread its own table, as Freecell Solver's soft threads each mark their own visits:
    # with one shared table a thread whose moves another thread had already tried from the
    # deal found nothing new and stopped at once, so the portfolio was one thread.
    tables: list[set[bytes]] = []
    threads: list[Thread] = []
    count = len(programs) + (1 if complete else 0)
    nodes = 1
    alive = count
    won: list[int] = []
    while alive:
        for t in range(count):
            if t == len(threads):
                # made at its first turn: most deals are won before the second thread's
                if t < len(programs):
                    threads.append(Thread(root, programs[t], seeds[t], weights[t]))
                else:
                    threads.append(Thread(root, [], 0, [1, 0, 0, 0, 0]))
                tables.append({first})
            th = threads[t]
            if th.done:
                continue
            seen = tables[t]
            budget = quota
            if th.complete:
                budget = complete_quota if alive > 1 else node_limit
            while budget > 0:
                if not th.children[-1] and th.fill(rules, seen, won):
                    line.extend(won)
                    return WON, nodes
                went = th.advance(rules)
                if went < 0:
                    alive -= 1
                    if th.complete:
                        return NO_WIN, nodes
                    break
                if not went:
                    continue
                nodes += 1
                budget -= 1
                if nodes >= node_limit:
                    return STOPPED, nodes
                if not nodes & _MEMORY_MASK:
                    check_memory(nodes)
                    if deadline and time.perf_counter() > deadline:
                        return STOPPED, nodes
    return NO_WIN, nodes

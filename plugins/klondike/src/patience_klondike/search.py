"""The Klondike family's full-information search, on flat lists of small integers.

The arguments that make it sound are in :mod:`patience_klondike.solver`, which prepares the
position's numbers, calls :func:`search` and turns the moves it returns into move text. This
module imports nothing else of the package, so it compiles on its own: with mypyc where the
install found a C compiler, as plain Python everywhere else, with the same positions searched
in the same order (``patience_core.solver.builds``).

A card is its index (``suit * 13 + rank - 1``). Ranks are counted from the foundations' base
(``rel``: 0 for the base rank, 12 for the last card of a foundation), so Canfield's base rank
and Klondike's ace are the same to the search. Nothing is allocated per position: moves are
integers in one flat buffer, and each move is undone from a small integer saved with it. The
keys of the positions searched are what grows: a set for the first 2 ** 22, then
:class:`Seen`'s table of 64-bit words (16 bytes a slot for Klondike from 2 ** 24 slots on),
which keeps each key exactly. A look-up in the table costs more than one in the set (its words
are read through Python's generic item access, and most are too big for the compiled module's
small ints), so the set holds as many keys as the table's first doubling can stand beside: the
set's 2 ** 22 keys and a table of 2 ** 24 slots take less than the last doubling at the default
limit (2 ** 24 slots and 2 ** 25, two words each).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from typing import Final

NO_WIN: Final = 0
WON: Final = 1
STOPPED: Final = 2
MEMORY_EVERY: Final = 1 << 14
"""Positions between two calls of ``check_memory`` (the core's ``CHECK_EVERY``)."""
_MEMORY_MASK: Final = MEMORY_EVERY - 1

# Move kinds, in the lowest 4 bits of a move; ``a`` (bits 4-9), ``b`` (10-13), ``k`` (14-19).
T2F: Final = 0  # column a's top card to its foundation
T2T: Final = 1  # column a's cards from index k onto column b
T2E: Final = 2  # column a's cards from index k into the empty column b
W2F: Final = 3  # the talon card reached at waste size a (drawing as needed) to its foundation
W2T: Final = 4  # the same onto column b
F2T: Final = 5  # foundation a's top card onto column b
R2F: Final = 6  # the reserve's top card to its foundation
R2T: Final = 7  # the reserve's top card onto column b
TWIN: Final = 8  # T2T of part of a run onto the twin of the card it leaves, that card then to its foundation

# Run rules: which face-up cards of a column move together.
RUNS_ANY: Final = 0  # any face-up run (Klondike)
RUNS_WHOLE_OR_ONE: Final = 1  # the whole column or its top card (PySolFC's Canfield)
RUNS_ONE: Final = 2  # the top card alone

# Reductions that may be turned off (for tests that check they change no verdict).
PRUNE_DEAD: Final = 1
PRUNE_TWINS: Final = 2
PRUNE_WAIT: Final = 4
PRUNE_DRAWS: Final = 8
PRUNE_DOWN: Final = 16
PRUNE_UP: Final = 32

STRIDE: Final = 64  # slots per column in the flat column lists
_MAX_MOVES: Final = 400  # moves a position can have, with room to spare
_FLIP: Final = 1  # undo flag: the move turned a face-down card up
_FILL: Final = 2  # undo flag: the move filled its emptied column from the reserve


def move(kind: int, a: int, b: int, k: int) -> int:
    """A move as one integer."""
    return kind | a << 4 | b << 10 | k << 14


def move_kind(m: int) -> int:
    return m & 15


def move_a(m: int) -> int:
    return m >> 4 & 63


def move_b(m: int) -> int:
    return m >> 10 & 15


def move_k(m: int) -> int:
    return m >> 14 & 63


_WORD: Final = (1 << 64) - 1
_SET_MAX: Final = 1 << 22  # keys kept in a set before they move to the table
_SHIFT_BITS: Final = 12  # the lowest bits of a slot: 1 + how far its key lies from home, 0 free
_MAX_SHIFT: Final = (1 << _SHIFT_BITS) - 1
# The codes' first part holds 27 cards, the second 25: 3 ** 27 and 3 ** 25 need 43 and 40 bits,
# where 26 and 26 would need 42 each. So a Klondike key is 140 bits, not 141, and takes two
# words a slot from the table of 2 ** 24 slots on (see :class:`Seen`).
_SPLIT: Final = 27


def _place_of(c: int) -> int:
    """Card ``c``'s digit place in its part of the codes."""
    return c if c < _SPLIT else c - _SPLIT


def _spread(quotient: int) -> int:
    """What a key's quotient adds to its lowest bits to give its home slot (modulo the slots)."""
    # Python's hash of an int is the int modulo 2 ** 61 - 1; a product spreads its bits.
    return (hash(quotient) & 0x3FFFFFFF) * 0x5BD1E995 >> 13


class Seen:
    """The keys of the positions searched, exactly: a set while they are few (some 100 bytes a
    key), then an open-addressing table of 64-bit words (for Klondike two words a slot from
    ``2 ** 24`` slots on, so 16 to 32 bytes a key as the table fills and doubles).

    With ``2 ** k`` slots, a key's quotient (the key without its lowest ``k`` bits) is stored
    in full, and its home slot is its lowest ``k`` bits plus a hash of the quotient (modulo
    ``2 ** k``); the slot's lowest bits say how far it lies from the home slot (linear
    probing). Home slot and quotient give back the key, so a slot holds what only one key can:
    a key is found only if it was added, and nothing is pruned for a mere collision of hashes.
    """

    bits: int  # bits enough for any key
    small: set[int]  # the keys, while ``table`` is not in use
    set_max: int
    k: int  # log2 of the slots, 0 while the set is in use
    mask: int
    words: int  # words a slot
    count: int
    grow_at: int
    table: array[int]

    def __init__(self, bits: int, set_max: int = -1) -> None:
        self.bits = bits
        self.small = set()
        self.set_max = _SET_MAX if set_max < 0 else set_max  # read here, so tests may lower it
        self.k = 0
        self.mask = 0
        self.words = 0
        self.count = 0
        self.grow_at = 0
        self.table = array("Q")

    def __contains__(self, key: int) -> bool:
        if not self.k:
            return key in self.small
        return self._find(key, False)

    def add(self, key: int) -> bool:
        """Add ``key``; whether it was not in yet."""
        if not self.k:
            n = len(self.small)
            self.small.add(key)
            if len(self.small) == n:
                return False
            if len(self.small) >= self.set_max:
                keys = self.small
                self.small = set()
                self._make(max(4, (len(keys) * 2).bit_length()))
                for old in keys:
                    self._find(old, True)
                self.count = len(keys)
            return True
        if self._find(key, True):
            return False
        self.count += 1
        if self.count > self.grow_at:
            self._grow()
        return True

    def _make(self, k: int) -> None:
        self.k = k
        self.mask = (1 << k) - 1
        self.words = (self.bits - k + _SHIFT_BITS + 63) // 64
        self.grow_at = (1 << k) * 9 // 10
        self.table = array("Q", bytes(8 * self.words << k))

    def _home(self, quotient: int, key: int) -> int:
        return ((key & self.mask) + _spread(quotient)) & self.mask

    def _find(self, key: int, insert: bool) -> bool:
        """Whether ``key`` is in the table; if not and ``insert``, put it in.

        Robin Hood order: along a run of used slots, keys lie no nearer their home than the
        keys before them, so a look-up stops at the first key nearer its home than it would
        be, and an insertion takes that slot and moves the key found there on.
        """
        quotient = key >> self.k
        home = self._home(quotient, key)
        stored = quotient << _SHIFT_BITS
        w0 = stored & _WORD
        w1 = stored >> 64 & _WORD
        words = self.words
        table = self.table
        mask = self.mask
        slot = home
        d = 1
        while True:
            at = slot * words
            x = table[at]
            if x == 0:
                break
            sd = x & _MAX_SHIFT
            if sd < d:
                break
            if sd == d and x == w0 | d and (words < 2 or table[at + 1] == w1):
                same = True
                for q in range(2, words):
                    if table[at + q] != stored >> (64 * q) & _WORD:
                        same = False
                        break
                if same:
                    return True
            slot = (slot + 1) & mask
            d += 1
        if not insert:
            return False
        # Put the key here; carry the key found here (if any) on, to the next slot where it
        # lies no nearer its home than the key there.
        while True:
            if d > _MAX_SHIFT:
                # A key too far from home (not met in practice): a bigger table holds every key.
                key = _key_of(stored, slot, d, self.k, self.mask)
                self._grow()
                self._find(key, True)
                return False
            at = slot * words
            x = table[at]
            sd = x & _MAX_SHIFT
            if x == 0 or sd < d:
                carried = 0
                for q in range(words - 1, -1, -1):
                    carried = carried << 64 | table[at + q]
                value = stored | d
                for q in range(words):
                    table[at + q] = value >> (64 * q) & _WORD
                if x == 0:
                    return False
                stored = carried ^ sd
                d = sd
            slot = (slot + 1) & mask
            d += 1

    def _grow(self) -> None:
        """Twice the slots: each key, got back from its slot, goes in again (one at a time:
        a list of them all would take more memory than the table)."""
        table = self.table
        words = self.words
        k = self.k
        mask = self.mask
        self._make(k + 1)
        for slot in range(1 << k):
            at = slot * words
            x = table[at]
            if x == 0:
                continue
            stored = 0
            for q in range(words - 1, -1, -1):
                stored = stored << 64 | table[at + q]
            self._find(_key_of(stored, slot, x & _MAX_SHIFT, k, mask), True)
        del table


def _key_of(stored: int, slot: int, d: int, k: int, mask: int) -> int:
    """The key whose quotient is in ``stored`` (above the shift bits), at distance ``d`` from
    its home were it at ``slot`` of a table of ``2 ** k`` slots (``mask``: ``2 ** k - 1``)."""
    quotient = stored >> _SHIFT_BITS
    home = (slot - d + 1) & mask
    return quotient << k | ((home - _spread(quotient)) & mask)


class Search:
    """One search: the rules as tables, the position as flat lists and bitmasks, and the path."""

    # The rules, fixed for the search. Tables of small numbers are bytes (a card + 1 where
    # -1 means none): compiled, a bytes item is read in place, with no call and no int object.
    ncols: int
    draw: int
    limit: int  # redeals allowed, -1 for unlimited
    worry: bool  # foundation cards may come back down
    wrap: bool  # a foundation's base rank goes on its last rank (and builds wrap)
    fill: bool  # an emptied column is filled from the reserve at once
    runs: int
    suit: bytes
    rel: bytes
    fcard: bytes  # the card of suit s and relative rank r at s * 13 + r
    fmask: list[int]  # the first h cards of suit s as a bitmask, at s * 14 + h
    par: bytes  # the cards each card may be placed on plus one, 3 slots a card (0 for none)
    kids: bytes  # the cards that may be placed on each card plus one, 3 slots a card (0 for none)
    kidmask: list[int]  # the same as a bitmask
    kidsuits: list[int]  # per suit: the suits whose next lower cards may be placed on its cards
    twin: bytes  # per card: 1 + the other card that takes the same cards (when runs move freely), or 0
    lowtwinmask: int  # the lower card of each pair of twins, as a bitmask
    empty_ok: bytes  # per card: 1 when it may be placed in an empty column
    emptymask: int
    kings_only: bool  # only kings (the last rank) may go in an empty column
    torig: list[int]  # per card: its place in the talon as given, or -1
    tbits: int  # the talon's size as given
    deal: list[int]  # per column: its face-down cards, bottom first
    rbelow: list[int]  # per reserve card: the card under it in the reserve (-3 at the bottom)
    resmask: list[int]  # the reserve's first n cards as a bitmask, at n
    # The position.
    col: list[int]  # per column: its face-up cards, bottom first
    clen: list[int]
    cdown: list[int]
    istop: list[int]  # per card: 1 + the column whose top card it is, else 0
    fpack: int  # per suit s: the cards on its foundation, in bits 4s to 4s + 3
    talon: list[int]  # stock and waste as one list, the waste's bottom card first
    tp: int  # the waste's size: talon[tp - 1] is its top card
    passes: int  # redeals used
    reserve: list[int]
    rlen: int
    below: list[int]  # per card in a column or the reserve: the card under it (-2 a column's bottom)
    child: list[int]  # per card: the card lying on it in a column, or -1
    upmask: int  # the face-up cards in the columns
    talmask: int  # the talon's cards
    code: list[int]  # per face-up column card: what it lies on, for the key
    digit: bytes  # per code: its digit in the key
    dweight: list[int]  # at card * 4 + code: the code's digit times the card's weight in ``tk0``
    # (cards below ``_SPLIT``) or ``tk1``; a product read, not made: compiled, multiplying by a
    # weight past 2 ** 30 (or by a negative digit difference) takes the slow path of big ints
    bits0: int  # bits for ``tk0`` in the key
    bits1: int  # bits for ``tk1``
    tk0: int
    tk1: int
    downw: list[int]  # per column: the weight of its face-down count in ``downk``
    downk: int  # the face-down counts in mixed radix, the first column's most significant
    resr: int  # the radix of the reserve's size in the key
    pmuls: list[int]  # per waste size: its part of the key (big integers, made once)
    keybits: int  # bits enough for any key
    tmask: int  # the talon's cards by their place in the talon as given, for the key
    spack: int  # per suit s: its settled foundation cards, in bits 4s to 4s + 3
    settled_for: int  # the foundations' counts ``spack`` was worked out for
    settled_of: list[int]  # ``spack`` by the foundations' counts, -1 until worked out
    # Reductions (on unless a test turns one off).
    prune_dead: bool
    prune_twins: bool
    prune_wait: bool
    prune_draws: bool
    prune_down: bool
    prune_up: bool
    mix: int  # 0, or the state of the generator that shuffles each group of moves (``shuffle``)
    # The search.
    buf: array[int]
    bstart: list[int]
    bnext: list[int]
    bend: list[int]
    taken: array[int]
    tundo: array[int]
    astart: list[int]
    amove: array[int]
    aundo: array[int]
    ap: int

    def __init__(
        self,
        ncols: int,
        draw: int,
        limit: int,
        worry: bool,
        wrap: bool,
        fill: bool,
        runs: int,
        suit: list[int],
        rel: list[int],
        par: list[int],
        kidsuits: list[int],
        empty_ok: list[int],
    ) -> None:
        self.ncols = ncols
        self.draw = draw
        self.limit = limit
        self.worry = worry
        self.wrap = wrap
        self.fill = fill
        self.runs = runs
        self.suit = bytes(suit)
        self.rel = bytes(rel)
        fcard = [0] * 52
        for c in range(52):
            fcard[suit[c] * 13 + rel[c]] = c
        self.fcard = bytes(fcard)
        self.fmask = [0] * 56
        for s in range(4):
            for h in range(1, 14):
                self.fmask[s * 14 + h] = self.fmask[s * 14 + h - 1] | 1 << fcard[s * 13 + h - 1]
        self.par = bytes(p + 1 for p in par)
        kids = [-1] * 156
        self.kidmask = [0] * 52
        for c in range(52):
            for q in range(3):
                p = par[c * 3 + q]
                if p >= 0:
                    self.kidmask[p] |= 1 << c
                    for slot in range(3):
                        if kids[p * 3 + slot] < 0:
                            kids[p * 3 + slot] = c
                            break
        self.kids = bytes(k + 1 for k in kids)
        self.kidsuits = kidsuits
        twin = [-1] * 52
        self.lowtwinmask = 0
        if runs == RUNS_ANY:
            for c in range(52):
                for x in range(52):
                    if x != c and self.kidmask[c] and self.kidmask[c] == self.kidmask[x]:
                        twin[c] = x
                if c < twin[c]:
                    self.lowtwinmask |= 1 << c
        self.twin = bytes(t + 1 for t in twin)
        self.empty_ok = bytes(empty_ok)
        self.emptymask = 0
        for c in range(52):
            if empty_ok[c]:
                self.emptymask |= 1 << c
        self.kings_only = sum(empty_ok) == 4
        self.torig = [-1] * 52
        self.tbits = 0
        self.deal = [0] * (ncols * STRIDE)
        self.rbelow = [-1] * 52
        self.resmask = [0]
        self.col = [0] * (ncols * STRIDE)
        self.clen = [0] * ncols
        self.cdown = [0] * ncols
        self.istop = [0] * 52
        self.fpack = 0
        self.talon = []
        self.tp = 0
        self.passes = 0
        self.reserve = []
        self.rlen = 0
        self.below = [-1] * 52
        self.child = [-1] * 52
        self.upmask = 0
        self.talmask = 0
        self.code = [0] * 52
        # Codes are digits of base 3 when no card has a third parent (code 2 never occurs).
        third = any(par[c * 3 + 2] >= 0 for c in range(52))
        base = 4 if third else 3
        self.digit = bytes([0, 1, 2, 3] if third else [0, 1, 2, 2])
        self.dweight = [self.digit[q & 3] * base ** _place_of(q >> 2) for q in range(208)]
        self.bits0 = (base**_SPLIT - 1).bit_length()
        self.bits1 = (base ** (52 - _SPLIT) - 1).bit_length()
        self.downw = [0] * ncols
        self.downk = 0
        self.resr = 1
        self.pmuls = [0]
        self.keybits = 0
        self.tk0 = 0
        self.tk1 = 0
        self.tmask = 0
        self.spack = 0
        self.settled_for = -1
        self.settled_of = [-1] * (1 << 16)
        self.prune_dead = True
        self.prune_twins = True
        self.prune_wait = True
        self.prune_draws = True
        self.prune_down = True
        self.prune_up = True
        self.mix = 0
        # The moves waiting and the moves taken are arrays of machine words, not lists: a search
        # can go hundreds of thousands of moves deep (Thumb and Pouch, where runs go to and fro),
        # and a list holds an int object of some 32 bytes for each entry past 256, five times
        # what these frames need. The frames' offsets, read and written at every position, are
        # lists: compiled, a list item is one small call, an array item Python's generic look-up.
        self.buf = array("q")
        self.bstart = [0]
        self.bnext = [0]
        self.bend = [0]
        self.taken = array("q", [0])
        self.tundo = array("q", [0])
        self.astart = [0]
        self.amove = array("q")
        self.aundo = array("q")
        self.ap = 0

    def setup(
        self,
        downs: list[list[int]],
        ups: list[list[int]],
        found: list[int],
        talon: list[int],
        tp: int,
        passes: int,
        reserve: list[int],
    ) -> None:
        """Lay out the position to search from (see :func:`search`)."""
        for i in range(self.ncols):
            last = -2
            for q in range(len(downs[i])):
                c = downs[i][q]
                self.deal[i * STRIDE + q] = c
                self.below[c] = last
                self.child[c] = -1
                if last >= 0:
                    self.child[last] = c
                last = c
            self.cdown[i] = len(downs[i])
            up = ups[i]
            for q in range(len(up)):
                c = up[q]
                self.col[i * STRIDE + q] = c
                self.below[c] = last
                if last >= 0:
                    self.child[last] = c
                if q:
                    self.set_code(c, self.parent_code(c, up[q - 1]))
                elif not downs[i]:
                    self.set_code(c, 3)
                self.upmask |= 1 << c
                last = c
            self.clen[i] = len(up)
            if up:
                self.istop[up[len(up) - 1]] = i + 1
        for q in range(4):
            self.fpack |= found[q] << (q << 2)
        self.talon = list(talon)
        self.tbits = len(talon)
        for q in range(len(talon)):
            c = talon[q]
            self.torig[c] = q
            self.tmask |= 1 << q
            self.talmask |= 1 << c
        self.tp = tp
        self.passes = passes
        self.reserve = list(reserve)
        self.rlen = len(reserve)
        for q in range(len(reserve)):
            c = reserve[q]
            self.rbelow[c] = reserve[q - 1] if q else -3
            self.below[c] = self.rbelow[c]
            self.resmask.append(self.resmask[q] | 1 << c)
        # The key, in as few bits as it takes (the table stores it whole): face-down counts,
        # foundations, the reserve's size and the waste's size in mixed radix (face-down
        # counts and the reserve only shrink, so their radices come from the position set up),
        # then the talon's cards left, then each part of the codes in its bits.
        size = 1  # the face-down counts' radices multiplied, the first column's the last
        for i in range(self.ncols - 1, -1, -1):
            self.downw[i] = size
            self.downk += self.cdown[i] * size
            size *= len(downs[i]) + 1
        self.resr = len(reserve) + 1
        size *= 14**4 * self.resr * (self.tbits + 1)
        codes = self.bits0 + self.bits1
        pmul = 1 << (self.tbits + codes)  # one card of waste
        self.pmuls = [j * pmul for j in range(self.tbits + 1)]
        self.keybits = ((size << self.tbits + codes) - 1).bit_length()

    # --- the key -------------------------------------------------------------------------------

    def set_code(self, c: int, value: int) -> None:
        """What card ``c`` lies on, for the key: 0 a face-down card (or its first possible
        parent, or nothing: not in a column), 1 or 2 its second or third parent, 3 a column's
        bottom."""
        old = self.code[c]
        if old != value:
            self.code[c] = value
            change = self.dweight[c * 4 + value] - self.dweight[c * 4 + old]
            if c < _SPLIT:
                self.tk0 += change
            else:
                self.tk1 += change

    def parent_code(self, c: int, p: int) -> int:
        base = c * 3
        if self.par[base + 1] == p + 1:
            return 1
        if self.par[base + 2] == p + 1:
            return 2
        return 0

    def key(self) -> int:
        """The position as one integer, the same for positions with the same future.

        Columns are not named: a column's face-down cards fix its place, and a run on a
        column's bottom is known by its bottom card, so runs moved between empty columns give
        one key. Talon positions that reach one another by drawing alone give one key, and so
        do positions that differ in which of two twins holds which pile (argument 5).
        """
        # The foundations in radix 14 keep the key short (see :class:`Seen` for why it matters);
        # ``fpack``'s own 16 bits, tried, searched the same positions more slowly past a million
        # keys.
        f = self.fpack
        misc = ((self.downk * 14 + (f & 15)) * 14 + (f >> 4 & 15)) * 14 + (f >> 8 & 15)
        misc = (misc * 14 + (f >> 12 & 15)) * self.resr + self.rlen
        n = len(self.talon)
        p = self.tp
        if self.limit < 0 and (p % self.draw == 0 or p == n):
            p = 0  # on the cycle of waste sizes that drawing and redealing go round
        tk0 = self.tk0
        tk1 = self.tk1
        if self.prune_twins:
            upmask = self.upmask
            both = upmask & self.lowtwinmask  # low twins face up, in increasing order
            while both:
                low = both & -both
                both ^= low
                x = low.bit_length() - 1
                y = self.twin[x] - 1
                if not upmask >> y & 1:
                    continue
                lo = self.child[x]
                hi = self.child[y]
                # Canonical: the lower of the two piles' bottom cards lies on the lower twin.
                # Where it does already, each card's code is already its code in the key.
                if not (hi >= 0 and (lo < 0 or hi < lo)):
                    continue
                lo, hi = hi, lo
                if lo >= 0:
                    code = self.parent_code(lo, x)
                    change = self.dweight[lo * 4 + code] - self.dweight[lo * 4 + self.code[lo]]
                    if lo < _SPLIT:
                        tk0 += change
                    else:
                        tk1 += change
                if hi >= 0:
                    code = self.parent_code(hi, y)
                    change = self.dweight[hi * 4 + code] - self.dweight[hi * 4 + self.code[hi]]
                    if hi < _SPLIT:
                        tk0 += change
                    else:
                        tk1 += change
        upper = (misc * (self.tbits + 1) + p) << self.tbits | self.tmask
        return (upper << self.bits1 | tk1) << self.bits0 | tk0

    # --- applying and undoing moves --------------------------------------------------------------

    def _expose(self, i: int) -> int:
        """After column ``i`` lost its top cards: its new top, or a face-down card turned up,
        or its emptied place filled from the reserve. The undo flags."""
        n = self.clen[i]
        if n:
            self.istop[self.col[i * STRIDE + n - 1]] = i + 1
            return 0
        d = self.cdown[i]
        if d:
            c = self.deal[i * STRIDE + d - 1]
            self.cdown[i] = d - 1
            self.downk -= self.downw[i]
            self.col[i * STRIDE] = c
            self.clen[i] = 1
            self.istop[c] = i + 1
            self.upmask |= 1 << c
            self.set_code(c, 3 if d == 1 else 0)
            return _FLIP
        if self.fill and self.rlen:
            self.rlen -= 1
            c = self.reserve[self.rlen]
            self.col[i * STRIDE] = c
            self.clen[i] = 1
            self.istop[c] = i + 1
            self.upmask |= 1 << c
            self.below[c] = -2
            self.set_code(c, 3)
            return _FILL
        return 0

    def _unexpose(self, i: int, flags: int) -> None:
        """Undo :meth:`_expose`, before the cards taken come back onto column ``i``."""
        if flags:
            c = self.col[i * STRIDE]
            self.istop[c] = 0
            self.upmask ^= 1 << c
            self.set_code(c, 0)
            self.clen[i] = 0
            if flags & _FLIP:
                self.cdown[i] += 1
                self.downk += self.downw[i]
            else:
                self.rlen += 1
                self.below[c] = self.rbelow[c]
        elif self.clen[i]:
            self.istop[self.col[i * STRIDE + self.clen[i] - 1]] = 0

    def _place(self, c: int, j: int) -> None:
        """Put card ``c``, from off the columns, on column ``j``."""
        n = self.clen[j]
        if n:
            p = self.col[j * STRIDE + n - 1]
            self.istop[p] = 0
            self.below[c] = p
            self.child[p] = c
            self.set_code(c, self.parent_code(c, p))
        else:
            self.below[c] = -2
            self.set_code(c, 3)
        self.col[j * STRIDE + n] = c
        self.clen[j] = n + 1
        self.istop[c] = j + 1
        self.upmask |= 1 << c

    def _unplace(self, j: int) -> int:
        """Take the top card off column ``j``, back off the columns; the card."""
        n = self.clen[j] - 1
        c = self.col[j * STRIDE + n]
        self.clen[j] = n
        self.istop[c] = 0
        self.upmask ^= 1 << c
        self.set_code(c, 0)
        if n:
            p = self.col[j * STRIDE + n - 1]
            self.istop[p] = j + 1
            self.child[p] = -1
        return c

    def _relink(self, c: int, i: int, q: int) -> None:
        """Card ``c`` is back at index ``q`` of column ``i``'s face-up cards: link it to the card
        under it (which may have lain elsewhere meanwhile)."""
        if q:
            p = self.col[i * STRIDE + q - 1]
        elif self.cdown[i]:
            p = self.deal[i * STRIDE + self.cdown[i] - 1]
        else:
            p = -2
        self.below[c] = p
        if p >= 0:
            self.child[p] = c

    def reach(self, j: int) -> int:
        """Redeals needed to bring ``talon[j - 1]`` to the waste's top by drawing: 0 or 1, or -1
        when no drawing brings it there (``1 <= j <= len(talon)``)."""
        n = len(self.talon)
        d = self.draw
        if j >= self.tp and ((j - self.tp) % d == 0 or j == n):
            return 0
        if (j % d == 0 or j == n) and (self.limit < 0 or self.passes < self.limit):
            return 1
        return -1

    def in_reach(self, c: int) -> bool:
        """Whether drawing (and redealing, where allowed) brings talon card ``c`` to the waste's top."""
        return self.reach(self.talon.index(c) + 1) >= 0

    def apply(self, m: int) -> int:
        """Play move ``m``; the integer :meth:`undo` takes it back with.

        Its bits: 0-1 the flags of :meth:`_expose`; 2-3 the moved card's old code; 4-9 a card
        (to a foundation, or from the talon); 10-15 the cards of a run moved; 16-17 the old
        code of the card a twin move sends up; 18-23 and 24 on the waste's old size and redeals.
        """
        kind = m & 15
        a = m >> 4 & 63
        b = m >> 10 & 15
        if kind == T2F:
            n = self.clen[a] - 1
            c = self.col[a * STRIDE + n]
            u = self.code[c] << 2 | c << 4
            self.clen[a] = n
            self.istop[c] = 0
            self.upmask ^= 1 << c
            self.set_code(c, 0)
            p = self.below[c]
            if p >= 0:
                self.child[p] = -1
            self.fpack += 1 << (self.suit[c] << 2)
            return u | self._expose(a)
        if kind in (T2T, T2E, TWIN):
            k = m >> 14 & 63
            src = a * STRIDE
            n = self.clen[a]
            c = self.col[src + k]
            u = self.code[c] << 2 | (n - k) << 10
            p = self.below[c]
            if p >= 0:
                self.child[p] = -1
            nb = self.clen[b]
            if nb:
                p = self.col[b * STRIDE + nb - 1]
                self.istop[p] = 0
                self.below[c] = p
                self.child[p] = c
                self.set_code(c, self.parent_code(c, p))
            else:
                self.below[c] = -2
                self.set_code(c, 3)
            dst = b * STRIDE + nb - k
            for q in range(k, n):
                self.col[dst + q] = self.col[src + q]
            self.clen[b] = nb + n - k
            self.istop[self.col[src + n - 1]] = b + 1
            self.clen[a] = k
            if kind == TWIN:
                x = self.col[src + k - 1]
                u |= x << 4 | self.code[x] << 16
                self.clen[a] = k - 1
                self.upmask ^= 1 << x
                self.set_code(x, 0)
                p = self.below[x]
                if p >= 0:
                    self.child[p] = -1
                self.fpack += 1 << (self.suit[x] << 2)
            return u | self._expose(a)
        if kind in (W2F, W2T):
            u = self.tp << 18 | self.passes << 24
            if self.reach(a) > 0:
                self.passes += 1
            c = self.talon.pop(a - 1)
            u |= c << 4
            self.tmask ^= 1 << self.torig[c]
            self.talmask ^= 1 << c
            self.tp = a - 1
            if kind == W2F:
                self.fpack += 1 << (self.suit[c] << 2)
            else:
                self._place(c, b)
            return u
        if kind == F2T:
            self.fpack -= 1 << (a << 2)
            self._place(self.fcard[a * 13 + (self.fpack >> (a << 2) & 15)], b)
            return 0
        self.rlen -= 1
        c = self.reserve[self.rlen]
        if kind == R2F:
            self.fpack += 1 << (self.suit[c] << 2)
        else:
            self._place(c, b)
        return 0

    def undo(self, m: int, u: int) -> None:
        """Take back move ``m``, which :meth:`apply` played and returned ``u`` for."""
        kind = m & 15
        a = m >> 4 & 63
        b = m >> 10 & 15
        if kind == T2F:
            self._unexpose(a, u & 3)
            c = u >> 4 & 63
            self.fpack -= 1 << (self.suit[c] << 2)
            n = self.clen[a]
            self.col[a * STRIDE + n] = c
            self.clen[a] = n + 1
            self.istop[c] = a + 1
            self.upmask |= 1 << c
            self.set_code(c, u >> 2 & 3)
            self._relink(c, a, n)
            return
        if kind in (T2T, T2E, TWIN):
            k = m >> 14 & 63
            src = a * STRIDE
            self._unexpose(a, u & 3)
            if kind == TWIN:
                x = u >> 4 & 63
                self.fpack -= 1 << (self.suit[x] << 2)
                self.col[src + k - 1] = x
                self.upmask |= 1 << x
                self.set_code(x, u >> 16 & 3)
                self._relink(x, a, k - 1)
            elif k:
                self.istop[self.col[src + k - 1]] = 0
            cnt = u >> 10 & 63
            nb = self.clen[b] - cnt
            dst = b * STRIDE + nb
            for q in range(cnt):
                self.col[src + k + q] = self.col[dst + q]
            self.clen[b] = nb
            if nb:
                p = self.col[dst - 1]
                self.istop[p] = b + 1
                self.child[p] = -1
            self.clen[a] = k + cnt
            self.istop[self.col[src + k + cnt - 1]] = a + 1
            c = self.col[src + k]
            self.set_code(c, u >> 2 & 3)
            self._relink(c, a, k)
            return
        if kind in (W2F, W2T):
            c = u >> 4 & 63
            if kind == W2T:
                self._unplace(b)
            else:
                self.fpack -= 1 << (self.suit[c] << 2)
            self.talon.insert(a - 1, c)
            self.tmask ^= 1 << self.torig[c]
            self.talmask ^= 1 << c
            self.tp = u >> 18 & 63
            self.passes = u >> 24
            return
        if kind == F2T:
            self._unplace(b)
            self.fpack += 1 << (a << 2)
            return
        if kind == R2F:
            c = self.reserve[self.rlen]
            self.fpack -= 1 << (self.suit[c] << 2)
            self.below[c] = self.rbelow[c]
        else:
            c = self._unplace(b)
            self.below[c] = self.rbelow[c]
        self.rlen += 1

    # --- safe moves and dead positions -----------------------------------------------------------

    def settle(self) -> None:
        """``spack``: how many of each suit's foundation cards never need to come down (argument
        3), worked out once for each set of foundation counts."""
        fp = self.fpack
        if fp == self.settled_for:
            return
        self.settled_for = fp
        v = self.settled_of[fp]
        if v < 0:
            v = self.settled_for_counts(fp)
            self.settled_of[fp] = v
        self.spack = v

    def settled_for_counts(self, fp: int) -> int:
        """The longest prefix of each foundation (counts packed as in ``fpack``) whose every card
        has only settled cards that could be placed on it, packed the same way."""
        if not self.worry:
            return fp
        if self.wrap:
            return 0
        u = [fp >> (s << 2) & 15 for s in range(4)]
        changed = True
        while changed:
            changed = False
            for s in range(4):
                low = u[s]
                kids = self.kidsuits[s]
                for t in range(4):
                    if t != s and kids >> t & 1 and u[t] + 1 < low:
                        low = u[t] + 1
                if low < u[s]:
                    u[s] = low
                    changed = True
        return u[0] | u[1] << 4 | u[2] << 8 | u[3] << 12

    def safe(self, c: int) -> bool:
        """Whether card ``c``, where it lies, goes to its foundation at once (argument 4): it is
        next there, the card under it there is settled, and so is every card that could be
        placed on it."""
        s = self.suit[c]
        r = self.rel[c]
        if (self.fpack >> (s << 2) & 15) != r:
            return False
        sp = self.spack
        if self.worry and (sp >> (s << 2) & 15) != r:
            return False
        need = r
        if r == 0:
            if not self.wrap:
                return True
            need = 13
        kids = self.kidsuits[s]
        return all(not (t != s and kids >> t & 1 and (sp >> (t << 2) & 15) < need) for t in range(4))

    def dead(self) -> bool:
        """Whether some card can never reach its foundation (argument 7), by a relaxation that
        ignores when things happen and how many cards a card can hold: the least fixed point of
        which cards can be freed (nothing left on them), be a column's top, take a place, leave
        their place, and go up. Each fact is a bitmask over the cards."""
        full = (1 << 52) - 1
        fh = self.fpack  # how far each foundation can go up, packed as ``fpack``
        fnd = 0
        for s in range(4):
            fnd |= self.fmask[s * 14 + (fh >> (s << 2) & 15)]
        tal = self.talmask
        res = self.resmask[self.rlen]
        upc = self.upmask
        down = full & ~(fnd | tal | res | upc)
        pile = down | res  # cards that leave alone, once free
        free = fnd | tal
        empty = False
        for i in range(self.ncols):
            n = self.clen[i]
            if n:
                free |= 1 << self.col[i * STRIDE + n - 1]
            elif not self.cdown[i]:
                empty = True
        if self.rlen:
            free |= 1 << self.reserve[self.rlen - 1]
        up = fnd
        spot = self.emptymask if empty else 0
        leave = 0
        avail = 0
        changed = True
        while changed:
            changed = False
            for s in range(4):
                h = fh >> (s << 2) & 15
                r = h
                while r < 13:
                    c = self.fcard[s * 13 + r]
                    if not free >> c & 1:
                        break
                    up |= 1 << c
                    r += 1
                if r != h:
                    fh += (r - h) << (s << 2)
                    changed = True
            if up == full:
                return False
            av = (free & (upc | down)) | (free & spot & (tal | res))
            if self.worry:
                av |= spot & fnd
            new = av & ~avail
            if new:
                avail |= new
                changed = True
                while new:
                    low = new & -new
                    new ^= low
                    spot |= self.kidmask[low.bit_length() - 1]
            go = ((spot | up) & upc) | ((spot | up) & free & pile)
            new = go & ~leave
            if new:
                leave |= new
                changed = True
                while new:
                    low = new & -new
                    new ^= low
                    b = self.below[low.bit_length() - 1]
                    if b >= 0:
                        free |= 1 << b
                    elif b == -2 and not empty:
                        empty = True
                        spot |= self.emptymask
        return True

    def _log(self, m: int, u: int) -> None:
        if self.ap == len(self.amove):
            self.amove.append(m)
            self.aundo.append(u)
        else:
            self.amove[self.ap] = m
            self.aundo[self.ap] = u
        self.ap += 1

    def autoplay(self) -> None:
        """Play every safe move, logging each for the line and for undoing: the safe column top
        of the first column, else (one card a draw, no limit on redeals, where every talon card
        is in reach) the first safe talon card, until none is left."""
        talon_too = self.draw == 1 and self.limit < 0
        while True:
            self.settle()
            # Only a suit's next card can be safe, so look at those four where they lie, not
            # at every column top and talon card.
            first_col = self.ncols
            first_talon = -1
            for s in range(4):
                f = self.fpack >> (s << 2) & 15
                if f == 13:
                    continue
                c = self.fcard[s * 13 + f]
                t = self.istop[c] - 1
                if t >= 0:
                    if t < first_col and self.safe(c):
                        first_col = t
                elif (
                    talon_too
                    and self.talmask >> c & 1
                    and self.safe(c)
                    and (first_talon < 0 or self.torig[c] < self.torig[first_talon])
                ):
                    first_talon = c  # the talon keeps its cards in their first order
            if first_col < self.ncols:
                m = move(T2F, first_col, 0, 0)
            elif first_talon >= 0:
                m = move(W2F, self.talon.index(first_talon) + 1, 0, 0)
            else:
                return
            self._log(m, self.apply(m))

    def unautoplay(self, start: int) -> None:
        """Take back the logged safe moves from ``start`` on."""
        while self.ap > start:
            self.ap -= 1
            self.undo(self.amove[self.ap], self.aundo[self.ap])

    def finish(self) -> bool:
        """With no card face down, in the talon or in the reserve, and no wrap, every column is
        a run down from its bottom card, so the lowest card wanted is always a column's top
        card: play tops up until all are home, logging the moves. False where that does not
        apply."""
        if self.wrap or self.talon or self.rlen:
            return False
        for i in range(self.ncols):
            if self.cdown[i]:
                return False
        while True:
            played = False
            for i in range(self.ncols):
                n = self.clen[i]
                if n:
                    c = self.col[i * STRIDE + n - 1]
                    if (self.fpack >> (self.suit[c] << 2) & 15) == self.rel[c]:
                        m = move(T2F, i, 0, 0)
                        self._log(m, self.apply(m))
                        played = True
            if not played:
                return self.won()

    def won(self) -> bool:
        return self.fpack == 0xDDDD  # 13 cards on each foundation

    # --- moves -----------------------------------------------------------------------------------

    def gen(self, depth: int) -> None:
        """The moves worth trying from the position, best first, into the buffer at ``depth``."""
        pos = self.bstart[depth]
        if pos + _MAX_MOVES > len(self.buf):
            self.buf.extend(array("q", [0]) * (pos + 4 * _MAX_MOVES - len(self.buf)))
        buf = self.buf
        nc = self.ncols
        par = self.par
        istop = self.istop
        col = self.col
        empty = -1
        deepest = 0
        for i in range(nc):
            if self.clen[i] == 0:
                if empty < 0 and self.cdown[i] == 0:
                    empty = i
            elif self.cdown[i] > deepest:
                deepest = self.cdown[i]
        runs = self.runs
        talon_pruned = self.prune_wait and self.draw == 1 and self.limit < 0
        # 1. Whole runs that turn a face-down card, from the columns with most face-down first.
        group = pos
        for d in range(deepest, 0, -1):
            for i in range(nc):
                if self.cdown[i] != d:
                    continue
                n = self.clen[i]
                if runs == RUNS_ONE and n > 1:
                    continue
                c = col[i * STRIDE]
                for q in range(3):
                    p = par[c * 3 + q] - 1
                    t = istop[p] if p >= 0 else 0
                    if t and t != i + 1:
                        buf[pos] = move(T2T, i, t - 1, 0)
                        pos += 1
                if empty >= 0 and self.empty_ok[c]:
                    buf[pos] = move(T2E, i, empty, 0)
                    pos += 1
        if self.mix:
            self._mix(group, pos)
            group = pos
        # 2. Talon cards, the nearest in draws first.
        n = len(self.talon)
        if n:
            d = self.draw
            q = self.tp
            if q < 1:
                q = d if d < n else n
            while True:
                pos = self._talon_moves(q, empty, pos, talon_pruned)
                if q >= n:
                    break
                q = q + d if q + d < n else n
            if self.tp > 0 and (self.limit < 0 or self.passes < self.limit):
                q = d if d < n else n
                while True:
                    if self.reach(q) > 0:
                        pos = self._talon_moves(q, empty, pos, talon_pruned)
                    if q >= n:
                        break
                    q = q + d if q + d < n else n
        if self.mix:
            self._mix(group, pos)
            group = pos
        # 3. The reserve's top card.
        if self.rlen:
            c = self.reserve[self.rlen - 1]
            if (self.fpack >> (self.suit[c] << 2) & 15) == self.rel[c]:
                buf[pos] = move(R2F, 0, 0, 0)
                pos += 1
            for q in range(3):
                p = par[c * 3 + q] - 1
                if p >= 0 and istop[p]:
                    buf[pos] = move(R2T, 0, istop[p] - 1, 0)
                    pos += 1
            if empty >= 0 and self.empty_ok[c]:
                buf[pos] = move(R2T, 0, empty, 0)
                pos += 1
        if self.mix:
            self._mix(group, pos)
            group = pos
        # 4. Column tops to their foundations (the safe ones went already); from a face-up
        #    card, only when a move that needs the top gone may follow (argument 13).
        up_pruned = self.prune_up and runs == RUNS_ANY
        for i in range(nc):
            n = self.clen[i]
            if n:
                c = col[i * STRIDE + n - 1]
                if (self.fpack >> (self.suit[c] << 2) & 15) == self.rel[c]:
                    if n > 1 and up_pruned and not self._up_pays(c, col[i * STRIDE + n - 2], i):
                        continue
                    buf[pos] = move(T2F, i, 0, 0)
                    pos += 1
        if self.mix:
            self._mix(group, pos)
            group = pos
        # 5. Runs that turn no card: a column emptied, part of a run moved.
        king_ready = not self.prune_wait or (self.kings_only and self._king_ready())
        for i in range(nc):
            n = self.clen[i]
            first = 0
            if runs == RUNS_ONE or (runs == RUNS_WHOLE_OR_ONE and self.cdown[i]):
                first = n - 1
            for k in range(first, n):
                if k == 0 and self.cdown[i]:
                    continue  # in 1
                if runs == RUNS_WHOLE_OR_ONE and 0 < k < n - 1:
                    continue
                c = col[i * STRIDE + k]
                for q in range(3):
                    p = par[c * 3 + q] - 1
                    t = istop[p] if p >= 0 else 0
                    if not t or t == i + 1:
                        continue
                    j = t - 1
                    if k == 0:
                        # Emptying a column is worth it only for a king to come in (argument 9).
                        if not self.kings_only or king_ready:
                            buf[pos] = move(T2T, i, j, 0)
                            pos += 1
                        continue
                    x = col[i * STRIDE + k - 1]
                    if self.twin[x] != p + 1:
                        buf[pos] = move(T2T, i, j, k)
                        pos += 1
                    elif (self.fpack >> (self.suit[x] << 2) & 15) == self.rel[x]:
                        # A twin move only pays when the card it leaves goes up (argument 5).
                        buf[pos] = move(TWIN, i, j, k)
                        pos += 1
                if empty >= 0 and self.empty_ok[c] and k:
                    buf[pos] = move(T2E, i, empty, k)
                    pos += 1
        if self.mix:
            self._mix(group, pos)
            group = pos
        # 6. Foundation cards back down, those not settled, where a card can go on them at once
        #    (argument 12).
        if self.worry:
            for s in range(4):
                f = self.fpack >> (s << 2) & 15
                if f and (self.spack >> (s << 2) & 15) < f:
                    c = self.fcard[s * 13 + f - 1]
                    for q in range(3):
                        p = par[c * 3 + q] - 1
                        t = istop[p] if p >= 0 else 0
                        if t and (not self.prune_down or self._wanted(c, t - 1)):
                            buf[pos] = move(F2T, s, t - 1, 0)
                            pos += 1
                    if empty >= 0 and self.empty_ok[c] and (not self.prune_down or self._wanted(c, empty)):
                        buf[pos] = move(F2T, s, empty, 0)
                        pos += 1
        if self.mix:
            self._mix(group, pos)
        self.bend[depth] = pos

    def _mix(self, lo: int, hi: int) -> None:
        """Shuffle ``buf[lo:hi]`` (one group of moves) with a 32-bit xorshift generator: the
        groups keep their order, each group's moves take another."""
        buf = self.buf
        x = self.mix
        for i in range(hi - 1, lo, -1):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            j = lo + x % (i - lo + 1)
            buf[i], buf[j] = buf[j], buf[i]
        self.mix = x

    def _talon_moves(self, j: int, empty: int, pos: int, pruned: bool) -> int:
        c = self.talon[j - 1]
        buf = self.buf
        if (self.fpack >> (self.suit[c] << 2) & 15) == self.rel[c]:
            buf[pos] = move(W2F, j, 0, 0)
            pos += 1
        for q in range(3):
            p = self.par[c * 3 + q] - 1
            t = self.istop[p] if p >= 0 else 0
            if t and (not pruned or self._wanted(c, t - 1)):
                buf[pos] = move(W2T, j, t - 1, 0)
                pos += 1
        if empty >= 0 and self.empty_ok[c] and (not pruned or self._wanted(c, empty)):
            buf[pos] = move(W2T, j, empty, 0)
            pos += 1
        return pos

    def _wanted(self, c: int, dest: int) -> bool:
        """Whether a card could be placed on card ``c`` as soon as it lies on column ``dest``:
        one that may go on it lies face up in another column, on top of a foundation it may
        leave, on top of the reserve, or in the talon where drawing reaches it. Otherwise a
        talon card waits in the talon (argument 8), a foundation card on its foundation
        (argument 12), and a column's top card on the face-up card it covers (argument 13)."""
        for q in range(3):
            k = self.kids[c * 3 + q] - 1
            if k < 0:
                continue
            if self.upmask >> k & 1:
                if not self._in_column(k, dest):
                    return True
                continue
            if self.talmask >> k & 1:
                if self.in_reach(k):
                    return True
                continue
            s = self.suit[k]
            f = self.fpack >> (s << 2) & 15
            if self.worry and f == self.rel[k] + 1 and (self.spack >> (s << 2) & 15) < f:
                return True
            if self.rlen and self.reserve[self.rlen - 1] == k:
                return True
        return False

    def _up_pays(self, c: int, p: int, i: int) -> bool:
        """Whether column ``i``'s top card ``c``, on face-up ``p``, may go home (argument 13):
        the next card of its suit is face up, in the talon where drawing reaches it, or on top
        of the reserve; or ``p`` is next on its foundation; or a card could go onto ``p``."""
        s = self.suit[c]
        r = self.rel[c]
        if r < 12:
            d = self.fcard[s * 13 + r + 1]
            # Face up anywhere, not only on top: it may lie under tops that wait for this card.
            if self.upmask >> d & 1:
                return True
            if self.talmask >> d & 1 and self.in_reach(d):
                return True
            if self.rlen and self.reserve[self.rlen - 1] == d:
                return True
        if (self.fpack >> (self.suit[p] << 2) & 15) == self.rel[p]:
            return True
        return self._wanted(p, i)

    def _in_column(self, c: int, i: int) -> bool:
        base = i * STRIDE
        return any(self.col[base + q] == c for q in range(self.clen[i]))

    def _king_ready(self) -> bool:
        """Whether a king could go into a column as soon as one is emptied: the bottom of a run
        on face-down cards, in the talon, on top of a foundation it may leave, or on top of the
        reserve (argument 9)."""
        for i in range(self.ncols):
            if self.cdown[i] and self.clen[i] and self.empty_ok[self.col[i * STRIDE]]:
                return True
        for c in self.talon:
            if self.empty_ok[c]:
                return True
        if self.worry:
            for s in range(4):
                f = self.fpack >> (s << 2) & 15
                if f and (self.spack >> (s << 2) & 15) < f and self.empty_ok[self.fcard[s * 13 + f - 1]]:
                    return True
        return self.rlen > 0 and bool(self.empty_ok[self.reserve[self.rlen - 1]])

    # --- the search ------------------------------------------------------------------------------

    def run(
        self, node_limit: int, deadline: float, line: list[int], check_memory: Callable[[int], None]
    ) -> tuple[int, int]:
        """Depth-first search from the position set up; (NO_WIN, WON or STOPPED, positions)."""
        check_memory(0)  # before the first position too: it tells the core this search checks
        limited = self.limit >= 0
        draws = self.prune_draws and not limited and self.draw > 1
        seen = Seen(self.keybits)
        best: dict[int, int] = {}  # with a redeal limit: the fewest redeals each position was entered with
        self.autoplay()
        if self.won() or self.finish():
            self._line(0, line)
            return WON, 1
        key = self.key()
        if limited:
            best[key] = self.passes
        else:
            seen.add(key)
            if draws:
                self._mark_cycle(key, seen)
        if self.prune_dead and self.dead():
            return NO_WIN, 1
        self.gen(0)
        depth = 0
        nodes = 1
        while True:
            at = self.bnext[depth] + self.bstart[depth]
            if at < self.bend[depth]:
                self.bnext[depth] += 1
                m = self.buf[at]
                u = self.apply(m)
                a0 = self.ap
                self.autoplay()
                if self.won() or self.finish():
                    self.taken[depth] = m
                    self._grow(depth + 1)
                    self.astart[depth + 1] = a0
                    self._line(depth + 1, line)
                    return WON, nodes + 1
                key = self.key()
                if limited:
                    old = best.get(key, -1)
                    if 0 <= old <= self.passes:
                        self.unautoplay(a0)
                        self.undo(m, u)
                        continue
                    best[key] = self.passes
                elif draws:
                    if key in seen or self._drawn_to(key, seen):
                        self.unautoplay(a0)
                        self.undo(m, u)
                        continue
                    seen.add(key)
                    self._mark_cycle(key, seen)
                elif not seen.add(key):  # one look-up for both, without the waste reduction
                    self.unautoplay(a0)
                    self.undo(m, u)
                    continue
                nodes += 1
                if nodes >= node_limit:
                    return STOPPED, nodes
                if not nodes & 1023 and deadline > 0.0 and time.perf_counter() > deadline:
                    return STOPPED, nodes
                if not nodes & _MEMORY_MASK:
                    check_memory(nodes)
                self.taken[depth] = m
                self.tundo[depth] = u
                depth += 1
                self._grow(depth)
                self.astart[depth] = a0
                self.bnext[depth] = 0
                self.bstart[depth] = self.bend[depth - 1]
                # A card brought down never makes a live position dead: it is free and next on
                # its foundation, so the relaxation sends it up at once and frees what it covers.
                if self.prune_dead and m & 15 != F2T and self.dead():
                    self.bend[depth] = self.bstart[depth]
                else:
                    self.gen(depth)
            else:
                if depth == 0:
                    return NO_WIN, nodes
                self.unautoplay(self.astart[depth])
                depth -= 1
                self.undo(self.taken[depth], self.tundo[depth])

    def _off_cycle(self) -> int:
        """The waste's size when drawing and redealing alone do not lead back to it (argument
        10), else 0. Only with no limit on redeals, as the key folds those sizes."""
        p = self.tp
        if p % self.draw == 0 or p == len(self.talon):
            return 0
        return p

    def _mark_cycle(self, key: int, seen: Seen) -> None:
        """With the waste off the cycle, the same position with the waste on it is searched
        too: every move from there is a move from here (argument 10)."""
        p = self._off_cycle()
        if p:
            seen.add(key - self.pmuls[p])

    def _drawn_to(self, key: int, seen: Seen) -> bool:
        """Whether the same position with a smaller waste, a whole number of draws short of
        this one and off the cycle, was searched: it reaches this one by drawing (argument 10)."""
        p = self._off_cycle()
        q = p - self.draw
        while q > 0:
            if key - self.pmuls[p - q] in seen:
                return True
            q -= self.draw
        return False

    def _grow(self, depth: int) -> None:
        while len(self.bstart) <= depth:
            self.bstart.append(0)
            self.bnext.append(0)
            self.bend.append(0)
            self.taken.append(0)
            self.tundo.append(0)
            self.astart.append(0)

    def _line(self, depth: int, line: list[int]) -> None:
        """The moves from the root to the won position at ``depth``, safe moves included."""
        for d in range(depth + 1):
            end = self.astart[d + 1] if d < depth else self.ap
            for q in range(self.astart[d], end):
                line.append(self.amove[q])
            if d < depth:
                line.append(self.taken[d])


def search(
    ncols: int,
    draw: int,
    limit: int,
    worry: bool,
    wrap: bool,
    fill: bool,
    runs: int,
    suit: list[int],
    rel: list[int],
    par: list[int],
    kidsuits: list[int],
    empty_ok: list[int],
    downs: list[list[int]],
    ups: list[list[int]],
    found: list[int],
    talon: list[int],
    tp: int,
    passes: int,
    reserve: list[int],
    node_limit: int,
    deadline: float,
    line: list[int],
    check_memory: Callable[[int], None],
    prune: int = -1,
    shuffle: int = 0,
) -> tuple[int, int]:
    """Search from the position given; (NO_WIN, WON or STOPPED, positions searched).

    The rules: ``ncols`` columns, ``draw`` cards a draw, ``limit`` redeals (-1: no limit),
    ``worry`` (foundation cards may come back down), ``wrap``, ``fill`` (an emptied column is
    filled from the reserve), ``runs`` (RUNS_ANY, RUNS_WHOLE_OR_ONE, RUNS_ONE). Per card: its
    ``suit``, its rank ``rel`` counted from the foundations' base, the cards it may be placed on
    (``par``, 3 slots a card, -1 for none), whether it may go in an empty column
    (``empty_ok``); per suit the suits whose next lower cards may be placed on it
    (``kidsuits``). The position: each column's face-down cards (``downs``) and face-up run
    (``ups``), bottom first; the foundations' counts (``found``); the talon (the waste's bottom
    card first, the waste's top at ``tp - 1``, then the stock, next card first); the redeals
    used; the reserve, bottom first. A won line is written to ``line`` as moves (see
    :func:`move`). ``deadline``: a ``time.perf_counter()`` value, or 0 for none.
    ``check_memory(nodes)`` is called as it starts and every :data:`MEMORY_EVERY` positions, and
    stops the search by raising. ``prune``: the reductions to use (PRUNE_DEAD, PRUNE_TWINS,
    PRUNE_WAIT, PRUNE_DRAWS, PRUNE_DOWN, PRUNE_UP; all by default), for tests that check each
    changes no verdict. ``shuffle``: 0 for the usual order of moves, else a seed from which
    each group of moves (the six of :meth:`Search.gen`) is tried in another order; every move
    is still tried, so the verdict is the same and only how soon a win is met changes.
    """
    s = Search(ncols, draw, limit, worry, wrap, fill, runs, suit, rel, par, kidsuits, empty_ok)
    s.prune_dead = bool(prune & PRUNE_DEAD)
    s.prune_twins = bool(prune & PRUNE_TWINS)
    s.prune_wait = bool(prune & PRUNE_WAIT)
    s.prune_draws = bool(prune & PRUNE_DRAWS)
    s.prune_down = bool(prune & PRUNE_DOWN)
    s.prune_up = bool(prune & PRUNE_UP)
    s.mix = (shuffle * 2654435761 + 1) & 0xFFFFFFFF if shuffle else 0
    s.setup(downs, ups, found, talon, tp, passes, reserve)
    if node_limit <= 1:
        s.autoplay()
        if s.won() or s.finish():
            s._line(0, line)
            return WON, 1
        return STOPPED, 1
    return s.run(node_limit, deadline, line, check_memory)

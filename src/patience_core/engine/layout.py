"""Layouts: where the tableau cards lie and which card covers which.

A layout is declared as positions with drawing coordinates and the ids of the positions that
cover each one. It is checked when built (unknown ids, cycles, two cards on one spot) and
numbered in reading order (top row first, left to right), which is also the deal order.

Coordinates are in half card widths across (a card is 2 wide) and rows down; overlapping rows
are one apart. Renderers draw from these alone, so a new shape needs no drawing code.

Everything the hot path needs is precomputed: for each position the bitmask of the positions
covering it, and lookup tables that give "covered by something still present" for a whole
bitmask of present positions in a few table lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from patience_core.engine.errors import LayoutError

_CHUNK: Final = 12  # bits per lookup table: 4096 entries, built in microseconds


def _ids(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(ids)


@attrs.frozen
class Spot:
    """One position of a layout as declared: an id, where it is drawn, what covers it.

    ``covered_by`` names the positions lying on top of this one; the card here is free once
    all of them are gone.
    """

    id: str
    x: float
    y: float
    covered_by: tuple[str, ...] = attrs.field(default=(), converter=_ids)


@attrs.frozen(eq=False, repr=False)
class Layout:
    """A checked layout. Build it with :meth:`declare` or one of the shape builders.

    >>> layout = Layout.pyramid(3)
    >>> len(layout), [s.id for s in layout.spots]
    (6, ['r1c1', 'r2c1', 'r2c2', 'r3c1', 'r3c2', 'r3c3'])
    >>> sorted(layout.spots[layout.blockers_of(0)[0]].id for _ in [0])
    ['r2c1']
    >>> bin(layout.free_mask(layout.full))  # the bottom row
    '0b111000'
    """

    name: str
    spots: tuple[Spot, ...]
    groups: tuple[tuple[str, int], ...]
    """Named sets of positions (bitmasks), such as the peaks of :meth:`peaks`."""
    blockers: tuple[int, ...]
    """For each position, the bitmask of the positions that cover it."""
    index: Mapping[str, int]
    """Position id to index."""
    full: int
    """The bitmask of all positions."""
    _tables: tuple[tuple[int, ...], ...]

    @classmethod
    def declare(
        cls,
        spots: Iterable[Spot],
        *,
        name: str = "custom",
        groups: Mapping[str, Iterable[str]] | None = None,
    ) -> Layout:
        """Check ``spots`` and number them in reading order; raise :class:`LayoutError` if unsound."""
        spots = sorted(spots, key=lambda s: (s.y, s.x))
        if not spots:
            raise LayoutError("a layout needs at least one position")
        index: dict[str, int] = {}
        where: dict[tuple[float, float], str] = {}
        for i, spot in enumerate(spots):
            if spot.id in index:
                raise LayoutError(f"position id {spot.id!r} is declared twice")
            if (spot.x, spot.y) in where:
                raise LayoutError(
                    f"positions {where[(spot.x, spot.y)]!r} and {spot.id!r} are on the same spot"
                    f" ({spot.x}, {spot.y})"
                )
            index[spot.id] = i
            where[(spot.x, spot.y)] = spot.id
        blockers = []
        for spot in spots:
            mask = 0
            for other in spot.covered_by:
                if other not in index:
                    raise LayoutError(f"position {spot.id!r} is covered by unknown position {other!r}")
                if other == spot.id:
                    raise LayoutError(f"position {spot.id!r} cannot cover itself")
                mask |= 1 << index[other]
            blockers.append(mask)
        _check_acyclic(spots, blockers)
        group_masks = []
        for group, ids in (groups or {}).items():
            mask = 0
            for pid in ids:
                if pid not in index:
                    raise LayoutError(f"group {group!r} names unknown position {pid!r}")
                mask |= 1 << index[pid]
            group_masks.append((group, mask))
        n = len(spots)
        return cls(
            name=name,
            spots=tuple(spots),
            groups=tuple(group_masks),
            blockers=tuple(blockers),
            index=index,
            full=(1 << n) - 1,
            tables=_cover_tables(blockers),
        )

    @classmethod
    def empty(cls) -> Layout:
        """The layout of a game of piles alone: no position.

        >>> len(Layout.empty()), Layout.empty().free_mask(0)
        (0, 0)
        """
        return _EMPTY

    # --- the hot path -------------------------------------------------------------------

    def covered_mask(self, present: int) -> int:
        """Positions covered by at least one position in ``present``."""
        covered = 0
        shift = 0
        for table in self._tables:
            covered |= table[(present >> shift) & 0xFFF]
            shift += _CHUNK
        return covered

    def free_mask(self, present: int) -> int:
        """Positions of ``present`` that nothing in ``present`` covers."""
        return present & ~self.covered_mask(present)

    def three_cover_tables(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
        """For a search loop to inline :meth:`covered_mask`: three tables ``t0, t1, t2`` with
        ``covered_mask(p) == t0[p & 4095] | t1[p >> 12 & 4095] | t2[p >> 24 & 4095]``, or None
        for a layout of more than 36 positions (call :meth:`covered_mask` there).

        >>> t0, t1, t2 = Layout.pyramid(7).three_cover_tables()
        >>> t0[0b11] == Layout.pyramid(7).covered_mask(0b11)
        True
        """
        if len(self._tables) > 3:
            return None
        empty = (0,) * (1 << _CHUNK)
        t0, t1, t2 = (*self._tables, empty, empty, empty)[:3]
        return t0, t1, t2

    def cover_tables(self) -> tuple[tuple[int, ...], ...]:
        """Every lookup table of :meth:`covered_mask`, for a search loop that inlines it: table
        ``k`` maps bits ``12k`` to ``12k + 11`` of ``present`` to what those positions cover.

        >>> layout = Layout.pyramid(7)
        >>> [len(t) for t in layout.cover_tables()]
        [4096, 4096, 4096]
        """
        return self._tables

    def chain_weights(self) -> tuple[tuple[int, ...], int]:
        """Weights ``w`` and a bound ``m`` that number the sets of positions a game can leave:
        ``sum(w[p] for p in present)`` is below ``m`` and differs for any two sets in which a
        card leaves only once nothing covers it (every search of a layout game meets only such
        sets), so a search can keep flat tables indexed by it and update it by one subtraction
        per card played.

        The positions are cut into as few chains as possible, each card of a chain lying
        directly on the one before it; in such a set the cards left of a chain are always its
        first ones (a card leaves only after the cards lying on it), so their count says which
        they are, and the counts, read as digits of a mixed radix, number the set.

        >>> w, m = Layout.columns(7, 5).chain_weights()
        >>> m == 6**7, sorted(set(w)) == [6**c for c in range(7)]
        (True, True)
        >>> w, m = Layout.peaks(3, 4).chain_weights()
        >>> m
        432000
        """
        n = len(self.spots)
        # Fewest chains: a path cover of the "lies directly on" graph by maximum matching.
        after = [-1] * n  # after[p]: the position lying on p next in p's chain
        before = [-1] * n
        for p in range(n):
            _augment(p, self.blockers, after, before, [False] * n)
        weights = [0] * n
        radix = 1
        for start in range(n):
            if before[start] >= 0:
                continue
            length = 0
            p = start
            while p >= 0:
                weights[p] = radix
                length += 1
                p = after[p]
            radix *= length + 1
        return tuple(weights), radix

    # --- questions for people and tests --------------------------------------------------

    def __len__(self) -> int:
        return len(self.spots)

    def __repr__(self) -> str:
        return f"<Layout {self.name!r}: {len(self.spots)} positions>"

    def blockers_of(self, pos: int) -> list[int]:
        """The positions covering ``pos``, in reading order."""
        return bits(self.blockers[pos])

    def covers(self, pos: int) -> list[int]:
        """The positions that ``pos`` lies on."""
        return [i for i, mask in enumerate(self.blockers) if mask >> pos & 1]

    def below_all(self, pos: int) -> int:
        """Bitmask of every position that must go before ``pos`` is free (transitively)."""
        seen = 0
        todo = self.blockers[pos]
        while todo:
            low = todo & -todo
            todo ^= low
            if not seen & low:
                seen |= low
                todo |= self.blockers[low.bit_length() - 1]
        return seen

    def rows(self) -> list[list[int]]:
        """Positions grouped by their ``y``, top row first."""
        out: dict[float, list[int]] = {}
        for i, spot in enumerate(self.spots):
            out.setdefault(spot.y, []).append(i)
        return [out[y] for y in sorted(out)]

    def group(self, name: str) -> int:
        for group, mask in self.groups:
            if group == name:
                return mask
        raise KeyError(name)

    # --- building blocks for new shapes ---------------------------------------------------

    def moved(self, dx: float = 0, dy: float = 0, prefix: str = "") -> list[Spot]:
        """This layout's spots shifted and renamed, to combine shapes with :meth:`declare`."""
        return [
            Spot(prefix + s.id, s.x + dx, s.y + dy, tuple(prefix + c for c in s.covered_by))
            for s in self.spots
        ]

    @classmethod
    def beside(cls, *parts: Layout, gap: float = 2, name: str = "custom") -> Layout:
        """Free-standing shapes side by side, left to right, each a group named ``p1``, ``p2``...

        >>> three = Layout.beside(*[Layout.pyramid(3)] * 3)
        >>> len(three), len(three.free_mask(three.full).bit_count() * "x")
        (18, 9)
        """
        spots: list[Spot] = []
        groups: dict[str, list[str]] = {}
        x = 0.0
        for n, part in enumerate(parts, 1):
            left = min(s.x for s in part.spots)
            moved = part.moved(dx=x - left, prefix=f"p{n}.")
            spots += moved
            groups[f"p{n}"] = [s.id for s in moved]
            x += max(s.x for s in part.spots) - left + 2 + gap
        return cls.declare(spots, name=name, groups=groups)

    @classmethod
    def pyramid(cls, rows: int, *, upside_down: bool = False, name: str | None = None) -> Layout:
        """A pyramid of ``rows`` rows of 1, 2, ... cards; each card covered by the two below it.

        ``upside_down`` turns it over: rows of ``rows``, ``rows - 1`` ... 1 cards, the widest on
        top, each card covered by the one or two cards of the row below that touch it, so
        only the single bottom card is free at first. Ids are ``r{row}c{column}``,
        both counted from 1.

        >>> triangle = Layout.pyramid(3, upside_down=True)
        >>> [s.id for s in triangle.spots], [triangle.spots[p].id for p in triangle.blockers_of(0)]
        (['r1c1', 'r1c2', 'r1c3', 'r2c1', 'r2c2', 'r3c1'], ['r2c1'])
        """
        if rows < 1:
            raise LayoutError("a pyramid needs at least one row")
        spots = []
        for r in range(1, rows + 1):
            if upside_down:
                width = rows - r + 1
                for c in range(1, width + 1):
                    below = [f"r{r + 1}c{k}" for k in (c - 1, c) if r < rows and 1 <= k < width]
                    spots.append(Spot(f"r{r}c{c}", x=r - 1 + 2 * (c - 1), y=r - 1, covered_by=below))
                continue
            for c in range(1, r + 1):
                below = [f"r{r + 1}c{c}", f"r{r + 1}c{c + 1}"] if r < rows else []
                spots.append(Spot(f"r{r}c{c}", x=rows - r + 2 * (c - 1), y=r - 1, covered_by=below))
        default = f"{'triangle' if upside_down else 'pyramid'}-{rows}"
        return cls.declare(spots, name=name or default, groups={"pyramid": [s.id for s in spots]})

    @classmethod
    def peaks(cls, peaks: int, height: int, *, name: str | None = None) -> Layout:
        """``peaks`` pyramids of ``height`` rows that touch and share their bottom row.

        Each card above the bottom is covered by the two cards of its own pyramid below it;
        the bottom row has ``peaks * (height - 1) + 1`` cards. ``peaks(3, 4)`` stands three
        peaks on rows of 3, 6, 9 and 10 cards.
        Ids are ``r{row}c{column}`` counted from 1 across the whole row; groups ``peak1``...
        hold each pyramid (the bottom cards it stands on included).
        """
        if peaks < 1 or height < 2:
            raise LayoutError("peaks need at least one peak of at least two rows")
        step = height - 1
        spots: dict[tuple[int, int], Spot] = {}
        groups: dict[str, list[str]] = {}
        bottom = height
        for c in range(1, peaks * step + 2):
            spots[(bottom, c)] = Spot(f"r{bottom}c{c}", x=2 * (c - 1), y=bottom - 1)
        for p in range(peaks):
            ids = [f"r{bottom}c{p * step + k}" for k in range(1, height + 1)]
            for r in range(1, height):
                for k in range(r):  # k-th card of this peak in row r
                    col = p * r + k + 1
                    if r + 1 < bottom:
                        below = (f"r{r + 1}c{p * (r + 1) + k + 1}", f"r{r + 1}c{p * (r + 1) + k + 2}")
                    else:
                        below = (f"r{bottom}c{p * step + k + 1}", f"r{bottom}c{p * step + k + 2}")
                    x = 2 * p * step + (height - r) + 2 * k
                    spots[(r, col)] = Spot(f"r{r}c{col}", x=x, y=r - 1, covered_by=below)
                    ids.append(f"r{r}c{col}")
            groups[f"peak{p + 1}"] = ids
        return cls.declare(spots.values(), name=name or f"peaks-{peaks}x{height}", groups=groups)

    @classmethod
    def fans(cls, fans: int, size: int, per_row: int, *, name: str | None = None) -> Layout:
        """``fans`` fans of ``size`` cards, ``per_row`` fans to a row; in a fan each card lies
        on the one to its left, so only the rightmost card of a fan is free. The cards of a fan
        are drawn side by side (a text picture cannot overlap them), fans a half card apart.

        Ids are ``f{fan}c{card}``, both counted from 1, card 1 leftmost; groups ``f1``...
        hold each fan. Fans are read fan by fan, top row first.

        >>> hole = Layout.fans(17, 3, 5)
        >>> len(hole), [hole.spots[p].id for p in bits(hole.free_mask(hole.full))][:3]
        (51, ['f1c3', 'f2c3', 'f3c3'])
        """
        if fans < 1 or size < 1 or per_row < 1:
            raise LayoutError("fans need at least one fan of one card, one fan to a row")
        spots = []
        groups: dict[str, list[str]] = {}
        width = 2 * size + 1  # in half card widths: the cards, then a gap of half a card
        for f in range(fans):
            row, col = divmod(f, per_row)
            ids = [f"f{f + 1}c{c + 1}" for c in range(size)]
            for c, sid in enumerate(ids):
                over = (ids[c + 1],) if c + 1 < size else ()
                spots.append(Spot(sid, x=width * col + 2 * c, y=2 * row, covered_by=over))
            groups[f"f{f + 1}"] = ids
        return cls.declare(spots, name=name or f"fans-{fans}x{size}", groups=groups)

    @classmethod
    def columns(cls, columns: int, depth: int, *, name: str | None = None) -> Layout:
        """``columns`` overlapping columns of ``depth`` cards; only the bottom card of each is free.

        Ids are ``c{column}r{row}``; each card is covered by the one below it in its column.
        """
        if columns < 1 or depth < 1:
            raise LayoutError("columns need at least one column of one card")
        spots = [
            Spot(
                f"c{c}r{r}",
                x=3 * (c - 1),
                y=r - 1,
                covered_by=(f"c{c}r{r + 1}",) if r < depth else (),
            )
            for c in range(1, columns + 1)
            for r in range(1, depth + 1)
        ]
        groups = {f"c{c}": [f"c{c}r{r}" for r in range(1, depth + 1)] for c in range(1, columns + 1)}
        return cls.declare(spots, name=name or f"columns-{columns}x{depth}", groups=groups)


_EMPTY: Final = Layout(name="none", spots=(), groups=(), blockers=(), index={}, full=0, tables=())


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _augment(p: int, blockers: Sequence[int], after: list[int], before: list[int], seen: list[bool]) -> bool:
    # One augmenting path of the matching "p is followed in its chain by a card lying on it".
    for q in bits(blockers[p]):
        if seen[q]:
            continue
        seen[q] = True
        if before[q] < 0 or _augment(before[q], blockers, after, before, seen):
            after[p], before[q] = q, p
            return True
    return False


def _check_acyclic(spots: Sequence[Spot], blockers: Sequence[int]) -> None:
    # Depth-first search for a back edge in "is covered by"; a cycle would mean no card is free.
    state = [0] * len(spots)  # 0 unseen, 1 on the path, 2 done
    for start in range(len(spots)):
        if state[start]:
            continue
        stack = [(start, bits(blockers[start]))]
        state[start] = 1
        while stack:
            node, todo = stack[-1]
            if not todo:
                state[node] = 2
                stack.pop()
                continue
            nxt = todo.pop()
            if state[nxt] == 1:
                path = [spots[n].id for n, _ in stack] + [spots[nxt].id]
                cycle = path[path.index(spots[nxt].id) :]
                raise LayoutError("coverage has a cycle: " + " is covered by ".join(cycle))
            if state[nxt] == 0:
                state[nxt] = 1
                stack.append((nxt, bits(blockers[nxt])))


def _cover_tables(blockers: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    # covers[p]: positions that p lies on. Table k maps the bits of chunk k of "present" to
    # the union of what those positions cover.
    n = len(blockers)
    covers = [0] * n
    for pos, mask in enumerate(blockers):
        for b in bits(mask):
            covers[b] |= 1 << pos
    tables = []
    for start in range(0, n, _CHUNK):
        size = min(_CHUNK, n - start)
        table = [0] * (1 << size)
        for v in range(1, 1 << size):
            low = v & -v
            table[v] = table[v ^ low] | covers[start + low.bit_length() - 1]
        table += [0] * ((1 << _CHUNK) - len(table))
        tables.append(tuple(table))
    return tuple(tables)

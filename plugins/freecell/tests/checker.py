"""An independent referee for the FreeCell family, written from the rules alone.

It shares no code with ``patience_freecell`` (only the variant's plain fields are read), so a
line that replays here to a win was not checked by the code that made it. It also searches
small positions exhaustively, by plain depth-first search over single-card moves with no
pruning and no symmetry, to check the solver's verdicts.
"""

from __future__ import annotations

import itertools
import re

MOVE = re.compile(r"([tcf])(\d+)-([tcf])(\d+)(?:x(\d+))?\Z")
RED = {1, 2}  # diamonds, hearts


class Illegal(Exception):
    """A move the rules forbid."""


class Table:
    """A position under the rules of one variant: columns, cells, foundation heights."""

    def __init__(self, variant, columns, cells, foundations):
        self.cells_count = variant.cells
        self.build = variant.build
        self.empty = variant.empty
        self.runs = variant.runs
        self.columns = [list(c) for c in columns]
        self.cells = list(cells)
        self.found = list(foundations)
        assert len(self.cells) == self.cells_count

    def key(self):
        return (tuple(map(tuple, self.columns)), tuple(self.cells), tuple(self.found))

    def copy(self):
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.columns = [list(c) for c in self.columns]
        other.cells = list(self.cells)
        other.found = list(self.found)
        return other

    def won(self):
        return self.found == [13, 13, 13, 13]

    def goes_on(self, card, onto):
        if onto % 13 != card % 13 + 1:
            return False
        if self.build == "alternate":
            return (card // 13 in RED) != (onto // 13 in RED)
        if self.build == "suit":
            return card // 13 == onto // 13
        return True

    def empty_takes(self, card):
        return self.empty == "any" or (self.empty == "kings" and card % 13 == 12)

    def limit(self, to_empty):
        if not self.runs:
            return 1
        free = self.cells.count(None)
        empties = sum(1 for c in self.columns if not c) - (1 if to_empty else 0)
        if self.empty != "any":
            return free + 1
        return (free + 1) * 2 ** max(empties, 0)

    def move(self, text):
        """Make the move ``text`` (such as ``t1-t4x3``) or raise :class:`Illegal`."""
        match = MOVE.match(text)
        if not match:
            raise Illegal(f"not a move: {text}")
        a, i, b, j, n = match.groups()
        i, j, n = int(i) - 1, int(j) - 1, int(n or 1)
        if a == "f":
            raise Illegal("no card leaves a foundation")
        if (a, i) == (b, j):
            raise Illegal("same pile")
        if a == "t":
            if not 0 <= i < len(self.columns) or len(self.columns[i]) < n:
                raise Illegal("not enough cards")
            moving = self.columns[i][-n:]
            for lower, upper in itertools.pairwise(moving):
                if not self.goes_on(upper, lower):
                    raise Illegal("not a run")
        else:
            if not 0 <= i < len(self.cells) or self.cells[i] is None or n != 1:
                raise Illegal("no such cell card")
            moving = [self.cells[i]]
        card = moving[0]
        if b == "f":
            if n != 1 or j != card // 13 or self.found[j] != card % 13:
                raise Illegal("not next on its foundation")
        elif b == "c":
            if n != 1 or not 0 <= j < len(self.cells) or self.cells[j] is not None:
                raise Illegal("cell not free")
        else:
            if not 0 <= j < len(self.columns):
                raise Illegal("no such column")
            target = self.columns[j]
            if target and not self.goes_on(card, target[-1]):
                raise Illegal("does not fit")
            if not target and not self.empty_takes(card):
                raise Illegal("empty column refuses it")
            if n > self.limit(not target):
                raise Illegal("run too long")
        if a == "t":
            del self.columns[i][-n:]
        else:
            self.cells[i] = None
        if b == "f":
            self.found[j] += 1
        elif b == "c":
            self.cells[j] = card
        else:
            self.columns[j].extend(moving)


def replay(variant, position, moves):
    """Play ``moves`` (move objects or text) from ``position``; return the final table."""
    table = Table(variant, position.columns, position.cells, position.foundations)
    for k, move in enumerate(moves):
        try:
            table.move(str(move))
        except Illegal as error:
            raise AssertionError(f"move {k + 1} ({move}) is illegal: {error}") from None
    return table


def single_moves(table):
    """Every legal single-card move, as text, except those that differ from another only in
    which free cell or which empty column they go to (those lead to the same table up to the
    order of cells and of columns, which no rule tells apart)."""
    piles = [f"t{i + 1}" for i in range(len(table.columns))] + [f"c{j + 1}" for j in range(len(table.cells))]
    free = [j for j, c in enumerate(table.cells) if c is None]
    empty = [i for i, c in enumerate(table.columns) if not c]
    targets = [f"t{i + 1}" for i, c in enumerate(table.columns) if c]
    targets += [f"t{empty[0] + 1}"] if empty else []
    targets += [f"c{free[0] + 1}"] if free else []
    out = []
    for src in piles:
        for dst in [*targets, "f1", "f2", "f3", "f4"]:
            if dst[0] == "c" and src[0] == "c":
                continue
            trial = table.copy()
            try:
                trial.move(f"{src}-{dst}")
            except Illegal:
                continue
            out.append(f"{src}-{dst}")
    return out


def _key(table):
    return (
        tuple(sorted(tuple(c) for c in table.columns)),
        tuple(sorted(c for c in table.cells if c is not None)),
        tuple(table.found),
    )


def winnable(variant, position, limit=300_000):
    """True or False by an exhaustive search over every reachable table (single cards only),
    or None past ``limit`` tables. Depth first, so that a win deep down is found before the
    breadth of the tree above it is spent; a False still means every table was seen."""
    start = Table(variant, position.columns, position.cells, position.foundations)
    seen = {_key(start)}
    stack = [start]
    while stack:
        table = stack.pop()
        if table.won():
            return True
        for text in single_moves(table):
            nxt = table.copy()
            nxt.move(text)
            key = _key(nxt)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                stack.append(nxt)
    return False

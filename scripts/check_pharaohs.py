"""Pharaohs' win rate checked apart from the project's rules class and solver.

For each deal it reads only the cards and the layout's cover graph, then

- searches every line of play written straight from PySolFC's Pharaohs (pyramid.py: a free card
  pairs with a free card when their ranks sum to 13, a free king goes alone, nothing else), with
  a set of positions already lost, and
- checks a necessary condition: for each rank r of A-6, the four cards of rank r and the four of
  13 - r must be matched off in pairs of which neither card lies, directly or not, on the other
  (two such cards are never free together).

and prints the deals won and the two counts::

    python scripts/check_pharaohs.py 1..1000
"""

from __future__ import annotations

import sys

import patience_core
from patience_core.engine.cards import CARD_TEXT, RANK_OF


def cones(blockers: tuple[int, ...]) -> list[int]:
    """For each position, every position lying on it, directly or not."""
    cone = [0] * len(blockers)
    for p in reversed(range(len(blockers))):  # reading order: a card's covers come after it
        m = c = blockers[p]
        while m:
            b = m & -m
            m ^= b
            c |= cone[b.bit_length() - 1]
        cone[p] = c
    return cone


def matchable(rank: list[int], cone: list[int]) -> bool:
    """The necessary condition: every rank pair can be matched off in compatible pairs."""
    for r in range(1, 7):
        low = [p for p in range(len(rank)) if rank[p] == r]
        high = [p for p in range(len(rank)) if rank[p] == 13 - r]
        match: dict[int, int] = {}
        if sum(augment(p, high, cone, match, set()) for p in low) < len(low):
            return False
    return True


def augment(p: int, high: list[int], cone: list[int], match: dict[int, int], seen: set[int]) -> bool:
    """Kuhn's augmenting path from ``p`` over the pairs that can be free together."""
    for q in high:
        if q in seen or cone[p] >> q & 1 or cone[q] >> p & 1:
            continue
        seen.add(q)
        if q not in match or augment(match[q], high, cone, match, seen):
            match[q] = p
            return True
    return False


def winnable(rank: list[int], blockers: tuple[int, ...]) -> list[tuple[int, ...]] | None:
    """A winning line (each move the positions it removes), or None: a plain search."""
    lost: set[int] = set()
    line: list[tuple[int, ...]] = []

    def search(present: int) -> bool:
        if not present:
            return True
        if present in lost:
            return False
        free = [p for p in range(len(rank)) if present >> p & 1 and not blockers[p] & present]
        for i, p in enumerate(free):
            partners = [None] if rank[p] == 13 else [q for q in free[i + 1 :] if rank[p] + rank[q] == 13]
            for q in partners:
                gone = 1 << p | (0 if q is None else 1 << q)
                if search(present & ~gone):
                    line.insert(0, (p,) if q is None else (p, q))
                    return True
        lost.add(present)
        return False

    return line if search((1 << len(rank)) - 1) else None


def main(seeds: str) -> None:
    first, last = (int(x) for x in seeds.split(".."))
    won = passed = 0
    for seed in range(first, last + 1):
        table = patience_core.new_game("pharaohs", seed=seed).table
        rank = [RANK_OF[c] for c in table.cards]
        blockers = table.layout.blockers
        ok = matchable(rank, cones(blockers))
        line = winnable(rank, blockers)
        assert ok or line is None, seed  # a won deal meets the necessary condition
        passed += ok
        if line is not None:
            won += 1
            moves = ("+".join(CARD_TEXT[table.cards[p]] for p in move) for move in line)
            print(f"deal {seed} won:", " ".join(moves))
    total = last - first + 1
    print(f"deals {first}..{last}: {won} won of {total}; {total - passed} fail the matching condition")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "1..1000")

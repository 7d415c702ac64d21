"""Short searches in other orders before the long one.

How many positions a search needs to meet a win can vary widely with the order it tries moves
in (a shuffle, a seed, weights), most in games where nearly every deal is won. A few short
searches, each in its own order, then the long one in the usual order with the positions left,
meet many wins a single search would meet late or never within its limit. Each search is whole
in itself: one that ends without a win proves none, so "no win" stays as sound as the search.
The cost: a proof of no win that needs more than the positions the short searches leave is cut
short, so a game whose deals are often lost runs none.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

TRIES: Final = 10
"""Short searches a game that opts in runs first."""
TRY_NODES: Final = 100_000
"""Positions a short search may take at most (and a twentieth of the limit at most)."""
MIN_LIMIT: Final = 50_000
"""Below this limit no short search runs: searches of fewer than 2,500 positions seldom meet a
win the usual order misses, and they would take half of the small searches that hints (5,000
positions a sample) and tests make."""


def short_limit(node_limit: int, try_nodes: int = TRY_NODES) -> int:
    """Positions each short search may take under ``node_limit``.

    >>> short_limit(2_000_000), short_limit(50_000), short_limit(10)
    (100000, 2500, 1)
    """
    return max(1, min(try_nodes, node_limit // 20))


def with_tries(
    search: Callable[[int, int], tuple[bool, int]],
    node_limit: int,
    tries: int,
    deadline: float = 0.0,
    try_nodes: int = TRY_NODES,
) -> int:
    """Run ``search(limit, order)`` for orders 1..``tries`` with the short limit (none below
    :data:`MIN_LIMIT`), until one ends (it returns ``(True, positions)``: won or proved no
    win), then with order 0 (the usual) and the positions left; the positions of them all.
    ``search`` returns ``(False, positions)`` when its limit stopped it. ``deadline``: a
    ``time.perf_counter()`` value, 0 for none; past it no further search starts."""
    short = short_limit(node_limit, try_nodes)
    nodes = 0
    for order in range(1, tries + 1 if node_limit >= MIN_LIMIT else 1):
        if nodes + short >= node_limit or (deadline and time.perf_counter() > deadline):
            break
        ended, used = search(short, order)
        nodes += used
        if ended:
            return nodes
    _, used = search(max(1, node_limit - nodes), 0)
    return nodes + used


__all__ = ["MIN_LIMIT", "TRIES", "TRY_NODES", "short_limit", "with_tries"]

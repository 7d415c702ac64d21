"""Small positions for checking the solver against the referee's exhaustive search.

A small position has most cards home already (each foundation holds a prefix of its suit, as
it must), and the few cards left scattered over a few columns (some face down), the stock,
the waste and, for Canfield, the reserve: few enough that every reachable position can be
listed by brute force.
"""

from __future__ import annotations

import random

from patience_klondike import Column, Position, Variant


def small(rng: random.Random, left: int, variant: Variant, columns: int = 4) -> Position:
    """A random position with ``left`` cards off the foundations."""
    base = rng.randint(1, 13) if variant.wrap else 1
    while True:
        heights = [rng.randint(0, 13) for _ in range(4)]
        if sum(heights) == 52 - left:
            break
    rest = [s * 13 + (base - 1 + r) % 13 for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(rest)
    piles: list[list[int]] = [[] for _ in range(columns)]
    stock: list[int] = []
    waste: list[int] = []
    reserve: list[int] = []
    for card in rest:
        roll = rng.random()
        if roll < 0.3:
            stock.append(card)
        elif roll < 0.4:
            waste.append(card)
        elif roll < 0.5 and variant.fill_from_reserve:
            reserve.append(card)
        else:
            piles[rng.randrange(columns)].append(card)
    cols = []
    for pile in piles:
        up = [pile.pop()] if pile else []
        # Some face-up runs longer than one card: cards that build on the top one.
        if up and not variant.fill_from_reserve:
            while pile and variant.builds_on(pile[-1], up[-1]) and rng.random() < 0.7:
                up.append(pile.pop())
        cols.append(Column(tuple(pile) if up else (), tuple(up)))
    if variant.fill_from_reserve and reserve:
        # Canfield never leaves a column empty while its reserve lasts.
        for i, column in enumerate(cols):
            if not column.up:
                cols[i] = Column((), (reserve.pop(),)) if reserve else column
    passes = rng.randint(0, variant.redeals) if variant.redeals else 0
    return Position(
        tuple(cols),
        stock=tuple(stock),
        waste=tuple(waste),
        foundations=(heights[0], heights[1], heights[2], heights[3]),
        reserve=tuple(reserve),
        base=base,
        passes_used=passes,
    )


def smalls(seed: int, count: int, left: int, variant: Variant, columns: int = 4) -> list[Position]:
    rng = random.Random(seed)
    return [small(rng, left, variant, columns) for _ in range(count)]

"""A fast full-information solver for Ricochet, declared with the game (``GameSpec(solver=...)``).

It is the core's build-on-waste search (:mod:`patience_core.blocks.build_on_waste.solver`, whose
three arguments it keeps) with the walls barred: a position is (P, pos, t, B), the layout cards
left, the stock cards turned, the waste top's rank and the walls barred now (those of the card
just played, none after a draw or at the deal). Its arguments:

1. More stock is never worse, with the same bar. From (P, pos, t, B) any line of
   (P, pos', t, B) with pos < pos' can be copied: its plays are the same, and before each of its
   draws we first turn the extra stock cards (a draw lifts the bar either way). So if
   (P, pos, t, B) is lost, so is (P, pos', t, B).
2. A bar only takes moves away. The moves of (P, pos, t, B') are among those of (P, pos, t, B)
   for any B inside B', with the same results (a play bars the walls of the card played, a draw none).
   So if (P, pos, t, no bar) is lost, so is (P, pos', t, B') for pos' >= pos and any B'.
3. A position whose top came from the stock, (P, pos', rank of stock[pos'-1], no bar), is
   reached from any (P, pos, t, B) with pos < pos' by drawing alone. If that one is lost, so is
   it. A top played from the layout with the rank of stock[pos'-1] is that position barred, so
   argument 2 carries it there.
4. Every layout card left needs a card to go on (the core's argument 3): the walls only take
   moves away, so a position that fails it is lost here too.

The search keeps, for each set of layout cards proved lost, the smallest stock position proved
lost with each top from the stock (no bar), with each card just played (its rank and its walls),
and with any top; :mod:`patience_tripeaks.ricochet_search` does the work, compiled with mypyc
where the install could.
"""

from __future__ import annotations

import time
from functools import cache
from typing import TYPE_CHECKING

from patience_core.blocks.build_on_waste.rules import BuildOnWaste, WasteFits
from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DRAW, Move
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.solver.builds import load
from patience_core.solver.memory import check_memory

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.layout import Layout

_search = load("patience_tripeaks.ricochet_search")


@cache
def _numbers(layout: Layout, walls_at: tuple[int, ...]) -> tuple[list[list[int]], list[int], int, list[int]]:
    """The layout's cover tables, chain weights and bound, and each position's barred cards."""
    weights, bound = layout.chain_weights()
    barred_by = [sum(1 << q for q, other in enumerate(walls_at) if other & walls) for walls in walls_at]
    return [list(t) for t in layout.cover_tables()], list(weights), bound, barred_by


_spare: dict[int, list[int]] = {}  # a zeroed id table per bound, reused from solve to solve


def solve_ricochet(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The search, declared with Ricochet (``GameSpec(solver=...)``): for the build-on-waste
    block, one pass, with the walls of each layout position in ``rules.walls_at``. It declines
    (None: the generic solver answers) rules without walls or with more passes."""
    rules = game.rules
    walls_at = getattr(rules, "walls_at", None)
    if not isinstance(rules, BuildOnWaste) or rules.passes != 1 or walls_at is None:
        return None
    if len(walls_at) != len(rules.layout):
        return None
    return solve(game, node_limit, time_limit)


def solve(game: Game, node_limit: int, time_limit: float | None) -> SolveResult:
    """Solve a game of Ricochet from its current position."""
    start = time.perf_counter()
    table = game.table
    layout = table.layout
    tables, weights, bound, barred_by = _numbers(layout, tuple(game.rules.walls_at))  # type: ignore[attr-defined]
    data: WasteFits = table.data
    fits = list(data.fits)
    fits[0] = layout.full  # an empty waste takes any free card
    dealt = game.rules.deal_order(game.deal.indices)[len(layout) :]
    stock = table.piles[0]
    pos = len(dealt) - len(stock)
    present = table.present
    waste = table.piles[1]
    top = RANK_OF[waste[-1]] if waste else 0
    last = table.where[waste[-1]] if waste else -1  # -1 too for a card from the stock
    line: list[int] = []
    if not present:
        status, nodes = _search.WON, 1
    elif node_limit <= 1:
        status, nodes = _search.STOPPED, 1
    else:
        ids = _spare.pop(bound, []) or [0] * bound  # taken out while in use, back when clean
        status, nodes = _search.search(
            present,
            pos,
            top,
            last,
            fits,
            [RANK_OF[c] for c in table.cards],
            barred_by,
            [RANK_OF[c] for c in dealt],
            tables,
            weights,
            ids,
            node_limit,
            0.0 if time_limit is None else start + time_limit,
            line,
            check_memory,
        )
        _spare[bound] = ids
    verdict = WON if status == _search.WON else NO_WIN if status == _search.NO_WIN else UNKNOWN
    moves: tuple[str, ...] = ()
    if verdict == WON:
        moves = tuple(str(DRAW if b < 0 else Move.of_cards(table.cards[b])) for b in line)
    return SolveResult(verdict, moves, nodes, time.perf_counter() - start, "ricochet")

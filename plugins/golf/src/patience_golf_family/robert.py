"""Robert and Wasatch: the whole deck goes through the stock onto one foundation, built up or
down whatever the suits, K and A neighbours; Robert turns one card at a time with two
redeals, Wasatch three at a time with no limit (docs/golf-relatives.md)."""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable, Mapping
from typing import Any, Final

from patience_core import (
    AutoPlay,
    Build,
    BuildOnPiles,
    Deal,
    GameSpec,
    Kind,
    Option,
    Pile,
    Preset,
    Reach,
    Step,
    Suits,
)
from patience_core.engine.cards import RANK_OF, parse_card_index
from patience_core.engine.game import Game
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.engine.table import Table
from patience_golf_family.pysol_talon import pysol_talon

_STOCK, _WASTE, _FOUNDATION = 0, 1, 2  # indices in PILES
PILES: Final = (
    Pile("s", Kind.STOCK, x=0, y=4),
    Pile("w", Kind.WASTE, x=3, y=4, gives=Reach.ONE),
    Pile(
        "f",
        Kind.FOUNDATION,
        x=1.5,
        y=0,
        deal=1,
        build=Build(Step.EITHER, Suits.ANY, wrap=True),
        empty="any",
        takes=Reach.ONE,
    ),
)


class Robert(BuildOnPiles):
    """Robert (Wasatch with ``draw=3, redeals="unlimited"``): the waste's top card goes on the
    foundation one rank up or down; draw, and turn the waste over as the stock."""

    piles = PILES

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.draw = int(options.get("draw", 1))
        redeals = str(options.get("redeals", "2"))
        self.redeals = None if redeals == "unlimited" else int(redeals)
        if self.redeals is None:
            # With no limit on redeals, draws and redeals alone can go round for ever: auto-play
            # must not follow them as a forced ending.
            self.autoplay = AutoPlay(finish_when_forced=False)
        super().__init__(options)

    def start(self, table: Table) -> None:
        # PySolFC deals a card to the foundation, then turns one onto the waste.
        table.turn_to_waste()

    def solver_key(self, table: Table) -> Hashable:
        # Suits never matter, and which cards are home follows from the stock and the waste:
        # the ranks of those two and the foundation's top rank are the position. With no limit
        # on redeals the passes used decide nothing.
        piles = table.piles
        passes = -1 if self.redeals is None else table.passes_used
        return (ranks(piles[_STOCK]), ranks(piles[_WASTE]), RANK_OF[piles[_FOUNDATION][-1]], passes)


def ranks(cards: tuple[int, ...]) -> bytes:
    """The ranks of ``cards``, in order, as a key."""
    return bytes([RANK_OF[c] for c in cards])


# --- the solver -------------------------------------------------------------------------------


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Depth-first search over the cards played to the foundation, with the draws and redeals
    between two plays folded into the play: a step is "play the card at talon position c",
    for every card that fits and that draws and redeals can bring to the waste's top.

    The talon is the waste (bottom first) then the stock (top first): the order in which its
    cards are drawn, which drawing, playing and turning the waste over never change. A position
    is the cards left, how many of them lie in the waste, the foundation's top rank and the
    passes used; one with fewer passes used can do all that the other can, so a cursor reached
    in this pass is not tried again after a redeal, and draws after two redeals reach nothing
    the first redeal did not. So "no win" is sound: every card that could be played next was
    tried from every position met, and a position is proved lost only when all were.
    """
    rules = game.rules
    if not isinstance(rules, Robert):
        return None
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    table = game.table
    piles = table.piles
    talon: list[int] = list(piles[_WASTE]) + list(piles[_STOCK][::-1])
    rank = [RANK_OF[c] for c in talon]
    draw = rules.draw
    redeals = rules.redeals
    unlimited = redeals is None
    left = list(range(len(talon)))  # talon positions still out, in order
    counts = [0] * 13  # cards of each rank still out
    for r in rank:
        counts[r - 1] += 1
    lost: set[int] = set()
    nodes = 0
    stopped = False
    plays: list[tuple[int, int]] = []  # (cursor before the card, passes used) for each card played

    def cursors(k: int, passes: int) -> list[tuple[int, int]]:
        # The waste sizes draws and redeals reach from k, each with the fewest passes used.
        n = len(left)
        out: list[tuple[int, int]] = []
        met: set[int] = set()
        c = k
        while True:
            if c:
                out.append((c, passes))
                met.add(c)
            if c >= n:
                break
            c = min(c + draw, n)
        if n and (unlimited or passes < (redeals or 0)):
            c = 0
            while c < n:
                c = min(c + draw, n)
                if c not in met:
                    out.append((c, passes + 1))
        return out

    def search(k: int, top: int, passes: int, mask: int) -> bool:
        nonlocal nodes, stopped
        if not left:
            return True
        key = ((mask * 64 + k) * 16 + top) * 4 + (0 if unlimited else passes)
        if key in lost:
            return False
        nodes += 1
        if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
            stopped = True
            return False
        if not walk_exists(counts, top):
            lost.add(key)
            return False
        up = top % 13 + 1
        down = (top + 11) % 13 + 1
        for c, p in cursors(k, passes):
            pos = left[c - 1]
            r = rank[pos]
            if r != up and r != down:
                continue
            del left[c - 1]
            counts[r - 1] -= 1
            plays.append((c, p))
            if search(c - 1, r, p, mask | 1 << pos):
                return True
            plays.pop()
            counts[r - 1] += 1
            left.insert(c - 1, pos)
            if stopped:
                return False
        lost.add(key)
        return False

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 1000))
    try:
        won = search(len(piles[_WASTE]), RANK_OF[piles[_FOUNDATION][-1]], table.passes_used, 0)
    finally:
        sys.setrecursionlimit(old)
    seconds = time.perf_counter() - start
    if not won:
        return SolveResult(UNKNOWN if stopped else NO_WIN, (), nodes, seconds, "robert")
    return SolveResult(
        WON, _line(plays, len(piles[_WASTE]), table.passes_used, len(talon), draw), nodes, seconds, "robert"
    )


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


def _line(plays: list[tuple[int, int]], k: int, passes: int, n: int, draw: int) -> tuple[str, ...]:
    """The moves of a won search: the draws and redeals that bring each card to the waste's
    top, then the card onto the foundation."""
    moves: list[str] = []
    for c, p in plays:
        while (k, passes) != (c, p):
            if k >= n:
                moves.append("redeal")
                k, passes = 0, passes + 1
            else:
                moves.append("draw")
                k = min(k + draw, n)
        moves.append("w-f")
        k, n = k - 1, n - 1
    return tuple(moves)


def pysol_deal(number: int) -> Deal:
    """PySolFC's Robert (and Wasatch) deal ``number``: its first card on the foundation, the
    next turned onto the waste, the rest the stock in order, which is this game's deal order."""
    return Deal(tuple(parse_card_index(card) for card in pysol_talon(number)))


DRAW = Option(
    "draw", 1, "cards turned from the stock at a time: 1 (Robert), 3 (Wasatch)", minimum=1, maximum=3
)
REDEALS = Option(
    "redeals",
    "2",
    "times the waste is turned over as the stock: 2 (Robert) or 'unlimited' (Wasatch)",
    choices=("0", "1", "2", "unlimited"),
)

SPEC = GameSpec(
    id="robert",
    name="Robert",
    description="Play the stock onto one foundation, one rank up or down, K and A neighbours; two redeals.",
    rules=Robert,
    family="Golf",
    pysol=pysol_deal,
    options=(DRAW, REDEALS),
    solver=solve_full_information,
    presets=(
        Preset(
            "wasatch",
            "Wasatch",
            "Robert turning three cards at a time, with no limit on redeals",
            {"draw": 3, "redeals": "unlimited"},
        ),
    ),
)

__all__ = ["PILES", "SPEC", "Robert", "pysol_deal", "solve_full_information"]

"""All in a Row II, PySolFC's original All in a Row: thirteen columns of four; free cards are
built up, K to A, into a reserve run, and a run of two or more goes to the foundation whole
(docs/all-in-a-row-ii.md)."""

from __future__ import annotations

import time
from typing import Final

from patience_core import BuildOnWaste, Deal, GameSpec, SolveResult
from patience_core.blocks.build_on_waste.solver import column_weights
from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.engine.deal import Deal as _Deal
from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.pysol import pysol_dealer
from patience_core.engine.rules import ALL_HOME, NO_LEGAL_MOVE
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON
from patience_core.engine.table import STOCK_PILE, Table
from patience_golf_family.all_in_a_row import LAYOUT
from patience_golf_family.scoring import CARDS

_WASTE, _FOUNDATION = 1, 2  # indices in AllInARowII.piles
FOUNDATION_PILE: Final = Pile("f", Kind.FOUNDATION, x=18, y=9, name="foundation")
RESERVE_PILE: Final = Pile("w", Kind.WASTE, name="reserve")


class AllInARowII(BuildOnWaste):
    """All in a Row II. The block's waste is PySolFC's reserve: a free card goes on it one rank
    up (K then A), any card on an empty one; ``w-fxN`` moves its whole run of ``N`` (two or
    more) to the foundation. Won when every card is on the foundation."""

    layout = LAYOUT
    piles: tuple[Pile, ...] = (STOCK_PILE, RESERVE_PILE, FOUNDATION_PILE)  # type: ignore[assignment]
    scoring = CARDS
    turn_first = False
    win = ALL_HOME
    over = ALL_HOME | NO_LEGAL_MOVE

    def neighbours(self, rank: int) -> tuple[int, ...]:
        """Up only, K then A.

        >>> AllInARowII({}).neighbours(13), AllInARowII({}).neighbours(5)
        ((1,), (6,))
        """
        return (rank % 13 + 1,)

    def legal_moves(self, table: Table) -> list[Move]:
        moves = super().legal_moves(table)
        run = len(table.piles[_WASTE])
        if run >= 2:
            moves.append(Move.between("w", "f", run))
        return moves

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move.src or move.dst:
            run = len(table.piles[_WASTE])
            if (move.src, move.dst) != ("w", "f"):
                return "the only pile move is the reserve's whole run to the foundation, w-f"
            if run < 2:
                held = f"{run} card{'s' * (run != 1)}"
                return f"the reserve holds {held}: a run of two or more goes to the foundation"
            if move.count != run:
                whole = f"w-fx{run}"
                return f"the reserve's whole run goes home: {whole}, not {move.count} of its cards"
            return None
        if move.word:
            return f"there is no {move.word!r} move here: play a free card or move the reserve, w-f"
        return super().illegal_reason(table, move)

    def apply(self, table: Table, move: Move) -> None:
        if move.src:
            table.move(_WASTE, _FOUNDATION, move.count)
        else:
            table.layout_to_waste(table.where[move.ids[0]])

    def cards_left(self, table: Table) -> int:
        return 52 - len(table.piles[_FOUNDATION])


def pysol_deal(number: int) -> Deal:
    """PySolFC's All in a Row II deal ``number``: its shuffle as dealt, with no card moved
    (unlike its All in a Row), a row of thirteen at a time from the first column's free card."""
    from pysol_cards.cards import CardRenderer  # present once pysol_dealer has answered

    dealer = pysol_dealer("all_in_a_row", number)
    dealer.deal()  # the talon, the first card dealt first; no shuffle hook in this game
    text = CardRenderer(True).to_s
    cards = [text(card) for card in dealer.cards]
    places = {f"c{c}r{r}": cards[(r - 1) * 13 + c - 1] for c in range(1, 14) for r in range(1, 5)}
    order = [places[spot.id] for spot in LAYOUT.spots]
    from patience_core.engine.cards import parse_card_index

    return _Deal(tuple(parse_card_index(t) for t in order))


# --- the solver -------------------------------------------------------------------------------


def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Depth-first search over (cards left in each column, the reserve's top rank, whether it
    holds two cards or more), with a table of positions proved lost.

    Suits never matter and a position's future depends on nothing else: the foundation takes
    whole runs of any ranks, and the reserve's cards below its top are never reached again.
    So "no win" is sound: every position reachable was searched or is in the table because
    every move from it was. A reserve of two or more cards has every move of the same
    reserve with one card and one more (moving it), so a position lost with it is lost with
    one card too. Columns holding the same ranks share a number (which column holds what
    never matters), and a free card waits for its twin (argument 4 of the page). An empty
    reserve just after a run went home is keyed with the rank it leaves out (argument 2):
    that position is proved lost only for the moves it tried.
    """
    rules = game.rules
    if not isinstance(rules, AllInARowII):
        return None
    start = time.perf_counter()
    deadline = start + time_limit if time_limit is not None else 0.0
    table = game.table
    columns = _columns()
    ranks = [[RANK_OF[table.cards[p]] for p in column] for column in columns]
    heights = [sum(table.present >> p & 1 for p in column) for column in columns]
    waste = table.piles[_WASTE]
    top = RANK_OF[waste[-1]] if waste else 0
    run = len(waste)
    left = [0] * 15  # cards left of each rank 1-13; 0 and 14 stay 0 so r - 1 and r + 1 need no wrap check
    for c, column in enumerate(ranks):
        for r in column[: heights[c]]:
            left[r] += 1
    left[0] = left[13]
    left[14] = left[1]
    lost: set[int] = set()
    nodes = 0
    line: list[tuple[int, int]] = []  # (column, 0) for a card, (-1, run) for a move to the foundation
    stopped = False

    weights = column_weights(ranks)
    stride = len(columns[0]) + 1

    def key(run: int, top: int, after: int) -> int:
        k = 0
        for c, hc in enumerate(heights):
            k += weights[c * stride + hc]
        return ((k * 14 + top) * 14 + after) * 2 + (run >= 2)

    def waits(c: int) -> bool:
        # Argument 4: a free card waits for a twin whose column holds its ranks as far as it goes.
        hx = heights[c]
        rx = ranks[c][hx - 1]
        for y in range(13):
            hy = heights[y]
            if y == c or not hy or ranks[y][hy - 1] != rx or hy < hx or (hy == hx and y > c):
                continue
            if ranks[c][: hx - 1] == ranks[y][hy - hx : hy - 1]:
                return True
        return False

    def partners_suffice(top: int, run: int) -> bool:
        # Each card goes in a run of two or more next to a card one rank below it (just
        # before it) or one above (just after): each card is that neighbour of at most one
        # card of each side, and the reserve's top can still be followed once.
        for r in range(1, 14):
            if left[r] > left[r - 1] + left[r + 1] + (run > 0 and top % 13 + 1 == r):
                return False
        return True

    def take(r: int, n: int) -> None:
        left[r] += n
        if r == 13:
            left[0] += n
        elif r == 1:
            left[14] += n

    def search(top: int, run: int, after: int) -> bool:
        nonlocal nodes, stopped
        if not any(heights):
            if run >= 2:
                line.append((-1, run))
                return True
            return False
        k = key(run, top, after)
        if k in lost or (run == 1 and k + 1 in lost):
            return False
        nodes += 1
        if nodes >= node_limit or (deadline and not nodes & 4095 and time.perf_counter() > deadline):
            stopped = True
            return False
        if not partners_suffice(top, run):
            lost.add(k)
            return False
        want = top % 13 + 1 if top else 0

        def _follow(c: int) -> int:
            # How long a run this card starts on free cards alone, one rank up each: a new
            # run starts where the most cards follow at once (the order changes only speed).
            hc = heights[c]
            if not hc:
                return -1
            r = ranks[c][hc - 1]
            n = 0
            while n < 13:
                r = r % 13 + 1
                if not any(heights[d] and ranks[d][heights[d] - 1] == r for d in range(13) if d != c):
                    break
                n += 1
            return n

        for c in sorted(range(13), key=lambda c: (-heights[c] if want else -_follow(c), -heights[c])):
            hc = heights[c]
            if not hc:
                continue
            r = ranks[c][hc - 1]
            if (want and r != want) or (not want and r == after):
                continue  # from a reserve just moved home, that card would better have gone on it
            if waits(c):
                continue
            heights[c] = hc - 1
            take(r, -1)
            line.append((c, 0))
            if search(r, run + 1, 0):
                return True
            line.pop()
            take(r, 1)
            heights[c] = hc
            if stopped:
                return False
        if run >= 2:
            line.append((-1, run))
            if search(0, 0, top % 13 + 1):
                return True
            line.pop()
            if stopped:
                return False
        lost.add(k)
        return False

    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 1000))
    won = search(top, run, 0)
    sys.setrecursionlimit(old)
    seconds = time.perf_counter() - start
    if won:
        moves = []
        h = [sum(table.present >> p & 1 for p in column) for column in columns]
        for c, n in line:
            if c < 0:
                moves.append(str(Move.between("w", "f", n)))
            else:
                h[c] -= 1
                moves.append(CARD_TEXT[table.cards[columns[c][h[c]]]])
        return SolveResult(WON, tuple(moves), nodes, seconds, "all-in-a-row-ii")
    return SolveResult(UNKNOWN if stopped else NO_WIN, (), nodes, seconds, "all-in-a-row-ii")


def _columns() -> tuple[tuple[int, ...], ...]:
    """The layout positions of each column, from the card dealt first (the last free) to the free card."""
    index = {spot.id: i for i, spot in enumerate(LAYOUT.spots)}
    return tuple(tuple(index[f"c{c}r{r}"] for r in range(1, 5)) for c in range(1, 14))


SPEC = GameSpec(
    id="all-in-a-row-ii",
    name="All in a Row II",
    description="Build thirteen columns of four up into a reserve, K to A; runs of two or more go home.",
    rules=AllInARowII,
    family="Golf",
    pysol=pysol_deal,
    solver=solve_full_information,
)

__all__ = ["SPEC", "AllInARowII", "pysol_deal", "solve_full_information"]

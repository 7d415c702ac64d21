"""The Klondike family's full-information solver: the Python side of :mod:`patience_klondike.search`.

:func:`solve_full_information` takes a :class:`~patience_klondike.position.Position` and a
:class:`~patience_klondike.variant.Variant`, sees every card (face-down ones and the stock's
order included), and answers ``won`` with a line of moves that replays to a win, ``no win``
when every reachable position was searched, or ``unknown`` when a limit stopped it.

The search is depth-first on a stack of its own, with a transposition table, over positions
reduced by these arguments. Each keeps ``no win`` sound: a position the search does not enter,
or a move it does not try, never loses a win.

1. *Drawing is folded into the move that uses it.* A talon card is played straight from
   wherever it lies, as one move: the draws (and redeals) that bring it to the waste's top
   come first in the line. Draws change nothing but the waste's size and commute with every
   other move, so a line that draws without playing the card reached can draw later instead.
   With a redeal limit, a card in reach in this pass is never fetched through a redeal.
2. *Equal futures are one position.* The transposition key leaves out what cannot matter:
   the names of columns with no face-down card (a run on a column's bottom is known by its
   bottom card, which can only be a king, any card where any card fills a space, or the
   column's own dealt bottom card), and the waste's size when drawing and redealing alone
   lead back to it (no limit on redeals, and the waste at 0, at a multiple of the draw, or at
   the whole talon). With a redeal limit, a position entered with fewer redeals used is not
   searched again with more: every line of the later one plays from the earlier one.
   The keys searched are kept exactly (a set, then a table holding each key's quotient by its
   home slot, from which the key comes back whole), so no position is skipped because its
   hash met another's.
3. *Settled foundation cards never come back down.* A foundation card is settled when every
   card that could be placed on it is settled too (aces always are; the cards below it on its
   foundation must be settled as well). A settled card lies on its foundation for good in some
   winning line whenever there is one: from any winning line, put every settled card that the
   line brings down back up and leave it there. Only settled cards could ever have been placed
   on it, so those go back up with it, and what is left of each column is a run that was
   there all along; every other move of the line stays legal, and the line still ends won. So
   the search never moves a settled card down.
4. *Safe moves are made at once.* A card that is next on its foundation, whose foundation's
   top is settled and on which only settled cards could be placed, goes up at once, as part
   of the move that made it so (from a column's top, and from the talon when one card is drawn
   at a time with no limit on redeals, where every talon card is in reach). By 3 nothing is
   ever placed on it in some winning line, so that line, with the card's own moves left out,
   plays from the position with the card already up.
5. *A twin move only pays when the card it leaves goes up.* Moving part of a run onto a card
   that takes the same cards as the card it leaves (the twin: the same rank and colour, when
   building in alternate colours) swaps what lies on the two. The positions before and after
   reach each other in one move, and a line from either can be played from the other with
   the two twins' piles swapped, until one twin goes to its foundation: only then is the swap
   needed. So a twin move is tried only with the card it leaves going to its foundation at
   once. (Moves of part of a run into an empty column, or onto a card that is not a twin,
   are always tried.)
6. *A run moved whole from a column with no face-down card into an empty column* changes
   nothing (argument 2), and is not tried.
7. *A dead position is not searched.* A relaxation that ignores when things happen and how
   many cards a card can hold works out which cards could ever be freed, be placed, leave
   their place and go home; when some card never can, no line of the real game wins either.
8. *A talon card with nothing to take waits.* With one card a draw and no limit on redeals,
   every talon card stays in reach, so a talon card goes to a column only when a card that
   could be placed on it is face up in another column, in the talon, on an unsettled
   foundation's top or on the reserve's top; otherwise the line can play it later instead.
9. *A column is emptied only for a king.* Where only kings fill a space, a column's last
   face-up run (nothing face down under it) moves off it only when a king could go in at
   once: the bottom of a run on face-down cards, in the talon, on an unsettled foundation's
   top or on the reserve's top.
10. *A smaller waste reaches a larger one by drawing.* With more than one card a draw and no
    limit on redeals, a waste of size p off the cycle (argument 2) reaches by drawing alone
    the waste sizes p + draw, p + 2 draws, ... and, by drawing out and redealing, the cycle;
    the talon cards in reach from those are in reach from p, and nothing else differs. So
    every move from those positions is a move from p's: once p's position is entered, the
    same position with the waste on the cycle counts as searched, and so does one whose
    waste lies a whole number of draws above a waste off the cycle already entered.
11. *Drawing one card at a time can do all that drawing several can.* A draw of n cards leaves
    the stock and the waste as n draws of one do (the n-th card on the waste's top, the others
    under it in the order they lay), the waste's top is played the same way, and a redeal
    turns the same waste over, so every line of the game with n cards a draw, each draw
    written as up to n draws of one, is a line of the same game with one card a draw, from
    the same position, with the same redeals. When the search with n cards a draw reaches its
    limit, the search with one card a draw runs from the same position (the same limit
    again): if it finds no win, there is none with n either. A win it finds says nothing.
    Drawing one, a lost deal's proof is often far shorter (deal 882: 166,528 positions
    against 6,442,045), so in Klondike's own rules with no limit on redeals, under a limit past
    twice :data:`RELAX_AFTER` positions, the search with one card a draw runs as soon as the
    search with n has taken that many; if it wins, the search with n runs again from the start
    under the whole limit. Only the order of the searches changes: each verdict is one that
    searches already give.
12. *A foundation card comes down only to take a card.* A card brought down from its
    foundation only covers the card it lands on and holds back the next card of its suit, so
    in a shortest winning line something is placed on it before it moves again (were it sent
    back up or moved on first, the line would be shorter without it). The moves between its
    coming down and that placement stay legal with the card still up: none of them touches
    it, the card it covers, or its foundation (a run moved from under it moves without it),
    so the line may bring it down just before the placement instead. The search brings a card
    down only where a card that could go on it lies face up in another column, in the talon
    where drawing reaches it, on an unsettled foundation's top or on the reserve's top, as in
    argument 8.
13. *A column's top card leaves the face-up card under it for home only when that pays.*
    Where any face-up run moves, sending a top card home from a face-up card under it is
    needed only by a later move that needs it gone: the next card of its suit going home, the
    card under it going home, or a card placed on that card. Every move before that one stays
    legal with the top card still in place (a run moved from under it moves with it on top, as
    it builds on the card under it), and the line stays as long, so a shortest winning line may
    send the card home just before that move. The search sends it home only where such a move
    may follow: the next card of its suit is face up (anywhere: the tops lying on it may wait
    for this card, so asking for a top could leave each card waiting for another), in the talon
    where drawing reaches it or on the reserve's top; or the card under it is next on its
    foundation; or a card could be placed on that card, as in argument 12. A top card on a
    face-down card, or alone in its column, goes home whenever it can: the card it turns up, or
    the space it leaves, may be what the next moves need.

The order in which the moves of a position are tried decides none of this: a search with each
group of moves shuffled (``shuffle`` of the search) still tries every move, and each argument
above holds whatever the order, so its "no win" is as sound. So short searches go first
(:func:`default_tries`), each whole in itself: the first in the usual order, which meets most
wins soonest, the others in shuffled orders. Where nearly every deal is won (Thumb and Pouch)
they are long; in Klondike, where a sixth of the deals are lost, short (2,000 positions), which
is enough to meet many wins the usual order meets late.

Every won line is replayed by the tests with an independent referee; the verdicts are checked
against an exhaustive plain search on positions small enough for it.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Final

from patience_core.engine.cards import CARD_TEXT
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.solver.builds import load
from patience_core.solver.memory import MemoryLimitReached
from patience_core.solver.memory import check_memory as core_check_memory
from patience_core.solver.tries import MIN_LIMIT, TRIES, TRY_NODES, with_tries
from patience_klondike.position import Position
from patience_klondike.variant import KLONDIKE, Variant

_search = load("patience_klondike.search")

SOLVER_NAME: Final = "klondike"
DEFAULT_NODE_LIMIT: Final = 20_000_000
"""Positions searched before the answer is ``unknown``. Tied to memory: a search this long ends
in the position table's 2 ** 25 slots (doubled at 15.1 million keys; some 954 MiB for the
process at its peak, docs/solver.md), and one much longer would double it again, past 1 GiB."""
_RUNS: Final = {"any": 0, "whole-or-one": 1, "one": 2}
RELAXED: Final = (
    "proved drawing one card at a time: every line that draws more is a line that draws one,"
    " and drawing one wins nothing from here"
)
"""The ``reason`` of a "no win" that the search with one card a draw proved (argument 11)."""


def _red(suit: int) -> bool:
    return suit in (1, 2)


def tables(variant: Variant, base: int) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """The search's tables for ``variant`` with foundations built from ``base``: per card its
    suit, its rank counted from the base, the cards it may be placed on (3 slots, -1 for none)
    and whether it may go in an empty column; per suit the suits whose next lower cards may be
    placed on its cards."""
    suit = [c // 13 for c in range(52)]
    rel = [(c % 13 + 1 - base) % 13 for c in range(52)]
    par = [-1] * 156
    for c in range(52):
        q = 0
        for p in range(52):
            if variant.builds_on(c, p, base):
                par[c * 3 + q] = p
                q += 1
    kidsuits = [0] * 4
    six, seven = (base + 4) % 13, (base + 5) % 13  # ranks six and seven above the base, less one
    for s in range(4):
        for t in range(4):
            if variant.builds_on(t * 13 + six, s * 13 + seven, base):
                kidsuits[s] |= 1 << t
    empty_ok = [int(variant.fills_empty(c)) for c in range(52)]
    return suit, rel, par, kidsuits, empty_ok


def check(position: Position, variant: Variant) -> None:
    """Raise ValueError unless the search can take ``position`` under ``variant``: each column's
    face-up cards a run that builds under its rules, passes within the limit."""
    for i, column in enumerate(position.columns):
        for below, card in zip(column.up, column.up[1:], strict=False):
            if not variant.builds_on(card, below, position.base):
                raise ValueError(
                    f"column t{i + 1}: {CARD_TEXT[card]} does not build on {CARD_TEXT[below]}"
                    " under these rules, so its face-up cards are not one run"
                )
    if variant.redeals is not None and position.passes_used > variant.redeals:
        raise ValueError(f"{position.passes_used} redeals used, more than the {variant.redeals} allowed")
    if len(position.columns) > 15:
        raise ValueError("the search takes at most 15 columns")


def _past(deadline: float) -> bool:
    """Whether the time limit's deadline (0 for none) has passed."""
    return bool(deadline) and time.perf_counter() > deadline


KLONDIKE_TRY_NODES: Final = 2_000
"""Positions each of Klondike's short searches may take. A fifth of its draw-3 deals and a tenth
of its draw-1 deals need more; each of those pays at most ten times this (docs/solver.md)."""
RELAX_AFTER: Final = 100_000
"""Positions of the search with several cards a draw after which, under a larger limit, the
search with one card a draw runs first (argument 11): on Klondike's deals 1..2000 with three
cards a draw, some 35% less CPU in all and the slowest percent of deals much sooner
(docs/solver.md)."""


def default_tries(variant: Variant) -> int:
    """Short searches, each with every group of moves in its own order, before the long one
    (:mod:`patience_core.solver.tries`): ten when cards build on any other suit (Thumb and
    Pouch, where nearly every deal is won and a win can lie late in the usual order) and in
    Klondike's own rules (alternate colours, no reserve; short ones, see
    :func:`default_try_nodes`), none otherwise (Canfield's)."""
    if variant.build == "other-suit" or _klondike_rules(variant):
        return TRIES
    return 0


def default_try_nodes(variant: Variant) -> int:
    """Positions each short search may take at most: :data:`KLONDIKE_TRY_NODES` in Klondike's
    own rules, where a sixth of the deals are lost and their proofs pay for every short search,
    the core's :data:`~patience_core.solver.tries.TRY_NODES` otherwise."""
    return KLONDIKE_TRY_NODES if _klondike_rules(variant) else TRY_NODES


def _klondike_rules(variant: Variant) -> bool:
    return variant.build == "alternate" and not variant.fill_from_reserve


def _relax_early(variant: Variant) -> bool:
    """Whether the draw-1 search runs after :data:`RELAX_AFTER` positions, not at the limit:
    in Klondike's own rules with no limit on redeals, where it was measured. (In Canfield the
    draw-1 search seldom decides, and running it whole first would delay the draw-3 proofs.)"""
    return _klondike_rules(variant) and variant.redeals is None


def solve_full_information(
    position: Position,
    variant: Variant = KLONDIKE,
    node_limit: int = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    check_memory: Callable[[int], None] = core_check_memory,
    tries: int | None = None,
    relax: bool = True,
) -> SolveResult:
    """Solve ``position`` under ``variant``, seeing every card.

    The line is move text (``draw``, ``redeal``, ``w-t3``, ``t1-f2``, ``t5-t2x3``, ``f3-t4``,
    ``r-t1``), each one legal move of the real game from the position before it. ``nodes``
    counts positions searched. ``check_memory(nodes)`` is called every 16,384 positions and
    may stop the search by raising :class:`~patience_core.solver.memory.MemoryLimitReached`,
    which gives ``unknown`` with the reason. ``tries``: short searches in other orders first
    (:func:`default_tries` when None; 0 for the usual order alone). ``relax``: with more than one
    card a draw, a search that reaches its limit is followed by the same position's search with
    one card a draw and the same limit (argument 11), whose "no win" holds for the game itself;
    so such a position may search up to twice ``node_limit`` positions (not below
    :data:`~patience_core.solver.tries.MIN_LIMIT`, where hints' small searches would only pay
    twice); in Klondike's own rules with no limit on redeals, under a limit past twice
    :data:`RELAX_AFTER`, the search with one card a draw runs once the first has taken that
    many, and the first runs again whole after a draw-1 win, so up to twice ``node_limit`` and
    :data:`RELAX_AFTER` more.
    """
    check(position, variant)
    start = time.perf_counter()
    deadline = 0.0 if time_limit is None else start + time_limit
    suit, rel, par, kidsuits, empty_ok = tables(variant, position.base)
    line: list[int] = []
    status = _search.STOPPED
    draw = variant.draw
    spent = 0  # positions of the draw-N search, once the draw-1 search runs (argument 11)

    def search(limit: int, order: int) -> tuple[bool, int]:
        """Order 0, the long search, and order 1, the first short one: the usual order."""
        nonlocal status
        line.clear()
        status, nodes = _search.search(
            len(position.columns),
            draw,
            -1 if variant.redeals is None else variant.redeals,
            variant.foundation_back,
            variant.wrap,
            variant.fill_from_reserve,
            _RUNS[variant.runs],
            suit,
            rel,
            par,
            kidsuits,
            empty_ok,
            [list(c.down) for c in position.columns],
            [list(c.up) for c in position.columns],
            list(position.foundations),
            [*position.waste, *position.stock],
            len(position.waste),
            position.passes_used,
            list(position.reserve),
            limit,
            deadline,
            line,
            check_memory,
            -1,
            max(order - 1, 0),
        )
        return status != _search.STOPPED, nodes

    collecting = gc.isenabled()
    gc.disable()  # the search makes no cycles; the collector would only walk its tables
    n_tries = default_tries(variant) if tries is None else tries
    try_nodes = default_try_nodes(variant)
    relaxable = draw > 1 and relax and node_limit >= MIN_LIMIT
    # Argument 11 early: the draw-N search gives way after RELAX_AFTER positions, not at the
    # limit, and runs again whole unless the draw-1 search proves no win.
    early = relaxable and _relax_early(variant) and node_limit > 2 * RELAX_AFTER
    try:
        nodes = with_tries(search, RELAX_AFTER if early else node_limit, n_tries, deadline, try_nodes)
        if status == _search.STOPPED and relaxable and not _past(deadline):
            # Argument 11: a draw-1 game without a win proves the draw-N game has none. Run
            # early, it takes the short searches too (as measured); at the limit, none.
            draw = 1
            spent = nodes
            if early:
                nodes += with_tries(search, node_limit, n_tries, deadline, try_nodes)
            else:
                nodes += search(node_limit, 0)[1]
            if status != _search.NO_WIN:
                status = _search.STOPPED  # a draw-1 win says nothing of draw N
                if early and not _past(deadline):
                    draw = variant.draw
                    spent = nodes
                    nodes += search(node_limit, 0)[1]
    except MemoryLimitReached as error:
        seconds = time.perf_counter() - start
        return SolveResult(UNKNOWN, (), spent + error.nodes, seconds, SOLVER_NAME, f"out of memory: {error}")
    finally:
        if collecting:
            gc.enable()
    seconds = time.perf_counter() - start
    if status == _search.WON:
        return SolveResult(WON, tuple(replay(position, variant, line)), nodes, seconds, SOLVER_NAME)
    if status == _search.NO_WIN:
        return SolveResult(NO_WIN, (), nodes, seconds, SOLVER_NAME, RELAXED if draw != variant.draw else "")
    return SolveResult(UNKNOWN, (), nodes, seconds, SOLVER_NAME)


def replay(position: Position, variant: Variant, moves: Sequence[int]) -> list[str]:
    """The search's moves as move text, draws and redeals written out, by playing them on a
    copy of the position."""
    s = _search
    downs = [list(c.down) for c in position.columns]
    ups = [list(c.up) for c in position.columns]
    stock = list(position.stock)
    waste = list(position.waste)
    reserve = list(position.reserve)
    found = list(position.foundations)
    out: list[str] = []

    def expose(i: int) -> None:
        if not ups[i]:
            if downs[i]:
                ups[i].append(downs[i].pop())
            elif variant.fill_from_reserve and reserve:
                ups[i].append(reserve.pop())

    def to_waste_top(j: int) -> int:
        n = len(waste) + len(stock)
        p = len(waste)
        d = variant.draw
        if not (j >= p and ((j - p) % d == 0 or j == n)):
            while stock:
                waste.extend(stock[:d])
                del stock[:d]
                out.append("draw")
            stock.extend(waste)
            waste.clear()
            out.append("redeal")
        while len(waste) < j:
            waste.extend(stock[:d])
            del stock[:d]
            out.append("draw")
        return waste.pop()

    for m in moves:
        kind, a, b, k = s.move_kind(m), s.move_a(m), s.move_b(m), s.move_k(m)
        if kind == s.T2F:
            card = ups[a].pop()
            found[card // 13] += 1
            out.append(f"t{a + 1}-f{card // 13 + 1}")
            expose(a)
        elif kind in (s.T2T, s.T2E, s.TWIN):
            run = ups[a][k:]
            del ups[a][k:]
            ups[b].extend(run)
            out.append(f"t{a + 1}-t{b + 1}" + (f"x{len(run)}" if len(run) > 1 else ""))
            if kind == s.TWIN:
                card = ups[a].pop()
                found[card // 13] += 1
                out.append(f"t{a + 1}-f{card // 13 + 1}")
            expose(a)
        elif kind in (s.W2F, s.W2T):
            card = to_waste_top(a)
            if kind == s.W2F:
                found[card // 13] += 1
                out.append(f"w-f{card // 13 + 1}")
            else:
                ups[b].append(card)
                out.append(f"w-t{b + 1}")
        elif kind == s.F2T:
            found[a] -= 1
            ups[b].append(a * 13 + (position.base - 1 + found[a]) % 13)
            out.append(f"f{a + 1}-t{b + 1}")
        else:
            card = reserve.pop()
            if kind == s.R2F:
                found[card // 13] += 1
                out.append(f"r-f{card // 13 + 1}")
            else:
                ups[b].append(card)
                out.append(f"r-t{b + 1}")
    return out


__all__ = [
    "DEFAULT_NODE_LIMIT",
    "RELAXED",
    "SOLVER_NAME",
    "check",
    "replay",
    "solve_full_information",
    "tables",
]

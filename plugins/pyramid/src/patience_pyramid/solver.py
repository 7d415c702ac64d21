"""A fast full-information solver for Pyramid, declared with the game (``GameSpec(solver=...)``).

Suits never matter in Pyramid, so the search works on ranks alone. A position is:

- ``present``: the pyramid cards left, a bitmask over the 28 positions;
- ``waste``: the ranks on the waste, 4 bits each, the top in the lowest 4 bits; when ``drawn``
  is 1 the lowest rank is the drawn card and the waste proper starts above it;
- ``stock``: the ranks still to be drawn, 4 bits each, the next one lowest;
- ``pass_no``.

Two positions that differ only in which of two same-rank cards went are one position here;
the transposition table is keyed on these integers. The winning line is found as choices of
places (a pyramid position, the drawn card, the waste top) and turned into cards by replaying
it on the real game.

Sound pruning, each argued here and tested against the generic solver:

1. A king that is available is removed at once, and the search tries nothing else. Kings
   pair with nothing, so a king only ever blocks (the cards under it in the pyramid, or the
   waste card under it). Any winning line from the position with the king still there, less
   the king's removal, stays legal without it (every card it uses is at least as available)
   and ends the same way.
2. Partners must suffice, rank pair by rank pair (A+Q, 2+J, 3+10, 4+9, 5+8, 6+7). Every
   pyramid card still there must go with a partner of the other rank of its pair: another
   pyramid card, or a stock card not yet removed. Two pyramid cards on one line of cover (one
   lies, directly or not, on the other) can never pair: one must go before the other is free
   (P7), unless the house rule lets a card pair with the card only it covers. So if L_r and
   L_s pyramid cards of ranks r and s = 13 - r are left, and S_r and S_s cards in stock and
   waste, some k pyramid-pyramid pairs with k <= the largest matching of compatible pairs
   must leave L_r - k <= S_s and L_s - k <= S_r. If no such k exists, the position is lost.
   Under the strict win every card must go, so the counts of r and s must also be equal.
   Removals only take partners away, so this is checked at the root for every rank pair and
   after each removal for the rank pair removed.
3. A pair is removed at once, alone, when one of its cards must go (a pyramid card; any card
   under the strict win) and the other is the only partner it has left. Every win removes the
   two together, and removing them earlier only makes cards available sooner.
4. In the last pass, a waste card with no partner left anywhere it could meet one (no pyramid
   card of the other rank, no card of it still to be drawn or lying above it on the waste)
   stays on the waste for good, so the cards under it never show again. Under the relaxed win
   they are dropped from the position (nothing needs them), which merges positions that
   differ only in such dead cards; under the strict win the position is lost.
5. In the last pass (relaxed win), the waste cards that will ever go are a top segment of the
   waste as it is now: cards drawn later go on top, never in between, and a card goes only
   once every card above it has. Each of them must pair with a pyramid card or with a card
   drawn later (or the card showing as drawn): a waste card can meet no other. Count, rank
   pair by rank pair, the pyramid cards L_r, L_s and the cards still to be drawn F_r, F_s; for
   some depth of the segment, with W_r, W_s cards of the pair in it, the pyramid cards must
   pair among themselves (k pairs, k <= min(L_r, L_s)) and with popped or later cards, and the
   popped cards with pyramid or later cards, each card used once. If no depth works for every
   rank pair at once, the position is lost.
6. A position entered in an earlier pass dominates the same position in a later one: every
   line from the later one can be played from the earlier (a redeal allowed then is allowed
   before). The transposition table keys positions without their pass and keeps the earliest
   pass each was entered in; a later pass of a position entered is not searched again. With
   passes without limit (King Tut) the pass is replaced by whether this pass has removed a
   card yet (0) or not (1), which is all that decides whether it may end in a redeal; the same
   position with 0 can do everything it can with 1, and redeal too.

Several cards a draw (King Tut's three), with a redeal still to come: a stock card removed now
rather than in a later pass moves every card after it to another group of draws in the next
pass, so other cards come into reach, and taking it at once can lose a win (King Tut's deals 14
and 90). Prunings 1 and 3 then keep to the pyramid's cards; a king or a forced pair on the waste
is one choice among the others. In the last pass nothing is drawn again after a redeal, and
they hold as argued. (Moving a removal to an earlier pass can leave a later pass removing
nothing, whose redeal the rules refuse; such a pass begins with a redeal and ends on the
position it began with, so the line without it wins too.)

Relatives that pair by another rule (Cheops: equal or adjacent ranks, no card alone) are searched
the same way, the rule given as a table of the ranks each rank pairs with. Prunings 1, 3, 4 and 6
read the partners from the table (pruning 1 only for a rank that goes alone and pairs with
nothing; a rule with a lone rank that also pairs is declined). Prunings 2 and 5 count on each
rank pairing with one other rank and are kept for Pyramid's pairs; under another rule pruning 2
is the weaker check that holds for any rule: every pyramid card keeps a partner (a compatible
pyramid card, or a stock or waste card of a rank it pairs with), under the strict win so does
every stock and waste card, and every group of ranks joined by the rule (ranks of which no card
is left break a group) holds an even number of cards, since each pair takes two cards of one
group. It is checked at the root and after each removal for the ranks the pair touched (the
groups when a rank runs out). Pruning 5 is left out; in its place, for Cheops's pairs:

7. In the last pass under the strict win, with pairs of equal or adjacent ranks, every card
   left must go in pairs, and no two waste cards ever pair: only the waste top is in reach,
   and a card on the waste stays under every card above it until they have gone. So the cards
   left must split into pairs of ranks at most one apart with at most one waste card in each
   pair (pyramid cards, the drawn card and the stock may pair with anything that fits). The
   relaxation forgets which pyramid cards cover which and when each card comes, so it only
   ever allows more than the game does; if even it finds no such split, the position is
   lost. Pairs join a rank only to itself and its neighbours, so whether the split exists is
   decided rank by rank from the ace up (``search._adjacent_fit``): what one rank hands the
   next is how many of its waste cards still need a card of the next rank, how many of its
   other cards are kept for the next rank's waste cards, and whether one other card is left
   over (two left over would pair with each other). It is checked on every position the
   search would enter, in one pass (Cheops's) from the counts of the cards of each rank: the
   stock's go by its length, as it only loses cards from its front.

The search is :mod:`patience_pyramid.search` (compiled with mypyc where the install could).
"""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING

from patience_core.engine.cards import RANK_OF
from patience_core.engine.moves import DRAW, REDEAL, Move
from patience_core.engine.table import HAND_PILE, STOCK_PILE, WASTE_PILE
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult, check_memory
from patience_core.solver.builds import load
from patience_core.solver.tries import TRIES, with_tries
from patience_pyramid.pairing import PairOff
from patience_pyramid.rules import Pyramid

if TYPE_CHECKING:
    from patience_core.engine.game import Game

_search = load("patience_pyramid.search")
MAX_LAYOUT = 56
"""The most pyramid positions the search takes in a game of several decks (Two Pyramids' 56);
of one deck, 28."""
_MODES = {"drawn": _search.DRAWN_AND_TOP, "top": _search.TOP_ONLY, "oldest": _search.TOP_AND_OLDEST}


def solve_known_options(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The search, for the Pyramid-family games and options it was written for (declared with
    each game: ``GameSpec(solver=...)``): any passes (unlimited too, King Tut's), win, house
    rule and scoring, any number of cards a draw. It declines (None: the generic solver
    answers) for draws of several cards with Yield's card kept apart. Face-down rows change no
    move when the house rule is off, so it
    solves those too, and PySolFC's deal (the first draw made at the deal and with each
    redeal), which only saves a draw. Aisleriot's wastes (``reach`` ``top``, Thirteen, and
    ``oldest``, Yield) are modes of the search. It reads the layout from the game and packs a
    position's cards into a bit each, so it also solves Triangle, the same 28 cards upside down,
    and the two-deck games' 45 and 56 (ranks are all it sees, so copies are alike); Giza's 52
    and Pharaohs' 52, with no stock, are left to the generic solver, as they always were."""
    rules = game.rules
    if not isinstance(rules, Pyramid) or len(rules.layout) > (28 if len(rules.deck) == 52 else MAX_LAYOUT):
        return None
    if (rules.draw != 1 and rules.reach == "oldest") or (rules.face_down and rules.pair_with_covered):
        return None
    return solve(game, node_limit, time_limit)


def solve_one_pass_pairs(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The search, for a relative of Pyramid (:class:`~patience_pyramid.pairing.PairOff`) played
    with Pyramid's stock, one pass: its drawn card kept apart and the waste top in reach, every
    card to remove (Cheops), its pairs of ranks as the game's rule says (``PairRule.fits``).
    Declared with each game it fits (``GameSpec(solver=...)``); it declines (None) a layout of
    more than 28 cards or a rule whose lone rank also pairs (pruning 1 needs it to pair with
    nothing)."""
    rules = game.rules
    if not isinstance(rules, PairOff) or rules.piles != (STOCK_PILE, WASTE_PILE, HAND_PILE):
        return None
    rule = rules.rule
    if len(rules.layout) > 28 or any(rule.alone >> r & 1 and rule.fits[r] for r in range(14)):
        return None
    # Cheops: the positions needed to meet a win vary widely with the order of the pairs
    # tried (docs/solver.md).
    return solve(game, node_limit, time_limit, list(rule.fits), rule.alone, TRIES)


def solve(
    game: Game,
    node_limit: int,
    time_limit: float | None,
    fits: list[int] | None = None,
    alone: int = 1 << 13,
    tries: int = 0,
) -> SolveResult:
    """Solve a Pyramid game from its current position, seeing every card; ``fits`` and
    ``alone``: the pair rule of a relative (:class:`~patience_pyramid.pairing.PairRule`), one
    pass and every card to remove, or None for a :class:`Pyramid` game's own rules. ``tries``:
    short searches, each trying the pairs in another order, before the long one (each whole in
    itself: one that ends without a win proves none)."""
    start = time.perf_counter()
    rules, table = game.rules, game.table
    layout = table.layout
    # The current position in ranks: see the module docstring. Yield's oldest card, kept apart,
    # lies at the bottom of the waste.
    pyramid = isinstance(rules, Pyramid)
    mode = _MODES[rules.reach] if isinstance(rules, Pyramid) else _search.DRAWN_AND_TOP
    drawn = table.drawn >= 0 and mode == _search.DRAWN_AND_TOP
    if mode == _search.TOP_AND_OLDEST:
        waste_cards = ([table.drawn] if table.drawn >= 0 else []) + list(table.waste)
    else:
        waste_cards = list(table.waste) + ([table.drawn] if table.drawn >= 0 else [])
    ahead = table.stock[::-1]  # the stock, the next card to draw first
    count = 0
    for c in waste_cards + list(ahead):
        count += 1 << 4 * RANK_OF[c]
    # The search allocates many small tuples and no cycles: the collector would only scan.
    collecting = gc.isenabled()
    gc.disable()
    deadline = 0.0 if time_limit is None else start + time_limit
    cards = [RANK_OF[c] for c in table.cards]
    blockers = list(layout.blockers)
    below = [layout.below_all(p) for p in range(len(layout))]
    cover = [list(t) for t in layout.cover_tables()]
    passes = (_search.UNLIMITED if rules.passes is None else rules.passes) if pyramid else 1
    # Without a pass limit the search's pass says only whether this one has removed a card yet
    # (0) or not (1): a pass that removes nothing ends in no redeal.
    pass_no = (0 if table.counters[0] else 1) if passes == _search.UNLIMITED else table.passes_used
    draw = rules.draw if isinstance(rules, Pyramid) else 1
    strict = rules.options["win"] == "all" if pyramid else True
    house = bool(rules.options["pair_with_covered"]) if pyramid else False
    waste = _nibbles([RANK_OF[c] for c in reversed(waste_cards)])
    stock = _nibbles([RANK_OF[c] for c in ahead])
    status = _search.STOPPED
    line: list[tuple[int, ...]] = []

    def search(limit: int, order: int) -> tuple[bool, int]:
        nonlocal status, line
        status, used, line = _search.search_deal(
            cards,
            blockers,
            below,
            cover,
            passes,
            strict,
            house,
            table.present,
            waste,
            int(drawn),
            stock,
            pass_no,
            count,
            limit,
            deadline,
            check_memory,
            mode,
            fits,
            alone,
            order,
            draw,
        )
        return status != _search.STOPPED, used

    try:
        nodes = with_tries(search, node_limit, tries, deadline)
    finally:
        if collecting:
            gc.enable()
    verdict = WON if status == _search.WON else NO_WIN if status == _search.NO_WIN else UNKNOWN
    moves = _replay(game, line) if verdict == WON else ()
    return SolveResult(verdict, moves, nodes, time.perf_counter() - start, "pyramid")


def _nibbles(ranks: list[int]) -> int:
    """Ranks packed 4 bits each, the first lowest."""
    out = 0
    for rank in reversed(ranks):
        out = out << 4 | rank
    return out


def _replay(game: Game, choices: list[tuple[int, ...]]) -> tuple[str, ...]:
    """Turn the search's choices of places into moves, by playing them on a copy of the game."""
    copy = game.copy()
    t = copy.table
    out = []
    # PySolFC's deal (turn_first) shows the first card of a pass with the redeal itself, one card
    # a draw: the search draws it as a move of its own, which the game has made already. Until
    # that draw only pyramid cards can go, so the line loses nothing by skipping it.
    rules = game.rules
    drawn_by_redeal = (
        isinstance(rules, Pyramid) and rules.turn_first and rules.reach == "drawn" and rules.draw == 1
    )
    skip_draw = False
    for choice in choices:
        if choice[0] == 1 and skip_draw:
            skip_draw = False
            continue
        if choice[0] == 2:
            skip_draw = drawn_by_redeal
        if choice[0] == 1:
            move = DRAW
        elif choice[0] == 2:
            move = REDEAL
        else:
            cards = []
            for part in choice[1:]:
                if part in (_search._DRAWN, _search._OLDEST):
                    cards.append(t.drawn)
                elif part == _search._TOP:
                    cards.append(t.waste[-1] if t.waste else t.drawn)
                elif part == _search._UNDER:
                    cards.append(t.waste[-2] if len(t.waste) > 1 else t.drawn)
                else:
                    cards.append(t.cards[part])
            move = Move.of_cards(*cards)
        copy.play(move)
        out.append(str(move))
    return tuple(out)

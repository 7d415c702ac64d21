"""Every draw-3 line is a draw-1 line (docs/solver.md, Klondike's deal 225): a draw of three
leaves the waste as three draws of one do, and every other move, redeals included, is the same
move. So a position whose draw-1 game has no win has no draw-3 win either."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import patience_core
import patience_klondike.solver as solver
from patience_klondike import KLONDIKE_3, klondike_deal, solve_full_information


@given(
    seed=st.integers(0, 10_000),
    choices=st.integers(0, 2**32 - 1),
    redeals=st.sampled_from(["unlimited", "2"]),
)
def test_a_draw_3_line_played_with_draws_of_one_reaches_the_same_positions(seed, choices, redeals):
    three = patience_core.new_game("klondike", seed=seed, draw=3, redeals=redeals)
    one = patience_core.new_game("klondike", seed=seed, draw=1, redeals=redeals)
    assert three.table.piles == one.table.piles  # the two deal the same cards
    stock = three.rules._stock
    rng = random.Random(choices)
    for _ in range(60):
        legal = three.legal_moves()
        if not legal:
            break
        move = str(rng.choice(legal))
        if move == "draw":
            for _ in range(min(3, len(three.table.piles[stock]))):
                one.play("draw")
        else:
            one.play(move)  # raises if the draw-1 game refuses it
        three.play(move)
        assert one.table.piles == three.table.piles
        assert one.table.down == three.table.down


def test_the_solver_proves_a_draw_3_deal_lost_by_its_draw_1_game(monkeypatch):
    """Argument 11 of the solver: when the draw-3 search reaches its limit, the draw-1 search
    of the same position runs, and its "no win" is the answer. Deal 20 is lost both ways;
    draw 3 needs 270 positions to prove it, draw 1 needs 54."""
    monkeypatch.setattr(solver, "MIN_LIMIT", 0)  # small enough for a test
    deal = klondike_deal(20)
    alone = solve_full_information(deal, KLONDIKE_3, node_limit=100, relax=False)
    assert alone.verdict == "unknown"
    assert alone.nodes == 100
    relaxed = solve_full_information(deal, KLONDIKE_3, node_limit=100)
    assert relaxed.verdict == "no win"
    assert relaxed.reason == solver.RELAXED  # says how it was proved
    assert solve_full_information(deal, KLONDIKE_3).reason == ""  # the draw-3 search's own proof
    assert relaxed.nodes == 100 + solve_full_information(deal, solver.KLONDIKE, relax=False).nodes


def test_a_draw_1_win_proves_nothing_for_draw_3(monkeypatch):
    """A deal the draw-1 search wins stays unknown when the draw-3 search stops short."""
    monkeypatch.setattr(solver, "MIN_LIMIT", 0)
    deal = klondike_deal(1)
    assert solve_full_information(deal, solver.KLONDIKE).won
    result = solve_full_information(deal, KLONDIKE_3, node_limit=2)
    assert result.verdict == "unknown"
    assert result.line == ()


def test_hints_small_searches_do_not_pay_for_the_relaxation():
    """Below MIN_LIMIT positions a stopped draw-3 search stops there (hints search 5,000)."""
    result = solve_full_information(klondike_deal(20), KLONDIKE_3, node_limit=100)
    assert result.verdict == "unknown"
    assert result.nodes == 100

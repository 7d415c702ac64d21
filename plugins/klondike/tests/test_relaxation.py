"""Every draw-3 line is a draw-1 line (docs/solver.md, Klondike's deal 225): a draw of three
leaves the waste as three draws of one do, and every other move, redeals included, is the same
move. So a position whose draw-1 game has no win has no draw-3 win either."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import patience_core
import patience_klondike.solver as solver
from patience_klondike import CANFIELD, KLONDIKE_3, Variant, klondike_deal, solve_full_information


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


def test_under_a_large_limit_the_draw_1_search_runs_early(monkeypatch):
    """Past RELAX_AFTER positions (here 2,000, under a limit of 60,000) the draw-3 search
    gives way to the draw-1 search. Deal 80 is lost both ways: drawing three the usual order
    proves it in 3,538 positions, drawing one in 83."""
    monkeypatch.setattr(solver, "RELAX_AFTER", 2_000)
    deal = klondike_deal(80)
    three = solve_full_information(deal, KLONDIKE_3, node_limit=60_000, tries=0, relax=False)
    one = solve_full_information(deal, solver.KLONDIKE, node_limit=60_000)
    assert (three.verdict, one.verdict) == ("no win", "no win")
    assert three.nodes > 2_000
    early = solve_full_information(deal, KLONDIKE_3, node_limit=60_000)
    assert early.verdict == "no win"
    assert early.reason == solver.RELAXED
    assert early.nodes == 2_000 + one.nodes


def test_after_an_early_draw_1_win_the_draw_3_search_runs_again_whole(monkeypatch):
    """Deal 870: the early draw-1 search wins, which proves nothing, so the draw-3 search runs
    again from the start under the whole limit, and meets the win its usual order meets."""
    monkeypatch.setattr(solver, "RELAX_AFTER", 2_000)
    deal = klondike_deal(870)
    three = solve_full_information(deal, KLONDIKE_3, node_limit=60_000, tries=0, relax=False)
    one = solve_full_information(deal, solver.KLONDIKE, node_limit=60_000)
    assert three.won
    assert one.won
    assert three.nodes > 2_000
    early = solve_full_information(deal, KLONDIKE_3, node_limit=60_000)
    assert early.won
    assert early.line == three.line
    assert early.nodes == 2_000 + one.nodes + three.nodes


def test_the_draw_1_search_runs_early_only_where_it_was_measured(monkeypatch):
    """Klondike's own rules with no limit on redeals; not with a limit on redeals (Vegas
    drawing three), nor in Canfield, where the draw-1 search still waits for the limit."""
    assert solver._relax_early(KLONDIKE_3)
    assert not solver._relax_early(CANFIELD)
    vegas_3 = Variant(draw=3, redeals=2)
    assert not solver._relax_early(vegas_3)
    deal = klondike_deal(80)
    before = solve_full_information(deal, vegas_3, node_limit=60_000)
    monkeypatch.setattr(solver, "RELAX_AFTER", 2_000)
    after = solve_full_information(deal, vegas_3, node_limit=60_000)
    assert (after.verdict, after.nodes, after.reason) == (before.verdict, before.nodes, before.reason)


def test_hints_small_searches_do_not_pay_for_the_relaxation():
    """Below MIN_LIMIT positions a stopped draw-3 search stops there (hints search 5,000)."""
    result = solve_full_information(klondike_deal(20), KLONDIKE_3, node_limit=100)
    assert result.verdict == "unknown"
    assert result.nodes == 100

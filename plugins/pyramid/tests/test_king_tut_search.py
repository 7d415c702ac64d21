"""The rank-based search on King Tut (PySolFC's game 681): three cards a draw, only the waste top in
reach, passes without limit while each pass removes a card (docs/pyramid.md). Before, the
generic solver answered it."""

from __future__ import annotations

import pytest

import patience_core
from patience_core.engine.cards import RANK_OF
from patience_core.solver import NO_WIN, WON, generic_solve


def replays_to_a_win(game, line) -> bool:
    copy = game.copy()
    for text in line:
        copy.play(text)  # the game refuses a redeal after a pass that removed nothing
    return copy.is_won()


@pytest.mark.parametrize(
    ("seed", "verdict"),
    [
        (26, NO_WIN),
        (49, NO_WIN),
        (63, NO_WIN),
        (54, NO_WIN),
        (85, NO_WIN),
        (84, WON),
        (76, WON),
        (1, WON),
        (100, WON),
    ],
)
def test_king_tut_verdicts_agree_with_the_generic_solver(seed, verdict):
    game = patience_core.new_game("king-tut", seed=seed)
    ours = patience_core.solve_full_information(game)
    assert ours.solver == "pyramid"
    assert generic_solve(game, node_limit=50_000).verdict == ours.verdict == verdict
    if verdict == WON:
        assert replays_to_a_win(game, ours.line)


@pytest.mark.parametrize("seed", [14, 90])
def test_a_waste_card_is_not_taken_at_once_while_a_redeal_may_regroup_the_draws(seed):
    """Deals 14 and 90 are won (the generic solver finds a line), but only by leaving a waste card
    that has a single partner left for a later pass: taken at once, as the search takes such a
    pair with one card a draw (pruning 3), every card after it moves to another group of three
    in the next pass. A search that did so proved both lost."""
    game = patience_core.new_game("king-tut", seed=seed)
    result = patience_core.solve_full_information(game)
    assert (result.solver, result.verdict) == ("pyramid", WON)
    assert replays_to_a_win(game, result.line)


@pytest.mark.parametrize(
    ("seed", "moves"),
    [(14, "TH+3C"), (10, "TC+3D KS draw draw draw draw draw draw 7S+6D draw redeal draw draw JS+2H draw")],
)
def test_a_king_on_the_waste_is_one_choice_among_others_while_a_redeal_may_regroup_the_draws(seed, moves):
    """The same holds for a king on the waste top (pruning 1): these positions are won, and a
    search that removed the king at once, trying nothing else, proved them lost."""
    game = patience_core.new_game("king-tut", seed=seed)
    for text in moves.split():
        game.play(text)
    assert RANK_OF[game.table.waste[-1]] == 13  # a king on top
    result = patience_core.solve_full_information(game)
    assert result.verdict == WON
    assert replays_to_a_win(game, result.line)

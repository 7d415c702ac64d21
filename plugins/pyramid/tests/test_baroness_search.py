"""Baroness's own search (patience_pyramid.baroness_search): its verdicts against the generic
solver's, its winning lines through the public API, and its limits."""

from __future__ import annotations

import functools
import random

import pytest

import patience_core
from patience_core import Game
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult
from patience_pyramid.baroness_search import _Search, ranks_of, solve_baroness

WON_DEALS = (3, 4, 7, 9, 11, 12, 16, 19, 21, 22, 25, 26)  # deals the search wins quickly


def won(game: Game, line: tuple[str, ...]) -> bool:
    """Whether ``line`` played on a copy of ``game`` through the public API wins it."""
    copy = game.copy()
    for move in line:
        copy.play(move)
    return copy.status() == "won"


@functools.cache
def positions() -> list[tuple[str, Game]]:
    """Positions along each won deal's line, ``back`` moves before its end (the stock empty or
    not), then ``wander`` moves at random: many won, some lost."""
    out = []
    for seed in WON_DEALS:
        deal = patience_core.new_game("baroness", seed=seed)
        line = solve_baroness(deal, 200_000, None).line
        for back in (12, 20, 28, 40, 55, 70):
            for wander in (0, 4, 10):
                rng = random.Random(seed * 100 + back + wander)
                game = deal.copy()
                for move in line[:-back]:
                    game.play(move)
                for _ in range(wander):
                    moves = game.legal_moves()
                    if not moves:
                        break
                    game.play(rng.choice(moves))
                if game.status() == "playing":
                    out.append((f"deal {seed}, {back} back, {wander} at random", game))
    return out


@functools.cache
def verdicts() -> list[tuple[str, Game, SolveResult, SolveResult]]:
    return [
        (
            label,
            game,
            solve_baroness(game, 2_000_000, None),
            patience_core.solve_full_information(game, node_limit=2_000_000, generic=True),
        )
        for label, game in positions()
    ]


def test_its_verdicts_agree_with_the_generic_solver_and_its_lines_win():
    for label, game, own, generic in verdicts():
        assert generic.decided, label
        assert own.verdict == generic.verdict, label
        if own.won:
            assert won(game, own.line), label
        else:
            assert own.line == ()


def test_the_positions_compared_hold_both_won_and_lost_ones():
    found = [own.verdict for _label, _game, own, _generic in verdicts()]
    assert found.count(WON) >= 40
    assert found.count(NO_WIN) >= 10


@pytest.mark.parametrize("seed", WON_DEALS)
def test_winning_lines_of_whole_deals_replay_to_a_win(seed):
    game = patience_core.new_game("baroness", seed=seed)
    result = patience_core.solve_full_information(game, node_limit=200_000)
    assert result.solver == "baroness"
    assert result.won
    for move in result.line:
        game.play(move)
    assert game.status() == "won"
    assert len(game.to_dict()["removed"]) == 52


@pytest.mark.parametrize("seed", [6, 24, 20])
def test_lost_deals_are_proved_lost_as_the_generic_solver_proves_them(seed):
    game = patience_core.new_game("baroness", seed=seed)
    own = solve_baroness(game, 2_000_000, None)
    generic = patience_core.solve_full_information(game, node_limit=300_000, generic=True)
    assert generic.verdict == NO_WIN
    assert own.verdict == NO_WIN
    assert own.nodes < generic.nodes


def test_the_node_limit_leaves_a_hard_deal_unknown():
    game = patience_core.new_game("baroness", seed=10)
    result = solve_baroness(game, 1_000, None)
    assert result.verdict == UNKNOWN
    assert result.nodes == 1_000
    assert result.line == ()


def test_it_declines_other_games():
    assert solve_baroness(patience_core.new_game("cheops", seed=1), 1_000, None) is None


def search_of(game: Game) -> _Search:
    """The search's view of ``game`` (ranks of the piles and the stock), to ask its reductions."""
    _index, piles, stock = ranks_of(game)
    return _Search(piles, stock, 10, 0.0, None)


def dealing_with_no_pile_empty(search: _Search) -> bool:
    return bool(search.stock) and all(search.piles[:5])


def test_reduction_7_never_gives_up_a_position_on_a_winning_line():
    """Every position along a won line can still be won, so the check in time must let each
    pass (it would not if a card's partner were wanted in reach too early or too late)."""
    checked = 0
    for seed in WON_DEALS:
        game = patience_core.new_game("baroness", seed=seed)
        for move in solve_baroness(game, 200_000, None).line:
            search = search_of(game)
            if dealing_with_no_pile_empty(search):
                assert not search.deadlocked_in_time(), (seed, move)
                checked += 1
            game.play(move)
    assert checked >= 100


def test_reduction_7_gives_up_only_lost_positions_and_more_than_reduction_6():
    """Random games of deals 1..80, each stopped where the check in time first gives up a
    position that the check without time lets pass: the generic solver proves each lost."""
    found = 0
    for seed in range(1, 81):
        rng = random.Random(seed)
        game = patience_core.new_game("baroness", seed=seed)
        while game.status() == "playing":
            search = search_of(game)
            if dealing_with_no_pile_empty(search) and search.deadlocked_in_time() and not search.deadlocked():
                generic = patience_core.solve_full_information(game, node_limit=100_000, generic=True)
                assert generic.verdict == NO_WIN, (seed, game.table.stock)
                found += 1
                break
            game.play(rng.choice(game.legal_moves()))
    assert found >= 20


def test_reduction_7_proves_a_lost_deal_in_a_thirtieth_of_the_positions():
    """Deal 5 took 35,996 positions to prove lost without the deals' times (docs/solver.md)."""
    result = solve_baroness(patience_core.new_game("baroness", seed=5), 2_000_000, None)
    assert result.verdict == NO_WIN
    assert result.nodes < 1_200

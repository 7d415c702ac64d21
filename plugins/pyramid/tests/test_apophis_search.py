"""Apophis's own search (patience_pyramid.three_wastes_search), checked against the generic
solver and through the public game API."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import Game
from patience_core.solver import NO_WIN, UNKNOWN, WON, generic_solve
from patience_core.testing import deal_with
from patience_pyramid import LAYOUT
from patience_pyramid.three_wastes_search import solve_apophis

SEEDS = (1, 2, 5, 6, 10, 11, 13, 14, 20, 22)
"""Deals the search wins."""
LOST = (3, 4, 7, 8, 9, 16, 24, 28)
"""Deals it proves lost."""


def replayed(game: Game, line: tuple[str, ...]) -> Game:
    """``line`` played as move text on a copy of ``game`` through the public API."""
    copy = game.copy()
    for text in line:
        copy.play(text)
    return copy


def near_ends(seed: int, rng: random.Random) -> list[Game]:
    """Positions a few moves from the end of a won deal: its winning line cut short, then a
    few random moves played (removals mostly), which often lose it."""
    game = patience_core.new_game("apophis", seed=seed)
    line = solve_apophis(game, 2_000_000, None).line
    out = []
    for back in (2, 5, 8, 12, 16, 20):
        position = game.copy()
        for text in line[: max(0, len(line) - back)]:
            position.play(text)
        for _ in range(rng.randrange(0, 6)):
            moves = position.legal_moves()
            removals = [m for m in moves if not m.word]
            if not moves:
                break
            position.play(rng.choice(removals or moves))
        out.append(position)
    return out


def wandered(seed: int, rng: random.Random) -> Game:
    """A position after random moves from a deal, removals mostly: small, and most often lost."""
    position = patience_core.new_game("apophis", seed=seed)
    for _ in range(rng.randrange(25, 60)):
        moves = position.legal_moves()
        if not moves:
            break
        removals = [m for m in moves if not m.word]
        position.play(rng.choice(removals if removals and rng.random() < 0.8 else moves))
    return position


def test_apophis_declares_the_search_and_eleven_triangle_keeps_the_generic_solver():
    result = patience_core.solve_full_information(patience_core.new_game("apophis", seed=1))
    assert result.solver == "apophis"
    assert result.verdict == WON
    eleven = patience_core.new_game("eleven-triangle", seed=1)
    assert solve_apophis(eleven, 1000, None) is None
    assert patience_core.solve_full_information(eleven, node_limit=2000).solver != "apophis"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_winning_line_replays_to_a_win_through_the_public_api(seed):
    game = patience_core.new_game("apophis", seed=seed)
    result = solve_apophis(game, 2_000_000, None)
    assert result.verdict == WON
    won = replayed(game, result.line)
    assert won.is_won()
    assert won.cards_left() == 0
    assert not replayed(game, result.line[:-1]).is_won()
    assert game.cards_left() == 52  # the search played on copies


@pytest.mark.parametrize("seed", LOST)
def test_deals_proved_lost_stay_lost_with_the_generic_solver(seed):
    game = patience_core.new_game("apophis", seed=seed)
    assert solve_apophis(game, 2_000_000, None).verdict == NO_WIN
    # The generic solver cannot finish them, but must never find a win.
    assert generic_solve(game, node_limit=3000).verdict != WON


def test_verdicts_agree_with_the_generic_solver_near_the_end():
    rng = random.Random(658)
    verdicts = {WON: 0, NO_WIN: 0}
    unknown = 0
    positions = [p for seed in SEEDS for p in near_ends(seed, rng)]
    positions += [wandered(seed, rng) for seed in range(100, 160)]
    for position in positions:
        ours = solve_apophis(position, 2_000_000, None)
        theirs = generic_solve(position, node_limit=20_000)
        assert ours.verdict != UNKNOWN
        if theirs.verdict == UNKNOWN:
            unknown += 1
            continue
        assert ours.verdict == theirs.verdict, [str(m) for m in position.moves()]
        verdicts[ours.verdict] += 1
        if ours.won:
            assert replayed(position, ours.line).is_won()
    # Both kinds of position were compared, not only the easy ones.
    assert verdicts[WON] >= 50, (verdicts, unknown)
    assert verdicts[NO_WIN] >= 40, (verdicts, unknown)


def test_an_ace_under_every_queen_is_lost_at_once():
    # The apex is covered by every pyramid card: with all four queens in the pyramid, the ace
    # there has no partner it could ever meet (reduction 3).
    cards = {"r1c1": "AC", "r7c1": "QC", "r7c2": "QD", "r6c1": "QH", "r5c1": "QS"}
    game = patience_core.new_game("apophis", deal=deal_with(LAYOUT, cards))
    result = solve_apophis(game, 2_000_000, None)
    assert result.verdict == NO_WIN
    assert result.nodes == 0


def test_the_search_stops_at_its_node_limit():
    game = patience_core.new_game("apophis", seed=10)  # won, after some 1,000 positions
    result = solve_apophis(game, 50, None)
    assert result.verdict == UNKNOWN
    assert result.nodes == 50


def test_the_reductions_keep_every_verdict_of_the_search_without_them():
    # Without reductions 1-4 and 6 the search tries every move from every position (the table
    # of positions only): on these positions it agrees with the reduced search.
    rng = random.Random(13)
    positions = [wandered(seed, rng) for seed in range(200, 300)]
    positions += [p for seed in SEEDS[:4] for p in near_ends(seed, rng)]
    verdicts = {WON: 0, NO_WIN: 0}
    for position in positions:
        plain = solve_apophis(position, 30_000, None, reduce=False)
        if plain.verdict == UNKNOWN:
            continue
        assert solve_apophis(position, 2_000_000, None).verdict == plain.verdict
        verdicts[plain.verdict] += 1
    assert verdicts[WON] >= 30, verdicts
    assert verdicts[NO_WIN] >= 70, verdicts

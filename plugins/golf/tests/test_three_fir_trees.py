"""One test (at least) per rule of Three Fir-trees and Relaxed Three Fir-trees, FT1-FT6
(docs/two-decks.md), and every physical card of the 104 once with undo exact. Tree ids are
``t{tree}r{row}c{card}``, row 11 the free bottom card; the stock list starts with the card
turned at the deal."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import patience_core
from patience_core import Game, IllegalMoveError
from patience_core.solver import solve_full_information
from patience_core.testing import check_cards, conformance_tests, deal_with
from patience_golf_family import three_fir_trees
from patience_golf_family.double_golf import TWO_DECKS

TestThreeFirTreesConformance = conformance_tests("three-fir-trees")
LAYOUT = three_fir_trees.LAYOUT
BOTTOMS = {"t1r11c1": "KC", "t2r11c1": "2D", "t3r11c1": "9H"}


def new(stock: list[str], cards: dict[str, str] | None = None, game_id: str = "three-fir-trees") -> Game:
    return patience_core.new_game(game_id, deal=deal_with(LAYOUT, cards or BOTTOMS, stock, deck=TWO_DECKS))


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def refused(game: Game, move: str) -> str:
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    return str(err.value)


def ids(positions: tuple[int, ...]) -> set[str]:
    return {LAYOUT.spots[p].id for p in positions}


def test_ft1_three_fir_trees_of_sixteen_face_up_one_and_two_cards_by_turns():
    game = new(["8C"])
    assert len(LAYOUT) == 48
    assert game.table.face_up_mask() == LAYOUT.full
    for t in (1, 2, 3):
        tree = [s.id for s in LAYOUT.spots if s.id.startswith(f"t{t}r")]
        assert len(tree) == 16
        assert [sum(1 for i in tree if i.startswith(f"t{t}r{r}c")) for r in range(1, 12)] == [1, 2] * 5 + [1]
    assert ids(LAYOUT.blockers_of(LAYOUT.index["t1r1c1"])) == {"t1r2c1", "t1r2c2"}
    assert ids(LAYOUT.blockers_of(LAYOUT.index["t2r4c2"])) == {"t2r5c1"}
    free = game.table.free_mask()
    assert {LAYOUT.spots[p].id for p in range(48) if free >> p & 1} == set(BOTTOMS)


def test_ft2_two_decks_the_first_stock_card_turned_fifty_five_left():
    game = new(["8C"])
    assert len(game.rules.deck) == 104
    assert len(game.table.waste) == 1
    assert len(game.table.stock) == 55
    check_cards(game)


def test_ft3_one_rank_up_or_down_whatever_the_suit():
    game = new(["TC"])
    assert moves(game) == {"9H", "draw"}
    game.play("9H")
    assert not game.table.present >> LAYOUT.index["t3r11c1"] & 1
    assert game.table.free_mask() >> LAYOUT.index["t3r10c1"] & 1  # the two above it are free now
    assert game.table.free_mask() >> LAYOUT.index["t3r10c2"] & 1


def test_ft4_draw_at_any_time_one_pass():
    game = new(["TC"])
    for _ in range(55):
        game.play("draw")
    assert "stock is empty" in refused(game, "draw")


def test_ft5_a_queen_on_a_king_ranks_do_not_wrap():
    game = new(["AD"])
    assert "KC" not in moves(game)
    assert "2D" in moves(game)


def test_ft5_relaxed_three_fir_trees_k_and_a_are_neighbours():
    game = new(["AD"], game_id="relaxed-three-fir-trees")
    assert {"KC", "2D"} <= moves(game)


def test_ft6_won_when_the_trees_are_cleared():
    game = patience_core.new_game("three-fir-trees", seed=4)
    result = solve_full_information(game)
    assert result.won
    for move in result.line:
        assert not game.is_won()
        game.play(move)
    assert game.is_won()
    assert not game.table.present


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6), picks=st.lists(st.integers(0, 1000), max_size=60))
def test_every_physical_card_once_and_undo_exact(seed: int, picks: list[int]):
    game = patience_core.new_game("relaxed-three-fir-trees", seed=seed)
    states = [game.to_dict("full")]
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
        check_cards(game)
        states.append(game.to_dict("full"))
    while len(states) > 1:
        game.undo()
        states.pop()
        assert game.to_dict("full") == states[-1]

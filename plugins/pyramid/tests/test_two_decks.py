"""One test (at least) per rule of Double Pyramid and Two Pyramids, TP1-TP9 (docs/two-decks.md),
and the two-deck invariants: every physical card of the 104 somewhere exactly once, undo exact.

Deals are laid out card by card with ``deal_with`` on two decks: a card's text places the next
copy of it not yet placed (in moves ``6H`` is the first 6H of the deal, ``6H#2`` the second).
Pyramid ids are ``r{row}c{column}`` from 1 (Two Pyramids: ``p1.`` and ``p2.`` before them); the
stock list starts with the first card drawn.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import patience_core
from patience_core import Game, IllegalMoveError
from patience_core.solver import solve_full_information
from patience_core.testing import check_cards, conformance_tests, deal_with
from patience_pyramid import two_decks

TestDoublePyramidConformance = conformance_tests("double-pyramid")
TestTwoPyramidsConformance = conformance_tests("two-pyramids")

DOUBLE = two_decks.DOUBLE_LAYOUT
TWO = two_decks.TWO_LAYOUT


def new(
    cards: dict[str, str], stock: list[str] = (), game_id: str = "double-pyramid", **options: object
) -> Game:
    layout = DOUBLE if game_id == "double-pyramid" else TWO
    deal = deal_with(layout, cards, list(stock), deck=two_decks.TWO_DECKS)
    return patience_core.new_game(game_id, deal=deal, **options)  # type: ignore[arg-type]


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def refused(game: Game, move: str) -> str:
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    return str(err.value)


def test_tp1_double_pyramid_nine_rows_face_up_each_card_covered_by_the_two_below():
    game = new({})
    assert len(DOUBLE) == 45
    assert len(game.table.cards) == 45
    assert game.table.face_up_mask() == DOUBLE.full
    free = game.table.free_mask()
    assert {DOUBLE.spots[p].id for p in range(45) if free >> p & 1} == {f"r9c{c}" for c in range(1, 10)}
    assert {DOUBLE.spots[p].id for p in DOUBLE.blockers_of(DOUBLE.index["r5c3"])} == {"r6c3", "r6c4"}


def test_tp2_two_pyramids_of_seven_rows_side_by_side_covered_only_within_their_own():
    game = new({}, game_id="two-pyramids")
    assert len(TWO) == 56
    free = game.table.free_mask()
    assert free.bit_count() == 14
    for p, spot in enumerate(TWO.spots):
        own = spot.id.split(".")[0]
        assert all(TWO.spots[q].id.startswith(own + ".") for q in TWO.blockers_of(p))
    assert sum(1 for s in TWO.spots if s.id.startswith("p1.")) == 28


@pytest.mark.parametrize(("game_id", "stock"), [("double-pyramid", 59), ("two-pyramids", 48)])
def test_tp3_the_rest_is_the_stock_and_the_first_draw_is_made_at_the_deal(game_id, stock):
    game = patience_core.new_game(game_id, seed=3)
    assert len(game.rules.deck) == 104
    assert len(game.table.waste) == 1
    assert game.table.drawn >= 0
    assert len(game.table.stock) == stock - 2
    plain = patience_core.new_game(game_id, seed=3, turn_first=False)
    assert len(plain.table.stock) == stock
    assert not plain.table.waste
    check_cards(game)


BOTTOM_ROW = ["6H", "7C", "6H", "KS", "QD", "5C", "8D", "AC", "2C"]


def test_tp4_pairs_summing_to_13_and_kings_alone_every_copy_alike():
    bottom = {f"r9c{c}": card for c, card in enumerate(BOTTOM_ROW, 1)}
    game = new(bottom, ["3D", "4D", "9S"], turn_first=False)
    legal = moves(game)
    assert {"7C+6H", "7C+6H#2", "KS", "8D+5C"} <= legal  # both 6H pair with the 7C
    assert "QD+AC" in legal
    assert "only a king" in refused(game, "QD")
    assert "make 8" in refused(game, "6H+2C")
    game.play("7C+6H#2")
    assert [c % 52 for c in game.table.removed] == [6, 26 + 5]  # a 7C and a 6H went
    assert game.table.present >> DOUBLE.index["r9c3"] & 1 == 0  # the second 6H, in column 3
    assert game.table.present >> DOUBLE.index["r9c1"] & 1 == 1


def test_tp5_only_uncovered_cards_the_drawn_card_and_the_waste_top_are_available():
    game = new({"r9c1": "6H", "r8c1": "7C"}, ["7S", "KD", "6D"], turn_first=False)
    assert "covered" in refused(game, "7C+6H")
    game.play("draw")  # 7S drawn
    assert "7S+6H" in moves(game)
    game.play("draw")  # 7S to the waste, KD drawn
    assert {"KD", "7S+6H"} <= moves(game)
    game.play("draw")  # KD to the waste, 6D drawn
    assert "7S is in the waste under KD: only the top card" in refused(game, "7S+6H")


def test_tp6_a_draw_puts_the_drawn_card_on_the_waste_and_draws_the_next():
    game = new({}, ["3D", "4D"], turn_first=False)
    game.play("draw")
    assert str(patience_core.Move.of_cards(game.table.drawn)) == "3D"
    assert not game.table.waste
    game.play("draw")
    assert str(patience_core.Move.of_cards(game.table.drawn)) == "4D"
    assert [c % 52 for c in game.table.waste] == [13 + 2]


def test_tp7_three_passes_through_the_stock_then_no_redeal():
    game = patience_core.new_game("double-pyramid", seed=5)
    for redeal in range(3):
        while "draw" in moves(game):
            game.play("draw")
        if redeal < 2:
            game.play("redeal")
    assert game.table.passes_used == 2
    assert "no redeal left" in refused(game, "redeal")
    one = patience_core.new_game("double-pyramid", seed=5, passes=1)
    while "draw" in moves(one):
        one.play("draw")
    assert "one pass" in refused(one, "redeal")


def test_tp8_won_only_when_all_104_cards_are_removed():
    game = patience_core.new_game("double-pyramid", seed=1)
    assert game.cards_left() == 104  # every card counts under the strict win
    relaxed = patience_core.new_game("double-pyramid", seed=1, win="pyramid")
    line = solve_full_information(relaxed).line
    assert line
    for move in line:
        relaxed.play(move)
        game.play(move)
    assert relaxed.is_won()
    assert not relaxed.table.present
    assert not game.is_won()  # the pyramid is cleared but cards are left in stock and waste
    assert game.cards_left() == 104 - len(game.table.removed) > 0


def test_tp9_the_game_ends_when_no_legal_move_is_left():
    game = patience_core.new_game("two-pyramids", seed=2)
    while not game.is_over():
        game.play(game.legal_moves()[-1])  # draw and redeal whenever it can: remove late
    assert not game.legal_moves()
    assert game.is_won() == (not game.table.present and not any(game.table.piles))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(["double-pyramid", "two-pyramids"]),
    seed=st.integers(1, 10**6),
    picks=st.lists(st.integers(0, 1000), max_size=80),
)
def test_every_physical_card_once_and_undo_exact(game_id: str, seed: int, picks: list[int]):
    """Hypothesis: random lines of play (removals, draws, redeals) keep each of the 104 cards
    somewhere exactly once, and undo gives back the exact state, move by move."""
    game = patience_core.new_game(game_id, seed=seed)
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
    check_cards(game)

"""One test (at least) per rule of Double Golf and Double Putt, DG1-DG7 (docs/two-decks.md), and
the two-deck invariants: every physical card of the 104 somewhere exactly once, undo exact.

Deals are laid out card by card with ``deal_with`` on two decks: a card's text places the next
copy of it not yet placed (``7S`` is the first 7S of the deal, ``7S#2`` in moves the second);
column ids are ``c{column}r{row}``, row 7 the free bottom card; the stock list starts with the
card turned at the deal.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import patience_core
from patience_core import Game, IllegalMoveError, Move
from patience_core.cli import app
from patience_core.engine.cards import CARD_TEXT
from patience_core.solver import solve_full_information
from patience_core.testing import check_cards, conformance_tests, deal_with
from patience_core.userdata.records import load_game, save_game
from patience_golf_family import double_golf

TestDoubleGolfConformance = conformance_tests("double-golf")

BOTTOM = {f"c{c}r7": card for c, card in enumerate(["KC", "2D", "9H", "9S", "5C", "7D", "QS", "9H", "4C"], 1)}


def new(stock: list[str], cards: dict[str, str] | None = None, game_id: str = "double-golf") -> Game:
    deal = deal_with(double_golf.LAYOUT, cards or BOTTOM, stock, deck=double_golf.TWO_DECKS)
    return patience_core.new_game(game_id, deal=deal)


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def refused(game: Game, move: str) -> str:
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    return str(err.value)


def test_dg1_nine_columns_of_seven_face_up_only_the_bottom_cards_free():
    game = new(["8C"])
    layout = game.to_dict("player")["layout"]
    assert len(layout) == 63
    assert all(e["card"] for e in layout)
    assert game.table.free_mask().bit_count() == 9
    game = new(["8C"], {**BOTTOM, "c5r6": "6C"})  # a 6C, covered by the 5C: neither copy is free
    assert "6C is covered by" in refused(game, "6C")


def test_dg2_two_decks_the_first_stock_card_turned_forty_left():
    game = new(["8C", "3H"])
    assert len(game.rules.deck) == 104
    assert [CARD_TEXT[c] for c in game.table.waste] == ["8C"]
    assert len(game.table.stock) == 40
    check_cards(game)


def at(game: Game, pos: str) -> str:
    """The move text of the card at layout position ``pos`` (``9H`` or ``9H#2``)."""
    return str(Move.of_cards(game.table.cards[double_golf.LAYOUT.index[pos]]))


def test_dg3_one_rank_up_or_down_whatever_the_suit():
    game = new(["8C"])
    assert {at(game, "c3r7"), at(game, "c8r7"), "9S", "7D"} <= moves(game)  # both 9H, a 9S, a 7D
    assert "needs" in refused(game, at(game, "c2r7"))  # a free 2D
    game.play("7D")
    assert CARD_TEXT[game.table.waste[-1]] == "7D"


def test_dg3_two_copies_of_a_card_are_two_moves_named_by_their_copy():
    game = new(["8C"])
    assert {"9H", "9H#2"} <= moves(game)  # the first 9H of the deal (c3r7) and the second (c8r7)
    assert at(game, "c3r7") == "9H"
    assert at(game, "c8r7") == "9H#2"
    game.play("9H#2")
    assert game.table.present >> double_golf.LAYOUT.index["c8r7"] & 1 == 0
    assert game.table.present >> double_golf.LAYOUT.index["c3r7"] & 1 == 1
    # A face typed alone plays the copy that may be played: the first 5C of this deal lies
    # covered higher up, the free one at the bottom of column 5 is the second.
    game = new(["4D"])
    assert at(game, "c5r7") == "5C#2"
    assert str(game.play("5C")) == "5C#2"


def test_dg4_draw_at_any_time_one_pass_no_redeal():
    game = new(["8C"])
    for _ in range(40):
        game.play("draw")
    assert not game.table.stock
    assert "draw" not in moves(game)
    assert "stock is empty" in refused(game, "draw")
    assert "redeal" in refused(game, "redeal")


def test_dg5_double_golf_a_queen_on_a_king_ranks_do_not_wrap():
    game = new(["KD"])
    assert "QS" in moves(game)
    assert "needs" in refused(game, "2D")  # no ace on a king, so no wrap to a two either
    game2 = new(["AD"], {**BOTTOM, "c1r7": "KC"})
    assert "KC" not in moves(game2)
    assert "2D" in moves(game2)


def test_dg6_double_putt_k_and_a_are_neighbours():
    game = new(["AD"], game_id="double-putt")
    assert game.options["kings"] == "wrap"
    assert {"KC", "2D"} <= moves(game)


def test_dg7_won_when_the_columns_are_empty_with_stock_left():
    game = patience_core.new_game("double-golf", seed=2)
    result = solve_full_information(game)
    assert result.won
    for move in result.line:
        game.play(move)
    assert game.is_won()
    assert not game.table.present
    assert game.table.stock  # the stock left does not count


SEVENS_AND_A_KING = ["7C", "7D", "7H", "7S", "7C", "7D", "7H", "7S", "KC"]


def test_dg7_lost_when_the_stock_is_out_and_no_free_card_fits():
    # Eight sevens and a king at the bottom; the stock holds no 6, 8 or queen.
    cards = {f"c{c}r7": card for c, card in enumerate(SEVENS_AND_A_KING, 1)}
    stock = [r + s for r in "A2345" for s in "CDHS"] * 2 + ["9C"]
    game = new(stock, cards)
    for _ in range(40):
        assert {str(m) for m in game.legal_moves()} == {"draw"}
        game.play("draw")
    assert game.is_over()
    assert not game.is_won()
    assert not game.legal_moves()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(1, 10**6),
    picks=st.lists(st.integers(0, 1000), max_size=60),
    kings=st.sampled_from(["queen", "wrap"]),
)
def test_every_physical_card_once_and_undo_exact(seed: int, picks: list[int], kings: str):
    """Hypothesis: random lines of play on random deals keep each of the 104 cards somewhere
    exactly once, and undo gives back the exact state, move by move."""
    game = patience_core.new_game("double-golf", seed=seed, kings=kings)
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


def test_a_two_deck_record_is_saved_loaded_and_replayed(tmp_path):
    """A won game of Double Golf, its moves naming second copies (``9H#2``), saved, loaded, and
    replayed both by hand and by ``patience replay``."""
    game = patience_core.new_game("double-golf", seed=1)
    for move in solve_full_information(game).line:
        game.play(move)
    assert any("#2" in str(m) for m in game.moves)
    path = tmp_path / "double-golf.json"
    save_game(game, path)
    record = json.loads(path.read_text())
    assert record["game"] == "double-golf"
    assert len(record["deal"].split()) == 104
    loaded = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.is_won()
    again = patience_core.new_game("double-golf", deal=record["deal"])
    for move in record["moves"]:
        again.play(move)
    assert again.snapshot() == game.snapshot()
    result = CliRunner().invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.stdout
    assert f"All {len(game.moves)} moves are legal. Result: won" in result.stdout

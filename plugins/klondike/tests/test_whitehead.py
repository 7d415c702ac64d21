"""Whitehead: each rule of docs/whitehead.md (W1..W8), the conformance kit, PySolFC's deals
checked against its ``Klondike.startGame(flip=1)``, players, and the generic solver's lines."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import IllegalMoveError
from patience_core.engine.cards import parse_card_index
from patience_core.players import get_player, hint, play_game
from patience_core.testing import check_hidden_cards_do_not_matter, conformance_tests

TestWhiteheadConformance = conformance_tests("whitehead", max_examples=3, steps=20, solver_nodes=500)


def cards(text):
    return tuple(parse_card_index(t) for t in text.split())


def index(game, pile):
    return game.rules._index[pile]


def lay(game, pile, up, down=""):
    """Set a pile's cards for a test position: ``down`` face down under ``up``."""
    table = game.table
    i = index(game, pile)
    table.piles[i] = (*cards(down), *cards(up))
    downs = list(table.down)
    downs[i] = len(cards(down))
    table.down = tuple(downs)


def test_w1_seven_columns_one_to_seven_cards_all_face_up_24_in_the_stock():
    game = patience_core.new_game("whitehead", seed=5)
    deal = game.rules.deal_for(5).indices
    view = {p["id"]: p for p in game.to_dict("player")["piles"]}
    at = 0
    for c in range(1, 8):
        assert view[f"t{c}"]["down"] == 0
        assert None not in view[f"t{c}"]["cards"]
        assert game.table.pile(f"t{c}") == deal[at : at + c]
        at += c
    assert view["s"]["cards"] == [None] * 24
    assert game.table.pile("s") == tuple(reversed(deal[28:]))


def test_w2_one_card_a_draw_and_one_pass_only():
    game = patience_core.new_game("whitehead", seed=5)
    stock = game.table.pile("s")
    game.play("draw")
    assert game.table.pile("w") == stock[-1:]
    while game.table.pile("s"):
        game.play("draw")
    assert "redeal" not in [str(m) for m in game.legal_moves()]
    with pytest.raises(IllegalMoveError, match="no redeal left"):
        game.play("redeal")


def test_w3_foundations_by_suit_from_the_ace():
    game = patience_core.new_game("whitehead", seed=5)
    rules, table = game.rules, game.table
    f3 = index(game, "f3")
    assert rules.why_not_onto(table, cards("AH"), f3) is None
    assert rules.why_not_onto(table, cards("AS"), f3) is not None
    lay(game, "f3", "AH")
    assert rules.why_not_onto(table, cards("2H"), f3) is None
    assert rules.why_not_onto(table, cards("3H"), f3) is not None


def test_w4_a_foundation_card_may_come_back_down():
    game = patience_core.new_game("whitehead", seed=5)
    lay(game, "f3", "AH 2H 3H")
    lay(game, "t1", "4D")
    game.play("f3-t1")
    assert game.table.pile("t1") == cards("4D 3H")
    assert game.table.pile("f3") == cards("AH 2H")


def test_w5_columns_build_down_by_colour():
    game = patience_core.new_game("whitehead", seed=5)
    rules, table = game.rules, game.table
    t1 = index(game, "t1")
    lay(game, "t1", "8D")
    assert rules.why_not_onto(table, cards("7H"), t1) is None  # red on red
    assert rules.why_not_onto(table, cards("7D"), t1) is None
    assert rules.why_not_onto(table, cards("7S"), t1) is not None
    assert rules.why_not_onto(table, cards("6H"), t1) is not None


def test_w6_only_a_run_of_one_suit_moves_together():
    game = patience_core.new_game("whitehead", seed=5)
    lay(game, "t1", "9H 8H 7D 6D")  # built by colour; the top two are one suit
    lay(game, "t2", "8D")
    lay(game, "t3", "TD")
    legal = [str(m) for m in game.legal_moves()]
    assert "t1-t3x4" not in legal  # 9H would fit on TD, but its group is no one-suit run
    with pytest.raises(IllegalMoveError, match="not a run that moves together"):
        game.play("t1-t3x4")
    with pytest.raises(IllegalMoveError, match="not a run that moves together"):
        game.play("t1-t2x3")
    game.play("t1-t2x2")  # the one-suit run 7D 6D onto a red 8
    assert game.table.pile("t2") == cards("8D 7D 6D")


def test_w7_an_empty_column_takes_any_card_or_one_suit_run():
    game = patience_core.new_game("whitehead", seed=5)
    lay(game, "t1", "")
    lay(game, "t2", "9H 5C 4C")
    legal = [str(m) for m in game.legal_moves()]
    assert "t2-t1" in legal
    assert "t2-t1x2" in legal
    assert "t2-t1x3" not in legal  # 9H is not of the run's suit
    game.play("t2-t1x2")
    assert game.table.pile("t1") == cards("5C 4C")


def test_w8_won_with_all_52_home_and_the_generic_solver_line_replays():
    # A deal played on to its last dozen cards, scattered so that winning takes some moves.
    game = patience_core.new_game("whitehead", seed=5)
    for s in range(4):
        game.table.piles[index(game, f"f{s + 1}")] = tuple(s * 13 + r for r in range(10))  # A..T
    for pile, up in [
        ("t1", "QC JD"),
        ("t2", "KD JC"),
        ("t3", "QD JH"),
        ("t4", "KH QS"),
        ("t5", "KC JS"),
        ("t6", "QH"),
        ("t7", "KS"),
        ("s", ""),
        ("w", ""),
    ]:
        lay(game, pile, up)
    assert not game.is_won()
    result = patience_core.solve_full_information(game, node_limit=50_000)
    assert result.solver == "generic"
    assert result.won
    for move in result.line:
        assert not game.is_won()
        game.play(move)
    assert game.is_won()
    assert game.cards_left() == 0


def test_w8_the_generic_solver_wins_a_whole_deal_and_its_line_replays():
    result = patience_core.solve_full_information(
        patience_core.new_game("whitehead", seed=1), node_limit=5_000
    )
    assert result.won
    game = patience_core.new_game("whitehead", seed=1)
    for move in result.line:
        game.play(move)
    assert game.is_won()


def test_moves_home_are_listed_first_and_back_down_last():
    game = patience_core.new_game("whitehead", seed=5)
    lay(game, "f3", "AH 2H 3H")
    lay(game, "t1", "4D")
    lay(game, "t2", "4H")
    moves = [str(m) for m in game.legal_moves()]
    assert moves[0] == "t2-f3"
    assert moves.index("f3-t1") > max(i for i, m in enumerate(moves) if m[0] == "t" and m[3] == "t")
    assert moves[-1] == "draw"


def _blocked(last="9C"):
    """Every top card fits nowhere, and no foundation's top card fits on one: no foundation
    takes a top card, no top card of its colour is one rank higher, no one-suit run lies under
    one (the cards below are turned down for the test)."""
    game = patience_core.new_game("whitehead", seed=5)
    for s, height in enumerate((7, 9, 9, 9)):
        game.table.piles[index(game, f"f{s + 1}")] = tuple(s * 13 + r for r in range(height))
    for pile, up, down in [
        ("t1", "KH", "8C"),
        ("t2", "KD", "TC"),
        ("t3", "QC", "KC"),
        ("t4", "QS", "TD QD"),
        ("t5", "JD", "KS TH"),
        ("t6", "JH", "QH TS"),
        ("t7", last, "JC JS" if last else ""),
        ("s", "", ""),
        ("w", "", ""),
    ]:
        lay(game, pile, up, down)
    return game


def test_w8_lost_when_no_move_is_left():
    game = _blocked()
    assert game.legal_moves() == []
    assert game.is_over()
    assert not game.is_won()
    spaced = _blocked(last="")  # an empty column takes any card: not over
    assert spaced.legal_moves()
    assert not spaced.is_over()


# --- PySolFC's deals ------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 67, 32000, 5555555555])
def test_pysol_deal_n_is_laid_out_as_pysolfcs_whitehead_start_game(number):
    pytest.importorskip("pysol_cards")
    from patience_klondike.deals import pysol_order
    from patience_klondike.whitehead import WHITEHEAD

    # Klondike.startGame(flip=1) on a model of the talon: dealRow(rows[i:], reverse=1) for
    # i in 1..6, then dealRow(reverse=1), every card face up; then dealCards(): one to the waste.
    talon = list(reversed(pysol_order(number)))
    rows = [[] for _ in range(7)]
    for i in range(1, 7):
        for r in reversed(range(i, 7)):
            rows[r].append(talon.pop())
    for r in reversed(range(7)):
        rows[r].append(talon.pop())
    waste = [talon.pop()]
    game = patience_core.new_game("whitehead", deal=WHITEHEAD.pysol(number))
    game.play("draw")
    assert [list(game.table.pile(f"t{c + 1}")) for c in range(7)] == rows
    assert game.table.pile("w") == tuple(waste)
    assert game.table.pile("s") == tuple(talon)


# --- players and hints ---------------------------------------------------------------------------


def test_players_and_hints_play_from_what_is_seen():
    for name in ("random", "greedy"):
        game = play_game(patience_core.new_game("whitehead", seed=4), get_player(name), max_moves=200)
        assert game.moves
    game = patience_core.new_game("whitehead", seed=4)
    h = hint(game, samples=4, solved=1, time_limit=None, node_limit=500)
    assert h.move in game.legal_moves()
    check_hidden_cards_do_not_matter(game, random.Random(4))

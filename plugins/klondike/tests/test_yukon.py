"""Yukon and Russian Solitaire: each rule of docs/yukon.md (Y1..Y7), the conformance kit,
PySolFC's deals checked against its ``Yukon.startGame``, players, and solver lines replayed."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import IllegalMoveError
from patience_core.engine.cards import parse_card_index
from patience_core.players import get_player, hint, play_game
from patience_core.testing import check_hidden_cards_do_not_matter, conformance_tests

TestYukonConformance = conformance_tests("yukon", max_examples=4, steps=20, solver_nodes=1_000)
TestRussianSolitaireConformance = conformance_tests(
    "russian-solitaire", max_examples=4, steps=20, solver_nodes=1_000
)

GAMES = ["yukon", "russian-solitaire"]


def card(text):
    return parse_card_index(text)


def cards(text):
    return tuple(card(t) for t in text.split())


def index(game, pile):
    return game.rules._index[pile]


def lay(game, pile, down, up):
    """Set a pile's cards for a test position: ``down`` face down under ``up``."""
    table = game.table
    i = index(game, pile)
    table.piles[i] = (*cards(down), *cards(up))
    downs = list(table.down)
    downs[i] = len(cards(down))
    table.down = tuple(downs)


@pytest.mark.parametrize("game_id", GAMES)
def test_y1_columns_dealt_one_then_c_minus_1_face_down_under_five_face_up_no_stock(game_id):
    game = patience_core.new_game(game_id, seed=9)
    view = {p["id"]: p for p in game.to_dict("player")["piles"]}
    assert len(view["t1"]["cards"]) == 1
    assert view["t1"]["down"] == 0
    for c in range(2, 8):
        column = view[f"t{c}"]
        assert column["down"] == c - 1
        assert column["cards"][: c - 1] == [None] * (c - 1)  # never shown
        assert None not in column["cards"][c - 1 :]
        assert len(column["cards"]) == c - 1 + 5
    assert "s" not in view
    assert "w" not in view
    assert sum(len(p["cards"]) for p in view.values()) == 52
    assert "draw" not in [str(m) for m in game.legal_moves()]


def test_y1_our_deal_order_is_t1_then_each_column_from_its_bottom_card():
    game = patience_core.new_game("yukon", seed=9)
    deal = game.rules.deal_for(9).indices
    assert game.table.pile("t1") == deal[:1]
    assert game.table.pile("t2") == deal[1:7]
    assert game.table.pile("t7") == deal[41:52]


@pytest.mark.parametrize("game_id", GAMES)
def test_y2_foundations_by_suit_from_the_ace_one_card_at_a_time_and_never_back(game_id):
    game = patience_core.new_game(game_id, seed=1)
    rules, table = game.rules, game.table
    f1 = index(game, "f1")
    assert rules.why_not_onto(table, cards("AC"), f1) is None
    assert rules.why_not_onto(table, cards("AD"), f1) is not None
    assert rules.why_not_onto(table, cards("2C"), f1) is not None
    table.piles[f1] = cards("AC")
    assert rules.why_not_onto(table, cards("2C"), f1) is None
    assert rules.why_not_onto(table, cards("2C AH"), f1) is not None  # one card at a time
    assert rules.why_not_onto(table, cards("3C"), f1) is not None
    assert rules.run_length(table, f1) == 0  # nothing comes back down
    assert "never leave" in rules.illegal_reason(table, patience_core.Move.parse("f1-t2"))


def test_y3_any_face_up_card_moves_with_whatever_lies_on_it_out_of_sequence():
    game = patience_core.new_game("yukon", seed=1)
    lay(game, "t3", "2S", "9D 4C KH 3S")
    lay(game, "t4", "", "TS")
    game.play("t3-t4x4")  # 9D on TS, carrying 4C KH 3S, which are not in sequence
    assert game.table.pile("t4") == cards("TS 9D 4C KH 3S")
    assert game.table.pile("t3") == cards("2S")


def test_y3_the_group_must_fit_by_its_bottom_card_down_in_alternating_colours():
    game = patience_core.new_game("yukon", seed=1)
    lay(game, "t3", "2S", "9C 4C KH 3S")
    lay(game, "t4", "", "TS")
    with pytest.raises(IllegalMoveError, match="9C does not go on TS"):
        game.play("t3-t4x4")
    lay(game, "t4", "", "TH")
    game.play("t3-t4x4")
    assert game.table.pile("t4")[:2] == cards("TH 9C")


def test_y3_russian_solitaire_builds_down_by_suit():
    game = patience_core.new_game("russian-solitaire", seed=1)
    lay(game, "t3", "2S", "9D 4C")
    lay(game, "t4", "", "TH")
    with pytest.raises(IllegalMoveError, match="9D does not go on TH"):
        game.play("t3-t4x2")
    lay(game, "t4", "", "TD")
    game.play("t3-t4x2")
    assert game.table.pile("t4") == cards("TD 9D 4C")


@pytest.mark.parametrize("game_id", GAMES)
def test_y4_an_empty_column_takes_a_king_with_whatever_lies_on_it(game_id):
    game = patience_core.new_game(game_id, seed=1)
    lay(game, "t3", "2S", "KD 4C 9H")
    game.table.piles[index(game, "t4")] = ()  # the cards go nowhere: only the moves are asked
    legal = [str(m) for m in game.legal_moves()]
    assert "t3-t4x3" in legal
    assert "t3-t4x2" not in legal
    assert "t3-t4" not in legal
    assert "an empty column takes a K" in game.why_illegal("t3-t4x2")


def test_y5_the_card_a_move_uncovers_turns_up_as_part_of_it():
    game = patience_core.new_game("yukon", seed=1)
    lay(game, "t3", "2S 5C", "9D 4C")
    lay(game, "t4", "", "TS")
    game.play("t3-t4x2")
    i = index(game, "t3")
    assert game.table.piles[i] == cards("2S 5C")
    assert game.table.down[i] == 1
    view = {p["id"]: p for p in game.to_dict("player")["piles"]}
    assert view["t3"]["cards"] == [None, "5C"]
    game.undo()
    assert game.table.down[i] == 2


@pytest.mark.parametrize(("game_id", "seed"), [("yukon", 2), ("russian-solitaire", 14)])
def test_y6_won_with_all_52_home_and_the_solver_line_replays_to_a_win(game_id, seed):
    result = patience_core.solve_full_information(
        patience_core.new_game(game_id, seed=seed), node_limit=20_000
    )
    assert result.won
    replay = patience_core.new_game(game_id, seed=seed)
    for move in result.line:
        assert not replay.is_won()
        replay.play(move)
    assert replay.is_won()
    assert replay.cards_left() == 0
    assert sum(len(replay.table.pile(f"f{s + 1}")) for s in range(4)) == 52


def test_y6_the_generic_solver_proves_a_russian_deal_lost():
    result = patience_core.solve_full_information(patience_core.new_game("russian-solitaire", seed=1))
    assert result.verdict == "no win"
    assert result.solver == "generic"


def _blocked(game_id, last="JH"):
    game = patience_core.new_game(game_id, seed=1)
    for s in range(4):
        game.table.piles[index(game, f"f{s + 1}")] = tuple(s * 13 + r for r in range(9))  # A..9
    # The kings and jacks on top; the tens and queens face down: nothing fits anywhere.
    for pile, down, up in [
        ("t1", "QC TC", "KC"),
        ("t2", "QD TD", "KD"),
        ("t3", "QH TH", "KH"),
        ("t4", "QS TS", "KS"),
        ("t5", "JS", "JC"),
        ("t6", "", "JD"),
        ("t7", "", last),
    ]:
        lay(game, pile, down, up)
    return game


@pytest.mark.parametrize("game_id", GAMES)
def test_y6_lost_when_no_move_is_left(game_id):
    game = _blocked(game_id)
    assert game.legal_moves() == []
    assert game.is_over()
    assert not game.is_won()
    spaced = _blocked(game_id, last="")  # a space for a king: not over
    assert spaced.legal_moves()
    assert not spaced.is_over()


def test_y7_no_stock_no_draw_no_redeal_words():
    game = patience_core.new_game("yukon", seed=3)
    with pytest.raises(IllegalMoveError, match="no 'draw' move"):
        game.play("draw")
    with pytest.raises(IllegalMoveError, match="no 'redeal' move"):
        game.play("redeal")


# --- PySolFC's deals ------------------------------------------------------------------------


def _pysol_yukon_by_its_start_game(number):
    """Yukon.startGame (pysollib/games/yukon.py), played on a model of its talon (a list whose
    last card, the top, is dealt first): ``for i in range(1, 7): dealRow(rows[i:], flip=0)``;
    ``for i in range(4): dealRow(rows[1:], flip=1)``; ``_startAndDealRow()``: one face-up row."""
    from patience_klondike.deals import pysol_order

    talon = list(reversed(pysol_order(number)))
    rows = [[] for _ in range(7)]
    for i in range(1, 7):
        for r in range(i, 7):
            rows[r].append((talon.pop(), False))
    for _ in range(4):
        for r in range(1, 7):
            rows[r].append((talon.pop(), True))
    for r in range(7):
        rows[r].append((talon.pop(), True))
    assert not talon
    return rows


@pytest.mark.parametrize("number", [1, 2, 19, 31999, 32000, 123456789])
@pytest.mark.parametrize("game_id", GAMES)
def test_pysol_deal_n_is_laid_out_as_pysolfcs_yukon_start_game_lays_it(game_id, number):
    pytest.importorskip("pysol_cards")
    want = _pysol_yukon_by_its_start_game(number)
    spec = {s.id: s for s in patience_core.games()}[game_id]
    game = patience_core.new_game(game_id, deal=spec.pysol(number))
    for c in range(7):
        i = index(game, f"t{c + 1}")
        assert game.table.piles[i] == tuple(x for x, _ in want[c])
        assert game.table.down[i] == sum(1 for _, up in want[c] if not up)


def test_pysol_deal_1_as_pysol_cards_writes_it():
    pytest.importorskip("pysol_cards")
    from patience_klondike.yukon import pysol_yukon_columns

    columns = pysol_yukon_columns(1)
    assert len(columns[0][1]) == 1
    assert not columns[0][0]
    assert [len(d) for d, _ in columns] == [0, 1, 2, 3, 4, 5, 6]


# --- players and hints see no face-down card ----------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_players_and_hints_play_from_what_is_seen(game_id):
    for name in ("random", "greedy"):
        game = play_game(patience_core.new_game(game_id, seed=4), get_player(name), max_moves=200)
        assert game.moves, f"{name} played no move"
    game = patience_core.new_game(game_id, seed=4)
    h = hint(game, samples=4, solved=1, time_limit=None, node_limit=500)
    assert h.move in game.legal_moves()
    # Two games alike but for two face-down cards get the same hint.
    check_hidden_cards_do_not_matter(game, random.Random(2))

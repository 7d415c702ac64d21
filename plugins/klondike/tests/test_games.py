"""Klondike and Thumb and Pouch as Patience games: each rule of docs/klondike.md (K1..K9), the
conformance kit, and the solver's lines replayed through the public API."""

from __future__ import annotations

import pytest

import patience_core
from patience_core import IllegalMoveError
from patience_core.engine.cards import RANK_OF, SUIT_OF, parse_card_index
from patience_core.testing import conformance_tests

TestKlondikeConformance = conformance_tests("klondike", max_examples=6, steps=25, solver_nodes=2_000)
TestKlondike3Conformance = conformance_tests("klondike-3", max_examples=4, steps=25, solver_nodes=2_000)
TestThumbAndPouchConformance = conformance_tests(
    "thumb-and-pouch", max_examples=4, steps=25, solver_nodes=2_000
)


def piles(game):
    return {p["id"]: p for p in game.to_dict("player")["piles"]}


def card(text):
    return parse_card_index(text)


def test_k1_seven_columns_one_to_seven_cards_only_the_top_face_up_24_in_the_stock():
    view = piles(patience_core.new_game("klondike", seed=4))
    for c in range(7):
        column = view[f"t{c + 1}"]
        assert len(column["cards"]) == c + 1
        assert column["down"] == c
        assert column["cards"][:c] == [None] * c  # the player never sees a face-down card
    assert len(view["s"]["cards"]) == 24
    assert all(x is None for x in view["s"]["cards"])


@pytest.mark.parametrize("draw", [1, 3])
def test_k2_a_draw_turns_draw_cards_the_last_on_top(draw):
    game = patience_core.new_game("klondike", seed=4, draw=draw)
    stock = game.table.piles[game.rules._stock]
    game.play("draw")
    waste = game.table.piles[game.rules._waste]
    assert waste == tuple(reversed(stock[-draw:]))  # the stock's top card first, the last on top
    assert len(game.table.piles[game.rules._stock]) == 24 - draw


def test_k3_redeal_turns_the_waste_over_as_often_as_redeals_allows():
    game = patience_core.new_game("klondike", seed=4, draw=3, redeals="1")
    first = game.table.piles[game.rules._stock]
    while game.table.piles[game.rules._stock]:
        game.play("draw")
    game.play("redeal")
    assert game.table.piles[game.rules._stock] == first  # the first card drawn is drawn first again
    while game.table.piles[game.rules._stock]:
        game.play("draw")
    with pytest.raises(IllegalMoveError, match="no redeal left"):
        game.play("redeal")
    one_pass = patience_core.new_game("thumb-and-pouch", seed=4)
    while one_pass.table.piles[one_pass.rules._stock]:
        one_pass.play("draw")
    assert "redeal" not in [str(m) for m in one_pass.legal_moves()]


def test_k4_k5_k6_k8_what_goes_where():
    rules = patience_core.new_game("klondike", seed=1).rules
    t1, f1 = rules._index["t1"], rules._index["f1"]
    game = patience_core.new_game("klondike", seed=1)
    table = game.table
    # K4: a foundation takes its own suit up from the ace, one card at a time.
    table.piles[f1] = ()
    assert rules.why_not_onto(table, (card("AC"),), f1) is None
    assert rules.why_not_onto(table, (card("2C"),), f1) is not None
    assert rules.why_not_onto(table, (card("AD"),), f1) is not None
    # K5: down in the other colour; K6: a king into a space.
    table.piles[t1] = (card("8S"),)
    assert rules.why_not_onto(table, (card("7H"),), t1) is None
    assert rules.why_not_onto(table, (card("7C"),), t1) is not None
    assert rules.why_not_onto(table, (card("6H"),), t1) is not None
    table.piles[t1] = ()
    assert rules.why_not_onto(table, (card("KD"), card("QS")), t1) is None
    assert rules.why_not_onto(table, (card("QD"),), t1) is not None
    thumb = patience_core.new_game("thumb-and-pouch", seed=1)
    t = thumb.table
    t.piles[t1] = (card("8S"),)
    assert thumb.rules.why_not_onto(t, (card("7C"),), t1) is None  # any other suit
    assert thumb.rules.why_not_onto(t, (card("7S"),), t1) is not None
    t.piles[t1] = ()
    assert thumb.rules.why_not_onto(t, (card("5D"),), t1) is None  # any card into a space
    # K8: a foundation's card may come back down.
    assert rules.piles[f1].gives == "one"


def test_k5_a_face_up_run_moves_together_and_k7_the_card_under_turns_up():
    game = patience_core.new_game("klondike", seed=1)
    result = patience_core.solve_full_information(game, node_limit=2_000_000)
    assert result.won
    runs = [m for m in result.line if "x" in m]
    replay = patience_core.new_game("klondike", seed=1)
    for move in result.line:
        before = replay.table.down[:]
        src = move.split("-")[0]
        replay.play(move)
        if src.startswith("t"):
            i = replay.rules._index[src]
            pile = replay.table.piles[i]
            assert not pile or replay.table.down[i] < len(pile)  # K7: its top card is face up
            assert replay.table.down[i] in (before[i], before[i] - 1)
    assert replay.is_won()  # K9
    assert runs, "a whole game of Klondike moves at least one run"


@pytest.mark.parametrize("game_id", ["klondike", "klondike-3", "thumb-and-pouch"])
def test_k9_the_solver_line_replays_to_a_win_through_the_public_api(game_id):
    # Won deals in every game (Thumb and Pouch's deal 3 is unknown at the default limit).
    for seed in (2, 4):
        game = patience_core.new_game(game_id, seed=seed)
        result = patience_core.solve_full_information(game, node_limit=2_000_000, time_limit=60)
        assert result.solver == "klondike"
        assert result.won
        replay = patience_core.new_game(game_id, seed=seed)
        for move in result.line:
            replay.play(move)
        assert replay.is_won()
        assert sum(len(replay.table.piles[replay.rules._index[f"f{s + 1}"]]) for s in range(4)) == 52


def test_k4_foundations_are_by_suit_from_the_ace():
    game = patience_core.new_game("klondike", seed=2)
    result = patience_core.solve_full_information(game, node_limit=2_000_000)
    for move in result.line:
        game.play(move)
    for s in range(4):
        home = game.table.piles[game.rules._index[f"f{s + 1}"]]
        assert [SUIT_OF[c] for c in home] == [s] * 13
        assert [RANK_OF[c] for c in home] == list(range(1, 14))


@pytest.mark.parametrize("number", [1, 2, 31999, 40000])
def test_pysol_deal_n_lays_out_pysolfcs_klondike_n(number):
    pytest.importorskip("pysol_cards")
    from patience_klondike.deals import pysol_klondike
    from patience_klondike.games import KLONDIKE, position_of

    game = patience_core.new_game("klondike", deal=KLONDIKE.pysol(number))
    game.play("draw")  # PySolFC turns the first stock card as it deals
    assert position_of(game.table) == pysol_klondike(number)

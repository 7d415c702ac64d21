"""Canfield: each rule of docs/canfield.md (C1..C9), the conformance kit, PySolFC's deals, the
family's solver as the game's own checked against the generic solver, and lines replayed."""

from __future__ import annotations

import random

import pytest

import patience_core
from patience_core import IllegalMoveError
from patience_core.engine.cards import RANK_OF, SUIT_OF, parse_card_index
from patience_core.players import get_player, hint, play_game
from patience_core.testing import check_hidden_cards_do_not_matter, conformance_tests

TestCanfieldConformance = conformance_tests("canfield", max_examples=4, steps=20, solver_nodes=2_000)


def cards(text):
    return tuple(parse_card_index(t) for t in text.split())


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


def test_c1_base_card_to_f1_thirteen_to_the_reserve_one_to_each_of_four_columns_34_in_the_stock():
    game = patience_core.new_game("canfield", seed=6)
    deal = game.rules.deal_for(6).indices
    table = game.table
    assert table.pile("f1") == deal[:1]
    assert table.base_rank() == RANK_OF[deal[0]]
    assert table.pile("r") == deal[1:14]  # bottom first: the last is the card in play
    assert [table.pile(f"t{c}") for c in range(1, 5)] == [deal[14 + c : 15 + c] for c in range(4)]
    assert table.pile("s") == tuple(reversed(deal[18:]))  # the first card to be drawn on top
    view = {p["id"]: p for p in game.to_dict("player")["piles"]}
    assert view["r"]["down"] == 12
    assert view["r"]["cards"][:12] == [None] * 12  # only the reserve's top card is seen
    assert view["s"]["cards"] == [None] * 34


@pytest.mark.parametrize("draw", [3, 1])
def test_c2_a_draw_turns_three_cards_and_redeals_are_unlimited(draw):
    game = patience_core.new_game("canfield", seed=6, draw=draw)
    stock = game.table.pile("s")
    game.play("draw")
    assert game.table.pile("w") == tuple(reversed(stock[-draw:]))
    for _ in range(3):  # three times through and round again
        while game.table.pile("s"):
            game.play("draw")
        game.play("redeal")
        assert game.table.pile("s") == stock
    limited = patience_core.new_game("canfield", seed=6, redeals="0")
    while limited.table.pile("s"):
        limited.play("draw")
    with pytest.raises(IllegalMoveError, match="no redeal left"):
        limited.play("redeal")


def test_c3_foundations_build_up_by_suit_from_the_base_rank_turning_the_corner_from_king_to_ace():
    game = patience_core.new_game("canfield", seed=6)
    rules, table = game.rules, game.table
    lay(game, "f1", "", "JH QH KH")
    f1 = index(game, "f1")
    assert rules.why_not_onto(table, cards("AH"), f1) is None  # king, then ace
    assert rules.why_not_onto(table, cards("AD"), f1) is not None
    assert rules.why_not_onto(table, cards("2H"), f1) is not None
    assert rules.why_not_onto(table, cards("AH 2H"), f1) is not None  # one card at a time


def test_c3_an_empty_foundation_takes_a_card_of_the_base_rank_on_the_first_empty_one():
    game = patience_core.new_game("canfield", seed=6)
    lay(game, "f1", "", "JH")
    lay(game, "t2", "", "JS")
    lay(game, "t3", "", "QD")
    legal = [str(m) for m in game.legal_moves()]
    assert "t2-f2" in legal
    assert "t2-f3" not in legal  # the empty foundations are alike: the first is offered
    assert "t3-f2" not in legal  # a queen is not the base rank
    with pytest.raises(IllegalMoveError, match="first empty one"):
        game.play("t2-f3")
    assert "takes J" in game.why_illegal("t3-f2") or "not QD" in game.why_illegal("t3-f2")
    game.play("t2-f")
    assert game.table.pile("f2") == cards("JS")


def test_c4_foundations_give_nothing_back():
    game = patience_core.new_game("canfield", seed=6)
    assert "never leave" in game.why_illegal("f1-t1")


def test_c5_columns_build_down_in_alternating_colours_a_king_on_an_ace():
    game = patience_core.new_game("canfield", seed=6)
    rules, table = game.rules, game.table
    t1 = index(game, "t1")
    lay(game, "t1", "", "8S")
    assert rules.why_not_onto(table, cards("7H"), t1) is None
    assert rules.why_not_onto(table, cards("7C"), t1) is not None
    assert rules.why_not_onto(table, cards("9H"), t1) is not None
    lay(game, "t1", "", "AS")
    assert rules.why_not_onto(table, cards("KD"), t1) is None
    assert rules.why_not_onto(table, cards("KC"), t1) is not None


def test_c6_any_run_moves_together_not_only_the_whole_column():
    game = patience_core.new_game("canfield", seed=6)
    lay(game, "t1", "", "9C 8H 7S 6D")
    lay(game, "t2", "", "9S")
    game.play("t1-t2x3")  # part of the column: 8H 7S 6D
    assert game.table.pile("t2") == cards("9S 8H 7S 6D")
    assert game.table.pile("t1") == cards("9C")


def test_c7_the_reserve_top_plays_and_the_card_under_it_turns_up():
    game = patience_core.new_game("canfield", seed=6)
    reserve = game.table.pile("r")
    lay(game, "t1", "", _text(reserve[-1], 1))  # a card that takes the reserve's top
    r = index(game, "r")
    assert "r-t1" in [str(m) for m in game.legal_moves()]
    game.play("r-t1")
    assert game.table.pile("r") == reserve[:-1]
    assert game.table.down[r] == 11  # the next card is face up
    view = {p["id"]: p for p in game.to_dict("player")["piles"]}
    assert view["r"]["cards"][-1] is not None


def _text(card, up):
    """A card one rank above ``card`` (wrapping) of the other colour: one it may go on."""
    from patience_core.engine.cards import CARD_TEXT

    rank = card % 13 + up  # 0-based rank + 1 = one above
    suit = 0 if SUIT_OF[card] in (1, 2) else 1
    return CARD_TEXT[suit * 13 + rank % 13]


def test_c8_a_column_emptied_while_the_reserve_lasts_takes_its_top_card_at_once():
    game = patience_core.new_game("canfield", seed=6)
    top = game.table.pile("r")[-1]
    lay(game, "t1", "", "9C 8H")
    lay(game, "t2", "", "9S")
    game.play("t1-t2")  # 8H leaves; 9C stays
    lay(game, "t3", "", "TH")
    game.play("t1-t3")  # 9C leaves: t1 is empty, and filled from the reserve as part of the move
    assert game.table.pile("t1") == (top,)
    game.undo()
    assert game.table.pile("t1") == cards("9C")
    assert game.table.pile("r")[-1] == top


def test_c8_once_the_reserve_is_gone_an_empty_column_takes_any_card_or_run():
    game = patience_core.new_game("canfield", seed=6)
    lay(game, "r", "", "")
    lay(game, "t1", "", "")
    lay(game, "t2", "", "5C 4H 3S")
    legal = [str(m) for m in game.legal_moves()]
    assert {"t2-t1", "t2-t1x2", "t2-t1x3"} <= set(legal)
    game.play("t2-t1x2")
    assert game.table.pile("t1") == cards("4H 3S")


def test_c9_won_with_all_52_home_and_the_solver_line_replays_to_a_win():
    for seed in (1, 2):
        game = patience_core.new_game("canfield", seed=seed)
        result = patience_core.solve_full_information(game, node_limit=1_000_000)
        assert result.solver == "klondike"
        assert result.won
        replay = patience_core.new_game("canfield", seed=seed)
        for move in result.line:
            assert not replay.is_won()
            replay.play(move)
        assert replay.is_won()
        for f in range(1, 5):
            home = replay.table.pile(f"f{f}")
            assert len({SUIT_OF[c] for c in home}) == 1
            assert len(home) == 13


@pytest.mark.parametrize(("seed", "redeals"), [(3, "unlimited"), (8, "unlimited"), (21, "0"), (5, "0")])
def test_the_family_solver_agrees_with_the_generic_solver_near_the_end(seed, redeals):
    # The family's line played until few cards are out, then random moves, then both decide.
    game = patience_core.new_game("canfield", seed=seed, redeals=redeals)
    line = patience_core.solve_full_information(game, node_limit=1_000_000).line
    for move in line:
        if game.cards_left() <= 14:
            break
        game.play(move)
    rng = random.Random(seed)
    for _ in range(8):
        game.play(rng.choice(game.legal_moves()))
    fast = patience_core.solve_full_information(game, node_limit=300_000)
    slow = patience_core.solve_full_information(game, node_limit=300_000, generic=True)
    assert fast.solver == "klondike"
    assert slow.solver == "generic"
    assert slow.verdict != "unknown"
    assert fast.verdict == slow.verdict


# --- PySolFC's deals ------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 105, 32000, 98765432101])
def test_pysol_deal_n_is_laid_out_as_pysolfcs_canfield_start_game(number):
    pytest.importorskip("pysol_cards")
    from patience_klondike.canfield import CANFIELD_GAME
    from patience_klondike.deals import pysol_order

    talon = list(reversed(pysol_order(number)))  # Canfield.startGame on a model of its talon
    base = talon.pop()
    reserve = [talon.pop() for _ in range(13)]
    rows = [[] for _ in range(4)]
    for r in reversed(range(4)):  # dealRow(reverse=1)
        rows[r].append(talon.pop())
    game = patience_core.new_game("canfield", deal=CANFIELD_GAME.pysol(number))
    game.play("draw")  # PySolFC's dealCards(): three cards to the waste at the deal
    waste = [talon.pop() for _ in range(3)]
    assert game.table.pile("f1") == (base,)
    assert game.table.pile("r") == tuple(reserve)
    assert [list(game.table.pile(f"t{c + 1}")) for c in range(4)] == rows
    assert game.table.pile("w") == tuple(waste)
    assert game.table.pile("s") == tuple(talon)  # the top, dealt next, last in both


# --- players and hints see no hidden card -------------------------------------------------------


def test_players_and_hints_play_from_what_is_seen():
    for name in ("random", "greedy"):
        game = play_game(patience_core.new_game("canfield", seed=4), get_player(name), max_moves=200)
        assert game.moves
    game = patience_core.new_game("canfield", seed=4)
    h = hint(game, samples=4, solved=1, time_limit=None, node_limit=500)
    assert h.move in game.legal_moves()
    check_hidden_cards_do_not_matter(game, random.Random(3))

"""All in a Row II, rules R1-R5 of docs/all-in-a-row-ii.md, its PySolFC deals and its solver."""

from __future__ import annotations

import pytest

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with
from patience_golf_family import all_in_a_row_ii
from patience_golf_family.all_in_a_row_ii import solve_full_information

TestAllInARowIIConformance = conformance_tests("all-in-a-row-ii")

RANKS = "A23456789TJQK"


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(cards: dict[str, str]) -> Game:
    return patience_core.new_game("all-in-a-row-ii", deal=deal_with(all_in_a_row_ii.LAYOUT, cards))


def test_r1_thirteen_columns_of_four_all_face_up_only_the_last_card_of_each_free():
    game = patience_core.new_game("all-in-a-row-ii", seed=4)
    view = game.to_dict("player")
    assert len(view["layout"]) == 52
    assert all(e["face_up"] for e in view["layout"])
    assert [e["id"] for e in view["layout"] if e["free"]] == [f"c{c}r4" for c in range(1, 14)]
    assert game.why_illegal(view["layout"][0]["card"]).endswith(f"is covered by {view['layout'][7]['card']}")


def test_r2_any_card_starts_the_reserve_then_one_rank_up_whatever_the_suit_k_then_a():
    game = new({"c1r4": "KC", "c2r4": "AD", "c3r4": "QH", "c4r4": "2S"})
    assert len(moves(game)) == 13  # an empty reserve takes any free card
    game.play("KC")
    assert moves(game) == ["AD"]  # up only: not the Q below it
    assert game.why_illegal("QH") == "QH does not fit on KC: it needs an A"
    game.play("AD")
    assert "2S" in moves(game)


def test_r3_the_reserve_run_goes_home_whole_and_only_from_two_cards():
    game = new({"c1r4": "KC", "c2r4": "AD", "c3r4": "7H"})
    game.play("KC")
    assert "w-f" not in moves(game)
    assert game.why_illegal("w-f") == "the reserve holds 1 card: a run of two or more goes to the foundation"
    game.play("AD")
    assert moves(game)[-1] == "w-fx2"
    reason = "the reserve's whole run goes home: w-fx2, not 1 of its cards"
    assert game.why_illegal("w-fx1") == reason
    assert str(game.play("w-f")) == "w-fx2"  # short for the whole run
    view = game.to_dict()
    assert view["waste"] == []
    assert game.cards_left() == 50
    assert len(moves(game)) == 11 + 2  # the reserve is empty again: any free card starts it


def test_r4_no_stock_no_building_on_the_columns_no_other_pile_move():
    game = new({"c1r4": "KC", "c2r4": "AD"})
    assert "draw" not in moves(game)
    reason = "there is no 'draw' move here: play a free card or move the reserve, w-f"
    assert game.why_illegal("draw") == reason
    game.play("KC")
    game.play("AD")
    assert game.why_illegal("w-c1r4") is not None
    assert game.why_illegal("f-w") == "the only pile move is the reserve's whole run to the foundation, w-f"


def test_r5_won_with_every_card_on_the_foundation_lost_when_no_move_is_left():
    cards = {f"c{c}r{r}": RANKS[c - 1] + "CDHS"[4 - r] for c in range(1, 14) for r in range(1, 5)}
    game = new(cards)
    for r in range(4, 0, -1):  # each row climbs A to K, then goes home
        for c in range(1, 14):
            game.play(RANKS[c - 1] + "CDHS"[4 - r])
        assert game.status() != "won"
        game.play("w-fx13")
    assert game.status() == "won"
    assert game.cards_left() == 0
    # A lone card on the reserve with nothing one rank up free: the game is over, not won.
    stuck = {f"c{c}r4": "5" + "CDHS"[c % 4] for c in range(1, 5)} | {"c5r4": "3C", "c6r4": "4C"}
    stuck |= {f"c{c}r4": RANKS[c - 1] + "C" for c in range(7, 14)}
    game = new(stuck)
    game.play("5D")  # no 6 is free
    assert game.legal_moves() == []
    assert game.status() == "lost"


def test_the_pysolfc_deal_is_its_shuffle_dealt_a_row_at_a_time_with_no_card_moved():
    from patience_core.engine.pysol import pysol_layout

    # PySolFC's All in a Row moves the ace of spades to the end of the deal; All in a Row II
    # does not, so on a deal where the ace of spades lies early the two differ after it...
    moved = pysol_layout("all_in_a_row", 1).piles
    game = patience_core.new_game("all-in-a-row-ii", deal=all_in_a_row_ii.pysol_deal(1))
    cards = {e["id"]: e["card"] for e in game.to_dict("full")["layout"]}
    columns = [" ".join(cards[f"c{c}r{r}"] for r in range(1, 5)) for c in range(1, 14)]
    assert columns[:2] == ["JD QC TS 7D", "2D KH QH 6D"]
    assert [" ".join(p) for p in moved[:2]] == ["JD QC QH 6D", "2D KH 4H 8S"]
    # Deal 2's ace of spades is its 49th card: the two games lay out the 48 before it alike.
    moved = pysol_layout("all_in_a_row", 2).piles
    game = patience_core.new_game("all-in-a-row-ii", deal=all_in_a_row_ii.pysol_deal(2))
    cards = {e["id"]: e["card"] for e in game.to_dict("full")["layout"]}
    assert all(cards[f"c{c}r{r}"] == moved[c - 1][r - 1] for r in range(1, 4) for c in range(1, 14))
    assert cards["c10r4"] == "AS" != moved[9][3]


@pytest.mark.parametrize("seed", [1, 2, 3, 11, 13])
def test_the_solver_line_replays_to_a_win(seed):
    game = patience_core.new_game("all-in-a-row-ii", seed=seed)
    result = patience_core.solve_full_information(game)
    assert result.solver == "all-in-a-row-ii"
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_the_solver_agrees_with_the_generic_search_on_small_positions():
    # The last 14 moves of a winning line, some after a few random moves off it.
    import random

    from patience_core.solver.generic import generic_solve

    rng = random.Random(5)
    checked = {"won": 0, "no win": 0}
    for seed in range(1, 25):
        game = patience_core.new_game("all-in-a-row-ii", seed=seed)
        line = solve_full_information(game, 1_000_000, None).line
        for move in line[: len(line) - 14]:
            game.play(move)
        for _ in range(rng.randint(0, 4)):
            if game.legal_moves():
                game.play(rng.choice(game.legal_moves()))
        if game.status() != "playing":
            continue
        ours = solve_full_information(game, 1_000_000, None)
        theirs = generic_solve(game, node_limit=1_000_000)
        assert ours is not None
        assert ours.verdict == theirs.verdict, seed
        checked[ours.verdict] += 1
    assert checked["won"]
    assert checked["no win"]

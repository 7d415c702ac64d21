"""Pyramid Dozen (DZ1-DZ3 of docs/pyramid-relatives.md): PySolFC's class PyramidDozen."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with, play_winning_line
from patience_pyramid import pyramid_dozen

TestPyramidDozenConformance = conformance_tests("pyramid-dozen", max_examples=10)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(cards: dict[str, str]) -> Game:
    return patience_core.new_game("pyramid-dozen", deal=deal_with(pyramid_dozen.LAYOUT, cards, []))


def test_dz1_a_pyramid_over_six_reserve_piles_of_four_all_face_up_no_stock():
    game = patience_core.new_game("pyramid-dozen", seed=1)
    view = game.to_dict("player")
    assert all(e["face_up"] for e in view["layout"])
    reserve = [e["id"] for e in view["layout"] if e["id"].startswith("reserve.")]
    assert len(view["layout"]) == 52
    assert len(reserve) == 24
    assert {r.split(".c")[1][0] for r in reserve} == set("123456")  # six piles
    free = [e["id"] for e in view["layout"] if e["free"]]
    assert free == [f"r7c{c}" for c in range(1, 8)] + [f"reserve.c{c}r4" for c in range(1, 7)]
    assert "draw" not in moves(game)
    assert "deal" not in moves(game)


def test_dz2_pairs_sum_to_12_or_a_queen_goes_with_a_king_and_nothing_goes_alone():
    game = new(
        {"r7c1": "6H", "r7c2": "6S", "r7c3": "QC", "r7c4": "KS", "reserve.c1r4": "7D", "reserve.c2r4": "5C"}
    )
    legal = moves(game)
    assert {"6H+6S", "KS+QC", "7D+5C"} <= set(legal)
    assert "KS" not in legal
    assert game.why_illegal("KS") == "KS is not removed alone: pair it with a Q"
    assert game.why_illegal("7D+6H") == (
        "7D+6H do not pair: remove two cards whose ranks sum to 12, or a queen with a king"
    )


def test_dz2_both_cards_must_be_free():
    game = new({"r7c1": "6H", "r7c2": "6S", "r6c1": "5C", "reserve.c1r4": "7D", "reserve.c1r3": "5D"})
    assert "7D+5C" not in moves(game)
    assert "7D+5D" not in moves(game)
    assert game.why_illegal("7D+5C") == "5C is covered by 6H and 6S"
    game.play("6H+6S")
    assert "7D+5C" in moves(game)


def test_dz3_won_when_all_52_cards_are_gone():
    game = play_winning_line(patience_core.new_game("pyramid-dozen", seed=17))
    assert len(game.to_dict()["removed"]) == 52


def test_dz3_lost_when_no_pair_is_free():
    game = patience_core.new_game("pyramid-dozen", seed=246)  # nothing pairs at the deal
    assert moves(game) == []
    assert game.status() == "lost"

"""Eleven Triangle (ET1-ET4 of docs/pyramid-relatives.md): PySolFC's class ElevenTriangle."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with, play_winning_line
from patience_pyramid import triangle

TestElevenTriangleConformance = conformance_tests("eleven-triangle", max_examples=10)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def pile(game: Game, pile_id: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict("player")["piles"] if p["id"] == pile_id)


def new(cards: dict[str, str], stock: str = "") -> Game:
    return patience_core.new_game("eleven-triangle", deal=deal_with(triangle.LAYOUT, cards, stock.split()))


def test_et1_a_triangle_of_28_and_a_card_dealt_onto_each_of_three_wastes():
    game = new({}, stock="AC 2C 3C")
    view = game.to_dict("player")
    assert len(view["layout"]) == 28
    assert [e["id"] for e in view["layout"] if e["free"]] == ["r7c1"]
    assert [pile(game, w) for w in ("w1", "w2", "w3")] == [["AC"], ["2C"], ["3C"]]
    assert view["stock"]["count"] == 21


def test_et2_pairs_summing_to_11_or_two_like_face_cards_nothing_alone():
    game = new({"r7c1": "KD"}, stock="TC AD KS")
    legal = set(moves(game))
    assert {"TC+AD", "KD+KS"} <= legal
    assert "KS" not in legal
    assert game.why_illegal("KS") == "KS is not removed alone: pair it with a K"
    assert game.why_illegal("KD+AD") == (
        "KD+AD do not pair: remove two cards whose ranks sum to 11, or two jacks, two queens or two kings"
    )


def test_et2_only_the_tops_of_the_wastes_are_in_reach():
    game = new({"r7c1": "8D"}, stock="2C 3C 4C JC 5C 6C")
    game.play("deal")
    assert [pile(game, w) for w in ("w1", "w2", "w3")] == [["2C", "JC"], ["3C", "5C"], ["4C", "6C"]]
    assert "6C+5C" in moves(game)
    assert not [m for m in moves(game) if "2C" in m or "3C" in m or "4C" in m]
    assert game.why_illegal("8D+3C") == "3C is in the waste under 5C: only the top card of a pile is in reach"


def test_et3_a_deal_puts_one_card_on_each_waste_and_there_is_one_pass():
    game = patience_core.new_game("eleven-triangle", seed=1)
    for _ in range(7):
        assert "deal" in moves(game)
        game.push("deal")
    assert game.to_dict("player")["stock"]["count"] == 0
    assert "deal" not in moves(game)
    assert "redeal" not in moves(game)
    assert game.why_illegal("redeal") == (
        "this game allows one pass through the stock: the wastes are never gathered"
    )


def test_et4_won_when_all_52_cards_are_gone():
    game = play_winning_line(patience_core.new_game("eleven-triangle", seed=14))
    assert len(game.to_dict()["removed"]) == 52

"""Apophis (AP1-AP4 of docs/pyramid-relatives.md): PySolFC's class Apophis."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with, play_winning_line
from patience_pyramid import LAYOUT

TestApophisConformance = conformance_tests("apophis", max_examples=10)

WASTES = ("w1", "w2", "w3")


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def pile(game: Game, pile_id: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict("player")["piles"] if p["id"] == pile_id)


def new(cards: dict[str, str], stock: str = "") -> Game:
    return patience_core.new_game("apophis", deal=deal_with(LAYOUT, cards, stock.split()))


def test_ap1_the_pyramid_face_up_and_a_card_dealt_onto_each_of_three_wastes():
    game = new({}, stock="AC 2C 3C")
    view = game.to_dict("player")
    assert [e["id"] for e in view["layout"] if e["free"]] == [f"r7c{c}" for c in range(1, 8)]
    assert [pile(game, w) for w in WASTES] == [["AC"], ["2C"], ["3C"]]
    assert view["stock"]["count"] == 21


def test_ap2_pairs_summing_to_13_and_kings_alone_from_the_pyramid_and_the_waste_tops():
    game = new({"r7c1": "QD", "r7c2": "8H"}, stock="AC 5C KC")
    legal = set(moves(game))
    assert {"QD+AC", "8H+5C", "KC"} <= legal
    assert "QD+5C" not in legal
    assert game.why_illegal("QD") == "QD is not removed alone: pair it with an A"


def test_ap3_deal_one_card_a_waste_and_a_redeal_gathers_them_as_pysolfc_does():
    game = patience_core.new_game("apophis", seed=1)
    while "deal" in moves(game):
        game.push("deal")
    third = pile(game, "w3")
    assert game.why_illegal("deal") == "the stock is empty: redeal to gather the wastes for the next pass"
    game.play("redeal")
    # The third waste's bottom cards come first, one onto each waste again.
    assert [pile(game, w) for w in WASTES] == [[third[0]], [third[1]], [third[2]]]
    assert game.to_dict("player")["stock"]["count"] == 21


def test_ap3_three_passes_in_all():
    game = patience_core.new_game("apophis", seed=1)
    for _ in range(2):
        while "deal" in moves(game):
            game.push("deal")
        game.push("redeal")
    while "deal" in moves(game):
        game.push("deal")
    assert "redeal" not in moves(game)
    assert game.why_illegal("redeal") == "no redeal left: all 3 passes through the stock are used"


def test_ap4_won_when_all_52_cards_are_gone():
    game = play_winning_line(patience_core.new_game("apophis", seed=2))
    assert len(game.to_dict()["removed"]) == 52

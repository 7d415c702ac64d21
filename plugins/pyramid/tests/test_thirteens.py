"""Thirteens (TH1-TH4 of docs/pyramid-relatives.md): PySolFC's class Thirteens."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_piles, play_winning_line

TestThirteensConformance = conformance_tests("thirteens", max_examples=10)

PLACES = [f"c{n}" for n in range(1, 11)]


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(places: str, stock: str = "") -> Game:
    cards = dict(zip(PLACES, places.split(), strict=True))
    return patience_core.new_game("thirteens", deal=deal_piles("thirteens", cards, stock.split()))


def pile(game: Game, pile_id: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict("player")["piles"] if p["id"] == pile_id)


def tops(game: Game) -> list[str | None]:
    return [(pile(game, p) or [None])[-1] for p in PLACES]


def test_th1_ten_places_of_one_card_face_up_the_rest_in_the_stock():
    game = patience_core.new_game("thirteens", seed=1)
    view = game.to_dict("player")
    assert all(len(pile(game, p)) == 1 for p in PLACES)
    assert view["stock"]["count"] == 42


def test_th2_pairs_summing_to_13_and_kings_alone_from_the_places():
    game = new("KC 7H 6S 8D 4C 2H 3S 9D TC 5H")
    legal = set(moves(game))
    assert {"KC", "7H+6S", "8D+5H", "9D+4C"} <= legal
    assert "8D+4C" not in legal
    assert "7H" not in legal
    assert (
        game.why_illegal("8D+4C") == "8D+4C do not pair: remove two cards whose ranks sum to 13, a king alone"
    )
    assert game.why_illegal("7H") == "7H is not removed alone: pair it with a 6"


def test_th3_an_emptied_place_takes_the_next_stock_card_and_there_is_no_draw():
    game = new("KC 7H 6S 8D 4C 2H 3S 9D TC 5H", stock="QD AS JH")
    assert "draw" not in moves(game)
    assert "deal" not in moves(game)
    game.play("7H+6S")
    assert tops(game)[1:3] == ["QD", "AS"]
    game.play("KC")
    assert tops(game)[0] == "JH"
    assert game.to_dict("player")["stock"]["count"] == 42 - 3


def test_th4_won_when_all_52_cards_are_gone_lost_when_nothing_pairs():
    game = play_winning_line(patience_core.new_game("thirteens", seed=1))
    assert len(game.to_dict()["removed"]) == 52
    stuck = patience_core.new_game("thirteens", seed=31)  # nothing pairs at the deal
    assert moves(stuck) == []
    assert stuck.status() == "lost"

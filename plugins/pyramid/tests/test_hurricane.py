"""Hurricane (HU1-HU4 of docs/pyramid-relatives.md): PySolFC's class Hurricane."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_piles, play_winning_line

TestHurricaneConformance = conformance_tests("hurricane", max_examples=10)

PILES = [f"r{n}" for n in range(1, 11)]
PLACES = ["c1", "c2", "c3"]


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def pile(game: Game, pile_id: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict("player")["piles"] if p["id"] == pile_id)


def new(piles: dict[str, str], stock: str = "") -> Game:
    return patience_core.new_game("hurricane", deal=deal_piles("hurricane", piles, stock.split()))


def test_hu1_ten_piles_of_three_and_three_single_places_face_up_19_in_the_stock():
    game = patience_core.new_game("hurricane", seed=1)
    assert [len(pile(game, p)) for p in PILES] == [3] * 10
    assert [len(pile(game, p)) for p in PLACES] == [1] * 3
    assert all(card is not None for p in PILES + PLACES for card in pile(game, p))
    assert game.to_dict("player")["stock"]["count"] == 19


def test_hu2_pairs_summing_to_14_from_the_tops_and_nothing_alone():
    game = new({"r1": "2C 3C AD", "r2": "4C 5C KD", "r3": "6C 7C 7D", "c1": "7H", "c2": "QS", "c3": "5D"})
    legal = set(moves(game))
    assert {"KD+AD", "7D+7H"} <= legal
    assert "KD" not in legal
    assert "QS+AD" not in legal
    assert game.why_illegal("KD") == "KD is not removed alone: pair it with an A"
    assert (
        game.why_illegal("QS+2C") == "2C lies in reserve 1 under 3C: only the top card of a pile is in reach"
    )


def test_hu3_only_the_places_are_refilled_from_the_stock():
    game = new({"r1": "2C 3C AD", "r2": "4C 5C KD", "c1": "7H", "c2": "QS", "c3": "7D"}, stock="JD 8C")
    assert "draw" not in moves(game)
    game.play("KD+AD")
    assert pile(game, "r1") == ["2C", "3C"]
    assert pile(game, "r2") == ["4C", "5C"]
    game.play("7D+7H")
    assert pile(game, "c1") == ["JD"]
    assert pile(game, "c3") == ["8C"]


def test_hu3_an_emptied_pile_of_three_stays_empty():
    game = new({"r1": "AC AD AH", "r2": "KC KD KH"}, stock="QS")
    for move in ("KH+AH", "KD+AD", "KC+AC"):
        game.play(move)
    assert pile(game, "r1") == []
    assert pile(game, "r2") == []
    assert game.to_dict("player")["stock"]["count"] == 19


def test_hu4_won_when_all_52_cards_are_gone_lost_when_nothing_pairs():
    game = play_winning_line(patience_core.new_game("hurricane", seed=3))
    assert len(game.to_dict()["removed"]) == 52
    stuck = patience_core.new_game("hurricane", seed=1886)  # nothing pairs at the deal
    assert moves(stuck) == []
    assert stuck.status() == "lost"

"""Baroness (BA1-BA5 of docs/pyramid-relatives.md): PySolFC's class Baroness."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_piles, play_winning_line

TestBaronessConformance = conformance_tests("baroness", max_examples=10)

PILES = [f"t{n}" for n in range(1, 6)]


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def pile(game: Game, pile_id: str) -> list[str | None]:
    return next(p["cards"] for p in game.to_dict("player")["piles"] if p["id"] == pile_id)


def new(cards: str, stock: str = "") -> Game:
    piles = dict(zip(PILES, cards.split(), strict=True))
    return patience_core.new_game("baroness", deal=deal_piles("baroness", piles, stock.split()))


def test_ba1_five_piles_of_one_card_two_empty_reserves_47_in_the_stock():
    game = patience_core.new_game("baroness", seed=1)
    assert [len(pile(game, p)) for p in PILES] == [1] * 5
    assert pile(game, "r1") == []
    assert pile(game, "r2") == []
    assert game.to_dict("player")["stock"]["count"] == 47


def test_ba2_pairs_summing_to_13_and_kings_alone_from_the_tops():
    game = new("KC 7H 6S 8D 3C", stock="5H 2S 9D 4C JD")
    assert {"KC", "7H+6S"} <= set(moves(game))
    game.play("deal")
    legal = set(moves(game))
    assert {"9D+4C", "JD+2S"} <= legal
    assert "7H+6S" not in legal  # both are covered now
    assert (
        game.why_illegal("8D+5H") == "8D lies in column 4 under 4C: only the top card of a pile is in reach"
    )
    assert game.why_illegal("7H") == "7H is not removed alone: pair it with a 6"


def test_ba3_a_deal_puts_a_card_on_each_pile_and_the_last_seven_fill_the_reserves():
    game = patience_core.new_game("baroness", seed=1)
    for _ in range(8):
        game.push("deal")
    assert [len(pile(game, p)) for p in PILES] == [9] * 5
    assert game.to_dict("player")["stock"]["count"] == 7
    game.play("deal")
    assert [len(pile(game, p)) for p in PILES] == [10] * 5
    assert len(pile(game, "r1")) == 1
    assert len(pile(game, "r2")) == 1
    assert "deal" not in moves(game)


def test_ba4_a_top_card_moves_only_onto_an_empty_pile():
    game = new("KC 7H 6S 8D 3C", stock="QH 2S 9D 4C JD")
    assert not [m for m in moves(game) if "-" in m]
    game.play("KC")
    assert {"t2-t1", "t5-t1"} <= set(moves(game))
    assert "t1-t2" not in moves(game)
    game.play("t5-t1")
    assert pile(game, "t1") == ["3C"]
    assert pile(game, "t5") == []
    assert game.why_illegal("t1-t2") == (
        "t1-t2 is not a legal move now: only a pile's top card moves, and only to an empty pile"
        " (a reserve card never moves)"
    )


def test_ba5_won_when_all_52_cards_are_gone():
    game = play_winning_line(patience_core.new_game("baroness", seed=3))
    assert len(game.to_dict()["removed"]) == 52

"""Pharaohs (H1-H3 of docs/pharaohs.md): PySolFC's three open pyramids, no stock."""

from __future__ import annotations

import patience_core
from patience_core import Game
from patience_core.testing import conformance_tests, deal_with
from patience_pyramid import pharaohs

TestPharaohsConformance = conformance_tests("pharaohs", max_examples=10)  # Giza's rules, run in full


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(cards: dict[str, str]) -> Game:
    return patience_core.new_game("pharaohs", deal=deal_with(pharaohs.LAYOUT, cards, []))


def test_h1_three_pyramids_of_2_7_and_6_rows_all_52_face_up():
    game = patience_core.new_game("pharaohs", seed=1)
    view = game.to_dict("player")
    assert len(view["layout"]) == 52
    assert all(e["face_up"] for e in view["layout"])
    sizes = {p: sum(e["id"].startswith(p + ".") for e in view["layout"]) for p in ("p1", "p2", "p3")}
    assert sizes == {"p1": 3, "p2": 28, "p3": 21}
    assert view["stock"]["count"] == 0


def test_h2_only_each_pyramids_bottom_row_is_free_and_cover_stays_within_a_pyramid():
    game = patience_core.new_game("pharaohs", seed=1)
    free = [e["id"] for e in game.to_dict()["layout"] if e["free"]]
    bottoms = [f"p1.r2c{c}" for c in (1, 2)] + [f"p2.r7c{c}" for c in range(1, 8)]
    assert free == bottoms + [f"p3.r6c{c}" for c in range(1, 7)]
    layout = pharaohs.LAYOUT
    for spot in layout.spots:
        assert all(c.split(".")[0] == spot.id.split(".")[0] for c in spot.covered_by)


def test_h2_pairs_to_13_across_pyramids_and_kings_alone_no_draw():
    game = new(
        {"p1.r2c1": "QC", "p1.r2c2": "KH", "p3.r6c6": "AD", "p2.r7c4": "KD", "p1.r1c1": "5H", "p2.r7c1": "8H"}
    )
    assert "QC+AD" in moves(game)
    assert "KD" in moves(game)
    assert "draw" not in moves(game)
    assert game.why_illegal("8H+5H") == "5H is covered by QC and KH"
    game.play("KH")
    game.play("QC+AD")
    assert "5H" in [e["card"] for e in game.to_dict()["layout"] if e["free"]]


def test_h3_won_when_all_52_cards_are_gone():
    game = patience_core.new_game("pharaohs", seed=5)
    result = patience_core.solve_full_information(game)
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"
    assert len(game.to_dict()["removed"]) == 52

"""The Pyramid family beyond P1-P13: the options peers play (face_down, draw, unlimited passes),
the presets for their names, Triangle (T1-T3 of docs/triangle.md) and Giza (Z1-Z3 of
docs/giza.md), and which solver answers each."""

from __future__ import annotations

import pytest

import patience_core
from patience_core import Game, OptionError
from patience_core.testing import conformance_tests, deal_with
from patience_pyramid import LAYOUT, giza, triangle

TestKingTutConformance = conformance_tests("king-tut")
TestThirteenConformance = conformance_tests("thirteen")
TestTriangleConformance = conformance_tests("triangle")
TestGizaConformance = conformance_tests("giza")

BOTTOM = [f"r7c{c}" for c in range(1, 8)]


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(game_id: str = "pyramid", cards: dict | None = None, stock=(), layout=LAYOUT, **options) -> Game:
    return patience_core.new_game(game_id, deal=deal_with(layout, cards or {}, list(stock)), **options)


# --- face_down (Thirteen) -------------------------------------------------------------------------


def test_face_down_deals_the_rows_above_the_bottom_face_down():
    game = patience_core.new_game("pyramid", seed=3, face_down=True)
    up = [e["id"] for e in game.to_dict("player")["layout"] if e["face_up"]]
    assert up == BOTTOM
    assert all(e["card"] is None for e in game.to_dict("player")["layout"] if e["id"] not in BOTTOM)


def test_face_down_a_card_turns_up_once_both_cards_on_it_are_gone():
    game = new(cards={"r7c1": "KC", "r7c2": "KD", "r6c1": "KH"}, face_down=True)
    assert game.why_illegal("KH") == "KH is not in sight (face down or in the stock)"
    game.play("KC")
    game.play("KD")
    assert next(e for e in game.to_dict("player")["layout"] if e["id"] == "r6c1")["card"] == "KH"
    assert "KH" in moves(game)


def test_face_down_a_hidden_card_never_pairs_under_the_house_rule():
    # 8C alone covers 5C (its other cover, KD, is gone): the house rule pairs them only in sight.
    cards = {"r7c1": "KD", "r7c2": "8C", "r6c1": "5C"}
    shown = new(cards=cards, pair_with_covered=True)
    hidden = new(cards=cards, pair_with_covered=True, face_down=True)
    for game in (shown, hidden):
        game.play("KD")
    assert "8C+5C" in moves(shown)
    assert "8C+5C" not in moves(hidden)
    assert hidden.why_illegal("8C+5C") == "5C is not in sight (face down or in the stock)"


def test_thirteen_is_face_down_one_pass_and_all_52():
    game = patience_core.new_game("thirteen", seed=1)
    assert (game.options["face_down"], game.options["passes"], game.options["win"]) == (True, 1, "all")


# --- draw -----------------------------------------------------------------------------------------


def test_draw_three_turns_three_cards_onto_the_waste_only_the_top_in_reach():
    game = new(stock=["5H", "6H", "7H", "8H"], draw=3)
    game.play("draw")
    view = game.to_dict()
    assert (view["drawn"], view["waste"], view["stock"]["count"]) == (None, ["5H", "6H", "7H"], 21)
    assert (
        game.why_illegal("7H+6H")
        == "6H is in the waste under 7H: only the top card of the waste is available"
    )


def test_draw_three_turns_what_is_left_when_fewer_remain():
    game = new(stock=[], draw=3)
    for _ in range(8):
        game.play("draw")
    assert game.to_dict()["stock"]["count"] == 0
    assert len(game.to_dict()["waste"]) == 24


def test_draw_is_a_whole_number_from_1_to_3():
    with pytest.raises(OptionError, match="option 'draw' accepts a whole number >= 1 and <= 3, not 4"):
        patience_core.new_game("pyramid", draw=4)


# --- unlimited passes (King Tut) ---------------------------------------------------------------------


def blocked(**options) -> Game:
    """Nothing pairs on the pyramid or in the stock: every pass removes nothing."""
    pyramid = [
        "KC",
        "KD",
        "KH",
        "KS",
        "QC",
        "QD",
        "QH",
        "QS",
        "JC",
        "JD",
        "JH",
        "JS",
        "7C",
        "7D",
        "7H",
        "7S",
        "9C",
        "9D",
        "9H",
        "9S",
        "TC",
        "AC",
        "AD",
        "AH",
        "AS",
        "2C",
        "2D",
        "2H",
    ]
    stock = [
        "2S",
        "3C",
        "3D",
        "3H",
        "3S",
        "4C",
        "4D",
        "4H",
        "4S",
        "5C",
        "5D",
        "5H",
        "5S",
        "6C",
        "6D",
        "6H",
        "6S",
        "8C",
        "8D",
        "8H",
        "8S",
        "TD",
        "TH",
        "TS",
    ]
    ids = [s.id for s in LAYOUT.spots]
    return new(cards=dict(zip(ids, pyramid, strict=True)), stock=stock, **options)


def test_unlimited_passes_a_pass_that_removes_nothing_ends_the_game():
    game = blocked(passes="unlimited")
    while "draw" in moves(game):
        game.play("draw")
    assert game.status() == "lost"
    assert game.why_illegal("redeal") == (
        "the stock is empty and this pass removed no card: a pass that removes nothing ends the game"
    )


def test_unlimited_passes_redeal_after_each_pass_that_removes_a_card():
    # 8C+5C pair in the stock (drawn and waste top), then nothing more pairs.
    cards = {"r7c1": "KC"}
    game = new(cards=cards, stock=["5C", "8C"], passes="unlimited")
    game.play("KC")
    while "draw" in moves(game):
        game.play("draw")
    assert "redeal" in moves(game)  # the king went in this pass
    game.play("redeal")
    while "draw" in moves(game):
        game.play("draw")
    assert game.to_dict()["stock"]["passes"] is None
    game.play("8C+5C") if "8C+5C" in moves(game) else None
    assert game.is_over() == (not moves(game))


def test_unlimited_is_a_value_of_its_own_not_a_number():
    spec, _ = patience_core.find_game("pyramid")
    assert spec.option("passes").parse("unlimited") == "unlimited"
    with pytest.raises(OptionError, match="or 'unlimited', not 'endless'"):
        patience_core.new_game("pyramid", passes="endless")


def test_king_tut_draws_three_without_a_pass_limit_and_clears_the_pyramid():
    game = patience_core.new_game("king-tut", seed=1)
    assert (game.rules.draw, game.rules.passes, game.options["win"]) == (3, None, "pyramid")


# --- presets for the peers' names -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "passes", "win"), [("relaxed-pyramid", 3, "pyramid"), ("pysol-pyramid", 3, "all")]
)
def test_presets_relaxed_pyramid_and_pysolfcs_pyramid(preset, passes, win):
    game = patience_core.new_game(preset, seed=2)
    assert (game.options["passes"], game.options["win"], game.options["draw"]) == (passes, win, 1)


# --- which solver answers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "options", "solver"),
    [
        ("pyramid", {}, "pyramid"),
        ("thirteen", {}, "pyramid"),
        ("pyramid-thirteen", {}, "pyramid"),
        ("pysol-pyramid", {}, "pyramid"),
        ("yield", {}, "pyramid"),
        ("pyramid", {"face_down": True, "pair_with_covered": True}, "generic"),
        ("pyramid", {"draw": 3}, "pyramid"),
        ("king-tut", {}, "pyramid"),
        ("pyramid", {"passes": "unlimited"}, "pyramid"),
        ("yield", {"draw": 3}, "generic"),
        ("triangle", {}, "pyramid"),
        ("giza", {}, "generic"),
        ("pharaohs", {}, "generic"),
    ],
)
def test_the_rank_based_search_declines_the_options_it_was_not_written_for(game_id, options, solver):
    game = patience_core.new_game(game_id, seed=4, **options)
    assert patience_core.solve_full_information(game, node_limit=50_000).solver == solver


# --- Triangle ---------------------------------------------------------------------------------------


def test_t1_rows_of_seven_to_one_the_widest_on_top():
    rows = triangle.LAYOUT.rows()
    assert [len(r) for r in rows] == [7, 6, 5, 4, 3, 2, 1]


def test_t2_only_the_single_bottom_card_is_free_at_the_deal():
    game = patience_core.new_game("triangle", seed=5)
    assert [e["id"] for e in game.to_dict()["layout"] if e["free"]] == ["r7c1"]
    cards = {"r7c1": "KC", "r6c1": "KD", "r6c2": "KH", "r5c2": "KS"}
    game = new("triangle", cards=cards, layout=triangle.LAYOUT)
    game.play("KC")
    assert moves(game)[:2] == ["KD", "KH"]
    assert game.why_illegal("KS") == "KS is covered by KD and KH"


def test_t3_three_passes_and_all_52_by_default():
    game = patience_core.new_game("triangle", seed=5)
    assert (game.options["passes"], game.options["win"]) == (3, "all")


# --- Giza -------------------------------------------------------------------------------------------


def test_z1_the_pyramid_over_eight_reserve_piles_of_three_all_face_up():
    game = patience_core.new_game("giza", seed=6)
    view = game.to_dict("player")["layout"]
    assert len(view) == 52
    assert all(e["face_up"] for e in view)
    free = [e["id"] for e in view if e["free"]]
    assert free == BOTTOM + [f"reserve.c{c}r3" for c in range(1, 9)]


def test_z2_no_stock_reserve_cards_pair_with_pyramid_cards():
    cards = {"r7c1": "QC", "reserve.c1r3": "AD", "reserve.c2r3": "KD"}
    game = new("giza", cards=cards, layout=giza.LAYOUT)
    assert game.to_dict()["stock"]["count"] == 0
    assert "QC+AD" in moves(game)
    assert "KD" in moves(game)
    assert "draw" not in moves(game)


def test_z3_won_when_all_52_cards_are_gone():
    game = patience_core.new_game("giza", seed=1)
    result = patience_core.solve_full_information(game)
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"
    assert len(game.to_dict()["removed"]) == 52

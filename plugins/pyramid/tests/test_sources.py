"""True to the sources: Thirteen as Aisleriot's thirteen.scm plays it, PySolFC's "Pyramid
Thirteen" as its own preset, PySolFC's presets turning a stock card at the deal as its
pyramid.py does, Aisleriot's Yield (yield.scm), and the records of version 1 still replaying
under the rules they were played by."""

from __future__ import annotations

import pytest

import patience_core
from patience_core import Game, Move
from patience_core.testing import conformance_tests, deal_with
from patience_pyramid import LAYOUT, triangle

# Pyramid Thirteen and PySolFC's Pyramid differ from games the kit plays in full only by
# options the property tests range over (test_properties.py): a few games each are enough.
TestPyramidThirteenConformance = conformance_tests("pyramid-thirteen", max_examples=8)
TestPysolPyramidConformance = conformance_tests("pysol-pyramid", max_examples=8)
TestYieldConformance = conformance_tests("yield")

# The deal of the issue that found Thirteen too loose: two draws put 8D under 8H on the waste.
LOOSE = (
    "AC 2C 3C 4C 6C 7C 9C TC JC QC KC AD 2D 3D 4D 6D 7D 9D TD JD QD 5C KD AH 2H 3H 4H 6H 8D 8H 9S 4S"
    " 7H 9H TH JH QH KH AS 2S 3S 6S 7S TS JS QS KS 8C 5D 5H 5S 8S"
)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def new(game_id: str, stock=(), cards: dict | None = None, layout=LAYOUT) -> Game:
    return patience_core.new_game(game_id, deal=deal_with(layout, cards or {}, list(stock)))


def waste(game: Game) -> tuple[list[str], str | None, int]:
    view = game.to_dict("player")
    return view["waste"], view["drawn"], view["stock"]["count"]


# --- Thirteen: Aisleriot's thirteen.scm -------------------------------------------------------------


def test_thirteen_the_card_under_the_waste_top_never_pairs_with_a_pyramid_card():
    game = patience_core.new_game("thirteen", deal=LOOSE)
    game.play("draw")
    game.play("draw")
    assert waste(game) == (["8D", "8H"], None, 22)
    assert "8D+5C" not in moves(game)
    assert (
        game.why_illegal("8D+5C")
        == "8D is in the waste under 8H: it pairs only with the top card of the waste"
    )
    assert "8H+5C" in moves(game)  # the top does


def test_thirteen_draws_onto_the_waste_and_keeps_no_card_apart():
    game = new("thirteen", stock=["5H", "6H"])
    assert waste(game) == ([], None, 24)  # Aisleriot turns no card at the deal
    game.play("draw")
    assert waste(game) == (["5H"], None, 23)


def test_thirteen_a_king_under_the_waste_top_stays():
    game = new("thirteen", stock=["KH", "5H"])
    game.play("draw")
    assert "KH" in moves(game)
    game.play("draw")
    assert "KH" not in moves(game)
    assert (
        game.why_illegal("KH") == "KH is in the waste under 5H: only the top card of the waste is available"
    )


def test_thirteen_the_top_two_cards_of_the_waste_pair():
    game = new("thirteen", stock=["8H", "5H", "9H"])
    game.play("draw")
    game.play("draw")
    assert Move.parse("8H+5H") in game.legal_moves()
    game.play("8H+5H")
    assert waste(game) == ([], None, 22)


def test_pyramid_thirteen_is_pysolfcs_thirteen():
    # PySolFC's Thirteen (game 44, "Pyramid Thirteen"): face down, one pass, all 52, its first
    # card turned at the deal and the talon's top in reach beside the waste top.
    game = patience_core.new_game("pyramid-thirteen", deal=LOOSE)
    options = game.options
    assert (options["face_down"], options["passes"], options["win"], options["reach"]) == (
        True,
        1,
        "all",
        "drawn",
    )
    assert waste(game) == (["8D"], "8H", 22)
    assert "8D+5C" in moves(game)
    assert "8H+5C" in moves(game)


# --- PySolFC's presets turn a stock card at the deal (pyramid.py: startGame's dealCards) -------------


@pytest.mark.parametrize("game_id", ["pysol-pyramid", "relaxed-pyramid", "pyramid-thirteen", "triangle"])
def test_pysolfc_presets_turn_a_card_at_the_deal(game_id):
    layout = triangle.LAYOUT if game_id == "triangle" else LAYOUT
    game = new(game_id, stock=["5H", "6H", "7H"], layout=layout)
    # One card on the waste, and the talon's next card face up and in reach (the drawn card).
    assert waste(game) == (["5H"], "6H", 22)
    assert game.table.passes_used == 0
    assert game.moves == []


def test_king_tut_turns_three_cards_at_the_deal():
    game = new("king-tut", stock=["5H", "6H", "7H", "8H"])
    assert waste(game) == (["5H", "6H", "7H"], None, 21)
    assert "7H+6H" not in moves(game)  # only the top is in reach


def test_pysolfcs_redeal_shows_the_first_card_at_once():
    game = new("pysol-pyramid", stock=["5H", "6H", "7H"])
    while "draw" in moves(game):
        game.play("draw")
    game.play("redeal")
    # The waste turned over, its bottom card (the first turned) face up on the talon again.
    assert waste(game) == ([], "5H", 23)


def test_the_base_game_and_its_other_presets_turn_nothing():
    for game_id in ("pyramid", "par-pyramid", "thirteen", "yield"):
        view = patience_core.new_game(game_id, seed=1).to_dict("player")
        assert (view["waste"], view["drawn"], view["stock"]["count"]) == ([], None, 24), game_id


# --- Yield: Aisleriot's yield.scm --------------------------------------------------------------------


def yield_game(stock) -> Game:
    return new("yield", stock=stock, layout=triangle.LAYOUT)


def test_yield_plays_triangle_one_pass_all_52():
    game = patience_core.new_game("yield", seed=3)
    assert game.spec.id == "triangle"
    assert (game.options["passes"], game.options["win"], game.options["turn_first"]) == (1, "all", False)


def test_yield_keeps_the_oldest_card_drawn_apart_beside_the_waste_top():
    game = yield_game(["5H", "6H", "7H", "8H"])
    game.play("draw")
    assert waste(game) == ([], "5H", 23)  # the first card drawn goes apart (slot 1)
    game.play("draw")
    game.play("draw")
    assert waste(game) == (["6H", "7H"], "5H", 21)
    assert Move.parse("5H+8H") not in game.legal_moves()  # 8H is still in the stock
    game.play("draw")
    assert Move.parse("5H+8H") in game.legal_moves()  # the oldest pairs with the waste top


def test_yield_the_next_oldest_card_takes_the_place_of_a_removed_one():
    game = yield_game(["5H", "6H", "8H"])
    for _ in range(3):
        game.play("draw")
    game.play("5H+8H")
    assert waste(game) == ([], "6H", 21)  # the waste's bottom card moved apart


def test_yield_the_top_two_cards_of_the_waste_pair():
    game = yield_game(["AH", "5H", "8H"])
    for _ in range(3):
        game.play("draw")
    assert Move.parse("5H+8H") in game.legal_moves()
    game.play("5H+8H")
    assert waste(game) == ([], "AH", 21)


def test_yield_a_king_kept_apart_goes_and_the_oldest_card_left_takes_its_place():
    game = yield_game(["KH", "5H", "6H"])
    for _ in range(3):
        game.play("draw")
    game.play("KH")
    assert waste(game) == (["6H"], "5H", 21)


# --- version 1 records keep their rules --------------------------------------------------------------


def record_v1(preset: str, deal: str, moves: list[str]) -> dict:
    """A record as version 1 wrote it: the preset's options of then, without the added ones."""
    spec, found = patience_core.find_game(preset)
    options = spec.resolve({}, found.options if found else None)
    return {
        "format": "patience-game",
        "version": 1,
        "game": spec.id,
        "preset": preset,
        "options": {k: v for k, v in options.items() if k not in spec.since_version_1},
        "deal": deal,
        "moves": moves,
    }


def test_a_version_1_thirteen_record_replays_under_the_rules_it_was_played_by():
    # Version 1's Thirteen let the card under the drawn one pair with a pyramid card.
    record = record_v1("thirteen", LOOSE, ["draw", "draw", "8D+5C"])
    record["options"]["reach"] = "top"
    with pytest.raises(patience_core.RecordError):
        Game.from_dict(record)  # a record naming today's option plays today's rule
    del record["options"]["reach"]
    game = Game.from_dict(record)
    assert game.preset is None
    assert game.options["reach"] == "drawn"
    assert len(game.table.removed) == 2


def test_a_version_1_pysol_pyramid_record_opens_with_no_card_turned():
    deal = patience_core.new_game("pysol-pyramid", seed=7).deal_text()
    game = Game.from_dict(record_v1("pysol-pyramid", deal, []))
    assert game.preset is None
    assert not game.options["turn_first"]
    assert waste(game) == ([], None, 24)
    game.play("draw")
    assert waste(game)[2] == 23

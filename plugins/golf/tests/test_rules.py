"""One test (at least) per rule of the Golf family's pages: Golf G1-G8 (docs/golf.md), Black Hole
B1-B5 (docs/black-hole.md), All in a Row A1-A4 (docs/all-in-a-row.md) and Elevator E1-E4
(docs/elevator.md). Deals are laid out card by card with ``deal_with``; the stock list starts
with the first card turned."""

from __future__ import annotations

import pytest

import patience_core
from patience_core import Deal, Game
from patience_core.testing import conformance_tests, deal_with
from patience_golf_family import all_in_a_row, black_hole, elevator, golf

TestGolfConformance = conformance_tests("golf")
TestBlackHoleConformance = conformance_tests("black-hole")
TestAllInARowConformance = conformance_tests("all-in-a-row")
TestElevatorConformance = conformance_tests("elevator")


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def entry(game: Game, pos: str) -> dict:
    return next(e for e in game.to_dict("player")["layout"] if e["id"] == pos)


# --- Golf ------------------------------------------------------------------------------------

BOTTOM = {"c1r5": "KC", "c2r5": "2D", "c3r5": "9H", "c4r5": "9S", "c5r5": "5C", "c6r5": "7D", "c7r5": "QS"}


def new_golf(stock: list[str], cards: dict[str, str] | None = None, game_id: str = "golf", **options) -> Game:
    return patience_core.new_game(game_id, deal=deal_with(golf.LAYOUT, cards or BOTTOM, stock), **options)


def test_g1_seven_columns_of_five_face_up_only_the_bottom_cards_free():
    game = new_golf(["8C"])
    view = game.to_dict("player")["layout"]
    assert len(view) == 35
    assert all(e["face_up"] for e in view)
    assert [e["id"] for e in view if e["free"]] == [f"c{c}r5" for c in range(1, 8)]


def test_g2_the_first_of_seventeen_stock_cards_starts_the_waste():
    game = new_golf(["8C"])
    assert game.to_dict()["waste"] == ["8C"]
    assert game.to_dict()["stock"]["count"] == 16


def test_g3_a_free_card_one_rank_up_or_down_whatever_its_suit():
    assert moves(new_golf(["8C"])) == ["9H", "9S", "7D", "draw"]
    assert new_golf(["8C"]).why_illegal("5C") == "5C does not fit on 8C: it needs a 7 or a 9"


def test_g4_draw_at_any_time_one_pass_through_the_stock():
    game = new_golf(["8C", "AH"])
    game.play("draw")
    assert game.to_dict()["waste"] == ["8C", "AH"]
    for _ in range(15):
        game.play("draw")
    assert "draw" not in moves(game)
    assert game.why_illegal("draw") == "the stock is empty"


def test_g5_golf_a_queen_goes_on_a_king_and_nothing_wraps():
    assert moves(new_golf(["KH"])) == ["QS", "draw"]
    assert moves(new_golf(["AH"])) == ["2D", "draw"]
    assert new_golf(["AH"]).why_illegal("KC") == "KC does not fit on AH: it needs a 2"


def test_g6_dead_king_golf_nothing_goes_on_a_king():
    game = new_golf(["KH"], game_id="dead-king-golf")
    assert moves(game) == ["draw"]
    assert game.why_illegal("QS") == "QS does not fit on KH: nothing may be played on it"
    assert moves(new_golf(["JH"], game_id="dead-king-golf")) == ["QS", "draw"]  # a king goes on a queen


def test_g7_relaxed_golf_kings_and_aces_are_neighbours():
    assert moves(new_golf(["AH"], game_id="relaxed-golf")) == ["KC", "2D", "draw"]
    assert moves(new_golf(["KH"], game_id="relaxed-golf")) == ["QS", "draw"]
    assert new_golf(["AH"], kings="wrap").options["kings"] == "wrap"


def test_g8_won_when_the_columns_are_empty_lost_when_nothing_fits_and_the_stock_is_out():
    won = patience_core.new_game("relaxed-golf", seed=1)
    for move in patience_core.solve_full_information(won).line:
        won.play(move)
    assert won.status() == "won"
    assert won.cards_left() == 0
    assert not won.legal_moves()
    lost = patience_core.new_game("golf", seed=1)  # the solver proves this deal lost
    while lost.legal_moves():
        lost.play(lost.legal_moves()[0])
    assert lost.status() == "lost"
    assert lost.cards_left() > 0
    assert lost.to_dict()["stock"]["count"] == 0


def test_golf_solves_with_the_family_solver_under_each_rule_set():
    for game_id in ("golf", "dead-king-golf", "relaxed-golf"):
        result = patience_core.solve_full_information(patience_core.new_game(game_id, seed=3))
        assert result.solver == "build-on-waste"


# --- Black Hole ------------------------------------------------------------------------------


def test_b1_the_ace_of_spades_starts_the_pile_whatever_its_place_in_the_deal():
    for seed in range(5):
        game = patience_core.new_game("black-hole", seed=seed)
        assert game.to_dict()["waste"] == ["AS"]
        assert game.to_dict()["stock"]["count"] == 0
        dealt = [c for c in game.deal_text().split() if c != "AS"]
        assert [e["card"] for e in game.to_dict("full")["layout"]] == dealt


def test_b2_seventeen_fans_of_three_face_up_only_each_fans_top_card_free():
    game = patience_core.new_game("black-hole", seed=1)
    view = game.to_dict("player")["layout"]
    assert len(view) == 51
    assert all(e["face_up"] for e in view)
    assert [e["id"] for e in view if e["free"]] == [f"f{f}c3" for f in range(1, 18)]


def test_b3_build_up_or_down_kings_and_aces_are_neighbours():
    cards = {"f1c3": "2C", "f2c3": "KC", "f3c3": "QC", "f4c3": "3C"}
    game = patience_core.new_game("black-hole", deal=deal_with(black_hole.LAYOUT, cards, ["AS"]))
    assert moves(game)[:2] == ["2C", "KC"]
    assert game.why_illegal("QC") == "QC does not fit on AS: it needs a K or a 2"


def test_b4_no_stock_so_no_draw():
    game = patience_core.new_game("black-hole", seed=2)
    assert "draw" not in moves(game)
    assert game.why_illegal("draw") == "the stock is empty"


def test_b5_won_when_all_51_are_on_the_pile():
    # Fans of A-K runs read so that the pile climbs AS, 2, 3 ... K, A, 2 ...
    order = [c for c in patience_core.Deal.from_seed(0).cards if str(c) != "AS"]
    ranked = sorted(order, key=lambda c: (int(c.rank) - 2) % 13)  # 2s first, aces last
    cards = {f"f{f}c{c}": str(ranked[3 * (f - 1) + 3 - c]) for f in range(1, 18) for c in range(1, 4)}
    game = patience_core.new_game("black-hole", deal=deal_with(black_hole.LAYOUT, cards, ["AS"]))
    result = patience_core.solve_full_information(game)
    assert result.verdict == "won"
    for move in result.line:
        game.play(move)
    assert game.status() == "won"
    assert len(game.to_dict()["waste"]) == 52


# --- All in a Row ------------------------------------------------------------------------------


def test_a1_thirteen_columns_of_four_all_52_cards_face_up():
    game = patience_core.new_game("all-in-a-row", seed=4)
    view = game.to_dict("player")["layout"]
    assert len(view) == 52
    assert all(e["face_up"] for e in view)
    assert [e["id"] for e in view if e["free"]] == [f"c{c}r4" for c in range(1, 14)]
    assert game.to_dict()["stock"]["count"] == 0


def test_a2_the_pile_starts_empty_and_any_free_card_starts_it():
    game = patience_core.new_game("all-in-a-row", seed=4)
    assert game.to_dict()["waste"] == []
    assert len(moves(game)) == 13
    assert "draw" not in moves(game)


def test_a3_then_one_rank_up_or_down_kings_and_aces_neighbours():
    cards = {"c1r4": "KC", "c2r4": "AD", "c3r4": "QH", "c4r4": "5S"}
    game = patience_core.new_game("all-in-a-row", deal=deal_with(all_in_a_row.LAYOUT, cards))
    game.play("KC")
    assert moves(game)[:2] == ["AD", "QH"]
    assert game.why_illegal("5S") == "5S does not fit on KC: it needs a Q or an A"


def test_a4_won_when_all_52_are_on_the_pile():
    ranks = "A23456789TJQK"
    cards = {f"c{c}r{r}": ranks[c - 1] + "CDHS"[4 - r] for c in range(1, 14) for r in range(1, 5)}
    game = patience_core.new_game("all-in-a-row", deal=deal_with(all_in_a_row.LAYOUT, cards))
    for r in range(4, 0, -1):  # each row in turn climbs A to K, its A going on the K before (wrap)
        for c in range(1, 14):
            game.play(ranks[c - 1] + "CDHS"[4 - r])
    assert game.status() == "won"
    assert game.cards_left() == 0


# --- Elevator and Escalator --------------------------------------------------------------------


def test_e1_a_pyramid_of_28_only_the_bottom_row_face_up_in_elevator():
    game = patience_core.new_game("elevator", seed=5)
    view = game.to_dict("player")["layout"]
    assert [e["id"] for e in view if e["face_up"]] == [f"r7c{c}" for c in range(1, 8)]
    assert all(e["face_up"] for e in patience_core.new_game("escalator", seed=5).to_dict("player")["layout"])


def test_e2_a_card_turns_face_up_once_both_cards_on_it_are_gone():
    cards = {"r7c1": "3C", "r7c2": "4C", "r6c1": "5C"}
    game = patience_core.new_game("elevator", deal=deal_with(elevator.LAYOUT, cards, ["2C"]))
    game.play("3C")
    assert not entry(game, "r6c1")["face_up"]
    game.play("4C")
    assert entry(game, "r6c1") | {"card": "5C", "face_up": True, "free": True} == entry(game, "r6c1")


def test_e3_relaxed_golf_kings_and_aces_neighbours_draw_at_any_time():
    cards = {"r7c1": "KC", "r7c2": "2C"}
    game = patience_core.new_game("elevator", deal=deal_with(elevator.LAYOUT, cards, ["AH"]))
    assert moves(game)[:2] == ["KC", "2C"]
    assert moves(game)[-1] == "draw"
    assert game.why_illegal("AC") == "AC is not in sight (face down or in the stock)"  # r1c1, face down


def test_e4_won_when_the_pyramid_is_cleared():
    game = patience_core.new_game("escalator", seed=7)
    result = patience_core.solve_full_information(game)
    assert result.solver == "build-on-waste"
    if result.verdict == "won":
        for move in result.line:
            game.play(move)
        assert game.status() == "won"
        assert not any(e["present"] for e in game.to_dict()["layout"])


# --- PySolFC deal numbers ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "name"), [("golf", "golf"), ("black-hole", "black_hole"), ("all-in-a-row", "all_in_a_row")]
)
def test_a_pysol_deal_lays_out_pysolfc_piles_as_the_game_layout(game_id, name):
    from patience_core.engine.pysol import pysol_layout

    spec, _ = patience_core.find_game(game_id)
    dealt = pysol_layout(name, 7)
    game = patience_core.new_game(game_id, deal=spec.pysol(7))
    view = game.to_dict("full")
    cards = [e["card"] for e in view["layout"]]
    for pile in dealt.piles:  # each pile lies in order along one column or fan, its top card free
        places = [cards.index(card) for card in pile]
        assert view["layout"][places[-1]]["free"]
        assert all(not view["layout"][p]["free"] for p in places[:-1])
    start = [dealt.foundation] if dealt.foundation else []
    assert view["waste"] == start
    assert view["stock"]["cards"] == list(dealt.talon)


def test_a_pysol_deal_number_out_of_range_is_refused_in_one_line():
    spec, _ = patience_core.find_game("golf")
    with pytest.raises(patience_core.DealError, match="a PySolFC deal number is a whole number from 1 to"):
        spec.pysol(0)


def test_pysolfc_shuffles_game_32000_with_the_mersenne_twister_as_it_does_every_number_from_there():
    # PySolFC (pysolrandom.py) takes Microsoft's generator below 32000 only; pysol-cards up to
    # 32000 included, which dealt another game 32000 than the one PySolFC shows.
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    from patience_core.engine.pysol import FIRST_TWISTER_DEAL, MAX_PYSOL_DEAL, pysol_layout

    assert FIRST_TWISTER_DEAL == 32000
    game_32000 = pysol_layout("golf", 32000)
    assert game_32000.piles[0] == ("7S", "TH", "9C", "9H", "AD")
    assert game_32000.foundation == "JH"
    for number in (31999, 32001, MAX_PYSOL_DEAL):  # pysol-cards and PySolFC agree on either side
        text = Game("golf", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
        assert pysol_layout("golf", number).piles[0] == tuple(text.splitlines()[2].split())
    for name in ("black_hole", "all_in_a_row"):  # the same boundary for every game
        assert pysol_layout(name, 32000) != pysol_layout(name, 31999)
        text = Game(name, 32000, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
        assert pysol_layout(name, 32000).piles[0] != tuple(text.splitlines()[1].split())


def test_pysol_deal_numbers_stop_at_pysolfc_own_highest():
    spec, _ = patience_core.find_game("black-hole")
    assert len(str(spec.pysol(10**20 - 1))) > 0
    with pytest.raises(patience_core.DealError, match="from 1 to 99999999999999999999"):
        spec.pysol(10**20)


def test_black_hole_deal_text_reads_the_shuffle_with_the_ace_of_spades_set_aside():
    deal = Deal.from_seed(9)
    game = patience_core.new_game("black-hole", deal=deal)
    assert game.deal_text() == str(deal)
    assert "AS" not in [e["card"] for e in game.to_dict("full")["layout"]]

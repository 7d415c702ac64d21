from patience_core import new_game
from patience_core.testing import conformance_tests, deal_with

TestGolf = conformance_tests("my-golf")

LAYOUT = new_game("my-golf").rules.layout
# The bottom card of each column, left to right; the first stock card starts the waste.
BOTTOM = {"c1r5": "KC", "c2r5": "2D", "c3r5": "9H", "c4r5": "9S", "c5r5": "5C", "c6r5": "7D", "c7r5": "QS"}


def test_a_card_one_rank_up_or_down_goes_on_the_waste():
    game = new_game("my-golf", deal=deal_with(LAYOUT, BOTTOM, stock=["8C"]))
    assert [str(move) for move in game.legal_moves()] == ["9H", "9S", "7D", "draw"]


def test_no_wrap_a_king_does_not_go_on_an_ace():
    game = new_game("my-golf", deal=deal_with(LAYOUT, BOTTOM, stock=["AS"]))
    assert [str(move) for move in game.legal_moves()] == ["2D", "draw"]
    assert game.why_illegal("KC") == "KC does not fit on AS: it needs a 2"


def test_with_wrap_a_king_goes_on_an_ace():
    game = new_game("my-golf", deal=deal_with(LAYOUT, BOTTOM, stock=["AS"]), wrap=True)
    assert [str(move) for move in game.legal_moves()] == ["KC", "2D", "draw"]

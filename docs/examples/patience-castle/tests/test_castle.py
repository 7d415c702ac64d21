from patience_core import new_game
from patience_core.testing import conformance_tests, deal_piles

TestCastle = conformance_tests("my-castle")

# The aces on the foundations; column 1 ends in the 2 of clubs, column 2 in the 3 of hearts.
PILES = {"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", "t1": "KC QC JC TC 9C 2C", "t2": "KH QH JH TH 9H 3H"}


def test_a_card_goes_home_on_the_card_below_it_in_its_suit():
    game = new_game("my-castle", deal=deal_piles("my-castle", PILES))
    assert game.why_illegal("t2-f3") == "3H does not go on AH: the hearts foundation builds up by suit"
    game.play("t1-f1")
    assert game.to_dict()["piles"][0]["cards"] == ["AC", "2C"]


def test_a_card_goes_on_a_card_one_rank_higher_whatever_its_suit():
    game = new_game("my-castle", deal=deal_piles("my-castle", PILES))
    assert game.why_illegal("t2-t1") == "3H does not go on 2C: column 1 builds down"
    game.play("t1-f1")
    assert game.why_illegal("t1-t2") == "9C does not go on 3H: column 2 builds down"


def test_the_game_is_won_when_every_card_is_home():
    game = new_game("my-castle", deal=deal_piles("my-castle", PILES))
    assert game.cards_left() == 48
    assert not game.is_won()

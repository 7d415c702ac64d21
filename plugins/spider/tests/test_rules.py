"""Each numbered rule of docs/spider.md has a test here, named after it: Spider S1-S10,
Spiderette E1-E2, Scorpion C1-C6, Simple Simon M1-M3."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import patience_core
from patience_core import IllegalMoveError, Move, OptionError
from patience_core.engine.cards import CARD_TEXT
from patience_core.testing import deal_piles

RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"  # a run of spades from the King down to the 2
KINGS = ("KH", "KD", "KC", "QH", "QD", "QC", "JH", "JD", "JC", "TH")  # one card for each column


def view(game):
    return {p["id"]: p for p in game.to_dict("player")["piles"]}


def dealt(game_id, columns, stock=(), **options):
    """A new game whose columns are dealt ``columns`` (one deck's faces: no face twice)."""
    return patience_core.new_game(game_id, deal=deal_piles(game_id, columns, stock, **options), **options)


def arrange(game_id, piles, down=None, stock="", rest="s", **options):
    """The rules and a table of ``game_id`` holding exactly ``piles`` (pile id to cards, bottom
    first; the first ``down[id]`` of them face down), the other columns and foundations empty,
    ``stock`` to be dealt first, and every other card in pile ``rest`` (under ``stock`` in the
    stock by default)."""
    game = patience_core.new_game(game_id, seed=1, observed=False, **options)
    rules, table = game.rules, game.table
    pool = list(rules.deck.cards)

    def take(text):
        card = next(c for c in pool if CARD_TEXT[c] == text)
        pool.remove(card)
        return card

    new = [()] * len(table.piles)
    downs = [0] * len(table.piles)
    for pile_id, text in piles.items():
        i = table.pile_index[pile_id]
        new[i] = tuple(take(t) for t in text.split())
        downs[i] = (down or {}).get(pile_id, 0)
    first = [take(t) for t in stock.split()]
    if table.stock_i >= 0:
        new[table.stock_i] = tuple(reversed(first))  # the stock's top, dealt first, is last
    i = table.pile_index[rest]
    new[i] = (*pool, *new[i])
    table.piles = new
    table.down = tuple(downs)
    return rules, table


def legal(rules, table):
    return [str(m) for m in rules.legal_moves(table)]


def play(rules, table, text):
    move = Move.parse(text)
    assert rules.illegal_reason(table, move) is None, rules.illegal_reason(table, move)
    rules.apply(table, move)


# --- Spider ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suits", "faces"),
    [
        ("1", {f"{r}S": 8 for r in "A23456789TJQK"}),
        ("2", {f"{r}{s}": 4 for r in "A23456789TJQK" for s in "HS"}),
    ],
)
def test_s1_the_suits_option_chooses_the_two_decks(suits, faces):
    game = patience_core.new_game("spider", seed=3, suits=suits)
    assert Counter(game.deal_text().split()) == faces
    four = patience_core.new_game("spider", seed=3)
    assert Counter(four.deal_text().split()) == {CARD_TEXT[c]: 2 for c in range(52)}
    assert len(set(four.rules.deck.cards)) == 104  # each physical card has its own id


def test_s1_the_presets_are_the_suits_and_three_suits_is_refused():
    assert patience_core.new_game("spider-1", seed=3).deal_text() == (
        patience_core.new_game("spider", seed=3, suits="1").deal_text()
    )
    assert set(patience_core.new_game("spider-2", seed=3).deal_text().split()) == {
        f"{r}{s}" for r in "A23456789TJQK" for s in "HS"
    }
    with pytest.raises(OptionError, match="option 'suits' accepts one of '1', '2', '4'"):
        patience_core.new_game("spider", seed=3, suits="3")


def test_s2_ten_columns_the_first_four_of_six_only_the_top_card_up_fifty_in_the_stock():
    piles = view(patience_core.new_game("spider", seed=8))
    for c in range(10):
        column = piles[f"t{c + 1}"]
        size = 6 if c < 4 else 5
        assert (column["count"], column["down"]) == (size, size - 1)
        assert column["cards"][:-1] == [None] * (size - 1)
        assert column["cards"][-1] is not None
    assert piles["s"]["count"] == 50
    assert set(piles["s"]["cards"]) == {None}
    assert [f"f{k}" in piles for k in range(1, 9)] == [True] * 8
    assert "f9" not in piles


def test_s3_a_card_goes_on_a_card_one_rank_higher_whatever_its_suit():
    game = dealt("spider", {"t1": "2C 3C 4C 5C 6C 7H", "t2": "2D 3D 4D 5D 6D 8S", "t3": "2H 3H 4H 5H 6H 9H"})
    assert game.is_legal("t1-t2")  # 7H on 8S: another suit is fine
    assert game.why_illegal("t1-t3") == "7H does not go on 9H: column 3 builds down"
    game = dealt("spider", {"t1": "2C 3C 4C 5C 6C AH", "t2": "2D 3D 4D 5D 6D 2S"})
    assert game.is_legal("t1-t2")
    game.play("t1-t2")
    assert not [m for m in game.legal_moves() if m.dst == "t2"], "nothing goes on an ace"


def test_s4_only_a_run_of_one_suit_moves_together():
    game = dealt(
        "spider",
        {
            "t1": "2C 3C 4C 5C 6C 7H",
            "t2": "2D 3D 4D 5D 6D 8H",
            "t3": "2H 3H 4H 5H 6H 9C",
            "t4": "2S 3S 4S 5S 6S 7S",
            "t5": "AC AD AH AS 8D",
            "t6": "TC TD TH TS 9S",
        },
    )
    game.play("t1-t2")  # 8H 7H: a run of hearts
    game.play("t2-t3x2")  # moves as one onto 9C
    assert [CARD_TEXT[c] for c in game.table.pile("t3")[-3:]] == ["9C", "8H", "7H"]
    game.play("t4-t5")  # 8D 7S: in sequence, but two suits
    assert "t5-t6x2" not in [str(m) for m in game.legal_moves()]
    assert game.why_illegal("t5-t6x2") == (
        "the top 2 cards of column 5 are not a run that moves together (builds down by suit)"
    )


def test_s5_an_empty_column_takes_any_card_or_any_run():
    rules, table = arrange("spider", {"t1": "9D 8D 7D", "t2": "5C", "t3": "KH"}, down={"t1": 1})
    moves = legal(rules, table)
    assert {"t1-t4", "t1-t4x2", "t2-t4", "t3-t4"} <= set(moves)
    assert "t1-t4x3" not in moves  # the face-down 9D stays


def test_s6_the_card_a_move_uncovers_turns_face_up_as_part_of_it():
    game = dealt("spider", {"t1": "2C 3C 4C 5C 6C 7H", "t2": "2D 3D 4D 5D 6D 8S"})
    game.play("t1-t2")
    column = view(game)["t1"]
    assert (column["count"], column["down"], column["cards"][-1]) == (5, 4, "6C")
    assert len(game.moves) == 1  # the turn is no move of its own


def test_s7_a_deal_puts_one_card_face_up_on_every_column_and_undoes_exactly():
    game = patience_core.new_game("spider", seed=8)
    stock = game.table.pile("s")
    before = game.snapshot()
    game.play("deal")
    for c in range(10):
        assert game.table.pile(f"t{c + 1}")[-1] == stock[-1 - c]  # the stock's top card to t1
        assert view(game)[f"t{c + 1}"]["down"] == (5 if c < 4 else 4)
    assert len(game.table.pile("s")) == 40
    game.undo()
    assert game.snapshot() == before
    for _ in range(5):
        game.play("deal")
    assert "deal" not in [str(m) for m in game.legal_moves()]
    assert game.why_illegal("deal") == "the stock is empty"


def test_s7_no_deal_while_a_column_is_empty():
    rules, table = arrange("spider", {f"t{c}": "5C" if c == 1 else KINGS[c] for c in range(1, 10)})
    assert "deal" not in legal(rules, table)
    assert rules.illegal_reason(table, Move.parse("deal")) == (
        "deal only when no column is empty: fill the empty columns first"
    )
    play(rules, table, "t1-t10")
    assert "deal" not in legal(rules, table)  # t1 is empty now
    rules, table = arrange("spider", {f"t{c}": KINGS[c - 1] for c in range(1, 11)})
    assert legal(rules, table)[-1] == "deal"


@pytest.mark.parametrize(
    ("game_id", "other"),
    [("spider-1", "4S"), ("spiderette", "4D"), ("scorpion", "4D"), ("simple-simon", "4D")],
)
def test_s8_a_finished_run_goes_home_by_itself_as_part_of_the_move(game_id, other):
    rules, table = arrange(game_id, {"t1": RUN, "t2": f"{other} AS"}, down={"t2": 1}, rest="t3")
    play(rules, table, "t2-t1")
    assert not table.pile("t1")
    assert len(table.pile("f1")) == 13
    assert CARD_TEXT[table.pile("f1")[0]] == "KS"
    assert CARD_TEXT[table.pile("f1")[-1]] == "AS"
    assert table.down[table.pile_index["t2"]] == 0, "4D turned up as well"


def test_s8_a_deal_that_finishes_a_run_sends_it_home_and_no_card_goes_home_by_hand():
    columns = {f"t{c}": KINGS[c - 1] for c in range(2, 11)}
    rules, table = arrange("spider", {"t1": RUN, **columns}, stock="AS")
    play(rules, table, "deal")
    assert not table.pile("t1")
    assert len(table.pile("f1")) == 13
    assert rules.illegal_reason(table, Move.parse("t2-f2")) == (
        "nothing is moved to foundation 2: a whole run of one suit from K down to A goes home by itself"
    )
    # A run whose King is still face down stays where it is.
    rules, table = arrange("spider-1", {"t1": RUN, "t2": "AS"}, down={"t1": 1}, rest="t3")
    play(rules, table, "t2-t1")
    assert len(table.pile("t1")) == 13
    assert not table.pile("f1")


def test_s9_won_with_every_run_home_over_with_no_move():
    rules, table = arrange(
        "spider-1", {"t1": RUN, "t2": "AS", **{f"f{k}": RUN + " AS" for k in range(1, 8)}}, rest="t2"
    )
    assert not rules.is_won(table)
    play(rules, table, "t2-t1")
    assert rules.is_won(table)
    assert rules.cards_left(table) == 0
    assert rules.is_over(table)


def test_s10_windows_scoring_500_at_the_deal_less_one_a_move_100_a_run():
    game = patience_core.new_game("spider", seed=8)
    assert game.score() == 500
    game.play(game.legal_moves()[0])
    game.play("deal")
    assert game.score() == 498  # a deal is a move too
    game.undo()
    assert game.score() == 499  # undo gives the point back: it restores the position exactly
    rules, table = arrange("spider-1", {"t1": RUN, "t2": "AS"}, rest="t3")
    play(rules, table, "t2-t1")
    assert rules.scoring.score(table) == 500 - 1 + 100
    assert patience_core.new_game("spider", seed=8, scoring="none").score() == 0


# --- Spiderette --------------------------------------------------------------------------------


def test_e1_one_deck_in_seven_columns_one_to_seven_24_in_the_stock_dealt_seven_at_a_time():
    game = patience_core.new_game("spiderette", seed=5)
    piles = view(game)
    for c in range(7):
        assert (piles[f"t{c + 1}"]["count"], piles[f"t{c + 1}"]["down"]) == (c + 1, c)
    assert piles["s"]["count"] == 24
    assert [f"f{k}" in piles for k in range(1, 6)] == [True] * 4 + [False]
    game.play("deal")
    assert [len(game.table.pile(f"t{c + 1}")) for c in range(7)] == list(range(2, 9))
    assert game.score() == 499


def test_e2_spiderette_deals_only_when_no_column_is_empty():
    rules, table = arrange("spiderette", {f"t{c}": KINGS[c] for c in range(1, 7)})
    assert "deal" not in legal(rules, table)
    assert rules.illegal_reason(table, Move.parse("deal")).startswith("deal only when no column is empty")


# --- Scorpion ----------------------------------------------------------------------------------


def test_c1_seven_columns_of_seven_three_down_in_the_first_four_three_in_the_stock():
    piles = view(patience_core.new_game("scorpion", seed=5))
    assert [(piles[f"t{c}"]["count"], piles[f"t{c}"]["down"]) for c in range(1, 8)] == [(7, 3)] * 4 + [
        (7, 0)
    ] * 3
    assert piles["s"]["count"] == 3
    assert [f"f{k}" in piles for k in range(1, 6)] == [True] * 4 + [False]


def test_c2_scorpion_builds_down_in_suit():
    game = dealt(
        "scorpion", {"t5": "2C 3C 4C 5C 6C 7C 7H", "t6": "2D 3D 4D 5D 6D 7D 8H", "t7": "9C TC JC QC KC 2S 8S"}
    )
    assert game.is_legal("t5-t6")
    assert game.why_illegal("t5-t7") == "7H does not go on 8S: column 7 builds down by suit"


def test_c3_any_face_up_card_moves_with_everything_on_it():
    game = dealt("scorpion", {"t5": "2C 3C 7H KD 5C 4H 9S", "t6": "2D 3D 4D 5D 6D 7D 8H"})
    assert game.is_legal("t5-t6x5")  # 7H with KD 5C 4H 9S on it: no sequence needed
    game.play("t5-t6x5")
    assert [CARD_TEXT[c] for c in game.table.pile("t6")[-6:]] == ["8H", "7H", "KD", "5C", "4H", "9S"]
    assert game.why_illegal("t1-t6x5") == "column 1 has 4 face-up cards to move"  # face-down cards stay


def test_c4_an_empty_scorpion_column_takes_only_a_king():
    rules, table = arrange("scorpion", {"t1": "4D 5C", "t2": "KH 2S", "t3": "QD"})
    moves = legal(rules, table)
    assert "t2-t4x2" in moves
    assert "t1-t4" not in moves
    assert "t1-t4x2" not in moves
    assert rules.illegal_reason(table, Move.parse("t1-t4")) == "an empty column takes a K, not 5C"


def test_c5_the_deal_puts_the_last_three_cards_on_the_first_three_columns_even_with_one_empty():
    rules, table = arrange("scorpion", {"t1": "KH", "t2": "QH", "t3": "JH"}, stock="2C 3C 4C", rest="t7")
    assert legal(rules, table)[-1] == "deal"  # t4, t5 and t6 are empty
    play(rules, table, "deal")
    assert [CARD_TEXT[table.pile(f"t{c}")[-1]] for c in (2, 3)] == ["3C", "4C"]
    assert CARD_TEXT[table.pile("t1")[-1]] == "2C"
    assert not table.pile("s")


def test_c6_scorpion_has_no_score():
    game = patience_core.new_game("scorpion", seed=5)
    game.play(game.legal_moves()[0])
    assert game.score() == 0


# --- Simple Simon ------------------------------------------------------------------------------


def test_m1_every_card_face_up_in_ten_columns_from_eight_to_one_no_stock():
    game = patience_core.new_game("simple-simon", seed=5)
    piles = view(game)
    assert [piles[f"t{c}"]["count"] for c in range(1, 11)] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(piles[f"t{c}"]["down"] == 0 for c in range(1, 11))
    assert "s" not in piles
    assert all(m.src for m in game.legal_moves()), "no word move: no stock"


def test_m2_simple_simon_builds_regardless_of_suit_and_moves_runs_of_one_suit():
    game = dealt(
        "simple-simon",
        {
            "t8": "2C 7H 6H",
            "t9": "3C 8S",
            "t10": "8H",
        },
    )
    assert game.is_legal("t8-t9x2")  # 7H 6H, one suit, onto 8S
    game.play("t8-t9x2")
    assert game.why_illegal("t9-t10x3").startswith("the top 3 cards of column 9 are not a run")


def test_m3_pysol_numbers_deal_as_pysol_cards_does():
    game = patience_core.new_game("simple-simon", deal=patience_core.find_game("simple-simon")[0].pysol(1))
    assert [CARD_TEXT[c] for c in game.table.pile("t1")] == ["JD", "KC", "KS", "4C", "4D", "TH", "7D", "8D"]
    assert [CARD_TEXT[c] for c in game.table.pile("t10")] == ["6H"]


# --- the fast listing ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["spider", "spider-2", "spiderette", "scorpion", "simple-simon"])
def test_the_fast_legal_moves_are_exactly_what_the_block_explains(game_id):
    """The family's own legal_moves (the hot path) and the block's illegal_reason agree."""
    rng = random.Random(game_id)
    for seed in range(4):
        game = patience_core.new_game(game_id, seed=seed)
        for _ in range(30):
            if game.is_over():
                break
            rules, table = game.rules, game.table
            ids = [p.id for p in rules.piles]
            listed = {str(m) for m in rules.legal_moves(table) if m.src}
            explained = {
                str(Move.between(a, b, n))
                for a in ids
                for b in ids
                if a != b
                for n in range(1, len(table.pile(a)) + 1)
                if rules.illegal_reason(table, Move.between(a, b, n)) is None
            }
            assert listed == explained, (seed, game.moves)
            game.play(rng.choice(game.legal_moves()))


def test_an_illegal_move_changes_nothing():
    game = patience_core.new_game("spider", seed=8)
    before = game.snapshot()
    with pytest.raises(IllegalMoveError):
        game.play("t1-f1")
    assert game.snapshot() == before

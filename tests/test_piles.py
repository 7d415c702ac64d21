"""Piles in the core: their declarations, the table's pile primitives, pile moves and their
text, short move text, and the build-on-piles rule block on the toy games of piles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_core
from patience_core import BASE, Build, Deck, Game, InvalidMoveError, Kind, Move, Pile, Reach, Step, Suits
from patience_core.engine.cards import parse_card_index
from patience_core.engine.table import Table
from patience_core.testing import check_cards, conformance_tests, deal_piles


def c(text: str) -> int:
    return parse_card_index(text)


# --- declarations ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["", "t", "T1", "t0", "t100", "tt1", "1", "t-1", "t1x"])
def test_a_pile_id_is_one_letter_and_a_number(bad):
    if bad == "t":
        assert Pile(bad, Kind.TABLEAU).id == "t"  # one letter alone is an id
        return
    with pytest.raises(ValueError, match="pile id"):
        Pile(bad, Kind.TABLEAU)


@pytest.mark.parametrize("empty", ["king", 0, 14, None, True])
def test_what_an_empty_pile_takes_is_checked(empty):
    with pytest.raises(ValueError, match="empty pile takes"):
        Pile("t1", Kind.TABLEAU, empty=empty)


def test_deal_down_is_at_most_the_cards_dealt():
    with pytest.raises(ValueError, match="deal_down"):
        Pile("t1", Kind.TABLEAU, deal=2, deal_down=3)


@pytest.mark.parametrize(
    ("build", "card", "onto", "fits"),
    [
        (Build(Step.DOWN, Suits.ALTERNATE), "7H", "8S", True),
        (Build(Step.DOWN, Suits.ALTERNATE), "7H", "8D", False),
        (Build(Step.DOWN, Suits.ALTERNATE), "6H", "8S", False),
        (Build(Step.UP, Suits.SAME), "2C", "AC", True),
        (Build(Step.UP, Suits.SAME), "2D", "AC", False),
        (Build(Step.DOWN, Suits.ANY), "KC", "AD", False),
        (Build(Step.DOWN, Suits.ANY, wrap=True), "KC", "AD", True),
        (Build(Step.UP, Suits.ANY, wrap=True), "AC", "KD", True),
        (Build(Step.EITHER, Suits.ANY), "9C", "8D", True),
        (Build(Step.EITHER, Suits.ANY), "7C", "8D", True),
        (Build(Step.SAME, Suits.ANY), "8C", "8D", True),
        (Build(Step.DOWN, Suits.COLOUR), "7C", "8S", True),
        (Build(Step.DOWN, Suits.COLOUR), "7D", "8S", False),
        (Build(Step.DOWN, Suits.OTHER), "7C", "8C", False),
        (Build(Step.DOWN, Suits.OTHER), "7D", "8C", True),
        (Build(Step.ANY, Suits.ANY), "2C", "9H", True),
    ],
)
def test_build_says_what_may_go_on_what(build, card, onto, fits):
    assert build.fits(c(card), c(onto)) is fits


def test_copies_of_a_card_build_like_it():
    build = Build(Step.DOWN, Suits.SAME)
    assert build.fits(52 + c("7S"), c("8S"))
    assert build.fits(c("7S"), 104 + c("8S"))


# --- the table's piles ------------------------------------------------------------------------

COLUMN = Pile("t1", Kind.TABLEAU, deal=3, deal_down=2)
OTHER = Pile("t2", Kind.TABLEAU, deal=1)
PILES = (Pile("s", Kind.STOCK), Pile("w", Kind.WASTE), COLUMN, OTHER)


def table() -> Table:
    return Table(patience_core.Layout.empty(), tuple(range(52)), patience_core.Scoring("s", ""), 0, PILES)


def test_the_deal_fills_the_piles_in_order_bottom_first_and_the_rest_is_the_stock():
    t = table()
    assert t.piles[2] == (0, 1, 2)
    assert t.down[2] == 2
    assert t.piles[3] == (3,)
    assert t.stock[-1] == 4, "the stock's top (last) is the first card after the dealt ones"
    assert len(t.stock) == 48
    assert t.waste == ()


def test_moving_off_the_face_up_cards_turns_the_card_below_up():
    t = table()
    t.move(2, 3)
    assert t.piles[2] == (0, 1)
    assert t.down[2] == 1, "the uncovered card turns up with the move"
    assert t.piles[3] == (3, 2)
    t.move(3, 2, 2)
    assert t.piles[2] == (0, 1, 3, 2)
    assert t.down[2] == 1


def test_a_pile_move_undoes_exactly():
    t = table()
    before = t.snapshot()
    t.move(2, 3)
    t.draw(3)
    t.restore(before)
    assert t.snapshot() == before
    assert t.piles[2] == (0, 1, 2)
    assert t.down[2] == 2


def test_a_draw_of_three_turns_three_and_the_last_is_on_top():
    t = table()
    assert t.draw(3) == 6
    assert t.waste == (4, 5, 6)


def test_a_row_is_dealt_one_card_to_each_pile():
    t = table()
    t.deal_to((2, 3))
    assert t.piles[2][-1] == 4
    assert t.piles[3][-1] == 5
    assert t.down[2] == 2


def test_moves_score_their_events():
    scoring = patience_core.Scoring("e", "", per_card=0, events={"tableau_to_tableau": 3, "flip": 5})
    t = Table(patience_core.Layout.empty(), tuple(range(52)), scoring, 0, PILES)
    t.move(2, 3)
    assert t.points == 3 + 5


def test_a_game_that_deals_more_cards_than_it_has_places_for_needs_a_stock():
    with pytest.raises(ValueError, match="no stock"):
        Table(patience_core.Layout.empty(), tuple(range(52)), patience_core.Scoring("s", ""), 0, (COLUMN,))


# --- pile moves and their text -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["t3-f1", "w-t2", "c1-t5", "t1-t4x3", "t10-t13x12", "s-w"])
def test_pile_move_text_round_trips(text):
    move = Move.parse(text)
    assert str(move) == text
    assert move.is_pile_move
    assert Move.parse(str(move)) is move


def test_pile_move_text_is_read_in_any_case():
    assert Move.parse(" T1-T4X3 ") is Move.between("t1", "t4", 3)


@pytest.mark.parametrize("word", ["a-b", "t1-t2", "w-f1x3"])
def test_no_word_move_reads_as_a_pile_move(word):
    with pytest.raises(InvalidMoveError, match="reads as a pile move"):
        Move.of_word(word)


@pytest.mark.parametrize(("src", "dst", "count"), [("T1", "t2", 1), ("t1", "t2", 0), ("t1", "t2", 105)])
def test_a_pile_move_is_checked(src, dst, count):
    with pytest.raises(InvalidMoveError):
        Move.between(src, dst, count)


@given(
    st.sampled_from("stwfcrh"),
    st.integers(0, 99),
    st.sampled_from("stwfcrh"),
    st.integers(0, 99),
    st.integers(1, 104),
)
def test_every_pile_move_text_round_trips(a, m, b, n, count):
    src, dst = a + (str(m) if m else ""), b + (str(n) if n else "")
    move = Move.between(src, dst, count)
    assert Move.parse(str(move)) == move


# --- the block on the toy games -------------------------------------------------------------------

TestToyKlondike = conformance_tests("toy-klondike", max_examples=8, steps=20)
TestToyFreeCell = conformance_tests("toy-freecell", max_examples=8, steps=20)
TestToySpider = conformance_tests("toy-spider", max_examples=8, steps=20)


def klondike(piles: dict[str, str], stock: tuple[str, ...] = (), **options: object) -> Game:
    deal = deal_piles("toy-klondike", piles, stock, **options)  # type: ignore[arg-type]
    return patience_core.new_game("toy-klondike", deal=deal, **options)  # type: ignore[arg-type]


def test_a_run_moves_whole_onto_a_card_that_takes_its_bottom():
    game = klondike({"t1": "6S", "t2": "2C 5H", "t3": "2D 3D 4S", "t4": "2H 3H 4H 3S"})
    assert "t3-t2" in [str(m) for m in game.legal_moves()]
    game.play("t3-t2")
    assert game.table.pile("t2")[-2:] == (c("5H"), c("4S"))
    assert game.table.down[game.table.pile_index["t3"]] == 1, "3D turned up"


def test_a_short_form_reads_against_the_legal_moves():
    game = klondike({"t1": "6S", "t2": "2C 5H", "t3": "2D 3D 4S", "t4": "2H 3H 4H AS"})
    assert game.parse_move("4S-t2") == Move.parse("t3-t2")  # a card for its pile
    assert game.parse_move("t4-f") == Move.parse("t4-f4")  # a kind's letter for its pile
    assert game.parse_move("AS") == Move.parse("t4-f4")  # a card alone: its one move
    assert game.parse_move("t3-t2x1") == Move.parse("t3-t2")


def test_a_short_form_that_could_be_several_moves_names_them():
    game = patience_core.new_game(
        "toy-freecell", deal=deal_piles("toy-freecell", {"t2": "2C 3C 4C 5C 6C AH"})
    )
    with pytest.raises(InvalidMoveError, match="could be any of t2-c1, t2-c2, t2-f3"):
        game.parse_move("AH")
    assert game.parse_move("t2-c") == Move.parse("t2-c1"), "one of several empty cells: the first"
    assert game.parse_move("AH-f") == Move.parse("t2-f3")


def test_an_empty_column_takes_only_the_rank_it_says():
    game = klondike({"t1": "AS", "t2": "2C 5H", "t3": "2D 3D 4S", "t4": "2H 3H 4H 6S"})
    game.play("t1-f4")
    assert game.why_illegal("t2-t1") == "an empty column takes a 6, not 5H"
    assert game.is_legal("t4-t1")


def test_draw_and_redeal_follow_the_options():
    game = klondike({}, draw=3, redeals=0)
    assert "draw" in [str(m) for m in game.legal_moves()]
    while game.table.stock:
        game.play("draw")
    assert game.why_illegal("redeal") == "no redeal left: the waste may be turned over 0 times in this game"


def test_a_supermove_carries_as_many_as_cells_and_empty_columns_allow():
    game = patience_core.new_game("toy-freecell", seed=1)
    rules, t = game.rules, game.table
    assert rules.carry_limit(t, t.pile_index["t1"]) == 3  # two free cells: (2 + 1) x 2^0


def test_safe_moves_send_home_what_no_card_can_need():
    game = klondike({"t1": "6S", "t2": "2C 5H", "t3": "2D 3D 4S", "t4": "2H 3H 4H AS"})
    assert [str(m) for m in game.rules.safe_moves(game.table)] == ["t4-f4"]


def test_the_cards_of_two_decks_each_lie_once_in_toy_spider():
    game = patience_core.new_game("toy-spider", seed=5)
    assert isinstance(game.rules.deck, Deck)
    assert len(game.rules.deck) == 26
    check_cards(game)
    assert game.deal_text().count("KS") == 2


def test_a_deal_from_the_stock_needs_every_column_filled_and_undoes_exactly():
    game = patience_core.new_game("toy-spider", seed=5)
    before = game.snapshot()
    game.play("deal")
    assert all(len(game.table.pile(f"t{k}")) == 6 for k in (1, 2, 3))
    game.undo()
    assert game.snapshot() == before


def test_foundation_reaches_and_bases():
    base = Pile(
        "f1",
        Kind.FOUNDATION,
        deal=1,
        build=Build(Step.UP, Suits.SAME, wrap=True),
        empty=BASE,
        takes=Reach.ONE,
    )
    assert (
        base.describe()
        == "builds up by suit, K and A neighbours; an empty one takes the rank of the first foundation card"
    )


@pytest.mark.parametrize("game_id", ["toy-klondike", "toy-freecell", "toy-spider"])
def test_the_fast_legal_move_listing_is_exactly_what_the_rules_explain(game_id):
    """legal_moves (the hot path) and illegal_reason (the words) agree on every pile move."""
    rng = random.Random(game_id)
    for seed in range(12):
        game = patience_core.new_game(game_id, seed=seed)
        for _ in range(40):
            if game.is_over():
                break
            table, rules = game.table, game.rules
            ids = [p.id for p in rules.piles]
            listed = {str(m) for m in rules.legal_moves(table) if m.src}
            explained = {
                str(Move.between(a, b, n))
                for a in ids
                for b in ids
                if a != b
                for n in range(1, len(table.piles[ids.index(a)]) + 1)
                if rules.illegal_reason(table, Move.between(a, b, n)) is None
            }
            assert listed == explained, (seed, game.to_dict("full"))
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("game_id", ["toy-klondike", "toy-freecell", "toy-spider"])
def test_the_fast_listing_is_every_accepted_move_in_the_order_searches_rely_on(game_id):
    """legal_moves lists, in this order, each source pile, each target pile, each number of
    cards from one up: every move that accepts (the words of the rules, without the words)
    allows, within what free cells and empty columns carry. Searches count positions in the
    order the moves come, so the order is part of what the fast listing must keep."""
    rng = random.Random(game_id)
    for seed in range(8):
        game = patience_core.new_game(game_id, seed=seed, observed=False)
        for _ in range(40):
            if game.is_over():
                break
            rules, table = game.rules, game.table
            expected = [
                str(Move.between(rules.piles[i].id, rules.piles[j].id, n))
                for i in rules._sources
                for j in rules._targets
                if j != i
                for n in range(1, rules.run_length(table, i) + 1)
                if rules.accepts(table, table.piles[i], n, j)
                and (n == 1 or rules.piles[i].gives != Reach.SUPER or n <= rules.carry_limit(table, j))
            ]
            assert [str(m) for m in rules.legal_moves(table) if m.src] == expected
            game.play(rng.choice(game.legal_moves()))


def test_a_pile_with_a_name_of_its_own_is_called_once_the_and_its_kind_in_rules_words():
    named = Pile("w", Kind.WASTE, name="the reserve")
    assert named.called == "the reserve"  # not "the the reserve"
    assert Pile("f", Kind.FOUNDATION, name="home").kind_word == "foundation"
    assert Pile("t1", Kind.TABLEAU, name="left column").kind_word == "column"

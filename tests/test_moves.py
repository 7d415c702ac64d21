"""Moves: text that round-trips, order independence, words, errors and interning."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import CARDS, DRAW, REDEAL, InvalidMoveError, Move
from patience_core.engine.moves import CARD_MOVES

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def text_of(index: int) -> str:
    return RANKS[index % 13] + SUITS[index // 13]


@pytest.mark.parametrize("index", range(52))
def test_single_card_moves_round_trip(index):
    move = Move.parse(text_of(index))
    assert str(move) == text_of(index)
    assert move is CARD_MOVES[index]
    assert move.ids == (index,)
    assert move.cards == (CARDS[index],)
    assert not move.is_word
    assert Move.parse(str(move)) is move
    assert Move.parse(CARDS[index].glyph) is move


@given(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
def test_pairs_round_trip_in_either_order(pair):
    a, b = pair
    move = Move.parse(f"{text_of(a)}+{text_of(b)}")
    assert move is Move.parse(f"{text_of(b)}+{text_of(a)}")
    assert move is Move.of_cards(b, a)
    assert move is Move.of_cards(CARDS[a], CARDS[b])
    assert Move.parse(str(move)) is move
    assert set(move.ids) == {a, b}
    # Canonical text: the higher rank first; equal ranks in suit order clubs, diamonds, hearts, spades.
    first, second = str(move).split("+")
    hi, lo = RANKS.index(first[0]), RANKS.index(second[0])
    assert hi > lo or (hi == lo and SUITS.index(first[1]) < SUITS.index(second[1]))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS+QH", "QH+AS"),
        ("QH+AS", "QH+AS"),
        ("as+qh", "QH+AS"),
        ("10♥+3c", "TH+3C"),
        (" 6D + 7S ", "7S+6D"),
        ("4S+4C", "4C+4S"),
        ("4h+4d", "4D+4H"),
        ("AC+KS+QD", "KS+QD+AC"),
    ],
)
def test_canonical_text_lists_the_higher_rank_first(text, canonical):
    assert str(Move.parse(text)) == canonical
    assert repr(Move.parse(text)) == f"Move.parse({canonical!r})"


def test_as_plus_qh_is_qh_plus_as():
    assert Move.parse("AS+QH") == Move.parse("QH+AS")
    assert hash(Move.parse("AS+QH")) == hash(Move.parse("QH+AS"))
    assert Move.parse("AS+QH") != Move.parse("AS+QD")
    assert Move.parse("AS") != Move.parse("AS+QH")


@pytest.mark.parametrize(
    ("text", "word"), [("draw", DRAW), ("DRAW", DRAW), (" Draw ", DRAW), ("redeal", REDEAL)]
)
def test_words(text, word):
    move = Move.parse(text)
    assert move is word
    assert move.is_word
    assert move.ids == ()
    assert move.cards == ()
    assert str(move) == word.word


def test_other_words_are_moves_too_and_interned_once_a_game_makes_them():
    made = Move.of_word("pass")
    assert str(made) == "pass"
    assert Move.parse("pass") is made
    assert Move.parse("move-2") == Move.of_word("move-2")
    assert Move.parse("move-2") is Move.of_word("move-2")


@pytest.mark.parametrize("text", ["ad", "th", "kc", "as"])
def test_card_text_that_looks_like_a_word_is_a_card(text):
    move = Move.parse(text)
    assert not move.is_word
    assert str(move) == text.upper()


def test_interning():
    assert Move.parse("4H") is Move.parse("4h")
    assert Move.parse("4H") is Move.parse("4♥")
    assert Move.parse("QH+AS") is Move.parse("as+qh")
    assert Move.parse("draw") is DRAW


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("4H+XX", "XX"),
        ("XX+4H", "XX"),
        ("4H+", ""),
        ("+4H", ""),
        ("QH++AS", ""),
        ("4H+11S", "11S"),
        ("1H", "1H"),
        ("dr aw", "dr aw"),
        ("draw!", "draw!"),
        ("4H+draw", "draw"),
    ],
)
def test_bad_text_is_an_invalid_move_error_naming_the_bad_part(text, bad):
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    message = str(info.value)
    assert f"({bad!r} is not a card" in message
    assert repr(text.strip()) in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_text_says_what_a_move_looks_like(text):
    with pytest.raises(InvalidMoveError, match="empty move"):
        Move.parse(text)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("4H+4H", "4H"),
        ("4h+4♥", "4H"),
        ("4S+4H+4H", "4H"),
        ("AS+QH+as", "AS"),
        ("KS+4H+4H", "4H"),
    ],
)
def test_a_card_named_twice_is_refused_naming_it(text, card):
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert f"names {card} twice" in str(info.value)


def test_of_cards_and_of_word_check_their_input():
    with pytest.raises(InvalidMoveError, match="at least one card"):
        Move.of_cards()
    with pytest.raises(InvalidMoveError, match="names QS twice"):
        Move.of_cards(50, 50)
    for word in ["", "Draw", "two words", "9lives", "x+y"]:
        with pytest.raises(InvalidMoveError, match="not a move"):
            Move.of_word(word)


# --- issue 16, finding 9: what users type is never kept, and bad input is a clear error --------


def test_refused_move_words_are_not_kept_for_ever():
    from patience_core.engine import moves

    before = len(moves._WORDS)
    typed = [Move.parse(f"word-{n}") for n in range(3 * moves.MAX_WORDS)]
    assert len(moves._WORDS) == before  # typed words are equal to, not kept as, interned moves
    assert typed[5] == Move.parse("word-5")
    for n in range(2 * moves.MAX_WORDS):
        Move.of_word(f"made-{n}")
    assert len(moves._WORDS) <= moves.MAX_WORDS  # even words made in code are bounded
    assert Move.parse("draw") is DRAW


def test_a_huge_move_is_refused_quickly_and_quoted_short():
    for text in ["x" * 10_000_000, "AC+" * 1_000_000, "a" * 33]:
        with pytest.raises(InvalidMoveError) as info:
            Move.parse(text)
        assert len(str(info.value)) < 200


def test_card_moves_of_many_cards_are_interned_only_up_to_a_bound():
    from itertools import combinations

    from patience_core.engine import moves

    for triple in combinations(range(52), 3):
        Move.of_cards(*triple)
    assert len(moves._INTERNED) <= moves.MAX_INTERNED
    assert Move.of_cards(0, 1, 2) == Move.of_cards(2, 1, 0)


@pytest.mark.parametrize("bad", [416, -1, 10**30, True, "AS", None, 1.0])
def test_of_cards_refuses_what_is_not_a_card_index(bad):
    with pytest.raises(InvalidMoveError, match="card"):
        Move.of_cards(bad)


@pytest.mark.parametrize("bad", [None, 7, b"draw", ["draw"]])
def test_parse_refuses_what_is_not_text(bad):
    with pytest.raises(InvalidMoveError, match="not "):
        Move.parse(bad)

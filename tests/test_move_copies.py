"""Card moves in games of several decks: a copy after the first is named ``7S#2``; the text
round-trips, one deck's text is unchanged, and a face typed alone plays the copy that may be
played (``patience_core.engine.resolve``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_core
from patience_core import InvalidMoveError, Move
from patience_core.engine.cards import CARD_IDS, CARD_TEXT, MAX_DECKS
from patience_core.engine.moves import CARD_MOVES, card_text, parse_card_id
from patience_core.engine.resolve import resolve


@given(st.lists(st.integers(0, CARD_IDS - 1), min_size=1, max_size=4, unique=True))
def test_card_moves_of_any_copies_round_trip(ids):
    move = Move.of_cards(*ids)
    assert Move.parse(str(move)) is move or Move.parse(str(move)) == move
    assert sorted(Move.parse(str(move)).ids) == sorted(ids)


@pytest.mark.parametrize("card", range(52))
def test_one_deck_text_is_unchanged_and_a_copy_says_which(card):
    assert str(CARD_MOVES[card]) == CARD_TEXT[card]
    assert str(CARD_MOVES[card + 52]) == f"{CARD_TEXT[card]}#2"
    assert parse_card_id(f"{CARD_TEXT[card]}#1") == card
    assert card_text(card + 52 * (MAX_DECKS - 1)) == f"{CARD_TEXT[card]}#{MAX_DECKS}"


def test_pairs_of_copies_list_the_higher_rank_then_the_suit_then_the_copy():
    assert str(Move.parse("6H#2+7C")) == "7C+6H#2"
    assert str(Move.parse("7S#2+7S")) == "7S+7S#2"
    assert str(Move.parse("QH+AS")) == "QH+AS"  # one deck's order, as ever


@pytest.mark.parametrize("text", ["7S#0", "7S#9", "7S#", "7S#x"])
def test_a_copy_out_of_range_is_refused_in_one_line_naming_it(text):
    with pytest.raises(InvalidMoveError, match="is not a card") as err:
        Move.parse(text)
    assert "\n" not in str(err.value)
    assert text in str(err.value)


def test_a_face_alone_plays_the_copy_that_may_be_played_and_the_first_copy_when_both_may():
    game = patience_core.new_game("double-golf", seed=1)
    legal = game.legal_moves()
    copies = [m for m in legal if m.ids and m.ids[0] >= 52]
    assert copies  # deal 1 opens with a second copy in play
    second = copies[0]
    first = CARD_MOVES[second.ids[0] % 52]
    face = CARD_TEXT[second.ids[0]]
    expected = first if first in legal else second
    assert resolve(face, legal, game.table) is expected
    assert resolve(str(second), legal, game.table) is second


def test_one_deck_games_resolve_a_card_as_before():
    game = patience_core.new_game("golf", seed=1)
    legal = game.legal_moves()
    illegal = next(m for m in CARD_MOVES[:52] if m not in legal)
    assert resolve(str(illegal), legal, game.table) is illegal  # refused later, with its reason


def test_a_copy_named_by_number_is_never_taken_for_another_copy():
    # "5C#2" names the second five of clubs: in a game of one deck it is refused, not read as 5C
    game = patience_core.new_game("golf", seed=1)
    legal = game.legal_moves()
    playable = next(m for m in legal if m.ids)
    second = CARD_MOVES[playable.ids[0] + 52]
    assert resolve(str(second), legal, game.table) is second
    assert game.why_illegal(second)

"""Cards: canonical text, the forms people type, errors, equality and indices."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import CARDS, Card, CardError, Rank, Suit

RANKS = "A23456789TJQK"
SUITS = "CDHS"
GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
OUTLINE = {"C": "♧", "D": "♢", "H": "♡", "S": "♤"}


def test_the_52_cards_have_their_canonical_text_in_deck_order():
    expected = [r + s for s in SUITS for r in RANKS]  # clubs A-K, then diamonds, hearts, spades
    assert [str(card) for card in CARDS] == expected
    assert len(set(expected)) == 52


@pytest.mark.parametrize("index", range(52))
def test_canonical_text_reads_back_to_the_interned_card(index):
    card = CARDS[index]
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "TH"),
        ("th", "TH"),
        ("tH", "TH"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("♦8", "8D"),
        ("8♦", "8D"),
        ("10♥", "TH"),
        ("♥10", "TH"),
        ("♦\ufe0f8", "8D"),  # emoji presentation selector, as phones type ♦️
        ("8♦\ufe0f", "8D"),
        ("♥\ufe0f10", "TH"),
        ("♡10", "TH"),
        ("10♡", "TH"),
        ("♢8", "8D"),
        ("♧A", "AC"),
        ("K♤", "KS"),
        ("a♠", "AS"),
        ("q♣", "QC"),
        ("t♥", "TH"),
        ("  js ", "JS"),
    ],
)
def test_parse_accepts_the_forms_people_type(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "1H",
        "11S",
        "TX",
        "H",
        "",
        "10",
        "AHH",
        "0H",
        "1OH",
        "♦",
        "♦♦",
        "♥10♥",
        "T",
        "KK",
        "10♥H",
        "H10",
        "A S",
    ],
)
def test_anything_else_is_a_card_error_quoting_the_token(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def _accepted() -> dict[str, str]:
    """Every spelling of every card, built from the documented forms alone."""
    out = {}
    for r, s in itertools.product(RANKS, SUITS):
        for rank in {r, r.lower(), *(("10",) if r == "T" else ())}:
            for suit in (s, s.lower()):
                out[rank + suit] = r + s
            for glyph in (GLYPHS[s], OUTLINE[s]):
                out[rank + glyph] = out[glyph + rank] = r + s
    return out


ACCEPTED = _accepted()


@given(st.text(alphabet="A1023TtKkJqsSHhCcDdX♥♦♣♠♡♢ıﬀ+ ", max_size=4))
def test_parse_accepts_exactly_the_documented_forms(text):
    """Any text is either one of the documented spellings (and gives that card) or a CardError."""
    key = text.strip()
    if key in ACCEPTED:
        assert str(Card.parse(text)) == ACCEPTED[key]
    else:
        with pytest.raises(CardError):
            Card.parse(text)


def test_a_letter_that_upper_cases_to_a_suit_letter_is_not_a_suit():
    with pytest.raises(CardError):
        Card.parse("Aſ")


def test_cards_are_equal_and_hash_by_value():
    fresh = Card(Rank.TEN, Suit.HEARTS)
    interned = Card.parse("TH")
    assert fresh is not interned
    assert fresh == interned
    assert hash(fresh) == hash(interned)
    assert len({fresh, interned, Card(10, 2)}) == 1
    assert fresh != Card(Rank.TEN, Suit.DIAMONDS)
    assert fresh != Card(Rank.NINE, Suit.HEARTS)
    assert fresh != "TH"
    assert {interned: 1}[fresh] == 1


@pytest.mark.parametrize(("suit", "rank"), list(itertools.product(Suit, Rank)))
def test_index_is_suit_times_13_plus_rank_minus_1(suit, rank):
    card = Card(rank, suit)
    assert card.index == suit.value * 13 + rank.value - 1
    assert CARDS[card.index] == card
    assert Card.from_index(card.index) is CARDS[card.index]
    assert card.rank is rank
    assert card.suit is suit


def test_suit_and_rank_helpers():
    assert [s.letter for s in Suit] == list(SUITS)
    assert [r.letter for r in Rank] == list(RANKS)
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert Card.parse("TH").glyph == "10♥"
    assert Card.parse("8d").glyph == "8♦"
    assert Card.parse("AS").glyph == "A♠"
    assert Card.parse("QD").is_red
    assert not Card.parse("QC").is_red
    assert repr(Card.parse("10♥")) == "Card.parse('TH')"
    assert all(Card.parse(card.glyph) is card for card in CARDS)

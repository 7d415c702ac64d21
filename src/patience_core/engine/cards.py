"""Ranks, suits and cards, with their canonical two-character text (``TH``, ``8D``).

Every card has a small integer index, ``suit * 13 + rank - 1`` (clubs 0-12, diamonds 13-25,
hearts 26-38, spades 39-51). Hot paths work on these integers; the :class:`Card` objects are
interned in :data:`CARDS` so that turning an index back into a card allocates nothing.

A game of several decks holds several cards of one face. Each physical card has an id of its
own, ``copy * 52 + index`` (copy 0 to :data:`MAX_DECKS` - 1), so a one-deck game's ids are the
indices themselves; :data:`RANK_OF`, :data:`SUIT_OF` and :data:`CARD_TEXT` answer for every id,
and ``id % 52`` is its face.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from patience_core.engine.errors import CardError, quoted

RANK_LETTERS: Final = "A23456789TJQK"
SUIT_LETTERS: Final = "CDHS"
SUIT_GLYPHS: Final = "♣♦♥♠"
# Outline glyphs are accepted on input too; U+FE0F (emoji presentation) is ignored.
_GLYPH_SUIT: Final = {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}


class Suit(enum.IntEnum):
    """A suit, in the order clubs, diamonds, hearts, spades (the order of the deck for shuffles)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def glyph(self) -> str:
        return SUIT_GLYPHS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """A rank; the value is the card's number (A=1, J=11, Q=12, K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self - 1]


@attrs.frozen(eq=False, repr=False)
class Card:
    """A playing card. ``str(card)`` is the canonical text; :meth:`parse` reads it back.

    >>> Card.parse("10♥")
    Card.parse('TH')
    >>> str(Card(Rank.EIGHT, Suit.DIAMONDS)), Card.parse("8d").glyph
    ('8D', '8♦')
    """

    rank: Rank = attrs.field(converter=Rank)
    suit: Suit = attrs.field(converter=Suit)
    index: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit * 13 + self.rank - 1)

    # Equality and hashing by index: cheap, and the same for interned and fresh cards.
    def __eq__(self, other: object) -> bool:
        return other.__class__ is Card and other.index == self.index  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def glyph(self) -> str:
        """Text with a suit glyph and ``10`` for ten, for people: ``10♥``, ``8♦``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.glyph

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The interned card with this index (0-51)."""
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: canonical ``TH``, ``10h``, ``♦8``, ``10♥``; raise :class:`CardError` else."""
        return CARDS[parse_card_index(text)]


def rank_word(rank: int) -> str:
    """A rank in a sentence: ``an A``, ``a 4``, ``an 8``, ``a 10``, ``a Q``.

    >>> rank_word(1), rank_word(10), rank_word(12)
    ('an A', 'a 10', 'a Q')
    """
    letter = "10" if rank == 10 else RANK_LETTERS[rank - 1]
    return ("an " if letter in ("A", "8") else "a ") + letter


def parse_card_index(text: str) -> int:
    """The index of the card written ``text``, or :class:`CardError` quoting the bad token."""
    if not isinstance(text, str):
        raise CardError(f"a card is text such as 'TH', not {type(text).__name__}")
    index = card_index(text)
    if index is None:
        raise CardError(
            f"not a card: {quoted(text)} (a card is a rank A 2-9 T J Q K, or 10, and a suit "
            "C D H S or ♣ ♦ ♥ ♠, as in 'TH', '8D', '10♥')"
        )
    return index


def card_index(text: str) -> int | None:
    """The index of the card written ``text``, or None: :func:`parse_card_index` without the
    message, for code that only asks whether text is a card."""
    token = text.strip().replace("\ufe0f", "") if len(text) < 64 else text  # longer is no card
    suit = None
    if token[:1] in _GLYPH_SUIT:
        suit, rank_text = _GLYPH_SUIT[token[0]], token[1:]
    elif token[-1:] in _GLYPH_SUIT:
        suit, rank_text = _GLYPH_SUIT[token[-1]], token[:-1]
    elif len(token) >= 2 and token[-1] in "CDHScdhs":  # not .upper(): 'ſ'.upper() is 'S'
        suit, rank_text = SUIT_LETTERS.index(token[-1].upper()), token[:-1]
    else:
        rank_text = ""
    rank_text = rank_text.upper()
    if rank_text == "10":
        rank_text = "T"
    if suit is None or len(rank_text) != 1 or rank_text not in RANK_LETTERS:
        return None
    return suit * 13 + RANK_LETTERS.index(rank_text)


CARDS: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in Suit for r in Rank)
"""All 52 cards by index: the deck in its ordered state, clubs A-K then diamonds, hearts, spades."""

MAX_DECKS: Final = 8
"""The most copies of one card a game may hold (a game of two decks of one suit holds eight)."""
CARD_IDS: Final = 52 * MAX_DECKS
"""Physical card ids run from 0 to ``CARD_IDS - 1``: ``copy * 52 + index``."""

CARD_OF: Final[tuple[Card, ...]] = CARDS * MAX_DECKS
"""The card (its face) of each physical card id."""

RANK_OF: Final[tuple[int, ...]] = tuple(c.rank.value for c in CARD_OF)
"""The rank (1-13) of each card id, for hot paths."""

SUIT_OF: Final[tuple[int, ...]] = tuple(c.suit.value for c in CARD_OF)
"""The suit (0-3, clubs diamonds hearts spades) of each card id, for hot paths."""

RED: Final[tuple[bool, ...]] = tuple(c.is_red for c in CARD_OF)
"""Whether each card id is red (diamonds, hearts), for hot paths."""

CARD_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in CARD_OF)
"""The canonical text of each card id (the text of its face: copies read alike)."""

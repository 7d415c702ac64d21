"""Moves: small immutable values with a text form that round-trips.

A move is either a word (``draw``, ``redeal``) or one or more cards joined by ``+`` (``4H``,
``QH+AS``). Which cards a move takes is a set, so ``AS+QH`` and ``QH+AS`` are the same move;
the canonical text lists the higher rank first (then clubs, diamonds, hearts, spades).
Moves are interned: the same move is usually the same object, which keeps ``in`` and
``==`` cheap on the hot path.
"""

from __future__ import annotations

import re
from typing import Final

import attrs

from patience_core.engine.cards import CARD_TEXT, CARDS, RANK_OF, Card, card_index, parse_card_index
from patience_core.engine.errors import CardError, InvalidMoveError, quoted

_WORD: Final = re.compile(r"[a-z][a-z0-9-]*\Z")


def _canonical(indices: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(indices, key=lambda i: (-RANK_OF[i], i // 13)))


@attrs.frozen(repr=False)
class Move:
    """One move. Build moves with :meth:`parse`, :meth:`of_cards` or the constants.

    >>> Move.parse("as+qh")
    Move.parse('QH+AS')
    >>> str(Move.parse("draw")), Move.parse("QH+AS") == Move.parse("AS+QH")
    ('draw', True)
    """

    word: str = ""
    ids: tuple[int, ...] = ()
    """The card indices of the move, in canonical order."""

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.ids)

    @property
    def is_word(self) -> bool:
        return bool(self.word)

    def __str__(self) -> str:
        return self.word or "+".join(CARD_TEXT[i] for i in self.ids)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def of_cards(cls, *cards: Card | int) -> Move:
        """The move that takes these cards (cards or card indices 0-51), in any order.

        :class:`InvalidMoveError` for anything else, a card named twice, or no card at all.
        """
        key = tuple(c if c.__class__ is int else _index_of(c) for c in cards)
        move = _INTERNED.get(key)  # the hot path: a move already made, its cards in order
        if move is not None:
            return move
        if not key:
            raise InvalidMoveError("a card move needs at least one card")
        for i in key:
            if not 0 <= i < DECK:
                raise InvalidMoveError(f"a card index is a whole number from 0 to 51, not {quoted(i)}")
        if len(set(key)) != len(key):
            twice = next(i for i in key if key.count(i) > 1)
            raise InvalidMoveError(f"a move names {CARD_TEXT[twice]} twice")
        ids = _canonical(key)
        move = _INTERNED.get(ids)
        if move is None:
            move = cls(ids=ids)
            if len(ids) <= 2 or len(_INTERNED) < MAX_INTERNED:  # every single and pair, few others
                _INTERNED[ids] = move
        return move

    @classmethod
    def of_word(cls, word: str) -> Move:
        """A word move such as ``draw``; words are lowercase letters, digits and ``-``.

        Words are interned (up to :data:`MAX_WORDS` of them): a game makes its word moves once,
        as constants, and compares them by identity if it likes.
        """
        move = _WORDS.get(word)
        if move is None:
            move = cls._word(word)
            if len(_WORDS) < MAX_WORDS:
                _WORDS[word] = move
        return move

    @classmethod
    def _word(cls, word: object) -> Move:
        if not isinstance(word, str) or len(word) > MAX_WORD or not _WORD.match(word):
            raise InvalidMoveError(
                f"not a move: {quoted(word)} (a word move is at most {MAX_WORD} lowercase letters,"
                " digits and '-', such as draw)"
            )
        return cls(word=word)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move text; raise :class:`InvalidMoveError` naming the bad part.

        Cards may be written any way :meth:`Card.parse` accepts (``10♥+3c``). A word that is no
        known move is read as a new, uninterned move, so text typed by a user is never kept.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is move text or a Move, not {type(text).__name__}")
        token = text.strip()
        if not token:
            raise InvalidMoveError(
                "empty move: type a card such as 4H, a pair such as QH+AS, or a word such as draw"
            )
        if len(token) > MAX_MOVE_TEXT:
            raise InvalidMoveError(f"not a move: {quoted(token)} is far too long for one")
        lowered = token.lower()
        if _WORD.match(lowered) and not _looks_like_card(token):
            return _WORDS.get(lowered) or cls._word(lowered)
        parts = token.split("+")
        if len(parts) > DECK:
            raise InvalidMoveError(f"not a move: {quoted(token)} names more than {DECK} cards")
        ids = []
        for part in parts:
            try:
                ids.append(parse_card_index(part))
            except CardError:
                raise InvalidMoveError(
                    f"not a move: {quoted(token)} ({quoted(part.strip())} is not a card; a move is a card "
                    "such as 4H, cards joined by + such as QH+AS, or a word such as draw)"
                ) from None
        return cls.of_cards(*ids)


def _index_of(card: object) -> int:
    if isinstance(card, Card):
        return card.index
    if isinstance(card, int) and not isinstance(card, bool):
        return int(card)
    raise InvalidMoveError(f"a move is made of cards or card indices, not {quoted(card)}")


def _looks_like_card(token: str) -> bool:
    return card_index(token) is not None


_INTERNED: dict[tuple[int, ...], Move] = {}
_WORDS: dict[str, Move] = {}
DECK: Final = 52
MAX_INTERNED: Final = 4096
"""Card moves kept once made: every single card and pair, and up to this many in all."""
MAX_WORDS: Final = 256
"""Word moves kept once made by :meth:`Move.of_word`; text typed by users is never kept."""
MAX_WORD: Final = 32
"""The longest word move."""
MAX_MOVE_TEXT: Final = 256
"""The longest move text: room for all 52 cards written ``10♥`` and joined by ``+``."""

DRAW: Final = Move.of_word("draw")
"""Turn the next stock card."""
REDEAL: Final = Move.of_word("redeal")
"""Turn the waste over into a new stock."""
CARD_MOVES: Final[tuple[Move, ...]] = tuple(Move.of_cards(i) for i in range(52))
"""The single-card move of each card index."""

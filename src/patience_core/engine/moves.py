"""Moves: small immutable values with a text form that round-trips.

A move is one of three things:

- a word (``draw``, ``redeal``, ``deal``);
- one or more cards joined by ``+`` (``4H``, ``QH+AS``): the cards a move plays or removes.
  Which cards a move takes is a set, so ``AS+QH`` and ``QH+AS`` are the same move; the
  canonical text lists the higher rank first (then clubs, diamonds, hearts, spades). In a game
  of several decks a card after the first of its face names its copy: ``7S#2`` is the second
  7S of the deal (copies are numbered in the order they lie in the deal), ``7S`` the first;
- a pile move: the top card, or the top ``N`` cards as one run, of one pile onto another,
  written ``SRC-DST`` and ``SRC-DSTxN`` with the piles' ids (``t3-f4``, ``w-t2``, ``t1-t4x3``).

Moves are interned: the same move is usually the same object, which keeps ``in`` and ``==``
cheap on the hot path.
"""

from __future__ import annotations

import re
from typing import Final

import attrs

from patience_core.engine.cards import (
    CARD_IDS,
    CARD_OF,
    CARD_TEXT,
    MAX_DECKS,
    RANK_OF,
    Card,
    card_index,
    parse_card_index,
)
from patience_core.engine.errors import CardError, InvalidMoveError, quoted

_WORD: Final = re.compile(r"[a-z][a-z0-9-]*\Z")
_PILE: Final = r"[a-z](?:[1-9][0-9]?)?"
PILE_MOVE: Final = re.compile(rf"({_PILE})-({_PILE})(?:x([1-9][0-9]{{0,2}}))?\Z")
"""Pile move text: ``SRC-DST`` or ``SRC-DSTxN``; groups: source, destination, count."""


def _canonical(indices: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(indices, key=lambda i: (-RANK_OF[i], i % DECK // 13, i // DECK)))


def card_text(card: int) -> str:
    """A card id's text in a move: its face, and for a copy after the first its number.

    >>> card_text(45), card_text(45 + 52)
    ('7S', '7S#2')
    """
    return CARD_TEXT[card] if card < DECK else f"{CARD_TEXT[card]}#{card // DECK + 1}"


def parse_card_id(text: str) -> int:
    """The card id of a card in move text: a card (``7S``, ``10♥``), then ``#N`` for its N-th
    copy (1 to :data:`MAX_DECKS`, ``#1`` being the card itself); :class:`CardError` otherwise.

    >>> parse_card_id("7s"), parse_card_id("7S#2")
    (45, 97)
    """
    face, mark, copy = text.strip().partition("#")
    index = parse_card_index(face)
    if not mark:
        return index
    if not (copy.isdigit() and 1 <= int(copy) <= MAX_DECKS):
        raise CardError(f"{quoted(text.strip())}: a copy is #1 to #{MAX_DECKS}")
    return (int(copy) - 1) * DECK + index


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
    """The card ids of the move, in canonical order."""
    src: str = ""
    """A pile move's source pile id."""
    dst: str = ""
    """A pile move's destination pile id."""
    count: int = 0
    """How many cards a pile move moves together (1 or more; 0 for other moves)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARD_OF[i] for i in self.ids)

    @property
    def is_word(self) -> bool:
        return bool(self.word)

    @property
    def is_pile_move(self) -> bool:
        return bool(self.src)

    def __str__(self) -> str:
        if self.src:
            return f"{self.src}-{self.dst}" if self.count == 1 else f"{self.src}-{self.dst}x{self.count}"
        return self.word or "+".join(CARD_TEXT[i] if i < DECK else card_text(i) for i in self.ids)

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
            if not 0 <= i < CARD_IDS:
                raise InvalidMoveError(
                    f"a card id is a whole number from 0 to {CARD_IDS - 1}, not {quoted(i)}"
                )
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
    def between(cls, src: str, dst: str, count: int = 1) -> Move:
        """The pile move of the top ``count`` cards of pile ``src`` onto pile ``dst``.

        >>> Move.between("t1", "t4", 3), str(Move.between("w", "f2"))
        (Move.parse('t1-t4x3'), 'w-f2')
        """
        key = (src, dst, count)
        move = _PILES.get(key)
        if move is not None:
            return move
        text = f"{src}-{dst}" if count == 1 else f"{src}-{dst}x{count}"
        if not (isinstance(count, int) and 1 <= count <= MAX_RUN) or not PILE_MOVE.match(text):
            raise InvalidMoveError(
                f"not a pile move: {quoted(text)} (piles are a letter and an optional number 1-99,"
                f" a run 1 to {MAX_RUN} cards)"
            )
        move = cls(src=src, dst=dst, count=count)
        if len(_PILES) < MAX_INTERNED:
            _PILES[key] = move
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
        if PILE_MOVE.match(word):
            raise InvalidMoveError(f"not a word move: {quoted(word)} reads as a pile move")
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
        pile = PILE_MOVE.match(lowered)
        if pile is not None:
            return cls.between(pile[1], pile[2], int(pile[3] or 1))
        if _WORD.match(lowered) and not _looks_like_card(token):
            return _WORDS.get(lowered) or cls._word(lowered)
        parts = token.split("+")
        if len(parts) > DECK:
            raise InvalidMoveError(f"not a move: {quoted(token)} names more than {DECK} cards")
        ids = []
        for part in parts:
            try:
                ids.append(parse_card_id(part))
            except CardError:
                raise InvalidMoveError(
                    f"not a move: {quoted(token)} ({quoted(part.strip())} is not a card; a move is a card"
                    " such as 4H, cards joined by + such as QH+AS, piles such as t3-f1, or a word such as"
                    " draw)"
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
_PILES: dict[tuple[str, str, int], Move] = {}
DECK: Final = 52
MAX_INTERNED: Final = 4096
"""Card moves kept once made: every single card and pair, and up to this many in all."""
MAX_WORDS: Final = 256
"""Word moves kept once made by :meth:`Move.of_word`; text typed by users is never kept."""
MAX_WORD: Final = 32
"""The longest word move."""
MAX_MOVE_TEXT: Final = 256
"""The longest move text: room for all 52 cards written ``10♥`` and joined by ``+``."""
MAX_RUN: Final = 104
"""The most cards one pile move moves together."""

DRAW: Final = Move.of_word("draw")
"""Turn the next stock card."""
REDEAL: Final = Move.of_word("redeal")
"""Turn the waste over into a new stock."""
DEAL: Final = Move.of_word("deal")
"""Deal a row of stock cards onto the columns."""
CARD_MOVES: Final[tuple[Move, ...]] = tuple(Move.of_cards(i) for i in range(CARD_IDS))
"""The single-card move of each card id (of every copy)."""

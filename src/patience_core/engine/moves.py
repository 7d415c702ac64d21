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

from patience_core.engine.cards import CARD_TEXT, CARDS, RANK_OF, Card, parse_card_index
from patience_core.engine.errors import CardError, InvalidMoveError

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
        """The move that takes these cards (cards or card indices), in any order."""
        ids = _canonical(tuple(c if isinstance(c, int) else c.index for c in cards))
        if not ids:
            raise InvalidMoveError("a card move needs at least one card")
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise InvalidMoveError(f"a move names {CARD_TEXT[twice]} twice")
        move = _INTERNED.get(ids)
        if move is None:
            move = _INTERNED[ids] = cls(ids=ids)
        return move

    @classmethod
    def of_word(cls, word: str) -> Move:
        """A word move such as ``draw``; words are lowercase letters, digits and ``-``."""
        move = _WORDS.get(word)
        if move is None:
            if not _WORD.match(word):
                raise InvalidMoveError(f"not a move: {word!r}")
            move = _WORDS[word] = cls(word=word)
        return move

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move text; raise :class:`InvalidMoveError` naming the bad part.

        Cards may be written any way :meth:`Card.parse` accepts (``10♥+3c``).
        """
        token = text.strip()
        if not token:
            raise InvalidMoveError(
                "empty move: type a card such as 4H, a pair such as QH+AS, or a word such as draw"
            )
        lowered = token.lower()
        if _WORD.match(lowered) and not _looks_like_card(token):
            return cls.of_word(lowered)
        ids = []
        for part in token.split("+"):
            try:
                ids.append(parse_card_index(part))
            except CardError:
                raise InvalidMoveError(
                    f"not a move: {text.strip()!r} ({part.strip()!r} is not a card; a move is a card "
                    "such as 4H, cards joined by + such as QH+AS, or a word such as draw)"
                ) from None
        return cls.of_cards(*ids)


def _looks_like_card(token: str) -> bool:
    try:
        parse_card_index(token)
    except CardError:
        return False
    return True


_INTERNED: dict[tuple[int, ...], Move] = {}
_WORDS: dict[str, Move] = {}

DRAW: Final = Move.of_word("draw")
"""Turn the next stock card."""
REDEAL: Final = Move.of_word("redeal")
"""Turn the waste over into a new stock."""
CARD_MOVES: Final[tuple[Move, ...]] = tuple(Move.of_cards(i) for i in range(52))
"""The single-card move of each card index."""

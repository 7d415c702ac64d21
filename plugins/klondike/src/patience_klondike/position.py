"""Where every card of a Klondike-family game lies: a frozen :class:`Position`.

Cards are indices (``suit * 13 + rank - 1``, suits C D H S). Piles are listed bottom card
first, except the stock, which is listed from the next card to be drawn, the order in which a
deal lists it. Foundations are counts: foundation ``f1`` holds clubs, ``f2`` diamonds, ``f3``
hearts and ``f4`` spades, each built up from the base rank (an ace in Klondike).

>>> from patience_core.engine.cards import parse_card_index as card
>>> p = Position.from_text("t1: AS | t2: 2D 3C | s: KD | f: 0 0 0 0")
Traceback (most recent call last):
...
ValueError: a position holds each of the 52 cards once; this one has 4 (missing: AC 2C 4C ...)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, NamedTuple

import attrs

from patience_core.engine.cards import CARD_TEXT, parse_card_index
from patience_core.engine.errors import CardError

SUIT_LETTERS: Final = "CDHS"


class Column(NamedTuple):
    """One column: its face-down cards and its face-up cards, each bottom card first."""

    down: tuple[int, ...]
    up: tuple[int, ...]


def _columns(value: object) -> tuple[Column, ...]:
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"columns are a sequence of (face-down, face-up) pairs, not {type(value).__name__}")
    out = []
    for i, column in enumerate(value):
        if not isinstance(column, (tuple, list)) or len(column) != 2:
            raise ValueError(f"column t{i + 1} is a pair (face-down cards, face-up cards)")
        out.append(Column(_cards(column[0], f"t{i + 1}"), _cards(column[1], f"t{i + 1}")))
    return tuple(out)


def _cards(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"{where} is a sequence of card indices, not {type(value).__name__}")
    for c in value:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise ValueError(f"{where} holds {c!r:.20}, which is not a card index (0-51)")
    return tuple(value)


def _pile(value: object) -> tuple[int, ...]:
    return _cards(value, "a pile")


def _foundations(value: object) -> tuple[int, int, int, int]:
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 4
        or any(isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 13 for h in value)
    ):
        raise ValueError(
            f"foundations are four counts from 0 to 13 (clubs, diamonds, hearts, spades), not {value!r:.40}"
        )
    return (value[0], value[1], value[2], value[3])


@attrs.frozen
class Position:
    """A position of the Klondike family, every card known.

    ``columns``: ``t1``, ``t2``... as :class:`Column` pairs; ``stock``: the next card to be
    drawn first; ``waste``: its bottom card first, its top card last; ``foundations``: the
    cards on ``f1`` to ``f4``; ``reserve`` (Canfield's): its bottom card first, the top card
    (the one in play) last; ``base``: the foundations' base rank; ``passes_used``: the times
    the waste has been turned over as the stock so far.
    """

    columns: tuple[Column, ...] = attrs.field(converter=_columns)
    stock: tuple[int, ...] = attrs.field(default=(), converter=_pile)
    waste: tuple[int, ...] = attrs.field(default=(), converter=_pile)
    foundations: tuple[int, int, int, int] = attrs.field(default=(0, 0, 0, 0), converter=_foundations)
    reserve: tuple[int, ...] = attrs.field(default=(), converter=_pile)
    base: int = attrs.field(default=1)
    passes_used: int = attrs.field(default=0)

    def __attrs_post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or not 1 <= self.base <= 13:
            raise ValueError(
                f"the base rank is a whole number from 1 (ace) to 13 (king), not {self.base!r:.20}"
            )
        if (
            isinstance(self.passes_used, bool)
            or not isinstance(self.passes_used, int)
            or self.passes_used < 0
        ):
            raise ValueError(f"passes_used is a count (0 or more), not {self.passes_used!r:.20}")
        if not 1 <= len(self.columns) <= 13:
            raise ValueError(f"a position has 1 to 13 columns, not {len(self.columns)}")
        for i, column in enumerate(self.columns):
            if column.down and not column.up:
                raise ValueError(
                    f"column t{i + 1} has face-down cards and none face up: its top card is turned up"
                )
        cards = list(self.cards())
        if len(cards) != 52 or len(set(cards)) != 52:
            seen = set(cards)
            repeated = sorted({c for c in cards if cards.count(c) > 1})
            missing = sorted(set(range(52)) - seen)
            detail = []
            if repeated:
                detail.append(
                    "repeated: "
                    + " ".join(CARD_TEXT[c] for c in repeated[:3])
                    + (" ..." if len(repeated) > 3 else "")
                )
            if missing:
                detail.append(
                    "missing: "
                    + " ".join(CARD_TEXT[c] for c in missing[:3])
                    + (" ..." if len(missing) > 3 else "")
                )
            raise ValueError(
                f"a position holds each of the 52 cards once; this one has {len(cards)} ({'; '.join(detail)})"
            )

    def foundation_cards(self, suit: int) -> tuple[int, ...]:
        """The cards on the foundation of ``suit`` (0-3), bottom first."""
        return tuple(suit * 13 + (self.base - 1 + r) % 13 for r in range(self.foundations[suit]))

    def cards(self) -> Iterator[int]:
        """Every card of the position, pile by pile."""
        for column in self.columns:
            yield from column.down
            yield from column.up
        yield from self.stock
        yield from self.waste
        yield from self.reserve
        for suit in range(4):
            yield from self.foundation_cards(suit)

    def is_won(self) -> bool:
        return sum(self.foundations) == 52

    # --- text ------------------------------------------------------------------------------------

    def __str__(self) -> str:
        """The position as text, one pile a part, face-down cards in brackets: ``t2: [9S] 4H``
        has 9S face down under 4H."""
        parts = []
        for i, column in enumerate(self.columns):
            down = " ".join(CARD_TEXT[c] for c in column.down)
            up = " ".join(CARD_TEXT[c] for c in column.up)
            parts.append(f"t{i + 1}: " + (f"[{down}] " if down else "") + up)
        parts.append("s: " + " ".join(CARD_TEXT[c] for c in self.stock))
        parts.append("w: " + " ".join(CARD_TEXT[c] for c in self.waste))
        if self.reserve:
            parts.append("r: " + " ".join(CARD_TEXT[c] for c in self.reserve))
        parts.append("f: " + " ".join(str(h) for h in self.foundations))
        if self.base != 1:
            parts.append(f"base: {self.base}")
        if self.passes_used:
            parts.append(f"passes: {self.passes_used}")
        return " | ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read the text :meth:`__str__` writes.

        >>> p = Position.from_text(str(EXAMPLE))
        >>> p == EXAMPLE
        True
        """
        if not isinstance(text, str) or len(text) > 2000:
            raise ValueError("a position's text is at most 2,000 characters")
        columns: dict[int, Column] = {}
        fields: dict[str, object] = {}
        for part in text.split("|"):
            head, sep, rest = part.partition(":")
            head = head.strip()
            if not sep:
                raise ValueError(f"each part of a position is NAME: VALUE, not {part.strip()!r:.30}")
            try:
                if re.fullmatch(r"t[0-9]{1,2}", head):
                    match = re.fullmatch(r"\s*(?:\[([^\]]*)\])?([^\[\]]*)", rest)
                    if match is None:
                        raise ValueError(f"column {head}: face-down cards go in one [...] before the others")
                    down = tuple(parse_card_index(t) for t in (match[1] or "").split())
                    up = tuple(parse_card_index(t) for t in match[2].split())
                    columns[int(head[1:])] = Column(down, up)
                elif head in ("s", "w", "r"):
                    fields[head] = tuple(parse_card_index(t) for t in rest.split())
                elif head == "f":
                    fields["f"] = tuple(int(t) for t in rest.split())
                elif head in ("base", "passes"):
                    fields[head] = int(rest)
                else:
                    raise ValueError(f"unknown part {head!r:.20} (t1.., s, w, r, f, base, passes)")
            except CardError as error:
                raise ValueError(f"{head}: {error}") from None
        if sorted(columns) != list(range(1, len(columns) + 1)):
            raise ValueError("a position's columns are t1, t2, ... with none missing")
        return cls(
            tuple(columns[i] for i in sorted(columns)),
            stock=fields.get("s", ()),  # type: ignore[arg-type]
            waste=fields.get("w", ()),  # type: ignore[arg-type]
            foundations=fields.get("f", (0, 0, 0, 0)),  # type: ignore[arg-type]
            reserve=fields.get("r", ()),  # type: ignore[arg-type]
            base=fields.get("base", 1),  # type: ignore[arg-type]
            passes_used=fields.get("passes", 0),  # type: ignore[arg-type]
        )


def _example() -> Position:
    cards = list(range(52))
    columns = []
    at = 0
    for i in range(7):
        columns.append(Column(tuple(cards[at : at + i]), (cards[at + i],)))
        at += i + 1
    return Position(tuple(columns), stock=tuple(cards[at:]))


EXAMPLE: Final = _example()
"""A position to show the text form with: the ordered deck dealt our way."""

__all__ = ["EXAMPLE", "Column", "Position"]

"""Board text: a layout as Freecell Solver (``fc-solve``) and other solvers read and write it.

One line per column, its cards from the bottom to the top, separated by spaces; a line may
start with ``:`` (``fc-solve -p`` writes them so) and ``:`` alone is an empty column. A ten is
``T`` or ``10``. Two optional lines set the rest: ``Freecells:`` (or ``FC:``) lists the cards
in the cells, ``-`` for a free one; ``Foundations:`` (or ``Founds:``) gives each suit's height
as ``H-5 C-A D-0 S-K`` (a suit left out is at 0). Blank lines are skipped.

>>> from patience_freecell.deals import microsoft_position
>>> text = write_board(microsoft_position(1))
>>> print(text.splitlines()[0])
JD KD 2S 4C 3S 6D 6S
>>> parse_board(text) == microsoft_position(1)
True

Any text gives a position or one :class:`BoardError` line naming the problem:

>>> parse_board(text.replace("JD", "XD", 1))
Traceback (most recent call last):
...
patience_freecell.boards.BoardError: line 1, card 1: not a card: 'XD' (a card is a rank A 2-9 T J Q K, ...
"""

from __future__ import annotations

from typing import Final

from patience_core.engine.cards import CARD_TEXT, card_index
from patience_core.engine.errors import quoted
from patience_freecell.rules import FREECELL, Position, Variant

_FOUNDATION_ORDER: Final = (2, 0, 1, 3)  # fc-solve writes hearts, clubs, diamonds, spades
_HEIGHTS: Final = {"0": 0, "A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(r): r for r in range(1, 14)}}
MAX_TEXT: Final = 100_000
"""Longer text is refused at once: a board is a few hundred characters."""


class BoardError(ValueError):
    """Board text that is not a layout; the message names the line and the problem."""


def parse_board(text: str, variant: Variant = FREECELL) -> Position:
    """The position written in ``text``, for ``variant``'s columns and cells."""
    if not isinstance(text, str):
        raise BoardError(f"a board is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise BoardError(f"a board is a few hundred characters, not {len(text):,}")
    columns: list[tuple[int, ...]] = []
    cells: list[int | None] = [None] * variant.cells
    heights = [0, 0, 0, 0]
    seen: dict[int, str] = {}

    def card(token: str, where: str) -> int:
        index = card_index(token) if token else None
        if index is None or token.strip() != token or len(token) > 3:
            raise BoardError(
                f"{where}: not a card: {quoted(token)} "
                "(a card is a rank A 2-9 T J Q K, or 10, and a suit C D H S)"
            )
        if index in seen:
            raise BoardError(f"{where}: {CARD_TEXT[index]} is already on the board ({seen[index]})")
        seen[index] = where
        return index

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        head, colon, rest = line.partition(":")
        word = head.strip().lower()
        if colon and word in ("freecells", "fc"):
            tokens = rest.split()
            if len(tokens) > variant.cells:
                raise BoardError(
                    f"line {number}: {len(tokens)} cells listed; {variant.name} has {variant.cells}"
                )
            cells = [None] * variant.cells
            for k, token in enumerate(tokens):
                if token != "-":
                    cells[k] = card(token, f"line {number}, cell {k + 1}")
            continue
        if colon and word in ("foundations", "founds"):
            heights = [0, 0, 0, 0]
            for token in rest.split():
                suit_text, dash, height = token.partition("-")
                value = _HEIGHTS.get(height.upper())
                if not dash or suit_text.upper() not in ("C", "D", "H", "S") or value is None:
                    raise BoardError(
                        f"line {number}: not a foundation: {quoted(token)} "
                        "(a suit and its height, as in 'H-5', 'C-A', 'S-0')"
                    )
                heights["CDHS".index(suit_text.upper())] = value
            continue
        if colon and head.strip():
            raise BoardError(
                f"line {number}: unknown line {quoted(head.strip())} (Freecells:, Foundations: or a column)"
            )
        if len(columns) == len(variant.columns):
            raise BoardError(f"line {number}: more than the {len(variant.columns)} columns of {variant.name}")
        where = f"line {number}"
        tokens = (rest if colon else line).split()
        columns.append(tuple(card(token, f"{where}, card {k + 1}") for k, token in enumerate(tokens)))
    if len(columns) != len(variant.columns):
        raise BoardError(
            f"{len(columns)} column{'s' if len(columns) != 1 else ''} on the board; {variant.name} has "
            f"{len(variant.columns)} (write ':' for an empty one)"
        )
    for suit_index in range(4):
        for r in range(heights[suit_index]):
            index = suit_index * 13 + r
            if index in seen:
                top = heights[suit_index]
                raise BoardError(
                    f"{CARD_TEXT[index]} is on its foundation (height {top}) and also {seen[index]}"
                )
            seen[index] = "on its foundation"
    if len(seen) != 52:
        missing = [CARD_TEXT[c] for c in range(52) if c not in seen]
        shown = " ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise BoardError(
            f"{len(missing)} card{'s' if len(missing) > 1 else ''} missing from the board: {shown}"
        )
    return Position(tuple(columns), tuple(cells), (heights[0], heights[1], heights[2], heights[3]))


def write_board(position: Position) -> str:
    """``position`` as board text: the column lines alone when no card is home or in a cell
    (as ``make-microsoft-freecell-board -t`` writes a deal), else with ``Foundations:`` and
    ``Freecells:`` lines first and each column after a ``:`` (as ``fc-solve -p`` writes)."""
    bare = not any(position.foundations) and all(c is None for c in position.cells)
    lines = []
    if not bare:
        heights = " ".join(f"{'CDHS'[s]}-{_height(position.foundations[s])}" for s in _FOUNDATION_ORDER)
        lines.append(f"Foundations: {heights}")
        lines.append("Freecells: " + " ".join("-" if c is None else CARD_TEXT[c] for c in position.cells))
    for column in position.columns:
        cards = " ".join(CARD_TEXT[c] for c in column)
        lines.append(cards if bare and cards else f": {cards}".rstrip())
    return "\n".join(lines) + "\n"


def _height(h: int) -> str:
    return "0" if h == 0 else "A23456789TJQK"[h - 1]


__all__ = ["MAX_TEXT", "BoardError", "parse_board", "write_board"]

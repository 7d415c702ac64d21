"""The FreeCell family's rules: the games as values, positions, moves and their legality.

A game of the family is a :class:`Variant`: how many columns are dealt and how deep, how many
free cells (and how many are dealt a card), how columns build (alternate colours, same suit,
any suit), what an empty column takes (any card, kings only, nothing), and whether a run moves
as one move. The presets of :data:`VARIANTS` are the games peers play (docs/freecell.md says
where peers differ and what was chosen).

A :class:`Position` is the columns (each a tuple of card indices, bottom card first), the cells
(a card index or ``None`` each) and the height of each foundation (clubs, diamonds, hearts,
spades). A :class:`Move` names piles as the engine's table does: ``t1..`` columns, ``c1..``
cells, ``f1..f4`` foundations by suit; ``t3-f2``, ``c1-t5``, ``t1-t4x3``.

Foundations never give a card back. A run moves as one move when the variant allows it and
single moves through the free cells and empty columns could carry it: at most
(free cells + 1) x 2^(empty columns), the target not counted, or free cells + 1 where empty
columns take kings only or nothing.

>>> pos = FREECELL.deal(range(52))
>>> [str(m) for m in legal_moves(FREECELL, pos)][:3]
['t1-t3', 't1-t5', 't1-c1']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final, Literal

import attrs

from patience_core.engine.cards import CARD_TEXT
from patience_core.engine.errors import IllegalMoveError, InvalidMoveError, quoted

Build = Literal["alternate", "suit", "rank"]
EmptyRule = Literal["any", "kings", "none"]

KING: Final = 13
_RED: Final = (False, True, True, False)
_MOVE: Final = re.compile(r"([tcf])([1-9][0-9]?)-([tcf])([1-9][0-9]?)(?:x([1-9][0-9]?))?\Z")


def rank(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


@attrs.frozen
class Variant:
    """One game of the family.

    ``columns``: how many cards each column is dealt, left to right; ``cells``: free cells, of
    which ``dealt_cells`` are dealt a card; ``build``: what goes on a column (``alternate``
    colours, same ``suit`` or any suit: ``rank``), one rank lower; ``empty``: what an empty
    column takes; ``runs``: whether a run moves as one move (as far as single moves could
    carry it) or single cards only. ``aces_up``: the aces start on their foundations;
    ``kings_bottom``: each column's kings are moved to its bottom at the deal.
    """

    id: str
    name: str
    columns: tuple[int, ...]
    cells: int
    build: Build = "alternate"
    empty: EmptyRule = "any"
    runs: bool = True
    dealt_cells: int = 0
    aces_up: bool = False
    kings_bottom: bool = False

    def __attrs_post_init__(self) -> None:
        dealt = sum(self.columns) + self.dealt_cells + (4 if self.aces_up else 0)
        if dealt != 52 or not 0 <= self.dealt_cells <= self.cells <= 8 or not 1 <= len(self.columns) <= 13:
            raise ValueError(f"variant {self.id!r} does not deal 52 cards into its piles")

    def fits(self, card: int, onto: int) -> bool:
        """Whether ``card`` may be placed on ``onto`` in a column."""
        if rank(onto) != rank(card) + 1:
            return False
        if self.build == "alternate":
            return _RED[suit(card)] != _RED[suit(onto)]
        if self.build == "suit":
            return suit(card) == suit(onto)
        return True

    def takes_empty(self, card: int) -> bool:
        """Whether an empty column takes ``card`` (the bottom card of what moves)."""
        return self.empty == "any" or (self.empty == "kings" and rank(card) == KING)

    def max_run(self, free_cells: int, empty_columns: int, to_empty: bool) -> int:
        """The most cards one move may carry (1 where runs do not move as one)."""
        if not self.runs:
            return 1
        if self.empty != "any":
            return free_cells + 1
        return (free_cells + 1) << max(empty_columns - (1 if to_empty else 0), 0)

    def deal(self, cards: Iterable[int]) -> Position:
        """The position dealt from 52 cards in deal order: columns ``t1..`` each from its bottom
        card, then the dealt cells ``c1..``. Aces go to their foundations first where they
        start there (the other cards keep their order); kings go to the bottom of their column
        where the variant says so (the other cards of the column keep their order)."""
        order = list(cards)
        if sorted(order) != list(range(52)):
            raise ValueError("a deal is the 52 card indices 0-51, each once")
        found = [0, 0, 0, 0]
        if self.aces_up:
            order = [c for c in order if rank(c) != 1]
            found = [1, 1, 1, 1]
        columns = []
        at = 0
        for size in self.columns:
            column = order[at : at + size]
            at += size
            if self.kings_bottom:
                column = [c for c in column if rank(c) == KING] + [c for c in column if rank(c) != KING]
            columns.append(tuple(column))
        cells: list[int | None] = list(order[at : at + self.dealt_cells])
        cells += [None] * (self.cells - self.dealt_cells)
        return Position(tuple(columns), tuple(cells), (found[0], found[1], found[2], found[3]))


@attrs.frozen
class Position:
    """Columns (bottom card first), cells (``None`` when free) and foundation heights by suit."""

    columns: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)

    def cards_left(self) -> int:
        return 52 - sum(self.foundations)

    def is_won(self) -> bool:
        return sum(self.foundations) == 52

    def pile(self, pile_id: str) -> tuple[int, ...]:
        """The cards of a pile by its id, bottom first (a foundation: its cards, ace first)."""
        kind, index = pile_id[0], int(pile_id[1:]) - 1
        if kind == "t":
            return self.columns[index]
        if kind == "c":
            card = self.cells[index]
            return () if card is None else (card,)
        return tuple(index * 13 + r for r in range(self.foundations[index]))

    def __str__(self) -> str:
        cells = " ".join("-" if c is None else CARD_TEXT[c] for c in self.cells)
        heights = " ".join(f"{'CDHS'[s]}-{h}" for s, h in enumerate(self.foundations))
        lines = [f"Foundations: {heights}", f"Cells: {cells}"]
        lines += [f"t{i + 1}: " + " ".join(CARD_TEXT[c] for c in col) for i, col in enumerate(self.columns)]
        return "\n".join(lines)


@attrs.frozen
class Move:
    """A move of ``count`` cards from pile ``src`` to pile ``dst`` (ids such as ``t3``, ``c1``,
    ``f2``); its text is ``src-dst``, with ``xN`` when N > 1 cards move as one run.

    >>> Move.parse("t1-t4x3")
    Move(src='t1', dst='t4', count=3)
    >>> str(Move("c2", "f4"))
    'c2-f4'
    """

    src: str
    dst: str
    count: int = 1

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}" + (f"x{self.count}" if self.count > 1 else "")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``t3-f2``, ``c1-t5`` or ``t1-t4x3``; raise :class:`InvalidMoveError` else."""
        match = _MOVE.match(text.strip().lower()) if isinstance(text, str) and len(text) < 40 else None
        if match is None:
            raise InvalidMoveError(
                f"not a move: {quoted(text)} (a move names two piles, as in 't3-f2', 'c1-t5' or 't1-t4x3')"
            )
        a, i, b, j, n = match.groups()
        return cls(f"{a}{int(i)}", f"{b}{int(j)}", int(n) if n else 1)


FREECELL: Final = Variant("freecell", "FreeCell", (7, 7, 7, 7, 6, 6, 6, 6), 4)
BAKERS_GAME: Final = Variant("bakers-game", "Baker's Game", (7, 7, 7, 7, 6, 6, 6, 6), 4, build="suit")
EIGHT_OFF: Final = Variant("eight-off", "Eight Off", (6,) * 8, 8, build="suit", empty="kings", dealt_cells=4)
SEAHAVEN_TOWERS: Final = Variant(
    "seahaven-towers", "Seahaven Towers", (5,) * 10, 4, build="suit", empty="kings", dealt_cells=2
)
FORECELL: Final = Variant("forecell", "Forecell", (6,) * 8, 4, empty="kings", dealt_cells=4)
BAKERS_DOZEN: Final = Variant(
    "bakers-dozen", "Baker's Dozen", (4,) * 13, 0, build="rank", empty="none", runs=False, kings_bottom=True
)
BELEAGUERED_CASTLE: Final = Variant(
    "beleaguered-castle", "Beleaguered Castle", (6,) * 8, 0, build="rank", aces_up=True
)
STREETS_AND_ALLEYS: Final = Variant(
    "streets-and-alleys", "Streets and Alleys", (7, 7, 7, 7, 6, 6, 6, 6), 0, build="rank"
)
VARIANTS: Final = {
    v.id: v
    for v in (
        FREECELL,
        BAKERS_GAME,
        EIGHT_OFF,
        SEAHAVEN_TOWERS,
        FORECELL,
        BAKERS_DOZEN,
        BELEAGUERED_CASTLE,
        STREETS_AND_ALLEYS,
    )
}
"""The family's games by id (docs/freecell.md has their rules and where peers differ)."""


def _free(position: Position) -> tuple[int, int]:
    free = sum(1 for c in position.cells if c is None)
    empty = sum(1 for col in position.columns if not col)
    return free, empty


def top_run(variant: Variant, column: tuple[int, ...]) -> int:
    """How many cards at the top of ``column`` form a run (each on a card it fits)."""
    r = 1 if column else 0
    while r < len(column) and variant.fits(column[-r], column[-r - 1]):
        r += 1
    return r


def check(variant: Variant, position: Position, move: Move) -> str:
    """Why ``move`` is illegal in ``position``, or ``""`` when it is legal."""
    ncols, ncells = len(position.columns), len(position.cells)
    for pile in (move.src, move.dst):
        kind, number = pile[0], int(pile[1:])
        size = {"t": ncols, "c": ncells, "f": 4}[kind]
        if not 1 <= number <= size:
            return f"there is no pile {pile}"
    if move.src[0] == "f":
        return "foundations never give a card back"
    if move.src == move.dst:
        return "a move goes from one pile to another"
    cards = position.pile(move.src)
    if not cards:
        return f"{move.src} is empty"
    if move.count > len(cards):
        return f"{move.src} holds {len(cards)} card{'s' if len(cards) > 1 else ''}, not {move.count}"
    moving = cards[-move.count :]
    if move.count > 1:
        if move.src[0] != "t" or top_run(variant, cards) < move.count:
            return f"the {move.count} top cards of {move.src} are not a run"
        if move.dst[0] != "t":
            return "only a column takes a run"
    first = moving[0]
    if move.dst[0] == "f":
        if suit(first) != int(move.dst[1:]) - 1:
            return f"{CARD_TEXT[first]} goes to the foundation of its suit, f{suit(first) + 1}"
        if position.foundations[suit(first)] != rank(first) - 1:
            return f"{CARD_TEXT[first]} is not the next card of its foundation"
        return ""
    if move.dst[0] == "c":
        return "" if position.pile(move.dst) == () else f"{move.dst} is not free"
    target = position.pile(move.dst)
    if target:
        if not variant.fits(first, target[-1]):
            return f"{CARD_TEXT[first]} does not go on {CARD_TEXT[target[-1]]}"
    elif not variant.takes_empty(first):
        return "an empty column takes " + ("kings only" if variant.empty == "kings" else "no card")
    if move.count > 1:
        free, empty = _free(position)
        limit = variant.max_run(free, empty, not target)
        if move.count > limit:
            return (
                f"{move.count} cards do not move as one here: at most {limit} (free cells and empty columns)"
            )
    return ""


def apply(variant: Variant, position: Position, move: Move) -> Position:
    """The position after ``move``; raise :class:`IllegalMoveError` if the rules forbid it."""
    reason = check(variant, position, move)
    if reason:
        raise IllegalMoveError(f"illegal move {move}: {reason}", move=move, reason=reason)
    return play(position, move)


def play(position: Position, move: Move) -> Position:
    """The position after ``move``, trusted to be legal (searches and replays use it)."""
    columns = list(position.columns)
    cells = list(position.cells)
    found = list(position.foundations)
    kind, index = move.src[0], int(move.src[1:]) - 1
    if kind == "t":
        moving = columns[index][-move.count :]
        columns[index] = columns[index][: -move.count]
    else:
        card = cells[index]
        assert card is not None
        moving = (card,)
        cells[index] = None
    kind, index = move.dst[0], int(move.dst[1:]) - 1
    if kind == "t":
        columns[index] = columns[index] + moving
    elif kind == "c":
        cells[index] = moving[0]
    else:
        found[index] += 1
    return Position(tuple(columns), tuple(cells), (found[0], found[1], found[2], found[3]))


def legal_moves(variant: Variant, position: Position) -> Iterator[Move]:
    """Every legal move, from each column then each cell: to each column (a run as one move
    where the variant allows it: the run that fits a card, every length into an empty
    column), to each free cell, then to the foundation."""
    sources = [f"t{i + 1}" for i in range(len(position.columns))] + [
        f"c{j + 1}" for j in range(len(position.cells))
    ]
    free = [f"c{j + 1}" for j, c in enumerate(position.cells) if c is None]
    for src in sources:
        cards = position.pile(src)
        if not cards:
            continue
        run = top_run(variant, cards) if src[0] == "t" and variant.runs else 1
        for i in range(len(position.columns)):
            dst = f"t{i + 1}"
            if dst == src:
                continue
            for count in range(run, 0, -1):
                move = Move(src, dst, count)
                if not check(variant, position, move):
                    yield move
                    if position.columns[i]:
                        break  # onto a card only one length fits
        for cell in free:
            if cell != src:
                yield Move(src, cell)
        home = Move(src, f"f{suit(cards[-1]) + 1}")
        if not check(variant, position, home):
            yield home


__all__ = [
    "BAKERS_DOZEN",
    "BAKERS_GAME",
    "BELEAGUERED_CASTLE",
    "EIGHT_OFF",
    "FORECELL",
    "FREECELL",
    "KING",
    "SEAHAVEN_TOWERS",
    "STREETS_AND_ALLEYS",
    "VARIANTS",
    "Build",
    "EmptyRule",
    "Move",
    "Position",
    "Variant",
    "apply",
    "check",
    "legal_moves",
    "play",
    "rank",
    "suit",
    "top_run",
]

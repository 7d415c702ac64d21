"""The rules of the Spider family: build down on columns, move runs, send whole runs home.

Every game of the family is the core's :class:`~patience_core.BuildOnPiles` block with its
piles declared as data (:class:`SpiderRules` builds them from a :class:`Family` value) and one
rule data cannot say, written in :meth:`SpiderRules.after_move`: a run of one suit from King
down to Ace that lies face up at the top of a column goes to a foundation by itself, as part
of the move that completed it (a deal from the stock included).

The rules, numbered, with their sources, are in docs/spider.md.

- Spider: two decks (or eight runs of one suit, or four runs of two suits),
  ten columns, build down regardless of suit, move only runs of one suit, deal a row from the
  stock only when no column is empty.
- Spiderette: Spider with one deck in Klondike's seven columns.
- Scorpion: build down by suit, move any face-up card with whatever lies on
  it, only a King into an empty column, the last three cards dealt to the first three columns.
- Simple Simon: every card face up in ten columns, no stock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from patience_core import (
    ALL_HOME,
    NO_LEGAL_MOVE,
    STANDARD,
    Build,
    BuildOnPiles,
    Deck,
    Kind,
    Move,
    Pile,
    Reach,
    Scoring,
    Step,
    Suits,
    Table,
)
from patience_core.engine.cards import RANK_OF, SUIT_OF
from patience_core.engine.spec import OptionValue

NO_SCORE: Final = Scoring("none", "no score: the game is won or lost", per_card=0)
WINDOWS: Final = Scoring(
    "windows",
    "500 at the deal, 1 point less for every move (a deal from the stock too), 100 more for"
    " every run sent home",
    per_card=0,
    start=500,
    events={"move": -1, "run": 100},
    source="Microsoft Spider Solitaire (Windows)",
)
"""Spider's score in Windows: 500 to start, -1 a move, +100 a run home."""
SCORINGS: Final = {"windows": WINDOWS, "none": NO_SCORE}

DOWN_ANY: Final = Build(Step.DOWN, Suits.ANY)
DOWN_SUIT: Final = Build(Step.DOWN, Suits.SAME)

SUIT_LETTERS: Final = {1: "S", 2: "HS", 4: "CDHS"}
"""The suits of Spider's decks by the ``suits`` option: spades; hearts and spades; all four."""


@attrs.frozen
class Family:
    """One game of the family as data.

    - ``deck``: the cards; ``columns``: each column's (cards dealt, of them face down), left
      to right; ``foundations``: how many runs go home (the deck's cards / 13).
    - ``build``: what goes on a column's top card; ``run``: what moves together (None: any
      face-up card with what lies on it, Scorpion's rule); ``empty``: what an empty column
      takes (``"any"``, or 13: a King).
    - ``deal_needs_full_columns``: the stock is dealt only when no column is empty.
    """

    deck: Deck
    columns: tuple[tuple[int, int], ...]
    build: Build = DOWN_ANY
    run: Build | None = DOWN_SUIT
    empty: int | str = "any"
    deal_needs_full_columns: bool = True

    @property
    def foundations(self) -> int:
        return len(self.deck) // 13

    @property
    def stock(self) -> int:
        """Cards left in the stock after the deal."""
        return len(self.deck) - sum(n for n, _ in self.columns)

    def piles(self) -> tuple[Pile, ...]:
        """The piles: the stock (if any cards are left for it), the foundations in a row to its
        right, the columns below them."""
        stock = (Pile("s", Kind.STOCK, x=0, y=0),) if self.stock else ()
        first = max(len(self.columns) - self.foundations, 1)
        foundations = tuple(
            Pile(f"f{k + 1}", Kind.FOUNDATION, x=3 * (first + k), y=0, takes=Reach.COMPLETE)
            for k in range(self.foundations)
        )
        gives = Reach.RUN if self.run is not None else Reach.GROUP
        columns = tuple(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=3,
                fan="down",
                deal=dealt,
                deal_down=down,
                build=self.build,
                run=self.run if self.run != self.build else None,
                empty=self.empty,
                takes=Reach.RUN,
                gives=gives,
            )
            for c, (dealt, down) in enumerate(self.columns)
        )
        return (*stock, *foundations, *columns)


def spider(suits: int = 4) -> Family:
    """Spider with ``suits`` suits (1, 2 or 4): 104 cards, ten columns, the first four dealt six
    cards and the other six five, the top card of each face up; 50 cards in the stock."""
    return Family(
        Deck.of(SUIT_LETTERS[suits], decks=2),
        tuple((6, 5) if c < 4 else (5, 4) for c in range(10)),
    )


SPIDERETTE: Final = Family(STANDARD, tuple((c + 1, c) for c in range(7)))
"""Spiderette: one deck in Klondike's seven columns (1 to 7 cards, the top one face up), 24 in
the stock, dealt seven at a time."""
SCORPION: Final = Family(
    STANDARD,
    tuple((7, 3) if c < 4 else (7, 0) for c in range(7)),
    build=DOWN_SUIT,
    run=None,
    empty=13,
    deal_needs_full_columns=False,
)
"""Scorpion: seven columns of seven, three cards face down in each of the first four; the last
three cards dealt onto the first three columns at any time."""
SIMPLE_SIMON: Final = Family(STANDARD, tuple((n, 0) for n in (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)))
"""Simple Simon: every card face up in ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1; no stock."""


class SpiderRules(BuildOnPiles):
    """A game of the family with its options chosen: the block's moves over the family's piles,
    and a finished run going home after every move (:meth:`after_move`)."""

    family: Family = SPIDERETTE
    deals_rows = True
    win = ALL_HOME
    over = ALL_HOME | NO_LEGAL_MOVE

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        family = self.family_for(options)
        self.family = family
        self.deck = family.deck
        self.piles = family.piles()
        self.deal_needs_full_columns = family.deal_needs_full_columns
        self.scoring = SCORINGS[str(options.get("scoring", "none"))]
        super().__init__(options)
        self._scored = bool(self.scoring.events)
        self._ids = tuple(pile.id for pile in self.piles)

    def family_for(self, options: Mapping[str, OptionValue]) -> Family:
        """The game as data for these options (a subclass chooses)."""
        return self.family

    def legal_moves(self, table: Table) -> list[Move]:
        """The block's moves (:meth:`BuildOnPiles.legal_moves`, in its order), found faster: a
        run moves onto a card only from the one place in it whose rank fits, so each pair of
        columns needs one look instead of a try per length. Foundations take runs only by
        :meth:`after_move`, so no column ever shows a whole run to move there."""
        piles, down = table.piles, table.down
        family = self.family
        by_suit = family.build.suits == Suits.SAME
        group = family.run is None
        kings_only = family.empty == 13
        ids = self._ids
        moves: list[Move] = []
        between = Move.between
        for i in self._columns:
            pile = piles[i]
            size = len(pile)
            up = size - down[i]
            if up <= 0:
                continue
            if group:
                longest = up
            else:  # a run of one suit, each card one rank below the card under it
                longest = 1
                card = pile[-1]
                while longest < up:
                    under = pile[-longest - 1]
                    if RANK_OF[under] != RANK_OF[card] + 1 or SUIT_OF[under] != SUIT_OF[card]:
                        break
                    card = under
                    longest += 1
            src = ids[i]
            for j in self._columns:
                if j == i:
                    continue
                dst = piles[j]
                if not dst:
                    for n in range(1, longest + 1):
                        if not kings_only or RANK_OF[pile[-n]] == 13:
                            moves.append(between(src, ids[j], n))
                    continue
                onto = dst[-1]
                need = RANK_OF[onto] - 1
                if group:
                    for n in range(1, longest + 1):
                        card = pile[-n]
                        if RANK_OF[card] == need and SUIT_OF[card] == SUIT_OF[onto]:
                            moves.append(between(src, ids[j], n))
                    continue
                n = need - RANK_OF[pile[-1]] + 1  # the run's ranks rise by one from its top
                if 1 <= n <= longest and (not by_suit or SUIT_OF[pile[-n]] == SUIT_OF[onto]):
                    moves.append(between(src, ids[j], n))
        moves += self._word_moves(table)
        return moves

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        # No move is ever played to a foundation: a finished run goes there by itself.
        dst = self._index.get(move.dst) if move.src else None
        if dst is not None and self.piles[dst].kind == Kind.FOUNDATION:
            return (
                f"nothing is moved to {self.piles[dst].called}: a whole run of one suit from K down"
                " to A goes home by itself"
            )
        return super().illegal_reason(table, move)

    def apply(self, table: Table, move: Move) -> None:
        # The hot path of searches and play-outs: a run can only be finished on the column that
        # received cards (nothing goes on an Ace, and a King turns up only with nothing on it),
        # so a pile move looks at its destination alone; a deal looks at every column.
        if not move.src:
            super().apply(table, move)
            return
        dst = self._index[move.dst]
        table.move(self._index[move.src], dst, move.count)
        if self._scored:
            table.event("move")
        self._send_home(table, dst)

    def after_move(self, table: Table) -> None:
        """After a deal: a finished run goes home from every column (:meth:`_send_home`). The
        move is counted for the score (Windows: -1 a move)."""
        if self._scored:
            table.event("move")
        for i in self._columns:
            self._send_home(table, i)

    def _send_home(self, table: Table, i: int) -> None:
        """If the top 13 cards of column ``i`` lie face up and run from a King down to an Ace
        of one suit, they go to the first empty foundation (+100 with Windows' score)."""
        pile = table.piles[i]
        top = len(pile) - 13
        if top >= table.down[i] and is_complete(pile[top:]):
            home = next(f for f in self._foundations if not table.piles[f])
            table.move(i, home, 13)
            if self._scored:
                table.event("run")


def is_complete(run: tuple[int, ...]) -> bool:
    """Thirteen cards of one suit from a King (the first) down to an Ace (the last).

    >>> from patience_core.engine.cards import parse_card_index
    >>> is_complete(tuple(parse_card_index(f"{r}S") for r in "KQJT98765432A"))
    True
    """
    if len(run) != 13:
        return False
    suit = SUIT_OF[run[0]]
    return all(RANK_OF[card] == 13 - k and SUIT_OF[card] == suit for k, card in enumerate(run))


class Spider(SpiderRules):
    """Spider: its deck by the ``suits`` option."""

    def family_for(self, options: Mapping[str, OptionValue]) -> Family:
        return spider(int(str(options["suits"])))


class Spiderette(SpiderRules):
    family = SPIDERETTE


class Scorpion(SpiderRules):
    family = SCORPION


class SimpleSimon(SpiderRules):
    family = SIMPLE_SIMON


__all__ = [
    "DOWN_ANY",
    "DOWN_SUIT",
    "NO_SCORE",
    "SCORINGS",
    "SCORPION",
    "SIMPLE_SIMON",
    "SPIDERETTE",
    "WINDOWS",
    "Family",
    "Scorpion",
    "SimpleSimon",
    "Spider",
    "SpiderRules",
    "Spiderette",
    "is_complete",
    "spider",
]

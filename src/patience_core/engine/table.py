"""The table: every card of one game and where it lies, with the primitive actions on it.

Piles are tuples and the rest are integers, so a snapshot of the whole state is one small
tuple (:class:`Snapshot`) and undo is exact: :meth:`Table.snapshot` before a move,
:meth:`Table.restore` after.

Where cards lie:
- the layout: ``cards[pos]`` was dealt at position ``pos``; ``present`` is the bitmask of the
  positions still on the table. A card is free when nothing present covers it, and face up
  when it was dealt face up or is free (face-down cards turn up once uncovered).
- the stock: ``stock[stock_pos:]``, the next card to turn first.
- the drawn card (``drawn``, -1 for none), for games that keep a turned card apart (Pyramid).
- the waste: ``waste``, bottom first, so ``waste[-1]`` is the top.
- removed cards: ``removed``, in the order they went.

Fields only some games use, for plugin authors:
- ``drawn`` is for games that keep a drawn card apart from the waste (Pyramid); the
  primitive :meth:`Table.draw_to_hand` sets it, :meth:`Table.draw_to_waste` never does.
- ``run``, ``points`` and ``cleared_pass`` are the score so far, kept by the primitives for
  the :class:`~patience_core.engine.scoring.Scoring` profile: the length of the current run
  of cards played (a draw or redeal ends it), the running points, and the pass in which the
  layout was cleared. Rules never write them; they never decide a legal move.
- ``played_in_pass`` counts the cards played or removed since the pass began (the deal or
  the last redeal), for games that end when a whole pass gets nowhere (unlimited redeals).
- ``data`` is the rules' own per-deal data (:meth:`Rules.deal_data`), computed once at the
  deal and never changed by moves: the Golf family keeps which positions fit on each rank
  there, Pyramid each card's partners.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.engine.layout import Layout, bits
from patience_core.engine.scoring import Scoring

NO_CARD = -1


class Snapshot(NamedTuple):
    """Everything moves can change: equal snapshots are the same position with the same score."""

    present: int
    stock: tuple[int, ...]
    stock_pos: int
    drawn: int
    waste: tuple[int, ...]
    removed: tuple[int, ...]
    passes_used: int
    run: int
    points: int
    cleared_pass: int
    played_in_pass: int

    def position(self) -> Snapshot:
        """The same position with the score left out (run, points and cleared pass set to 0):
        what decides the future of the game."""
        return self._replace(run=0, points=0, cleared_pass=0)


class Table:
    __slots__ = (
        "cards",
        "cleared_pass",
        "data",
        "dealt_up",
        "drawn",
        "layout",
        "passes_used",
        "played_in_pass",
        "points",
        "present",
        "rank_masks",
        "removed",
        "run",
        "scoring",
        "stock",
        "stock_pos",
        "waste",
        "where",
    )

    def __init__(self, layout: Layout, deal: tuple[int, ...], scoring: Scoring, dealt_up: int) -> None:
        n = len(layout)
        self.layout = layout
        self.scoring = scoring
        self.cards: tuple[int, ...] = deal[:n]
        where = [NO_CARD] * 52
        rank_masks = [0] * 15  # indexed by rank 0-14 so rank +- 1 never needs a bounds check
        for pos, card in enumerate(self.cards):
            where[card] = pos
            rank_masks[RANK_OF[card]] |= 1 << pos
        self.where: tuple[int, ...] = tuple(where)
        """Layout position of each card index, -1 for cards dealt to the stock."""
        self.rank_masks: tuple[int, ...] = tuple(rank_masks)
        """Bitmask of the positions dealt each rank (index 1-13)."""
        self.dealt_up = dealt_up
        self.data: Any = None
        """The rules' per-deal data (:meth:`Rules.deal_data`); never changed by moves."""
        self.present = layout.full
        self.stock: tuple[int, ...] = deal[n:]
        self.stock_pos = 0
        self.drawn = NO_CARD
        self.waste: tuple[int, ...] = ()
        self.removed: tuple[int, ...] = ()
        self.passes_used = 0
        self.run = 0
        self.points = scoring.start
        self.cleared_pass = 0
        """The pass (1, 2, ...) during which the layout was cleared, 0 while it is not."""
        self.played_in_pass = 0
        """Cards played or removed since the pass began (the deal or the last redeal)."""

    # --- state ---------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """Everything moves can change, as one hashable :class:`Snapshot`."""
        return Snapshot(*self.state())

    def state(self) -> tuple[Any, ...]:
        """The fields of :meth:`snapshot` as a plain tuple, for undo on the hot path (a
        NamedTuple costs several times as much to build, on every move); ``restore`` takes either."""
        return (
            self.present,
            self.stock,
            self.stock_pos,
            self.drawn,
            self.waste,
            self.removed,
            self.passes_used,
            self.run,
            self.points,
            self.cleared_pass,
            self.played_in_pass,
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        """Put back the state of a :meth:`snapshot` (or :meth:`state`) of this table."""
        (
            self.present,
            self.stock,
            self.stock_pos,
            self.drawn,
            self.waste,
            self.removed,
            self.passes_used,
            self.run,
            self.points,
            self.cleared_pass,
            self.played_in_pass,
        ) = snap

    def copy(self) -> Table:
        other = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    # --- questions -------------------------------------------------------------------------

    def free_mask(self) -> int:
        return self.layout.free_mask(self.present)

    def face_up_mask(self) -> int:
        """Present positions whose card shows."""
        return self.present & (self.dealt_up | self.layout.free_mask(self.present))

    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def layout_left(self) -> int:
        return self.present.bit_count()

    def waste_top(self) -> int:
        return self.waste[-1] if self.waste else NO_CARD

    def count_cards(self) -> dict[int, int]:
        """How many times each card index lies somewhere (layout, stock, drawn, waste, removed)."""
        counts = dict.fromkeys(range(52), 0)
        for pos in bits(self.present):
            counts[self.cards[pos]] += 1
        for card in (*self.stock[self.stock_pos :], *self.waste, *self.removed):
            counts[card] += 1
        if self.drawn != NO_CARD:
            counts[self.drawn] += 1
        return counts

    def why_not_free(self, card: int) -> str | None:
        """Why ``card`` is not a free, face-up layout card; None when it is.

        Never says more than the player can see: a face-down card and a stock card get the
        same answer.
        """
        pos = self.where[card]
        name = CARD_TEXT[card]
        if pos >= 0 and self.present >> pos & 1:
            if not (self.dealt_up | self.free_mask()) >> pos & 1:
                return f"{name} is not in sight (face down or in the stock)"
            over = bits(self.layout.blockers[pos] & self.present)
            if not over:
                return None
            up = self.face_up_mask()
            names = [CARD_TEXT[self.cards[p]] for p in over if up >> p & 1]
            down = len(over) - len(names)
            if down:
                names.append("a face-down card" if down == 1 else f"{down} face-down cards")
            return f"{name} is covered by {' and '.join(names)}"
        return self.where_is(card)

    def where_is(self, card: int) -> str:
        """Where a card that is not on the layout lies, as the player may know it."""
        name = CARD_TEXT[card]
        if card == self.drawn:
            return f"{name} is the drawn card"
        if card in self.waste:
            if card == self.waste[-1]:
                return f"{name} is the top of the waste"
            above = self.waste[self.waste.index(card) + 1 :]
            return f"{name} is in the waste under {CARD_TEXT[above[0]]}"
        if card in self.removed:
            return f"{name} has already been removed"
        pos = self.where[card]
        if pos >= 0 and not self.present >> pos & 1:
            return f"{name} has already been played"
        return f"{name} is not in sight (face down or in the stock)"

    # --- primitives: each keeps the score ---------------------------------------------------

    def turn_to_waste(self) -> int:
        """Turn the next stock card onto the waste without counting a draw (to start a game)."""
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.waste += (card,)
        return card

    def draw_to_waste(self) -> int:
        """Draw the next stock card onto the waste; the draw ends the run."""
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.waste += (card,)
        self.run = 0
        self._charge(self.scoring.per_draw)
        return card

    def draw_to_hand(self) -> int:
        """Draw the next stock card as the drawn card; a drawn card already showing goes to the waste."""
        if self.drawn != NO_CARD:
            self.waste += (self.drawn,)
        card = self.drawn = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.run = 0
        self._charge(self.scoring.per_draw)
        return card

    def layout_to_waste(self, pos: int) -> None:
        """Play the card at layout position ``pos`` onto the waste."""
        self.present &= ~(1 << pos)
        self.waste += (self.cards[pos],)
        self._scored(1)

    def remove(self, cards: tuple[int, ...]) -> None:
        """Remove cards from play: each a present layout card, the drawn card or the waste top."""
        for card in cards:
            pos = self.where[card]
            if pos >= 0 and self.present >> pos & 1:
                self.present &= ~(1 << pos)
            elif card == self.drawn:
                self.drawn = NO_CARD
            elif self.waste and self.waste[-1] == card:
                self.waste = self.waste[:-1]
            else:  # the rules checked availability; reaching here is a bug in a plugin
                raise AssertionError(f"{CARD_TEXT[card]} is not available to remove")
        self.removed += cards
        self._scored(len(cards))

    def redeal(self) -> None:
        """Turn the waste (the drawn card put on it first) over as the new stock."""
        assert self.stock_pos == len(self.stock), "redeal with cards left in the stock"
        waste = self.waste
        if self.drawn != NO_CARD:
            waste += (self.drawn,)
            self.drawn = NO_CARD
        # Turned over, the first card put on the waste is the first to be drawn again.
        self.stock = waste
        self.stock_pos = 0
        self.waste = ()
        self.passes_used += 1
        self.played_in_pass = 0
        self.run = 0
        self._charge(self.scoring.per_redeal)

    def _charge(self, points: int) -> None:
        # A draw's or a redeal's points; a floor keeps the whole score (bonuses included) above it.
        self.points += points
        floor = self.scoring.floor
        if floor is not None:
            low = floor - self.scoring.bonus(self)
            if self.points < low:
                self.points = low

    def _scored(self, n: int) -> None:
        self.played_in_pass += n
        scoring = self.scoring
        if scoring.runs:
            plain = not (scoring.run_points or scoring.card_factor)
            for _ in range(n):
                self.run += 1
                self.points += self.run if plain else scoring.card_points(self.run, self)
        else:
            self.points += n * scoring.per_card
        if not self.present and not self.cleared_pass:
            self.cleared_pass = self.passes_used + 1

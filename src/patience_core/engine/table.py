"""The table: every card of one game and where it lies, with the primitive actions on it.

Piles are tuples and the rest are integers, so a snapshot of the whole state is one small
tuple (:class:`Snapshot`) and undo is exact: :meth:`Table.snapshot` before a move,
:meth:`Table.restore` after.

Where cards lie:
- the coverage layout (games that have one): ``cards[pos]`` was dealt at position ``pos``;
  ``present`` is the bitmask of the positions still on the table. A card is free when nothing
  present covers it, and face up when it was dealt face up or is free (face-down cards turn up
  once uncovered).
- the piles the rules declare (:class:`~patience_core.engine.piles.Pile`): ``piles[i]`` holds
  pile ``i``'s cards, bottom first, so ``piles[i][-1]`` is its top; ``down[i]`` of them, the
  bottom ones, lie face down. The stock is drawn from its top; the stock's cards are face down
  and the other piles' face up but for those ``down`` counts.
- removed cards: ``removed``, in the order they went (pairs, in games that remove cards).

And what the rules and the score keep:
- ``passes_used``: the times the waste was turned over into a new stock.
- ``counters``: whole numbers the rules declare (:attr:`Rules.counters
  <patience_core.engine.rules.Rules.counters>`), and the scoring profile (such as the pass in
  which the layout was cleared), by name through :meth:`Table.count`.
- ``run`` and ``points``: the score so far, kept by the primitives for the
  :class:`~patience_core.engine.scoring.Scoring` profile: the length of the current run of
  cards played (a draw or redeal ends it) and the running points. Rules never write them.
- ``data``: the rules' own per-deal data (:meth:`Rules.deal_data`), computed once at the deal
  and never changed by moves but :meth:`Table.deal_again`, which deals a game of rounds anew
  (the layout's cards are part of the snapshot, so undo takes a new round back exactly).

Rules change the table only through its primitives (``draw_to_waste``, ``layout_to_waste``,
``move``, ``remove``, ``redeal``...), which keep the score, so no rule adds points by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from patience_core.engine.cards import CARD_IDS, CARD_TEXT, RANK_OF
from patience_core.engine.layout import Layout, bits
from patience_core.engine.piles import Kind, Pile, declared
from patience_core.engine.scoring import Scoring

NO_CARD = -1


class Snapshot(NamedTuple):
    """Everything moves can change: equal snapshots are the same position with the same score."""

    present: int
    piles: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    counters: tuple[int, ...]
    passes_used: int
    removed: tuple[int, ...]
    run: int
    points: int
    cards: tuple[int, ...]
    """The layout's cards of this deal (:attr:`Table.cards`): a game of rounds deals new ones."""
    seen: int
    """Bitmask of the card ids the player saw in earlier rounds (0 in the first)."""

    def position(self) -> Snapshot:
        """The same position with the score left out (run and points set to 0): what decides
        the future of the game."""
        return self._replace(run=0, points=0)


STOCK_PILE = Pile("s", Kind.STOCK)
WASTE_PILE = Pile("w", Kind.WASTE)
HAND_PILE = Pile("h", Kind.HAND)


class Table:
    __slots__ = (
        "_clear_i",
        "_data_of",
        "cards",
        "counter_index",
        "counters",
        "data",
        "dealt_up",
        "down",
        "hand_i",
        "layout",
        "passes_used",
        "pile_index",
        "piles",
        "points",
        "present",
        "rank_masks",
        "removed",
        "run",
        "scoring",
        "seen",
        "specs",
        "stock_i",
        "waste_i",
        "where",
    )

    def __init__(
        self,
        layout: Layout,
        deal: tuple[int, ...],
        scoring: Scoring,
        dealt_up: int,
        piles: tuple[Pile, ...] = (STOCK_PILE, WASTE_PILE),
        counters: tuple[str, ...] = (),
    ) -> None:
        n = len(layout)
        self.layout = layout
        self.scoring = scoring
        top = max(deal, default=0)
        self.where: tuple[int, ...] = ()
        """Layout position of each card id, -1 for cards dealt elsewhere."""
        self.rank_masks: tuple[int, ...] = ()
        """Bitmask of the layout positions dealt each rank (index 1-13)."""
        self._lay(deal[:n], 52 if top < 52 else top + 1)
        self.dealt_up = dealt_up
        self.data: Any = None
        """The rules' per-deal data (:meth:`Rules.deal_data`); never changed by moves."""
        self._data_of: dict[tuple[int, ...], Any] = {}
        """The data of each layout dealt so far (a game of rounds deals several), for undo."""
        self.seen = 0
        self.present = layout.full
        self.specs: tuple[Pile, ...] = piles
        """The piles as the rules declare them, in order."""
        self.pile_index: dict[str, int] = declared(piles)
        """Pile id to index in :attr:`piles`."""
        self.stock_i = self.waste_i = self.hand_i = -1
        for i, pile in reversed(list(enumerate(piles))):  # the first pile of each kind
            if pile.kind == Kind.STOCK:
                self.stock_i = i
            elif pile.kind == Kind.WASTE:
                self.waste_i = i
            elif pile.kind == Kind.HAND:
                self.hand_i = i
        self.piles: list[tuple[int, ...]] = []
        self.down: tuple[int, ...] = ()
        self._deal_piles(deal[n:])
        names = (*counters, *scoring.counters)
        self.counter_index: dict[str, int] = {name: i for i, name in enumerate(names)}
        self.counters: list[int] = [0] * len(names)
        self._clear_i = self.counter_index.get("cleared_in_pass", -1)
        self.removed: tuple[int, ...] = ()
        self.passes_used = 0
        self.run = 0
        self.points = scoring.start

    def _lay(self, cards: tuple[int, ...], size: int) -> None:
        # The layout's cards and the tables that follow from them.
        where = [NO_CARD] * size
        rank_masks = [0] * 15  # indexed by rank 0-14 so rank +- 1 never needs a bounds check
        for pos, card in enumerate(cards):
            where[card] = pos
            rank_masks[RANK_OF[card]] |= 1 << pos
        self.cards: tuple[int, ...] = cards
        self.where = tuple(where)
        self.rank_masks = tuple(rank_masks)

    def _deal_piles(self, deal: tuple[int, ...]) -> None:
        # The piles' cards, from the deal order after the layout's.
        dealt: list[tuple[int, ...]] = []
        down: list[int] = []
        at = 0
        for pile in self.specs:
            dealt.append(deal[at : at + pile.deal])
            down.append(pile.deal_down)
            at += pile.deal
        rest = deal[at:]
        if rest:
            if self.stock_i < 0:
                raise ValueError(f"{len(rest)} cards are left after the deal and there is no stock")
            # The deal lists the stock from the first card to be turned; its top is last here.
            dealt[self.stock_i] = dealt[self.stock_i] + rest[::-1]
        self.piles = dealt
        self.down = tuple(down)

    # --- state ---------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """Everything moves can change, as one hashable :class:`Snapshot`."""
        return Snapshot(*self.state())

    def state(self) -> tuple[Any, ...]:
        """The fields of :meth:`snapshot` as a plain tuple, for undo on the hot path (a
        NamedTuple costs several times as much to build, on every move); ``restore`` takes either."""
        return (
            self.present,
            tuple(self.piles),
            self.down,
            tuple(self.counters),
            self.passes_used,
            self.removed,
            self.run,
            self.points,
            self.cards,
            self.seen,
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        """Put back the state of a :meth:`snapshot` (or :meth:`state`) of this table."""
        (
            present,
            piles,
            self.down,
            counters,
            self.passes_used,
            self.removed,
            self.run,
            self.points,
            cards,
            self.seen,
        ) = snap
        if cards is not self.cards:  # back to another round's layout
            self._lay(cards, len(self.where))
            self.data = self._data_of[cards]
        self.present = present
        self.piles = list(piles)
        self.counters = list(counters)

    def copy(self) -> Table:
        other = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(other, name, getattr(self, name))
        other.piles = list(self.piles)
        other.counters = list(self.counters)
        return other

    # --- questions -------------------------------------------------------------------------

    def free_mask(self) -> int:
        return self.layout.free_mask(self.present)

    def face_up_mask(self) -> int:
        """Present layout positions whose card shows."""
        return self.present & (self.dealt_up | self.layout.free_mask(self.present))

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, bottom first: its last card is the next to be drawn (empty without one)."""
        return self.piles[self.stock_i] if self.stock_i >= 0 else ()

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste, bottom first: its last card is the top (empty without one)."""
        return self.piles[self.waste_i] if self.waste_i >= 0 else ()

    @property
    def drawn(self) -> int:
        """The card in the hand (drawn and kept apart from the waste), or -1."""
        if self.hand_i < 0:
            return NO_CARD
        hand = self.piles[self.hand_i]
        return hand[-1] if hand else NO_CARD

    def stock_left(self) -> int:
        return len(self.piles[self.stock_i]) if self.stock_i >= 0 else 0

    def layout_left(self) -> int:
        return self.present.bit_count()

    def waste_top(self) -> int:
        waste = self.waste
        return waste[-1] if waste else NO_CARD

    def pile(self, pile_id: str) -> tuple[int, ...]:
        """The cards of the pile with this id, bottom first."""
        return self.piles[self.pile_index[pile_id]]

    def face_up(self, i: int) -> tuple[int, ...]:
        """The face-up cards of pile ``i``, bottom first (none of the stock's)."""
        if i == self.stock_i:
            return ()
        return self.piles[i][self.down[i] :]

    def count(self, name: str) -> int:
        """The counter ``name`` (declared by the rules or the scoring profile)."""
        return self.counters[self.counter_index[name]]

    def set_count(self, name: str, value: int) -> None:
        """Set the counter ``name``: for the rules' own counters, from their ``apply``."""
        self.counters[self.counter_index[name]] = value

    def base_rank(self) -> int:
        """The rank an empty foundation takes where the deal sets it: the rank of the first card
        dealt to the first foundation (1, an ace, when none is dealt there)."""
        for pile in self.specs:
            if pile.kind == Kind.FOUNDATION:
                first = self.piles[self.pile_index[pile.id]]
                return RANK_OF[first[0]] if first else 1
        return 1

    def unseen(self) -> int:
        """How many cards the player has not seen yet: face-down layout and pile cards, and the
        stock's cards before its first redeal (after one, every stock card has been turned)."""
        hidden = (self.present & ~self.face_up_mask()).bit_count() + sum(self.down)
        if self.stock_i >= 0 and not self.passes_used:
            hidden += len(self.piles[self.stock_i])
        return hidden

    def count_cards(self) -> dict[int, int]:
        """How many times each card id lies somewhere (layout, piles, removed); ids never dealt
        are left out."""
        counts: dict[int, int] = {}
        for pos in bits(self.present):
            card = self.cards[pos]
            counts[card] = counts.get(card, 0) + 1
        for card in (*(c for pile in self.piles for c in pile), *self.removed):
            counts[card] = counts.get(card, 0) + 1
        return counts

    def locate(self, card: int) -> tuple[int, int]:
        """Where ``card`` lies among the piles: (pile index, place from the bottom), or (-1, -1)."""
        for i, pile in enumerate(self.piles):
            if card in pile:
                return i, pile.index(card)
        return -1, -1

    def why_not_free(self, card: int) -> str | None:
        """Why ``card`` is not a free, face-up layout card; None when it is.

        Never says more than the player can see: a face-down card and a stock card get the
        same answer.
        """
        pos = self.where[card] if card < len(self.where) else NO_CARD
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
        hidden = f"{name} is not in sight (face down or in the stock)"
        if card in self.removed:
            return f"{name} has already been removed"
        i, place = self.locate(card)
        if i >= 0:
            spec, pile = self.specs[i], self.piles[i]
            if spec.kind == Kind.STOCK or place < self.down[i]:
                return hidden
            if spec.kind == Kind.HAND:
                return f"{name} is the drawn card"
            top = place == len(pile) - 1
            if spec.kind == Kind.WASTE:
                if top:
                    return f"{name} is the top of the waste"
                return f"{name} is in the waste under {CARD_TEXT[pile[place + 1]]}"
            if top:
                return f"{name} is the top card of {spec.title}"
            return f"{name} lies in {spec.title} under {CARD_TEXT[pile[place + 1]]}"
        pos = self.where[card] if card < len(self.where) else NO_CARD
        if pos >= 0 and not self.present >> pos & 1:
            return f"{name} has already been played"
        return hidden

    # --- primitives: each keeps the score ---------------------------------------------------

    def turn_to_waste(self) -> int:
        """Turn the next stock card onto the waste without counting a draw (to start a game, or
        the cards under the last of a draw of several)."""
        piles = self.piles
        stock = piles[self.stock_i]
        card = stock[-1]
        piles[self.stock_i] = stock[:-1]
        piles[self.waste_i] += (card,)
        return card

    def draw_to_waste(self) -> int:
        """Draw the next stock card onto the waste; the draw ends the run."""
        card = self.turn_to_waste()
        self.run = 0
        self._charge(self.scoring.per_draw)
        return card

    def draw(self, n: int = 1) -> int:
        """One draw of up to ``n`` stock cards onto the waste, the last on top; returns it."""
        for _ in range(min(n, len(self.piles[self.stock_i])) - 1):
            self.turn_to_waste()
        return self.draw_to_waste()

    def draw_to_hand(self) -> int:
        """Draw the next stock card into the hand; a card already there goes to the waste."""
        assert self.hand_i >= 0, "draw_to_hand in a game whose rules declare no hand"
        piles = self.piles
        hand = piles[self.hand_i]
        if hand:
            piles[self.waste_i] += hand
        stock = piles[self.stock_i]
        card = stock[-1]
        piles[self.stock_i] = stock[:-1]
        piles[self.hand_i] = (card,)
        self.run = 0
        self._charge(self.scoring.per_draw)
        return card

    def layout_to_waste(self, pos: int) -> None:
        """Play the card at layout position ``pos`` onto the waste."""
        self.present &= ~(1 << pos)
        self.piles[self.waste_i] += (self.cards[pos],)
        self._scored(1)

    def layout_to(self, pos: int, dst: int) -> None:
        """Play the card at layout position ``pos`` onto pile ``dst``."""
        self.present &= ~(1 << pos)
        self.piles[dst] += (self.cards[pos],)
        self.event(f"layout_to_{self.specs[dst].kind.value}")

    def move(self, src: int, dst: int, n: int = 1) -> None:
        """Move the top ``n`` cards of pile ``src`` onto pile ``dst`` as they lie, and turn up
        the card they uncover when it lies face down. Scores the event
        ``"<kind>_to_<kind>"`` (``"tableau_to_foundation"``...) and ``"flip"`` for a card turned."""
        piles = self.piles
        pile = piles[src]
        cut = len(pile) - n
        piles[dst] += pile[cut:]
        piles[src] = pile[:cut]
        specs = self.specs
        events = self.scoring.events
        if events:
            self.event(f"{specs[src].kind.value}_to_{specs[dst].kind.value}", n)
        down = self.down
        if cut and cut == down[src] and src != self.stock_i:
            self.flip(src)

    def flip(self, i: int) -> None:
        """Turn pile ``i``'s top face-down card up (the scoring event ``"flip"``)."""
        down = list(self.down)
        down[i] -= 1
        self.down = tuple(down)
        if self.scoring.events:
            self.event("flip")

    def set_down(self, i: int, count: int) -> None:
        """Set how many of pile ``i``'s cards, the bottom ones, lie face down (for rules that
        turn cards down or up by rules of their own)."""
        down = list(self.down)
        down[i] = count
        self.down = tuple(down)

    def deal_to(self, dsts: tuple[int, ...]) -> None:
        """Deal one stock card face up onto each pile of ``dsts`` in turn (as far as the stock
        goes): a deal of a row. Scores the event ``"deal"``."""
        piles = self.piles
        stock_i = self.stock_i
        for dst in dsts:
            stock = piles[stock_i]
            if not stock:
                break
            piles[dst] += stock[-1:]
            piles[stock_i] = stock[:-1]
        self.run = 0
        if self.scoring.events:
            self.event("deal")

    def remove(self, cards: tuple[int, ...]) -> None:
        """Remove cards from play: each a present layout card or the top card of a pile (the
        hand, the waste, a column...)."""
        piles = self.piles
        where = self.where
        for card in cards:
            pos = where[card] if card < len(where) else NO_CARD
            if pos >= 0 and self.present >> pos & 1:
                self.present &= ~(1 << pos)
                continue
            for i, pile in enumerate(piles):
                if pile and pile[-1] == card and i != self.stock_i:
                    piles[i] = pile[:-1]
                    if len(pile) - 1 == self.down[i] and self.down[i]:
                        self.flip(i)
                    break
            else:  # the rules checked availability; reaching here is a bug in a plugin
                raise AssertionError(f"{CARD_TEXT[card]} is not available to remove")
        self.removed += cards
        self._scored(len(cards))

    def redeal(self) -> None:
        """Turn the waste (the hand's card put on it first) over as the new stock."""
        piles = self.piles
        assert not piles[self.stock_i], "redeal with cards left in the stock"
        waste = piles[self.waste_i]
        if self.hand_i >= 0 and piles[self.hand_i]:
            waste += piles[self.hand_i]
            piles[self.hand_i] = ()
        # Turned over, the first card put on the waste is the first to be drawn again: the
        # waste's bottom becomes the stock's top.
        piles[self.stock_i] = waste[::-1]
        piles[self.waste_i] = ()
        self.passes_used += 1
        self.run = 0
        if self.passes_used > self.scoring.free_redeals:
            self._charge(self.scoring.per_redeal)

    def deal_again(self, order: tuple[int, ...], deal_data: Callable[[Table], Any]) -> None:
        """Deal a new round: every card of the game laid out again from ``order``, in deal order
        (the layout positions, then the piles' dealt cards, then the stock from its first card
        to be turned), as a game of rounds does when a round is won. The score so far is kept
        (the groups' bonuses banked into the points, as the layout comes back whole), and so
        are the counters; the passes start again. ``deal_data`` gives the rules' data of the new
        layout (:meth:`Rules.deal_data`). The cards the player has seen so far are remembered
        in ``seen``; undo takes the new round back exactly."""
        hidden = [self.cards[p] for p in bits(self.present & ~self.face_up_mask())]
        for i, pile in enumerate(self.piles):
            if i != self.stock_i:
                hidden += pile[: self.down[i]]
            elif not self.passes_used:
                hidden += pile
        shown = 0
        for card in order:
            shown |= 1 << card
        for card in hidden:
            shown &= ~(1 << card)
        self.points = self.scoring.score(self)
        self._data_of[self.cards] = self.data
        n = len(self.layout)
        self._lay(order[:n], len(self.where))
        self._deal_piles(order[n:])
        self.present = self.layout.full
        self.removed = ()
        self.passes_used = 0
        self.run = 0
        self.seen |= shown
        self.data = self._data_of[self.cards] = deal_data(self)

    def event(self, name: str, n: int = 1) -> None:
        """Score ``n`` times the points the profile gives the event ``name`` (none when it gives
        none). The engine's primitives score their own events; a rules class may score events
        of its own, which its profiles name."""
        points = self.scoring.events.get(name)
        if points:
            if points < 0:
                self._charge(points * n)  # a penalty respects the floor
            else:
                self.points += points * n

    def _charge(self, points: int) -> None:
        # A draw's, a redeal's or a penalty's points; a floor keeps the whole score (bonuses
        # included) above it.
        self.points += points
        floor = self.scoring.floor
        if floor is not None:
            low = floor - self.scoring.bonus(self)
            if self.points < low:
                self.points = low

    def _scored(self, n: int) -> None:
        scoring = self.scoring
        if scoring.runs:
            plain = not (scoring.run_points or scoring.card_factor or scoring.last_card_late)
            for _ in range(n):
                self.run += 1
                self.points += self.run if plain else scoring.card_points(self.run, self)
        else:
            self.points += n * scoring.per_card
        if not self.present and self._clear_i >= 0 and not self.counters[self._clear_i]:
            self.counters[self._clear_i] = self.passes_used + 1


__all__ = ["CARD_IDS", "HAND_PILE", "NO_CARD", "STOCK_PILE", "WASTE_PILE", "Snapshot", "Table"]

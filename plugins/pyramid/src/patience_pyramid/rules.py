"""The rules of the Pyramid family: remove available cards in pairs that sum to 13, kings alone.

Rules P1-P13 of the project's rules page; see docs/pyramid.md. The layout, the drawn card and
waste, the passes and both wins come from the core; this module says which cards are
available and which sets of them may go. Triangle and Giza are these rules on other layouts.

>>> import patience_core
>>> game = patience_core.new_game("pyramid", seed=28)
>>> [str(move) for move in game.legal_moves()]
['KS', '7S+6H', 'JS+2S', '7S+6D', 'draw']
>>> game.play("KS"), game.play("6H+7S"), game.score()
(Move.parse('KS'), Move.parse('7S+6H'), 3)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache
from typing import Final, NamedTuple

from patience_core import (
    ALL_REMOVED,
    DRAW,
    LAYOUT_CLEARED,
    NO_LEGAL_MOVE,
    REDEAL,
    Layout,
    Move,
    Rules,
    Scoring,
    Table,
)
from patience_core.engine.cards import CARD_IDS, CARD_TEXT, RANK_OF, rank_word
from patience_core.engine.moves import CARD_MOVES
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.spec import OptionValue
from patience_core.engine.table import HAND_PILE, NO_CARD, STOCK_PILE, WASTE_PILE

# P1: seven rows of 1..7, each card covered by the two cards of the row below that touch it.
LAYOUT = Layout.pyramid(7, name="pyramid")


@cache
def lies_on(layout: Layout) -> tuple[int, ...]:
    """For each position, the positions it lies on (at most two), for the house rule of P7."""
    return tuple(
        sum(1 << q for q, mask in enumerate(layout.blockers) if mask >> p & 1) for p in range(len(layout))
    )


class _Pairs(dict[int, Move]):
    """Pair moves by ``a * CARD_IDS + b``; a pair of copies (a game of several decks) is made
    the first time it is asked for."""

    def __missing__(self, key: int) -> Move:
        move = self[key] = Move.of_cards(*divmod(key, CARD_IDS))
        return move


# PAIRS[a * CARD_IDS + b]: the move that removes cards a and b together (P4), for every two card
# ids whose ranks sum to 13. One deck's 192 ordered pairs are built at once, other copies' when
# first met, so that listing moves allocates nothing but the list.
PAIRS: Final[dict[int, Move]] = _Pairs(
    {
        a * CARD_IDS + b: Move.of_cards(a, b)
        for a in range(52)
        for b in range(52)
        if RANK_OF[a] + RANK_OF[b] == 13
    }
)

REMOVED = Scoring("removed", "one point per card removed", per_card=1, source="the number of cards removed")
MATCH = Scoring(
    "match",
    "Par Pyramid match scoring: clearing the pyramid in pass 1, 2 or 3 scores 50, 35 or 20 less the "
    "cards left in the stock and waste; otherwise minus the cards left in pyramid, stock and waste. "
    "A match is six games and par is 0",
    per_card=0,
    clear_by_pass=(50, 35, 20),
    source=(
        "Albert H. Morehead and Geoffrey Mott-Smith, The Complete Book of Solitaire and Patience Games "
        "(1949), Pyramid, competitive scoring"
    ),
)
PROFILES = {p.id: p for p in (REMOVED, MATCH)}


class PairData(NamedTuple):
    """Pyramid's per-deal data (``table.data``)."""

    partners: tuple[int, ...]
    """``partners[pos]``: the layout positions whose card sums to 13 with the card at ``pos``."""
    low_ranks: int
    """The positions dealt ranks A-6: each pyramid pair has exactly one card there, so listing
    pairs from these positions finds every pair once."""


# P2, P6: the stock, the waste, and the drawn card kept apart from the waste (the hand).
PILES = (STOCK_PILE, WASTE_PILE, HAND_PILE)
_STOCK, _WASTE, _HAND = 0, 1, 2
# Aisleriot's Yield keeps the oldest card drawn and not yet removed apart, in the hand.
OLDEST_PILES = (STOCK_PILE, WASTE_PILE, Pile("h", Kind.HAND, name="oldest card"))

REACH: Final = ("drawn", "top", "oldest")
"""Which stock cards are in reach (the option ``reach``): ``drawn``, the drawn card kept apart
and the waste top (P6; PySolFC's talon top and waste top); ``top``, the waste top alone, the
card under it pairing with the top only (Aisleriot's Thirteen); ``oldest``, the oldest card drawn
and not yet removed, kept apart, and the waste top, the card under the top pairing with the
top too (Aisleriot's Yield)."""


class Pyramid(Rules):
    """Pyramid with its options chosen."""

    layout = LAYOUT
    piles = PILES
    counters = ("played_in_pass",)
    """Cards removed since the pass began (the deal or the last redeal): without a pass limit,
    a pass that removes none ends the game."""
    passes: int | None

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        passes = options["passes"]
        self.passes = None if passes == "unlimited" else int(passes)  # P9, P10; None: King Tut's
        self.draw = int(options["draw"])  # 1: the drawn card apart (P6); more: onto the waste
        self.face_down = bool(options["face_down"])  # Thirteen: rows above the bottom face down
        self.reach = str(options["reach"])  # which stock cards are in reach: see REACH
        self.turn_first = bool(options["turn_first"])  # PySolFC's deal: the first draw made at the deal
        if self.reach == "oldest":
            self.piles = OLDEST_PILES
        self.pair_with_covered = bool(options["pair_with_covered"])  # P7, house rule
        self.strict = options["win"] == "all"
        self.win = ALL_REMOVED if self.strict else LAYOUT_CLEARED  # P12, P11
        self.over = self.win | NO_LEGAL_MOVE  # P13
        self.scoring = PROFILES[str(options["scoring"])]
        self._lies_on = lies_on(self.layout)

    def dealt_face_up(self) -> int:
        layout = self.layout
        return layout.free_mask(layout.full) if self.face_down else layout.full

    def start(self, table: Table) -> None:
        if not self.turn_first:
            return
        if self.reach == "drawn" and self.draw == 1:
            # PySolFC's talon shows its top card, in reach: its first deal puts the first card on
            # the waste and shows the next, which here is the drawn card.
            table.draw_to_hand()
            table.draw_to_hand()
        else:
            self._draw(table)

    def deal_data(self, table: Table) -> PairData:
        masks = table.rank_masks
        partners = tuple(masks[13 - RANK_OF[c]] if RANK_OF[c] < 13 else 0 for c in table.cards)
        return PairData(partners, masks[1] | masks[2] | masks[3] | masks[4] | masks[5] | masks[6])

    # --- what is available (P3, P5, P6) -------------------------------------------------------

    def available(self, table: Table) -> list[int]:
        """The available cards: the free pyramid cards, then the drawn card and the waste top."""
        free = self.layout.free_mask(table.present)
        cards = []
        while free:
            low = free & -free
            cards.append(table.cards[low.bit_length() - 1])
            free ^= low
        piles = table.piles
        cards += piles[_HAND]
        if piles[_WASTE]:
            cards.append(piles[_WASTE][-1])
        if self.reach != "drawn" and len(piles[_WASTE]) > 1:
            cards.append(piles[_WASTE][-2])  # in reach of the waste top alone
        return cards

    def _can_redeal(self, table: Table) -> bool:
        # P10: only once the stock is used up, while passes are left, with something to turn.
        # Without a limit, only after a pass that removed a card: a pass that removes nothing
        # ends the game, so every game ends.
        piles = table.piles
        if piles[_STOCK] or not (piles[_WASTE] or piles[_HAND]):
            return False
        if self.passes is None:
            return table.counters[0] > 0  # played_in_pass
        return table.passes_used + 1 < self.passes

    # --- moves ---------------------------------------------------------------------------------

    def legal_moves(self, table: Table) -> list[Move]:
        present = table.present
        partners, low_ranks = table.data
        cards = table.cards
        free = self.layout.free_mask(present)
        moves: list[Move] = []
        m = free & table.rank_masks[13]  # P4: a free king alone
        while m:
            bit = m & -m
            moves.append(CARD_MOVES[cards[bit.bit_length() - 1]])
            m ^= bit
        m = free & low_ranks  # P4, P5: two free pyramid cards
        while m:
            bit = m & -m
            m ^= bit
            p = bit.bit_length() - 1
            base = cards[p] * CARD_IDS
            q_mask = free & partners[p]
            while q_mask:
                qbit = q_mask & -q_mask
                moves.append(PAIRS[base + cards[qbit.bit_length() - 1]])
                q_mask ^= qbit
        piles = table.piles
        hand, waste = piles[_HAND], piles[_WASTE]
        drawn = hand[0] if hand else NO_CARD
        top = waste[-1] if waste else NO_CARD
        for card in (drawn, top):  # P5, P6: the drawn card and the waste top
            if card == NO_CARD:
                continue
            rank = RANK_OF[card]
            if rank == 13:
                moves.append(CARD_MOVES[card])
                continue
            base = card * CARD_IDS
            q_mask = free & table.rank_masks[13 - rank]
            while q_mask:
                qbit = q_mask & -q_mask
                moves.append(PAIRS[base + cards[qbit.bit_length() - 1]])
                q_mask ^= qbit
        if drawn != NO_CARD and top != NO_CARD and RANK_OF[drawn] + RANK_OF[top] == 13:
            moves.append(PAIRS[drawn * CARD_IDS + top])
        if self.reach != "drawn" and len(waste) > 1 and RANK_OF[top] + RANK_OF[waste[-2]] == 13:
            moves.append(PAIRS[top * CARD_IDS + waste[-2]])  # Aisleriot: the top two cards of the waste
        if self.pair_with_covered:
            moves += self._covered_pairs(table, free)
        if piles[_STOCK]:
            moves.append(DRAW)
        elif self._can_redeal(table):
            moves.append(REDEAL)
        return moves

    def _covered_pairs(self, table: Table, free: int) -> list[Move]:
        # House rule of P7: a free card may pair with a card that it alone still covers.
        present, cards, blockers = table.present, table.cards, self.layout.blockers
        partners, lies_under, up = table.data.partners, self._lies_on, table.dealt_up
        out = []
        m = free
        while m:
            bit = m & -m
            m ^= bit
            p = bit.bit_length() - 1
            q_mask = lies_under[p] & present & partners[p] & up  # a face-down card is out of sight
            while q_mask:
                qbit = q_mask & -q_mask
                q_mask ^= qbit
                q = qbit.bit_length() - 1
                if blockers[q] & present == bit:
                    out.append(PAIRS[cards[p] * CARD_IDS + cards[q]])
        return out

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move in self.legal_moves(table):
            return None
        if move.word:
            return self._why_not_word(table, move.word)
        ids = move.ids
        names = "+".join(CARD_TEXT[c] for c in ids)
        if len(ids) > 2:
            return f"{names} is {len(ids)} cards: remove two cards that sum to 13, or a king alone"
        if len(ids) == 1 and RANK_OF[ids[0]] != 13:
            rank = RANK_OF[ids[0]]
            return f"only a king is removed alone: pair {names} with {rank_word(13 - rank)} to make 13"
        total = sum(RANK_OF[c] for c in ids)
        if total != 13:
            return f"{names} make {total}, not 13: remove two cards that sum to 13, or a king alone"
        unseen = None
        for card in ids:
            other = ids[0] if card != ids[0] else (ids[1] if len(ids) == 2 else NO_CARD)
            why = self._why_unavailable(table, card, other)
            if why and _out_of_sight(table, card):
                unseen = unseen or why  # a stock or face-down card: say so only if nothing better is known
            elif why:
                return why
        return unseen or f"{names} cannot be removed now"  # the fallback is not reached

    def _why_not_word(self, table: Table, word: str) -> str:
        stock_empty = not table.piles[_STOCK]
        turnable = bool(table.piles[_WASTE] or table.piles[_HAND])
        if (
            word in ("draw", "redeal")
            and self.passes is None
            and stock_empty
            and turnable
            and not table.count("played_in_pass")
        ):
            return (
                "the stock is empty and this pass removed no card: a pass that removes nothing ends the game"
            )
        if word == "draw":
            if self._can_redeal(table):
                return "the stock is empty: redeal to turn the waste over for the next pass"
            if self.passes is None:
                return "the stock is empty and so is the waste: there is nothing left to draw"
            if self.passes == 1:
                return "the stock is empty (this game allows one pass through it)"
            if table.passes_used + 1 >= self.passes:
                return f"the stock is empty and all {self.passes} passes through it are used"
            return "the stock is empty and so is the waste: there is nothing left to draw"
        if word == "redeal":
            if self.passes is None:
                if not stock_empty:
                    return "the stock is not used up yet: redeal only turns the waste over when it is"
                return "there is nothing to turn over: the waste is empty and no card is drawn"
            if self.passes == 1:
                return "this game allows one pass through the stock: the waste is never turned over"
            if table.passes_used + 1 >= self.passes:
                return f"no redeal left: all {self.passes} passes through the stock are used"
            if not stock_empty:
                return "the stock is not used up yet: redeal only turns the waste over when it is"
            return "there is nothing to turn over: the waste is empty and no card is drawn"
        return f"there is no {word!r} move in Pyramid: remove a king or a pair summing to 13, draw or redeal"

    def _why_unavailable(self, table: Table, card: int, other: int) -> str | None:
        """Why ``card`` is not available to be removed with ``other``, or None when it is."""
        pos = _layout_position(table, card)
        name = CARD_TEXT[card]
        if pos >= 0 and table.present >> pos & 1:
            over = self.layout.blockers[pos] & table.present
            if not over:
                return None
            if not table.dealt_up >> pos & 1:
                return table.why_not_free(card)  # face down: nothing more may be said
            opos = _layout_position(table, other) if other != NO_CARD else -1
            if opos >= 0 and over == 1 << opos:
                if self.pair_with_covered:
                    return None  # allowed when the covering card is free: checked as that card
                return (
                    f"{name} lies under {CARD_TEXT[other]}: both cards of a pair must be available at "
                    "the same time (the house rule pair_with_covered allows this)"
                )
            return table.why_not_free(card)
        waste = table.waste
        if card == table.drawn or (waste and card == waste[-1]):
            return None
        if self.reach != "drawn" and len(waste) > 1 and card == waste[-2] and other != NO_CARD:
            if other == waste[-1]:
                return None
            return f"{table.where_is(card)}: it pairs only with the top card of the waste"
        if card in waste:
            return f"{table.where_is(card)}: only the top card of the waste is available"
        # Never more than the player may know: a stock card is just "not in sight".
        return table.where_is(card)

    def apply(self, table: Table, move: Move) -> None:
        if move is DRAW:
            self._draw(table)
        elif move is REDEAL:
            piles = table.piles
            if self.reach == "oldest" and piles[_HAND]:
                # The oldest card goes under the waste, so that it is the first drawn again.
                table.move(_WASTE, _HAND, len(piles[_WASTE]))
            table.redeal()  # P10
            table.counters[0] = 0  # played_in_pass
            if self.turn_first and self.reach == "drawn" and self.draw == 1 and table.piles[_STOCK]:
                table.draw_to_hand()  # PySolFC's talon shows its top card again at once
        else:
            ids = move.ids
            waste = table.piles[_WASTE]
            if len(ids) == 2 and len(waste) > 1 and ids[0] == waste[-2]:
                ids = (ids[1], ids[0])  # the top two of the waste: the top goes first
            table.remove(ids)  # P4, P8
            table.counters[0] += len(ids)  # played_in_pass
            piles = table.piles
            if self.reach == "oldest" and not piles[_HAND] and piles[_WASTE]:
                # Aisleriot's Yield: the oldest card of the waste, its bottom one, is kept apart.
                n = len(piles[_WASTE])
                table.move(_WASTE, _HAND, n)
                if n > 1:
                    table.move(_HAND, _WASTE, n - 1)

    def _draw(self, table: Table) -> None:
        if self.reach == "drawn":
            if self.draw == 1:
                table.draw_to_hand()  # P6
            else:  # several cards onto the waste, one draw; only the last is in reach
                table.draw(self.draw)
        elif self.reach == "top":
            table.draw(self.draw)  # onto the waste: Aisleriot's Thirteen keeps no card apart
        else:  # oldest: the first card into the empty hand, the others onto the waste
            n = self.draw
            if not table.piles[_HAND]:
                table.draw_to_hand()
                n -= 1
            if n and table.piles[_STOCK]:
                table.draw(n)

    # --- the end and search ----------------------------------------------------------------------

    def cards_left(self, table: Table) -> int:
        # The measure of a lost game, 0 for a win: with the strict win (P12) every card counts.
        return len(self.deck) - len(table.removed) if self.strict else table.present.bit_count()

    def solver_key(self, table: Table) -> Hashable:
        # The removed cards follow from the rest; the stock differs from the deal's only after a
        # redeal. Without a pass limit only one thing about the passes matters: may this one
        # still end in a redeal (has it removed a card)? So the key stays finite.
        passes = table.counters[0] > 0 if self.passes is None else table.passes_used
        piles = table.piles
        stock = piles[_STOCK]
        return (
            table.present,
            len(stock),
            piles[_HAND],
            piles[_WASTE],
            passes,
            stock if table.passes_used else None,
        )


def _out_of_sight(table: Table, card: int) -> bool:
    """Whether ``card`` lies where the player cannot see it: in the stock, or face down."""
    pos = _layout_position(table, card)
    if pos >= 0:
        return bool(table.present >> pos & 1) and not table.face_up_mask() >> pos & 1
    return card != table.drawn and card not in table.waste and card not in table.removed


def _layout_position(table: Table, card: int) -> int:
    """The layout position ``card`` was dealt at, or -1 (a card of another copy than the deal's
    decks hold is nowhere)."""
    return table.where[card] if card < len(table.where) else NO_CARD

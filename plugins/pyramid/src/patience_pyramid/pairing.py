"""Pair-off rules for Pyramid's relatives: cards in reach removed in pairs by a rank rule of
their own, some ranks alone (docs/pyramid-relatives.md).

Pyramid's own rules (:mod:`patience_pyramid.rules`) are written for pairs summing to 13 and
its fast solver counts on that; the relatives pair by other rules (adjacent ranks, sums to 11,
12 or 14, like faces) and keep their cards in piles of other shapes. :class:`PairOff` is one
small rule set for all of them: what is in reach is the free layout cards and the top card of
every pile but the stock; a :class:`PairRule` says which two ranks pair and which rank goes
alone; a game adds its stock moves and what fills a pile that empties.

>>> SUM_13.pairs(6, 7), SUM_13.pairs(6, 6), SUM_13.partners(4)
(True, False, 'a 9')
>>> ADJACENT.describe
'two cards of the same or adjacent ranks (no king with an ace)'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Final

import attrs

from patience_core import ALL_REMOVED, NO_LEGAL_MOVE, Move, Rules, Table
from patience_core.engine.cards import CARD_TEXT, RANK_OF, rank_word
from patience_core.engine.moves import CARD_MOVES
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.spec import OptionValue
from patience_pyramid.rules import REMOVED

__all__ = ["ADJACENT", "SUM_13", "PairOff", "PairRule", "pair_move", "slots"]


@attrs.frozen
class PairRule:
    """Which two ranks pair, and which rank goes alone.

    ``fits[r]`` has bit ``s`` set when a card of rank ``r`` pairs with one of rank ``s`` (ranks
    1-13); ``alone`` has bit ``r`` set when a card of rank ``r`` is removed by itself.
    """

    describe: str
    fits: tuple[int, ...]
    alone: int = 0

    @classmethod
    def of(cls, describe: str, test: Callable[[int, int], bool], alone: Iterable[int] = ()) -> PairRule:
        fits = tuple(sum(1 << s for s in range(1, 14) if r and test(r, s)) for r in range(14))
        return cls(describe, fits, sum(1 << r for r in alone))

    def pairs(self, r: int, s: int) -> bool:
        return bool(self.fits[r] >> s & 1)

    def partners(self, r: int) -> str:
        """The ranks a card of rank ``r`` pairs with, in words."""
        words = [rank_word(s) for s in range(1, 14) if self.fits[r] >> s & 1]
        return " or ".join(words) if words else "nothing"


SUM_13: Final = PairRule.of("two cards whose ranks sum to 13, a king alone", lambda r, s: r + s == 13, (13,))
ADJACENT: Final = PairRule.of(
    "two cards of the same or adjacent ranks (no king with an ace)", lambda r, s: abs(r - s) <= 1
)

# The pair moves, built as they are first needed and kept: listing moves allocates only the list.
_PAIR_MOVES: dict[int, Move] = {}


def pair_move(a: int, b: int) -> Move:
    key = a * 52 + b
    move = _PAIR_MOVES.get(key)
    if move is None:
        move = _PAIR_MOVES[key] = Move.of_cards(a, b)
    return move


class PairOff(Rules):
    """Remove the cards in reach in pairs by :attr:`rule`, some ranks alone; won when every card
    is removed, over when no move is left.

    In reach: the free layout cards and the top card of every pile that is not the stock (a
    drawn card, a waste, a reserve). A subclass sets ``layout``, ``piles`` and ``rule``, and
    writes its stock moves (:meth:`stock_moves`, :meth:`apply_word`) and what fills a pile
    that empties (:meth:`refill`).
    """

    rule: PairRule = SUM_13
    scoring = REMOVED
    win = ALL_REMOVED
    over = ALL_REMOVED | NO_LEGAL_MOVE

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.reach = tuple(i for i, pile in enumerate(self.piles) if pile.kind != Kind.STOCK)

    # --- what is in reach ----------------------------------------------------------------------

    def available(self, table: Table) -> list[int]:
        """The cards in reach: the free layout cards in reading order, then the piles' tops."""
        free = self.layout.free_mask(table.present)
        cards = table.cards
        out = []
        while free:
            low = free & -free
            out.append(cards[low.bit_length() - 1])
            free ^= low
        piles = table.piles
        for i in self.reach:
            if piles[i]:
                out.append(piles[i][-1])
        return out

    # --- moves -----------------------------------------------------------------------------------

    def legal_moves(self, table: Table) -> list[Move]:
        cards = self.available(table)
        fits, alone = self.rule.fits, self.rule.alone
        moves = [CARD_MOVES[c] for c in cards if alone >> RANK_OF[c] & 1]
        for i, a in enumerate(cards):
            partners = fits[RANK_OF[a]]
            for b in cards[i + 1 :]:
                if partners >> RANK_OF[b] & 1:
                    moves.append(pair_move(a, b))
        moves += self.pile_moves(table)
        moves += self.stock_moves(table)
        return moves

    def pile_moves(self, table: Table) -> list[Move]:
        """Moves of a card between piles (default: none)."""
        return []

    def stock_moves(self, table: Table) -> list[Move]:
        """The word moves of the stock now (default: none, the stock deals itself)."""
        return []

    def apply(self, table: Table, move: Move) -> None:
        if move.word:
            self.apply_word(table, move)
        elif move.src:
            table.move(table.pile_index[move.src], table.pile_index[move.dst], move.count)
        else:
            table.remove(move.ids)
            self.refill(table)

    def apply_word(self, table: Table, move: Move) -> None:
        raise NotImplementedError(str(move))

    def refill(self, table: Table) -> None:
        """Fill what the removal emptied (default: nothing)."""

    # --- words for the player ----------------------------------------------------------------

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move in self.legal_moves(table):
            return None
        if move.word:
            return self.why_not_word(table, move.word)
        if move.src:
            return f"{move} is not a legal move now: {self.pile_rule()}"
        ids, rule = move.ids, self.rule
        names = "+".join(CARD_TEXT[c] for c in ids)
        if len(ids) > 2:
            return f"{names} is {len(ids)} cards: remove {rule.describe}"
        if len(ids) == 1 and not rule.alone >> RANK_OF[ids[0]] & 1:
            rank = RANK_OF[ids[0]]
            return f"{names} is not removed alone: pair it with {rule.partners(rank)}"
        if len(ids) == 2 and not rule.pairs(RANK_OF[ids[0]], RANK_OF[ids[1]]):
            return f"{names} do not pair: remove {rule.describe}"
        in_reach = self.available(table)
        for card in ids:
            if card not in in_reach:
                return self._why_out_of_reach(table, card)
        return f"{names} cannot be removed now"  # not reached: every check above passed

    def _why_out_of_reach(self, table: Table, card: int) -> str:
        pos = table.where[card] if card < len(table.where) else -1
        if pos >= 0 and table.present >> pos & 1:
            return table.why_not_free(card) or f"{CARD_TEXT[card]} is not in reach"
        i, place = table.locate(card)
        if i >= 0 and i != table.stock_i and place < len(table.piles[i]) - table.down[i]:
            return f"{table.where_is(card)}: only the top card of a pile is in reach"
        return table.where_is(card)  # a stock card, face down or removed: no more than the player sees

    def why_not_word(self, table: Table, word: str) -> str:
        return f"there is no {word!r} move now: remove {self.rule.describe}"

    def pile_rule(self) -> str:
        return "no card moves between piles in this game"

    # --- the end and search ----------------------------------------------------------------------

    def cards_left(self, table: Table) -> int:
        return len(self.deck) - len(table.removed)

    def solver_key(self, table: Table) -> Hashable:
        # The removed cards follow from the rest, and their order never matters.
        return table.present, tuple(table.piles), table.passes_used


def slots(
    prefix: str,
    numbers: range,
    *,
    kind: Kind = Kind.RESERVE,
    deal: int = 1,
    x: float = 0,
    y: float = 0,
    across: float = 2.5,
    name: str = "",
    fan: str = "none",
) -> tuple[Pile, ...]:
    """Piles in a row, ids ``{prefix}{n}`` for ``n`` in ``numbers``, each dealt ``deal`` cards face up."""
    return tuple(
        Pile(
            f"{prefix}{n}",
            kind,
            x=x + across * k,
            y=y,
            deal=deal,
            fan=fan,
            name=f"{name} {n}" if name else "",
        )
        for k, n in enumerate(numbers)
    )

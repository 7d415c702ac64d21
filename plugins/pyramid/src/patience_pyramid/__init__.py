"""Pyramid: remove available cards in pairs that sum to 13, kings alone.

Rules P1-P13 of the project's rules page; see docs/pyramid.md. The layout, the drawn card and
waste, the passes and both wins come from the core; this module says which cards are
available and which sets of them may go.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from patience_core import (
    ALL_REMOVED,
    DRAW,
    LAYOUT_CLEARED,
    NO_LEGAL_MOVE,
    REDEAL,
    GameSpec,
    Layout,
    Move,
    Option,
    Preset,
    Rules,
    Scoring,
    Table,
    hookimpl,
)
from patience_core.cards import CARD_TEXT, RANK_OF
from patience_core.spec import OptionValue
from patience_core.table import NO_CARD

LAYOUT = Layout.pyramid(7, name="pyramid")  # P1

REMOVED = Scoring("removed", "one point per card removed", per_card=1)
MATCH = Scoring(
    "match",
    "Par Pyramid match scoring: clearing the pyramid in pass 1, 2 or 3 scores 50, 35 or 20 less the "
    "cards left in the stock and waste; otherwise minus the cards left in pyramid, stock and waste",
    per_card=0,
    clear_by_pass=(50, 35, 20),
    source=(
        "Albert H. Morehead and Geoffrey Mott-Smith, The Complete Book of Solitaire and Patience Games (1949)"
    ),
)
PROFILES = {p.id: p for p in (REMOVED, MATCH)}


class Pyramid(Rules):
    """Pyramid with its options chosen."""

    layout = LAYOUT
    has_drawn_card = True

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.passes = int(options["passes"])  # P9, P10
        self.pair_with_covered = bool(options["pair_with_covered"])  # P7 house rule
        self.win = LAYOUT_CLEARED if options["win"] == "pyramid" else ALL_REMOVED  # P11, P12
        self.over = self.win | NO_LEGAL_MOVE  # P13
        self.scoring = PROFILES[str(options["scoring"])]

    # P3, P5, P6: free pyramid cards, the drawn card and the waste top are available.
    def available(self, table: Table) -> list[int]:
        cards = [table.cards[p] for p in _bits(table.free_mask())]
        if table.drawn != NO_CARD:
            cards.append(table.drawn)
        if table.waste:
            cards.append(table.waste[-1])
        return cards

    def legal_moves(self, table: Table) -> list[Move]:
        avail = self.available(table)
        moves = []
        for i, a in enumerate(avail):
            ra = RANK_OF[a]
            if ra == 13:
                moves.append(Move.of_cards(a))  # P4: a king alone
                continue
            for b in avail[i + 1 :]:
                if ra + RANK_OF[b] == 13:
                    moves.append(Move.of_cards(a, b))
        if self.pair_with_covered:
            moves += self._covered_pairs(table)
        if table.stock_pos < len(table.stock):
            moves.append(DRAW)
        elif self._can_redeal(table):
            moves.append(REDEAL)
        return moves

    def _covered_pairs(self, table: Table) -> list[Move]:
        # House rule of P7: a free card may pair with a card covered by it alone.
        present, blockers, cards = table.present, table.layout.blockers, table.cards
        out = []
        for p in _bits(table.free_mask()):
            for q in _bits(present):
                if blockers[q] & present == 1 << p and RANK_OF[cards[p]] + RANK_OF[cards[q]] == 13:
                    out.append(Move.of_cards(cards[p], cards[q]))
        return out

    def _can_redeal(self, table: Table) -> bool:
        return table.passes_used + 1 < self.passes and bool(table.waste or table.drawn != NO_CARD)

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move.word == "draw":
            return None if table.stock_pos < len(table.stock) else "the stock is empty"
        if move.word == "redeal":
            if table.stock_pos < len(table.stock):
                return "the stock is not empty yet: redeal turns the waste over once the stock is used up"
            if table.passes_used + 1 >= self.passes:
                n = self.passes
                return f"no passes left: this game allows {n} pass{'es' if n > 1 else ''} through the stock"
            return None if self._can_redeal(table) else "the waste is empty: there is nothing to turn over"
        if move.word:
            return f"there is no {move.word!r} move here: remove a king, a pair summing to 13, draw or redeal"
        ids = move.ids
        total = sum(RANK_OF[c] for c in ids)
        if len(ids) > 2 or total != 13 or (len(ids) == 1 and RANK_OF[ids[0]] != 13):
            names = "+".join(CARD_TEXT[c] for c in ids)
            if len(ids) == 1:
                return f"{names} is not a king: only a king is removed alone; pair other cards to make 13"
            return f"{names} make {total}, not 13: remove two cards that sum to 13, or a king alone"
        avail = self.available(table)
        missing = [c for c in ids if c not in avail]
        if not missing:
            return None
        if len(ids) == 2 and self.pair_with_covered and move in self._covered_pairs(table):
            return None
        card = missing[0]
        if len(ids) == 2:
            other = ids[1] if card == ids[0] else ids[0]
            pos, opos = table.where[card], table.where[other]
            if pos >= 0 and opos >= 0 and table.layout.blockers[pos] & table.present == 1 << opos:
                return (
                    f"{CARD_TEXT[card]} lies under {CARD_TEXT[other]}: both cards of a pair must be "
                    "free at the same time"
                )
        return table.why_not_free(card) or f"{CARD_TEXT[card]} is not available"

    def apply(self, table: Table, move: Move) -> None:
        if move.word == "draw":
            table.draw_to_hand()
        elif move.word == "redeal":
            table.redeal()
        else:
            table.remove(move.ids)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


SPEC = GameSpec(
    id="pyramid",
    name="Pyramid",
    description="Remove free cards in pairs that sum to 13, kings alone, until the pyramid is gone.",
    rules=Pyramid,
    options=(
        Option(
            "passes", 1, "passes through the stock; each pass after the first turns the waste over", minimum=1
        ),
        Option(
            "win",
            "pyramid",
            "'pyramid': won when the 28 pyramid cards are gone; 'all': all 52 cards must go",
            choices=("pyramid", "all"),
        ),
        Option("pair_with_covered", False, "house rule: a card may pair with a card covered only by it"),
        Option(
            "scoring",
            "removed",
            "'removed': a point per card removed; 'match': Morehead and Mott-Smith's Par Pyramid scoring",
            choices=tuple(PROFILES),
        ),
    ),
    presets=(
        Preset(
            "par-pyramid",
            "Par Pyramid",
            "Pyramid with three passes through the stock, scored as a match against par",
            {"passes": 3, "scoring": "match"},
        ),
    ),
)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(SPEC)


from patience_pyramid.solver import solve_full_information  # noqa: E402 - the hookimpl, after Pyramid

__all__ = ["SPEC", "Pyramid", "register_games", "solve_full_information"]

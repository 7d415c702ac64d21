"""Two small games built from the core alone, to test the engine without any plugin.

- ``toy-golf``: a 4-row pyramid, covered cards dealt face down, build on the waste without
  wrap (the Golf family block), run scoring.
- ``toy-pairs``: three columns of two, a drawn card apart from the waste, remove two available
  cards of equal rank, a ``passes`` option (redeal) and a ``win`` option.
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
    Rules,
    Scoring,
    Table,
    hookimpl,
)
from patience_core.blocks.build_on_waste.rules import BuildOnWaste
from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.engine.layout import bits
from patience_core.engine.table import NO_CARD


class ToyGolf(BuildOnWaste):
    layout = Layout.pyramid(4, name="toy")
    scoring = Scoring("runs", "runs", per_card=0, runs=True, per_draw=-5)
    wrap = False

    def dealt_face_up(self) -> int:
        return self.layout.free_mask(self.layout.full)


class ToyPairs(Rules):
    layout = Layout.columns(3, 2, name="toy-columns")
    scoring = Scoring("removed", "a point a card")
    has_drawn_card = True

    def __init__(self, options: Mapping[str, object]) -> None:
        super().__init__(options)
        self.passes = int(options["passes"])  # type: ignore[call-overload]
        self.win = LAYOUT_CLEARED if options["win"] == "layout" else ALL_REMOVED
        self.over = self.win | NO_LEGAL_MOVE

    def available(self, t: Table) -> list[int]:
        cards = [t.cards[p] for p in bits(t.free_mask())]
        cards += [c for c in (t.drawn, t.waste_top()) if c != NO_CARD]
        return cards

    def legal_moves(self, t: Table) -> list[Move]:
        avail = self.available(t)
        moves = [
            Move.of_cards(a, b)
            for i, a in enumerate(avail)
            for b in avail[i + 1 :]
            if RANK_OF[a] == RANK_OF[b]
        ]
        if t.stock_left():
            moves.append(DRAW)
        elif t.passes_used + 1 < self.passes and (t.waste or t.drawn != NO_CARD):
            moves.append(REDEAL)
        return moves

    def illegal_reason(self, t: Table, move: Move) -> str | None:
        if move in self.legal_moves(t):
            return None
        if move.word:
            return f"{move.word} is not possible now"
        if len(move.ids) != 2 or RANK_OF[move.ids[0]] != RANK_OF[move.ids[1]]:
            return "remove two cards of the same rank"
        for card in move.ids:
            if card not in self.available(t):
                return t.why_not_free(card) or f"{CARD_TEXT[card]} is not available"
        return "not available"

    def apply(self, t: Table, move: Move) -> None:
        if move is DRAW:
            t.draw_to_hand()
        elif move is REDEAL:
            t.redeal()
        else:
            t.remove(move.ids)


TOY_GOLF = GameSpec("toy-golf", "Toy Golf", "A small Golf-family game for tests.", ToyGolf)
TOY_PAIRS = GameSpec(
    "toy-pairs",
    "Toy Pairs",
    "Remove pairs of equal rank.",
    ToyPairs,
    options=(
        Option("passes", 2, "passes through the stock", minimum=1, maximum=4),
        Option("win", "all", "what must go", choices=("layout", "all")),
    ),
)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    register(TOY_GOLF)
    register(TOY_PAIRS)

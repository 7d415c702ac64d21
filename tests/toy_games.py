"""Two small games built from the core alone, to test the engine without any plugin.

- ``toy-golf``: a 4-row pyramid, covered cards dealt face down, build on the waste without
  wrap (the Golf family block), run scoring.
- ``toy-pairs``: three columns of two, a drawn card apart from the waste, remove two available
  cards of equal rank, a ``passes`` option (redeal) and a ``win`` option.

And three games of piles on the build-on-piles block, with small decks so that the generic
solver decides them:

- ``toy-klondike``: 24 cards (A-6 of each suit), four columns dealt 1-4 with their top card up,
  a stock drawn ``draw`` (1 or 3) at a time onto the waste, ``redeals``, build down in
  alternating colours, a 6 (with its run) into an empty column, foundations that give back.
- ``toy-freecell``: the same 24 cards face up in four columns, two free cells, runs as long as
  the free cells and empty columns carry.
- ``toy-spider``: two runs of spades (26 cards, two copies of each), three columns, a stock
  dealt a card to each column, build down in any suit, runs of one suit move, a finished run
  K-A goes home by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from patience_core import (
    ALL_REMOVED,
    DRAW,
    LAYOUT_CLEARED,
    NO_LEGAL_MOVE,
    REDEAL,
    Build,
    BuildOnPiles,
    Deck,
    GameSpec,
    Kind,
    Layout,
    Move,
    Option,
    Pile,
    Rules,
    Scoring,
    Step,
    Suits,
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


SMALL = Deck(tuple(sorted(suit * 13 + rank for suit in range(4) for rank in range(6))), "24 cards, A-6")
"""Aces to sixes of the four suits."""
HOME = Build(Step.UP, Suits.SAME)


def foundations(deal: int = 0) -> tuple[Pile, ...]:
    return tuple(
        Pile(
            f"f{s + 1}",
            Kind.FOUNDATION,
            x=9 + 3 * s,
            y=0,
            build=HOME,
            empty=1,
            suit=s,
            takes="one",
            gives="one",
        )
        for s in range(4)
    )


class ToyKlondike(BuildOnPiles):
    deck = SMALL
    piles = (
        Pile("s", Kind.STOCK, x=0, y=0),
        Pile("w", Kind.WASTE, x=3, y=0, fan="right", gives="one"),
        *foundations(),
        *(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=3,
                fan="down",
                deal=c + 1,
                deal_down=c,
                build=Build(Step.DOWN, Suits.ALTERNATE),
                empty=6,
                takes="run",
                gives="run",
            )
            for c in range(4)
        ),
    )

    def __init__(self, options: Mapping[str, object]) -> None:
        self.draw = int(options["draw"])  # type: ignore[call-overload]
        redeals = options["redeals"]
        self.redeals = None if redeals == "unlimited" else int(redeals)  # type: ignore[call-overload]
        super().__init__(options)


class ToyFreeCell(BuildOnPiles):
    deck = SMALL
    repeats = True
    piles = (
        *(
            Pile(f"c{k + 1}", Kind.CELL, x=3 * k, y=0, empty="any", capacity=1, takes="one", gives="one")
            for k in range(2)
        ),
        *foundations(),
        *(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=3,
                fan="down",
                deal=6,
                build=Build(Step.DOWN, Suits.ALTERNATE),
                empty="any",
                takes="run",
                gives="super",
            )
            for c in range(4)
        ),
    )


SPADES = Deck(
    tuple(sorted(copy * 52 + 39 + rank for copy in range(2) for rank in range(13))), "2 runs of spades"
)


class ToySpider(BuildOnPiles):
    deck = SPADES
    deals_rows = True
    piles = (
        Pile("s", Kind.STOCK, x=0, y=0),
        *(Pile(f"f{k + 1}", Kind.FOUNDATION, x=6 + 3 * k, y=0, takes="complete") for k in range(2)),
        *(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=3,
                fan="down",
                deal=5,
                deal_down=4,
                build=Build(Step.DOWN, Suits.ANY),
                run=Build(Step.DOWN, Suits.SAME),
                empty="any",
                takes="run",
                gives="run",
            )
            for c in range(3)
        ),
    )

    def after_move(self, table: Table) -> None:
        # A finished run, K down to A, goes home by itself.
        for i in self._columns:
            run = table.piles[i][-13:]
            if (
                len(run) == 13
                and table.down[i] <= len(table.piles[i]) - 13
                and self.why_not_onto(table, run, 1) is None
            ):
                table.move(i, next(f for f in self._foundations if not table.piles[f]), 13)


TOY_KLONDIKE = GameSpec(
    "toy-klondike",
    "Toy Klondike",
    "Klondike with 24 cards and four columns.",
    ToyKlondike,
    options=(
        Option("draw", 1, "cards a draw turns", minimum=1, maximum=3),
        Option("redeals", 1, "turns of the waste", minimum=0, maximum=3, words=("unlimited",)),
    ),
)
TOY_FREECELL = GameSpec("toy-freecell", "Toy FreeCell", "FreeCell with 24 cards and two cells.", ToyFreeCell)
TOY_SPIDER = GameSpec("toy-spider", "Toy Spider", "Spider with two runs of spades.", ToySpider)


@hookimpl
def register_games(register: Callable[[GameSpec], None]) -> None:
    for spec in (TOY_GOLF, TOY_PAIRS, TOY_KLONDIKE, TOY_FREECELL, TOY_SPIDER):
        register(spec)

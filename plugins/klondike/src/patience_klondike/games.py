"""The family's games as Patience games: piles on the core's build-on-piles block, with the
family's own solver.

Klondike: seven columns dealt 1 to 7 cards, the top card of each face up; the other 24 cards
are the stock, drawn ``draw`` cards at a time onto the waste, turned over ``redeals`` times.
Thumb and Pouch: the same deal, one pass, building in any other suit, any card in a space.
The piles are named as the solver names them (``s``, ``w``, ``f1..f4`` clubs to spades,
``t1..t7``), so its lines are the game's move text as they stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience_core import (
    STANDARD,
    Build,
    BuildOnPiles,
    Deal,
    Game,
    GameSpec,
    Kind,
    Move,
    Option,
    Pile,
    Preset,
    SolveResult,
    Step,
    Suits,
    Table,
)
from patience_klondike.deals import pysol_klondike
from patience_klondike.position import Column, Position
from patience_klondike.scoring import SCORINGS, scoring_for
from patience_klondike.solver import DEFAULT_NODE_LIMIT, solve_full_information
from patience_klondike.variant import Variant

HOME = Build(Step.UP, Suits.SAME)
FINISH_NODES = 200_000
"""The most positions ``finish`` searches for the end of a game whose every card is in sight."""


def piles_of(
    build: Suits, empty: int | str, *, run: Build | None = None, face_down: bool = True
) -> tuple[Pile, ...]:
    """Stock and waste top left, the foundations top right, seven columns below: dealt 1..7
    cards, all but the top one face down unless ``face_down`` is false; ``run``, the runs that
    move together where they are not just any run built by the rule (Whitehead's)."""
    return (
        Pile("s", Kind.STOCK, x=0, y=0),
        Pile("w", Kind.WASTE, x=3, y=0, fan="right", gives="one"),
        *(
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
        ),
        *(
            Pile(
                f"t{c + 1}",
                Kind.TABLEAU,
                x=3 * c,
                y=4,
                fan="down",
                deal=c + 1,
                deal_down=c if face_down else 0,
                build=Build(Step.DOWN, build),
                run=run,
                empty=empty,
                takes="run",
                gives="run",
            )
            for c in range(7)
        ),
    )


class KlondikeRules(BuildOnPiles):
    """Klondike: builds down in alternating colours, a king (with its run) into a space, cards
    may come back down from the foundations."""

    deck = STANDARD
    repeats = True
    piles = piles_of(Suits.ALTERNATE, 13)
    variant_build = "alternate"
    variant_empty = "king"
    default_redeals = "unlimited"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.draw = int(options.get("draw", 1))
        redeals = options.get("redeals", self.default_redeals)
        self.redeals = None if redeals == "unlimited" else int(redeals)
        self.scoring = scoring_for(str(options.get("scoring", "none")), self.draw)
        super().__init__(options)

    def finish_moves(self, table: Table) -> list[Move] | None:
        """The moves that win from here once every column card is face up and the stock is
        empty: the cards home in turn when that wins, else the family's solver's line. Every
        card is in sight or was (the waste's were seen as they were drawn), so the solver sees
        nothing the player has not."""
        line = super().finish_moves(table)
        if line is not None or any(table.down) or table.piles[self._stock]:
            return line
        result = solve_full_information(position_of(table), self.variant(), FINISH_NODES, None, relax=False)
        return [Move.parse(text) for text in result.line] if result.won else None

    def variant(self) -> Variant:
        """The rules as the family's solver reads them."""
        return Variant(
            draw=self.draw,
            redeals=self.redeals,
            build=self.variant_build,  # type: ignore[arg-type]
            empty=self.variant_empty,  # type: ignore[arg-type]
        )


class ThumbAndPouchRules(KlondikeRules):
    """Thumb and Pouch: builds down in any other suit, any card into a space, one pass."""

    piles = piles_of(Suits.OTHER, "any")
    variant_build = "other-suit"
    variant_empty = "any"
    default_redeals = "0"


def position_of(table: Table) -> Position:
    """The table as the family's solver sees it, face-down cards and the stock's order included."""
    ids = [pile.id for pile in table.specs]
    columns = []
    for c in range(7):
        i = ids.index(f"t{c + 1}")
        cards, down = table.piles[i], table.down[i]
        columns.append(Column(tuple(cards[:down]), tuple(cards[down:])))
    heights = [len(table.piles[ids.index(f"f{s + 1}")]) for s in range(4)]
    return Position(
        tuple(columns),
        stock=tuple(reversed(table.piles[ids.index("s")])),  # the next card to draw first
        waste=table.piles[ids.index("w")],
        foundations=(heights[0], heights[1], heights[2], heights[3]),
        passes_used=table.passes_used,
    )


def solve_game(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The family's solver as the game's own (``GameSpec(solver=...)``)."""
    rules = game.rules
    if not isinstance(rules, KlondikeRules):
        return None
    return solve_full_information(position_of(game.table), rules.variant(), node_limit, time_limit)


def pysol_deal(n: int) -> Deal:
    """PySolFC's Klondike deal ``n`` in this game's deal order (``--pysol N``): the columns
    ``t1..t7`` each from its bottom card, then the stock from the next card to draw. PySolFC
    turns the first stock card at the deal; here that is the first ``draw``."""
    position = pysol_klondike(n)
    cards = [c for column in position.columns for c in (*column.down, *column.up)]
    return Deal((*cards, *position.waste, *position.stock), deck=STANDARD)


DRAW = Option("draw", 1, "cards turned from the stock at a time", minimum=1, maximum=5)
REDEALS = Option(
    "redeals",
    "unlimited",
    "times the waste is turned over as the stock",
    choices=("unlimited", "0", "1", "2", "3"),
)
SCORING = Option(
    "scoring",
    "none",
    "'none' (won or lost), 'standard' (Windows Solitaire's: 10 a card home, 5 waste to a column"
    " or a card turned up, -15 a card back down, a price on recycling the waste) or 'vegas' (the"
    " cards cost 52, 5 a card home)",
    choices=SCORINGS,
)

KLONDIKE = GameSpec(
    "klondike",
    "Klondike",
    "Seven columns, a stock drawn one or three at a time; build down in alternating colours, "
    "kings into spaces, each suit home from the ace (Windows Solitaire's rules; docs/klondike.md).",
    KlondikeRules,
    options=(DRAW, REDEALS, SCORING),
    presets=(
        Preset("klondike-3", "Klondike, draw three", "Three cards a draw, no limit on redeals.", {"draw": 3}),
        Preset(
            "vegas",
            "Vegas Klondike",
            "One card a draw, one pass through the stock, Vegas scoring: the cards cost 52, each"
            " card home pays 5 (Windows Solitaire's Vegas, PySolFC's Vegas Klondike).",
            {"draw": 1, "redeals": "0", "scoring": "vegas"},
        ),
        Preset(
            "vegas-3",
            "Vegas Klondike, draw three",
            "Three cards a draw, three passes through the stock, Vegas scoring (Windows"
            " Solitaire's Vegas with Draw Three).",
            {"draw": 3, "redeals": "2", "scoring": "vegas"},
        ),
    ),
    solver=solve_game,
    solver_node_limit=DEFAULT_NODE_LIMIT,  # the family solver's figures are at its own limit
    family="klondike",
    pysol=pysol_deal,
)
THUMB_AND_POUCH = GameSpec(
    "thumb-and-pouch",
    "Thumb and Pouch",
    "Klondike's deal and one pass through the stock; build down in any other suit, any card "
    "into a space (PySolFC's rules; docs/klondike.md).",
    ThumbAndPouchRules,
    options=(Option("draw", 1, "cards turned from the stock at a time", minimum=1, maximum=5),),
    # the core's limit: building on any other suit, its searches go hundreds of thousands of
    # moves deep, and those of 20,000,000 positions took 1.6 to 3.4 GB (docs/solver.md)
    solver=solve_game,
    family="klondike",
)

SPECS = (KLONDIKE, THUMB_AND_POUCH)

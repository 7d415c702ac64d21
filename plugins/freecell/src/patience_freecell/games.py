"""The family's games as Patience games: each :class:`~patience_freecell.rules.Variant` becomes
piles on the core's build-on-piles block, with Microsoft's numbered deals for FreeCell and the
family's own solver.

The piles are named as :mod:`patience_freecell.rules` names them, so the solver's lines are
the game's move text as they stand: free cells ``c1..``, foundations ``f1..f4`` (clubs,
diamonds, hearts, spades), columns ``t1..``. The cards are dealt column by column, each from
its bottom card, then into the cells a variant fills at the deal; a variant that starts with
its aces home takes them out of the deal first (so a seed's deal text stays the plain
shuffle), and Baker's Dozen moves each column's kings to its bottom.
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
    Pile,
    SolveResult,
    Step,
    Suits,
    Table,
)
from patience_core.engine.solving import NO_WIN, UNKNOWN, WON
from patience_freecell.deals import MAX_MICROSOFT_DEAL, PYSOL_GAMES, microsoft_deal_order, pysol_position
from patience_freecell.rules import KING, VARIANTS, Position, Variant, rank
from patience_freecell.solver import solve

_SUITS = {"alternate": Suits.ALTERNATE, "suit": Suits.SAME, "rank": Suits.ANY}
_EMPTY: dict[str, int | str] = {"any": "any", "kings": KING, "none": "none"}
HOME = Build(Step.UP, Suits.SAME)


def piles_of(variant: Variant) -> tuple[Pile, ...]:
    """The variant's piles: foundations and cells on the top row, the columns below."""
    cells = variant.cells
    # A card is 2 units wide; a gap of 1 between piles, closed up to 0.2 where a row holds more
    # than ten piles (Baker's Dozen, Eight Off), so that a 360-pixel screen still shows cards
    # wide enough to touch.
    across = max(len(variant.columns), max(cells, 4) + 4)
    step = 3 if across <= 10 else 2.2
    foundations = tuple(
        Pile(
            f"f{s + 1}",
            Kind.FOUNDATION,
            x=round(step * (max(cells, 4) + s) + step - 2, 2),
            y=0,
            build=HOME,
            empty=1,
            suit=s,
            takes="one",
            deal=1 if variant.aces_up else 0,
        )
        for s in range(4)
    )
    columns = tuple(
        Pile(
            f"t{c + 1}",
            Kind.TABLEAU,
            x=round(step * c, 2),
            y=4,
            fan="down",
            deal=size,
            build=Build(Step.DOWN, _SUITS[variant.build]),
            empty=_EMPTY[variant.empty],
            takes="run" if variant.runs else "one",
            gives="super" if variant.runs else "one",
        )
        for c, size in enumerate(variant.columns)
    )
    free_cells = tuple(
        Pile(
            f"c{k + 1}",
            Kind.CELL,
            x=round(step * k, 2),
            y=0,
            empty="any",
            capacity=1,
            takes="one",
            gives="one",
            deal=1 if k < variant.dealt_cells else 0,
        )
        for k in range(cells)
    )
    # Dealt in this order: the aces home (where they start there), the columns, the cells.
    return (*foundations, *columns, *free_cells)


class FreeCellRules(BuildOnPiles):
    """A game of the family on the build-on-piles block; ``variant`` says which."""

    variant: Variant
    deck = STANDARD
    repeats = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.piles = piles_of(self.variant)
        super().__init__(options)

    def deal_for(self, seed: int) -> Deal:
        """FreeCell's deal ``seed`` is Microsoft's game ``seed`` (1 to 8,589,934,591); 0, which
        no Microsoft version deals, and every other game of the family use the seeded shuffle."""
        if self.variant.id == "freecell" and 1 <= seed <= MAX_MICROSOFT_DEAL:
            return Deal(microsoft_deal_order(seed), seed, deck=self.deck)
        return super().deal_for(seed)

    def deal_order(self, deal: tuple[int, ...]) -> tuple[int, ...]:
        variant = self.variant
        order = list(deal)
        aces: list[int] = []
        if variant.aces_up:
            aces = sorted(c for c in order if rank(c) == 1)  # clubs, diamonds, hearts, spades
            order = [c for c in order if rank(c) != 1]
        if variant.kings_bottom:
            at = 0
            for size in variant.columns:
                column = order[at : at + size]
                order[at : at + size] = [c for c in column if rank(c) == KING] + [
                    c for c in column if rank(c) != KING
                ]
                at += size
        return (*aces, *order)


def position_of(variant: Variant, table: Table) -> Position:
    """The table as the family's solver sees it."""
    ids = [pile.id for pile in table.specs]
    columns = tuple(table.piles[ids.index(f"t{c + 1}")] for c in range(len(variant.columns)))
    cells = tuple(
        (table.piles[i][-1] if table.piles[i] else None)
        for i in (ids.index(f"c{k + 1}") for k in range(variant.cells))
    )
    heights = tuple(len(table.piles[ids.index(f"f{s + 1}")]) for s in range(4))
    return Position(columns, cells, (heights[0], heights[1], heights[2], heights[3]))


def solver_for(variant: Variant):  # noqa: ANN201 (the core's Solver type)
    """The family's solver as the game's own (``GameSpec(solver=...)``)."""

    def solve_game(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
        if not isinstance(game.rules, FreeCellRules):
            return None
        found = solve(
            position_of(variant, game.table),
            variant,
            line="runs" if variant.runs else "single",
            node_limit=node_limit,
            time_limit=time_limit,
        )
        verdict = {"won": WON, "no win": NO_WIN}.get(found.verdict, UNKNOWN)
        line = tuple(str(m) for m in found.moves) if verdict == WON else ()
        return SolveResult(verdict, line, found.nodes, found.seconds, "freecell", found.reason)

    return solve_game


SOURCES = {
    "freecell": "Paul Alfille's FreeCell (1978), Microsoft's Windows FreeCell and its numbered deals",
    "bakers-game": "C. L. Baker's game, described by Martin Gardner (1968); PySolFC's Baker's Game",
    "eight-off": "PySolFC's Eight Off; Solvitaire's rules",
    "seahaven-towers": "Art Cabral's Seahaven Towers (1988); PySolFC's Seahaven Towers",
    "forecell": "PySolFC's Forecell",
    "bakers-dozen": "PySolFC's and Aisleriot's Baker's Dozen",
    "beleaguered-castle": "PySolFC's and Aisleriot's Beleaguered Castle",
    "streets-and-alleys": "PySolFC's Streets and Alleys",
}


def _describe(variant: Variant) -> str:
    build = {"alternate": "in alternating colours", "suit": "by suit", "rank": "regardless of suit"}
    empty = {"any": "any card", "kings": "a king only", "none": "nothing"}
    cells = f"{variant.cells} free cells" if variant.cells else "no free cells"
    runs = "runs move as far as free cells and empty columns carry" if variant.runs else "one card at a time"
    return (
        f"{len(variant.columns)} columns, {cells}; build down {build[variant.build]}, "
        f"an empty column takes {empty[variant.empty]}; {runs}. After {SOURCES[variant.id]}."
    )


def pysol_deal(variant: Variant):  # noqa: ANN201 (Callable[[int], Deal])
    """PySolFC's deal ``n`` of the variant in this game's deal order (``--pysol N``)."""

    def deal(n: int) -> Deal:
        position = pysol_position(variant, n)
        aces = [s * 13 for s in range(4)] if variant.aces_up else []
        cards = [*aces, *(c for column in position.columns for c in column)]
        cards += [c for c in position.cells if c is not None]
        return Deal(tuple(cards), deck=STANDARD)

    return deal


def spec_of(variant: Variant) -> GameSpec:
    rules = type(
        "".join(word.capitalize() for word in variant.id.split("-")) + "Rules",
        (FreeCellRules,),
        {"variant": variant, "__module__": __name__},
    )
    return GameSpec(
        variant.id,
        variant.name,
        _describe(variant),
        rules,
        solver=solver_for(variant),
        family="freecell",
        pysol=pysol_deal(variant) if variant.id in PYSOL_GAMES else None,
    )


SPECS = tuple(spec_of(v) for v in VARIANTS.values())

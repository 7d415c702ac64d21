"""Canfield: a 13-card reserve, four columns, the foundations' base rank set by the deal.

The first card of the deal goes to the first foundation and sets the rank every foundation
starts from; the next 13 are the reserve, only its top card face up and in play; one card goes
to each of four columns; the other 34 are the stock, turned ``draw`` (3) at a time with no
limit on redeals. Foundations build up by suit from the base rank, king to ace wrapping round;
columns build down in alternating colours, a king on an ace; any run moves; a column emptied
while the reserve lasts takes the reserve's top card at once (as part of the move that emptied
it), and any card or run once the reserve is gone. Foundations give nothing back.

The foundations take suits in the order they arrive (as Aisleriot's do): ``f1`` holds the
base card's suit from the deal, and an empty foundation takes any card of the base rank. The
family's fast solver (:mod:`patience_klondike.solver`, its Canfield variant) is the game's own;
its lines name foundations by suit and are read onto these piles here.
The rules, their sources and where peers differ: docs/canfield.md.

>>> import patience_core
>>> game = patience_core.new_game("canfield", seed=1)
>>> view = {p["id"]: p for p in game.to_dict("player")["piles"]}
>>> view["f1"]["cards"], len(view["r"]["cards"]), view["r"]["down"], view["t1"]["cards"]
(['7D'], 13, 12, ['JH'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from patience_core import (
    BASE,
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
    SolveResult,
    Step,
    Suits,
    Table,
)
from patience_core.engine.cards import SUIT_OF
from patience_klondike.deals import CANFIELD_COLUMNS, CANFIELD_RESERVE, pysol_canfield
from patience_klondike.position import Column, Position
from patience_klondike.solver import DEFAULT_NODE_LIMIT, solve_full_information
from patience_klondike.variant import CANFIELD, Variant

HOME: Final = Build(Step.UP, Suits.SAME, wrap=True)
DOWN: Final = Build(Step.DOWN, Suits.ALTERNATE, wrap=True)

PILES: Final = (
    Pile("s", Kind.STOCK, x=0, y=0),
    Pile("w", Kind.WASTE, x=3, y=0, fan="right", gives="one"),
    *(
        Pile(
            f"f{i + 1}",
            Kind.FOUNDATION,
            x=9 + 3 * i,
            y=0,
            deal=1 if i == 0 else 0,  # the base card
            build=HOME,
            empty=BASE,
            takes="one",
            capacity=13,
            name="" if i else "base foundation",
        )
        for i in range(4)
    ),
    Pile("r", Kind.RESERVE, x=0, y=4, deal=CANFIELD_RESERVE, deal_down=CANFIELD_RESERVE - 1, gives="one"),
    *(
        Pile(
            f"t{c + 1}",
            Kind.TABLEAU,
            x=6 + 3 * c,
            y=4,
            fan="down",
            deal=1,
            build=DOWN,
            empty="any",
            takes="run",
            gives="run",
        )
        for c in range(CANFIELD_COLUMNS)
    ),
)


class CanfieldRules(BuildOnPiles):
    """Canfield: see the module docstring."""

    deck = STANDARD
    piles = PILES

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.draw = int(options.get("draw", 3))
        redeals = options.get("redeals", "unlimited")
        self.redeals = None if redeals == "unlimited" else int(redeals)
        super().__init__(options)
        self._reserve = self._index["r"]

    def legal_moves(self, table: Table) -> list[Move]:
        # Empty foundations are alike: a base card goes to the first of them only.
        moves = super().legal_moves(table)
        first = self._first_empty(table)
        return [m for m in moves if not m.dst.startswith("f") or m.dst == first or table.pile(m.dst)]

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        first = self._first_empty(table)
        if (
            move.src
            and move.dst.startswith("f")
            and move.dst in self._index
            and first not in (None, move.dst)
            and not table.pile(move.dst)
        ):
            return f"a new foundation is started on {first}, the first empty one"
        return super().illegal_reason(table, move)

    def _first_empty(self, table: Table) -> str | None:
        return next((self.piles[i].id for i in self._foundations if not table.piles[i]), None)

    def after_move(self, table: Table) -> None:
        """A column left empty takes the reserve's top card while the reserve lasts."""
        piles = table.piles
        for i in self._columns:
            if not piles[i] and piles[self._reserve]:
                table.move(self._reserve, i, 1)

    def variant(self) -> Variant:
        """The rules as the family's solver reads them."""
        return attrs.evolve(CANFIELD, draw=self.draw, redeals=self.redeals)


def position_of(rules: CanfieldRules, table: Table) -> Position:
    """The table as the family's solver sees it, every card known (the reserve's and the stock's)."""
    index = rules._index
    heights = [0, 0, 0, 0]
    for i in rules._foundations:
        pile = table.piles[i]
        if pile:
            heights[SUIT_OF[pile[0]]] = len(pile)
    return Position(
        tuple(Column((), table.piles[index[f"t{c + 1}"]]) for c in range(CANFIELD_COLUMNS)),
        stock=tuple(reversed(table.piles[index["s"]])),  # the next card to draw first
        waste=table.piles[index["w"]],
        foundations=(heights[0], heights[1], heights[2], heights[3]),
        reserve=table.piles[index["r"]],
        base=table.base_rank(),
        passes_used=table.passes_used,
    )


def game_line(rules: CanfieldRules, table: Table, line: tuple[str, ...]) -> tuple[str, ...]:
    """The solver's line (foundations named by suit, ``f1`` clubs to ``f4`` spades) as this
    game's moves (foundations in the order their suits arrived), played on a copy of ``table``."""
    trial = table.copy()
    out = []
    for text in line:
        move = Move.parse(text)
        if move.src and move.dst.startswith("f"):
            card = trial.piles[rules._index[move.src]][-1]
            home = next(
                (
                    i
                    for i in rules._foundations
                    if trial.piles[i] and SUIT_OF[trial.piles[i][0]] == SUIT_OF[card]
                ),
                None,
            )
            if home is None:
                home = next(i for i in rules._foundations if not trial.piles[i])
            move = Move.between(move.src, rules.piles[home].id, 1)
        rules.apply(trial, move)
        out.append(str(move))
    return tuple(out)


def solve_game(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """The family's solver as the game's own (``GameSpec(solver=...)``)."""
    rules = game.rules
    if not isinstance(rules, CanfieldRules):
        return None
    result = solve_full_information(position_of(rules, game.table), rules.variant(), node_limit, time_limit)
    if not result.won:
        return result
    return attrs.evolve(result, line=game_line(rules, game.table, result.line))


def pysol_deal(number: int) -> Deal:
    """PySolFC's Canfield deal ``number`` in this game's deal order (``--pysol N``): the base
    card, the reserve from its bottom card, ``t1..t4``, then the stock from the next card to
    draw. PySolFC turns the first three stock cards at the deal; here that is the first
    ``draw``."""
    p = pysol_canfield(number)
    base = p.foundation_cards(next(s for s in range(4) if p.foundations[s]))
    cards = (*base, *p.reserve, *(c for column in p.columns for c in column.up), *p.waste, *p.stock)
    return Deal(cards, deck=STANDARD)


CANFIELD_GAME: Final = GameSpec(
    "canfield",
    "Canfield",
    "A 13-card reserve, four columns and a stock drawn three at a time; foundations up by suit "
    "from the rank the deal sets, columns down in alternating colours (docs/canfield.md).",
    CanfieldRules,
    options=(
        Option("draw", 3, "cards turned from the stock at a time", minimum=1, maximum=5),
        Option(
            "redeals",
            "unlimited",
            "times the waste is turned over as the stock",
            choices=("unlimited", "0", "1", "2", "3"),
        ),
    ),
    solver=solve_game,
    solver_node_limit=DEFAULT_NODE_LIMIT,  # the family solver's figures are at its own limit
    family="klondike",
    pysol=pysol_deal,
)

SPECS: Final = (CANFIELD_GAME,)

__all__ = ["CANFIELD_GAME", "SPECS", "CanfieldRules", "game_line", "position_of", "pysol_deal", "solve_game"]

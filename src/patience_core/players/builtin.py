"""The players that come with the core: ``random``, ``greedy``, ``hint`` and ``solver``.

The first three decide from a :class:`Seen` alone. ``solver`` is the full-information solver
playing: it reads the hidden cards, which no player may, and is there to measure how far the
others are from what could be won at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from patience_core.engine.deal import Deal
from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.players.advice import NODE_BUDGET, NODE_LIMIT, SAMPLES, SOLVED, Hint, advise
from patience_core.players.base import PlayerSpec, seconds, whole
from patience_core.players.greedy import Visited, greedy_order
from patience_core.players.seen import Seen
from patience_core.plugins.hookspecs import hookimpl
from patience_core.solver import DEFAULT_NODE_LIMIT, MAX_NODE_LIMIT, WON, SolveResult, solve_full_information

MAX_SAMPLES: Final = 10_000
"""The most samples the hint player may deal per move."""


class RandomPlayer:
    """Any legal move, each as likely as the others (a baseline)."""

    name = "random"

    def choose(self, seen: Seen) -> Move:
        return seen.rng.choice(seen.legal_moves())


class GreedyPlayer:
    """The greedy heuristic (:mod:`patience_core.players.greedy`): longest run in sight, most cards freed.

    In a game whose positions may repeat it never goes back to a position of the game it has
    been in (as it saw them), while another move is left: cards moved to and fro between
    columns would otherwise fill the game until it is stopped.
    """

    name = "greedy"

    def __init__(self) -> None:
        self._visited = Visited()

    def choose(self, seen: Seen) -> Move:
        return self._visited.avoid(seen, greedy_order(seen))


class HintPlayer:
    """The hint's move every time (:func:`patience_core.players.hint`), the only legal move at once.

    Bounded by positions searched, not by time (``time_limit=None``), so that a game plays the
    same on any machine; give ``time_limit`` in seconds to bound each move by the clock instead.
    Once nothing is hidden it solves the position once and follows the line (or, when there
    is none or the solver cannot decide, plays greedy) instead of solving again every move.
    In a game whose positions may repeat it never goes back to a position of the game it has
    been in while another move is left (the next move of the hint's ranking instead).
    """

    name = "hint"

    def __init__(
        self,
        samples: int = SAMPLES,
        solved: int = SOLVED,
        node_limit: int = NODE_LIMIT,
        node_budget: int | None = NODE_BUDGET,
        time_limit: float | None = None,
    ) -> None:
        self.samples = whole("hint", "samples", samples, 1, MAX_SAMPLES)
        self.solved = whole("hint", "solved", solved, 0, MAX_SAMPLES)
        self.node_limit = whole("hint", "node_limit", node_limit, 1, MAX_NODE_LIMIT)
        self.node_budget = (
            None if node_budget is None else whole("hint", "node_budget", node_budget, 1, MAX_NODE_LIMIT)
        )
        self.time_limit = seconds("hint", "time_limit", time_limit)
        self.last: Hint | None = None
        self._plan_for: tuple[tuple[int, ...], tuple[Move, ...]] | None = None
        self._plan: list[Move] | None = None
        self._visited = Visited()

    def choose(self, seen: Seen) -> Move:
        legal = seen.legal_moves()
        if seen.hidden == 0 and len(legal) > 1:
            return self._exact(seen)
        self.last = advise(
            seen,
            samples=self.samples,
            solved=self.solved,
            node_limit=self.node_limit,
            node_budget=self.node_budget,
            time_limit=self.time_limit,
            sample_forced=False,
        )
        # The hint's ranking, so that a game of piles does not go back to where it has been.
        order = [tally.move for tally in self.last.tallies] or [self.last.move]
        return self._visited.avoid(seen, order)

    def _exact(self, seen: Seen) -> Move:
        game = seen.sample(random.Random(0))  # nothing is hidden: this is the position itself
        cards = game.deal.indices
        moves = seen.moves
        if self._plan_for is not None:
            deal, start = self._plan_for
            done = moves[len(start) :]
            if deal == cards and moves[: len(start)] == start:
                if self._plan is None:
                    return greedy_order(seen)[0]
                if list(done) == self._plan[: len(done)] and len(done) < len(self._plan):
                    return self._plan[len(done)]
        limit = max(self.node_limit, self.node_budget or 0)
        result = solve_full_information(game, node_limit=limit, time_limit=self.time_limit)
        self._plan_for = (cards, moves)
        self._plan = [Move.parse(m) for m in result.line] if result.verdict == WON and result.line else None
        return self._plan[0] if self._plan else self._visited.avoid(seen, greedy_order(seen))


class SolverPlayer:
    """FULL INFORMATION: plays the solver's winning line, reading every hidden card.

    Not a fair player: it is the yardstick. It solves once from the position it is first
    asked about and plays the line; on a deal it cannot win (or cannot decide within
    ``node_limit``) it plays greedy to the end, so cards left and score stay comparable.
    ``last_result`` is the solve of the game it played last.
    """

    name = "solver"
    sees_hidden_cards = True

    def __init__(self, node_limit: int = DEFAULT_NODE_LIMIT, time_limit: float | None = None) -> None:
        self.node_limit = whole("solver", "node_limit", node_limit, 1, MAX_NODE_LIMIT)
        self.time_limit = seconds("solver", "time_limit", time_limit)
        self.last_result: SolveResult | None = None
        self._deal: Deal | None = None
        self._start: tuple[Move, ...] = ()
        self._line: list[Move] = []

    def choose(self, seen: Seen) -> Move:
        raise TypeError(
            "the solver player reads hidden cards: play it with play_game, which hands it the game"
        )

    def choose_seeing_all(self, game: Game) -> Move:
        moves = game.moves
        n = len(self._start)
        if game.deal != self._deal or tuple(moves[:n]) != self._start or len(moves) < n:
            self._solve(game)
            n = len(self._start)
        done = len(moves) - n
        if done < len(self._line) and moves[n:] == self._line[:done]:
            return self._line[done]
        return greedy_order(Seen(game))[0]

    def _solve(self, game: Game) -> None:
        result = solve_full_information(game, node_limit=self.node_limit, time_limit=self.time_limit)
        self.last_result = result
        self._deal = game.deal
        self._start = tuple(game.moves)
        self._line = [Move.parse(m) for m in result.line] if result.verdict == WON else []


BUILTIN_PLAYERS = (
    PlayerSpec("random", "any legal move, each as likely (a baseline)", RandomPlayer),
    PlayerSpec(
        "greedy",
        "the longest run of card moves in sight, then the most cards freed; draws only when no card can move",
        GreedyPlayer,
    ),
    PlayerSpec(
        "hint",
        "the move that wins most samples of the hidden cards (the hint of 'patience play')",
        HintPlayer,
    ),
    PlayerSpec(
        "solver",
        "FULL INFORMATION: sees every hidden card and plays the solver's line (greedy when it finds none);"
        " the yardstick, not a fair player",
        SolverPlayer,
        full_information=True,
    ),
)


@hookimpl
def register_players(register: Callable[[PlayerSpec], None]) -> None:
    """Register the built-in players: this module is one of the core's own plugins."""
    for spec in BUILTIN_PLAYERS:
        register(spec)


__all__ = [
    "BUILTIN_PLAYERS",
    "GreedyPlayer",
    "HintPlayer",
    "RandomPlayer",
    "SolverPlayer",
    "register_players",
]

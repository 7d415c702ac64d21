"""Hints: the move that wins in most samples of the hidden cards.

A hint never reads a hidden card. It deals samples of the game (:meth:`Seen.sample`: the
cards the player has not seen, shuffled over the places they could be), solves each sample
after each legal move with the full-information solver, and takes the move that wins in most
samples. Every move is tried on the same samples, so the comparison is fair. When nothing is
hidden the one sample is the real position and the hint is exact.

A sample solved with every card in sight is easier than the real game (the solver never has
to guess), so the share of samples a move wins is an upper bound on the chance of winning
with it, not the chance itself.
"""

from __future__ import annotations

import random
import time
from typing import Final

import attrs

from patience_core.game import Game
from patience_core.moves import Move
from patience_core.players.greedy import greedy_order
from patience_core.players.seen import Seen, play_unobserved
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult, solve_full_information

SAMPLES: Final = 40
"""Samples per hint by default."""
NODE_LIMIT: Final = 20_000
"""Positions one solve may search by default; beyond it the sample counts as undecided for the move."""
NODE_BUDGET: Final = 400_000
"""Positions all the solves of one hint may search by default (about half a second)."""
TIME_LIMIT: Final = 0.5
"""Seconds a hint may take by default in :func:`hint`; the hint player has none, to be reproducible."""


@attrs.frozen
class MoveTally:
    """How one move did on the samples: won, proved lost, or undecided within the node limit."""

    move: Move
    wins: int = 0
    losses: int = 0
    unknown: int = 0


@attrs.frozen
class Hint:
    """A suggested move and why.

    - ``move``: the move to play.
    - ``wins`` of ``samples``: the samples of the hidden cards in which it wins.
    - ``sure``: ``wins / samples``, how sure the hint is of winning with the move (an upper
      bound: each sample is solved seeing every card); 1.0 when the move is the only one and
      was not sampled.
    - ``exact``: nothing was hidden, so the one sample was the real position.
    - ``explanation``: one line for a person, such as ``"QH+AS wins in 37 of 40 samples"``.
    - ``tallies``: each legal move's wins, losses and undecided samples, best first.
    - ``nodes``, ``seconds``: the work done.
    """

    move: Move
    wins: int
    samples: int
    sure: float
    explanation: str
    exact: bool = False
    tallies: tuple[MoveTally, ...] = ()
    nodes: int = 0
    seconds: float = 0.0


def advise(
    seen: Seen,
    *,
    samples: int = SAMPLES,
    node_limit: int = NODE_LIMIT,
    node_budget: int | None = NODE_BUDGET,
    time_limit: float | None = TIME_LIMIT,
    rng: random.Random | None = None,
    sample_forced: bool = True,
) -> Hint:
    """The hint for the position ``seen`` describes; see :func:`patience_core.players.hint`.

    ``node_budget`` bounds the positions searched by all solves together, ``time_limit`` the
    seconds; either stops the sampling after fewer samples (a sample cut short by the time
    limit is dropped). Without a time limit the hint depends only on ``seen`` and ``rng``.
    ``sample_forced=False`` returns the only legal move at once, without sampling.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    legal = seen.legal_moves()
    if not legal:
        raise ValueError("the game is over: there is no move to suggest")
    rng = rng if rng is not None else seen.rng
    start = time.perf_counter()
    if len(legal) == 1 and not sample_forced:
        return Hint(legal[0], 0, 0, 1.0, f"{legal[0]} is the only legal move")
    if seen.hidden == 0:
        return _exact(seen, legal, node_limit, node_budget, time_limit, start)
    deadline = None if time_limit is None else start + time_limit
    tallies = {m: [0, 0, 0] for m in legal}  # wins, losses, undecided
    nodes = done = 0
    for _ in range(samples):
        if node_budget is not None and nodes >= node_budget:
            break
        game = seen.sample(rng)
        results, spent = _solve_sample(game, legal, node_limit, deadline)
        nodes += spent
        if results is None:  # out of time part way: drop the sample
            break
        done += 1
        for move, verdict in results.items():
            tallies[move][(WON, NO_WIN, UNKNOWN).index(verdict)] += 1
        if _decided(tallies, samples - done):
            break
    if done == 0:
        move = greedy_order(seen, legal)[0]
        why = f"{move} is the greedy choice: no sample could be solved in the time allowed"
        return Hint(move, 0, 0, 0.0, why, nodes=nodes, seconds=time.perf_counter() - start)
    order = {m: i for i, m in enumerate(legal)}
    if _tied(tallies):
        order = {m: i for i, m in enumerate(greedy_order(seen, legal))}
    ranked = sorted(legal, key=lambda m: (-tallies[m][0], tallies[m][1], order[m]))
    best = ranked[0]
    wins = tallies[best][0]
    return Hint(
        best,
        wins,
        done,
        wins / done,
        _explain(best, ranked, tallies, done, len(legal) == 1),
        tallies=tuple(MoveTally(m, *tallies[m]) for m in ranked),
        nodes=nodes,
        seconds=time.perf_counter() - start,
    )


def _solve_sample(
    game: Game, legal: list[Move], node_limit: int, deadline: float | None
) -> tuple[dict[Move, str] | None, int]:
    """Each legal move's verdict on one sample, and the nodes spent; None when time ran out."""
    nodes = 0

    def solve(g: Game) -> SolveResult | None:
        nonlocal nodes
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return None
        result = solve_full_information(g, node_limit=node_limit, time_limit=left)
        nodes += result.nodes
        if result.verdict == UNKNOWN and deadline is not None and time.perf_counter() >= deadline:
            return None
        return result

    # The whole position first: lost means every move loses, and a win names one winning move.
    root = solve(game)
    if root is None:
        return None, nodes
    if root.verdict == NO_WIN:
        return dict.fromkeys(legal, NO_WIN), nodes
    out: dict[Move, str] = {}
    if root.verdict == WON and root.line:
        out[Move.parse(root.line[0])] = WON
    for move in legal:
        if move in out:
            continue
        trial = game.copy()
        play_unobserved(trial, move)
        if trial.is_won():
            out[move] = WON
            continue
        result = solve(trial)
        if result is None:
            return None, nodes
        out[move] = result.verdict
    return out, nodes


def _decided(tallies: dict[Move, list[int]], left: int) -> bool:
    """True when no other move can catch up with the leader's wins in the samples left."""
    if len(tallies) < 2:
        return False
    wins = sorted((t[0] for t in tallies.values()), reverse=True)
    return wins[0] - wins[1] > left


def _tied(tallies: dict[Move, list[int]]) -> bool:
    top = max(tallies.values(), key=lambda t: (t[0], -t[1]))
    return sum(1 for t in tallies.values() if (t[0], t[1]) == (top[0], top[1])) > 1


def _explain(best: Move, ranked: list[Move], tallies: dict[Move, list[int]], done: int, only: bool) -> str:
    wins, _, unknown = tallies[best]
    undecided = f" ({unknown} undecided)" if unknown else ""
    if only:
        return f"{best} is the only legal move; it wins in {wins} of {done} samples{undecided}"
    if wins == 0:
        return f"{best}: no move wins in any of {done} samples{undecided}, so this is the greedy choice"
    runner = ranked[1]
    return f"{best} wins in {wins} of {done} samples{undecided} (next best: {runner}, {tallies[runner][0]})"


def _exact(
    seen: Seen,
    legal: list[Move],
    node_limit: int,
    node_budget: int | None,
    time_limit: float | None,
    start: float,
) -> Hint:
    """Nothing is hidden: solve the real position (the one sample) once."""
    game = seen.sample(random.Random(0))
    limit = max(node_limit, node_budget or 0)
    result = solve_full_information(game, node_limit=limit, time_limit=time_limit)
    seconds = time.perf_counter() - start
    if result.verdict == WON and result.line:
        move = Move.parse(result.line[0])
        why = f"{move} wins: nothing is hidden, so this is certain ({len(result.line)} moves to the win)"
        return Hint(move, 1, 1, 1.0, why, True, (MoveTally(move, 1),), result.nodes, seconds)
    move = greedy_order(seen, legal)[0]
    if result.verdict == NO_WIN:
        why = f"{move} is the greedy choice: nothing is hidden and no move can win any more"
        tally = MoveTally(move, losses=1)
    else:
        why = f"{move} is the greedy choice: the solver could not decide within its limit"
        tally = MoveTally(move, unknown=1)
    return Hint(move, 0, 1, 0.0, why, True, (tally,), result.nodes, seconds)

"""Hints: the move that wins in most samples of the hidden cards.

A hint never reads a hidden card. It deals samples of the game (:meth:`Seen.sample`: the
cards the player has not seen, shuffled over the places they could be) and, on each sample,
finds out for every legal move whether the game can still be won after it:

1. The sample is solved with the full-information solver. A sample that cannot be won is
   lost whatever the move; when it can, the solver's line names one winning move.
2. Each other move is solved on that sample too, and played on to the end by a quick greedy
   rule that looks only at cards in sight (:func:`~patience_core.players.greedy.play_out`).
   Solving sees the sample's hidden cards, so nearly every move of an easy game "wins" a
   sample; playing on without looking tells apart the moves a real player would win with.
   When the solver cannot decide the sample within its node limit, the play-out alone is used.

Every move is tried on the same samples, so two moves are compared sample by sample. The
hint is the obvious move (the greedy rule's first choice) unless another move does clearly
better: better in at least ``margin`` more samples than it does worse, and in at least twice
as many. Without that guard, choosing the best of several nearly equal counts picks noise,
and measured that plays worse than the greedy rule alone (see docs/players.md). When nothing
is hidden the one sample is the real position and the hint is exact.

A sample solved seeing every card is easier than the real game, so the share of samples a
move wins is an upper bound on the chance of winning with it, not the chance itself.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

import attrs

from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.players.greedy import greedy_order, play_out
from patience_core.players.seen import Seen
from patience_core.solver import NO_WIN, UNKNOWN, WON, SolveResult, solve_full_information

SAMPLES: Final = 160
"""Samples dealt per hint by default; every legal move is played out on each."""
SOLVED: Final = 40
"""Of those, the samples also solved after each move by default."""
NODE_LIMIT: Final = 5_000
"""Positions one solve may search by default; beyond it the solver's verdict is "unknown"."""
NODE_BUDGET: Final = 300_000
"""Positions all the solves of one hint may search by default; solving stops when they are spent."""
TIME_LIMIT: Final = 0.5
"""Seconds a hint may take by default in :func:`patience_core.players.hint` (the hint player has no
time limit, so that it plays the same on any machine)."""
PROBE: Final = 8
"""Samples solved before giving up solving when the solver decides none of them."""
MARGIN: Final = 0.075
"""The share of the samples by which a move must beat the obvious move to be preferred to it."""

_RANK: Final = {WON: 2, UNKNOWN: 1, NO_WIN: 0}
Outcome = tuple[int, bool, int]
"""One move on one sample: the verdict (2 won, 1 unknown or not solved, 0 no win), whether the
greedy play-out won, and minus the cards it left. Tuples compare best last."""


@attrs.frozen
class MoveTally:
    """How one move did on the samples.

    Of the solved samples: ``wins``, won by the solver after the move (seeing the sample's cards,
    an upper bound on a player's chance); ``losses``, proved lost; ``unknown``, undecided within
    the node limit. Of all samples: ``played_wins``, won by playing on with the greedy rule,
    without looking (a lower bound).
    """

    move: Move
    wins: int = 0
    losses: int = 0
    unknown: int = 0
    played_wins: int = 0
    mean_left: float = 0.0
    """The cards left on average when the samples are played on without looking."""


@attrs.frozen
class Hint:
    """A suggested move and why.

    - ``move``: the move to play.
    - ``wins`` of ``samples``: the solved samples of the hidden cards in which the move wins.
    - ``sure``: ``wins / samples``, how sure the hint is that the game can still be won after
      the move (an upper bound: each sample is solved seeing its cards); 1.0 for the only
      legal move played without sampling.
    - ``played_wins`` of ``played``: the samples won when played on without looking.
    - ``exact``: nothing was hidden, so the one sample was the real position.
    - ``explanation``: one line for a player, such as ``"QH+AS won most often when I tried the
      unseen cards: 37 of 40 tries; next best draw: 30"``.
    - ``tallies``: each legal move's counts, the chosen move first.
    - ``nodes``, ``seconds``: the work done.
    """

    move: Move
    wins: int
    samples: int
    sure: float
    explanation: str
    exact: bool = False
    tallies: tuple[MoveTally, ...] = ()
    played_wins: int = 0
    played: int = 0
    nodes: int = 0
    seconds: float = 0.0


def advise(
    seen: Seen,
    *,
    samples: int = SAMPLES,
    solved: int = SOLVED,
    node_limit: int = NODE_LIMIT,
    node_budget: int | None = NODE_BUDGET,
    time_limit: float | None = TIME_LIMIT,
    rng: random.Random | None = None,
    sample_forced: bool = True,
) -> Hint:
    """The hint for the position ``seen`` describes; see :func:`patience_core.players.hint`.

    ``samples`` samples are dealt and played out after each move; the first ``solved`` of them
    are solved too, until ``node_budget`` positions have been searched in all. ``time_limit``
    stops the sampling (a sample cut short by the clock is dropped). Without a time limit the
    hint depends only on ``seen`` and ``rng`` (default ``seen.rng``). ``sample_forced=False``
    returns the only legal move at once, without sampling.
    """
    for name, value in (("samples", samples), ("node_limit", node_limit)):
        if value < 1:
            raise ValueError(f"{name} must be at least 1, not {value}")
    if solved < 0:
        raise ValueError(f"solved must be 0 or more, not {solved}")
    legal = seen.legal_moves()
    if not legal:
        raise ValueError("the game is over: there is no move to suggest")
    rng = rng if rng is not None else seen.rng
    start = time.perf_counter()
    if len(legal) == 1 and not sample_forced:
        return Hint(legal[0], 0, 0, 1.0, f"{legal[0]} is the only legal move")
    if seen.hidden == 0:
        return _exact(seen, legal, max(node_limit, node_budget or 0), time_limit, start)
    deadline = None if time_limit is None else start + time_limit
    outcomes: dict[Move, list[Outcome]] = {m: [] for m in legal}
    nodes = tried = undecided = 0
    for _ in range(samples):
        # Early in a big game no sample is decided within the node limit: stop trying to solve.
        solve = (
            tried < solved
            and (node_budget is None or nodes < node_budget)
            and not (tried >= PROBE and undecided == tried)
        )
        found, spent, decided = _try_sample(seen.sample(rng), legal, node_limit, deadline, solve)
        nodes += spent
        if found is None:  # out of time part way: drop the sample
            break
        tried += solve
        undecided += solve and not decided
        for move, outcome in found.items():
            outcomes[move].append(outcome)
    done = len(outcomes[legal[0]])
    obvious = greedy_order(seen, legal)[0]
    if done == 0:
        why = f"{obvious} is the natural move: no try of the unseen cards fitted in the time allowed"
        return Hint(obvious, 0, 0, 0.0, why, nodes=nodes, seconds=time.perf_counter() - start)
    margin = max(2, math.ceil(MARGIN * done))
    best = _choose(outcomes, obvious, margin)
    tallies = {m: _tally(m, outcomes[m][:tried], outcomes[m]) for m in legal}
    ranked = sorted(legal, key=lambda m: (m != best, -tallies[m].wins, -tallies[m].played_wins))
    chosen = tallies[best]
    return Hint(
        best,
        chosen.wins,
        tried,
        chosen.wins / tried if tried else chosen.played_wins / done,
        _explain([tallies[m] for m in ranked], tried, done, obvious=best == obvious, margin=margin),
        tallies=tuple(tallies[m] for m in ranked),
        played_wins=chosen.played_wins,
        played=done,
        nodes=nodes,
        seconds=time.perf_counter() - start,
    )


def _try_sample(
    game: Game, legal: list[Move], node_limit: int, deadline: float | None, solve_it: bool = True
) -> tuple[dict[Move, Outcome] | None, int, bool]:
    """Each legal move's outcome on one sample, the nodes spent, and whether the solver decided it.

    The outcomes are None when time ran out. ``solve_it=False`` only plays each move out.
    """
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

    # The whole sample first: lost means every move loses; won names one winning move.
    root = solve(game) if solve_it else SolveResult(UNKNOWN)
    if root is None:
        return None, nodes, False
    first = Move.parse(root.line[0]) if root.verdict == WON and root.line else None
    out: dict[Move, Outcome] = {}
    for move in legal:
        trial = game.copy()
        trial.push(move)
        if trial.is_won():
            out[move] = (2, True, 0)
            continue
        if root.verdict != WON:
            verdict = root.verdict  # lost whatever the move; or too big to solve, and so is each move
        elif move == first:
            verdict = WON
        else:
            result = solve(trial)
            if result is None:
                return None, nodes, False
            verdict = result.verdict
        # Played out even when lost: the cards left still tell the moves apart.
        won, left = play_out(trial)
        out[move] = (2 if won else _RANK[verdict], won, -left)
    return out, nodes, root.verdict != UNKNOWN


def _choose(outcomes: dict[Move, list[Outcome]], obvious: Move, margin: int) -> Move:
    """The obvious move, unless another does clearly better sample by sample."""
    best, best_gain = obvious, 0
    base = outcomes[obvious]
    for move, mine in outcomes.items():
        if move == obvious:
            continue
        better = sum(a > b for a, b in zip(mine, base, strict=True))
        worse = sum(a < b for a, b in zip(mine, base, strict=True))
        gain = better - worse
        if gain >= margin and better >= 2 * worse and gain > best_gain:
            best, best_gain = move, gain
    return best


def _tally(move: Move, solved: list[Outcome], every: list[Outcome]) -> MoveTally:
    ranks = [o[0] for o in solved]
    mean_left = -sum(o[2] for o in every) / len(every) if every else 0.0
    return MoveTally(
        move, ranks.count(2), ranks.count(0), ranks.count(1), sum(o[1] for o in every), mean_left
    )


def _explain(ranked: list[MoveTally], solved: int, played: int, *, obvious: bool, margin: int) -> str:
    """One line for a player, in words rather than counts of samples: how the move did when the
    unseen cards were tried (each sample is one try), and why it rather than a move that looks
    better by one count (the hint keeps the natural move unless another is clearly better try by
    try); when no try could be won, how many cards it leaves instead."""
    chosen = ranked[0]
    best = chosen.move
    others = ranked[1:]
    tries = f"{solved} tr{'y' if solved == 1 else 'ies'}"
    unsettled = f", {chosen.unknown} too long to settle" if chosen.unknown else ""
    if solved and any(t.wins for t in ranked):
        if not others:
            return f"{best} is the only move; it won {chosen.wins} of {tries} of the unseen cards{unsettled}"
        runner = max(others, key=lambda t: (t.wins, t.played_wins, -t.losses))
        if runner.wins > chosen.wins and obvious:
            return (
                f"{best}, the natural move, won {chosen.wins} of {tries} of the unseen cards{unsettled};"
                f" {runner.move} won {runner.wins}, but not clearly more often (it must do better"
                f" in {margin} more of the {played} tries than it does worse)"
            )
        how = "most often" if chosen.wins > runner.wins else "as often as any move"
        return (
            f"{best} won {how} when I tried the unseen cards: {chosen.wins} of {tries}{unsettled};"
            f" next best {runner.move}: {runner.wins}"
        )
    # No try won (one-pass Pyramid, mostly): the cards a move leaves tell them apart.
    if not solved:
        why = "no try could be settled in time"
    elif chosen.unknown:
        why = f"none was shown winnable, {chosen.unknown} too long to settle"
    else:
        why = "none could be won"
    leaves = f"{chosen.mean_left:.1f} cards on average"
    if not others:
        return f"{best} is the only move; played on, it leaves {leaves} of the {played} tries; {why}"
    runner = min(others, key=lambda t: t.mean_left)
    if runner.mean_left < chosen.mean_left and obvious:
        return (
            f"{best}, the natural move, leaves {leaves} when I tried the unseen cards; {why};"
            f" {runner.move} leaves {runner.mean_left:.1f}, but not clearly fewer"
        )
    return (
        f"{best} left the fewest cards when I tried the unseen cards: {leaves}; {why};"
        f" next best {runner.move}: {runner.mean_left:.1f}"
    )


def _exact(seen: Seen, legal: list[Move], node_limit: int, time_limit: float | None, start: float) -> Hint:
    """Nothing is hidden: solve the real position (the one sample) once."""
    game = seen.sample(random.Random(0))
    result = solve_full_information(game, node_limit=node_limit, time_limit=time_limit)
    seconds = time.perf_counter() - start
    if result.verdict == WON and result.line:
        move = Move.parse(result.line[0])
        why = f"{move} wins: nothing is hidden, so this is certain ({len(result.line)} moves to the win)"
        return Hint(move, 1, 1, 1.0, why, True, (MoveTally(move, 1),), nodes=result.nodes, seconds=seconds)
    move = greedy_order(seen, legal)[0]
    if result.verdict == NO_WIN:
        why = f"{move} is the natural move: nothing is hidden and no move can win any more"
        tally = MoveTally(move, losses=1)
    else:
        why = f"{move} is the natural move: the solver could not decide within its limit"
        tally = MoveTally(move, unknown=1)
    return Hint(move, 0, 1, 0.0, why, True, (tally,), nodes=result.nodes, seconds=seconds)

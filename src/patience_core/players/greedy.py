"""The greedy heuristic: a rule of thumb that works for any game from what the player sees.

For each card move it plays the move on a sample of the game (only to use the rules; the
hidden cards of a sample are random and never counted) and measures two things:

1. ``run``: the longest sequence of further card moves that uses only cards already in sight,
   so a card turned up by the move does not count, its identity being unknown;
2. ``freed``: how many layout cards the move frees (in TriPeaks, turns up).

The best move has the longest run, then frees the most cards; words such as ``draw`` and
``redeal`` come last, so greedy draws only when no card can be played. Ties keep the game's
own order of the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from patience_core.engine.game import Game
from patience_core.engine.moves import Move
from patience_core.players.seen import Seen

RUN_NODE_LIMIT = 400
"""Positions the run search may visit per move: enough for any run a player would see at once."""


def greedy_order(seen: Seen, moves: Sequence[Move] | None = None) -> list[Move]:
    """``moves`` (default: every legal move) best first by the greedy heuristic."""
    moves = list(seen.legal_moves() if moves is None else moves)
    cards = [m for m in moves if not m.word]
    if len(cards) < 2:
        return cards + [m for m in moves if m.word]
    game = seen.sample(seen.rng)
    in_sight = frozenset(range(52)) - {c.index for c in seen.unseen}
    scores = {m: _score(game, m, in_sight) for m in cards}
    ranked = sorted(cards, key=lambda m: scores[m], reverse=True)  # stable: ties keep the game's order
    return ranked + [m for m in moves if m.word]


def _score(game: Game, move: Move, in_sight: frozenset[int]) -> tuple[int, int]:
    table = game.table
    before = table.present & table.layout.free_mask(table.present)
    trial = game.copy()
    trial.push(move)
    t = trial.table
    freed = (t.present & t.layout.free_mask(t.present) & ~before).bit_count()
    return _longest_run(trial, in_sight), freed


def _longest_run(game: Game, in_sight: frozenset[int]) -> int:
    """The most card moves in a row from ``game``'s position using only cards in ``in_sight``."""
    rules, table = game.rules, game.table
    budget = [RUN_NODE_LIMIT]

    def search() -> int:
        if budget[0] <= 0 or rules.is_won(table):
            return 0
        best = 0
        snap = table.snapshot()
        for move in rules.legal_moves(table):
            if move.word or not in_sight.issuperset(move.ids):
                continue
            budget[0] -= 1
            rules.apply(table, move)
            best = max(best, 1 + search())
            table.restore(snap)
            if budget[0] <= 0:
                break
        return best

    return search()


def play_out(game: Game) -> tuple[bool, int]:
    """Play ``game`` (a sample) to its end by a quick greedy rule; whether it was won, and the cards left.

    The rule uses nothing a player could not see: a card move whenever there is one, the one
    that frees the most cards (the first of equals), else the first word move (``draw``).
    ``game`` itself is not changed.
    """
    rules, table = game.rules, game.table.copy()
    layout = table.layout
    while True:
        if rules.is_won(table):
            return True, 0
        legal = rules.legal_moves(table)
        if not legal:
            return False, rules.cards_left(table)
        cards = [m for m in legal if not m.word]
        if not cards:
            rules.apply(table, legal[0])
            continue
        best = cards[0]
        if len(cards) > 1:
            free = table.present & layout.free_mask(table.present)
            snap = table.snapshot()
            most = -1
            for move in cards:
                rules.apply(table, move)
                freed = (table.present & layout.free_mask(table.present) & ~free).bit_count()
                table.restore(snap)
                if freed > most:
                    best, most = move, freed
        rules.apply(table, best)

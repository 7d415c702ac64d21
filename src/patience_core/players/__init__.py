"""Players and hints: objects that choose moves from what a player may see.

A player gets a :class:`Seen` (the player view, the legal moves, the moves so far, and samples
of the hidden cards), never the game, so it cannot read a face-down card or the stock order.
Players are registered through the ``register_players`` hook; the core ships ``random``,
``greedy``, ``hint`` and the full-information ``solver`` (the one player that reads hidden
cards, named so, for measuring the others).

>>> import patience_core
>>> from patience_core.players import get_player, hint, play_game
>>> game = play_game(patience_core.new_game("tripeaks", seed=5), get_player("greedy"))
>>> game.is_over()
True
>>> h = hint(patience_core.new_game("pyramid", seed=28), samples=10, solved=5, time_limit=None)
>>> str(h.move), h.samples, h.played
('KS', 5, 10)
"""

from __future__ import annotations

import random

from patience_core.engine.game import Game
from patience_core.players.advice import (
    NODE_BUDGET,
    NODE_LIMIT,
    SAMPLES,
    SOLVED,
    TIME_LIMIT,
    Hint,
    MoveTally,
    advise,
)
from patience_core.players.base import (
    Player,
    PlayerError,
    PlayerSpec,
    get_player,
    play_game,
    players,
    sees_hidden_cards,
)
from patience_core.players.greedy import greedy_order
from patience_core.players.seen import Seen


def hint(
    game: Game,
    *,
    samples: int = SAMPLES,
    solved: int = SOLVED,
    time_limit: float | None = TIME_LIMIT,
    node_limit: int = NODE_LIMIT,
    node_budget: int | None = NODE_BUDGET,
    rng: random.Random | None = None,
) -> Hint:
    """The move to play in ``game`` now, and how sure that is; never reads a hidden card.

    ``samples`` samples of the hidden cards are dealt; after each legal move, each is played on
    to its end without looking, and the first ``solved`` are also solved seeing their cards
    (at most ``node_limit`` positions a solve, ``node_budget`` in all). The hint is the move
    that does best sample by sample (winnable, then won when played on, then fewest cards
    left), if it clearly beats the obvious (greedy) move, else the obvious move; see
    :mod:`patience_core.players.advice`. ``time_limit`` (seconds, default half a second) stops
    the sampling early. When nothing is hidden the position is solved as it is and the hint
    is exact. ``rng`` draws the samples; None uses one seeded from the moves played, so the
    same position gets the same hint. Raises ``ValueError`` when the game is over.
    """
    seen = Seen(game)
    if rng is None:
        rng = random.Random(" ".join([game.id, *(str(m) for m in seen.moves)]))
    return advise(
        seen,
        samples=samples,
        solved=solved,
        node_limit=node_limit,
        node_budget=node_budget,
        time_limit=time_limit,
        rng=rng,
    )


__all__ = [
    "NODE_BUDGET",
    "NODE_LIMIT",
    "SAMPLES",
    "SOLVED",
    "TIME_LIMIT",
    "Hint",
    "MoveTally",
    "Player",
    "PlayerError",
    "PlayerSpec",
    "Seen",
    "get_player",
    "greedy_order",
    "hint",
    "play_game",
    "players",
    "sees_hidden_cards",
]

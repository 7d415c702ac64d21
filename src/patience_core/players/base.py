"""Players: the protocol, the registry of players fed by the ``register_players`` hook, and play."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

from patience_core.engine.errors import quoted
from patience_core.engine.spec import PlayerSpec
from patience_core.players.greedy import progress
from patience_core.players.seen import Seen
from patience_core.plugins import REGISTRY
from patience_core.plugins.guard import plugin_code
from patience_core.plugins.registry import Collected

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.moves import Move


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move from what a player may know.

    ``choose`` gets a :class:`Seen` (never the game) and returns one of its legal moves.
    """

    name: str

    def choose(self, seen: Seen) -> Move: ...


class PlayerError(ValueError):
    """An unknown player name, or a parameter the player does not take; the message says which."""


def _collected() -> Collected[PlayerSpec]:
    """The players of every plugin, from the registry's one collector."""
    return REGISTRY.collect("register_players", PlayerSpec, lambda spec: [spec.name], "player name")


def _registered() -> dict[str, PlayerSpec]:
    """The players of every plugin by name (those one plugin alone registered)."""
    return _collected().items


def players() -> list[PlayerSpec]:
    """Every registered player, by name."""
    return sorted(_registered().values(), key=lambda s: s.name)


def get_player(name: str, **params: Any) -> Player:
    """A new player by name (or ``plugin:name``); ``params`` go to its factory.

    :class:`PlayerError` names an unknown player (listing those there are), a name two plugins
    registered (naming the qualified names to choose from), a parameter the player does not
    take, or a value its factory refuses.

    >>> get_player("greedy").name
    'greedy'
    """
    found = _collected()
    spec = found.get(name) if isinstance(name, str) else None
    if spec is None:
        shared = found.conflicts.get(name) if isinstance(name, str) else None
        if shared:
            choices = ", ".join(f"{p}:{name}" for p in shared)
            raise PlayerError(
                f"player {quoted(name)} is registered by {len(shared)} plugins; choose one: {choices}"
            )
        known = ", ".join(sorted(found.items)) or "none"
        raise PlayerError(f"unknown player {quoted(name)}; players: {known}")
    accepted = spec.params()
    for key in params:
        if key not in accepted:
            takes = ", ".join(accepted) or "no parameters"
            raise PlayerError(f"player {spec.name!r} has no parameter {quoted(key)} (it takes: {takes})")
    try:
        with plugin_code():
            player: Player = spec.factory(**params)
    except PlayerError:
        raise
    except Exception as err:  # a bad value, or the plugin's own failure: the player's problem
        raise PlayerError(f"player {spec.name!r}: {quoted(str(err), 120)[1:-1]}") from None
    return player


MAX_SECONDS: Final = 10**6
"""The longest time limit a player's parameter may give, in seconds."""


def whole(player: str, name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else :class:`PlayerError`
    naming the player and the parameter: for the players' factories."""
    if type(value) is not int or not low <= value <= high:
        raise PlayerError(
            f"player {player!r}: {name} is a whole number from {low:,} to {high:,}, not {quoted(value)}"
        )
    return value


def seconds(player: str, name: str, value: object) -> float | None:
    """``value`` if it is None or a number of seconds above 0 (at most :data:`MAX_SECONDS`)."""
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 < value <= MAX_SECONDS:  # type: ignore[operator]
        raise PlayerError(
            f"player {player!r}: {name} is a number of seconds above 0 and at most {MAX_SECONDS:,},"
            f" or none; not {quoted(value)}"
        )
    return float(value)  # type: ignore[arg-type]


def sees_hidden_cards(player: object) -> bool:
    """True for a full-information player (one that reads hidden cards, such as ``solver``)."""
    return bool(getattr(player, "sees_hidden_cards", False))


MAX_GAME_MOVES = 5_000
"""A game whose rules let positions repeat (``Rules.repeats``) is stopped after this many moves
of a player, not won: such a game ends when its player stops."""
REPEAT_LIMIT = 3
"""Such a game is also stopped when one position comes back this many times: its player is
going round in circles."""
STALL_MOVES = 200
"""Such a game is also stopped when a player that does not see hidden cards has made no
progress in this many moves (:func:`~patience_core.players.greedy.progress` never above its
best: no card home, turned face up, taken out of the stock and waste or onto a run): with no
limit on redeals, a stock turned through for ever reaches a new position each pass."""


def play_game(
    game: Game, player: Player, *, rng: random.Random | None = None, max_moves: int = MAX_GAME_MOVES
) -> Game:
    """Play ``game`` to its end with ``player`` and return it.

    Each move the player gets a fresh :class:`Seen` of the game with ``rng`` (a new random
    source when None) for its choices; a full-information player is handed the game itself.
    Each move is checked (an illegal one raises :class:`~patience_core.IllegalMoveError`) and
    pushed: players are not observed, like searches. A game whose positions may repeat is
    stopped after ``max_moves`` moves, when a position comes back :data:`REPEAT_LIMIT` times,
    or, for a player that does not see hidden cards, after :data:`STALL_MOVES` moves without
    progress (it is then not over, and not won).
    """
    rng = rng if rng is not None else random.Random()
    full = sees_hidden_cards(player)
    limit = max_moves if game.rules.repeats else None
    visits: dict[Hashable, int] = {}
    stalls = limit is not None and not full  # a full-information player plays to its line's end
    best, since = (progress(game.table), 0) if stalls else (0, 0)
    while not game.is_over() and (limit is None or len(game.moves) < limit):
        if limit is not None:
            key = game.rules.solver_key(game.table)
            visits[key] = visits.get(key, 0) + 1
            if visits[key] >= REPEAT_LIMIT:
                break
        if stalls:
            now = progress(game.table)
            best, since = (now, 0) if now > best else (best, since + 1)
            if since > STALL_MOVES:
                break
        move = player.choose_seeing_all(game) if full else player.choose(Seen(game, rng))  # type: ignore[attr-defined]
        game.push(game.checked(move))
    return game

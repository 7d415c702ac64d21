"""The plugin contract. Each hook's docstring is its whole contract.

Plugins implement hooks with the marker from the root package::

    from patience_core import hookimpl

    @hookimpl
    def register_games(register):
        register(GameSpec(...))

and are found through the ``patience`` entry-point group (or registered in-process with
:func:`patience_core.register_plugin`). Hooks are called with keyword arguments; an
implementation may accept fewer arguments than the spec lists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.moves import Move
    from patience_core.engine.solving import SolveResult
    from patience_core.engine.spec import GameSpec, PlayerSpec

hookspec = pluggy.HookspecMarker("patience")
hookimpl = pluggy.HookimplMarker("patience")


@hookspec
def register_games(register: Callable[[GameSpec], None]) -> None:
    """Register the games this plugin provides by calling ``register(spec)`` once per game.

    Called once, when the games are first needed. ``spec`` is a
    :class:`patience_core.GameSpec`; its presets come with it. Each game is tried on a deal
    before it is served (:mod:`patience_core.plugins.checks`) and refused, with the reason, if
    it fails. An id (or a preset id) that another plugin registers too is served by neither
    under that id, with an error naming both; ``plugin:id`` reaches each. An exception raised
    here (``SystemExit`` and ``KeyboardInterrupt`` included) is recorded against this plugin,
    and the games of other plugins still load. Return nothing.
    """


@hookspec
def move_played(game: Game, move: Move) -> None:
    """Observe play: called after ``move`` has been played through ``Game.play``.

    For apps that log, animate or count moves. Only games made by
    :func:`patience_core.new_game` or loaded by :func:`patience_core.load_game` (and
    ``Game.from_dict``) are observed, and only their ``play``: ``push`` (what searches,
    replays and players use), ``undo`` and copies made with ``Game.copy`` are never seen, so
    the solver, the hint and simulations call no observer. Must not change ``game``. An
    exception raised here reaches the caller of ``play``, with the move already played; a
    ``SystemExit`` or ``KeyboardInterrupt`` raised here reaches it as a
    :class:`~patience_core.PluginError`.
    """


@hookspec
def game_finished(game: Game) -> None:
    """Observe the end: called once when a move played through ``Game.play`` ends ``game``.

    ``game.is_won()`` tells which way it ended. Undoing the last move and ending the game
    again calls it again. Observed games are those of :func:`move_played`. Must not change
    ``game``.
    """


@hookspec(firstresult=True)
def solve_full_information(game: Game, node_limit: int, time_limit: float | None) -> SolveResult | None:
    """Offer a specialised full-information solver for ``game``, or return None.

    A game's own solver is better declared with the game (``GameSpec(solver=...)``); this hook
    is for a solver that serves games of other plugins, such as the core's solver for the
    build-on-waste family. Called by :func:`patience_core.solve_full_information` after the
    game's own solver (when it has one and declines) and before the generic solver. An
    implementation checks ``game.spec.id`` (and ``game.options``) and returns None for games
    it does not know, so the next plugin or the generic solver answers. It must solve from the
    current position without changing ``game``, respect ``node_limit`` (positions searched)
    and ``time_limit`` (seconds, or None) by answering ``"unknown"``, and return a
    :class:`~patience_core.engine.solving.SolveResult` whose line replays to a win through
    ``Game.play``. The first non-None answer wins. An answer is checked before it is taken:
    one that raises or is not a sound ``SolveResult`` is passed over with a
    :class:`~patience_core.solver.PluginWarning`, as if it had declined. A search loop calls
    :func:`patience_core.solver.check_memory` every ``CHECK_EVERY`` positions to stop cleanly
    before memory runs out.
    """


@hookspec
def register_players(register: Callable[[PlayerSpec], None]) -> None:
    """Register the players this plugin provides by calling ``register(spec)`` once per player.

    Called when the players are first listed or looked up (again after a plugin is registered
    or removed). ``spec`` is a :class:`patience_core.players.PlayerSpec`: a name, a description
    and a factory that takes the player's parameters as keyword arguments and returns an object
    with ``name`` and ``choose(seen) -> Move``. A player decides from the
    :class:`~patience_core.players.Seen` it is handed, never from the game itself; one that
    reads hidden cards must say so with ``full_information=True``. A name another plugin
    registers too is served by neither under that name (``plugin:name`` reaches each); the
    players of other plugins still load. The factory checks its parameters and raises
    ``ValueError`` (or :class:`~patience_core.players.PlayerError`) for a value it refuses.
    Return nothing.
    """

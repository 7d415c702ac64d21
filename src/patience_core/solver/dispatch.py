"""Which solver answers a full-information solve: the game's own, a plugin's, or the generic
one; each answer checked, and the search held to its node, time and memory limits."""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from patience_core.engine.errors import quoted
from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, UNKNOWN, WON, SolveResult
from patience_core.plugins import DEFAULT_PLUGINS, REGISTRY
from patience_core.plugins.guard import plugin_code
from patience_core.solver.generic import generic_solve
from patience_core.solver.memory import MemoryLimitReached, memory_limit, nodes_checked, peaked

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.spec import GameSpec


MAX_NODE_LIMIT: Final = 10**12
"""The highest node limit: far beyond what any machine searches in a day."""

_Offer = Callable[["Game", int, "float | None"], Any]


class PluginWarning(UserWarning):
    """A plugin's solver failed or answered nonsense; another solver answered instead."""


def solve_full_information(
    game: Game,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    generic: bool = False,
    memory_limit_mb: float | None = None,
) -> SolveResult:
    """Solve ``game`` from its current position, seeing every card.

    ``node_limit`` bounds the positions searched and ``time_limit`` the seconds; either ends
    the search with ``"unknown"``. Without ``node_limit``, the game's own solver runs to the
    limit its spec declares (:func:`default_node_limit`) and any other to
    :data:`DEFAULT_NODE_LIMIT`. ``memory_limit_mb`` bounds the resident memory of the
    process (default: most of the machine's; see :mod:`patience_core.solver.memory`): a
    search that would pass it, or that the system refuses memory, ends ``"unknown"`` with
    ``reason`` saying so. ``generic=True`` skips the game's own and the plugins' specialised
    solvers. A specialised solver that raises, or answers something that is not a sound
    :class:`SolveResult` (a won line must replay to a win), is passed over with a
    :class:`PluginWarning`, as if it had declined. The game itself is not changed.
    """
    if node_limit is not None and (type(node_limit) is not int or not 1 <= node_limit <= MAX_NODE_LIMIT):
        raise ValueError(
            f"node_limit is a whole number from 1 to {MAX_NODE_LIMIT:,}, not {quoted(node_limit)}"
        )
    if time_limit is not None and not (isinstance(time_limit, int | float) and time_limit >= 0):
        raise ValueError(f"time_limit is a number of seconds, or None; not {quoted(time_limit)}")
    if memory_limit_mb is not None and not (
        isinstance(memory_limit_mb, int | float) and 0 < memory_limit_mb < math.inf
    ):
        raise ValueError(f"memory_limit_mb is a number of megabytes above 0, not {quoted(memory_limit_mb)}")
    start = time.perf_counter()
    name = "generic"
    with memory_limit(memory_limit_mb):
        try:
            if not generic:
                own = game.spec.solver
                for name, solver in _offers(game):
                    limit = node_limit or DEFAULT_NODE_LIMIT
                    if node_limit is None and solver is own:
                        limit = default_node_limit(game.spec)
                    found = _answer(name, solver, game, limit, time_limit)
                    if found is not None:
                        return found
            name = "generic"
            return generic_solve(game, node_limit=node_limit or DEFAULT_NODE_LIMIT, time_limit=time_limit)
        except MemoryError as err:  # the search is unwound and its tables freed by now
            nodes = err.nodes or nodes_checked() if isinstance(err, MemoryLimitReached) else nodes_checked()
            why = str(err) if isinstance(err, MemoryLimitReached) else "the system refused more memory"
            seconds = time.perf_counter() - start
            return SolveResult(UNKNOWN, (), nodes, seconds, name, f"out of memory: {why}")


def default_node_limit(spec: GameSpec, *, generic: bool = False) -> int:
    """The node limit a solve of a game of ``spec`` runs to when none is given: its own
    solver's declared limit (``GameSpec.solver_node_limit``), else :data:`DEFAULT_NODE_LIMIT`.

    >>> import patience_core
    >>> default_node_limit(patience_core.find_game("tripeaks")[0])
    2000000
    """
    if generic or spec.solver is None or spec.solver_node_limit is None:
        return DEFAULT_NODE_LIMIT
    return spec.solver_node_limit


def _offers(game: Game) -> Iterator[tuple[str, _Offer]]:
    """The specialised solvers that may answer for ``game``, in turn: the game's own, then each
    plugin's ``solve_full_information`` hook in pluggy's calling order."""
    own = game.spec.solver
    if own is not None:
        yield game.spec.plugin or game.spec.id, own
    hook = REGISTRY.pm.hook.solve_full_information
    impls = hook.get_hookimpls()
    if any(impl.hookwrapper or getattr(impl, "wrapper", False) for impl in impls):
        yield "solver plugins", lambda g, n, t: hook(game=g, node_limit=n, time_limit=t)
        return
    for impl in reversed(impls):  # pluggy calls the last registered first
        yield impl.plugin_name, _call(impl.function, impl.argnames)


def _call(function: Callable[..., Any], argnames: tuple[str, ...]) -> _Offer:
    def call(game: Game, node_limit: int, time_limit: float | None) -> Any:
        given = {"game": game, "node_limit": node_limit, "time_limit": time_limit}
        return function(**{name: given[name] for name in argnames})

    return call


def _answer(
    name: str, solver: _Offer, game: Game, node_limit: int, time_limit: float | None
) -> SolveResult | None:
    """What ``solver`` answers; None when it declines, fails or answers nonsense (with a warning)."""
    try:
        with plugin_code():
            found = solver(game, node_limit, time_limit)
    except MemoryError:
        raise
    except SystemError as err:
        if peaked():  # CPython's way of running out of memory, at times
            raise MemoryError from err
        _warn(name, f"its solver failed ({type(err).__name__}: {quoted(str(err), 80)[1:-1]})")
        return None
    except Exception as err:
        _warn(name, f"its solver failed ({type(err).__name__}: {quoted(str(err), 80)[1:-1]})")
        return None
    if found is None:
        return None
    problem = _unsound(found, game, replay=name not in DEFAULT_PLUGINS)
    if problem is not None:
        called = getattr(found, "solver", None)
        _warn(name, f"its solver {quoted(called) + ' ' if isinstance(called, str) else ''}{problem}")
        return None
    return found  # type: ignore[no-any-return]


def _unsound(found: object, game: Game, *, replay: bool = True) -> str | None:
    """What is wrong with a solver's answer, or None for a sound one. ``replay=False`` leaves
    out replaying a won line: for the core's own solvers, whose lines its tests replay."""
    if not isinstance(found, SolveResult):
        return f"returned {quoted(found)}, not a SolveResult"
    if found.verdict not in (WON, NO_WIN, UNKNOWN):
        return f"returned the verdict {quoted(found.verdict)}"
    if not isinstance(found.line, tuple) or not all(isinstance(m, str) for m in found.line):
        return "returned a line that is not a tuple of move text"
    if type(found.nodes) is not int or found.nodes < 0:
        return f"returned {quoted(found.nodes)} nodes"
    if not isinstance(found.seconds, int | float) or not found.seconds >= 0:
        return f"returned {quoted(found.seconds)} seconds"
    if found.verdict != WON:
        return "returned a line with a verdict other than won" if found.line else None
    if not replay:
        return None
    trial = game.copy()  # a won line must win, played from here
    for n, text in enumerate(found.line, 1):
        try:
            trial.push(trial.checked(text))
        except ValueError:
            return f"returned a line whose move {n} ({quoted(text)}) is not legal"
    return None if trial.is_won() else "returned a line that does not win"


def _warn(plugin: str, problem: str) -> None:
    warnings.warn(
        PluginWarning(f"plugin {plugin!r}: {problem}; another solver answers instead"), stacklevel=4
    )

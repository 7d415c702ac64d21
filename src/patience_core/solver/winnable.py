"""Questions about winning that look at hidden cards: is this position still winnable, and which
is the next deal that can be won. Both ask the full-information solver, and say so in their names.

"Still winnable?" is bounded by time, as a player waits for it; "the next winnable deal" is
bounded by positions searched, so that every machine finds the same deal number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, Literal

from patience_core.engine.deal import MAX_SEED
from patience_core.engine.solving import DEFAULT_NODE_LIMIT, NO_WIN, WON
from patience_core.plugins import REGISTRY
from patience_core.solver.dispatch import solve_full_information

if TYPE_CHECKING:
    from patience_core.engine.game import Game

Winnable = Literal["winnable", "not winnable", "undecided"]
WINNABLE: Final[Winnable] = "winnable"
NOT_WINNABLE: Final[Winnable] = "not winnable"
UNDECIDED: Final[Winnable] = "undecided"

STILL_WINNABLE_SECONDS: Final = 1.0
"""How long "still winnable?" may search by default."""
WINNABLE_DEAL_NODES: Final = 200_000
"""Positions one deal may take to be proved winnable by :func:`next_winnable_deal_full_information`."""
WINNABLE_DEAL_TRIES: Final = 1_000
"""Deals tried at most by :func:`next_winnable_deal_full_information` before it gives up."""


def still_winnable_full_information(
    game: Game, *, time_limit: float | None = STILL_WINNABLE_SECONDS, node_limit: int = DEFAULT_NODE_LIMIT
) -> Winnable:
    """Whether ``game`` can still be won from where it stands, SEEING EVERY HIDDEN CARD:
    ``"winnable"``, ``"not winnable"`` (any more), or ``"undecided"`` when the solver could
    not tell within ``time_limit`` seconds (default one) or ``node_limit`` positions.

    A player asks this to know whether to go on, and it spoils nothing but that; apps make it
    an opt-in (``patience play`` counts games played with it apart in the statistics).
    """
    verdict = solve_full_information(game, node_limit=node_limit, time_limit=time_limit).verdict
    return WINNABLE if verdict == WON else NOT_WINNABLE if verdict == NO_WIN else UNDECIDED


def next_winnable_deal_full_information(
    game_id: str,
    start: int = 0,
    *,
    node_limit: int = WINNABLE_DEAL_NODES,
    tries: int = WINNABLE_DEAL_TRIES,
    **options: Any,
) -> int:
    """The first deal number from ``start`` on that the full-information solver proves winnable
    for ``game_id`` with ``options``, each deal searched up to ``node_limit`` positions
    (undecided counts as not winnable). The same number on every machine: no clock is read.

    Raises ``ValueError`` when none of ``tries`` deals is proved winnable.

    >>> next_winnable_deal_full_information("pyramid", 1)
    18
    """
    if not 0 <= start <= MAX_SEED:
        raise ValueError(f"a deal number is 0 to {MAX_SEED}, not {start}")
    for seed in _seeds(start, tries):
        if winnable_deal_full_information(game_id, seed, node_limit=node_limit, **options):
            return seed
    raise ValueError(
        f"no winnable deal of {game_id} among {tries} deals from {start}: the solver proved none"
        f" within {node_limit:,} positions each"
    )


def winnable_deal_full_information(
    game_id: str, seed: int, *, node_limit: int = WINNABLE_DEAL_NODES, **options: Any
) -> bool:
    """Whether deal ``seed`` of ``game_id`` is proved winnable within ``node_limit`` positions."""
    game = REGISTRY.new_game(game_id, seed=seed, observed=False, **options)
    return solve_full_information(game, node_limit=node_limit).verdict == WON


def _seeds(start: int, tries: int) -> Iterable[int]:
    return range(start, min(start + tries, MAX_SEED + 1))

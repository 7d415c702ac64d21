"""Patience: a framework for solitaire card games.

The core knows cards, deals, layouts, stock and waste, moves and the end of a game; each game
is a plugin. Three layers, each importing only from those below it (docs/model.md):

- :mod:`patience_core.engine`: cards, deals, layouts, the table, moves, rules, scoring,
  specs and the :class:`Game`; no plugins, no registry.
- :mod:`patience_core.plugins`: the hook specifications and the registry of plugins.
- the applications: :mod:`~patience_core.solver`, :mod:`~patience_core.players`,
  :mod:`~patience_core.simulate`, :mod:`~patience_core.bench`, the conformance kit
  (:mod:`~patience_core.testing`) and the ``patience`` command (:mod:`~patience_core.cli`).

This module is the front door over all three: it makes games with the installed plugins'
observers attached. Start here::

    >>> import patience_core
    >>> [spec.id for spec in patience_core.games()]   # doctest: +SKIP
    ['pyramid', 'tripeaks']
    >>> game = patience_core.new_game("tripeaks", seed=7)   # doctest: +SKIP
    >>> game.play(game.legal_moves()[0])                   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience_core.blocks.build_on_piles.rules import BuildOnPiles
from patience_core.blocks.build_on_waste.rules import BuildOnWaste
from patience_core.engine import game as _game
from patience_core.engine.cards import CARDS, Card, Rank, Suit
from patience_core.engine.deal import STANDARD, Deal, Deck, make_deal, parse_seeds
from patience_core.engine.errors import (
    AmbiguousGameError,
    CardError,
    DealError,
    IllegalMoveError,
    InvalidMoveError,
    LayoutError,
    OptionError,
    PluginError,
    RecordError,
    UnknownGameError,
)
from patience_core.engine.game import Game
from patience_core.engine.layout import Layout, Spot
from patience_core.engine.moves import DEAL, DRAW, REDEAL, Move
from patience_core.engine.piles import BASE, Build, Fan, Kind, Pile, Reach, Step, Suits
from patience_core.engine.rules import (
    ALL_HOME,
    ALL_REMOVED,
    LAYOUT_CLEARED,
    NO_LEGAL_MOVE,
    AutoPlay,
    Condition,
    Rules,
)
from patience_core.engine.scoring import Scoring
from patience_core.engine.spec import GameSpec, Option, Preset
from patience_core.engine.table import Table
from patience_core.plugins import REGISTRY, hookimpl
from patience_core.solver import SolveResult, solve_full_information

__version__ = "0.1.0"

__all__ = [
    "ALL_HOME",
    "ALL_REMOVED",
    "BASE",
    "CARDS",
    "DEAL",
    "DRAW",
    "LAYOUT_CLEARED",
    "NO_LEGAL_MOVE",
    "REDEAL",
    "STANDARD",
    "AmbiguousGameError",
    "AutoPlay",
    "Build",
    "BuildOnPiles",
    "BuildOnWaste",
    "Card",
    "CardError",
    "Condition",
    "Deal",
    "DealError",
    "Deck",
    "Fan",
    "Game",
    "GameSpec",
    "IllegalMoveError",
    "InvalidMoveError",
    "Kind",
    "Layout",
    "LayoutError",
    "Move",
    "Option",
    "OptionError",
    "Pile",
    "PluginError",
    "Preset",
    "Rank",
    "Reach",
    "RecordError",
    "Rules",
    "Scoring",
    "SolveResult",
    "Spot",
    "Step",
    "Suit",
    "Suits",
    "Table",
    "UnknownGameError",
    "__version__",
    "find_game",
    "games",
    "hookimpl",
    "load_game",
    "make_deal",
    "new_game",
    "parse_seeds",
    "plugin_errors",
    "register_plugin",
    "solve_full_information",
    "unregister_plugin",
]


def games() -> list[GameSpec]:
    """The specs of every installed game, by id (presets are listed in each spec)."""
    return REGISTRY.games()


def find_game(game_id: str) -> tuple[GameSpec, Preset | None]:
    """The spec of a game or preset id, and the preset; :class:`UnknownGameError` lists the ids."""
    return REGISTRY.find(game_id)


def new_game(
    game_id: str,
    *,
    seed: int | None = None,
    deal: Deal | str | None = None,
    observed: bool = True,
    **options: Any,
) -> Game:
    """A new game of ``game_id`` (a game or preset id) on deal ``seed`` or ``deal`` text.

    Without either, a random seed is drawn (``game.deal.seed`` tells which). Options are
    checked: an unknown option or a bad value raises :class:`OptionError` naming the option
    and what it accepts. The plugins' observers (``move_played``, ``game_finished``) see the
    moves played on it through ``Game.play``; ``observed=False`` makes a game they never see,
    for tests and tools.
    """
    return REGISTRY.new_game(game_id, seed=seed, deal=deal, observed=observed, **options)


def load_game(data: Mapping[str, Any]) -> Game:
    """A game from its record (a full view, such as a saved game): every move replayed and
    checked, the installed plugins' observers attached. :class:`RecordError` names a problem.

    The same as ``Game.from_dict(data)``, which finds games in the installed plugins too.
    """
    return REGISTRY.load_game(data)


def register_plugin(plugin: object, name: str | None = None) -> str:
    """Register a plugin object in-process (games, observers); returns its name."""
    return REGISTRY.register(plugin, name)


def unregister_plugin(name: str) -> None:
    """Remove a plugin registered with :func:`register_plugin`."""
    REGISTRY.unregister(name)


def plugin_errors() -> list[PluginError]:
    """Problems met while loading plugins (the games of sound plugins load regardless)."""
    REGISTRY.games()
    return list(REGISTRY.errors)


_game.set_catalog(REGISTRY)

"""Patience: a framework for solitaire card games.

The core knows cards, deals, layouts, stock and waste, moves and the end of a game; each game
is a plugin. Start here::

    >>> import patience_core
    >>> [spec.id for spec in patience_core.games()]   # doctest: +SKIP
    ['pyramid', 'tripeaks']
    >>> game = patience_core.new_game("tripeaks", seed=7)   # doctest: +SKIP
    >>> game.play(game.legal_moves()[0])                   # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from patience_core.cards import CARDS, Card, Rank, Suit
from patience_core.deal import Deal
from patience_core.errors import (
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
from patience_core.game import Game, make_deal
from patience_core.hookspecs import hookimpl
from patience_core.layout import Layout, Spot
from patience_core.moves import DRAW, REDEAL, Move
from patience_core.plugins import REGISTRY
from patience_core.rules import ALL_REMOVED, LAYOUT_CLEARED, NO_LEGAL_MOVE, Condition, Rules
from patience_core.scoring import Scoring
from patience_core.solver import SolveResult, solve_full_information
from patience_core.spec import GameSpec, Option, Preset
from patience_core.table import Table

__version__ = "0.1.0"

__all__ = [
    "ALL_REMOVED",
    "CARDS",
    "DRAW",
    "LAYOUT_CLEARED",
    "NO_LEGAL_MOVE",
    "REDEAL",
    "Card",
    "CardError",
    "Condition",
    "Deal",
    "DealError",
    "Game",
    "GameSpec",
    "IllegalMoveError",
    "InvalidMoveError",
    "Layout",
    "LayoutError",
    "Move",
    "Option",
    "OptionError",
    "PluginError",
    "Preset",
    "Rank",
    "RecordError",
    "Rules",
    "Scoring",
    "SolveResult",
    "Spot",
    "Suit",
    "Table",
    "UnknownGameError",
    "__version__",
    "find_game",
    "games",
    "hookimpl",
    "new_game",
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
    game_id: str, *, seed: int | None = None, deal: Deal | str | None = None, **options: Any
) -> Game:
    """A new game of ``game_id`` (a game or preset id) on deal ``seed`` or ``deal`` text.

    Without either, a random seed is drawn (``game.deal.seed`` tells which). Options are
    checked: an unknown option or a bad value raises :class:`OptionError` naming the option
    and what it accepts.
    """
    spec, preset = REGISTRY.find(game_id)
    values = spec.resolve(options, preset.options if preset else None)
    return Game(spec, values, make_deal(seed, deal), preset)


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

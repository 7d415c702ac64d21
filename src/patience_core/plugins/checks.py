"""What a plugin registers is tried once before it is served.

A game is dealt a trial deal with its defaults and with each preset: its layout must be sound
(declared again from its spots, it must give the same coverage: no cycle, nothing missing),
its ``legal_moves`` a list of distinct :class:`~patience_core.engine.moves.Move`, and a few
dozen moves must play, show (``to_dict``) and undo without an error. A game that fails is
refused with the reason, naming the plugin, so ``patience games`` warns about it instead of
``patience show`` printing a traceback. This is a smoke test of the shapes, not the
conformance kit (:mod:`patience_core.testing`), which checks that the rules keep their
promises and which a plugin's own tests run.

The whole trial of a game (its defaults and every preset) has :data:`TRIAL_SECONDS`: rules that
never return (``legal_moves`` looping for ever) are stopped and the game refused, so that one
plugin cannot freeze ``patience games``, ``patience play`` or ``patience serve``
(:func:`~patience_core.plugins.guard.time_bound` says what such a bound can and cannot stop).
Ids that are words of the ``patience`` command (``patience stats reset``) are refused too.
"""

from __future__ import annotations

from typing import Any, Final

from patience_core.engine.game import Game
from patience_core.engine.layout import Layout
from patience_core.engine.moves import Move
from patience_core.engine.spec import GameSpec, PlayerSpec
from patience_core.plugins.guard import TookTooLong, time_bound

TRIAL_SEED: Final = 1
TRIAL_SECONDS: Final = 5.0
"""The most time the trial of one game may take, presets included (a sound game takes a few
milliseconds)."""
RESERVED_IDS: Final = frozenset({"reset", "repair", "add"})
"""Words of ``patience stats`` that a game or preset id would be mistaken for."""
TRIAL_MOVES: Final = 60
"""Moves played on the trial deal (always the first legal one), then undone."""


class Refused(Exception):
    """What a registration fails on, in words."""


def check_game(spec: GameSpec) -> None:
    """Refuse ``spec`` with :class:`Refused` saying why, if its game does not play a trial deal."""
    if spec.solver is not None and not callable(spec.solver):
        raise Refused(f"game {spec.id!r}: its solver is not callable")
    for key in (spec.id, *(p.id for p in spec.presets)):
        if key in RESERVED_IDS:
            raise Refused(
                f"game {spec.id!r}: the id {key!r} is a word of the patience command (patience stats {key})"
            )
    try:
        with time_bound(TRIAL_SECONDS):
            _trials(spec)
    except TookTooLong:
        raise Refused(
            f"game {spec.id!r} takes more than {TRIAL_SECONDS:g} s on a trial deal: its rules never return"
        ) from None


def _trials(spec: GameSpec) -> None:
    for preset in (None, *spec.presets):
        where = f"game {spec.id!r}" + (f" (preset {preset.id!r})" if preset else "")
        try:
            options = spec.resolve({}, preset.options if preset else None)
            game = Game.new(spec, options, seed=TRIAL_SEED)
            _check_layout(game.rules.layout)
            _trial(game)
        except Refused as err:
            raise Refused(f"{where}: {err}") from None
        except Exception as err:  # the plugin's code failed: say how, and serve none of it
            raise Refused(f"{where} fails on a trial deal: {type(err).__name__}: {err}") from None


def check_player(spec: PlayerSpec) -> None:
    """Refuse a player whose factory cannot be called."""
    if not callable(spec.factory):
        raise Refused(f"player {spec.name!r}: its factory is not callable")


_SOUND_LAYOUTS: dict[int, Layout] = {}
"""The layouts already found sound, by identity (a layout is frozen, and kept here so that its
identity is not reused): a family's games and presets share theirs (17 of the 33 layout
checks of the games shipped), and declaring one again took a quarter of the trials' time."""


def _check_layout(layout: Any) -> None:
    if not isinstance(layout, Layout):
        raise Refused(f"its layout is not a Layout but {type(layout).__name__}")
    if not layout.spots or _SOUND_LAYOUTS.get(id(layout)) is layout:
        return  # a game of piles alone, or a layout found sound already
    again = Layout.declare(layout.spots, name=layout.name)  # LayoutError on a cycle
    if (again.blockers, again.full) != (layout.blockers, layout.full):
        raise Refused("its layout's coverage is not what its positions declare")
    _SOUND_LAYOUTS[id(layout)] = layout


def _trial(game: Game) -> None:
    for _ in range(TRIAL_MOVES):
        legal = game.rules.legal_moves(game.table)
        if not isinstance(legal, list) or not all(isinstance(m, Move) for m in legal):
            raise Refused(f"legal_moves returned {type(legal).__name__}, not a list of moves")
        if len(set(legal)) != len(legal):
            raise Refused("legal_moves lists a move twice")
        if not legal or game.rules.is_over(game.table, legal):  # the list made once a move
            break
        game.push(legal[0])
    for value, kind in ((game.is_won(), bool), (game.cards_left(), int), (game.score(), int)):
        if not isinstance(value, kind):
            raise Refused(f"a measure of the game is {type(value).__name__}, not {kind.__name__}")
    game.to_dict("full")
    while game.moves:
        game.pop()

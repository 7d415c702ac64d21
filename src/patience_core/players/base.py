"""Players: the protocol, the registry of players fed by the ``register_players`` hook, and play."""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from patience_core.errors import PluginError
from patience_core.players.seen import Seen
from patience_core.plugins import REGISTRY

if TYPE_CHECKING:
    from patience_core.game import Game
    from patience_core.moves import Move

_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move from what a player may know.

    ``choose`` gets a :class:`Seen` (never the game) and returns one of its legal moves.
    """

    name: str

    def choose(self, seen: Seen) -> Move: ...


class PlayerError(ValueError):
    """An unknown player name, or a parameter the player does not take; the message says which."""


@attrs.frozen
class PlayerSpec:
    """A player as a plugin registers it.

    ``factory(**params)`` makes a player. ``full_information`` says the player reads hidden
    cards (the solver): such a player has ``sees_hidden_cards = True`` and a method
    ``choose_seeing_all(game) -> Move`` that :func:`play_game` calls instead of ``choose``.
    """

    name: str = attrs.field()
    description: str
    factory: Callable[..., Any]
    full_information: bool = False
    plugin: str = ""
    """The plugin that registered the player; filled in by the registry."""

    @name.validator
    def _name_ok(self, attribute: attrs.Attribute[str], value: str) -> None:
        if not _NAME.match(value):
            raise ValueError(f"player name {value!r} must be lowercase letters, digits and '-'")

    def params(self) -> dict[str, Any]:
        """The parameters the factory takes, with their defaults."""
        return {
            p.name: p.default
            for p in inspect.signature(self.factory).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        }


_cache: tuple[tuple[tuple[str, int], ...], dict[str, PlayerSpec]] | None = None


def _registered() -> dict[str, PlayerSpec]:
    """The players of every plugin, collected again whenever the set of plugins changes."""
    global _cache
    REGISTRY.load_entry_points()
    key = tuple((name, id(plugin)) for name, plugin in REGISTRY.pm.list_name_plugin())
    if _cache is not None and _cache[0] == key:
        return _cache[1]
    found: dict[str, PlayerSpec] = {}
    for impl in REGISTRY.pm.hook.register_players.get_hookimpls():  # the core's own come first
        plugin = impl.plugin_name

        def register(spec: PlayerSpec, plugin: str = plugin) -> None:
            if not isinstance(spec, PlayerSpec):
                REGISTRY.errors.append(PluginError(plugin, f"registered {spec!r}, which is not a PlayerSpec"))
            elif spec.name in found:
                owner = found[spec.name].plugin
                REGISTRY.errors.append(
                    PluginError(
                        plugin, f"player name {spec.name!r} is already registered by plugin {owner!r}"
                    )
                )
            else:
                found[spec.name] = attrs.evolve(spec, plugin=plugin)

        try:
            impl.function(**{arg: register for arg in impl.argnames})
        except Exception as err:  # one broken plugin must not hide the others' players
            REGISTRY.errors.append(PluginError(plugin, f"register_players failed: {err!r}"))
    _cache = (key, found)
    return found


def players() -> list[PlayerSpec]:
    """Every registered player, by name."""
    return sorted(_registered().values(), key=lambda s: s.name)


def get_player(name: str, **params: Any) -> Player:
    """A new player by name; ``params`` go to its factory.

    :class:`PlayerError` names an unknown player (listing those there are) or parameter.

    >>> get_player("greedy").name
    'greedy'
    """
    found = _registered()
    if name not in found:
        raise PlayerError(f"unknown player {name!r}; players: {', '.join(sorted(found)) or 'none'}")
    spec = found[name]
    accepted = spec.params()
    for key in params:
        if key not in accepted:
            takes = ", ".join(accepted) or "no parameters"
            raise PlayerError(f"player {name!r} has no parameter {key!r} (it takes: {takes})")
    player: Player = spec.factory(**params)
    return player


def sees_hidden_cards(player: object) -> bool:
    """True for a full-information player (one that reads hidden cards, such as ``solver``)."""
    return bool(getattr(player, "sees_hidden_cards", False))


def play_game(game: Game, player: Player, *, rng: random.Random | None = None) -> Game:
    """Play ``game`` to its end with ``player`` and return it.

    Each move the player gets a fresh :class:`Seen` of the game with ``rng`` (a new random
    source when None) for its choices; a full-information player is handed the game itself.
    The moves go through ``Game.play``, so observers see them and an illegal move raises.
    """
    rng = rng if rng is not None else random.Random()
    full = sees_hidden_cards(player)
    while not game.is_over():
        move = player.choose_seeing_all(game) if full else player.choose(Seen(game, rng))  # type: ignore[attr-defined]
        game.play(move)
    return game

"""The plugin manager and the registry of games.

One :class:`Registry` owns the pluggy manager: it adds the hookspecs, loads the entry points of
the ``patience`` group (one failing plugin is recorded, not raised), registers in-process
plugins the same way, and collects the game specs, checking each registration as it happens.

Set ``PATIENCE_PLUGINS`` to a comma-separated list of entry-point names to load only those
(empty: none), for tests and for finding a broken plugin.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

import attrs
import pluggy

from patience_core import hookspecs
from patience_core.errors import PluginError, UnknownGameError
from patience_core.spec import GameSpec, Preset

ENTRY_POINT_GROUP = "patience"
ENV_FILTER = "PATIENCE_PLUGINS"


class Registry:
    """The installed plugins and the games they registered. Loading is lazy and idempotent."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("patience")
        self.pm.add_hookspecs(hookspecs)
        from patience_core import builtins

        self.pm.register(builtins, name="patience-core")
        self._entry_points_loaded = False
        self._games: dict[str, GameSpec] | None = None
        self._presets: dict[str, tuple[GameSpec, Preset]] = {}
        self.errors: list[PluginError] = []
        self.observing = False
        """True when some plugin observes play; ``Game.play`` skips the hook calls otherwise."""

    # --- loading -----------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        wanted = os.environ.get(ENV_FILTER)
        allow = None if wanted is None else {n.strip() for n in wanted.split(",") if n.strip()}
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if allow is not None and ep.name not in allow:
                continue
            if self.pm.has_plugin(ep.name):
                continue
            try:
                plugin = ep.load()
            except Exception as err:  # a broken plugin must not take the others down
                self.errors.append(PluginError(ep.name, f"failed to import {ep.value}: {err!r}"))
                continue
            try:
                self.register(plugin, ep.name)
            except PluginError as err:
                if err not in self.errors:  # a validation error is recorded already
                    self.errors.append(err)

    def register(self, plugin: Any, name: str | None = None) -> str:
        """Register a plugin object (a module or an instance with hookimpls) in-process."""
        name = name or getattr(plugin, "__name__", None) or repr(plugin)
        try:
            self.pm.register(plugin, name=name)
        except ValueError as err:  # already registered, or the name is taken
            raise PluginError(name, str(err)) from None
        except pluggy.PluginValidationError as err:
            # Older pluggy keeps a plugin that failed validation half-registered.
            if self.pm.has_plugin(name):
                self.pm.unregister(name=name)
            error = PluginError(name, str(err))
            self.errors.append(error)
            raise error from None
        for hook_name in dir(plugin):
            if self.pm.parse_hookimpl_opts(plugin, hook_name) is not None and not hasattr(
                hookspecs, hook_name
            ):
                self.errors.append(PluginError(name, f"implements unknown hook {hook_name!r}"))
        self.observing = bool(
            self.pm.hook.move_played.get_hookimpls() or self.pm.hook.game_finished.get_hookimpls()
        )
        if self._games is not None:
            self._collect_from(name)
        return name

    def unregister(self, name: str) -> None:
        """Remove a plugin registered in-process, with its games."""
        self.pm.unregister(name=name)
        if self._games is not None:
            self._games = {k: v for k, v in self._games.items() if v.plugin != name}
            self._presets = {k: v for k, v in self._presets.items() if v[0].plugin != name}
        self.observing = bool(
            self.pm.hook.move_played.get_hookimpls() or self.pm.hook.game_finished.get_hookimpls()
        )

    # --- games -------------------------------------------------------------------------------

    def games(self) -> list[GameSpec]:
        """Every registered game, by id."""
        return sorted(self._ensure().values(), key=lambda s: s.id)

    def find(self, game_id: str) -> tuple[GameSpec, Preset | None]:
        """The spec for a game id or a preset id (with the preset)."""
        games = self._ensure()
        if game_id in games:
            return games[game_id], None
        if game_id in self._presets:
            return self._presets[game_id]
        known = sorted([*games, *self._presets])
        listing = ", ".join(known) if known else "none (install a game plugin such as patience-tripeaks)"
        raise UnknownGameError(f"unknown game {game_id!r}; installed games: {listing}")

    def _ensure(self) -> dict[str, GameSpec]:
        if self._games is None:
            self.load_entry_points()
            self._games = {}
            for name, _ in self.pm.list_name_plugin():
                self._collect_from(name)
        return self._games

    def _collect_from(self, name: str) -> None:
        assert self._games is not None
        for impl in self.pm.hook.register_games.get_hookimpls():
            if impl.plugin_name != name:
                continue
            register = self._registrar(name)
            try:
                impl.function(**{arg: register for arg in impl.argnames})
            except Exception as err:
                self.errors.append(PluginError(name, f"register_games failed: {err!r}"))

    def _registrar(self, plugin: str) -> Callable[[GameSpec], None]:
        def register(spec: GameSpec) -> None:
            assert self._games is not None
            if not isinstance(spec, GameSpec):
                self.errors.append(PluginError(plugin, f"registered {spec!r}, which is not a GameSpec"))
                return
            ids = [spec.id, *(p.id for p in spec.presets)]
            for taken in ids:
                owner = self._games.get(taken) or (self._presets.get(taken) or (None,))[0]
                if owner is not None or ids.count(taken) > 1:
                    by = f" by plugin {owner.plugin!r}" if owner is not None else ""
                    self.errors.append(PluginError(plugin, f"game id {taken!r} is already registered{by}"))
                    return
            spec = attrs.evolve(spec, plugin=plugin)
            self._games[spec.id] = spec
            for preset in spec.presets:
                self._presets[preset.id] = (spec, preset)

        return register


REGISTRY = Registry()

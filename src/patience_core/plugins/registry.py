"""The plugin manager and what the plugins registered.

One :class:`Registry` owns the pluggy manager: it adds the hookspecs, loads the core's own
plugins (:data:`DEFAULT_PLUGINS`, by module name) and the entry points of the ``patience``
group (one failing plugin is recorded, not raised), registers in-process plugins the same
way, and collects what the ``register_*`` hooks hand it, checking each item as it is
registered. Games and players go through the same collector.

A plugin's failure is its own: an import or a hook that raises (even ``SystemExit`` or a
``KeyboardInterrupt`` of its own) is recorded against it, a game that fails a trial deal is
refused (:mod:`patience_core.plugins.checks`), and an id that two plugins register is served
by neither under that id: each stays reachable by its qualified id ``plugin:id``.

Set ``PATIENCE_PLUGINS`` to a comma-separated list of entry-point names to load only those
(empty: none), for tests and for finding a broken plugin. The core's own plugins always load.
"""

from __future__ import annotations

import difflib
import importlib
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import attrs
import pluggy

from patience_core.engine.deal import Deal
from patience_core.engine.errors import AmbiguousGameError, PluginError, UnknownGameError, quoted
from patience_core.engine.game import Game
from patience_core.engine.spec import GameSpec, PlayerSpec, Preset
from patience_core.plugins import hookspecs
from patience_core.plugins.checks import Refused, check_game, check_player
from patience_core.plugins.guard import Escaped, plugin_code

if TYPE_CHECKING:
    from patience_core.engine.moves import Move

ENTRY_POINT_GROUP: Final = "patience"
ENV_FILTER: Final = "PATIENCE_PLUGINS"
DEFAULT_PLUGINS: Final[Mapping[str, str]] = {
    "patience-core": "patience_core.players.builtin",
    "patience-core-solvers": "patience_core.blocks.build_on_waste.solver",
}
"""The core's own plugins, plugin name to module, loaded by name like entry points (as pytest
and datasette load theirs), so the host has one code path for its behaviour and a plugin's:
the built-in players and the Golf family's solver. They live in the application layer;
naming them here keeps this layer from importing it."""

T = TypeVar("T")


class Observers:
    """What a game made by :func:`patience_core.new_game` calls after a move played through
    ``Game.play``: the ``move_played`` and ``game_finished`` hooks of every plugin.

    ``observing`` is False while no plugin implements either hook, so a game skips the calls.
    """

    __slots__ = ("hook", "observing")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.hook = pm.hook
        self.observing = False

    def update(self) -> None:
        self.observing = bool(
            self.hook.move_played.get_hookimpls() or self.hook.game_finished.get_hookimpls()
        )

    def move_played(self, game: Game, move: Move) -> None:
        with self._contained("move_played"):
            self.hook.move_played(game=game, move=move)

    def game_finished(self, game: Game) -> None:
        with self._contained("game_finished"):
            self.hook.game_finished(game=game)

    @contextmanager
    def _contained(self, hook_name: str) -> Iterator[None]:
        # An observer's exception reaches the caller of play (the hook's contract); one that
        # would end the program (SystemExit, its own KeyboardInterrupt) reaches it as a PluginError.
        try:
            with plugin_code():
                yield
        except Escaped as err:
            plugins = [impl.plugin_name for impl in getattr(self.hook, hook_name).get_hookimpls()]
            raise PluginError(plugins[0], f"{hook_name}: {err}", others=tuple(plugins[1:])) from None


@attrs.define
class Collected(Generic[T]):
    """What one ``register_*`` hook gathered: the items by key, and the plugins' mistakes."""

    items: dict[str, T] = attrs.Factory(dict)
    """Each item under each of its keys (a game under its id and each preset id), for the keys
    exactly one plugin registered."""
    errors: list[PluginError] = attrs.Factory(list)
    qualified: dict[str, T] = attrs.Factory(dict)
    """Every item under ``plugin:key`` for each of its keys, whether or not the key is shared."""
    conflicts: dict[str, list[str]] = attrs.Factory(dict)
    """The keys that two or more plugins registered, with those plugins: served by none."""
    refused: dict[str, PluginError] = attrs.Factory(dict)
    """The keys of items refused by their checks, with why."""

    def get(self, key: str) -> T | None:
        """The item under ``key``, or under ``plugin:key``; None for an unknown or shared key."""
        return self.qualified.get(key) if ":" in key else self.items.get(key)


_CHECKS: Final[dict[type, Callable[[Any], None]]] = {GameSpec: check_game, PlayerSpec: check_player}


class Registry:
    """The installed plugins and what they registered. Loading is lazy and idempotent.

    ``default_plugins`` (plugin name to module name) are registered before the entry points;
    a test can pass ``{}`` to start from nothing.
    """

    def __init__(self, default_plugins: Mapping[str, str] = DEFAULT_PLUGINS) -> None:
        self.pm = pluggy.PluginManager("patience")
        self.pm.add_hookspecs(hookspecs)
        self.errors: list[PluginError] = []
        """Problems met while loading plugins and collecting what they registered."""
        self.observer = Observers(self.pm)
        self.sources: dict[str, str] = {}
        """The distribution (``name version``) of each plugin loaded from an entry point."""
        self._defaults = dict(default_plugins)
        self._loaded = False
        self._loading = False
        # Loading and collecting happen once, lazily, perhaps from a web server's threads at
        # the same moment: one lock, reentrant since a plugin may ask for the games as it loads.
        self._lock = threading.RLock()
        self._version = 0  # bumped whenever the set of plugins changes
        self._collected: dict[str, tuple[int, Collected[Any]]] = {}

    @property
    def observing(self) -> bool:
        """True when some plugin observes play."""
        return self.observer.observing

    # --- loading -----------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Load the core's own plugins and the entry points of the ``patience`` group, once."""
        if self._loaded:
            return
        with self._lock:
            if self._loaded or self._loading:  # done, or this thread is loading (a plugin asks)
                return
            self._loading = True
            try:
                self._load_all()
            finally:
                self._loading = False
                self._loaded = True  # only now: another thread waits for the whole load

    def _load_all(self) -> None:
        for name, module in self._defaults.items():
            if not self.pm.has_plugin(name):
                self._load(name, module, partial(importlib.import_module, module))
        wanted = os.environ.get(ENV_FILTER)
        allow = None if wanted is None else {n.strip() for n in wanted.split(",") if n.strip()}
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if allow is not None and ep.name not in allow:
                continue
            dist = getattr(ep, "dist", None)
            if dist is not None:
                self.sources[ep.name] = f"{dist.name} {dist.version}"
            if not self.pm.has_plugin(ep.name):
                self._load(ep.name, ep.value, ep.load)

    def _load(self, name: str, where: str, load: Callable[[], object]) -> None:
        try:
            with plugin_code():
                plugin = load()
        except Exception as err:  # a broken plugin must not take the others down
            self.errors.append(PluginError(name, f"failed to import {where}: {_told(err)}"))
            return
        try:
            self.register(plugin, name)
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
        self._changed()
        return name

    def unregister(self, name: str) -> None:
        """Remove a plugin registered in-process, with what it registered."""
        self.pm.unregister(name=name)
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        self.observer.update()

    # --- what the plugins registered -----------------------------------------------------------

    def collect(
        self, hook_name: str, kind: type[T], keys: Callable[[T], Sequence[str]], what: str
    ) -> Collected[T]:
        """What every plugin handed the ``register`` callback of the hook ``hook_name``.

        Each item must be a ``kind`` (an attrs class with a ``plugin`` field, which is filled
        in), pass the checks of its kind (:mod:`patience_core.plugins.checks`) and name each
        of its ``keys`` (ids or names, called ``what`` in messages) once; an item that fails is
        recorded against its plugin and left out, and a plugin whose hook raises loses only its
        own items. A key that two plugins register is recorded against both and served by
        neither (:attr:`Collected.conflicts`); ``plugin:key`` finds each. Collected again only
        when the plugins change.
        """
        self.load_entry_points()
        cached = self._collected.get(hook_name)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        with self._lock:
            return self._collect(hook_name, kind, keys, what)

    def _collect(
        self, hook_name: str, kind: type[T], keys: Callable[[T], Sequence[str]], what: str
    ) -> Collected[T]:
        cached = self._collected.get(hook_name)
        if cached is not None and cached[0] == self._version:
            return cached[1]  # another thread collected it meanwhile
        if cached is not None:  # forget the mistakes found the last time round
            self.errors = [e for e in self.errors if e not in cached[1].errors]
        found: Collected[T] = Collected()
        owners: dict[str, list[str]] = {}
        check = _CHECKS.get(kind)
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():  # in registration order
            plugin = impl.plugin_name

            def register(item: T, plugin: str = plugin) -> None:
                if not isinstance(item, kind):
                    found.errors.append(
                        PluginError(plugin, f"registered {quoted(item)}, which is not a {kind.__name__}")
                    )
                    return
                names = list(keys(item))
                for key in names:
                    if names.count(key) > 1 or f"{plugin}:{key}" in found.qualified:
                        found.errors.append(PluginError(plugin, f"registers {what} {key!r} twice"))
                        return
                if check is not None:
                    try:
                        with plugin_code():
                            check(item)
                    except Exception as err:
                        refusal = PluginError(plugin, str(err) if isinstance(err, Refused) else _told(err))
                        found.errors.append(refusal)
                        found.refused.update(dict.fromkeys(names, refusal))
                        return
                item = attrs.evolve(item, plugin=plugin)  # type: ignore[misc]
                for key in names:
                    found.qualified[f"{plugin}:{key}"] = item
                    owners.setdefault(key, []).append(plugin)

            try:
                with plugin_code():
                    impl.function(**{arg: register for arg in impl.argnames})
            except Exception as err:
                found.errors.append(PluginError(plugin, f"{hook_name} failed: {_told(err)}"))
        for key, plugins in owners.items():
            if len(plugins) == 1:
                found.items[key] = found.qualified[f"{plugins[0]}:{key}"]
                continue
            found.conflicts[key] = plugins
            choices = " or ".join(f"{p}:{key}" for p in plugins)
            found.errors.append(
                PluginError(
                    plugins[0],
                    f"{what} {key!r} is registered by each of them ({self._from(plugins)}), so neither"
                    f" is served as {key!r}; name one as {choices}, or uninstall one",
                    others=tuple(plugins[1:]),
                )
            )
        self.errors += found.errors
        self._collected[hook_name] = (self._version, found)
        return found

    def _from(self, plugins: Sequence[str]) -> str:
        return "; ".join(f"{p}: {self.sources.get(p, 'registered in-process')}" for p in plugins)

    def _games(self) -> Collected[GameSpec]:
        return self.collect("register_games", GameSpec, _game_keys, "game id")

    def games(self) -> list[GameSpec]:
        """Every registered game, by id: those whose id one plugin alone registered."""
        games = {spec.id: spec for key, spec in self._games().items.items() if key == spec.id}
        return [games[k] for k in sorted(games)]

    def find(self, game_id: str) -> tuple[GameSpec, Preset | None]:
        """The spec for a game id or a preset id (with the preset), or for ``plugin:id``.

        :class:`AmbiguousGameError` for an id that two plugins registered (naming the
        qualified ids to choose from), :class:`UnknownGameError` listing the ids there are.
        """
        found = self._games()
        spec = found.get(game_id) if isinstance(game_id, str) else None
        if spec is not None:
            key = game_id.rpartition(":")[2]
            if spec.id == key:
                return spec, None
            return spec, next(p for p in spec.presets if p.id == key)
        shared = found.conflicts.get(game_id) if isinstance(game_id, str) else None
        if shared:
            choices = ", ".join(f"{p}:{game_id}" for p in shared)
            raise AmbiguousGameError(
                f"game {quoted(game_id)} is registered by {len(shared)} plugins ({', '.join(shared)}),"
                f" so it is played by none under that id; choose one: {choices}"
            )
        refusal = found.refused.get(game_id) if isinstance(game_id, str) else None
        if refusal is not None and game_id not in found.items:
            raise UnknownGameError(f"game {quoted(game_id)} is not served: {refusal}")
        raise UnknownGameError(f"unknown game {quoted(game_id)}; {_installed(game_id, sorted(found.items))}")

    def id_of(self, spec: GameSpec, preset: Preset | None = None) -> str:
        """The id that finds this spec (and preset) again: the plain id when one plugin alone
        registered it, else ``plugin:id``."""
        key = preset.id if preset else spec.id
        return key if self._games().items.get(key) is spec else f"{spec.plugin}:{key}"

    # --- games made and loaded with the plugins' observers ----------------------------------------

    def new_game(
        self,
        game_id: str,
        *,
        seed: int | None = None,
        deal: Deal | str | None = None,
        observed: bool = True,
        **options: Any,
    ) -> Game:
        """A new game of a game or preset id; see :func:`patience_core.new_game`."""
        spec, preset = self.find(game_id)
        values = spec.resolve(options, preset.options if preset else None)
        observer = self.observer if observed else None
        return Game.new(spec, values, seed=seed, deal=deal, preset=preset, observer=observer)

    def load_game(self, data: Mapping[str, Any]) -> Game:
        """A game from its record, observed; see :func:`patience_core.load_game`."""
        return Game.from_dict(data, catalog=self)


def _game_keys(spec: GameSpec) -> list[str]:
    return [spec.id, *(p.id for p in spec.presets)]


REGISTRY: Final = Registry()
"""The registry of this installation: the plugins installed as entry points and those
registered in-process with :func:`patience_core.register_plugin`."""


def _told(err: BaseException) -> str:
    """An exception in a message: its type and a few dozen characters of what it says."""
    text = str(err)
    return f"{type(err).__name__}: {quoted(text, 120)[1:-1] if len(text) > 120 else text}"


LISTING_LIMIT = 240
"""The longest list of installed games an error message spells out in full."""


def _installed(asked: object, ids: list[str]) -> str:
    """The installed games for an error about ``asked``: all of them while the list is short,
    else the ids closest to what was asked and how many there are, so the message stays a line."""
    if not ids:
        return "installed games: none (install a game plugin such as patience-tripeaks)"
    listing = ", ".join(ids)
    if len(listing) <= LISTING_LIMIT:
        return f"installed games: {listing}"
    close = difflib.get_close_matches(asked[:60] if isinstance(asked, str) else "", ids, n=5, cutoff=0.5)
    hint = f"did you mean {', '.join(close)}? " if close else ""
    return f"{hint}{len(ids)} games are installed (`patience games` lists them)"

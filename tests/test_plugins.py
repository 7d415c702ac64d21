"""The plugin registry: in-process registration, entry points, the environment filter, and
broken plugins recorded without hiding the sound ones.

Each test builds its own :class:`Registry`, so the global one is never disturbed.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from toy_games import ToyGolf

import patience_core
from patience_core import AmbiguousGameError, GameSpec, PluginError, Preset, UnknownGameError, hookimpl
from patience_core.plugins import ENV_FILTER, Registry
from patience_core.plugins import registry as registry_module


def spec(game_id: str, *presets: str) -> GameSpec:
    return GameSpec(
        game_id,
        game_id.title(),
        "a game for tests",
        ToyGolf,
        presets=[Preset(p, p.title(), "a preset for tests", {}) for p in presets],
    )


class GamesPlugin:
    """A plugin registering the given specs."""

    def __init__(self, *specs: GameSpec) -> None:
        self.specs = specs

    @hookimpl
    def register_games(self, register: Callable[[GameSpec], None]) -> None:
        for s in self.specs:
            register(s)


class BrokenGames:
    @hookimpl
    def register_games(self, register: Callable[[GameSpec], None]) -> None:
        raise RuntimeError("the plugin's own bug")


class UnknownHook(GamesPlugin):
    @hookimpl
    def not_a_hook(self) -> None:
        """Misspelt or from a newer core: no such hook."""


class BadSignature:
    @hookimpl
    def register_games(self, registrar: Callable[[GameSpec], None]) -> None:
        """The argument must be called ``register``."""


class Observer:
    @hookimpl
    def move_played(self, game: Any, move: Any) -> None:
        pass


class FakeEntryPoint:
    def __init__(self, name: str, target: object) -> None:
        self.name = name
        self.value = f"fake_{name}.plugin:PLUGIN"
        self.target = target
        self.loads = 0

    def load(self) -> object:
        self.loads += 1
        if isinstance(self.target, BaseException):
            raise self.target
        return self.target


@pytest.fixture
def entry_points(monkeypatch):
    """The entry points the registry will find: set ``entry_points.found`` in the test."""

    found = SimpleNamespace(found=[], groups=[])

    def fake(*, group: str) -> list[FakeEntryPoint]:
        found.groups.append(group)
        return list(found.found)

    monkeypatch.setattr(registry_module, "entry_points", fake)
    monkeypatch.delenv(ENV_FILTER, raising=False)
    return found


@pytest.fixture
def registry(entry_points) -> Registry:
    """A fresh registry that finds no entry points."""
    return Registry()


def ids(registry: Registry) -> list[str]:
    return [s.id for s in registry.games()]


# --- in-process registration ----------------------------------------------------------------------


def test_in_process_registration(registry):
    assert registry.register(GamesPlugin(spec("alpha"), spec("beta", "beta-easy")), "one") == "one"
    assert ids(registry) == ["alpha", "beta"]
    found, preset = registry.find("alpha")
    assert found.plugin == "one"
    assert preset is None
    found, preset = registry.find("beta-easy")
    assert found.id == "beta"
    assert preset is not None
    assert preset.id == "beta-easy"
    assert registry.errors == []


def test_registering_after_the_games_were_collected_adds_them(registry):
    registry.register(GamesPlugin(spec("alpha")), "one")
    assert ids(registry) == ["alpha"]
    registry.register(GamesPlugin(spec("beta")), "two")
    assert ids(registry) == ["alpha", "beta"]
    assert registry.find("beta")[0].plugin == "two"


def test_a_module_is_registered_under_its_name(registry):
    import types

    module = types.ModuleType("my_games")
    module.register_games = GamesPlugin(spec("alpha")).register_games  # type: ignore[attr-defined]
    assert registry.register(module) == "my_games"
    assert registry.find("alpha")[0].plugin == "my_games"


def test_a_name_taken_twice_is_a_plugin_error(registry):
    registry.register(GamesPlugin(spec("alpha")), "one")
    with pytest.raises(PluginError) as info:
        registry.register(GamesPlugin(spec("beta")), "one")
    assert info.value.plugin == "one"
    assert ids(registry) == ["alpha"]


@pytest.mark.parametrize("collect_between", [False, True])
def test_a_duplicate_game_id_is_served_by_neither_and_named_with_both(registry, collect_between):
    registry.register(GamesPlugin(spec("alpha"), spec("beta")), "one")
    if collect_between:
        registry.games()
    registry.register(GamesPlugin(spec("gamma"), spec("alpha")), "two")
    assert ids(registry) == ["beta", "gamma"]
    with pytest.raises(AmbiguousGameError) as info:
        registry.find("alpha")
    assert "one:alpha" in str(info.value)
    assert "two:alpha" in str(info.value)
    assert isinstance(info.value, UnknownGameError)  # a user error: one line, exit 1
    assert registry.find("one:alpha")[0].plugin == "one"
    assert registry.find("two:alpha")[0].plugin == "two"
    assert registry.find("beta")[0].plugin == "one"
    assert registry.find("gamma")[0].plugin == "two"
    [error] = registry.errors
    assert error.plugins == ("one", "two")
    assert "'alpha'" in str(error)
    assert "neither is served" in str(error)
    assert "one:alpha or two:alpha" in str(error)


def test_a_preset_id_may_not_take_a_game_id_or_repeat(registry):
    registry.register(GamesPlugin(spec("alpha", "alpha-easy")), "one")
    registry.register(GamesPlugin(spec("beta", "alpha")), "two")
    registry.register(GamesPlugin(spec("gamma", "alpha-easy")), "three")
    registry.register(GamesPlugin(spec("delta", "delta")), "four")
    assert ids(registry) == ["beta", "gamma"]
    messages = sorted((e.plugins, str(e)) for e in registry.errors)
    assert [m[0] for m in messages] == [("four",), ("one", "three"), ("one", "two")]
    assert "registers game id 'delta' twice" in messages[0][1]
    for shared in ("alpha", "alpha-easy"):
        with pytest.raises(AmbiguousGameError):
            registry.find(shared)
    spec_, preset = registry.find("one:alpha-easy")
    assert (spec_.id, preset.id if preset else None) == ("alpha", "alpha-easy")
    spec_, preset = registry.find("two:alpha")
    assert (spec_.id, preset.id if preset else None) == ("beta", "alpha")
    assert registry.id_of(*registry.find("two:alpha")) == "two:alpha"
    assert registry.id_of(*registry.find("beta")) == "beta"


def test_a_plugin_whose_register_games_raises_is_recorded_and_others_load(registry):
    registry.register(BrokenGames(), "broken")
    registry.register(GamesPlugin(spec("alpha")), "sound")
    assert ids(registry) == ["alpha"]
    [error] = registry.errors
    assert error.plugin == "broken"
    assert "register_games failed" in str(error)
    assert "the plugin's own bug" in str(error)


def test_registering_something_that_is_not_a_game_spec_is_recorded(registry):
    registry.register(GamesPlugin("alpha", spec("beta")), "sloppy")  # type: ignore[arg-type]
    assert ids(registry) == ["beta"]
    [error] = registry.errors
    assert error.plugin == "sloppy"
    assert "'alpha'" in str(error)
    assert "not a GameSpec" in str(error)


def test_a_plugin_implementing_an_unknown_hook_is_reported(registry):
    registry.register(UnknownHook(spec("alpha")), "odd")
    assert ids(registry) == ["alpha"]  # its games still count
    [error] = registry.errors
    assert error.plugin == "odd"
    assert "unknown hook 'not_a_hook'" in str(error)


def test_a_hook_with_the_wrong_arguments_is_refused_and_recorded(registry):
    with pytest.raises(PluginError) as info:
        registry.register(BadSignature(), "wrong")
    assert info.value.plugin == "wrong"
    assert "registrar" in str(info.value)
    assert registry.errors == [info.value]
    assert not registry.pm.has_plugin("wrong")


def test_unregister_removes_the_games_and_the_observers(registry):
    registry.register(GamesPlugin(spec("alpha", "alpha-easy")), "one")
    registry.register(GamesPlugin(spec("beta")), "two")
    assert ids(registry) == ["alpha", "beta"]
    registry.unregister("one")
    assert ids(registry) == ["beta"]
    with pytest.raises(UnknownGameError):
        registry.find("alpha-easy")
    assert not registry.observing
    registry.register(Observer(), "watch")
    assert registry.observing
    registry.unregister("watch")
    assert not registry.observing


def test_an_unknown_game_id_lists_the_installed_games_and_presets(registry):
    registry.register(GamesPlugin(spec("beta"), spec("alpha", "alpha-easy")), "one")
    with pytest.raises(UnknownGameError) as info:
        registry.find("gamma")
    assert str(info.value) == "unknown game 'gamma'; installed games: alpha, alpha-easy, beta"
    assert isinstance(info.value, ValueError)


def test_an_unknown_game_id_with_nothing_installed_says_how_to_get_games(registry):
    with pytest.raises(UnknownGameError, match=r"installed games: none \(install a game plugin"):
        registry.find("tripeaks")


# --- entry points ---------------------------------------------------------------------------------


def three_entry_points(broken: object) -> list[FakeEntryPoint]:
    return [
        FakeEntryPoint("c", GamesPlugin(spec("gamma"))),
        FakeEntryPoint("a", GamesPlugin(spec("alpha"))),
        FakeEntryPoint("b", broken),
    ]


def test_entry_points_load_and_a_failing_import_is_recorded(entry_points):
    entry_points.found = three_entry_points(ImportError("No module named 'fake_b'"))
    registry = Registry()
    assert ids(registry) == ["alpha", "gamma"]
    assert entry_points.groups == ["patience"]
    [error] = registry.errors
    assert error.plugin == "b"
    assert "fake_b.plugin:PLUGIN" in str(error)
    assert "No module named 'fake_b'" in str(error)
    loaded = [(n, p) for n, p in registry.pm.list_name_plugin() if not n.startswith("patience-core")]
    assert sorted(loaded) == sorted((ep.name, ep.target) for ep in entry_points.found if ep.name != "b")


def test_loading_entry_points_happens_once(entry_points):
    entry_points.found = three_entry_points(ImportError("gone"))
    registry = Registry()
    registry.games()
    registry.load_entry_points()
    registry.games()
    assert [ep.loads for ep in entry_points.found] == [1, 1, 1]
    assert len(registry.errors) == 1
    assert entry_points.groups == ["patience"]


@pytest.mark.parametrize("broken", [BadSignature(), "same object"], ids=["bad-signature", "same-object"])
def test_an_entry_point_that_fails_to_register_does_not_hide_the_others(entry_points, broken):
    entry_points.found = three_entry_points(broken)
    if broken == "same object":  # the plugin object of 'b' is already registered under another name
        entry_points.found[2].target = entry_points.found[1].target
    registry = Registry()
    assert ids(registry) == ["alpha", "gamma"]
    assert [e.plugin for e in registry.errors] == ["b"]


def test_an_entry_point_already_registered_in_process_is_not_loaded_again(entry_points):
    entry_points.found = three_entry_points(ImportError("gone"))
    registry = Registry()
    registry.register(GamesPlugin(spec("mine")), "a")
    assert ids(registry) == ["gamma", "mine"]
    assert entry_points.found[1].loads == 0


@pytest.mark.parametrize(
    ("wanted", "loaded"),
    [(None, ["a", "b", "c"]), ("a", ["a"]), ("", []), (" c , a ", ["a", "c"]), ("a,,", ["a"]), ("zzz", [])],
)
def test_the_environment_filter_chooses_entry_points(entry_points, monkeypatch, wanted, loaded):
    entry_points.found = [FakeEntryPoint(n, GamesPlugin(spec(f"game-{n}"))) for n in "abc"]
    if wanted is not None:
        monkeypatch.setenv(ENV_FILTER, wanted)
    registry = Registry()
    assert ids(registry) == [f"game-{n}" for n in loaded]
    assert [ep.name for ep in entry_points.found if ep.loads] == loaded


# --- the global registry of this installation -----------------------------------------------------


def test_the_installed_plugins_load_without_errors():
    assert patience_core.plugin_errors() == []
    installed = {s.id: s.plugin for s in patience_core.games()}
    assert installed["tripeaks"] == "tripeaks"
    assert installed["pyramid"] == "pyramid"
    assert installed["toy-golf"] == "toy-games"
    assert patience_core.find_game("par-pyramid")[1].id == "par-pyramid"  # type: ignore[union-attr]


# --- issue 16, finding 1: what a plugin raises stays the plugin's problem ---------------------------


class ExitsInHook:
    def __init__(self, raised: BaseException) -> None:
        self.raised = raised

    @hookimpl
    def register_games(self, register: Callable[[GameSpec], None]) -> None:
        raise self.raised


@pytest.mark.parametrize("raised", [SystemExit(5), KeyboardInterrupt(), SystemExit("bye")])
def test_an_exit_or_interrupt_in_a_plugin_is_recorded_and_the_others_load(entry_points, raised):
    entry_points.found = [
        FakeEntryPoint("a", GamesPlugin(spec("alpha"))),
        FakeEntryPoint("b", raised),  # on import
        FakeEntryPoint("c", ExitsInHook(raised)),  # in its hook
    ]
    registry = Registry()
    assert ids(registry) == ["alpha"]
    assert [e.plugin for e in registry.errors] == ["b", "c"]
    assert all(f"raised {type(raised).__name__}" in str(e) for e in registry.errors)


def test_a_real_ctrl_c_while_a_plugin_runs_still_stops_the_program(registry):
    import os
    import signal

    class Slow:
        @hookimpl
        def register_games(self, register: Callable[[GameSpec], None]) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # the person presses Ctrl-C meanwhile
            register(spec("alpha"))

    registry.register(Slow(), "slow")
    # Python's own Ctrl-C handler, even when this run inherited SIGINT ignored (a background job).
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            registry.games()
    finally:
        signal.signal(signal.SIGINT, saved)


def test_a_game_that_fails_its_trial_deal_is_refused_by_name(registry):
    class Junk(ToyGolf):
        def legal_moves(self, table):  # type: ignore[override]
            return ["draw"]

    registry.register(GamesPlugin(spec("alpha"), GameSpec("junk", "Junk", "junk", Junk)), "one")
    assert ids(registry) == ["alpha"]
    [error] = registry.errors
    assert str(error) == "plugin 'one': game 'junk': legal_moves returned list, not a list of moves"
    with pytest.raises(UnknownGameError, match="game 'junk' is not served: plugin 'one'"):
        registry.find("junk")


def test_threads_asking_at_once_all_see_every_game(entry_points):
    """A web server's first requests come at once: none may see the games half loaded."""
    import threading
    import time

    class Slow(GamesPlugin):
        def __init__(self, *specs):
            super().__init__(*specs)

    def slow_load():
        time.sleep(0.2)
        return Slow(spec("alpha"))

    ep = FakeEntryPoint("slow", None)
    ep.load = slow_load  # type: ignore[method-assign]
    entry_points.found = [ep]
    registry = Registry()
    seen: list[list[str]] = []
    threads = [threading.Thread(target=lambda: seen.append(ids(registry))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [["alpha"]] * 8

"""The three layers: no module imports from a layer above it, and no search or player is seen by
the observers.

The engine (``patience_core/engine/``) knows no plugins; the plugin layer
(``patience_core/plugins/``) knows the engine; the applications (the solvers, the players,
simulate, bench, the conformance kit, the command line, the web server) sit on both, in the
order below. Imports under ``if TYPE_CHECKING:`` only name types and are allowed anywhere.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import patience_core
from patience_core import testing
from patience_core.players import get_player, hint, play_game, players
from patience_core.simulate import simulate

SRC = Path(patience_core.__file__).parent

# Rank of each part of the package: a module may import only from its own rank or below.
# The root package (``patience_core``, the public front door) re-exports from the engine, the
# plugin layer and the solver, so it ranks above the solver and below what uses it.
LAYERS = {
    "engine": 0,
    "plugins": 1,
    "solver": 2,
    "blocks": 3,  # rule blocks: rules with their fast solvers, which use the solver's tools
    "players": 4,
    "": 5,  # the root package itself
    "simulate": 6,
    "bench": 6,
    "testing": 6,
    "userdata": 6,
    "inplay": 7,  # a game in play, for every front end: the terminal's and the server's
    "web": 8,  # the server and the page: below the command that starts it
    "cli": 9,
}
LOWER_LAYERS = ("engine", "plugins")


def part_of(module: str) -> str:
    """The part of the package a dotted module name belongs to ('' for the root)."""
    parts = module.split(".")
    if parts[0] != "patience_core":
        raise ValueError(module)
    if len(parts) == 1:
        return ""
    return parts[1]


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def runtime_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import outside ``if TYPE_CHECKING:`` blocks, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*up, base]).rstrip(".")
                if base == "patience_core":  # from patience_core import x: x may be a module
                    for alias in child.names:
                        name = f"patience_core.{alias.name}"
                        is_module = (SRC / alias.name).is_dir() or (SRC / f"{alias.name}.py").exists()
                        found.append((child.lineno, name if is_module else "patience_core"))
                else:
                    found.append((child.lineno, base))
            visit(child)

    visit(tree)
    return [(line, name) for line, name in found if name.split(".")[0] == "patience_core"]


def sources() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_module_belongs_to_a_layer():
    for path in sources():
        assert part_of(module_name(path)) in LAYERS, f"{path.relative_to(SRC)} is in no layer"


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_imports_from_a_layer_above_it(path):
    me = part_of(module_name(path))
    for line, name in runtime_imports(path):
        other = part_of(name)
        assert LAYERS[other] <= LAYERS[me], (
            f"{path.relative_to(SRC)}:{line} imports {name} ({other or 'the root package'}),"
            f" which is above {me or 'the root package'}"
        )


@pytest.mark.parametrize("layer", LOWER_LAYERS)
def test_the_engine_and_the_plugin_layer_import_no_application(layer):
    allowed = {"engine"} if layer == "engine" else {"engine", "plugins"}
    for path in sorted((SRC / layer).rglob("*.py")):
        for line, name in runtime_imports(path):
            assert part_of(name) in allowed, f"{path.relative_to(SRC)}:{line} imports {name}"


def test_the_rule_is_not_toothless(tmp_path):
    bad = tmp_path / "patience_core" / "engine" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from patience_core.players import Seen\n"
        "from patience_core.plugins import REGISTRY\n"
        "def f():\n    from ..solver import generic\n"
    )
    global SRC
    saved, SRC = SRC, tmp_path / "patience_core"
    try:
        found = runtime_imports(bad)
    finally:
        SRC = saved
    assert [name for _, name in found] == ["patience_core.plugins", "patience_core.solver"]


def test_the_engine_imports_without_plugins_or_pluggy():
    # A fresh interpreter: importing the engine's modules alone loads no plugin machinery.
    import subprocess
    import sys

    code = (
        "import sys, importlib.util\n"
        "spec = importlib.util.find_spec('patience_core')\n"
        # import the engine package without running patience_core/__init__.py
        "import types; pkg = types.ModuleType('patience_core')\n"
        "pkg.__path__ = spec.submodule_search_locations\n"
        "sys.modules['patience_core'] = pkg\n"
        "import patience_core.engine.game, patience_core.blocks.build_on_waste.rules\n"
        "bad = [m for m in sys.modules if m == 'pluggy' or m.startswith(('patience_core.plugins',"
        " 'patience_core.solver', 'patience_core.players'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- observers see play, never a search or a player -------------------------------------------------


class Observer:
    def __init__(self) -> None:
        self.calls: list[str] = []

    @patience_core.hookimpl
    def move_played(self, game, move) -> None:
        self.calls.append(f"{game.id} {move}")

    @patience_core.hookimpl
    def game_finished(self, game) -> None:
        self.calls.append(f"{game.id} finished")


@pytest.fixture
def observer():
    watching = Observer()
    name = patience_core.register_plugin(watching, "test-layers-observer")
    try:
        yield watching
    finally:
        patience_core.unregister_plugin(name)


def every_game_id() -> list[str]:
    return sorted(
        [spec.id for spec in patience_core.games()]
        + [preset.id for spec in patience_core.games() for preset in spec.presets]
    )


# One sample (three in the long test profile): whether a search fires the observer does not
# depend on how many samples it tries, and a hint in a game of piles plays each sample out
# after every legal move.
FAST_PLAYERS = {"hint": {"samples": 1, "solved": 1, "node_limit": 500, "node_budget": 2_000}}
LONG_PLAYERS = {"hint": {"samples": 3, "solved": 1, "node_limit": 500, "node_budget": 2_000}}


@pytest.mark.parametrize("game_id", every_game_id())
def test_searches_players_simulations_and_the_kit_call_no_observer(observer, game_id, long_profile):
    """Solving Pyramid deal 18 once fired 52 move_played calls and a hint 953: never again."""
    game = patience_core.new_game(game_id, seed=18)
    for _ in range(3):
        if game.legal_moves():  # a game may be over within three moves (Pyramid Dozen)
            game.push(game.legal_moves()[0])
    # Whether a search tells an observer does not depend on how far it searches.
    patience_core.solve_full_information(game, node_limit=20_000 if long_profile else 2_000)
    patience_core.solve_full_information(game, node_limit=2_000, generic=True)
    if not game.is_over():
        hint(
            game,
            samples=4 if long_profile else 1,
            solved=2 if long_profile else 1,
            node_limit=500,
            node_budget=2_000,
            time_limit=None,
        )
    for spec in players():
        params = (LONG_PLAYERS if long_profile else FAST_PLAYERS).get(spec.name, {})
        if spec.name == "solver":
            params = {"node_limit": 5_000 if long_profile else 1_000}
        # A game of piles can go on for thousands of moves, and its players think longer about
        # each: a dozen moves show the same. The hint player plays each sample out after every
        # legal move (17 s for a dozen moves of one-suit Spider): three moves show it too.
        moves = 12 if game.rules.repeats else 60
        if not long_profile:  # a player that told an observer would do it on its first moves
            moves = 3 if spec.name == "hint" else 6
        play_game(patience_core.new_game(game_id, seed=5), get_player(spec.name, **params), max_moves=moves)
    # A simulation tells observers, or not, whatever its player (the greedy one above is the
    # slowest to play a whole game: 1.4 s of Eight Off).
    player = "greedy" if long_profile else "random"
    simulate(game_id, range(1, 2 if game.rules.repeats or not long_profile else 3), player=player)
    rng = random.Random(0)
    kit_game = patience_core.new_game(game_id, seed=7, observed=False)
    for _ in range(6):
        if kit_game.legal_moves():
            kit_game.play(rng.choice(kit_game.legal_moves()))
    testing.check_all(kit_game, rng)
    testing.check_solver(kit_game)
    testing.play_out(kit_game, rng)
    assert observer.calls == []


def test_play_notifies_once_per_move_and_once_at_the_end(observer):
    game = patience_core.new_game("tripeaks", seed=1)
    game.play("draw")
    game.push("draw")  # a trusted move: not observed
    assert observer.calls == ["tripeaks draw"]
    game.undo()
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    assert observer.calls[-1] == "tripeaks finished"
    assert observer.calls.count("tripeaks finished") == 1
    assert len(observer.calls) == len(game.moves) + 1  # every move played (not the pushed one), the end


def test_a_loaded_game_is_observed_after_loading_not_while_its_moves_replay(observer):
    game = patience_core.new_game("pyramid", seed=28, observed=False)
    for move in ("KS", "7S+6H", "draw"):
        game.play(move)
    loaded = patience_core.load_game(game.to_dict("full"))
    assert observer.calls == []
    loaded.play(loaded.legal_moves()[0])
    assert len(observer.calls) == 1
    again = patience_core.Game.from_dict(game.to_dict("full"))
    again.play(again.legal_moves()[0])
    assert len(observer.calls) == 2
    copy = again.copy()
    copy.play(copy.legal_moves()[0])
    assert len(observer.calls) == 2, "a copy is for trying moves"


# --- the engine knows no game family ------------------------------------------------------------------

BLOCK_NAMES = {"BuildOnWaste", "BuildOnPiles", "WasteFits", "PairData"}
# Peers' and catalog games' names that are no shape or card word.
MORE_NAMES = {"TriPeaks", "Tri Peaks", "Klondike", "FreeCell", "Spider", "Canfield", "Yukon", "King Tut"}


def family_names() -> set[str]:
    """Names of the installed games, presets and families, and of the rule blocks."""
    names = set(BLOCK_NAMES | MORE_NAMES)
    for spec in patience_core.games():
        names |= {spec.name, *(p.name for p in spec.presets)}
        if spec.family:
            names.add(spec.family)
    return names


def family_names_in(folder: Path, names: set[str]) -> list[str]:
    """Every place a name of ``names`` stands as a word in the Python files of ``folder``."""
    import re

    found = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text()
        for name in names:
            for match in re.finditer(rf"\b{re.escape(name)}\b", text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.name}:{line}: {name}")
    return found


def test_the_engine_names_no_game_family():
    """What a family plays lives in a rule block or its plugin: the engine's code, docstrings
    and comments name no game, no family and no block (shape builders such as
    ``Layout.pyramid`` are shapes, lowercase)."""
    found = family_names_in(SRC / "engine", family_names())
    assert not found, "the engine names a game family:\n" + "\n".join(found)


def test_the_check_for_family_names_catches_one(tmp_path):
    (tmp_path / "table.py").write_text('"""Fields only Pyramid uses."""\nx = layout.pyramid(7)\n')
    assert family_names_in(tmp_path, family_names()) == ["table.py:1: Pyramid"]

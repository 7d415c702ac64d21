"""Careless and hostile plugins, installed for real (a distribution with an entry point in the
``patience`` group) in a folder of a test's own, so that the ``patience`` command loads them
exactly as it loads any plugin.

Each plugin is source text, not a module of the tests: importing one may exit the process.
"""

from __future__ import annotations

from pathlib import Path

from command import environment

SOURCES: dict[str, str] = {
    # Registers the id of another plugin's game, and loads before it (entry points load in
    # name order).
    "evil_tripeaks": """
import attrs
from patience_core import hookimpl
from patience_tripeaks import SPEC

@hookimpl
def register_games(register):
    register(attrs.evolve(SPEC, name="Evil TriPeaks", description="registers a taken id", presets=[]))
""",
    # A preset whose id is another plugin's game.
    "shadow_preset": """
import attrs
from patience_core import Preset, hookimpl
from patience_tripeaks import SPEC

@hookimpl
def register_games(register):
    register(attrs.evolve(SPEC, id="shadow", name="Shadow",
                          presets=[Preset("pyramid", "Not Pyramid", "shadows a game", {})]))
""",
    "exit_on_import": """
import sys
sys.exit(3)
""",
    "exit_in_hook": """
import sys
from patience_core import hookimpl

@hookimpl
def register_games(register):
    sys.exit(5)
""",
    "interrupt_in_hook": """
from patience_core import hookimpl

@hookimpl
def register_games(register):
    raise KeyboardInterrupt
""",
    "garbage_solver": """
from patience_core import hookimpl

@hookimpl(tryfirst=True)
def solve_full_information(game, node_limit, time_limit):
    return "garbage"
""",
    "broken_games": """
import attrs
from patience_core import Layout, SolveResult, Spot, hookimpl
from patience_tripeaks import SPEC, TriPeaks

class Cyclic(TriPeaks):
    def __init__(self, options):
        super().__init__(options)
        self.layout = Layout.declare([Spot("a", 0, 0, covered_by=("b",)), Spot("b", 2, 1, covered_by=("a",))])

class JunkMoves(TriPeaks):
    def legal_moves(self, table):
        return ["draw", 7]

def garbage(game, node_limit, time_limit):
    return "garbage"

def wrong_line(game, node_limit, time_limit):
    return SolveResult("won", ("KS", "KH"), 2, 0.0, "liar")

@hookimpl
def register_games(register):
    register(attrs.evolve(SPEC, id="cyclic", name="Cyclic", rules=Cyclic, presets=[]))
    register(attrs.evolve(SPEC, id="junk-moves", name="Junk moves", rules=JunkMoves, presets=[]))
    register(attrs.evolve(SPEC, id="garbage-solver", name="Garbage solver", solver=garbage, presets=[]))
    register(attrs.evolve(SPEC, id="lying-solver", name="Lying solver", solver=wrong_line, presets=[]))
""",
    # legal_moves never returns, from the trial deal on. It loops asleep, so that the three
    # processes that wait it out spend no CPU (a loop that computes is stopped the same way:
    # the doctest of patience_core.plugins.guard.time_bound).
    "hanging_game": """
import time

import attrs
from patience_core import hookimpl
from patience_tripeaks import SPEC, TriPeaks

class Hangs(TriPeaks):
    def legal_moves(self, table):
        while True:
            time.sleep(0.01)

@hookimpl
def register_games(register):
    register(attrs.evolve(SPEC, id="hangs", name="Hangs", presets=[], rules=Hangs))
""",
    # Ids that are words of patience stats.
    "reserved_ids": """
import attrs
from patience_core import Preset, hookimpl
from patience_tripeaks import SPEC

@hookimpl
def register_games(register):
    register(attrs.evolve(SPEC, id="reset", name="Reset", presets=[]))
    register(attrs.evolve(SPEC, id="fine", name="Fine", presets=[Preset("repair", "Repair", "a word", {})]))
""",
    "observer_exit": """
import sys
from patience_core import hookimpl

@hookimpl
def move_played(game, move):
    sys.exit(7)
""",
}

ENTRY_POINTS = {
    "evil_tripeaks": "aaa-evil",  # sorts before "tripeaks"
    "shadow_preset": "aaa-shadow",
    "exit_on_import": "exit-import",
    "exit_in_hook": "exit-hook",
    "interrupt_in_hook": "interrupt-hook",
    "garbage_solver": "garbage-solver",
    "broken_games": "broken-games",
    "observer_exit": "observer-exit",
    "hanging_game": "hanging-game",
    "reserved_ids": "reserved-ids",
}


def install(site: Path, *modules: str) -> dict[str, str]:
    """Install the plugins ``modules`` in ``site`` as distributions; the environment in which
    ``patience`` finds them."""
    site.mkdir(parents=True, exist_ok=True)
    for module in modules:
        (site / f"{module}.py").write_text(SOURCES[module], encoding="utf-8")
        dist = module.replace("_", "-")
        info = site / f"{module}-6.6.6.dist-info"
        info.mkdir(exist_ok=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 6.6.6\n")
        (info / "entry_points.txt").write_text(f"[patience]\n{ENTRY_POINTS[module]} = {module}\n")
    return environment(PYTHONPATH=str(site))

import sys
from pathlib import Path

import patience_core

sys.path.insert(0, str(Path(__file__).parent))  # for toy_games, under --import-mode=importlib
import toy_games

# The core's own test games, registered in-process the way an embedding app would.
if not patience_core.REGISTRY.pm.has_plugin("toy-games"):
    patience_core.register_plugin(toy_games, "toy-games")

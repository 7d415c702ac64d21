import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # the referee and positions, under --import-mode=importlib

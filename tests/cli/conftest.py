import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for cli_helpers, under --import-mode=importlib


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Every test gets its own data folder and working folder; nothing touches the real home."""
    home = tmp_path / "home"
    monkeypatch.setenv("PATIENCE_HOME", str(home))
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return home

"""The code is ruff clean and formatted, so CI proves it the same way it proves the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_is_clean():
    result = ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean():
    """Type hints everywhere, and they hold: the core, the shipped plugins and the tutorial's game."""
    paths = [
        "src/patience_core",
        "plugins/tripeaks/src",
        "plugins/pyramid/src",
        "plugins/golf/src",
        "plugins/freecell/src",
        "plugins/klondike/src",
        "plugins/spider/src",
        "docs/examples/patience-castle/src",
        "docs/examples/patience-golf/src",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr

"""docs/web.md shows every game shipped in plugins/ at 1280 and at 360 pixels, in the table that
scripts/web_screenshots.py writes: a game added without its pictures fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).parents[2]


def load_script():
    spec = importlib.util.spec_from_file_location("web_screenshots", ROOT / "scripts" / "web_screenshots.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_show_every_shipped_game_at_both_sizes():
    script = load_script()
    games = script.shipped_games()
    assert {"klondike", "freecell", "tripeaks", "pyramid", "golf"} <= {g.id for g in games}
    assert not any(g.id.startswith("my-") for g in games)  # the tutorial's examples are not shipped
    assert script.missing(games) == [], "run: python scripts/web_screenshots.py"


def test_a_game_without_its_pictures_is_found_missing():
    script = load_script()
    games = script.shipped_games()
    fewer = script.missing(games[1:])
    assert fewer == ["docs/web.md's table of screenshots"]

"""What version 0.1.0 wrote still reads the same: its saved games load and replay to the same
position, its statistics sum up the same, a server's games file resumes every game, and every
game's numbered deals are the same deals (tests/data/records-v1, written by 0.1.0 before the
table of piles; make.py and make_deals.py there say how)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import patience_core
from patience_core import Game
from patience_core.userdata.stats import Store

DATA = Path(__file__).parent / "data" / "records-v1"
SAVES = sorted((DATA / "saves").glob("*.json"))
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
DEALS = json.loads((DATA / "deals-v1.json").read_text(encoding="utf-8"))


def as_version_1(view: dict[str, Any]) -> dict[str, Any]:
    """A view of this version as version 1 wrote it: the piles are new, and so are the options a
    game added since (``GameSpec.since_version_1``), which must hold the values that play the
    rules of then."""
    old = {k: v for k, v in view.items() if k != "piles"}
    old["version"] = 1
    spec, _ = patience_core.find_game(view["game"])
    options = dict(view["options"])
    for name, value in spec.since_version_1.items():
        assert options.pop(name) == value, f"{name} does not play the rules of version 1"
    old["options"] = options
    return old


def changed_since(game_id: str) -> bool:
    """Whether ``game_id`` is a preset whose rules changed since version 1: a version 1 record of
    it loads as its base game with the preset's options of then, naming no preset."""
    spec, preset = patience_core.find_game(game_id)
    return preset is not None and preset.id in spec.changed_since_version_1


def opens_otherwise(game_id: str) -> bool:
    """Whether a new game of ``game_id`` plays other rules than version 1 did: a preset changed
    since, or a default of an added option that is not its value of then."""
    spec, preset = patience_core.find_game(game_id)
    now = spec.resolve({}, preset.options if preset else None)
    return changed_since(game_id) or any(now[k] != v for k, v in spec.since_version_1.items())


def test_the_data_is_there():
    assert len(SAVES) >= 50
    assert len(DEALS) >= 16


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_saved_game_of_version_1_loads_and_replays_to_the_same_position(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["version"] == 1
    game = patience_core.load_game(record)
    expected = EXPECTED[path.name]
    if changed_since(record["preset"] or record["game"]):
        assert game.preset is None
        expected = {**expected, "preset": None}
    assert as_version_1(game.to_dict("full")) == expected
    assert [str(m) for m in game.undone] == record.get("undone", [])


def test_the_statistics_of_version_1_sum_up_the_same(tmp_path):
    path = tmp_path / "stats.sqlite3"
    shutil.copy(DATA / "stats.sqlite3", path)
    summaries = [s.to_json() for s in Store(path).summaries()]
    expected = json.loads((DATA / "stats-expected.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(summaries, sort_keys=True)) == expected


def test_a_servers_games_of_version_1_resume(tmp_path):
    from patience_core.web.games import Games

    shutil.copy(DATA / "server" / "games.sqlite3", tmp_path / "games.sqlite3")
    expected = json.loads((DATA / "server-expected.json").read_text(encoding="utf-8"))
    games = Games(tmp_path)
    try:
        for game_id, was in expected.items():
            state = games.state(game_id)
            view = was["view"]
            if changed_since(view["preset"] or view["game"]):
                assert state["view"]["preset"] is None
                view = {**view, "preset": None}
            assert as_version_1(state["view"]) == view
            assert (state["redo"], state["counted"], state["assisted"]) == (
                was["redo"],
                was["counted"],
                was["assisted"],
            )
    finally:
        games.close()


def opening_digest(game_id: str, seeds: range) -> str:
    h = hashlib.sha256()
    changed, otherwise = changed_since(game_id), opens_otherwise(game_id)
    spec, preset = patience_core.find_game(game_id)
    for seed in seeds:
        game = patience_core.new_game(game_id, seed=seed, observed=False)
        if otherwise:  # this game opens otherwise now: open it as a version 1 record of the deal does
            record = {"format": "patience-game", "version": 1, "game": spec.id, "preset": preset and game_id}
            record |= {"options": {}, "seed": seed, "deal": game.deal_text(), "moves": []}
            game = Game.from_dict(record)
        view = as_version_1(game.to_dict("full"))
        if changed:
            view["preset"] = game_id  # the one thing a version 1 record of it loads otherwise
        h.update(json.dumps(view, sort_keys=True).encode())
    return h.hexdigest()


@pytest.mark.parametrize("game_id", sorted(DEALS))
def test_every_seeded_deal_of_version_1_is_the_same_deal(game_id):
    h = hashlib.sha256()
    for seed in range(1000):
        h.update(patience_core.new_game(game_id, seed=seed, observed=False).deal_text().encode() + b"\n")
    assert h.hexdigest() == DEALS[game_id]["deal_text_0_999"]
    assert [patience_core.new_game(game_id, seed=s).deal_text() for s in range(3)] == DEALS[game_id][
        "deal_text"
    ]


@pytest.mark.parametrize("game_id", sorted(DEALS))
def test_every_seeded_deal_of_version_1_opens_the_same(game_id):
    assert opening_digest(game_id, range(1000)) == DEALS[game_id]["opening_views_0_999"]

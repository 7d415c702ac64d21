"""What version 0.1.0 wrote still reads the same: its saved games load and replay to the same
position, its statistics sum up the same, a server's games file resumes every game, and every
game's numbered deals are the same deals (tests/data/records-v1, written by 0.1.0 before the
table of piles; make.py and make_deals.py there say how)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

import patience_core
from patience_core.userdata.stats import Store

DATA = Path(__file__).parent / "data" / "records-v1"
SAVES = sorted((DATA / "saves").glob("*.json"))
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
DEALS = json.loads((DATA / "deals-v1.json").read_text(encoding="utf-8"))


def as_version_1(view: dict[str, object]) -> dict[str, object]:
    """A view of this version as version 1 wrote it: the piles are new."""
    old = {k: v for k, v in view.items() if k != "piles"}
    old["version"] = 1
    return old


def test_the_data_is_there():
    assert len(SAVES) >= 50
    assert len(DEALS) >= 16


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_saved_game_of_version_1_loads_and_replays_to_the_same_position(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["version"] == 1
    game = patience_core.load_game(record)
    assert as_version_1(game.to_dict("full")) == EXPECTED[path.name]
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
            assert as_version_1(state["view"]) == was["view"]
            assert (state["redo"], state["counted"], state["assisted"]) == (
                was["redo"],
                was["counted"],
                was["assisted"],
            )
    finally:
        games.close()


def opening_digest(game_id: str, seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        view = as_version_1(patience_core.new_game(game_id, seed=seed, observed=False).to_dict("full"))
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

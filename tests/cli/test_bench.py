"""``patience bench``: the quick workload on every installed game, as a table, plain text and JSON."""

import json

import pytest
from cli_helpers import all_game_ids, run

from patience_core import bench


@pytest.fixture(scope="module")
def every_game_json(long_profile):
    # Every game through the whole bench, at the least workload: --quick over every game
    # takes minutes (the long test profile runs it), and the figures it measures better are
    # not checked here.
    workload = bench.QUICK if long_profile else bench.SMOKE
    result = run("bench", f"--{workload.name}", "--json")
    assert result.exit_code == 0
    return workload, json.loads(result.stdout)


def test_json_covers_every_game_and_preset(every_game_json):
    workload, data = every_game_json
    assert sorted(g["game"] for g in data["games"]) == all_game_ids()
    assert data["workload"] == workload.to_dict()
    for g in data["games"]:
        p, s = g["random_playouts"], g["full_information_solves"]
        assert p["playouts"] == len(workload.playout_seeds)
        assert 0 <= p["won"] <= p["playouts"]
        assert p["won_share"] == p["won"] / p["playouts"]
        assert p["playouts_per_second"] > 0
        assert p["moves_per_second"] > 0
        assert s["deals"] == len(workload.solve_seeds) == s["won"] + s["no_win"] + s["unknown"]
        assert s["deals_per_second"] > 0
        assert s["states_per_second"] > 0
    assert data["moves"] == sum(g["random_playouts"]["moves"] for g in data["games"])
    assert data["nodes"] == sum(g["full_information_solves"]["nodes"] for g in data["games"])
    assert data["peak_memory_mb"] > 0


def test_quick_is_the_quick_workload():
    data = json.loads(run("bench", "--quick", "--json", "-g", "toy-golf").stdout)
    assert data["workload"] == bench.QUICK.to_dict()
    assert data["games"][0]["random_playouts"]["playouts"] == len(bench.QUICK.playout_seeds)


def test_quick_and_smoke_together_are_refused():
    result = run("bench", "--quick", "--smoke", "-g", "toy-golf")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "--quick and --smoke" in result.stderr


def test_the_table_has_a_row_a_game_and_the_signature():
    games = ("-g", "tripeaks", "-g", "toy-golf")
    result = run("bench", "--quick", *games, env={"COLUMNS": "100"})
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("patience 0.1.0 bench, quick workload: random playouts of deals 1..200")
    lines = out.splitlines()
    assert "Random playouts" in lines
    assert "Full-information solves" in lines
    rows = [line.split()[0] for line in lines if line.split() and line.split()[0] in all_game_ids()]
    assert rows == ["tripeaks", "toy-golf"] * 2  # a row in each table
    # The counts are the same on every run, so this run's match another's.
    data = json.loads(run("bench", "--quick", *games, "--json").stdout)
    assert f"Moves played {data['moves']:,}, nodes searched {data['nodes']:,}" in out


def test_plain_is_a_sentence_a_game():
    lines = run("bench", "--quick", "--plain", "--game", "tripeaks", "-g", "toy-golf").stdout.splitlines()
    games = [line for line in lines if line.startswith(("tripeaks:", "toy-golf:"))]
    assert len(games) == 2
    assert all("random playouts" in g and "full-information solves" in g for g in games)


def test_game_picks_the_games():
    data = json.loads(run("bench", "--quick", "--json", "-g", "toy-golf", "-g", "toy-golf").stdout)
    assert [g["game"] for g in data["games"]] == ["toy-golf"]


def test_an_unknown_game_is_named():
    result = run("bench", "--quick", "-g", "nope")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "nope" in result.stderr


def test_ctrl_c_stops_without_figures(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "run", interrupted)
    result = run("bench", "--quick")
    assert result.exit_code == 130
    assert "interrupted" in result.stderr
    assert result.stdout == ""


def test_help_says_what_is_measured():
    text = " ".join(run("bench", "--help").stdout.split())
    assert "the same on every machine" in text
    assert "full-information solves" in text
    assert "--quick" in text
    assert "--smoke" in text

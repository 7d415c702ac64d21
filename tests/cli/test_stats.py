"""Statistics: one row per finished game, summed per game and option set, in SQLite."""

import json
import sqlite3
from pathlib import Path

import pytest
from cli_helpers import find_deal, run

import patience_core
from patience_core.cli.common import data_dir
from patience_core.cli.stats import Store, db_path


def finished(game_id, *, won, skip=0, **options):
    seed, moves = find_deal(game_id, won=won, skip=skip, **options)
    game = patience_core.new_game(game_id, seed=seed, **options)
    for move in moves:
        game.play(move)
    return game


@pytest.fixture(scope="module")
def results():
    """Finished games of TriPeaks: wins and losses, each a different deal."""
    return {
        "won": [finished("tripeaks", won=True, skip=n) for n in range(3)],
        "lost": [finished("tripeaks", won=False, skip=n) for n in range(2)],
    }


def test_streaks_win_rate_best_and_series_total(results):
    won, lost = results["won"], results["lost"]
    order = [won[0], won[1], lost[0], won[2], lost[1]]
    store = Store()
    for game in order:
        store.record(game)
    (s,) = store.summaries()
    assert (s.played, s.won) == (5, 3)
    assert s.win_rate == pytest.approx(0.6)
    assert (s.current_streak, s.best_streak) == (0, 2)
    assert s.best_cards_left == 0
    assert s.best_score == max(g.score() for g in order)
    assert s.total_score == sum(g.score() for g in order)
    store.record(won[0])
    assert Store().summaries()[0].current_streak == 1


def test_option_sets_and_presets_are_counted_apart(results):
    store = Store()
    store.record(results["won"][0])
    store.record(finished("tripeaks", won=False, wrap=False))
    store.record(finished("par-pyramid", won=False))
    store.record(finished("pyramid", won=False))
    labels = [(s.game, s.label, s.played) for s in store.summaries()]
    assert labels == [
        ("par-pyramid", "", 1),
        ("pyramid", "", 1),
        ("tripeaks", "", 1),
        ("tripeaks", "wrap=false", 1),
    ]
    assert [s.game for s in store.summaries("pyramid")] == ["par-pyramid", "pyramid"]
    assert [s.game for s in store.summaries("par-pyramid")] == ["par-pyramid"]


def test_an_unfinished_game_is_not_a_result():
    game = patience_core.new_game("tripeaks", seed=1)
    with pytest.raises(ValueError, match="finished"):
        Store().record(game)
    assert not db_path().exists()


def test_stats_command_text_plain_and_json(results):
    Store().record(results["won"][0])
    Store().record(results["lost"][0])
    data = json.loads(run("stats", "--json").stdout)
    assert [(d["game"], d["played"], d["won"], d["win_rate"]) for d in data] == [("tripeaks", 2, 1, 0.5)]
    plain = run("stats", "--plain").stdout
    assert plain.startswith("tripeaks: played 2, won 1 (50%), current streak 0, best streak 1,")
    wide = run("stats", env={"COLUMNS": "120"}).stdout
    assert "tripeaks" in wide
    assert "50%" in wide
    narrow = run("stats", env={"COLUMNS": "70"}).stdout
    assert "tripeaks (default options)" in narrow


def test_stats_for_one_game_and_errors(results):
    Store().record(results["won"][0])
    assert "No finished games of pyramid yet." in run("stats", "pyramid").stdout
    result = run("stats", "nosuch")
    assert result.exit_code == 1
    assert "unknown game 'nosuch'; installed games:" in result.stderr
    assert run("stats", "a", "b").exit_code == 1


def test_stats_reset_asks_first(results):
    Store().record(results["won"][0])
    Store().record(finished("pyramid", won=False))
    result = run("stats", "reset", input="n\n")
    assert "Delete the statistics of every game (2 games)?" in result.stdout
    assert "Nothing deleted." in result.stdout
    assert Store().count() == 2
    result = run("stats", "reset", "pyramid", input="y\n")
    assert "Deleted the statistics of pyramid and its presets (1 game)." in result.stdout
    assert [s.game for s in Store().summaries()] == ["tripeaks"]
    result = run("stats", "reset", "--yes")
    assert result.exit_code == 0
    assert Store().count() == 0
    assert "No statistics of every game to delete." in run("stats", "reset").stdout


def test_a_damaged_database_is_a_clear_error(results):
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database at all" * 100)
    result = run("stats")
    assert result.exit_code == 1
    assert "cannot use the statistics file" in result.stderr
    assert "move it away" in result.stderr
    assert path.read_bytes() == b"not a database at all" * 100


def test_a_game_ending_with_a_damaged_database_still_ends(results):
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"junk" * 1000)
    seed, moves = find_deal("tripeaks", won=True)
    result = run("play", "tripeaks", "-s", str(seed), "--count", input="\n".join([*moves, "n"]) + "\n")
    assert result.exit_code == 0
    assert "You won!" in result.stdout
    assert "the result was not counted in the statistics" in result.stderr


def test_each_result_is_one_row_in_sqlite(results):
    Store().record(results["won"][0])
    with sqlite3.connect(db_path()) as conn:
        rows = conn.execute("SELECT game, won, cards_left, seed FROM results").fetchall()
    game = results["won"][0]
    assert rows == [("tripeaks", 1, 0, str(game.deal.seed))]


def test_data_dir_follows_patience_home_then_xdg(monkeypatch, tmp_path):
    assert data_dir() == tmp_path / "home"
    monkeypatch.delenv("PATIENCE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "patience"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    assert data_dir() == Path(tmp_path / "me" / ".local" / "share" / "patience")

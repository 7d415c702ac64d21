"""Statistics: one row per finished game, summed per game and option set, in SQLite."""

import json
import sqlite3
from pathlib import Path

import pytest
from cli_helpers import find_deal, run

import patience_core
from patience_core.userdata import stats as stats_module
from patience_core.userdata.common import data_dir
from patience_core.userdata.stats import Store, db_path


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
    assert store.record(finished("tripeaks", won=True)) is True  # the same deal won again: a new game
    assert Store().summaries()[0].current_streak == 1
    assert store.record(won[0]) is False  # the same game again: counted once
    assert Store().summaries()[0].played == 6


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
    assert "unknown game 'nosuch';" in result.stderr
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


def test_a_game_ending_with_a_damaged_database_still_ends_and_is_kept_to_count_later(results):
    path = db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"junk" * 1000)
    seed, moves = find_deal("tripeaks", won=True)
    result = run("play", "tripeaks", "-s", str(seed), "--count", input="\n".join([*moves, "n"]) + "\n")
    assert result.exit_code == 1  # visible to a script too
    assert "You won!" in result.stdout
    [error] = result.stderr.splitlines()
    assert error.startswith(
        "Error: the result was not counted in the statistics: cannot use the statistics file"
    )
    assert "'patience stats' counts it once the statistics can be written" in error
    [kept] = (data_dir() / "unrecorded").iterdir()
    path.unlink()  # the person moves the damaged file away
    shown = run("stats", "--json")
    assert "Counted 1 finished game kept when the statistics could not be written." in shown.stderr
    [row] = json.loads(shown.stdout)
    assert (row["game"], row["played"], row["won"]) == ("tripeaks", 1, 1)
    assert not kept.exists()
    assert json.loads(run("stats", "--json").stdout)[0]["played"] == 1  # counted once


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


# --- issue 16, finding 8: a game counted once, damaged rows repaired, no result lost --------------


def test_a_save_resumed_three_times_counts_one_win(tmp_path):
    seed, moves = find_deal("tripeaks", won=True)
    save = tmp_path / "almost.json"
    start = run(
        "play", "tripeaks", "-s", str(seed), input="\n".join([*moves[:-1], f"save {save}", "quit"]) + "\n"
    )
    assert start.exit_code == 0
    for _ in range(3):
        result = run("play", "--resume", str(save), "--count", input=f"{moves[-1]}\nn\n")
        assert result.exit_code == 0
        assert "You won!" in result.stdout
    [row] = json.loads(run("stats", "--json").stdout)
    assert (row["played"], row["won"], row["current_streak"], row["best_streak"]) == (1, 1, 1, 1)


def test_a_save_made_before_games_had_an_identity_counts_once(tmp_path):
    seed, moves = find_deal("tripeaks", won=True)
    game = patience_core.new_game("tripeaks", seed=seed)
    for move in moves[:-1]:
        game.play(move)
    old = tmp_path / "old.json"
    old.write_text(json.dumps({**game.to_dict("full"), "saved_at": "2024-06-01T12:00:00+00:00"}))
    for _ in range(2):
        assert run("play", "--resume", str(old), "--count", input=f"{moves[-1]}\nn\n").exit_code == 0
    assert json.loads(run("stats", "--json").stdout)[0]["played"] == 1


def _damage(sql: str) -> None:
    Store().record(finished("tripeaks", won=False))
    Store().record(finished("tripeaks", won=True))
    with sqlite3.connect(db_path()) as conn:
        conn.execute(sql)


@pytest.mark.parametrize(
    ("sql", "why"),
    [
        ("UPDATE results SET options = 'not json {' WHERE id = 1", "row 1: its options are not JSON"),
        ("UPDATE results SET options = '[1, 2]' WHERE id = 1", "row 1: its options are not a JSON object"),
        ("UPDATE results SET score = 'lots' WHERE id = 1", "row 1: its score is not a whole number"),
        ("UPDATE results SET won = 'yes' WHERE id = 1", "row 1: its won is not 0 or 1"),
        (
            "UPDATE results SET cards_left = 3.5 WHERE id = 1",
            "row 1: its cards_left is not a number of cards",
        ),
        ("UPDATE results SET game = X'00ff' WHERE id = 1", "row 1: its game is not a game id"),
    ],
    ids=["options-not-json", "options-a-list", "text-score", "text-won", "float-left", "blob-game"],
)
def test_a_damaged_row_is_a_clear_error_with_a_way_to_repair(sql, why):
    _damage(sql)
    before = db_path().read_bytes()
    for args in (["stats"], ["stats", "--json"], ["stats", "tripeaks"]):
        result = run(*args)
        assert result.exit_code == 1
        [line] = result.stderr.splitlines()
        assert line.startswith("Error: the statistics file ")
        assert f"has 1 damaged row ({why}" in line
        assert "'patience stats repair' sets them aside and counts the rest" in line
    assert db_path().read_bytes() == before  # looking changes nothing
    assert "Nothing changed." in run("stats", "repair", input="n\n").stdout
    repaired = run("stats", "repair", "--yes")
    assert repaired.exit_code == 0
    assert "Set aside 1 damaged row into the table damaged_results" in repaired.stdout
    assert "1 result counted." in repaired.stdout
    [row] = json.loads(run("stats", "--json").stdout)
    assert (row["played"], row["won"]) == (1, 1)
    with sqlite3.connect(db_path()) as conn:
        [(row_id, text, reason)] = conn.execute("SELECT id, row, why FROM damaged_results").fetchall()
    assert row_id == 1
    assert reason.startswith(why.removeprefix("row 1: "))
    assert json.loads(text)["id"] == 1  # kept whole, to mend by hand
    assert "No damaged row" in run("stats", "repair").stdout


def test_reset_works_on_damaged_rows():
    _damage("UPDATE results SET options = 'not json' WHERE id = 2")
    assert "Deleted the statistics of every game (2 games)." in run("stats", "reset", "--yes").stdout


def test_statistics_of_an_older_version_gain_the_identity_column_and_keep_their_rows():
    path = db_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as conn:
        conn.executescript(stats_module._SCHEMA)
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO results (finished_at, game, base_game, options, seed, deal, won, cards_left,"
            " score, moves) VALUES ('2024-01-01', 'tripeaks', 'tripeaks', '{}', '1', 'x', 1, 0, 10, 40)"
        )
    game = finished("tripeaks", won=False)
    assert Store().record(game) is True
    assert Store().record(game) is False
    assert Store().count() == 2
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1  # older versions read it as ever
        assert [r[0] for r in conn.execute("SELECT game_uid FROM results ORDER BY id")] == [None, game.uid]


def test_a_result_that_cannot_be_written_is_kept_where_it_can_be_and_added_later(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    seed, moves = find_deal("tripeaks", won=False)
    result = run(
        "play",
        "tripeaks",
        "-s",
        str(seed),
        "--count",
        input="\n".join([*moves, "n"]) + "\n",
        env={"PATIENCE_HOME": str(blocked / "patience")},
    )
    assert result.exit_code == 1
    assert "Game over, lost" in result.stdout
    [error] = result.stderr.splitlines()
    assert error.startswith(
        "Error: the result was not counted in the statistics: cannot use the statistics file"
    )
    [kept] = Path.cwd().glob("finished-*.json")
    assert f"count it with 'patience stats add {kept.name}'" in error
    added = run("stats", "add", str(kept))
    assert added.exit_code == 0
    assert added.stdout.startswith(f"Counted TriPeaks, deal {seed}, lost.")
    assert run("stats", "add", str(kept)).stdout.startswith("Already counted")
    assert json.loads(run("stats", "--json").stdout)[0]["played"] == 1
    unfinished = tmp_path / "unfinished.json"
    run("play", "tripeaks", "-s", "1", input=f"draw\nsave {unfinished}\nquit\n")
    result = run("stats", "add", str(unfinished))
    assert result.exit_code == 1
    assert "is a game not finished yet" in result.stderr

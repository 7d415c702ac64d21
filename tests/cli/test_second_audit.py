"""The second audit's findings that the command line shows: odd data folders (10), a plugin
that misbehaves after its trial deal in ``patience play`` (11), ``save`` over what only looks
like a record (14), a foreign statistics file (18), and the games file's backup (9)."""

from __future__ import annotations

import json
import sqlite3

import attrs
import pytest
from cli_helpers import run

import patience_core
from patience_core import hookimpl
from patience_core.web.games import Games


def one_error(result) -> str:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


# --- finding 10: odd data folders --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("home", "words"),
    [
        ("x" * 5000, "PATIENCE_HOME is a folder name too long for this system"),
        ("~nosuchuser/x", "names the home folder of a user this system does not know"),
    ],
    ids=["5000-characters", "unknown-user"],
)
@pytest.mark.parametrize(
    "args",
    [["stats"], ["stats", "reset", "--yes"], ["play", "tripeaks", "--seed", "1", "--moves", "draw"]],
    ids=["stats", "reset", "play"],
)
def test_an_odd_data_folder_is_one_line(monkeypatch, home, words, args):
    monkeypatch.setenv("PATIENCE_HOME", home)
    error = one_error(run(*args))
    assert words in error
    assert len(error) < 200


# --- finding 11: rules that turn bad after the trial deal, in the terminal ----------------------------

from patience_tripeaks import SPEC, TriPeaks  # noqa: E402


class Turns(TriPeaks):
    bad = False

    def legal_moves(self, table):
        if Turns.bad == "recursion":

            def down(n):
                return down(n + 1)

            return down(0)
        if Turns.bad == "junk":
            return ["draw", 7]
        return super().legal_moves(table)


class TurnsPlugin:
    @hookimpl
    def register_games(self, register):
        register(attrs.evolve(SPEC, id="turns", name="Turns", presets=[], rules=Turns))


@pytest.fixture
def turning():
    Turns.bad = False
    name = patience_core.register_plugin(TurnsPlugin(), "turning-rules")
    patience_core.games()  # the trial deal, while the rules behave
    try:
        yield
    finally:
        Turns.bad = False
        patience_core.unregister_plugin(name)


@pytest.mark.parametrize("bad", ["recursion", "junk"])
@pytest.mark.parametrize("how", ["moves", "pipe"])
def test_rules_that_fail_after_the_trial_end_the_game_in_one_line(turning, bad, how):
    Turns.bad = bad
    if how == "moves":
        result = run("play", "turns", "--seed", "1", "--moves", "draw")
    else:
        result = run("play", "turns", "--seed", "1", input="draw\nquit\n")
    error = one_error(result)
    assert error.startswith("Error: the game stopped: plugin 'turning-rules' failed in its rules:")
    assert ("RecursionError" if bad == "recursion" else "not a list of moves") in error


# --- finding 14: save replaces only a whole record -------------------------------------------------------


def test_save_refuses_to_overwrite_what_only_says_it_is_a_record(tmp_path):
    target = tmp_path / "notes.json"
    target.write_text(json.dumps({"format": "patience-game", "my": "notes"}))
    result = run("play", "tripeaks", "--seed", "2", input=f"save {target}\nquit\n")
    assert "Not saved: " in result.stdout
    assert "is not a saved game" in result.stdout
    assert json.loads(target.read_text()) == {"format": "patience-game", "my": "notes"}
    saved = tmp_path / "game.json"
    run("play", "tripeaks", "--seed", "2", input=f"save {saved}\nquit\n")
    again = run("play", "tripeaks", "--seed", "3", input=f"4D\nsave {saved}\nquit\n")
    assert f"Saved to {saved}" in again.stdout  # a whole record is replaced


# --- finding 18: a foreign statistics file ----------------------------------------------------------------


def test_a_foreign_statistics_file_is_refused_and_not_given_our_tables(isolated):
    isolated.mkdir(parents=True, exist_ok=True)
    path = isolated / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    for args in (["stats"], ["stats", "--json"]):
        assert "is not a statistics file of patience" in one_error(run(*args))
    conn = sqlite3.connect(path)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert tables == {"recipes"}


def test_reading_the_statistics_never_writes_an_empty_file(isolated):
    isolated.mkdir(parents=True, exist_ok=True)
    path = isolated / "stats.sqlite3"
    path.write_bytes(b"")
    result = run("stats")
    assert result.exit_code == 0, result.output
    assert "No finished games yet" in result.stdout
    assert path.read_bytes() == b""


# --- finding 9: the games file travels as one file --------------------------------------------------------


def test_serve_backup_writes_the_games_file_as_one_file(isolated, tmp_path):
    games = Games(isolated)
    made = games.create("tripeaks", seed=2)
    games.play(made["id"], "4D")  # in the -wal file while the server runs
    try:
        result = run("serve", "--backup", str(tmp_path / "copy.sqlite3"))
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("Backed up 1 game to ")
        assert result.stdout.endswith("copy.sqlite3.\n")
    finally:
        games.close()
    restored = tmp_path / "restored"
    restored.mkdir()
    (tmp_path / "copy.sqlite3").rename(restored / "games.sqlite3")
    again = Games(restored)
    assert again.state(made["id"])["view"]["moves"] == ["4D"]
    again.close()
    assert "exists; choose a new file" in one_error(run("serve", "--backup", str(restored / "games.sqlite3")))

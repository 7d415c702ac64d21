"""Game records: JSON only, atomic writes, and clear refusals that change nothing on disk."""

import json
import os
from pathlib import Path

import pytest
from cli_helpers import greedy_moves, run
from command import needs_exe, one_line_error, patience

import patience_core
from patience_core.cli.common import CliError
from patience_core.userdata import records
from patience_core.userdata.records import autosave_path, load_game, save_game


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "saves"
    path.mkdir()
    return path


@pytest.fixture
def game():
    game = patience_core.new_game("par-pyramid", seed=4)
    for move in greedy_moves(game)[:6]:
        game.play(move)
    return game


def test_a_record_is_plain_json_with_the_game_and_its_moves(folder, game):
    path = folder / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "patience-game"
    assert data["version"] == 2  # version 2 adds the piles; version 1 records still load
    assert (data["game"], data["preset"]) == ("pyramid", "par-pyramid")
    assert data["options"] == game.options
    assert data["deal"] == game.deal_text()
    assert data["moves"] == [str(m) for m in game.moves]
    assert data["status"] == "playing"
    assert data["saved_at"]
    loaded = load_game(path)
    assert loaded.to_dict("full") == game.to_dict("full")


def test_a_crash_while_writing_leaves_the_old_file_whole(folder, game, monkeypatch):
    path = folder / "g.json"
    save_game(game, path)
    before = path.read_bytes()
    game.play(game.legal_moves()[0])

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(CliError, match="No space left on device"):
        save_game(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["g.json"]  # no temporary file left behind


def test_an_interrupted_write_leaves_the_old_file_whole(folder, game, monkeypatch):
    path = folder / "g.json"
    save_game(game, path)
    before = path.read_bytes()

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_game(game, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["g.json"]


def test_save_refuses_to_overwrite_what_is_not_a_record(folder, game):
    notes = folder / "notes.txt"
    notes.write_text("my notes")
    with pytest.raises(CliError, match="exists and is not a saved game"):
        save_game(game, notes)
    assert notes.read_text() == "my notes"
    with pytest.raises(CliError, match="is a folder"):
        save_game(game, folder)


def test_save_in_a_session_reports_a_failure_and_goes_on(folder):
    (folder / "notes.txt").write_text("x")
    result = run("play", "tripeaks", "-s", "1", input=f"save {folder / 'notes.txt'}\ndraw\nquit\n")
    assert result.exit_code == 0
    assert "Not saved:" in result.stdout
    assert "Moves played 1" in result.stdout


def _corruptions(good: dict, text: str):
    """Bad records, each with the words its error must contain."""
    illegal = dict(good, moves=[*good["moves"][:-1], "KS+AS"])
    yield "truncated", text[: len(text) // 2], "truncated"
    yield "not json", "this is not json {", "broken at line 1"
    yield "empty", "", "empty"
    yield "a list", "[1, 2]", "holds a JSON list"
    yield "another format", json.dumps(dict(good, format="chess-pgn")), "not a saved game (format 'chess-pgn'"
    yield "wrong version", json.dumps(dict(good, version=99)), "version 99 is not supported"
    yield "illegal move", json.dumps(illegal), f"move {len(good['moves'])} (KS+AS) cannot be played"
    yield "not move text", json.dumps(dict(good, moves=[*good["moves"], "fly"])), "(fly) cannot be played"
    yield "score changed", json.dumps(dict(good, score=good["score"] + 50)), "'score' does not match"
    yield "unknown game", json.dumps(dict(good, game="nosuch", preset=None)), "unknown game 'nosuch'"
    yield "missing deal", json.dumps({k: v for k, v in good.items() if k != "deal"}), "'deal' is missing"
    yield "bad option", json.dumps(dict(good, options={**good["options"], "win": "most"})), "'win' accepts"
    yield "not utf-8", b"\xff\xfe\x00garbage", "not UTF-8"


def _cases():
    game = patience_core.new_game("par-pyramid", seed=4)
    for move in greedy_moves(game)[:6]:
        game.play(move)
    good = records.record_of(game)
    return list(_corruptions(good, json.dumps(good)))


@pytest.mark.parametrize(("name", "content", "words"), _cases(), ids=[c[0] for c in _cases()])
def test_a_bad_record_is_a_clear_error_that_changes_nothing(folder, name, content, words):
    path = folder / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    # An autosave that must survive a failed resume.
    autosave = patience_core.new_game("tripeaks", seed=1)
    autosave.play("draw")
    save_game(autosave, autosave_path())
    home_before = {p.name: p.read_bytes() for p in autosave_path().parent.iterdir()}
    before = (path.read_bytes(), path.stat().st_mtime_ns)

    with pytest.raises(CliError, match=r"bad\.json") as err:
        load_game(path)
    assert words in str(err.value)
    result = run("play", "--resume", str(path), input="quit\n")
    assert result.exit_code == 1
    assert words in result.stderr
    assert result.stdout == ""
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert words in result.stderr

    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == ["bad.json"]
    assert {p.name: p.read_bytes() for p in autosave_path().parent.iterdir()} == home_before


def test_missing_file_and_folder(folder):
    result = run("play", "--resume", str(folder / "nothing.json"))
    assert result.exit_code == 1
    assert "no saved game at" in result.stderr
    result = run("play", "--resume", str(folder))
    assert result.exit_code == 1
    assert "is a folder, not a saved game" in result.stderr


def test_a_huge_file_is_refused_unread(folder, monkeypatch):
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 100)
    path = folder / "big.json"
    path.write_text(" " * 200 + "{}")
    with pytest.raises(CliError, match="far too large"):
        load_game(path)


# --- issue 16, finding 2: every path a regular file, every read bounded, every error one line -----

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


@needs_exe
@needs_fifo
def test_a_named_pipe_or_a_device_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    home = tmp_path / "home"
    for path, kind in ((fifo, "a named pipe"), (Path("/dev/zero"), "a device")):
        for args in (
            ("replay", str(path)),
            ("play", "--resume", str(path)),
            ("solve", "--record", str(path)),
        ):
            one_line_error(patience(*args, home=home), f"is not a saved game: it is {kind}, not a file")
    # Saving over a named pipe, and statistics that are one, are refused too.
    played = patience("play", "tripeaks", "-s", "1", home=home, stdin=f"save {fifo}\nquit\n")
    assert played.returncode == 0
    assert "exists and is not a saved game" in played.stdout
    home.mkdir(exist_ok=True)
    os.mkfifo(home / "stats.sqlite3")
    one_line_error(patience("stats", home=home), "cannot use the statistics file", "a named pipe")


def test_a_read_is_bounded_whatever_size_the_file_reports(folder, monkeypatch):
    path = folder / "big.json"
    path.write_text("{" + " " * 5000 + "}")
    real = os.fstat
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 1000)
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real(fd)[:6], 10, *real(fd)[7:])))
    with pytest.raises(CliError, match="larger than 1000 bytes"):
        load_game(path)


def _with(good: dict, **fields) -> str:
    return json.dumps({**good, **fields})


def _deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("preset a list", lambda g: _with(g, preset=[1]), "field 'preset' is not a game id or null: [1]"),
        ("options a list", lambda g: _with(g, options=[1]), "field 'options' is missing or not a dict"),
        (
            "huge number",
            lambda g: json.dumps(g)[:-1] + ', "score": ' + "9" * 5000 + "}",
            "a number far too long",
        ),
        ("huge seed", lambda g: json.dumps(g).replace('"seed": 4', '"seed": ' + "9" * 4000), "field 'seed'"),
        ("deep score", lambda g: json.dumps(g)[:-1] + ', "score": ' + _deep_json(50) + "}", "field 'score'"),
        ("deep nesting", lambda g: _deep_json(100_000), "nested too deeply"),
        ("huge move", lambda g: _with(g, moves=["x" * 100_000]), "move 1 is far too long"),
    ],
)
def test_a_record_with_odd_values_is_one_line(folder, name, content, words):
    game = patience_core.new_game("par-pyramid", seed=4)
    path = folder / "odd.json"
    path.write_text(content(records.record_of(game)), encoding="utf-8")
    for args in (("play", "--resume", str(path)), ("replay", str(path)), ("solve", "--record", str(path))):
        result = run(*args, input="quit\n")
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: ")
        assert len(result.stderr.strip().splitlines()) == 1
        assert len(result.stderr) < 400
        assert words in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["odd.json"]


def test_path_errors_are_one_line(folder, tmp_path):
    long_name = "x" * 300 + ".json"
    for command, words in (
        (f"save {long_name}", "the name is too long"),
        ("save a\0b.json", "NUL"),
        (f"save {folder / 'no-such-folder' / 'g.json'}", "there is no folder"),
        (f"save {folder}", "is a folder"),
    ):
        result = run("play", "tripeaks", "-s", "1", input=f"{command}\nquit\n")
        assert result.exit_code == 0
        [note] = [line for line in result.stdout.splitlines() if line.startswith("Not saved:")]
        assert words in note
        assert len(note) < 250
    assert not (folder / "no-such-folder").exists()
    for args in (("replay", "y" * 5000), ("play", "--resume", "z" * 5000), ("solve", "--record", "w" * 5000)):
        result = run(*args)
        assert result.exit_code == 1
        assert len(result.stderr.strip().splitlines()) == 1
        assert "the name is too long" in result.stderr
        assert len(result.stderr) < 250
    assert sorted(p.name for p in folder.iterdir()) == []


def test_stale_temporary_files_of_a_save_are_cleaned(folder, game):
    path = folder / "g.json"
    stale = [folder / f".g.json.{n}abc.tmp" for n in range(64)]
    for tmp in stale:
        tmp.write_text("{half a rec")
        os.utime(tmp, (1_000_000, 1_000_000))
    fresh = folder / ".g.json.fresh.tmp"  # perhaps another save under way: left alone
    fresh.write_text("{")
    other = folder / ".h.json.old.tmp"  # another file's: not this save's business
    other.write_text("{")
    os.utime(other, (1_000_000, 1_000_000))
    save_game(game, path)
    assert sorted(p.name for p in folder.iterdir()) == sorted(["g.json", fresh.name, other.name])

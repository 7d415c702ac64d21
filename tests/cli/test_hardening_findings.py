"""Findings of issue 16 (fuzzing and hostile plugins) that no other test held in full.

Most findings have their tests beside the code they concern (tests/test_broken_plugins.py,
tests/cli/test_records.py, tests/cli/test_simulate.py, ...). These cover the rest: a range of
any size on two workers (finding 4), the maximum of every player parameter and an option's
maximum in every command (finding 6), a memory limit held by solvers that never check it
themselves (finding 7; for the compiled solvers of the games it does not hold yet, and that
test is marked as an expected failure until it does), a finished game kept when the
statistics are read-only (finding 8), and a 10 MB token quoted short by every parser
(finding 9).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import attrs
import pytest
from typer.testing import CliRunner

import patience_core
from patience_core import (
    Card,
    CardError,
    Deal,
    DealError,
    Game,
    InvalidMoveError,
    Move,
    OptionError,
    RecordError,
    SolveResult,
    UnknownGameError,
    parse_seeds,
    solve_full_information,
)
from patience_core.cli.app import app
from patience_core.players import PlayerError, get_player
from patience_core.solver import NO_WIN, UNKNOWN, memory
from patience_core.userdata.stats import Store, db_path
from patience_pyramid.search import MEMORY_EVERY


@pytest.fixture
def home(isolated):
    """The test's own data folder (conftest.py gives every test one, and a working folder)."""
    return isolated


def run(*args: str, input: str | None = None):
    """``patience ARGS`` in-process; an exception other than an exit is raised, not swallowed."""
    result = CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def one_error_line(result) -> str:
    """The single line of standard error of a command that failed with exit code 1."""
    assert result.exit_code == 1, result.output
    lines = [line for line in result.stderr.splitlines() if line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


def greedy_deal(*, won: bool) -> tuple[int, list[str]]:
    """A TriPeaks seed that 'always the first legal move' wins (or loses), and its moves."""
    for seed in range(1000):
        game = patience_core.new_game("tripeaks", seed=seed)
        moves = []
        while not game.is_over():
            moves.append(str(game.play(game.legal_moves()[0])))
        if game.is_won() == won:
            return seed, moves
    raise AssertionError("no such deal in the first thousand")


# --- finding 4: a range of any size, on two workers too ------------------------------------------


@pytest.mark.parametrize("last", ["100000000000", "18446744073709551615"])
def test_simulate_on_two_workers_walks_a_huge_range_lazily(monkeypatch, last):
    """Finding 4: ``simulate --seeds 0..100000000000 --workers 2`` (or up to the largest deal
    number) starts at once, never holds the range whole and raises no OverflowError; Ctrl-C
    prints what was done."""
    import patience_core.cli.simulate as command

    real = command.simulate
    seen: list[range] = []

    def stopped_after_two_chunks(game_id, seeds, *, progress, **kwargs):
        seen.append(seeds)
        calls: list[int] = []

        def stop(n: int) -> None:
            progress(n)
            calls.append(n)
            if len(calls) == 2:
                raise KeyboardInterrupt

        return real(game_id, seeds, progress=stop, **kwargs)

    monkeypatch.setattr(command, "simulate", stopped_after_two_chunks)
    result = run("simulate", "tripeaks", "--seeds", f"0..{last}", "--workers", "2", "--plain")
    assert result.exit_code == 130, result.output
    assert isinstance(seen[0], range)  # handed on as a range, not a list of 10^11 numbers
    assert f"seeds 0..{last}" in result.stdout
    assert f"of {int(last) + 1} deals were finished; these are their results." in result.stdout
    assert "on 2 workers" in result.stdout


# --- finding 6: every number has a documented maximum ---------------------------------------------


@pytest.mark.parametrize("command", ["show", "play", "simulate"])
def test_a_huge_option_value_is_refused_at_once_by_every_command(command):
    """Finding 6: ``-o passes=1000000000000`` is refused before anything is dealt or played,
    naming the maximum, by show, play and simulate as by solve (tests/cli/test_solve.py)."""
    args = {
        "show": ["show", "pyramid", "--seed", "1"],
        "play": ["play", "pyramid", "--seed", "1", "--moves", "draw"],
        "simulate": ["simulate", "pyramid", "-n", "1"],
    }[command]
    result = run(*args, "-o", "passes=1000000000000")
    line = one_error_line(result)
    assert "option 'passes' accepts a whole number >= 1 and <= 5" in line
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("player", "param", "highest", "above", "words"),
    [
        ("hint", "samples", 10_000, 10_001, "samples is a whole number from 1 to 10,000"),
        ("hint", "solved", 10_000, 10_001, "solved is a whole number from 0 to 10,000"),
        (
            "hint",
            "node_limit",
            10**12,
            10**12 + 1,
            "node_limit is a whole number from 1 to 1,000,000,000,000",
        ),
        (
            "hint",
            "node_budget",
            10**12,
            10**12 + 1,
            "node_budget is a whole number from 1 to 1,000,000,000,000",
        ),
        ("hint", "time_limit", 1_000_000, 1_000_001, "time_limit is a number of seconds above 0 and at most"),
        ("solver", "node_limit", 10**12, 10**12 + 1, "node_limit is a whole number from 1 to"),
        ("solver", "time_limit", 1_000_000, 1_000_001, "at most 1,000,000"),
    ],
)
def test_every_player_parameter_stops_at_its_documented_maximum(player, param, highest, above, words):
    """Finding 6: each number a player takes (``simulate --param``) has the maximum that
    docs/limits.md gives: the maximum is taken, one more is refused naming it."""
    get_player(player, **{param: highest})
    with pytest.raises(PlayerError) as info:
        get_player(player, **{param: above})
    assert words in str(info.value)
    result = run("simulate", "tripeaks", "-n", "1", "-p", player, "--param", f"{param}={above}")
    assert words in one_error_line(result)


# --- finding 7: the memory limit holds for every solver -------------------------------------------


def test_a_solver_that_never_checks_memory_is_stopped_at_the_limit(monkeypatch):
    """Finding 7: a specialised solver whose loop never calls check_memory is stopped by the
    memory limit all the same, and the answer is ``unknown`` (out of memory), its own."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        pytest.skip("the memory timer runs in the main thread of systems that have one")

    def spinning(game, node_limit, time_limit):
        end = time.monotonic() + 3
        while time.monotonic() < end:
            pass  # a search that never looks at its memory
        return None  # then declines: the generic solver would answer

    spec, _ = patience_core.find_game("tripeaks")
    spec = attrs.evolve(spec, solver=spinning, plugin="test-solver")
    game = Game(spec, spec.defaults(), Deal.from_seed(2))
    monkeypatch.setattr(memory, "usage", lambda: (10**12, None))  # far above any limit
    result = solve_full_information(game, memory_limit_mb=100)
    assert isinstance(result, SolveResult)
    assert result.verdict == UNKNOWN
    assert result.solver == "test-solver"  # stopped inside it, not after it gave up
    assert result.reason.startswith("out of memory: the process used 953,674 MB of memory")
    assert "above the limit of 100 MB" in result.reason


def test_the_games_own_compiled_solver_is_stopped_while_it_searches(monkeypatch):
    """Finding 7: ``--memory-limit`` holds for the game's own solver: compiled, its loop never
    lets the memory timer's signal handler run, so the search calls check_memory itself; it is
    stopped at the first check, with the positions searched, not after it has searched every
    position and decided, only for its verdict to be thrown away."""
    game = patience_core.new_game("par-pyramid", seed=8)
    decided = solve_full_information(game, node_limit=10**8)
    assert (decided.verdict, decided.solver) == (NO_WIN, "pyramid")  # a search of a second or two
    monkeypatch.setattr(memory, "usage", lambda: (10**12, None))  # far above any limit
    # The search's own check, which a compiled loop needs; the CPU timer (which reaches a
    # plain-Python build too, about as soon) has a test of its own.
    monkeypatch.setattr(memory, "_start_timer", lambda: False)
    stopped = solve_full_information(game, node_limit=10**8, memory_limit_mb=100)
    assert stopped.verdict == UNKNOWN
    assert stopped.reason.startswith("out of memory: the process used")
    # Checked as it starts and every MEMORY_EVERY positions: stopped at the first check, before
    # it searched a position.
    assert stopped.nodes == 0 < MEMORY_EVERY < decided.nodes, (stopped.nodes, decided.nodes)


# --- finding 8: a finished game that cannot be counted is kept ------------------------------------


def _count_a_lost_game() -> None:
    seed, moves = greedy_deal(won=False)
    game = patience_core.new_game("tripeaks", seed=seed)
    for move in moves:
        game.play(move)
    assert Store().record(game) is True


def _finish_a_won_game_counted():
    seed, moves = greedy_deal(won=True)
    result = run("play", "tripeaks", "-s", str(seed), "--count", input="\n".join([*moves, "n"]) + "\n")
    assert "You won!" in result.stdout
    return result


_REAL_CONNECT = sqlite3.connect


def _read_only_connect(path, *args, **kwargs):
    """sqlite3.connect opening every database read-only, as a file the user may not write."""
    return _REAL_CONNECT(Path(path).resolve().as_uri() + "?mode=ro", *args, uri=True, **kwargs)


def test_a_game_finished_with_read_only_statistics_is_an_error_and_counted_later(monkeypatch, home):
    """Finding 8: when the statistics file can be read but not written, a finished game is
    an error (exit 1), is kept, and is counted once the file can be written again."""
    _count_a_lost_game()
    with monkeypatch.context() as patched:
        patched.setattr(sqlite3, "connect", _read_only_connect)
        result = _finish_a_won_game_counted()
        error = one_error_line(result)
        assert error.startswith("Error: the result was not counted in the statistics: cannot use")
        assert "readonly" in error
        [kept] = (home / "unrecorded").glob("finished-*.json")
        assert "'patience stats' counts it once the statistics can be written" in error
        shown = run("stats", "--json")  # still readable meanwhile
        assert shown.exit_code == 0, shown.output
        assert [(r["played"], r["won"]) for r in json.loads(shown.stdout)] == [(1, 0)]
        assert kept.exists()  # not lost by a look at the statistics
    shown = run("stats", "--json")
    assert "Counted 1 finished game kept when the statistics could not be written." in shown.stderr
    assert [(r["played"], r["won"]) for r in json.loads(shown.stdout)] == [(2, 1)]
    assert not kept.exists()
    assert json.loads(run("stats", "--json").stdout)[0]["played"] == 2  # counted once


def _refuse_writes_under(folder: Path, monkeypatch) -> None:
    """Writes under ``folder`` fail as a read-only folder makes them fail, whoever the user."""
    real_mkstemp, real_mkdir = tempfile.mkstemp, Path.mkdir

    def mkstemp(*args, dir=None, **kwargs):
        if dir is not None and Path(dir).resolve().is_relative_to(folder.resolve()):
            raise PermissionError(13, "Permission denied", str(dir))
        return real_mkstemp(*args, dir=dir, **kwargs)

    def mkdir(self, *args, **kwargs):
        if self.resolve().is_relative_to(folder.resolve()) and not self.exists():
            raise PermissionError(13, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", _read_only_connect)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(Path, "mkdir", mkdir)


def test_a_game_finished_with_a_read_only_data_folder_is_kept_here_and_added_later(home, monkeypatch):
    """Finding 8: a read-only data folder: the finished game is an error, is kept in the
    current folder (the data folder cannot take it), and ``stats add`` counts it once."""
    _count_a_lost_game()
    database = db_path()
    database.chmod(0o444)
    home.chmod(0o555)
    with monkeypatch.context() as patch:
        try:
            try:
                (home / "probe").write_text("")
            except OSError:
                pass
            else:  # a user who writes to read-only folders (root): refused as the system would
                (home / "probe").unlink()
                _refuse_writes_under(home, patch)
            result = _finish_a_won_game_counted()
            error = one_error_line(result)
            assert error.startswith("Error: the result was not counted in the statistics: cannot use")
            [kept] = Path.cwd().glob("finished-*.json")
            assert f"count it with 'patience stats add {kept.name}'" in error
            assert not (home / "unrecorded").exists()
            assert json.loads(run("stats", "--json").stdout)[0]["played"] == 1
        finally:
            home.chmod(0o755)
            database.chmod(0o644)
    added = run("stats", "add", kept.name)
    assert added.exit_code == 0, added.output
    assert added.stdout.startswith("Counted TriPeaks, deal ")
    assert run("stats", "add", kept.name).stdout.startswith("Already counted")
    [row] = json.loads(run("stats", "--json").stdout)
    assert (row["played"], row["won"]) == (2, 1)


# --- finding 9: a message quotes a few dozen characters, whatever it was given ---------------------

BIG = "x" * 10_000_000
"""A 10 MB token."""


def _pyramid():
    return patience_core.find_game("pyramid")[0]


PARSERS = {
    "Card.parse": (CardError, lambda: Card.parse(BIG)),
    "Deal.parse": (DealError, lambda: Deal.parse(BIG)),
    "Deal.from_seed": (DealError, lambda: Deal.from_seed(BIG)),
    "parse_seeds": (DealError, lambda: parse_seeds(BIG)),
    "parse_seeds of a long range": (DealError, lambda: parse_seeds("1.." + "9" * 10_000_000)),
    "Move.parse": (InvalidMoveError, lambda: Move.parse(BIG)),
    "Move.of_word": (InvalidMoveError, lambda: Move.of_word(BIG)),
    "Game.play": (InvalidMoveError, lambda: patience_core.new_game("tripeaks", seed=1).play(BIG)),
    "Game.play of many cards": (
        InvalidMoveError,
        lambda: patience_core.new_game("tripeaks", seed=1).play("AS+" * 3_000_000),
    ),
    "Option.parse": (OptionError, lambda: _pyramid().option("passes").parse(BIG)),
    "Option.parse of digits": (OptionError, lambda: _pyramid().option("passes").parse("9" * 10_000_000)),
    "resolve a name": (OptionError, lambda: _pyramid().resolve({BIG: 1})),
    "resolve a value": (OptionError, lambda: _pyramid().resolve({"win": BIG})),
    "new_game": (UnknownGameError, lambda: patience_core.new_game(BIG)),
    "new_game with deal text": (DealError, lambda: patience_core.new_game("tripeaks", deal=BIG)),
    "get_player": (PlayerError, lambda: get_player(BIG)),
    "get_player parameter": (PlayerError, lambda: get_player("hint", **{BIG: 1})),
    "get_player value": (PlayerError, lambda: get_player("hint", samples=BIG)),
    "Game.from_dict": (RecordError, lambda: Game.from_dict({"format": BIG})),
}


@pytest.mark.parametrize("parser", sorted(PARSERS))
def test_a_ten_megabyte_token_gives_a_short_message_from_every_parser(parser):
    """Finding 9: no error message repeats more than a few dozen characters of its input,
    whichever parser refuses it."""
    error, call = PARSERS[parser]
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert "\n" not in message
    assert len(message) < 400, message[:200]
    for quoted in ("x" * 65, "9" * 65, "AS+" * 22):
        assert quoted not in message


@pytest.mark.parametrize(
    "args",
    [
        ["play", "tripeaks", "-s", "1", "--moves", BIG],
        ["show", BIG],
        ["show", "tripeaks", "-o", BIG],
        ["show", "tripeaks", "-o", "wrap=" + BIG],
        ["show", "tripeaks", "--deal", BIG],
        ["simulate", "tripeaks", "--seeds", BIG],
        ["simulate", "tripeaks", "-n", "1", "-p", BIG],
        ["simulate", "tripeaks", "-n", "1", "-p", "hint", "--param", "samples=" + BIG],
        ["simulate", "tripeaks", "-n", "1", "--scheduler", BIG],
        ["solve", "tripeaks", "--seeds", BIG],
        ["replay", BIG],
        ["stats", "add", BIG],
    ],
    ids=lambda args: " ".join(a.replace(BIG, "BIG") for a in args),
)
def test_a_ten_megabyte_token_on_the_command_line_is_one_short_line(args):
    """Finding 9: what the commands say about a 10 MB word is one line of a few hundred
    characters at most."""
    line = one_error_line(run(*args))
    assert len(line) < 400, line[:200]
    assert "x" * 65 not in line


@pytest.mark.parametrize(
    "args",
    [
        ["games", BIG],  # an extra argument
        ["solve", "--" + BIG],  # an option that does not exist
        ["play", "tripeaks", "--seed", BIG],  # a value the option's type refuses
        [BIG],  # a command that does not exist
        ["games", *["ab"] * 20_000],  # many short words
        ["games", "a\tb\x01c" * 100],  # control characters
    ],
    ids=["extra argument", "unknown option", "bad value", "unknown command", "many words", "controls"],
)
def test_a_usage_error_quotes_a_few_dozen_characters(args):
    """Finding 9, for the command line's own usage errors (exit code 2): they quote at most a
    few dozen characters of each word and a few hundred in all, in printable characters."""
    result = run(*args)
    assert result.exit_code == 2, result.output[:300]
    error = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(error) == 1, result.stderr[:300]
    assert len(result.stderr) < 600, result.stderr[:300]
    assert error[0].isprintable()
    assert "x" * 65 not in result.stderr


def test_bytes_that_are_not_utf8_on_standard_input_are_refused_as_text(tmp_path):
    """Bad input of another kind: a pipe of bytes that are not UTF-8, where the system reads
    standard input strictly (``PYTHONIOENCODING=utf-8:strict``, as on most desktops). The odd
    line is refused as not a move, shown with escapes, and the game goes on."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PATIENCE_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "patience_core.cli", "play", "tripeaks", "--seed", "3"],
        input=b"dr\xed\xa0\x80aw\n\xff\xfe\ndraw\nquit\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-500:]
    out = done.stdout.decode("utf-8")
    assert "Traceback" not in out + done.stderr.decode("utf-8", "replace")
    assert "not a move: 'dr\\udced\\udca0\\udc80aw'" in out
    assert "Moves played 1" in out  # the draw after the odd lines was played

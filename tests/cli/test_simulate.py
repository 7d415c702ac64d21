"""``patience simulate``: the summary, JSON, seeds, players, workers and mistakes."""

import fcntl
import json
import os
import select
import signal
import socket
import subprocess
import termios
import threading
import time

import pytest
from cli_helpers import run
from command import EXE, environment, interruptible, needs_exe

from patience_core.cli.simulate import summary_lines
from patience_core.simulate import simulate


def test_the_summary_says_win_rate_with_interval_cards_left_score_and_speed():
    result = run("simulate", "tripeaks", "--deals", "20", "--plain")
    assert result.exit_code == 0, result.output
    sim = simulate("tripeaks", range(1, 21))
    low, high = sim.interval
    out = result.stdout.splitlines()
    assert out[0] == "TriPeaks, seeds 1..20, player greedy"
    assert "Deals played: 20" in out
    assert f"Won: {sim.wins} ({sim.win_rate:.1%}, 95% interval {low:.1%} to {high:.1%})" in out
    assert f"Mean cards left: {sim.mean_cards_left:.2f}" in out
    assert f"Mean score: {sim.mean_score:.2f}" in out
    assert any(line.startswith("Speed: ") and line.endswith("s on 1 worker)") for line in out)


def test_json_seeds_options_and_player_parameters():
    result = run(
        "simulate",
        "tripeaks",
        "--seeds",
        "5..9",
        "-o",
        "open-peaks=true",
        "--player",
        "hint",
        "--param",
        "samples=3",
        "--param",
        "node-limit=1000",
        "--json",
        "--per-deal",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["options"]["open_peaks"] is True
    assert data["player"] == "hint"
    assert data["params"] == {"samples": 3, "node_limit": 1000}
    assert [r["seed"] for r in data["results"]] == [5, 6, 7, 8, 9]
    assert data["deals"] == 5
    assert data["wins"] == sum(r["won"] for r in data["results"])
    low, high = data["win_rate_95"]
    assert low <= data["win_rate"] <= high


def test_two_workers_print_the_same_numbers_as_one():
    one = json.loads(run("simulate", "pyramid", "-n", "12", "--player", "random", "--json").stdout)
    two = json.loads(run("simulate", "pyramid", "-n", "12", "--player", "random", "--json", "-w", "2").stdout)
    for key in ("deals", "wins", "win_rate", "win_rate_95", "mean_cards_left", "mean_score"):
        assert one[key] == two[key], key
    assert two["workers"] == 2


def test_the_solver_player_says_how_many_deals_it_could_not_decide():
    args = ["par-pyramid", "-n", "3", "--player", "solver", "--param", "node_limit=50", "--plain"]
    result = run("simulate", *args)
    assert result.exit_code == 0, result.output
    assert "Undecided by the solver within its limit: 3" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "3", "--seeds", "1..3"], "give --deals N or --seeds A..B, not both"),
        (["--seeds", "10..2"], "the first deal number comes after the last in '10..2': write 2..10"),
        (["--seeds", "x"], "deal numbers are written FIRST..LAST (both included), such as 1..1000"),
        (["--player", "nobody"], "unknown player 'nobody'; players: greedy, hint, random, solver"),
        (["--param", "depth=2"], "player 'greedy' has no parameter 'depth'"),
        (["--param", "depth"], "player parameter 'depth' is not KEY=VALUE"),
        (["-o", "wrap=maybe"], "option 'wrap' accepts true or false, not 'maybe'"),
        (["--scheduler", "tcp://127.0.0.1:9"], "Error: "),
    ],
)
def test_mistakes_are_one_line(args, message, monkeypatch):
    monkeypatch.setattr("patience_core.simulate.CONNECT_TIMEOUT", "1s")
    result = run("simulate", "tripeaks", *args)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_unknown_game_is_named():
    result = run("simulate", "chess")
    assert result.exit_code == 1
    assert "unknown game 'chess'" in result.stderr


def test_a_stopped_run_says_so_and_sums_up_what_was_done():
    calls = []

    def stop(n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    sim = simulate("tripeaks", range(1, 51), progress=stop)
    lines = summary_lines(sim, range(1, 51))
    assert lines[1] == "Stopped: 3 of 50 deals were finished; these are their results."
    assert "Deals played: 3" in lines


def stop_the_command_after(monkeypatch, chunks: int) -> None:
    """Make ``patience simulate`` see a Ctrl-C once ``chunks`` chunks are done."""
    import patience_core.cli.simulate as command

    real = command.simulate

    def interrupted(*args, progress, **kwargs):
        calls = []

        def stop(n):
            progress(n)
            calls.append(n)
            if len(calls) == chunks:
                raise KeyboardInterrupt

        return real(*args, progress=stop, **kwargs)

    monkeypatch.setattr(command, "simulate", interrupted)


def test_ctrl_c_in_the_command_prints_the_partial_results(monkeypatch):
    stop_the_command_after(monkeypatch, 4)
    result = run("simulate", "tripeaks", "-n", "30", "--plain")
    assert result.exit_code == 130
    assert "Stopped: 4 of 30 deals were finished; these are their results." in result.stdout
    assert "Deals played: 4" in result.stdout


# --- issue 16, finding 5: player parameters and schedulers, one line within the timeout ---------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-p", "hint", "--param", "samples=0"],
            "player 'hint': samples is a whole number from 1 to 10,000, not 0",
        ),
        (["-p", "hint", "--param", "samples=abc"], "samples is a whole number from 1 to 10,000, not 'abc'"),
        (["-p", "hint", "--param", "samples=" + "9" * 5000], "samples is a whole number"),
        (["-p", "hint", "--param", "node_limit=0"], "node_limit is a whole number from 1"),
        (["-p", "hint", "--param", "node_budget=-1"], "node_budget is a whole number from 1"),
        (["-p", "hint", "--param", "time_limit=0"], "time_limit is a number of seconds above 0"),
        (["-p", "solver", "--param", "node_limit=0"], "player 'solver': node_limit is a whole number"),
        (["-p", "solver", "--param", "node_limit=1e99"], "node_limit is a whole number"),
        (["--scheduler", "foo://bar"], "--scheduler is an address such as tcp://HOST:8786, not 'foo://bar'"),
        (["--scheduler", "tcp://"], "--scheduler is an address such as tcp://HOST:8786, not 'tcp://'"),
        (["--scheduler", "tcp://127.0.0.1:99999"], "--scheduler is an address such as"),
        (["--scheduler", "x" * 5000], "--scheduler is an address such as"),
        (["--deals", "0"], "--deals is a number of deals from 1 to"),
        (["--deals", "1" + "0" * 30], "--deals is a number of deals from 1 to"),
        (["--workers", "0"], "--workers is a number of processes from 1 to 256"),
        (["--workers", "100000"], "--workers is a number of processes from 1 to 256"),
    ],
)
def test_bad_parameters_are_one_line(args, message):
    result = run("simulate", "tripeaks", "-n", "2", *args)
    assert result.exit_code == 1
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert len(result.stderr) < 250


class Server:
    """A TCP server on a free local port that answers every connection with ``reply`` (None:
    accepts and never answers)."""

    def __init__(self, reply: bytes | None) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.reply = reply
        self.held: list[socket.socket] = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.reply is not None:
                conn.sendall(self.reply)

    def close(self) -> None:
        for conn in self.held:
            conn.close()
        self.sock.close()


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (b"SSH-2.0-OpenSSH_9.6\r\n" + b"\xff" * 64, "answered, but not as a Dask scheduler"),
        (None, "did not answer within 1 s"),
        (b"", "did not answer within 1 s"),
    ],
    ids=["other-bytes", "silent", "nothing"],
)
def test_an_address_that_is_not_a_scheduler_is_one_line_within_the_timeout(monkeypatch, reply, message):
    monkeypatch.setattr("patience_core.simulate.CONNECT_TIMEOUT", "1s")
    server = Server(reply)
    try:
        start = time.monotonic()
        result = run("simulate", "tripeaks", "-n", "2", "--scheduler", server.address)
        took = time.monotonic() - start
    finally:
        server.close()
    assert result.exit_code == 1
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert took < 5


# --- issue 16, finding 4: ranges of any size, walked lazily --------------------------------------


def test_a_range_of_any_size_is_simulated_lazily():
    calls = []

    def stop(n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    sim = simulate("tripeaks", range(0, 2**64), player="greedy", progress=stop)
    assert sim.stopped
    assert sim.requested == 2**64
    assert [r.seed for r in sim.results] == [0, 1, 2]
    assert summary_lines(sim, range(0, 2**64))[1] == (
        "Stopped: 3 of 18446744073709551616 deals were finished; these are their results."
    )
    two = simulate("tripeaks", range(10**11, 10**11 + 6), player="greedy", workers=2)
    assert [r.seed for r in two.results] == list(range(10**11, 10**11 + 6))


def test_the_command_takes_the_largest_range(monkeypatch):
    stop_the_command_after(monkeypatch, 2)
    result = run("simulate", "tripeaks", "--seeds", "0..18446744073709551615", "--plain")
    assert result.exit_code == 130
    assert "Stopped: 2 of 18446744073709551616 deals were finished" in result.stdout


# --- issue 16, finding 3: Ctrl-C ends simulate and its workers within 2 s ---------------------------

SLOW = ["simulate", "tripeaks", "-n", "100000", "--workers", "2", "-p", "hint", "--param", "samples=20"]


def _group_gone(pgid: int, within: float) -> bool:
    """Whether every process of the group has ended (zombies waiting to be reaped count as ended)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        states = subprocess.run(["ps", "-o", "stat=", "-g", str(pgid)], capture_output=True, text=True).stdout
        if all(s.startswith("Z") for s in states.split()):
            return True
        time.sleep(0.05)
    return False


@needs_exe
def test_ctrl_c_in_a_pipe_stops_the_workers_and_keeps_the_results(tmp_path):
    proc = subprocess.Popen(
        [str(EXE), *SLOW],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
        start_new_session=True,  # a process group of its own, as a terminal's job is
        preexec_fn=interruptible,
    )
    try:
        time.sleep(8)  # the workers started and busy
        start = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole group gets it
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert took < 2
    assert _group_gone(proc.pid, within=2)
    assert "Traceback" not in out + err
    assert "Stopped: " in out
    assert "deals were finished; these are their results." in out


@needs_exe
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a terminal")
def test_ctrl_c_at_a_terminal_stops_the_workers_and_keeps_the_results(tmp_path):
    main, terminal = os.openpty()

    def own_terminal() -> None:
        interruptible()
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # so that ^C typed at it interrupts the job

    proc = subprocess.Popen(
        [str(EXE), *SLOW],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=environment(tmp_path, COLUMNS="100"),
        preexec_fn=own_terminal,
    )
    os.close(terminal)
    out = b""
    try:
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            if select.select([main], [], [], 0.2)[0]:
                out += os.read(main, 65536)
        start = time.monotonic()
        os.write(main, b"\x03")  # Ctrl-C, typed
        while time.monotonic() < start + 30:  # a job that never ends fails below, not here
            if not select.select([main], [], [], 0.2)[0]:
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the job has ended and closed the terminal
                break
            if not chunk:
                break
            out += chunk
        code = proc.wait(timeout=5)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(main)
    text = out.decode("utf-8", "replace")
    assert code == 130
    assert took < 2
    assert _group_gone(proc.pid, within=2)
    assert "tripeaks with hint" in text  # the progress bar
    assert "Traceback" not in text
    assert "deals were finished; these are their results." in text

"""``patience serve`` killed with SIGKILL in the middle of bursts of moves: after a restart every
acknowledged move is there, and every finished game is counted in the statistics, once.

The test run kills it 3 times; ``PATIENCE_KILLS=100 python -m pytest -n 0 tests/web/test_kill.py``
is the long profile (docs/limits.md), about ten minutes.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from command import EXE, environment, needs_exe

KILLS = int(os.environ.get("PATIENCE_KILLS", "3"))
CLIENTS = 4


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, home: Path) -> None:
        self.home = home
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [str(EXE), "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=environment(home),
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                call(self.url, "GET", "/api/games", timeout=2)
                return
            except OSError:
                assert self.proc.poll() is None, self.proc.stderr.read() if self.proc.stderr else ""
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        err = self.proc.stderr.read().decode() if self.proc.stderr else ""
        assert "Traceback" not in err, err


def call(url: str, method: str, path: str, body: dict | None = None, timeout: float = 10) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method)
    if data is not None:
        request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


class Ledger:
    """What the server acknowledged: each game's last answered version and moves."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.games: dict[str, tuple[int, list[str], str]] = {}

    def acknowledged(self, state: dict) -> None:
        with self.lock:
            self.games[state["id"]] = (state["version"], state["view"]["moves"], state["view"]["status"])


def client(url: str, ledger: Ledger, rng: random.Random, stop: threading.Event) -> None:
    """Make games and play them to the end (first legal move, or a random one), as fast as the
    server answers, until the server is gone."""
    while not stop.is_set():
        try:
            code, state = call(url, "POST", "/api/games", {"game": "tripeaks", "seed": rng.randrange(10**6)})
            assert code == 201, state
            ledger.acknowledged(state)
            while state["view"]["status"] == "playing" and not stop.is_set():
                move = rng.choice(state["view"]["legal_moves"])
                code, answer = call(
                    url,
                    "POST",
                    f"/api/games/{state['id']}/moves",
                    {"move": move, "version": state["version"]},
                )
                assert code == 200, answer
                state = answer
                ledger.acknowledged(state)
        except (OSError, http.client.HTTPException):
            return  # the server was killed under us: what was not answered was not acknowledged


@needs_exe
def test_acknowledged_moves_and_finished_results_survive_kill_9(tmp_path):
    home = tmp_path / "home"
    ledger = Ledger()
    rng = random.Random(20261201)
    for _ in range(KILLS):
        server = Server(home)
        stop = threading.Event()
        threads = [
            threading.Thread(target=client, args=(server.url, ledger, random.Random(rng.random()), stop))
            for _ in range(CLIENTS)
        ]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.5, 2.5))  # a burst of moves, then the kill lands in the middle of it
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    server = Server(home)
    try:
        finished = 0
        for gid, (version, moves, _status) in ledger.games.items():
            code, state = call(server.url, "GET", f"/api/games/{gid}")
            assert code == 200, state
            # Every acknowledged move is there; one more may be (sent, written, never answered).
            assert state["version"] in (version, version + 1), gid
            assert state["view"]["moves"][: len(moves)] == moves, gid
            finished += state["view"]["status"] != "playing"
        code, summaries = call(server.url, "GET", "/api/stats")
        played = sum(s["played"] for s in summaries)
        assert played == finished, f"{played} results counted for {finished} finished games"
        assert finished > 0
        assert sum(1 for v in ledger.games.values() if v[2] != "playing") <= finished
    finally:
        server.kill()

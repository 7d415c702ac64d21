"""``patience serve``: it serves the page, warns when open to the network, stops cleanly on
Ctrl-C, and ``import patience_core`` loads no web library."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import sysconfig
import urllib.request
from pathlib import Path

import pytest
from command import ctrl_c, interruptible
from typer.testing import CliRunner

from patience_core.cli import app
from patience_core.cli.serve import is_loopback

EXE = Path(sysconfig.get_path("scripts")) / "patience"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_serves_the_page_and_stops_on_ctrl_c_without_a_traceback(isolated):
    port = free_port()
    env = {**os.environ, "PATIENCE_HOME": str(isolated)}
    proc = subprocess.Popen(
        [str(EXE), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=interruptible,
    )

    def served() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                assert b"<title>Patience</title>" in page.read()
            return True
        except OSError:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            return False

    out, err = ctrl_c(proc, served, timeout=30)
    assert proc.returncode == 0, err
    assert f"Patience is served at http://127.0.0.1:{port}/" in out
    assert out.rstrip().endswith("Stopped.")
    assert "Traceback" not in err
    assert "Warning" not in err
    assert (isolated / "games.sqlite3").exists()


def test_a_port_in_use_is_one_line(isolated):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run(
            [str(EXE), "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PATIENCE_HOME": str(isolated)},
        )
    assert result.returncode == 1
    assert result.stderr == f"Error: cannot listen on 127.0.0.1 port {port}: Address already in use\n"


def test_a_ctrl_c_before_uvicorn_listens_for_it_stops_the_server_cleanly(monkeypatch):
    """A Ctrl-C just after "Patience is served at" once broke into uvicorn's event loop half made:
    a traceback from the loop's clean-up, a coroutine never awaited, and exit status 1."""
    import uvicorn

    run = uvicorn.Server.run

    def interrupted_first(self, sockets):
        signal.raise_signal(signal.SIGINT)  # before uvicorn puts in its own handler
        run(self, sockets=sockets)

    monkeypatch.setattr(uvicorn.Server, "run", interrupted_first)
    before = signal.getsignal(signal.SIGINT)
    result = CliRunner().invoke(app, ["serve", "--port", str(free_port())])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("Stopped.")
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize(
    ("host", "warned"),
    [("127.0.0.1", False), ("localhost", False), ("::1", False), ("0.0.0.0", True), ("192.0.2.7", True)],
)
def test_binding_anything_but_loopback_warns(monkeypatch, host, warned):
    import uvicorn

    from patience_core.cli import serve

    monkeypatch.setattr(serve, "listen", lambda host, port: socket.socket())  # binds nothing
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: setattr(self, "started", True))
    result = CliRunner().invoke(app, ["serve", "--host", host])
    assert result.exit_code == 0, result.output
    assert ("Warning: listening on" in result.output) == warned
    assert is_loopback(host) is not warned


def test_import_patience_core_loads_no_web_nor_terminal_library():
    code = (
        "import sys, patience_core\n"
        "names = ('starlette', 'uvicorn', 'typer', 'rich', 'patience_core.web')\n"
        "bad = [m for m in names if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

"""``patience serve``: the web page and the HTTP JSON API (docs/web.md).

Starlette and uvicorn are imported when the command runs, never by ``import patience_core``.
"""

from __future__ import annotations

import ipaddress
import signal
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from patience_core.cli.common import CliError, user_errors, warn
from patience_core.engine.errors import quoted


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine (127.0.0.0/8, ::1, localhost).

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0"), is_loopback("::")
    (True, True, False, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``; :class:`CliError` in one line when it cannot be."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as err:
        raise CliError(f"cannot listen on {host}: {err.strerror or err}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as err:
        sock.close()
        raise CliError(f"cannot listen on {host} port {port}: {err.strerror or err}") from None
    return sock


def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host", help="The address to listen on; anything but loopback is open to the network."
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", "-p", min=1, max=65535, help="The port to listen on.")
    ] = 8000,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            metavar="NAME",
            help="A host name the server answers to besides IP addresses and localhost, such as the"
            " name a reverse proxy passes on (repeat for several); requests for any other are refused.",
            show_default=False,
        ),
    ] = None,
    backup: Annotated[
        Path | None,
        typer.Option(
            "--backup",
            metavar="FILE",
            help="Do not serve: write a copy of the games file (games.sqlite3 and its -wal journal,"
            " as one file) to FILE, consistent even while a server runs, and exit.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play in the browser and serve the HTTP JSON API: every installed game at http://HOST:PORT.

    Games are kept in games.sqlite3 beside the statistics (in $PATIENCE_HOME, default the XDG
    data folder), so stopping and starting the server resumes every game. Ctrl-C stops it.
    """
    import uvicorn

    import patience_core
    from patience_core.web.app import create_app
    from patience_core.web.serving import config as server_config

    if backup is not None:
        with user_errors():
            _backup(backup)
        return
    with user_errors():
        if not host.strip():
            raise CliError("--host is empty: give an address such as 127.0.0.1")
        for name in allowed_host or []:
            if not name or len(name) > 253 or any(c in name for c in "/:@ "):
                raise CliError(
                    f"--allowed-host takes a host name such as cards.example.org, not {quoted(name)}"
                )
        sock = listen(host, port)
        app = create_app(allowed_hosts=allowed_host or ())
    for problem in patience_core.plugin_errors():  # a refused game is not served: say so
        warn(str(problem))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
    if not is_loopback(host):
        warn(
            f"listening on {host}, open to the network: anyone who can reach it can play and see your"
            " statistics. Put it behind a reverse proxy with TLS (see docs/web.md), or use 127.0.0.1."
        )
    server = uvicorn.Server(server_config(app, host, port))

    def stop(signum: int, frame: object) -> None:
        server.should_exit = True

    # A Ctrl-C before uvicorn listens for it (say, just after the line below) stops the server
    # as uvicorn's own would, instead of breaking into its event loop half made; uvicorn also
    # passes the Ctrl-C it handled on to this handler when it is done.
    previous = signal.signal(signal.SIGINT, stop)
    typer.echo(f"Patience is served at {url}  (Ctrl-C stops it)")
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # a Ctrl-C where another handler was put in place
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
        sock.close()
    if not server.started:
        raise typer.Exit(1)  # uvicorn said why
    typer.echo("Stopped.")


def _backup(target: Path) -> None:
    from patience_core.userdata.common import data_dir
    from patience_core.userdata.files import file_kind, show_path
    from patience_core.web.games import DB_NAME, Database

    source = data_dir() / DB_NAME
    if file_kind(source) is None:
        raise CliError(f"there is no games file to back up: {show_path(source)} does not exist")
    db = Database(source)
    try:
        db.backup(target)
        games = db.count()
    finally:
        db.close()
    typer.echo(f"Backed up {games} game{'s' * (games != 1)} to {show_path(target)}.")


def register(app: typer.Typer) -> None:
    app.command("serve", short_help="Play in a browser; serve the HTTP JSON API.")(serve)

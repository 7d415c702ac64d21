"""``patience serve``: the web page and the HTTP JSON API (docs/web.md).

Starlette and uvicorn are imported when the command runs, never by ``import patience_core``.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from typing import Annotated

import typer

from patience_core.cli.common import CliError, user_errors, warn


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
) -> None:
    """Play in the browser and serve the HTTP JSON API: every installed game at http://HOST:PORT.

    Games are kept in games.sqlite3 beside the statistics (in $PATIENCE_HOME, default the XDG
    data folder), so stopping and starting the server resumes every game. Ctrl-C stops it.
    """
    import uvicorn

    from patience_core.web.app import create_app

    with user_errors():
        if not host.strip():
            raise CliError("--host is empty: give an address such as 127.0.0.1")
        sock = listen(host, port)
        app = create_app()
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else shown}:{port}/"
    if not is_loopback(host):
        warn(
            f"listening on {host}, open to the network: anyone who can reach it can play and see your"
            " statistics. Put it behind a reverse proxy with TLS (see docs/web.md), or use 127.0.0.1."
        )
    typer.echo(f"Patience is served at {url}  (Ctrl-C stops it)")
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # a second Ctrl-C during the shutdown
        pass
    finally:
        sock.close()
    if not server.started:
        raise typer.Exit(1)  # uvicorn said why
    typer.echo("Stopped.")


def register(app: typer.Typer) -> None:
    app.command("serve", short_help="Play in a browser; serve the HTTP JSON API.")(serve)

"""``patience serve``: the web page and the HTTP JSON API (docs/web.md).

Starlette and uvicorn are imported when the command runs, never by ``import patience_core``.
"""

from __future__ import annotations

import ipaddress
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


def serve(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on; anything but loopback is open to the network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", min=1, max=65535, help="The port to listen on.")] = 8000,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
) -> None:
    """Play in the browser and serve the HTTP JSON API: every installed game at http://HOST:PORT.

    Games are kept in games.sqlite3 beside the statistics (in $PATIENCE_HOME, default the XDG
    data folder), so stopping and starting the server resumes every game. Ctrl-C stops it.
    """
    import uvicorn

    from patience_core.web.app import create_app

    with user_errors():
        app = create_app()
        if not host.strip():
            raise CliError("--host is empty: give an address such as 127.0.0.1")
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
        server.run()
    except KeyboardInterrupt:  # a second Ctrl-C during the shutdown
        pass
    if not server.started:
        raise typer.Exit(1)  # uvicorn said why (the port is taken, say)
    typer.echo("Stopped.")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)

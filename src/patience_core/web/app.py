"""The ASGI app of ``patience serve``: the JSON API under ``/api``, its OpenAPI document, and the
page (static files shipped in the package, no build step).

Every answer is JSON; an error is ``{"error": "one line"}`` with a 4xx status and the reason the
command line gives for the same mistake. Request bodies are JSON objects of at most
:data:`MAX_BODY` bytes (a game record fits many times over), sent as ``application/json``
within :data:`BODY_SECONDS`. The work on games runs in a thread pool
(:class:`~patience_core.web.games.Games` is thread safe), so a hint on one game never holds up
another; the expensive work (hints, "still winnable?", winnable deals) runs in small pools of
its own with a bounded queue, so that a burst of it cannot starve plain moves (503 with
Retry-After when a queue is full).

Only requests for this server are served: the Host header must name it (an IP address,
``localhost``, or a name given with ``patience serve --allowed-host``: a DNS-rebinding page
names its own), and a request from a page of another site (its Origin) is refused.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import ipaddress
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import patience_core
from patience_core.engine.deal import MAX_SEED
from patience_core.engine.errors import quoted
from patience_core.plugins.listing import plugin_sources, spec_json
from patience_core.web.games import MAX_VERSION, ApiError, Games

log = logging.getLogger("patience.web")

MAX_BODY: Final = 256 * 1024
"""The largest request body accepted, in bytes: a game record is a few kilobytes."""
BODY_SECONDS: Final = 10.0
"""The most time a request body may take to arrive once its headers have (408 after)."""
HERE: Final = Path(str(resources.files("patience_core.web")))
STATIC: Final = HERE / "static"
T = TypeVar("T")

# No resource from anywhere but this server; no framing; no guessing of content types.
SECURITY_HEADERS: Final = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
        b" object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every response, and ``no-store`` to the API's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + SECURITY_HEADERS
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# --- reading requests ---------------------------------------------------------------------------


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object (empty when there is no body); 415 for a body that is not sent
    as ``application/json``, 413 past :data:`MAX_BODY` bytes, 408 past :data:`BODY_SECONDS`,
    400 for anything that is not a JSON object."""
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit()) or int(length[-12:]) > MAX_BODY):
        raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
    chunks, size = [], 0
    try:
        with anyio.fail_after(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise ApiError(408, f"the request body did not arrive within {BODY_SECONDS:g} seconds") from None
    raw = b"".join(chunks)
    kind = request.headers.get("content-type")
    if kind is not None and kind.split(";")[0].strip().lower() != "application/json":
        # A form or text of another site's page is sent without asking first: JSON never is.
        raise ApiError(415, f"the body is sent as application/json, not {quoted(kind, 40)}")
    if not raw.strip():
        return {}
    if kind is None:
        raise ApiError(415, "the body is sent as application/json: the Content-Type header is missing")
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise ApiError(400, "the body is not JSON: it is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise ApiError(
            400, f"the body is not JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:
        raise ApiError(400, "the body is not JSON this server reads: it is nested too deeply") from None
    except ValueError:  # a number of more than 4,300 digits, which Python refuses to read
        raise ApiError(
            400, "the body is not JSON this server reads: it holds a number far too long"
        ) from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body is a JSON object, not a JSON {_json_type(data)}")
    return data


def _json_type(value: object) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(
        type(value), "null"
    )


def fields(data: dict[str, Any], allowed: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """The body's fields, each of its allowed types; 400 naming an unknown field or a bad type.
    A whole number may be written as JSON writes any number (``88.0``), as JSON Schema's
    ``integer`` allows."""
    for name in data:
        if name not in allowed:
            known = ", ".join(allowed) or "none"
            raise ApiError(400, f"unknown field {quoted(name, 32)} (fields here: {known})")
    out = {}
    for name, value in data.items():
        kinds = allowed[name]
        if int in kinds and type(value) is float and value.is_integer():
            value = int(value)
        if value is None or (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            want = " or ".join(_KIND_NAMES[k] for k in kinds)
            raise ApiError(400, f"field {name!r} is {want}, not {_shown(value)}")
        out[name] = value
    if "version" in out and not 1 <= out["version"] <= MAX_VERSION:
        raise ApiError(400, f"field 'version' is a whole number from 1, not {_shown(out['version'])}")
    return out


def _shown(value: object) -> str:
    text = (
        json.dumps(value)
        if not isinstance(value, int) or abs(value) < 10**24
        else f"a number of {len(str(value))} digits"
    )
    return text if len(text) <= 32 else text[:29] + "..."


_KIND_NAMES: Final = {str: "text", int: "a whole number", bool: "true or false", dict: "an object"}


def seed_of(value: object) -> int | None:
    """A deal number: a JSON number, or text of ASCII digits (numbers beyond 2**53 survive
    JavaScript so); 400 for anything else, as the command line refuses ``²`` or ``١٢``."""
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 20:
            raise ApiError(
                400, f"a deal number is a whole number from 0 to {MAX_SEED}, not {quoted(value, 32)}"
            )
        return int(text)
    assert isinstance(value, int)
    return value


def flag(request: Request, name: str) -> bool:
    value = request.query_params.get(name, "false").lower()
    if value not in ("true", "false", "1", "0", "yes", "no"):
        raise ApiError(400, f"query parameter {name!r} is true or false, not {value[:32]!r}")
    return value in ("true", "1", "yes")


# --- the routes --------------------------------------------------------------------------------------


def games_of(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


async def work(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a call on the games in the thread pool."""
    return await run_in_threadpool(fn, *args, **kwargs)


class Pool:
    """A few threads of their own for one kind of expensive work, and a bounded queue: past
    it a request is refused at once (503, Retry-After) rather than left to wait or to take the
    threads that plain moves need."""

    def __init__(self, what: str, workers: int, queue: int, retry_after: int) -> None:
        self.what = what
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix=f"patience-{what}")
        self.slots = threading.BoundedSemaphore(workers + queue)
        self.retry_after = retry_after

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if not self.slots.acquire(blocking=False):
            raise ApiError(
                503,
                f"the server is busy with {self.what}: ask again in {self.retry_after} seconds",
                retry_after=self.retry_after,
            )
        try:
            future = self.executor.submit(functools.partial(fn, *args, **kwargs))
        except BaseException:
            self.slots.release()
            raise
        # The slot is free when the work is done, not when a client stops waiting for it.
        future.add_done_callback(lambda _: self.slots.release())
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def make_pools() -> dict[str, Pool]:
    """Hints and "still winnable?" (2 threads, 14 waiting), winnable deals (1 thread, 3 waiting)."""
    return {
        "advice": Pool("hints", workers=2, queue=14, retry_after=2),
        "search": Pool("winnable deals", workers=1, queue=3, retry_after=10),
    }


def pools(request: Request) -> dict[str, Pool]:
    found: dict[str, Pool] = request.app.state.pools
    return found


async def list_games(request: Request) -> JSONResponse:
    sources = plugin_sources()
    return JSONResponse([spec_json(spec, sources) for spec in patience_core.games()])


async def list_plugins(request: Request) -> JSONResponse:
    """The plugins loaded, and the problems of those refused or partly refused."""
    patience_core.games()
    problems = [str(e) for e in patience_core.plugin_errors()]
    problems += list(games_of(request).refused_plugins.values())
    sources = plugin_sources()
    return JSONResponse(
        {"plugins": [{"name": n, "distribution": d} for n, d in sorted(sources.items())], "errors": problems}
    )


async def create_game(request: Request) -> JSONResponse:
    body = fields(
        await read_json(request),
        {"game": (str,), "seed": (int, str), "winnable": (bool,), "options": (dict,)},
    )
    if "game" not in body:
        raise ApiError(400, "field 'game' is missing: the id of a game or preset, such as 'tripeaks'")
    call = functools.partial(
        games_of(request).create,
        body["game"],
        seed=seed_of(body.get("seed")),
        winnable=body.get("winnable", False),
        options=body.get("options"),
    )
    state = await (pools(request)["search"].run(call) if body.get("winnable") else work(call))
    return JSONResponse(state, status_code=201)


async def resume_game(request: Request) -> JSONResponse:
    record = await read_json(request)
    return JSONResponse(await work(games_of(request).resume, record), status_code=201)


async def get_game(request: Request) -> JSONResponse:
    return JSONResponse(await work(games_of(request).state, request.path_params["id"]))


async def play_move(request: Request) -> JSONResponse:
    body = fields(
        await read_json(request), {"move": (str,), "version": (int,), "auto": (bool,), "demo": (bool,)}
    )
    if "move" not in body:
        raise ApiError(400, "field 'move' is missing: move text such as 4H, QH+AS or draw")
    state = await work(
        games_of(request).play,
        request.path_params["id"],
        body["move"],
        version=body.get("version"),
        auto=body.get("auto", False),
        demo=body.get("demo", False),
    )
    return JSONResponse(state)


def change(name: str) -> Callable[[Request], Awaitable[JSONResponse]]:
    """The route of a change that takes only the client's version: undo, redo, restart, abandon,
    auto-play."""

    async def endpoint(request: Request) -> JSONResponse:
        body = fields(await read_json(request), {"version": (int,)})
        method = getattr(games_of(request), name)
        return JSONResponse(await work(method, request.path_params["id"], version=body.get("version")))

    endpoint.__name__ = name
    return endpoint


async def hint(request: Request) -> JSONResponse:
    fields(await read_json(request), {})
    return JSONResponse(await pools(request)["advice"].run(games_of(request).hint, request.path_params["id"]))


async def still_winnable(request: Request) -> JSONResponse:
    fields(await read_json(request), {})
    answer = await pools(request)["advice"].run(games_of(request).still_winnable, request.path_params["id"])
    return JSONResponse(answer)


async def record(request: Request) -> JSONResponse:
    data = await work(
        games_of(request).record, request.path_params["id"], reveals_deal=flag(request, "reveals_deal")
    )
    name = f"{data['game']}-{data['seed'] if data.get('seed') is not None else 'typed-deal'}.json"
    return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})


async def stats(request: Request) -> JSONResponse:
    return JSONResponse(await work(games_of(request).summaries))


async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(openapi_document())


def asset_version() -> str:
    """A digest of the page's files: the part of their address that changes when they change,
    so that a browser may keep them for good."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.glob("*.*")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


class VersionedStatic(StaticFiles):
    """The page's files at /static/VERSION/: the address changes with the content, so they are
    cached for a year and never asked for again."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["cache-control"] = "public, max-age=31536000, immutable"
        return response


def page_text(version: str) -> str:
    """index.html naming the versioned addresses of its style sheet and script."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    return text.replace('"/static/', f'"/static/{version}/')


def page_route(version: str) -> Callable[[Request], Awaitable[Response]]:
    text = page_text(version)

    async def page(request: Request) -> Response:
        # The page itself is asked again each time (no-cache), so a new version is found at once.
        return Response(text, media_type="text/html; charset=utf-8", headers={"cache-control": "no-cache"})

    return page


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document: ``openapi.json`` beside this module, with the JSON Schemas of the
    player view and of the game record (the files of docs/schemas, shipped with the page).

    Each schema's ``$defs`` become components of their own (``PlayerView.card`` and so on)
    and its ``#/$defs/...`` references point at them, so that every reference resolves within
    the document, as OpenAPI tools read it.
    """
    doc: dict[str, Any] = json.loads((HERE / "openapi.json").read_text(encoding="utf-8"))
    doc["info"]["version"] = patience_core.__version__
    schemas = doc["components"]["schemas"]
    ids = sorted({key for spec in patience_core.games() for key in (spec.id, *(p.id for p in spec.presets))})
    schemas["NewGame"]["properties"]["game"]["enum"] = ids  # the games this server plays
    for name, file in (("PlayerView", "player-view"), ("GameRecord", "game-record")):
        schema = json.loads((STATIC / "schemas" / f"{file}.schema.json").read_text(encoding="utf-8"))
        for key in ("$schema", "$id"):
            schema.pop(key, None)
        defs = schema.pop("$defs", {})
        text = json.dumps(schema)
        for part in defs:
            text = text.replace(f'"#/$defs/{part}"', f'"#/components/schemas/{name}.{part}"')
        schemas[name] = json.loads(text)
        for part, sub in defs.items():
            sub_text = json.dumps(sub)
            for other in defs:
                sub_text = sub_text.replace(f'"#/$defs/{other}"', f'"#/components/schemas/{name}.{other}"')
            schemas[f"{name}.{part}"] = json.loads(sub_text)
    return doc


# --- errors -------------------------------------------------------------------------------------------


async def api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    headers = {"retry-after": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse({"error": exc.message}, status_code=exc.status, headers=headers)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    reasons = {404: f"no such page or API route: {request.url.path[:64]}", 405: "method not allowed here"}
    message = reasons.get(exc.status_code, str(exc.detail))
    return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, ClientDisconnect):  # the client left mid-request: nobody to answer
        gone_away()
        return Response(status_code=400)
    # A bug: the log gets the traceback, the client one line.
    log.error("error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "the server failed on this request (a bug: see the server's log)"}, 500)


_gone = {"count": 0, "said": 0.0}


def gone_away() -> None:
    """Say in one short line, at most once a minute, that clients left mid-request."""
    _gone["count"] += 1
    now = time.monotonic()
    if now - _gone["said"] >= 60:
        log.warning("%d client(s) left in the middle of a request", _gone["count"])
        _gone["said"], _gone["count"] = now, 0


# --- who may ask --------------------------------------------------------------------------------


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """Whether a Host header names this server: an IP address (which no DNS-rebinding page can
    have), ``localhost``, or a name it was started with.

    >>> host_allowed("127.0.0.1:8000", []), host_allowed("[::1]:80", []), host_allowed("evil.test", [])
    (True, True, False)
    >>> host_allowed("cards.example.org", ["cards.example.org"])
    True
    """
    if host.startswith("["):  # [::1]:8000
        name = host[1 : host.find("]")] if "]" in host else host
    elif host.count(":") == 1:  # 127.0.0.1:8000, localhost:8000
        name = host.split(":")[0]
    else:
        name = host
    name = name.lower().rstrip(".")
    if name == "localhost" or name in {a.lower().rstrip(".") for a in allowed}:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """Refuses a request not meant for this server (403): a Host it does not answer to, or an
    Origin other than its own (another site's page). Answers OPTIONS with the methods a path
    takes (no cross-site access is granted)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = (), routes: Iterable[Any] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed_hosts)
        self.routes = list(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed):
            why = (
                f"this server does not answer to the host {quoted(host, 40)} (patience serve --allowed-host)"
            )
            await _refuse(send, 403, why)
            return
        origin = headers.get("origin")
        # "null" too: a sandboxed frame or a file of another site says no origin at all.
        if origin is not None and origin.split("://", 1)[-1].lower() != host.lower():
            await _refuse(send, 403, f"a request from another site ({quoted(origin, 40)}) is refused")
            return
        if scope["method"] == "OPTIONS" and scope["path"].startswith("/api/"):
            await _options(send, _methods(self.routes, scope["path"]))
            return
        await self.app(scope, receive, send)


def _methods(routes: list[Any], path: str) -> list[str]:
    found: set[str] = set()
    for route in routes:
        if isinstance(route, Route) and route.path_regex.match(path):
            found |= set(route.methods or ())
    return sorted(found | {"OPTIONS"}) if found else []


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _options(send: Send, methods: list[str]) -> None:
    if not methods:
        await _refuse(send, 404, "no such API route")
        return
    await send(
        {
            "type": "http.response.start",
            "status": 204,
            "headers": [(b"allow", ", ".join(methods).encode())],
        }
    )
    await send({"type": "http.response.body", "body": b""})


# --- the app -----------------------------------------------------------------------------------------


def create_app(
    folder: Path | None = None, *, games: Games | None = None, allowed_hosts: Iterable[str] = ()
) -> Starlette:
    """The app, keeping its games in ``folder`` (default: the data folder of the statistics);
    ``allowed_hosts``: the names it answers to besides IP addresses and localhost."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        for pool in app.state.pools.values():
            pool.close()
        app.state.pools = make_pools()  # for a later start of the same app (tests start it often)
        if games is None:  # the games of the caller are the caller's to close
            app.state.games.close()

    # Load the plugins now, in one thread: the registry loads them lazily and is not safe to
    # load from the thread pool's threads at once.
    patience_core.games()
    gid = "/api/games/{id}"
    version = asset_version()
    page = page_route(version)
    routes = [
        Route("/", page),
        Route("/play/{id}", page),  # a game's own address: reload, back and a shared link find it
        Route("/openapi.json", openapi),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/records", resume_game, methods=["POST"]),
        Route("/api/stats", stats),
        Route("/api/plugins", list_plugins),
        Route(gid, get_game),
        Route(gid + "/moves", play_move, methods=["POST"]),
        Route(gid + "/undo", change("undo"), methods=["POST"]),
        Route(gid + "/redo", change("redo"), methods=["POST"]),
        Route(gid + "/restart", change("restart"), methods=["POST"]),
        Route(gid + "/abandon", change("abandon"), methods=["POST"]),
        Route(gid + "/auto-play", change("auto_play"), methods=["POST"]),
        Route(gid + "/hint", hint, methods=["POST"]),
        Route(gid + "/still-winnable-full-information", still_winnable, methods=["POST"]),
        Route(gid + "/record", record),
        Mount(f"/static/{version}", VersionedStatic(directory=STATIC), name="assets"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: api_error, HTTPException: http_error, Exception: server_error},
        lifespan=lifespan,
    )
    app.state.games = games or Games(folder)
    app.state.pools = make_pools()
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, routes=routes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=600)  # outermost: compresses every answer
    app.state.asset_version = version
    return app

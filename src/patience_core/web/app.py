"""The ASGI app of ``patience serve``: the JSON API under ``/api``, its OpenAPI document, and the
page (static files shipped in the package, no build step).

Every answer is JSON; an error is ``{"error": "one line"}`` with a 4xx status and the reason the
command line gives for the same mistake. Request bodies are JSON objects of at most
:data:`MAX_BODY` bytes (a game record fits many times over). The work on games runs in a
thread pool (:class:`~patience_core.web.games.Games` is thread safe), so a hint on one game
never holds up another.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import patience_core
from patience_core.plugins.listing import plugin_sources, spec_json
from patience_core.web.games import ApiError, Games

log = logging.getLogger("patience.web")

MAX_BODY: Final = 256 * 1024
"""The largest request body accepted, in bytes: a game record is a few kilobytes."""
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
    """The request's JSON object (empty when there is no body); 413 past :data:`MAX_BODY` bytes,
    400 for anything that is not a JSON object."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"the request body is larger than {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
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
    if not isinstance(data, dict):
        raise ApiError(400, f"the body is a JSON object, not a JSON {_json_type(data)}")
    return data


def _json_type(value: object) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number"}.get(
        type(value), "null"
    )


def fields(data: dict[str, Any], allowed: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """The body's fields, each of its allowed types; 400 naming an unknown field or a bad type."""
    for name in data:
        if name not in allowed:
            known = ", ".join(allowed) or "none"
            raise ApiError(400, f"unknown field {name[:32]!r} (fields here: {known})")
    for name, value in data.items():
        kinds = allowed[name]
        if value is None or (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            want = " or ".join(_KIND_NAMES[k] for k in kinds)
            raise ApiError(400, f"field {name!r} is {want}, not {json.dumps(value)[:32]}")
    return data


_KIND_NAMES: Final = {str: "text", int: "a whole number", bool: "true or false", dict: "an object"}


def seed_of(value: object) -> int | None:
    """A deal number: a JSON number, or text of digits (numbers beyond 2**53 survive JavaScript so)."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip().isdigit():
            raise ApiError(400, f"a deal number is a whole number from 0, not {value[:32]!r}")
        return int(value)
    return int(value)  # type: ignore[call-overload]


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


async def list_games(request: Request) -> JSONResponse:
    sources = plugin_sources()
    return JSONResponse([spec_json(spec, sources) for spec in patience_core.games()])


async def create_game(request: Request) -> JSONResponse:
    body = fields(
        await read_json(request),
        {"game": (str,), "seed": (int, str), "winnable": (bool,), "options": (dict,)},
    )
    if "game" not in body:
        raise ApiError(400, "field 'game' is missing: the id of a game or preset, such as 'tripeaks'")
    state = await work(
        games_of(request).create,
        body["game"],
        seed=seed_of(body.get("seed")),
        winnable=body.get("winnable", False),
        options=body.get("options"),
    )
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
    """The route of a change that takes only the client's version: undo, redo, restart."""

    async def endpoint(request: Request) -> JSONResponse:
        body = fields(await read_json(request), {"version": (int,)})
        method = getattr(games_of(request), name)
        return JSONResponse(await work(method, request.path_params["id"], version=body.get("version")))

    endpoint.__name__ = name
    return endpoint


async def hint(request: Request) -> JSONResponse:
    return JSONResponse(await work(games_of(request).hint, request.path_params["id"]))


async def still_winnable(request: Request) -> JSONResponse:
    return JSONResponse(await work(games_of(request).still_winnable, request.path_params["id"]))


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
    player view and of the game record (the files of docs/schemas, shipped with the page)."""
    doc: dict[str, Any] = json.loads((HERE / "openapi.json").read_text(encoding="utf-8"))
    doc["info"]["version"] = patience_core.__version__
    schemas = doc["components"]["schemas"]
    for name, file in (("PlayerView", "player-view"), ("GameRecord", "game-record")):
        schema = json.loads((STATIC / "schemas" / f"{file}.schema.json").read_text(encoding="utf-8"))
        schema.pop("$schema", None)
        schema["$id"] = f"/static/schemas/{file}.schema.json"  # its "#/$defs/..." refs resolve within it
        schemas[name] = schema
    return doc


# --- errors -------------------------------------------------------------------------------------------


async def api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    reasons = {404: f"no such page or API route: {request.url.path[:64]}", 405: "method not allowed here"}
    message = reasons.get(exc.status_code, str(exc.detail))
    return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> JSONResponse:
    # A bug: the log gets the traceback, the client one line.
    log.error("error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "the server failed on this request (a bug: see the server's log)"}, 500)


# --- the app -----------------------------------------------------------------------------------------


def create_app(folder: Path | None = None, *, games: Games | None = None) -> Starlette:
    """The app, keeping its games in ``folder`` (default: the data folder of the statistics)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
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
        Route(gid, get_game),
        Route(gid + "/moves", play_move, methods=["POST"]),
        Route(gid + "/undo", change("undo"), methods=["POST"]),
        Route(gid + "/redo", change("redo"), methods=["POST"]),
        Route(gid + "/restart", change("restart"), methods=["POST"]),
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
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=600)  # outermost: compresses every answer
    app.state.asset_version = version
    return app

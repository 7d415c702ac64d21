import contextlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for web_helpers, under --import-mode=importlib


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Every test gets its own data folder: nothing touches the real home."""
    home = tmp_path / "home"
    monkeypatch.setenv("PATIENCE_HOME", str(home))
    return home


BASE = "http://127.0.0.1:8000"


@pytest.fixture
def client(isolated):
    from starlette.testclient import TestClient

    from patience_core.web.app import create_app

    with TestClient(create_app(isolated), base_url=BASE) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A real server (uvicorn) on 127.0.0.1 and a free port, for the module's tests."""
    from web_helpers import LiveServer

    from patience_core.web.app import create_app

    server = LiveServer(create_app(tmp_path_factory.mktemp("live-home")))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def server(live):
    """The module's real server, under the name the page tests use (a module may define its own)."""
    return live


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through Playwright, one for the module's tests."""
    from page_helpers import chromium

    yield from chromium()


@pytest.fixture(autouse=True)
def close_pages():
    """Each test's pages closed after it: a page left open keeps its clock and animations
    running for the rest of the module, and a hundred of them slowed every later test."""
    from page_helpers import OPENED

    yield
    while OPENED:
        context = OPENED.pop()
        with contextlib.suppress(Exception):  # the browser may be gone at the module's end
            context.close()

"""The page's files: served from the package at an address that carries their version (so a
browser keeps them for good and finds a new version at once), nothing loaded from elsewhere,
and every answer compressed for a browser that accepts it."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from patience_core.web.app import asset_version

STATIC = Path(__file__).parents[2] / "src" / "patience_core" / "web" / "static"
ASSETS = ("app.js", "table.js", "moves.js", "motion.js", "style.css")


def test_the_page_names_its_files_at_their_version_and_they_are_cached_for_good(client):
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-cache"
    version = asset_version()
    assert re.fullmatch(r"[0-9a-f]{12}", version)
    assert f'src="/static/{version}/app.js"' in page.text
    assert f'href="/static/{version}/style.css"' in page.text
    for asset in ASSETS:
        response = client.get(f"/static/{version}/{asset}")
        assert response.status_code == 200, asset
        assert response.text == (STATIC / asset).read_text(encoding="utf-8")
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    # Another version's address is not this version's file.
    assert client.get("/static/0123456789ab/app.js").status_code == 404
    # The plain addresses stay, for the schemas and for links from elsewhere, and are checked again.
    plain = client.get("/static/schemas/player-view.schema.json")
    assert plain.status_code == 200
    assert "immutable" not in plain.headers.get("cache-control", "")


def test_the_version_changes_with_the_files(tmp_path, monkeypatch):
    import patience_core.web.app as web

    copy = tmp_path / "static"
    copy.mkdir()
    for path in STATIC.glob("*.*"):
        (copy / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(web, "STATIC", copy)
    before = web.asset_version()
    (copy / "style.css").write_text("body { color: red; }\n", encoding="utf-8")
    assert web.asset_version() != before


def test_a_game_has_its_own_address_that_serves_the_page(client):
    page = client.get("/play/AnyIdTheServerDoesNotCheck123")
    assert page.status_code == 200
    assert 'src="/static/' in page.text
    assert page.text == client.get("/").text


def test_nothing_is_loaded_from_elsewhere(client):
    page = client.get("/")
    text = page.text + "".join((STATIC / a).read_text(encoding="utf-8") for a in ASSETS)
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
    assert "@import" not in text
    assert "url(" not in text
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_answers_are_compressed_for_a_browser_that_accepts_it(client):
    version = asset_version()
    for path in ("/", f"/static/{version}/app.js", "/api/games"):
        zipped = client.get(path, headers={"accept-encoding": "gzip"})
        assert zipped.headers.get("content-encoding") == "gzip", path
        plain = client.get(path, headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert zipped.content == plain.content  # the client unzips it
        raw = len(plain.content)
        assert raw > 1000
        assert len(gzip.compress(plain.content)) < raw / 2
    game = client.post(
        "/api/games", json={"game": "tripeaks", "seed": 2}, headers={"accept-encoding": "gzip"}
    )
    assert game.status_code == 201
    assert game.headers["content-encoding"] == "gzip"
    assert game.headers["cache-control"] == "no-store"

"""Helpers for the browser tests: Chromium through Playwright, a page opened on a game, waits
on the page's own record of how far the game is (``body[data-moves]``), and screenshots.

There is no skip: without Chromium these tests fail, and ``bash scripts/test-setup.sh`` (the
first step of the README's test line) installs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).parents[2] / "build" / "screenshots"
MIN_CARD = 24  # px: narrower cards are too small to touch
SIZES = {1280: (1280, 800), 360: (360, 740)}
# The browser logs each 4xx answer (a refused move is one, an unknown game another).
REFUSED = "Failed to load resource: the server responded with a status of 4"
OPENED: list[BrowserContext] = []
"""The contexts of the pages opened in the running test (closed after it, conftest.py)."""


def chromium() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            "Chromium is not installed: run 'bash scripts/test-setup.sh' (the README's test line does)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def new_page(browser: Browser, width: int = 1280, **context: Any) -> Page:
    """A page at ``width`` pixels (1280x800 or 360x740) that records its errors in ``page.errors``."""
    w, h = SIZES.get(width, (width, 800))
    opened = browser.new_context(viewport={"width": w, "height": h}, **context)
    OPENED.append(opened)
    page = opened.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text) if msg.type == "error" and not msg.text.startswith(REFUSED) else None
        ),
    )
    page.errors = errors  # type: ignore[attr-defined]
    return page


def make_game(url: str, body: dict) -> str:
    response = httpx.post(f"{url}/api/games", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def open_game(browser: Browser, url: str, body: dict, width: int = 1280, **context: Any) -> tuple[Page, str]:
    """A page at ``width`` pixels on a new game made with ``body``, at the game's own address,
    once the deal has come to rest."""
    gid = make_game(url, body)
    page = new_page(browser, width, **context)
    page.goto(f"{url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    return page, gid


def settle(page: Page) -> None:
    """Until no card moves: where a card is drawn is where it ends up."""
    page.wait_for_function("() => document.getAnimations().length === 0")


def moves(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-moves") or "-1")


def wait_moves(page: Page, n: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-moves", str(n))


def wait_past(page: Page, n: int) -> None:
    """Until more than ``n`` moves are played (a click and perhaps auto-played moves)."""
    for _ in range(200):
        if moves(page) > n:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"still {moves(page)} moves played, expected more than {n}")


def box(page: Page, selector: str) -> dict[str, float]:
    """The box of the first node ``selector`` (CSS) finds once no card moves, found and measured
    in one step in the page: a redraw between the two replaces the node found."""
    settle(page)
    found = page.wait_for_function(
        """(selector) => {
          const node = document.querySelector(selector);
          const r = node && node.getBoundingClientRect();
          return r && r.width ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
        }""",
        arg=selector,
    )
    return dict(found.json_value())


def center(page: Page, selector: str) -> tuple[float, float]:
    b = box(page, selector)
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def grip(page: Page, selector: str) -> tuple[float, float]:
    """Where a finger takes a card: near its top, the part a fan or a lower row leaves in sight."""
    b = box(page, selector)
    return b["x"] + b["width"] / 2, b["y"] + min(10, b["height"] * 0.12)


def drag(page: Page, source: str, target: str, steps: int = 8) -> None:
    """A mouse drag from the top of ``source`` to the middle of ``target``."""
    x0, y0 = grip(page, source)
    x1, y1 = center(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=2)
    page.mouse.move(x1, y1, steps=steps)
    page.mouse.up()


def touch_drag(page: Page, source: str, target: str, steps: int = 8) -> None:
    """A drag by a finger (touch events, which Chromium turns into pointer events)."""
    x0, y0 = grip(page, source)
    x1, y1 = center(page, target)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def no_scrolling(page: Page) -> None:
    width, height = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    viewport = page.viewport_size
    assert viewport is not None
    assert (width, height) == (viewport["width"], viewport["height"]), "the page scrolls"
    # Every card lies inside the window.
    outside = page.evaluate(
        """() => [...document.querySelectorAll('#table .card, #table .place')].filter((n) => {
             const r = n.getBoundingClientRect();
             const out = r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
             return out || r.left < -0.5 || r.top < -0.5;
           }).map((n) => n.getAttribute('aria-label'))"""
    )
    assert outside == []


def card_width(page: Page) -> float:
    """The width of the table's first card (measured by :func:`box`: a window that changed size
    draws the table anew, and a card found before that is gone)."""
    return box(page, "#table .card")["width"]


def resize(page: Page, width: int, height: int) -> None:
    """The window set to ``width`` by ``height``, once the table is drawn for it: the page sees
    the new size when it next draws a frame (later under load), and redraws the table then."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h"
        " && document.getElementById('table').getBoundingClientRect().right <= w",
        arg=[width, height],
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    settle(page)


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=path)
    return path

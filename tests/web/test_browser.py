"""The page in a real browser (Playwright driving the system's Chromium): a TriPeaks game won by
clicks, a Pyramid pair and a king, an illegal click refused, undo, redo, a hint, a new deal, a
reload that resumes, keys, and a layout no shipped game has. Screenshots at 1280 and 360 pixels
go to build/screenshots/.

There is no skip: without Chromium these tests fail, and ``bash scripts/test-setup.sh`` (the
first step of the README's test line) installs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from web_helpers import LiveServer

import patience_core
from patience_core import GameSpec, Layout, hookimpl
from patience_core.web.app import create_app

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


class ThreePyramids:
    """The three-pyramids layout of docs/writing-a-plugin.md, registered in-process."""

    @hookimpl
    def register_games(self, register) -> None:
        from patience_tripeaks import SPEC as TRIPEAKS
        from patience_tripeaks import TriPeaks

        class Rules(TriPeaks):
            layout = Layout.beside(*[Layout.pyramid(4)] * 3, name="three-pyramids")

        register(
            GameSpec(
                "three-pyramids",
                "Three Pyramids",
                "TriPeaks on three pyramids apart.",
                Rules,
                options=TRIPEAKS.options,
            )
        )


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    name = patience_core.register_plugin(ThreePyramids(), "test-three-pyramids")
    live = LiveServer(create_app(tmp_path_factory.mktemp("browser-home")))
    try:
        yield live
    finally:
        live.stop()
        patience_core.unregister_plugin(name)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            "Chromium is not installed: run 'bash scripts/test-setup.sh' (the README's test line does)"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def open_game(browser: Browser, server: LiveServer, body: dict, width: int = 1280) -> tuple[Page, str]:
    """A page at ``width`` pixels playing a new game made with ``body``; auto-play left on."""
    gid = httpx.post(f"{server.url}/api/games", json=body).json()["id"]
    context = browser.new_context(viewport={"width": width, "height": 860 if width > 600 else 760})
    # The game to open, once: a reload must find what the page itself kept.
    context.add_init_script(
        "if (!sessionStorage.getItem('opened')) {"
        f" localStorage.setItem('patience.game', '{gid}'); sessionStorage.setItem('opened', '1'); }}"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # The browser logs each 4xx answer (a refused move is one); anything else is a fault.
    refused = "Failed to load resource: the server responded with a status of 4"
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text) if msg.type == "error" and not msg.text.startswith(refused) else None
        ),
    )
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    page.errors = errors  # type: ignore[attr-defined]
    return page, gid


def moves(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-moves") or "-1")


def wait_moves(page: Page, n: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-moves", str(n))


def wait_past(page: Page, n: int) -> None:
    """Until more than ``n`` moves are played (a click and perhaps auto-played draws)."""
    for _ in range(200):
        if moves(page) > n:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"still {moves(page)} moves played, expected more than {n}")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def test_a_tripeaks_game_won_by_clicks(browser, server):
    line = patience_core.solve_full_information(patience_core.new_game("tripeaks", seed=2)).line
    page, gid = open_game(browser, server, {"game": "tripeaks", "seed": 2})
    shot(page, "tripeaks-1280")
    for n, move in enumerate(line):
        if moves(page) > n:
            continue  # auto-play drew already
        if move == "draw":
            page.click("[data-key=stock]")
        else:
            page.click(f"#table [data-card='{move}']")
        wait_past(page, n)
        if n == 12:
            shot(page, "tripeaks-playing-1280")
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-share")).to_contain_text("deal 2")
    shot(page, "tripeaks-won-1280")
    game = server.games._find(gid).game
    assert [str(m) for m in game.moves] == list(line)
    assert game.is_won()
    assert page.errors == []  # type: ignore[attr-defined]


def test_pyramid_pair_king_illegal_click_undo_redo_and_hint(browser, server):
    page, gid = open_game(browser, server, {"game": "pyramid", "seed": 28})
    expect(page.locator("#table [data-card='QC']")).to_have_attribute("aria-label", "queen of clubs, covered")
    expect(page.locator("#table [data-card='7S']")).to_have_attribute("aria-label", "seven of spades, free")
    # A pair: two clicks.
    page.click("#table [data-card='7S']")
    expect(page.locator("#table [data-card='7S']")).to_have_class(re.compile(r"\bselected\b"))
    expect(page.locator("#message")).to_contain_text("Seven of spades chosen")
    page.click("#table [data-card='6H']")
    wait_moves(page, 1)
    # A king alone: one click.
    page.click("#table [data-card='KS']")
    wait_moves(page, 2)
    assert [str(m) for m in server.games._find(gid).game.moves] == ["7S+6H", "KS"]
    # An illegal click: the reason in words, nothing changed.
    page.click("#table [data-card='QC']", force=True)
    expect(page.locator("#message")).to_have_text(re.compile(r"^illegal move QC: .+"))
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    assert moves(page) == 2
    assert len(server.games._find(gid).game.moves) == 2
    # Undo and redo, by button and by key.
    page.click("#undo")
    wait_moves(page, 1)
    expect(page.locator("#table [data-card='KS']")).to_be_visible()
    page.keyboard.press("r")
    wait_moves(page, 2)
    expect(page.locator("#table [data-card='KS']")).to_have_count(0)
    # A hint: its move is marked and its line of reasons shown.
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: .+ samples"), timeout=15_000)
    assert page.locator(".hinted").count() >= 1
    shot(page, "pyramid-hint-1280")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_new_deal_by_number_keys_and_a_reload_that_resumes(browser, server):
    page, _ = open_game(browser, server, {"game": "tripeaks", "seed": 2})
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()
    page.select_option("#new-game", "golf")
    page.check("input[name=deal][value=number]")
    page.fill("#new-number", "13")
    page.click("#new-deal")
    expect(page.locator("#title")).to_have_text("Golf")
    golf = patience_core.new_game("golf", seed=13).to_dict("player")
    free = sorted(p["card"] for p in golf["layout"] if p["free"])
    shown = sorted(page.locator("#table .card.free").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert shown == free
    # Keys alone: D draws, Tab reaches a card, Enter plays it when it fits.
    page.keyboard.press("d")
    wait_moves(page, 1)
    legal = page.evaluate(
        "() => [...document.querySelectorAll('#table .card.free')].map(c => c.dataset.card)"
    )
    assert legal
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-moves", "1")
    expect(page.locator("#title")).to_have_text("Golf")
    expect(page.locator("#message")).to_contain_text("Welcome back")
    page.locator("#table .card[tabindex='0']").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.classList.contains('card')")
    page.keyboard.press("u")
    wait_moves(page, 0)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", [1280, 360])
def test_a_layout_no_shipped_game_has_is_drawn_from_the_view(browser, server, width):
    page, gid = open_game(browser, server, {"game": "three-pyramids", "seed": 6}, width)
    view = server.games._find(gid).game.to_dict("player")
    cards = page.locator("#table .card")
    expect(cards).to_have_count(30)
    assert page.locator("#table .card.back").count() == sum(not p["face_up"] for p in view["layout"])
    labels = page.locator("#table .card.free").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert len(labels) == 12
    assert all(label.endswith(", free") for label in labels)
    # Drawn where the view says: the first free card's left edge and the last one's are apart by
    # the coordinates' span, in half card widths.
    boxes = [cards.nth(i).bounding_box() for i in range(30)]
    width_px = boxes[0]["width"]
    xs = [p["x"] for p in view["layout"]]
    span = max(b["x"] for b in boxes) - min(b["x"] for b in boxes)
    assert abs(span - (max(xs) - min(xs)) * width_px / 2) < 2
    shot(page, f"three-pyramids-{width}")
    assert max(b["x"] + b["width"] for b in boxes) <= width  # fits the screen
    if width == 360:
        open_game(browser, server, {"game": "tripeaks", "seed": 2}, width)[0].screenshot(
            path=SHOTS / "tripeaks-360.png", full_page=True
        )
    assert page.errors == []  # type: ignore[attr-defined]

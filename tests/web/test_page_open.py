"""A game as it opens in the browser: with auto-play on, the aces (and safe cards) of a new
Klondike or FreeCell deal are dealt to their places and fly home; leaving such a game is not a
loss; with auto-play off nothing is played; with reduced motion nothing moves."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from page_helpers import make_game, new_page, settle, wait_moves
from playwright.sync_api import Browser, Page, expect
from web_helpers import LiveServer


def violations(page: Page) -> list[str]:
    """axe-core's violations, its experimental and best-practice rules included."""
    rules = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"]
    found = Axe().run(page, options={"resultTypes": ["violations"], "runOnly": rules}).response["violations"]
    return [f"{v['id']}: {len(v['nodes'])}" for v in found]


def deal_from_the_menu(page: Page, game: str, number: int) -> None:
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()
    page.select_option("#new-game", game)
    page.check("input[name=deal][value=number]")
    page.fill("#new-number", str(number))
    page.click("#new-deal")


def first_page(browser: Browser, server: LiveServer, *, auto: bool, **context) -> Page:
    """A page on a TriPeaks game (nothing to auto-play at its deal), auto-play on or off."""
    gid = make_game(server.url, {"game": "tripeaks", "seed": 2})
    page = new_page(browser, 1280, **context)
    page.context.add_init_script(f"localStorage.setItem('patience.auto', '{'on' if auto else 'off'}')")
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    return page


def home(page: Page, card: str) -> str:
    return page.locator(f"#table .card[data-card='{card}']").get_attribute("data-src") or ""


def test_the_aces_of_a_new_klondike_deal_are_dealt_then_fly_home(browser, server):
    # Klondike deal 3: the ace of diamonds tops column 1 and the ace of clubs column 6.
    page = first_page(browser, server, auto=True)
    # Every animation made from now on, kept: a finished one leaves getAnimations(), and a card
    # only dealt finishes its flight long before the aces (on a busy machine, before the check
    # below reads it). The flights are those that start from a translation (not a card turning).
    page.evaluate(
        """() => { const animate = Element.prototype.animate; window.flown = [];
             Element.prototype.animate = function (...args) {
               const made = animate.apply(this, args); window.flown.push([this, made]); return made; }; }"""
    )
    deal_from_the_menu(page, "klondike", 3)
    wait_moves(page, 2)
    expect(page.locator("#title")).to_have_text("Klondike, deal 3")
    assert home(page, "AD").startswith("f")
    assert home(page, "AC").startswith("f")
    flights = page.evaluate(
        """() => ['[data-card="AD"]', '[data-card="AC"]', '[data-src="t7"]']
             .map((c) => document.querySelector(`#table .card${c}`))
             .map((n) => n ? window.flown.filter(([m, a]) => m === n
                   && String(a.effect.getKeyframes()[0].transform).startsWith("translate"))
                 .map(([, a]) => a).map((a) => ({
               delay: a.effect.getTiming().delay,
               leaves: a.effect.getTiming().delay
                 + a.effect.getKeyframes()[2]?.computedOffset * a.effect.getTiming().duration,
               frames: a.effect.getKeyframes().map((k) => k.transform) })) : null)"""
    )
    (ad,), (ac,) = flights[0], flights[1]
    for ace in (ad, ac):
        # From the stock, to its column (held there), then home.
        assert len(ace["frames"]) == 4
        assert ace["frames"][1] == ace["frames"][2] != "none"
        assert ace["frames"][3] == "none"
    assert abs(ad["leaves"] - ac["leaves"]) >= 100  # home one after the other, once all are dealt
    assert min(ad["leaves"], ac["leaves"]) > max(ad["delay"], ac["delay"]) + 200
    assert len(flights[2][0]["frames"]) == 2  # a card left in its column: only dealt
    settle(page)
    said = r"Played for you: the ace of (diamonds|clubs) to foundation \d, the ace of (clubs|diamonds) to"
    expect(page.locator("#message")).to_contain_text(re.compile(said + r" foundation \d\."))
    assert violations(page) == []
    # The ace played for you is the player's to take back; leaving now is no loss.
    page.keyboard.press("n")
    expect(page.locator("#new-dialog")).to_be_visible()
    expect(page.locator("#new-abandon")).to_be_hidden()
    page.keyboard.press("Escape")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_freecell_deal_opens_with_its_aces_home_and_nothing_moves_with_reduced_motion(browser, server):
    page = first_page(browser, server, auto=True, reduced_motion="reduce")
    deal_from_the_menu(page, "freecell", 8)
    wait_moves(page, 2)
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert home(page, "AC").startswith("f") or home(page, "AS").startswith("f")
    aces_home = page.locator("#table .card[data-src^='f']").count()
    assert aces_home == 2
    assert page.errors == []  # type: ignore[attr-defined]


def test_with_auto_play_off_a_new_deal_opens_as_dealt(browser, server):
    page = first_page(browser, server, auto=False)
    deal_from_the_menu(page, "klondike", 3)
    expect(page.locator("#title")).to_have_text("Klondike, deal 3")
    page.wait_for_timeout(300)
    wait_moves(page, 0)
    assert home(page, "AD") == "t1"
    assert page.errors == []  # type: ignore[attr-defined]

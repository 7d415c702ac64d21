"""axe-core (bundled by the axe-playwright-python package) finds no violation on any installed
game at 1280x800 and at 360x740, its experimental rules included (label-content-name-mismatch
among them); every game fits both windows with no scrolling and cards no narrower than a finger
needs (each page is opened at 360 and widened to 1280). The pictures of every game in
docs/web.md are made by scripts/web_screenshots.py, not here: a hundred screenshots no test
looks at cost the run some 13 s."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from page_helpers import MIN_CARD, SIZES, card_width, no_scrolling, open_game, resize, settle
from playwright.sync_api import Page

import patience_core

GAMES = sorted(spec.id for spec in patience_core.games())
# One game of each family shows its places lit to axe: one renderer lights them in every game,
# and a family's games share their kinds of pile (an axe run costs about 0.7 s).
LIT = {min(spec.id for spec in patience_core.games() if spec.family == family) for family in
       {spec.family for spec in patience_core.games()}}  # fmt: skip
AXE = Axe()
# Every rule axe has, the experimental ones too; the best-practice ones as well.
OPTIONS = {"resultTypes": ["violations"], "runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                     "best-practice", "experimental"]}  # fmt: skip


def violations(page: Page) -> list[str]:
    # axe is put into a page once, and only the violations come back: the library's own run
    # puts it in again each time and returns every rule's result (an eighth of a run's cost).
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.axe_script)
    found = page.evaluate("(options) => axe.run(document, options).then((r) => r.violations)", OPTIONS)
    return [f"{v['id']}: {len(v['nodes'])} ({v['nodes'][0]['target']})" for v in found]


def clean_and_fits(page: Page, *, axe: bool) -> None:
    if axe:
        assert violations(page) == []
    no_scrolling(page)
    assert card_width(page) >= MIN_CARD


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_clean_fits_and_is_shown(browser, server, game, long_profile):
    # Opened at 360 pixels, then the window widened to 1280: one page for both sizes (a new
    # page costs more than the checks), and the page must follow a window that changes size.
    # Widened, every game's page was, pixel for pixel, the page opened at 1280.
    # axe runs at both sizes in the long profile; in the CI profile at one, every other game at
    # the other (an axe run is some 0.6 s of CPU): every game fits both, every size is checked.
    axe_at_360 = GAMES.index(game) % 2 == 0
    page, _ = open_game(browser, server.url, {"game": game, "seed": 3}, 360, reduced_motion="reduce")
    clean_and_fits(page, axe=long_profile or axe_at_360)
    resize(page, *SIZES[1280])
    clean_and_fits(page, axe=long_profile or not axe_at_360)
    # A card chosen, its places lit: still clean (at one size: the same nodes at the other).
    movable = page.locator("#table .card.movable")
    if game in LIT and movable.count():
        movable.first.focus()
        page.keyboard.press("Enter")
        settle(page)
        assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_window_is_clean(browser, server):
    page, _ = open_game(browser, server.url, {"game": "pyramid", "seed": 3}, reduced_motion="reduce")
    for key, dialog in (("n", "new"), ("g", "saved"), ("s", "stats"), ("o", "settings"), ("?", "help")):
        page.keyboard.press(key)
        page.wait_for_selector(f"#{dialog}-dialog[open]")
        assert violations(page) == [], dialog
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}-dialog:not([open])", state="attached")


def test_the_check_finds_a_violation(browser, server):
    page, _ = open_game(browser, server.url, {"game": "golf", "seed": 3}, reduced_motion="reduce")
    assert violations(page) == []
    page.evaluate("() => document.body.append(document.createElement('button'))")  # a button with no name
    assert any(v.startswith("button-name: 1 ") for v in violations(page))

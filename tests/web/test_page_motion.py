"""Motion and clicks on a pile game: a single click plays a card's obvious move, a card
uncovered turns over, a click while cards slide plays at once on the game as it stands, and a
win makes the cards leap (and nothing moves with reduced motion)."""

from __future__ import annotations

import re

import httpx
from page_helpers import make_game, new_page, settle, wait_moves
from playwright.sync_api import Browser, Page, expect
from web_helpers import LiveServer

import patience_core

KEYFRAMES = """(selector) => [...document.querySelectorAll(selector)].flatMap((n) => n.getAnimations())
  .map((a) => a.effect.getKeyframes().map((k) => k.transform || '').join(' '))"""


def klondike_3(browser: Browser, server: LiveServer, **context) -> Page:
    """Klondike deal 3, auto-play off: the ace of diamonds alone in column 1, the ace of clubs
    on five face-down cards in column 6."""
    gid = make_game(server.url, {"game": "klondike", "seed": 3})
    page = new_page(browser, 1280, **context)
    page.context.add_init_script("localStorage.setItem('patience.auto', 'off')")
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    return page


def slow_motion(page: Page) -> None:
    """Every animation of the page a tenth as fast (a slide of 190 ms takes 1.9 s), so a test
    that looks at one while it runs still finds it on a loaded machine."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})


def test_a_single_click_plays_an_aces_obvious_move_and_the_card_under_it_turns_over(browser, server):
    page = klondike_3(browser, server)
    slow_motion(page)
    page.click("#table .card[data-card='AC']")
    wait_moves(page, 1)
    expect(page.locator("#table .card[data-card='AC']")).to_have_attribute("data-src", re.compile("^f"))
    # The card it uncovered in column 6 is face up now, and turns over as it comes into sight.
    top = page.locator("#table .card[data-src='t6']").last
    assert top.get_attribute("data-card")
    frames = page.evaluate(KEYFRAMES, "#table .card[data-src='t6']:not(.back)")
    assert any("scaleX" in f for f in frames), frames
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_click_while_cards_slide_plays_at_once_on_the_game_as_it_stands(browser, server):
    page = klondike_3(browser, server)
    slow_motion(page)  # so a loaded machine still clicks again while the first card slides
    page.click("#table .card[data-card='AD']")
    # At once, while the ace still slides: the page is drawn as the game stands.
    expect(page.locator("#table .card[data-card='AD']")).to_have_attribute("data-src", re.compile("^f"))
    moving = page.evaluate("() => document.getAnimations().length")
    page.click("#table .card[data-card='AC']", force=True)
    wait_moves(page, 2)
    assert moving > 0  # the second click came while the first card was still moving
    expect(page.locator("#table .card[data-card='AC']")).to_have_attribute("data-src", re.compile("^f"))
    settle(page)
    assert page.locator("#table .card[data-src='t1']").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]


def nearly_won(server: LiveServer) -> tuple[str, str]:
    """A TriPeaks deal 2 game one move from its win (the solver's line played but the last)."""
    line = [
        str(m) for m in patience_core.solve_full_information(patience_core.new_game("tripeaks", seed=2)).line
    ]
    gid = make_game(server.url, {"game": "tripeaks", "seed": 2})
    for move in line[:-1]:
        assert httpx.post(f"{server.url}/api/games/{gid}/moves", json={"move": move}).status_code == 200
    return gid, line[-1]


def open_nearly_won(browser: Browser, server: LiveServer, **context) -> Page:
    gid, last = nearly_won(server)
    page = new_page(browser, 1280, **context)
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    slow_motion(page)  # the leap is over in 1.4 s: a loaded machine looked after it had ended
    if last == "draw":
        page.click("[data-key=stock]")
    else:
        page.click(f"#table [data-card='{last}']")
    expect(page.locator("#end-title")).to_have_text("You won!")
    return page


def test_a_win_makes_the_cards_leap_and_reduced_motion_keeps_them_still(browser, server):
    page = open_nearly_won(browser, server)
    leaps = [f for f in page.evaluate(KEYFRAMES, "#table .card") if "rotate" in f]
    assert leaps
    assert len(leaps) == page.locator("#table .card").count()  # every card on the table
    assert page.errors == []  # type: ignore[attr-defined]
    quiet = open_nearly_won(browser, server, reduced_motion="reduce")
    assert quiet.evaluate("() => document.getAnimations().length") == 0


def test_a_second_copy_of_a_card_in_two_decks_is_clicked_and_played_as_itself(browser, server):
    # Double Golf deal 1: the only card move is the second eight of hearts ("8H#2"); the view
    # names its copy, and the page plays that very card on a click.
    gid = make_game(server.url, {"game": "double-golf", "seed": 1})
    view = httpx.get(f"{server.url}/api/games/{gid}").json()
    view = view.get("view", view)
    assert "8H#2" in view["legal_moves"]
    copies = [p for p in view["layout"] if p.get("copy")]
    assert copies
    assert all(p["card"] and p["copy"] == 2 for p in copies)
    page = new_page(browser, 1280)
    page.context.add_init_script("localStorage.setItem('patience.auto', 'off')")
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    page.click("#table .card[data-card='8H#2']")
    wait_moves(page, 1)
    played = httpx.get(f"{server.url}/api/games/{gid}").json()
    played = played.get("view", played)
    assert played["moves"] == ["8H#2"]
    assert page.errors == []  # type: ignore[attr-defined]

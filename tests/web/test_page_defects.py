"""Each defect found on the page when it was tried as a new player would, with a test that
failed on that page: a drawn card left over from Pyramid, a double click that played two
moves, what a keyboard or screen reader could not reach, the `unlimited` passes, the messages,
a stock shown where a game has none, and the docs."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from page_helpers import moves, new_page, open_game, settle, wait_moves, wait_past
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import patience_core

ROOT = Path(__file__).parents[2]


def new_deal(page: Page, game: str, number: int | None = None) -> None:
    """A new deal from the New deal window (abandoning the game on, when asked)."""
    page.click("#new")
    page.select_option("#new-game", game)
    if number is not None:
        page.check("input[name=deal][value=number]")
        page.fill("#new-number", str(number))
    page.click("#new-deal")
    if page.locator("#confirm-dialog").is_visible():
        page.click("#confirm-yes")
    expect(page.locator("#new-dialog")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-moves", "0")
    settle(page)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two CSS colours rgb(...)/rgba(...)."""

    def luminance(colour: str) -> float:
        r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", colour)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def resumed_one_move_from_the_end(url: str, game_id: str, seed: int, seconds: float) -> tuple[str, str]:
    """A game resumed from its record one move before the win, its clock at ``seconds``; the
    game's id and the winning move."""
    game = patience_core.new_game(game_id, seed=seed)
    line = patience_core.solve_full_information(game.copy()).line
    for move in line[:-1]:
        game.play(move)
    record = game.to_record()
    record["seconds"] = seconds
    answer = httpx.post(f"{url}/api/records", json=record)
    assert answer.status_code == 201, answer.text
    assert answer.json()["seconds"] == pytest.approx(seconds)
    return answer.json()["id"], str(line[-1])


# --- 1. the drawn card of Pyramid ---------------------------------------------------------------------


def test_1_no_drawn_card_is_left_from_pyramid_in_golf_or_tripeaks(browser, server):
    page, _ = open_game(browser, server.url, {"game": "pyramid", "seed": 28})
    page.click("[data-key=stock]")
    wait_past(page, 0)
    expect(page.get_by_role("button", name=re.compile(r", drawn card$"))).to_have_count(1)
    for game in ("golf", "tripeaks"):
        new_deal(page, game)
        assert page.get_by_role("button", name=re.compile(r"drawn", re.I)).count() == 0
        assert page.get_by_text("Drawn", exact=True).count() == 0


# --- 2. a double click at human speed -------------------------------------------------------------------


def test_2_a_double_click_at_human_speed_plays_one_move(browser, server):
    # Golf deal 8: the five of spades plays on the waste, and the six of spades above it would
    # play on the five: after the first click it lies under the pointer.
    page, gid = open_game(browser, server.url, {"game": "golf", "seed": 8})
    box = page.locator("#table [data-card='5S']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6
    page.mouse.click(x, y)
    page.wait_for_timeout(130)
    page.mouse.click(x, y, click_count=2)
    page.wait_for_timeout(600)
    assert moves(page) == 1
    assert [str(m) for m in server.games._find(gid).game.moves] == ["5S"]


# --- 5. keyboard and screen reader --------------------------------------------------------------------


def test_5_resume_a_saved_game_is_a_button_the_keyboard_reaches(browser, server):
    page, _ = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    page.keyboard.press("g")
    button = page.get_by_role("button", name=re.compile(r"^Resume a saved game"))
    expect(button).to_be_visible()
    expect(page.locator("#saved-dialog")).to_be_visible()
    for _ in range(20):
        if page.evaluate("() => document.activeElement.id") == "upload-button":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "upload-button"
    # Under load Chromium may drop the first chooser while its interception is still being
    # switched on; Enter is pressed again then, never anything but the keyboard.
    for attempt in range(3):
        try:
            with page.expect_file_chooser(timeout=10_000) as chooser:
                page.keyboard.press("Enter")
            break
        except PlaywrightTimeoutError:
            assert attempt < 2, "Enter on the focused button never opened a file chooser"
            assert page.evaluate("() => document.activeElement.id") == "upload-button"
    assert chooser.value is not None


def test_5_the_drawn_card_is_named_in_the_live_region(browser, server):
    page, gid = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    page.click("[data-key=stock]")
    wait_moves(page, 1)
    top = server.games._find(gid).game.to_dict("player")["waste"][-1]
    names = {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "9": "nine"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    rank = (
        names.get(top[0])
        or ["two", "three", "four", "five", "six", "seven", "eight"]["2345678".index(top[0])]
    )
    expect(page.locator("#message")).to_have_text(f"Drew the {rank} of {suits[top[1]]}.")


def tab_stops(page: Page) -> set[str]:
    return set(
        page.locator("#table [tabindex='0']").evaluate_all(
            "ns => ns.map((n) => n.dataset.card || n.dataset.key)"
        )
    )


def test_5_tab_stops_only_on_cards_that_can_move(browser, server):
    page, gid = open_game(browser, server.url, {"game": "pyramid", "seed": 28})
    legal = server.games._find(gid).game.to_dict("player")["legal_moves"]
    movable = {card for move in legal if move != "draw" for card in move.split("+")}
    assert tab_stops(page) == movable | {"stock"}
    # Some free cards have no partner now: they are no tab stops.
    free = set(
        page.locator("#table .card.free[data-position]").evaluate_all("ns => ns.map((n) => n.dataset.card)")
    )
    assert free - movable


def test_5_focus_stays_where_the_player_was_after_a_move(browser, server):
    page, _ = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    stops = page.locator("#table .card[data-position][tabindex='0']")
    last = stops.nth(stops.count() - 1)
    first_key = stops.first.get_attribute("data-key")
    last.focus()
    box = last.bounding_box()
    page.keyboard.press("Enter")
    wait_past(page, 0)
    settle(page)
    focused = page.evaluate("() => document.activeElement.dataset.key")
    assert focused is not None
    assert focused != first_key
    # The nearest tab stop to where the played card was.
    nearest = page.evaluate(
        """([x, y]) => [...document.querySelectorAll('#table [tabindex="0"]')].map((n) => {
             const r = n.getBoundingClientRect();
             return [Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y), n.dataset.key];
           }).sort((a, b) => a[0] - b[0])[0][1]""",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert focused == nearest


def test_5_the_focus_ring_is_seen_on_a_white_card_and_on_the_felt_and_is_not_the_hint(browser, server):
    page, _ = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    page.locator("#table .card[data-position][tabindex='0']").first.focus()
    page.keyboard.press("ArrowRight")  # keyboard focus: :focus-visible
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
             return [s.outlineColor, s.outlineWidth, s.outlineStyle, s.boxShadow, s.backgroundColor]; }"""
    )
    outline, width, style, shadow, card = ring
    assert style == "solid"
    assert float(width.removesuffix("px")) >= 2
    assert contrast(outline, card) >= 3  # the inner ring on the white card
    outer = re.match(r"rgba?\([^)]*\)", shadow).group(0)
    felt = "rgb(23, 96, 58)"
    assert contrast(outer, felt) >= 3  # the outer ring on the felt
    assert contrast(outline, outer) >= 3  # two rings that tell apart
    hint = page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--hint').trim()")
    assert hint not in (outline, outer)
    assert "63, 208, 255" not in outline + shadow  # the hint's blue


def test_5_a_card_is_named_for_what_it_shows(browser, server):
    page, _ = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    results = Axe().run(page, options={"runOnly": ["label-content-name-mismatch"]})
    assert results.response["violations"] == []
    # The button's own text is no "K" that its name does not say: the rank is drawn by the style.
    texts = page.locator("#table .card").evaluate_all("ns => ns.map((n) => n.textContent.trim())")
    assert all(text in ("", *[str(n) for n in range(100)]) for text in texts)  # only the stock's count


# --- 6. unlimited passes ---------------------------------------------------------------------------------


def test_6_unlimited_passes_can_be_chosen(browser, server):
    page, _ = open_game(browser, server.url, {"game": "pyramid", "seed": 3})
    first = page.evaluate("() => document.body.dataset.game")
    page.click("#new")
    page.select_option("#new-game", "pyramid")
    passes = page.locator("#new-options [data-option=passes]")
    options = passes.locator("option").all_text_contents()
    assert "unlimited" in options
    passes.select_option("unlimited")
    page.click("#new-deal")
    expect(page.locator("#new-dialog")).to_be_hidden()
    expect(page.locator("body")).not_to_have_attribute("data-game", first)  # the new deal shown
    gid = page.evaluate("() => document.body.dataset.game")
    assert server.games._find(gid).game.options["passes"] == "unlimited"
    expect(page.locator("#status")).to_contain_text("pass 1")


# --- 7. messages -------------------------------------------------------------------------------------------


def test_7_the_end_window_stands_alone_says_the_same_time_and_no_every_card_is_out(browser, server):
    # TriPeaks deal 1 is won with a card left in the stock; the clock at 61.7 s rounds up.
    gid, last = resumed_one_move_from_the_end(server.url, "tripeaks", 1, 61.7)
    page = new_page(browser)
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    page.click(f"#table [data-card='{last}']")
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#message")).to_have_text("")
    text = page.locator("#end-text").text_content()
    assert "Every card is out" not in text
    assert text.startswith("The table is clear, with 1 card left in the stock.")
    status_time = re.search(r"Time (\d+:\d\d)", page.locator("#status").text_content()).group(1)
    assert f"time {status_time}." in text
    seconds = int(server.games._find(gid).game.clock.seconds)
    assert status_time == f"{seconds // 60}:{seconds % 60:02d}"


def test_7_a_covered_card_says_what_covers_it(browser, server):
    page, _ = open_game(browser, server.url, {"game": "pyramid", "seed": 28})
    page.click("#table [data-card='QC']", force=True)
    expect(page.locator("#message")).to_have_text(re.compile(r"^The queen of clubs is covered by the .+"))
    assert "pair" not in page.locator("#message").text_content()


def test_7_a_hint_that_comes_after_escape_is_not_shown(browser, server):
    page, _ = open_game(browser, server.url, {"game": "pyramid", "seed": 28})
    with page.expect_response(lambda r: r.url.endswith("/hint")):
        page.click("#hint")
        page.keyboard.press("Escape")
    page.wait_for_timeout(200)
    assert page.locator(".hinted").count() == 0
    assert not page.locator("#message").text_content().startswith("Hint:")


def test_7_the_hint_says_in_words_why(browser, server):
    page, _ = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "), timeout=15_000)
    text = page.locator("#message").text_content()
    assert "when I tried the unseen cards" in text
    assert "sample" not in text
    assert "undecided" not in text


# --- 8. games without a stock ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["black-hole", "all-in-a-row", "giza"])
def test_8_a_game_without_a_stock_shows_none(browser, server, game):
    page, _ = open_game(browser, server.url, {"game": game, "seed": 1})
    assert page.get_by_role("button", name=re.compile(r"stock", re.I)).count() == 0
    assert "Stock" not in page.locator("#status").text_content()
    assert "pass" not in page.locator("#status").text_content()
    assert page.get_by_text(re.compile(r"^Stock")).count() == 0
    if game != "giza":
        # The pile cards are played onto is a foundation, not a waste.
        assert page.get_by_text(re.compile(r"^Waste")).count() == 0
        expect(page.get_by_text(re.compile(r"^Foundation \d+$"))).to_have_count(1)


# --- 9. the docs -------------------------------------------------------------------------------------------


def test_9_the_docs_install_every_game_and_say_what_the_page_does():
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    install = next(line for line in text.splitlines() if "pip install" in line)
    for plugin in sorted(p.name for p in (ROOT / "plugins").iterdir() if (p / "pyproject.toml").exists()):
        assert f"-e plugins/{plugin}" in install, plugin
    assert "when I tried the unseen cards" in text
    assert " samples" not in text.split("## The API")[1].split("## Behind")[0]
    assert "the arrow keys" in text

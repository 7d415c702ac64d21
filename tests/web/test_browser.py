"""The page in a real browser (Playwright driving the system's Chromium): games won by clicks and
by drags, a drag by touch at 360 pixels, a refused drop, a Pyramid pair and king, undo, redo, a
hint, a new deal, keys, a reload that resumes, motion on and off, and a layout no shipped game
has. Screenshots at 1280 and 360 pixels go to build/screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import page_helpers
import pytest
from page_helpers import drag, moves, no_scrolling, shot, touch_drag, wait_moves, wait_past
from playwright.sync_api import Browser, Page, expect
from web_helpers import LiveServer

import patience_core
from patience_core import GameSpec, Layout, hookimpl
from patience_core.web.app import create_app


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


def open_game(
    browser: Browser, server: LiveServer, body: dict, width: int = 1280, **context
) -> tuple[Page, str]:
    return page_helpers.open_game(browser, server.url, body, width, **context)


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
    shot(page, "tripeaks-won-1280")
    game = server.games._find(gid).game
    assert [str(m) for m in game.moves] == list(line)
    assert game.is_won()
    assert page.errors == []  # type: ignore[attr-defined]


def play_by_drags(page: Page, line: list[str], *, touch: bool = False) -> None:
    """Every card move of ``line`` dragged onto where it goes (a pair: onto its partner; a card
    alone: onto the waste, or the cards out); draws clicked."""
    move_by = touch_drag if touch else drag
    for n, move in enumerate(line):
        if moves(page) > n:
            continue
        if move == "draw":
            page.click("[data-key=stock]")
        else:
            cards = move.split("+")
            source = f"#table [data-card='{cards[0]}']"
            if len(cards) == 2:
                target = f"#table [data-card='{cards[1]}']"
            elif page.locator("#table [data-place=removed]").count():
                target = "#table [data-place=removed]"
            else:
                target = "#table [data-place=waste]"
            move_by(page, source, target)
        wait_past(page, n)


def test_a_golf_game_won_by_dragging_with_the_mouse(browser, server):
    seed = next(
        s
        for s in range(1, 40)
        if patience_core.solve_full_information(patience_core.new_game("golf", seed=s)).verdict == "won"
    )
    line = patience_core.solve_full_information(patience_core.new_game("golf", seed=seed)).line
    # Without motion: each drag would wait for the last card to land (the tripeaks game won by
    # clicks plays with it, and motion has tests of its own).
    page, gid = open_game(browser, server, {"game": "golf", "seed": seed}, reduced_motion="reduce")
    play_by_drags(page, list(line))
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert [str(m) for m in server.games._find(gid).game.moves] == list(line)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_pyramid_game_won_by_dragging_with_a_finger_at_360_pixels(browser, server):
    seed = next(
        s
        for s in range(1, 80)
        if patience_core.solve_full_information(patience_core.new_game("pyramid", seed=s)).verdict == "won"
    )
    line = patience_core.solve_full_information(patience_core.new_game("pyramid", seed=seed)).line
    page, gid = open_game(browser, server, {"game": "pyramid", "seed": seed}, 360, has_touch=True)
    no_scrolling(page)
    play_by_drags(page, list(line), touch=True)
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert [str(m) for m in server.games._find(gid).game.moves] == list(line)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_refused_drop_slides_back_with_the_reason(browser, server):
    page, gid = open_game(browser, server, {"game": "tripeaks", "seed": 2})
    legal = set(server.games._find(gid).game.to_dict("player")["legal_moves"])
    wrong = next(
        c
        for c in page.locator("#table .card.free").evaluate_all("cs => cs.map((c) => c.dataset.card)")
        if c not in legal
    )
    before = page.locator(f"#table [data-card='{wrong}']").bounding_box()
    with page.expect_response(lambda r: r.url.endswith("/moves")) as answer:
        drag(page, f"#table [data-card='{wrong}']", "#table [data-place=waste]")
    assert answer.value.status == 422
    expect(page.locator("#message")).to_have_text(re.compile(rf"^illegal move {wrong}: .+"))
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    page.wait_for_timeout(400)  # the slide back
    assert page.locator(f"#table [data-card='{wrong}']").bounding_box() == before
    assert moves(page) == 0
    assert len(server.games._find(gid).game.moves) == 0


def test_legal_places_light_up_while_dragging(browser, server):
    page, gid = open_game(browser, server, {"game": "pyramid", "seed": 28})
    x, y = page_helpers.center(page, "#table [data-card='7S']")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y - 30, steps=3)
    lit = page.locator("#table .target").evaluate_all(
        "ts => ts.map((t) => t.dataset.card || t.dataset.place)"
    )
    legal = server.games._find(gid).game.to_dict("player")["legal_moves"]
    assert sorted(lit) == sorted(m.split("+")[1] for m in legal if m.startswith("7S+"))
    assert page.locator("#drag-layer .card[data-card='7S']").count() == 1
    page.mouse.up()
    expect(page.locator("#table .target")).to_have_count(0)


def test_pyramid_pair_king_covered_card_undo_redo_and_hint(browser, server):
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
    # A covered card: which cards cover it, nothing changed.
    page.click("#table [data-card='QC']", force=True)
    expect(page.locator("#message")).to_have_text(
        "The queen of clubs is covered by the five of diamonds and the five of spades: play those first."
    )
    expect(page.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    assert moves(page) == 2
    assert len(server.games._find(gid).game.moves) == 2
    # Undo and redo, by button and by key.
    page.click("#undo")
    wait_moves(page, 1)
    expect(page.locator("#table [data-card='KS'][data-position]")).to_be_visible()
    page.keyboard.press("r")
    wait_moves(page, 2)
    expect(page.locator("#table [data-card='KS'][data-position]")).to_have_count(0)
    # A hint: its move is marked and its reasons read in words.
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: .+ unseen cards"), timeout=15_000)
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
    expect(page.locator("#title")).to_have_text("Golf, deal 13")
    golf = patience_core.new_game("golf", seed=13).to_dict("player")
    free = sorted(p["card"] for p in golf["layout"] if p["free"])
    shown = sorted(
        page.locator("#table .card.free[data-position]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    )
    assert shown == free
    # Keys alone: D draws, Tab reaches a card, the arrows move between cards.
    page.keyboard.press("d")
    wait_moves(page, 1)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-moves", "1")
    expect(page.locator("#title")).to_have_text("Golf, deal 13")
    expect(page.locator("#message")).to_contain_text("Welcome back")
    page.locator("#table .card[tabindex='0']").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.classList.contains('card')")
    page.keyboard.press("u")
    wait_moves(page, 0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_arrow_moves_focus_and_enter_plays(browser, server):
    page, gid = open_game(browser, server, {"game": "golf", "seed": 13})
    stops = page.locator("#table [tabindex='0']")
    assert stops.count() >= 2
    page.locator("#table .card[data-position][tabindex='0']").first.focus()
    seen = {page.evaluate("() => document.activeElement.dataset.key")}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
        seen.add(page.evaluate("() => document.activeElement.dataset.key"))
    assert len(seen) >= 2  # up and down move too, not only left and right
    card = page.locator("#table .card[data-position][tabindex='0']").first
    card.focus()
    name = card.get_attribute("data-card")
    page.keyboard.press("Enter")
    wait_past(page, 0)
    assert str(server.games._find(gid).game.moves[0]) == name


# Counts the animations the page starts: on a loaded machine a deal can be over before the
# test first looks for animations still running.
COUNT_ANIMATIONS = """
window.started = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.started += 1; return animate.apply(this, args); };
"""


def test_cards_move_with_motion_and_stand_still_with_reduced_motion(browser, server):
    running = "() => document.getAnimations().length"
    gid = page_helpers.make_game(server.url, {"game": "tripeaks", "seed": 2})
    page = page_helpers.new_page(browser, 1280)
    page.add_init_script(COUNT_ANIMATIONS)
    page.goto(f"{server.url}/play/{gid}")
    page.wait_for_function("() => window.started > 0")  # the deal
    page_helpers.settle(page)
    dealt = page.evaluate("() => window.started")
    page.click("#table [data-card='4D']")
    wait_past(page, 0)
    # the card slides to the waste, the cards under it flip
    page.wait_for_function(f"() => window.started > {dealt}")
    quiet, _ = open_game(browser, server, {"game": "tripeaks", "seed": 2}, reduced_motion="reduce")
    assert quiet.evaluate(running) == 0
    quiet.click("#table [data-card='4D']")
    wait_past(quiet, 0)
    assert quiet.evaluate(running) == 0
    quiet.click("[data-key=stock]")
    wait_past(quiet, 1)
    assert quiet.evaluate(running) == 0


@pytest.mark.parametrize("width", [1280, 360])
def test_a_layout_no_shipped_game_has_is_drawn_from_the_view(browser, server, width):
    page, gid = open_game(browser, server, {"game": "three-pyramids", "seed": 6}, width)
    view = server.games._find(gid).game.to_dict("player")
    cards = page.locator("#table .card[data-position]")
    expect(cards).to_have_count(30)
    assert page.locator("#table .card.back[data-position]").count() == sum(
        not p["face_up"] for p in view["layout"]
    )
    labels = page.locator("#table .card.free[data-position]").evaluate_all(
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
    no_scrolling(page)
    assert width_px >= page_helpers.MIN_CARD
    assert page.errors == []  # type: ignore[attr-defined]

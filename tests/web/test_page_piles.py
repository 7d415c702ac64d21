"""The page draws and plays a game of piles from the view alone (the ``piles`` key: stock,
waste, foundations, cells, fanned columns with their face-down part). The game here is a few
fixed views of a small Klondike-like table answered in the browser (Playwright's routing), so
that the page is tried on piles whatever game ships: a run dragged as one, a double click home,
a draw, a refused drop, click to choose then a place, keys, and a long column that closes up to
fit a phone's screen."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest
from page_helpers import drag, grip, moves, new_page, no_scrolling, settle, shot, touch_drag
from playwright.sync_api import Browser, Page, Route, expect
from web_helpers import LiveServer

GID = "toypiles0000000000000000"
SPOTS = {"s": ("stock", 0, 0, "none"), "w": ("waste", 2.5, 0, "right"), "c1": ("cell", 5, 0, "none")}
SPOTS.update({f"f{i}": ("foundation", 5 + 2.5 * i, 0, "none") for i in range(1, 5)})
SPOTS.update({f"t{i}": ("tableau", 2.5 * (i - 1), 2.6, "down") for i in range(1, 4)})


def view(cards: dict[str, list[str | None]], legal: list[str], played: list[str]) -> dict[str, Any]:
    piles = []
    for pid, (kind, x, y, fan) in SPOTS.items():
        these = cards.get(pid, [])
        piles.append(
            {"id": pid, "kind": kind, "x": x, "y": y, "fan": fan, "count": len(these),
             "down": sum(c is None for c in these), "cards": these}
        )  # fmt: skip
    stock = len(cards.get("s", []))
    return {
        "format": "patience-game", "version": 1, "view": "player", "game": "toy-piles", "preset": None,
        "options": {}, "moves": played, "status": "playing", "cards_left": 52, "cards_at_start": 52,
        "score": 0, "layout": [], "stock": {"count": stock, "passes_used": 0, "passes": None},
        "has_drawn_card": False, "drawn": None, "waste": cards.get("w", []), "removed": [],
        "legal_moves": legal, "piles": piles,
    }  # fmt: skip


START: dict[str, list[str | None]] = {
    "s": [None, None, None],
    "t1": [None, None, "5H", "4S", "3D"],
    "t2": [None, "6C"],
    "t3": ["AS"],
}
AFTER_RUN = {**START, "t1": [None, "9D"], "t2": [None, "6C", "5H", "4S", "3D"]}
AFTER_HOME = {**AFTER_RUN, "t3": [], "f4": ["AS"]}
AFTER_DRAW = {**AFTER_HOME, "s": [None, None], "w": ["KD"]}
AFTER_CELL = {**AFTER_HOME, "t2": [None, "6C", "5H", "4S"], "c1": ["3D"]}
STATES = {
    0: (START, ["t1-t2x3", "t3-f4", "t3-c1", "draw"], []),
    1: (AFTER_RUN, ["t3-f4", "t3-c1", "t2-c1", "draw"], ["t1-t2x3"]),
    2: (AFTER_HOME, ["t2-c1", "t2-t3", "t1-t3", "draw"], ["t1-t2x3", "t3-f4"]),
    3: (AFTER_DRAW, ["w-t3", "t2-c1", "draw"], ["t1-t2x3", "t3-f4", "draw"]),
    4: (AFTER_CELL, ["c1-t2", "draw"], ["t1-t2x3", "t3-f4", "t2-c1"]),
}
NEXT = {(0, "t1-t2x3"): 1, (1, "t3-f4"): 2, (2, "draw"): 3, (2, "t2-c1"): 4}
LONG = {"t1": [None] * 6 + ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D", "AH"]}


class Table:
    """The game's answers: the state it is in, and every move the page sent."""

    def __init__(self, at: int = 0, cards: dict | None = None) -> None:
        self.at = at
        self.cards = cards
        self.sent: list[str] = []

    def state(self, played: str | None = None) -> dict[str, Any]:
        cards, legal, done = STATES[self.at]
        out = {"id": GID, "version": len(done) + 1, "title": "Toy piles", "redo": 0, "seconds": 0.0,
               "counted": True, "assisted": False, "deal_number": "7",
               "view": view(self.cards or cards, legal, done)}  # fmt: skip
        if played:
            out.update(played=played, auto_played=[])
        return out

    def answer(self, route: Route) -> None:
        request = route.request
        if request.method == "GET":
            route.fulfill(json=self.state())
            return
        move = json.loads(request.post_data or "{}").get("move", "")
        self.sent.append(move)
        if (self.at, move) in NEXT:
            self.at = NEXT[(self.at, move)]
            route.fulfill(json=self.state(move))
        else:
            route.fulfill(
                status=422, json={"error": f"illegal move {move}: the rules of this table refuse it"}
            )


def open_table(browser: Browser, server: LiveServer, table: Table, width: int = 1280, **context) -> Page:
    page = new_page(browser, width, **context)
    page.route(re.compile(rf".*/api/games/{GID}.*"), table.answer)
    page.goto(f"{server.url}/play/{GID}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    return page


def card(pile: str, index: int) -> str:
    return f"#table .card[data-src='{pile}'][data-index='{index}']"


def test_the_piles_are_drawn_from_the_view(browser, server):
    page = open_table(browser, server, Table())
    for pid in SPOTS:
        expect(page.locator(f"#table .place[data-place='{pid}']")).to_have_count(1)
    # The column: its face-down part closer together than its face-up run; bottom card first.
    tops = [page.locator(card("t1", i)).bounding_box()["y"] for i in range(5)]
    assert tops == sorted(tops)
    down_step, up_step = tops[1] - tops[0], tops[3] - tops[2]
    assert 0 < down_step < up_step
    assert page.locator(card("t1", 0)).get_attribute("aria-label") == "face-down card, in column 1"
    assert page.locator(card("t1", 4)).get_attribute("aria-label") == "three of diamonds, top of column 1"
    assert page.locator("#table .card.back[data-src='t1']").count() == 2
    # The stock: a back with its count; the foundations and the cell: empty places.
    expect(page.locator("#table .card.stock .count").last).to_have_text("3")
    assert page.locator("#table .place[data-place='f1']").get_attribute("aria-label") == "Foundation 1: empty"
    assert page.locator("#table .place[data-place='c1']").get_attribute("aria-label") == "The cell: empty"
    expect(page.locator("#title")).to_have_text("Toy piles, deal 7")
    shot(page, "toy-piles-1280")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_run_is_dragged_as_one_and_lands_the_places_light_up_and_a_card_turns_up(browser, server):
    table = Table()
    page = open_table(browser, server, table)
    x, y = grip(page, card("t1", 2))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 20, y + 20, steps=3)
    # Three cards are carried; the one place that takes the run is lit.
    expect(page.locator("#drag-layer .card")).to_have_count(3)
    lit = page.locator("#table .place.target").evaluate_all("ns => ns.map((n) => n.dataset.place)")
    assert lit == ["t2"]
    tx, ty = page_center(page, card("t2", 1))
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    expect(page.locator("body")).to_have_attribute("data-moves", "1")
    assert table.sent == ["t1-t2x3"]
    expect(page.locator(card("t1", 1))).to_have_attribute("data-card", "9D")
    assert page.locator(card("t2", 4)).get_attribute("data-card") == "3D"
    assert page.errors == []  # type: ignore[attr-defined]


def page_center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_double_click_sends_a_card_home_and_the_stock_draws(browser, server):
    table = Table(at=1)
    page = open_table(browser, server, table)
    page.dblclick(card("t3", 0))
    expect(page.locator("body")).to_have_attribute("data-moves", "2")
    page.wait_for_timeout(300)
    assert table.sent == ["t3-f4"]  # one move, though a double click is two clicks
    expect(page.locator("#table .card[data-src='f4']")).to_have_attribute("data-card", "AS")
    page.click("#table .card.stock >> nth=-1")
    expect(page.locator("body")).to_have_attribute("data-moves", "3")
    assert table.sent == ["t3-f4", "draw"]
    expect(page.locator("#message")).to_have_text("Drew the king of diamonds.")


def test_a_refused_drop_slides_back_with_the_reason(browser, server):
    table = Table(at=1)
    page = open_table(browser, server, table)
    before = page.locator(card("t1", 1)).bounding_box()
    drag(page, card("t1", 1), "#table .place[data-place='f1']")
    expect(page.locator("#message")).to_have_text("illegal move t1-f1: the rules of this table refuse it")
    assert table.sent == ["t1-f1"]
    assert moves(page) == 1
    settle(page)
    assert page.locator(card("t1", 1)).bounding_box() == before


def test_click_to_choose_then_a_place_and_the_keys(browser, server):
    table = Table(at=2)
    page = open_table(browser, server, table)
    # The three of diamonds may go to the cell or the empty column: a click chooses it.
    page.click(card("t2", 4))
    expect(page.locator(card("t2", 4))).to_have_class(re.compile(r"\bselected\b"))
    lit = sorted(page.locator("#table .place.target").evaluate_all("ns => ns.map((n) => n.dataset.place)"))
    assert lit == ["c1", "t3"]
    page.keyboard.press("Escape")
    expect(page.locator("#table .selected")).to_have_count(0)
    # By keys: Enter chooses, the lit places are tab stops, Enter on one puts the card there.
    page.locator(card("t2", 4)).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table .place[data-place='c1']")).to_have_attribute("tabindex", "0")
    page.locator("#table .place[data-place='c1']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-moves", "3")
    assert table.sent == ["t2-c1"]
    expect(page.locator("#table .card[data-src='c1']")).to_have_attribute("data-card", "3D")


def test_f_sends_the_focused_card_home(browser, server):
    table = Table(at=1)
    page = open_table(browser, server, table)
    page.locator(card("t3", 0)).focus()
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_attribute("data-moves", "2")
    assert table.sent == ["t3-f4"]


def test_a_run_dragged_by_a_finger_at_360_pixels(browser, server):
    table = Table()
    page = open_table(browser, server, table, 360, has_touch=True)
    no_scrolling(page)
    touch_drag(page, card("t1", 2), card("t2", 1))
    expect(page.locator("body")).to_have_attribute("data-moves", "1")
    assert table.sent == ["t1-t2x3"]


@pytest.mark.parametrize("width", [1280, 360])
def test_a_long_column_closes_up_to_fit(browser, server, width):
    page = open_table(browser, server, Table(cards={**START, **LONG}), width)
    no_scrolling(page)
    boxes = [page.locator(card("t1", i)).bounding_box() for i in range(19)]
    steps = [b["y"] - a["y"] for a, b in itertools.pairwise(boxes[6:])]
    # Every face-up card still shows its rank: a step of at least a sixth of a card.
    assert min(steps) >= boxes[0]["height"] * 0.16
    assert boxes[-1]["y"] + boxes[-1]["height"] <= page.viewport_size["height"]
    assert boxes[0]["width"] >= 26
    shot(page, f"toy-piles-long-{width}")

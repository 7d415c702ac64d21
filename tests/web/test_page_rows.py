"""The table's rows: the columns start a small margin under the row of stock, waste,
foundations and cells, as on a card table (PySolFC and Aisleriot leave a margin, not a
card's height), the same margin in every game, at 1280x800 and at 360x740."""

from __future__ import annotations

import pytest
from page_helpers import make_game, new_page, no_scrolling, settle
from playwright.sync_api import expect

# A game, the pile of its top row, and the column under it.
ROWS = [
    ("klondike", "s", "t1"),
    ("klondike", "f1", "t4"),
    ("freecell", "c1", "t1"),
    ("freecell", "f4", "t8"),
    ("spider", "s", "t1"),
    ("canfield", "s", "r"),
    ("yukon", "f1", "f2"),  # Yukon's foundations stand in a column of their own
]

GAP = """([top, below]) => {
  const a = document.querySelector(`#table .place[data-place="${top}"]`).getBoundingClientRect();
  const b = document.querySelector(`#table .place[data-place="${below}"]`).getBoundingClientRect();
  return [b.top - a.bottom, a.height];
}"""


@pytest.mark.parametrize("width", [1280, 360])
def test_the_columns_start_a_small_margin_under_the_top_row(browser, server, width):
    page = new_page(browser, width, reduced_motion="reduce")
    gaps = {}
    for game in dict.fromkeys(g for g, _, _ in ROWS):
        gid = make_game(server.url, {"game": game, "seed": 3})
        page.goto(f"{server.url}/play/{gid}")
        expect(page.locator("body")).to_have_attribute("data-game", gid)
        settle(page)
        no_scrolling(page)
        for _, top, below in (r for r in ROWS if r[0] == game):
            gap, height = page.evaluate(GAP, [top, below])
            gaps[game, top] = gap / height
    for where, ratio in gaps.items():
        # Before, a whole card's height (Klondike, FreeCell) or half of it (Spider).
        assert 0.1 <= ratio <= 0.3, f"{where} at {width} pixels: a gap of {ratio:.2f} of a card's height"
    assert max(gaps.values()) - min(gaps.values()) < 0.05, gaps  # the same in every game
    assert page.errors == []  # type: ignore[attr-defined]

"""The families of piles on the page, real games played in Chromium: a Klondike game and a
FreeCell game won by dragging on the full-information solver's line (a run moved by one drag,
a FreeCell supermove through an empty column), a FreeCell opening dragged by a finger at 360
pixels, a double click sending a card home, safe cards flying home one after another on
auto-play, and every game of the families (Spider's too) fitting 1280x800 and 360x740 with columns far longer
than play makes them.

The long games play with reduced motion and auto-play off, so that the page plays the line
exactly and no test waits on an animation."""

from __future__ import annotations

import itertools
import json
import re

from page_helpers import (
    MIN_CARD,
    card_width,
    make_game,
    new_page,
    no_scrolling,
    resize,
    settle,
    shot,
    touch_drag,
    wait_moves,
)
from playwright.sync_api import Browser, Page, Route, expect
from web_helpers import LiveServer

import patience_core

KLONDIKE_SEED = 2  # won in 138 moves, runs of 3 and 7 cards among them
FREECELL_SEED = 3  # won in 85 moves, two runs longer than the free cells alone could carry
PILE_MOVE = re.compile(r"([a-z]\d*)-([a-z]\d*)(?:x(\d+))?")
FAMILIES = sorted(
    spec.id for spec in patience_core.games() if spec.plugin in ("klondike", "freecell", "spider")
)


def solver_line(game: str, seed: int) -> list[str]:
    answer = patience_core.solve_full_information(patience_core.new_game(game, seed=seed))
    assert answer.verdict == "won"
    return [str(m) for m in answer.line]


def open_play(
    browser: Browser,
    server: LiveServer,
    game: str,
    seed: int,
    width: int = 1280,
    *,
    auto: bool = False,
    **context,
) -> tuple[Page, str]:
    """A page on a new deal, auto-play on or off (the page's own setting), at ``width`` pixels."""
    gid = make_game(server.url, {"game": game, "seed": seed})
    page = new_page(browser, width, **context)
    page.context.add_init_script(f"localStorage.setItem('patience.auto', '{'on' if auto else 'off'}')")
    page.goto(f"{server.url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    return page, gid


def fits(page: Page) -> None:
    """No scrolling, the table's own box included, and cards a finger can take."""
    no_scrolling(page)
    stage = page.evaluate(
        "() => { const s = document.getElementById('stage');"
        " return [s.scrollHeight, s.clientHeight, s.scrollWidth, s.clientWidth]; }"
    )
    assert stage[0] <= stage[1], f"the table scrolls inside its box: {stage}"
    assert stage[2] <= stage[3], f"the table scrolls inside its box: {stage}"
    assert card_width(page) >= MIN_CARD


WHERE = """([from, to]) => [from, to].map((selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  const y = selector === to ? r.height / 2 : Math.min(10, r.height * 0.12);  // a card taken near its top
  return [r.x + r.width / 2, r.y + y];
})"""


def quick_drag(page: Page, source: str, target: str) -> None:
    """A mouse drag as ``page_helpers.drag`` makes it, in fewer steps (a long game makes hundreds;
    motion is off, so nothing is waited for)."""
    (x0, y0), (x1, y1) = page.evaluate(WHERE, [source, target])
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10)
    page.mouse.move(x1, y1, steps=2)
    page.mouse.up()


def play_line(
    page: Page, line: list[str], start: int = 0, *, touch: bool = False, check_every: int = 0
) -> None:
    """Each move of ``line`` as a player makes it: a card or a run dragged from its pile onto
    the pile it goes to (its top card, or the whole run, taken by the card at its foot), the
    stock clicked to draw or to turn the waste over. The game's moves are compared with the
    line at the end: a drop that played something else shows there."""
    for n, move in enumerate(line, start):
        if move in ("draw", "redeal"):
            page.click("#table [data-action=stock].free")
        else:
            m = PILE_MOVE.fullmatch(move)
            assert m, move
            src, dst, run = m[1], m[2], m[3] or "1"
            card, pile = (
                f"#table .card[data-src='{src}'][data-run='{run}']",
                f"#table .place[data-place='{dst}']",
            )
            if touch:
                touch_drag(page, card, pile, steps=4)
            else:
                quick_drag(page, card, pile)
        # Polled at each frame: expect() polls at 100 ms and more, the most of a long game's time.
        page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n", arg=n + 1)
        if check_every and (n + 1) % check_every == 0:
            fits(page)


def longer_than_the_cells_carry(game: str, seed: int, line: list[str]) -> list[str]:
    """The run moves of ``line`` that move more cards than the free cells alone could carry
    (free cells + 1): supermoves, through an empty column."""
    state = patience_core.new_game(game, seed=seed, observed=False)
    found = []
    for move in line:
        m = PILE_MOVE.fullmatch(move)
        if m and m[3]:
            piles = state.to_dict("player")["piles"]
            free = sum(p["kind"] == "cell" and p["count"] == 0 for p in piles)
            if int(m[3]) > free + 1:
                found.append(move)
        state.play(move)
    return found


def test_a_klondike_game_won_by_dragging_on_the_solvers_line(browser, server):
    line = solver_line("klondike", KLONDIKE_SEED)
    runs = [move for move in line if re.fullmatch(r"t\d+-t\d+x\d+", move)]
    assert runs, "the line moves no run"
    page, gid = open_play(browser, server, "klondike", KLONDIKE_SEED, reduced_motion="reduce")
    play_line(page, line, check_every=10)
    expect(page.locator("#end-title")).to_have_text("You won!")
    game = server.games._find(gid).game
    assert [str(m) for m in game.moves] == line  # each run went in one drag: one move each
    assert game.is_won()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_freecell_game_won_by_dragging_on_the_solvers_line_with_supermoves(browser, server):
    line = solver_line("freecell", FREECELL_SEED)
    assert longer_than_the_cells_carry("freecell", FREECELL_SEED, line)
    page, gid = open_play(browser, server, "freecell", FREECELL_SEED, reduced_motion="reduce")
    play_line(page, line, check_every=10)
    expect(page.locator("#end-title")).to_have_text("You won!")
    game = server.games._find(gid).game
    assert [str(m) for m in game.moves] == line
    assert game.is_won()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_freecell_opening_dragged_by_a_finger_at_360_pixels(browser, server):
    line = solver_line("freecell", FREECELL_SEED)
    supermove = longer_than_the_cells_carry("freecell", FREECELL_SEED, line)[0]
    opening = line[: line.index(supermove) + 1]
    page, gid = open_play(
        browser, server, "freecell", FREECELL_SEED, 360, has_touch=True, reduced_motion="reduce"
    )
    fits(page)
    play_line(page, opening, touch=True, check_every=4)
    assert [str(m) for m in server.games._find(gid).game.moves] == opening
    shot(page, "freecell-touch-360")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_double_click_sends_a_card_home_in_one_move(browser, server):
    # Klondike deal 3 shows the ace of diamonds alone in column 1.
    page, gid = open_play(browser, server, "klondike", 3)
    ace = "#table .card[data-card='AD']"
    assert page.locator(ace).get_attribute("data-src") == "t1"
    page.dblclick(ace)
    wait_moves(page, 1)
    page.wait_for_timeout(300)
    played = [str(m) for m in server.games._find(gid).game.moves]
    assert len(played) == 1
    assert re.fullmatch(r"t1-f\d", played[0])
    expect(page.locator(ace)).to_have_attribute("data-src", played[0].split("-")[1])
    assert page.errors == []  # type: ignore[attr-defined]


def test_safe_cards_fly_home_one_after_another_on_auto_play(browser, server):
    # Klondike deal 3: the aces of diamonds and clubs lie face up; a draw, and auto-play sends
    # them home.
    page, gid = open_play(browser, server, "klondike", 3, auto=True)
    before = {c: page.locator(f"#table .card[data-card='{c}']").bounding_box() for c in ("AD", "AC")}
    # Each animation a card is given, as it is given: read afterwards, a flight already over (on
    # a loaded machine) would be gone from getAnimations().
    page.evaluate(
        """() => {
             window.flights = [];
             const animate = Element.prototype.animate;
             Element.prototype.animate = function (frames, options) {
               if (this.dataset && this.dataset.card) {
                 const first = Array.isArray(frames) ? frames[0].transform : null;
                 window.flights.push([this.dataset.card, (options && options.delay) || 0, first]);
               }
               return animate.call(this, frames, options);
             };
           }"""
    )
    with page.expect_response(lambda r: r.url.endswith("/moves")) as answer:
        page.click("#table [data-action=stock].free")
    auto = answer.value.json()["auto_played"]
    assert sorted(m.split("-")[0] for m in auto) == ["t1", "t6"]
    assert all(PILE_MOVE.fullmatch(m)[2].startswith("f") for m in auto)
    page.wait_for_function("() => ['AD', 'AC'].every((c) => window.flights.some((f) => f[0] === c))")
    flights = page.evaluate(
        """(cards) => cards.map((c) => window.flights.filter((f) => f[0] === c).map((f) => [f[1], f[2]]))""",
        ["AD", "AC"],
    )
    delays = []
    for card, moving in zip(("AD", "AC"), flights, strict=True):
        assert moving, f"{card} went home without moving"
        delay, start = moving[0]
        assert start.startswith("translate(")  # from where it lay
        delays.append(delay)
    assert min(delays) > 0  # after the draw
    assert delays[0] != delays[1]  # one after the other
    settle(page)
    for card, where in before.items():
        now = page.locator(f"#table .card[data-card='{card}']").bounding_box()
        assert now["y"] < where["y"]  # up on the foundations
        assert page.locator(f"#table .card[data-card='{card}']").get_attribute("data-src").startswith("f")
    assert len(server.games._find(gid).game.moves) == 3


# --- every game of the families fits, with columns longer than play makes them -----------------------

LONG = 19  # cards in every column: a king down to the ace on top of the most a deal leaves face down


def stretched(state: dict) -> dict:
    """The game's answer with every column made ``LONG`` cards: its face-down cards, then
    face-up cards to that length (the drawing reads the view, not the rules)."""
    ranks = "KQJT98765432A"
    for pile in state["view"]["piles"]:
        if pile["kind"] != "tableau":
            continue
        down = [None] * (pile["down"] or 0)
        up = [ranks[i % 13] + "SHDC"[i % 4] for i in range(LONG - len(down))]
        pile["cards"] = down + up
        pile["count"] = LONG
    return state


def test_every_game_of_the_families_fits_both_windows_with_long_columns(browser, server):
    page = new_page(browser, 1280, reduced_motion="reduce")

    def answer(route: Route) -> None:
        if route.request.method != "GET":
            route.continue_()
            return
        route.fulfill(json=stretched(json.loads(route.fetch().text())))

    page.route(re.compile(r".*/api/games/[^/]+$"), answer)
    for game in FAMILIES:  # one page for all: a page load is most of the time
        gid = make_game(server.url, {"game": game, "seed": 3})
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{server.url}/play/{gid}")
        expect(page.locator("body")).to_have_attribute("data-game", gid)
        for width, height in ((1280, 800), (360, 740)):
            resize(page, width, height)
            try:
                fits(page)
                # Every face-up card of a column still shows its rank: a step of a sixth of a card.
                tops = page.locator("#table .card[data-src='t1']:not(.back)").evaluate_all(
                    "ns => ns.map((n) => n.getBoundingClientRect()).map((r) => [r.top, r.height])"
                )
                assert len(tops) == LONG - (page.locator("#table .card.back[data-src='t1']").count())
                assert min(b[0] - a[0] for a, b in itertools.pairwise(tops)) >= tops[0][1] * 0.16
            except AssertionError as err:
                raise AssertionError(f"{game} at {width} pixels: {err}") from err
    assert page.errors == []  # type: ignore[attr-defined]

"""The statistics as the page plays into them: a game lost, taken back from the end window and
then won counts as one game won; a new deal while a game is on says that abandoning counts as
a loss, and it does; the record downloaded with the deal revealed makes the game count apart
(and the page plays on); a result the statistics could not take is said at the end and asked
for again until it is counted."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from page_helpers import new_page, open_game, settle, wait_moves, wait_past
from playwright.sync_api import Page, expect
from web_helpers import LiveServer

import patience_core
from patience_core.web.app import create_app

# TriPeaks deal 1, one move before the end: the seven of diamonds wins, a draw loses.
SEED = 1


def one_move_from_the_end(url: str) -> tuple[str, str]:
    """A TriPeaks game resumed from its record one move before the win: its id and the winning
    move (a draw there loses)."""
    game = patience_core.new_game("tripeaks", seed=SEED)
    line = [str(m) for m in patience_core.solve_full_information(game.copy()).line]
    for move in line[:-1]:
        game.play(move)
    trial = game.copy()
    trial.play("draw")
    assert trial.status() == "lost"
    answer = httpx.post(f"{url}/api/records", json=game.to_record())
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], line[-1]


def open_id(browser, url: str, gid: str) -> Page:
    page = new_page(browser, reduced_motion="reduce")
    page.goto(f"{url}/play/{gid}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    settle(page)
    return page


def stats(url: str, game: str) -> tuple[int, int]:
    rows = [r for r in httpx.get(f"{url}/api/stats").json() if r["game"] == game and not r["assisted"]]
    return (sum(r["played"] for r in rows), sum(r["won"] for r in rows))


def test_a_game_lost_taken_back_from_the_end_window_and_won_counts_as_a_win(browser, server):
    gid, last = one_move_from_the_end(server.url)
    page = open_id(browser, server.url, gid)
    page.click("[data-key=stock]")
    expect(page.locator("#end-title")).to_have_text("Game over")
    assert stats(server.url, "tripeaks") == (1, 0)  # the loss counts when the game ends
    page.click("#end-undo")
    expect(page.locator("#end-dialog")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    page.click(f"#table [data-card='{last}']")
    expect(page.locator("#end-title")).to_have_text("You won!")
    assert stats(server.url, "tripeaks") == (1, 1)  # one game, won: its latest end stands
    page.keyboard.press("Escape")
    page.keyboard.press("s")
    expect(page.locator("#stats-body tbody tr").first).to_contain_text("100%")


def test_abandoning_for_a_new_deal_says_it_counts_as_a_loss_and_does(browser, server):
    page, gid = open_game(browser, server.url, {"game": "golf", "seed": 13})
    before = stats(server.url, "golf")
    page.click("[data-key=stock]")
    wait_past(page, 0)
    page.click("#new")
    page.select_option("#new-game", "pyramid")
    expect(page.locator("#new-abandon")).to_contain_text("counts as a loss")
    page.click("#new-deal")
    expect(page.locator("#confirm-text")).to_contain_text(
        "an abandoned game counts as a loss in the statistics"
    )
    page.click("#confirm-yes")
    expect(page.locator("#new-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_have_text(
        re.compile(r"The game of Golf you left counts as a loss\.$")
    )
    assert stats(server.url, "golf") == (before[0] + 1, before[1])
    assert server.games._find(gid).inplay.abandoned
    # It is no game in progress any more.
    page.keyboard.press("g")
    expect(page.locator("#saved-list")).not_to_contain_text("Golf")


def test_a_record_downloaded_with_the_deal_revealed_counts_the_game_apart(browser, server):
    page, gid = open_game(browser, server.url, {"game": "tripeaks", "seed": 2})
    page.click("[data-key=stock]")
    wait_moves(page, 1)
    page.keyboard.press("o")
    page.click("#record")
    expect(page.locator("#confirm-text")).to_contain_text("counts apart in the statistics")
    with page.expect_download() as download:
        page.click("#confirm-yes")
    assert download.value.suggested_filename.endswith(".json")
    record = patience_core.load_game(json.loads(download.value.path().read_text()))
    assert len(record.moves) == 1
    expect(page.locator("#message")).to_contain_text("counts apart in the statistics")
    assert server.games._find(gid).inplay.assisted
    # The page knows the game's new version: the next move plays, not refused as stale.
    page.keyboard.press("Escape")
    page.click("[data-key=stock]")
    wait_moves(page, 2)
    expect(page.locator("#message")).not_to_contain_text("stale")
    assert page.evaluate("() => document.body.dataset.version") == str(server.games._find(gid).version)


@pytest.fixture
def own_server(tmp_path):
    live = LiveServer(create_app(tmp_path / "home"))
    try:
        yield live
    finally:
        live.stop()


def test_a_result_the_statistics_could_not_take_is_said_and_asked_for_again(browser, own_server):
    gid, last = one_move_from_the_end(own_server.url)
    page = open_id(browser, own_server.url, gid)
    blocked = own_server.games.folder / "stats.sqlite3"
    assert not blocked.exists()
    blocked.mkdir()  # a folder where the file goes: nothing can be written
    try:
        page.click(f"#table [data-card='{last}']")
        expect(page.locator("#end-title")).to_have_text("You won!")
        expect(page.locator("#end-text")).to_contain_text("counted as soon as they can")
        assert own_server.games._find(gid).inplay.pending
    finally:
        blocked.rmdir()
    # Nobody asks for the game: the page does, and the result is counted.
    expect(page.locator("#message")).to_have_text(
        "The result of this game is now counted in the statistics.", timeout=10_000
    )
    assert not own_server.games._find(gid).inplay.pending
    assert stats(own_server.url, "tripeaks") == (1, 1)

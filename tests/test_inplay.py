"""A game in play behaves the same in the terminal and on the server: the same scenarios run
against both front ends (``patience play`` fed commands, and the HTTP API), and the statistics
they leave are compared.

The rules (patience_core.inplay): a game counts when it ends, and its latest end stands (lost,
taken back from the end, then won: one game won); abandoning a game with moves for a new deal
counts as a loss, once; "still winnable?" counts a game apart; a game the demo played in is
not counted; a result the statistics cannot take is kept and counted later, once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import patience_core
from patience_core.cli import app as cli_app
from patience_core.inplay import InPlay, NotNow
from patience_core.userdata.stats import Store
from patience_core.web.app import create_app

# TriPeaks deal 2: its winning line (patience solve tripeaks --seed 2), and a loss one move
# before the end of it (nine draws instead of 4C), which nine undos take back.
_LINE = (
    "4D 5S 4H 3C 2S AD draw 8C 7S 6H 7H 6S 7D 8H 9S draw draw QC KH QD JH TC JD TD draw 2D 3S draw 6C"
    " 5H draw QH draw draw AC draw draw draw draw draw draw 4C"
)
WIN = _LINE.split(" ")
LOSS = WIN[:-1] + ["draw"] * 9


class Terminal:
    """``patience play tripeaks --seed 2 --count``, the commands piped in (in-process)."""

    name = "terminal"

    def __init__(self, home: Path) -> None:
        self.home = home
        self.lines: list[str] = []
        self.output = ""

    def moves(self, moves: list[str]) -> None:
        self.lines += moves

    def undo(self, times: int = 1) -> None:
        self.lines += ["undo"] * times

    def still_winnable(self) -> None:
        self.lines.append("winnable")

    def demo(self) -> None:
        self.lines.append("demo greedy")

    def abandon(self) -> None:
        self.lines += ["new", "y"]

    @contextmanager
    def game(self) -> Iterator[Terminal]:
        self.lines = []
        yield self
        result = CliRunner().invoke(
            cli_app,
            ["play", "tripeaks", "--seed", "2", "--count"],
            input="\n".join([*self.lines, "quit"]) + "\n",
            catch_exceptions=False,
        )
        assert "Traceback" not in result.output
        self.output = result.output

    def retry(self) -> None:
        result = CliRunner().invoke(cli_app, ["stats"], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    def said_not_counted_yet(self) -> bool:
        return "Error: the result was not counted in the statistics" in self.output


class Server:
    """The HTTP API of ``patience serve``, as the page calls it."""

    name = "server"

    def __init__(self, home: Path) -> None:
        self.home = home
        self.client = TestClient(create_app(home), base_url="http://127.0.0.1:8000")
        self.client.__enter__()
        self.gid = ""
        self.state: dict = {}

    def post(self, route: str, body: dict | None = None) -> dict:
        answer = self.client.post(f"/api/games/{self.gid}/{route}", json=body)
        assert answer.status_code == 200, answer.text
        self.state = answer.json()
        return self.state

    def moves(self, moves: list[str]) -> None:
        for move in moves:
            self.post("moves", {"move": move})

    def undo(self, times: int = 1) -> None:
        for _ in range(times):
            self.post("undo")

    def still_winnable(self) -> None:
        self.post("still-winnable-full-information")

    def demo(self) -> None:
        game = patience_core.load_game(
            self.client.get(f"/api/games/{self.gid}/record?reveals_deal=true").json()
        )
        while not game.is_over():
            move = str(game.play(game.legal_moves()[0]))
            self.post("moves", {"move": move, "demo": True})

    def abandon(self) -> None:
        self.post("abandon")

    @contextmanager
    def game(self) -> Iterator[Server]:
        made = self.client.post("/api/games", json={"game": "tripeaks", "seed": 2})
        assert made.status_code == 201, made.text
        self.gid = made.json()["id"]
        yield self

    def retry(self) -> None:
        assert self.client.get("/api/stats").status_code == 200

    def said_not_counted_yet(self) -> bool:
        return self.state["counted"] is True and self.state["recorded"] is False

    def close(self) -> None:
        self.client.__exit__(None, None, None)


@pytest.fixture(params=["terminal", "server"])
def front(request, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("PATIENCE_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    if request.param == "terminal":
        yield Terminal(home)
        return
    server = Server(home)
    try:
        yield server
    finally:
        server.close()


def results(front) -> list[tuple[int, int, bool]]:
    """(played, won, assisted) of each line of the statistics."""
    return (
        [(s.played, s.won, s.assisted) for s in Store(front.home / "stats.sqlite3").summaries()]
        if isinstance(front, Terminal)
        else [(s["played"], s["won"], s["assisted"]) for s in front.client.get("/api/stats").json()]
    )


def test_a_game_lost_taken_back_and_won_counts_as_one_game_won(front):
    with front.game() as game:
        game.moves(LOSS)
        game.undo(9)  # the first from the loss's end, the rest at the prompt
        game.moves(WIN[-1:])
    assert results(front) == [(1, 1, False)]


def test_a_game_won_counts_once(front):
    with front.game() as game:
        game.moves(WIN)
    with front.game() as game:
        game.moves(LOSS)
    assert results(front) == [(2, 1, False)]


def test_abandoning_a_game_for_a_new_deal_counts_as_a_loss_once(front):
    with front.game() as game:
        game.moves(WIN[:3])
        game.abandon()
    assert results(front) == [(1, 0, False)]
    if isinstance(front, Terminal):
        assert (
            "Abandon this game (3 moves played)? It counts as a loss in the statistics. (y/n)" in front.output
        )
    else:
        assert front.state["abandoned"] is True
        assert front.state["abandoned_as"] == "lost"
        refused = front.client.post(f"/api/games/{front.gid}/moves", json={"move": "draw"})
        assert refused.status_code == 422
        assert "abandoned" in refused.json()["error"]


def test_abandoning_after_a_loss_taken_back_counts_nothing_more(front):
    with front.game() as game:
        game.moves(LOSS)
        game.undo(2)
        game.abandon()
    assert results(front) == [(1, 0, False)]


def test_a_game_with_still_winnable_asked_is_counted_apart(front):
    with front.game() as game:
        game.moves(WIN[:3])
        game.still_winnable()
        game.moves(LOSS[3:])
    assert results(front) == [(1, 0, True)]


def test_a_game_the_demo_played_in_is_not_counted(front):
    with front.game() as game:
        game.moves(WIN[:3])
        game.demo()
    assert results(front) == []


_REAL_CONNECT = sqlite3.connect


def _read_only_statistics(path, *args, **kwargs):
    if Path(path).name != "stats.sqlite3":
        return _REAL_CONNECT(path, *args, **kwargs)
    return _REAL_CONNECT(Path(path).resolve().as_uri() + "?mode=ro", *args, uri=True, **kwargs)


def test_a_result_the_statistics_cannot_take_is_counted_later_once(front, monkeypatch):
    with front.game() as game:
        game.moves(WIN[:3])
        game.abandon()  # the statistics file now exists
    with monkeypatch.context() as patched:
        patched.setattr(sqlite3, "connect", _read_only_statistics)
        with front.game() as game:
            game.moves(WIN)
        assert front.said_not_counted_yet()
    assert Store(front.home / "stats.sqlite3").count() == 1
    front.retry()
    front.retry()
    assert results(front) == [(2, 1, False)]


# --- the module itself --------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.results: list[tuple[str, bool, bool]] = []
        self.fail = False

    def record(self, game, *, assisted, abandoned):
        if self.fail:
            from patience_core.userdata.common import UserError

            raise UserError("disk full")
        self.results.append(("lost" if abandoned else game.status(), assisted, abandoned))


def test_refusals_say_why_and_change_nothing():
    inplay = InPlay(patience_core.new_game("tripeaks", seed=2), Tally())
    for action, words in (
        (inplay.undo, "nothing to undo: no move has been played yet"),
        (inplay.redo, "nothing to redo: no move was taken back since the last move"),
        (inplay.restart, "already at the start of the deal"),
    ):
        with pytest.raises(NotNow, match=words):
            action()
    assert inplay.game.moves == []


def test_each_end_is_settled_once_and_a_pending_result_is_flushed_later():
    tally = Tally()
    inplay = InPlay(patience_core.new_game("tripeaks", seed=2), tally)
    inplay.play(LOSS)
    tally.fail = True
    result = inplay.settle()
    assert result is not None
    assert (result.counted, result.error) == (False, "disk full")
    assert inplay.pending
    assert inplay.settle() is None  # this end is settled: pending, not counted twice
    tally.fail = False
    flushed = inplay.flush()
    assert flushed is not None
    assert flushed.counted
    assert inplay.flush() is None
    inplay.undo()  # taken back from the end: the next end is settled again, replacing this one
    question = inplay.abandon_question()
    assert (
        question == f"Abandon this game ({len(LOSS) - 1} moves played)? Its result stands in the statistics."
    )
    assert not inplay.abandon_counts()
    inplay.redo()
    assert inplay.settle() is not None
    assert tally.results == [("lost", False, False), ("lost", False, False)]

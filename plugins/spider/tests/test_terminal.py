"""Spider at the terminal: ten columns fit 80 columns, and long columns are squeezed to fit 24
lines (their first and last cards kept, a count between), in the picture `patience play` draws."""

from __future__ import annotations

import random

from rich.console import Console

import patience_core
from patience_core.cli.render import Renderer
from patience_core.cli.session import Session
from patience_core.cli.settings import Settings


def long_game():
    """Spider (1 suit) deal 20 after 190 random moves (random.Random(20)): a column of 26 cards."""
    game = patience_core.new_game("spider-1", seed=20)
    rng = random.Random(20)
    for _ in range(190):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_ten_long_columns_fit_a_screen_of_80_by_24():
    game = long_game()
    assert max(len(game.table.pile(f"t{c}")) for c in range(1, 11)) >= 26
    lines = [line.plain for line in Renderer(width=80).position(game, title="Spider (1 suit)", height=24)]
    assert len(lines) <= 23  # and the prompt's line below them
    assert max(len(line) for line in lines) <= 80
    assert any("·" in line for line in lines), "a squeezed column says how many cards it hides"
    full = [line.plain for line in Renderer(width=80).position(game, title="Spider (1 suit)")]
    assert len(full) > 24, "without a height every card is drawn (a transcript)"


def test_the_first_picture_of_spider_is_ten_columns_under_the_stock_and_eight_foundations():
    game = patience_core.new_game("spider", seed=1)
    lines = [line.plain for line in Renderer(width=80).position(game, title="Spider")]
    assert lines[2].startswith("Stock ░░ 50  f1 --")
    assert lines[2].endswith("f8 --")
    assert lines[4].split() == [f"t{c}" for c in range(1, 11)]
    assert lines[5].split() == ["░5"] * 4 + ["░4"] * 6  # no face-down card is named


def test_patience_play_redraws_a_long_spider_game_within_80x24(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path))  # statistics kept apart
    console = Console(width=80, height=24, force_terminal=True, color_system=None, record=True)
    session = Session(
        long_game(), console, Renderer(width=80), interactive=True, settings=Settings(auto=False), height=24
    )
    session.note("Type a move (such as t1-t2 or deal), a move number, or help.")
    with console.capture() as capture:
        session.refresh(position=True)
    lines = capture.get().replace("\x1b[H\x1b[2J", "").splitlines()
    assert len(lines) + 1 <= 24  # and the prompt
    assert all(len(line) <= 80 for line in lines)

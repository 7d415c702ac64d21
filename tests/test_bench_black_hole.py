"""scripts/bench_black_hole.py hands black-hole-solver the very deals Patience solves."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import patience_core

pytest.importorskip("pysol_cards")
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "bench_black_hole.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_black_hole", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("game_id", "number"), [("black-hole", 5), ("all-in-a-row", 7)])
def test_the_boards_are_the_deals_patience_solves(tmp_path, game_id, number):
    bench = load()
    (path,) = bench.boards(game_id, number, number, tmp_path)
    board = [line.split() for line in path.read_text().splitlines() if line.strip() and ":" not in line]
    spec, _ = patience_core.find_game(game_id)
    view = patience_core.new_game(game_id, deal=spec.pysol(number)).to_dict("full")
    cards = [e["card"] for e in view["layout"]]
    assert sorted(card for pile in board for card in pile) == sorted(cards)
    for pile in board:  # each pile's last card is free in Patience's layout, the others not
        places = [cards.index(card) for card in pile]
        assert view["layout"][places[-1]]["free"]
        assert not any(view["layout"][p]["free"] for p in places[:-1])


def test_the_figures_are_percentiles_of_cpu_time():
    bench = load()
    line = bench.figures(["won"] * 9 + ["no win"], [float(n) for n in range(1, 11)])
    assert line == "won 9, no win 1, unknown 0; CPU ms median 6.00, p90 10.0, p99 10.0, max 10.0, total 0.1 s"


def test_each_run_says_where_the_verdicts_differ(monkeypatch, capsys):
    """The comparison follows every run, so a sitting stopped before its last run still has it."""
    bench = load()
    turns = {"patience": ["won", "won", "no win"], "bhs": ["won", "no win", "no win"]}
    monkeypatch.setattr(bench, "boards", lambda game, a, b, into: [])
    monkeypatch.setattr(bench, "one_run", lambda name, args, paths, a, b: (turns[name], [1.0, 2.0, 3.0]))
    monkeypatch.setattr("sys.argv", ["bench", "--deals", "5..7", "--bhs", "x", "--runs", "2"])
    bench.main()
    out = capsys.readouterr().out
    assert "run 1 verdicts differ on 1 deals: [6]" in out
    assert "run 2 verdicts differ on 1 deals: [6]" in out

"""The bench workload (``patience_core.bench``): what it counts, that it adds up, that it repeats.

Timings are never asserted (they depend on the machine), only that they are there and positive.
"""

import json
import random
import subprocess
import sys

import pytest

import patience_core
from patience_core import bench
from patience_core.bench import DealSolve, Workload

TINY = Workload("tiny", range(1, 4), range(1, 3), 2_000, rng_seed=11)


@pytest.fixture(scope="module")
def tiny():
    return bench.run(TINY, ["tripeaks", "toy-golf", "par-pyramid"])


def app_playouts(game_id, seeds, rng_seed):
    """The loop an app writes with the public API, counted by hand."""
    rng = random.Random(rng_seed)
    won = moves = 0
    for seed in seeds:
        game = patience_core.new_game(game_id, seed=seed)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
            moves += 1
        won += game.is_won()
    return won, moves


def test_every_installed_game_and_preset_is_benched():
    expected = [gid for spec in patience_core.games() for gid in (spec.id, *(p.id for p in spec.presets))]
    assert bench.game_ids() == expected
    assert "par-pyramid" in expected
    assert "toy-golf" in expected


@pytest.mark.parametrize("game_id", ["tripeaks", "par-pyramid", "toy-pairs"])
def test_playouts_are_the_apps_loop(game_id):
    figures = bench.random_playouts(game_id, range(1, 9), rng_seed=5)
    assert (figures.won, figures.moves) == app_playouts(game_id, range(1, 9), 5)
    assert figures.playouts == 8
    assert figures.stopped == 0
    assert figures.seconds > 0
    assert figures.per_second > 0
    assert figures.moves_per_second > figures.per_second
    assert figures.won_share == figures.won / 8


def test_a_playout_too_long_is_stopped(monkeypatch):
    monkeypatch.setattr(bench, "MAX_PLAYOUT_MOVES", 3)
    figures = bench.random_playouts("tripeaks", range(1, 5))
    assert (figures.stopped, figures.moves, figures.won) == (4, 12, 0)


def test_solve_seeds_is_the_solver_on_each_deal():
    solves = list(bench.solve_seeds("tripeaks", [2, 176, 5], node_limit=50_000, options={"wrap": True}))
    assert [s.seed for s in solves] == [2, 176, 5]
    for s in solves:
        alone = patience_core.solve_full_information(
            patience_core.new_game("tripeaks", seed=s.seed), node_limit=50_000
        )
        assert (s.verdict, s.line, s.nodes, s.solver) == (
            alone.verdict,
            alone.line,
            alone.nodes,
            alone.solver,
        )
        assert s.seconds > 0
        assert s.to_dict()["moves"] == len(s.line)
    generic = next(bench.solve_seeds("tripeaks", [2], generic=True))
    assert generic.solver == "generic"


def test_the_figures_add_up(tiny):
    assert [g.game for g in tiny.games] == ["tripeaks", "toy-golf", "par-pyramid"]
    for g in tiny.games:
        p, s = g.playouts, g.solves
        assert p.playouts == len(TINY.playout_seeds)
        assert 0 <= p.won <= p.playouts
        assert p.moves > 0
        assert p.seconds > 0
        assert s.deals == len(TINY.solve_seeds) == s.won + s.no_win + s.unknown
        assert s.nodes > 0
        assert s.states_per_second > 0
        assert s.deals_per_second > 0
        assert s.solvers
    assert tiny.moves == sum(g.playouts.moves for g in tiny.games)
    assert tiny.nodes == sum(g.solves.nodes for g in tiny.games)
    assert tiny.seconds >= sum(g.playouts.seconds + g.solves.seconds for g in tiny.games)
    assert tiny.peak_memory_mb > 0


def test_the_work_is_the_same_every_run(tiny):
    again = bench.run(TINY, ["tripeaks", "toy-golf", "par-pyramid"])
    counts = [
        (g.playouts.won, g.playouts.moves, g.solves.won, g.solves.no_win, g.solves.nodes) for g in tiny.games
    ]
    assert counts == [
        (g.playouts.won, g.playouts.moves, g.solves.won, g.solves.no_win, g.solves.nodes) for g in again.games
    ]
    other = bench.run(Workload("other", TINY.playout_seeds, range(0), 1, rng_seed=12), ["tripeaks"])
    assert other.games[0].playouts.moves != tiny.games[0].playouts.moves  # the random seed counts


def test_the_result_is_json(tiny):
    data = json.loads(json.dumps(tiny.to_dict()))
    assert data["workload"] == {
        "name": "tiny",
        "playout_seeds": {"first": 1, "last": 3, "count": 3},
        "rng_seed": 11,
        "solve_seeds": {"first": 1, "last": 2, "count": 2},
        "node_limit": 2000,
    }
    assert set(data["games"][0]) == {"game", "random_playouts", "full_information_solves"}
    assert data["nodes"] == tiny.nodes


def test_progress_is_reported_to_the_end():
    seen = []
    bench.run(TINY, ["toy-golf"], lambda what, done, total: seen.append((what, done, total)))
    assert seen[-1] == ("toy-golf: full-information solves", 2, 2)
    assert ("toy-golf: random playouts", 3, 3) in seen
    assert len(seen) == 3 + 2


def test_the_workloads_are_fixed():
    assert bench.WORKLOADS == {"smoke": bench.SMOKE, "quick": bench.QUICK, "default": bench.DEFAULT}
    assert len(bench.DEFAULT.solve_seeds) > len(bench.QUICK.solve_seeds) >= len(bench.SMOKE.solve_seeds) >= 1
    assert len(bench.QUICK.playout_seeds) > len(bench.SMOKE.playout_seeds) >= 1
    assert "deals 1..5 at 10,000 nodes" in bench.QUICK.describe()


def solve(seed, verdict, ms, nodes=10):
    return DealSolve(seed, verdict, ("draw",) if verdict == "won" else (), nodes, ms / 1000, "s")


def test_summary_counts_times_and_shares():
    rows = [solve(n, "won", ms) for n, ms in zip(range(1, 8), [5, 1, 9, 3, 7, 2, 8], strict=True)]
    rows += [solve(8, "no win", 4), solve(9, "unknown", 100, nodes=1000), solve(10, "won", 6)]
    s = bench.summarize(rows)
    assert (s.deals, s.won, s.no_win, s.unknown, s.decided) == (10, 8, 1, 1, 9)
    assert s.nodes == 9 * 10 + 1000
    assert s.median_ms == pytest.approx(5.5)  # the mean of the two middle values of ten
    assert s.p90_ms == pytest.approx(9)  # nearest rank: the 9th of 10
    assert s.p99_ms == pytest.approx(100) == s.max_ms
    assert s.slowest_seed == 9
    assert s.winnable_share == pytest.approx(8 / 9)
    assert s.winnable_bounds == (pytest.approx(0.8), pytest.approx(0.9))
    assert s.states_per_second == pytest.approx(s.nodes / s.seconds)
    assert s.to_dict()["winnable_share_at_most"] == pytest.approx(0.9)


def test_summary_of_nothing():
    s = bench.summarize([])
    assert (s.deals, s.winnable_share, s.slowest_seed, s.states_per_second) == (0, None, None, 0.0)


def test_nearest_rank():
    values = list(range(1, 101))
    assert [bench.nearest_rank(values, p) for p in (1, 50, 90, 99, 100)] == [1, 50, 90, 99, 100]
    assert bench.nearest_rank([3, 1, 2], 50) == 2
    with pytest.raises(ValueError, match="no values"):
        bench.nearest_rank([], 50)


def test_peak_memory_is_the_process_peak():
    # In a fresh process, so that no earlier peak of this one hides the rise.
    script = (
        "from patience_core.bench import peak_memory_mb as peak\n"
        "first = peak()\n"
        "size = int(first) + 128\n"  # more than any peak carried in from the parent
        "block = bytearray(size * 1024 * 1024)\n"
        "block[::4096] = b'x' * len(block[::4096])\n"  # touch every page so it is resident
        "print(first, peak(), size)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    first, second, size = map(float, out.split())
    assert first > 1
    # Linux carries the parent's peak into a child at exec, so "first" can already be large when
    # the test runner is; a block larger than that still has to show in the peak.
    assert second >= size
    assert second > first


def test_cpu_time_per_deal_is_summarized():
    """The process's own time per deal is kept beside the wall time: median, p99 and max."""
    from patience_core.bench import DealSolve, summarize

    solves = [DealSolve(seed, "won", (), 1, 1.0, "s", cpu_seconds=seed / 1000) for seed in range(1, 101)]
    summary = summarize(solves)
    assert summary.cpu_ms == (50.5, 99.0, 100.0)
    assert summary.to_dict()["cpu_ms_p99"] == 99.0
    assert solves[0].to_dict()["cpu_ms"] == 1.0


def test_short_solves_report_their_cpu_time_never_zero_nor_above_the_wall_time():
    """While the memory timer is armed, ``time.process_time()`` moved only at scheduler ticks:
    719 of 1,000 TriPeaks deals reported 0.0 ms of CPU and some more CPU than wall time."""
    tick = 0.011  # a scheduler tick at 100 Hz, and a little
    rows = list(bench.solve_seeds("tripeaks", range(1, 101)))
    assert all(row.cpu_seconds > 0 for row in rows), [r.seed for r in rows if r.cpu_seconds <= 0]
    assert all(row.cpu_seconds <= row.seconds + tick for row in rows)
    summary = bench.summarize(rows)
    assert summary.cpu_ms[0] > 0

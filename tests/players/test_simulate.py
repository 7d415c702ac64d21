"""The simulation engine: per-deal results, the same for any number of workers, Dask, Ctrl-C."""

from __future__ import annotations

import pytest

import patience_core
from patience_core.players import PlayerError
from patience_core.simulate import (
    Chunk,
    deal_rng,
    play_deal,
    run_chunk,
    simulate,
    wilson,
)

FAST_HINT = {"samples": 4, "node_limit": 2000, "node_budget": 10_000}


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(81, 100)
    assert (low, high) == (pytest.approx(0.7222, abs=1e-4), pytest.approx(0.8749, abs=1e-4))
    low, high = wilson(1000, 1000)
    assert high == 1.0
    assert low == pytest.approx(0.99617, abs=1e-4)


def test_a_deal_result_is_what_playing_the_deal_gives():
    from patience_core.players import get_player, play_game

    result = play_deal("tripeaks", {}, get_player("random"), "random", 5)
    game = play_game(
        patience_core.new_game("tripeaks", seed=5), get_player("random"), rng=deal_rng(5, "random")
    )
    assert (result.won, result.cards_left, result.score, result.moves) == (
        game.is_won(),
        game.cards_left(),
        game.score(),
        len(game.moves),
    )
    assert result.verdict is None


def test_the_summary_adds_up_the_deals():
    sim = simulate("pyramid", range(1, 21), player="greedy")
    assert [r.seed for r in sim.results] == list(range(1, 21))
    assert sim.deals == sim.requested == 20
    assert sim.wins == sum(r.won for r in sim.results)
    assert sim.mean_cards_left == sum(r.cards_left for r in sim.results) / 20
    assert sim.mean_score == sum(r.score for r in sim.results) / 20
    assert sim.interval == wilson(sim.wins, 20)
    assert not sim.stopped
    data = sim.to_dict(deals=True)
    assert data["deals"] == 20
    assert len(data["results"]) == 20
    assert "undecided" not in data


def test_the_solver_player_reports_its_verdicts():
    sim = simulate("tripeaks", range(1, 11), player="solver")
    for r in sim.results:
        verdict = patience_core.solve_full_information(
            patience_core.new_game("tripeaks", seed=r.seed)
        ).verdict
        assert r.verdict == verdict
        assert r.won == (verdict == "won")
    assert sim.to_dict()["undecided"] == 0


@pytest.mark.parametrize(("player", "params"), [("random", {}), ("hint", FAST_HINT)])
def test_one_worker_and_two_give_the_same_deals(player, params):
    seeds = range(40, 52)
    one = simulate("tripeaks", seeds, player=player, params=params, workers=1)
    two = simulate("tripeaks", seeds, player=player, params=params, workers=2, chunk_size=2)
    assert one.results == two.results
    assert len({r.moves for r in one.results}) > 1  # deals that differ, not one repeated


def test_chunks_do_not_change_the_deals():
    chunk = Chunk("pyramid", patience_core.find_game("pyramid")[0].defaults(), "random", {}, (3, 4, 5))
    whole = run_chunk(chunk)
    parts = [run_chunk(Chunk(chunk.game_id, chunk.options, "random", {}, (s,))) for s in (5, 3, 4)]
    assert whole == [parts[1][0], parts[2][0], parts[0][0]]


def test_everything_is_checked_before_any_deal_is_played():
    with pytest.raises(PlayerError, match="unknown player"):
        simulate("tripeaks", range(1, 3), player="nobody")
    with pytest.raises(PlayerError, match="no parameter"):
        simulate("tripeaks", range(1, 3), player="random", params={"samples": 3})
    with pytest.raises(patience_core.OptionError, match="wrap"):
        simulate("tripeaks", range(1, 3), options={"wrap": "maybe"})
    with pytest.raises(patience_core.UnknownGameError):
        simulate("chess", range(1, 3))
    with pytest.raises(ValueError, match="workers"):
        simulate("tripeaks", range(1, 3), workers=0)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_and_keeps_what_was_done(workers):
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    seeds = range(1, 201)
    sim = simulate("tripeaks", seeds, player="greedy", workers=workers, chunk_size=5, progress=progress)
    assert sim.stopped
    assert 0 < sim.deals < 200
    assert sim.deals == sum(calls)
    full = {r.seed: r for r in simulate("tripeaks", range(1, 201), player="greedy").results}
    assert all(full[r.seed] == r for r in sim.results)
    assert [r.seed for r in sim.results] == sorted(r.seed for r in sim.results)


def local_cluster():
    """Two worker processes on this machine, with no dashboard."""
    from distributed import LocalCluster  # the dask extra is part of the test install

    return LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        # Without a dashboard the scheduler still serves HTTP, on port 8787 unless told
        # otherwise: two test workers' clusters at once would both ask for it.
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
    )


def test_a_dask_cluster_plays_the_same_deals():
    seeds = range(1, 13)
    here = simulate("pyramid", seeds, player="greedy")
    with local_cluster() as cluster:
        there = simulate("pyramid", seeds, player="greedy", scheduler=cluster.scheduler_address, chunk_size=3)
    assert there.results == here.results
    assert there.scheduler == cluster.scheduler_address


def test_a_lost_dask_worker_loses_no_deal():
    import os
    import signal

    # Deals slow enough that the worker killed is in the middle of a chunk.
    seeds = range(1, 17)
    here = simulate("tripeaks", seeds, player="hint", params=FAST_HINT)
    killed = []
    with local_cluster() as cluster:

        def kill_one_worker(n):
            if not killed:
                nanny = next(iter(cluster.workers.values()))
                pid = nanny.process.process.pid
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        there = simulate(
            "tripeaks",
            seeds,
            player="hint",
            params=FAST_HINT,
            scheduler=cluster.scheduler_address,
            chunk_size=2,
            progress=kill_one_worker,
        )
    assert killed
    assert there.results == here.results


def test_ctrl_c_quiets_the_pools_wake_up_before_shutdown_forgets_it(monkeypatch):
    """At exit the interpreter wakes a pool's manager thread that is still running, and the
    thread may close its pipe between the check and the write: a traceback after Ctrl-C. The
    stop quiets that wake-up, which it must take before ``shutdown`` drops it."""
    from patience_core import simulate as module

    quieted = []
    real = module._quiet_wakeup
    monkeypatch.setattr(module, "_quiet_wakeup", lambda wakeup: (quieted.append(wakeup), real(wakeup)))

    def progress(n):
        raise KeyboardInterrupt

    sim = simulate("tripeaks", range(1, 201), player="greedy", workers=2, chunk_size=5, progress=progress)
    assert sim.stopped
    assert len(quieted) == 1
    assert type(quieted[0]).__name__ == "_ThreadWakeup"


def test_a_quieted_wake_up_meets_a_closed_pipe_without_an_error():
    from concurrent.futures.process import _ThreadWakeup

    from patience_core.simulate import _quiet_wakeup

    # The race: the manager thread closed the pipe after the wake-up checked it was open.
    raced = _ThreadWakeup()
    raced._writer.close()
    with pytest.raises(OSError, match="closed"):
        raced.wakeup()
    quiet = _ThreadWakeup()
    _quiet_wakeup(quiet)
    quiet._writer.close()
    quiet.wakeup()
    quiet._reader.close()
    raced._reader.close()

"""``patience simulate``: the summary, JSON, seeds, players, workers and mistakes."""

import json

import pytest
from cli_helpers import run

from patience_core.cli.simulate import summary_lines
from patience_core.simulate import simulate


def test_the_summary_says_win_rate_with_interval_cards_left_score_and_speed():
    result = run("simulate", "tripeaks", "--deals", "20", "--plain")
    assert result.exit_code == 0, result.output
    sim = simulate("tripeaks", range(1, 21))
    low, high = sim.interval
    out = result.stdout.splitlines()
    assert out[0] == "TriPeaks, seeds 1..20, player greedy"
    assert "Deals played: 20" in out
    assert f"Won: {sim.wins} ({sim.win_rate:.1%}, 95% interval {low:.1%} to {high:.1%})" in out
    assert f"Mean cards left: {sim.mean_cards_left:.2f}" in out
    assert f"Mean score: {sim.mean_score:.2f}" in out
    assert any(line.startswith("Speed: ") and line.endswith("s on 1 worker)") for line in out)


def test_json_seeds_options_and_player_parameters():
    result = run(
        "simulate",
        "tripeaks",
        "--seeds",
        "5..9",
        "-o",
        "open-peaks=true",
        "--player",
        "hint",
        "--param",
        "samples=3",
        "--param",
        "node-limit=1000",
        "--json",
        "--per-deal",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["options"]["open_peaks"] is True
    assert data["player"] == "hint"
    assert data["params"] == {"samples": 3, "node_limit": 1000}
    assert [r["seed"] for r in data["results"]] == [5, 6, 7, 8, 9]
    assert data["deals"] == 5
    assert data["wins"] == sum(r["won"] for r in data["results"])
    low, high = data["win_rate_95"]
    assert low <= data["win_rate"] <= high


def test_two_workers_print_the_same_numbers_as_one():
    one = json.loads(run("simulate", "pyramid", "-n", "12", "--player", "random", "--json").stdout)
    two = json.loads(run("simulate", "pyramid", "-n", "12", "--player", "random", "--json", "-w", "2").stdout)
    for key in ("deals", "wins", "win_rate", "win_rate_95", "mean_cards_left", "mean_score"):
        assert one[key] == two[key], key
    assert two["workers"] == 2


def test_the_solver_player_says_how_many_deals_it_could_not_decide():
    args = ["par-pyramid", "-n", "3", "--player", "solver", "--param", "node_limit=50", "--plain"]
    result = run("simulate", *args)
    assert result.exit_code == 0, result.output
    assert "Undecided by the solver within its limit: 3" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "3", "--seeds", "1..3"], "give --deals N or --seeds A..B, not both"),
        (["--seeds", "10..2"], "the first deal number comes after the last in '10..2': write 2..10"),
        (["--seeds", "x"], "deal numbers are written FIRST..LAST (both included), such as 1..1000"),
        (["--player", "nobody"], "unknown player 'nobody'; players: greedy, hint, random, solver"),
        (["--param", "depth=2"], "player 'greedy' has no parameter 'depth'"),
        (["--param", "depth"], "player parameter 'depth' is not KEY=VALUE"),
        (["-o", "wrap=maybe"], "option 'wrap' accepts true or false, not 'maybe'"),
        (["--scheduler", "tcp://127.0.0.1:9"], "Error: "),
    ],
)
def test_mistakes_are_one_line(args, message, monkeypatch):
    monkeypatch.setattr("patience_core.simulate.CONNECT_TIMEOUT", "1s")
    result = run("simulate", "tripeaks", *args)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_unknown_game_is_named():
    result = run("simulate", "chess")
    assert result.exit_code == 1
    assert "unknown game 'chess'" in result.stderr


def test_a_stopped_run_says_so_and_sums_up_what_was_done():
    calls = []

    def stop(n):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    sim = simulate("tripeaks", range(1, 51), progress=stop)
    lines = summary_lines(sim, range(1, 51))
    assert lines[1] == "Stopped: 3 of 50 deals were finished; these are their results."
    assert "Deals played: 3" in lines


def test_ctrl_c_in_the_command_prints_the_partial_results(monkeypatch):
    import patience_core.cli.simulate as command

    real = command.simulate

    def interrupted(*args, progress, **kwargs):
        calls = []

        def stop(n):
            progress(n)
            calls.append(n)
            if len(calls) == 4:
                raise KeyboardInterrupt

        return real(*args, progress=stop, **kwargs)

    monkeypatch.setattr(command, "simulate", interrupted)
    result = run("simulate", "tripeaks", "-n", "30", "--plain")
    assert result.exit_code == 130
    assert "Stopped: 4 of 30 deals were finished; these are their results." in result.stdout
    assert "Deals played: 4" in result.stdout

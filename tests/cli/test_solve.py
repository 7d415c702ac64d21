"""``patience solve``: verdicts, lines that win, saved games, ranges of deals, JSON and errors.

The deals were found with the solver itself: TriPeaks deal 2 is won (the family solver needs
42 positions), TriPeaks deal 176 has no win, and Pyramid deal 0 has no win (a card whose
partners all lie on its own line of cover). Timings are never asserted, only their structure.
"""

import json
import os
import re
import select
import shlex
import signal
import subprocess
import sysconfig
import time
from pathlib import Path

import pytest
from cli_helpers import run
from command import ctrl_c, interruptible

import patience_core
from patience_core.userdata.records import save_game

WON_SEED = 2
NO_WIN_SEED = 176


def numbered_line(stdout: str) -> list[str]:
    """The moves listed under ``Line:``, checking that they are numbered 1, 2, 3..."""
    lines = stdout.splitlines()
    if "Line:" not in lines:
        return []
    moves = []
    for n, text in enumerate(lines[lines.index("Line:") + 1 :], 1):
        number, dot, move = text.strip().partition(". ")
        if not dot or not number.isdigit():
            break
        assert int(number) == n
        moves.append(move)
    return moves


def field(stdout: str, name: str) -> str:
    (line,) = [line for line in stdout.splitlines() if line.startswith(f"{name}: ")]
    return line[len(name) + 2 :]


def test_a_won_deal_prints_a_numbered_line_that_wins_when_played():
    result = run("solve", "tripeaks", "--seed", str(WON_SEED))
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Full-information solve of TriPeaks, deal 2, from the deal.\n")
    assert "sees every card, face-down ones and the stock order" in out
    line = numbered_line(out)
    assert field(out, "Verdict") == f"won, in {len(line)} moves."
    game = patience_core.new_game("tripeaks", seed=WON_SEED)
    for move in line:
        assert not game.is_won()
        game.play(move)
    assert game.is_won()
    assert int(field(out, "Nodes").replace(",", "")) >= 1
    assert field(out, "Time").endswith(" ms")
    assert field(out, "Solver") == patience_core.solve_full_information(game.copy()).solver


def test_the_check_command_plays_the_line_to_a_win():
    out = run("solve", "tripeaks", "--seed", str(WON_SEED), "-o", "scoring=classic").stdout
    words = shlex.split(field(out, "Check it"))
    assert words[:5] == ["patience", "play", "tripeaks", "--seed", str(WON_SEED)]
    assert words[5:7] == ["-o", "scoring=classic"]
    played = run(*words[1:])
    assert played.exit_code == 0
    assert "You won!" in played.stdout


@pytest.mark.parametrize(("game_id", "seed"), [("tripeaks", NO_WIN_SEED), ("pyramid", 0), ("pyramid", 2)])
def test_a_deal_with_no_win_says_so_and_exits_0(game_id, seed):
    result = run("solve", game_id, "--seed", str(seed))
    assert result.exit_code == 0
    verdict = field(result.stdout, "Verdict")
    if field(result.stdout, "Nodes") == "0":
        assert verdict.startswith("no win, proved before any search: a counting bound")
    else:
        assert verdict.startswith("no win: every position reachable")
    assert "Line:" not in result.stdout
    assert "Check it" not in result.stdout


def test_a_no_win_proved_by_a_bound_says_so_not_that_positions_were_searched():
    """Pyramid deal 2881644994: a counting bound proves it before any search (Nodes: 0)."""
    result = run("solve", "pyramid", "--seed", "2881644994")
    assert field(result.stdout, "Nodes") == "0"
    assert field(result.stdout, "Verdict").startswith("no win, proved before any search")
    assert "every position reachable" not in result.stdout


def test_unknown_at_a_tiny_node_limit_exits_3():
    result = run("solve", "tripeaks", "--seed", str(WON_SEED), "--limit", "5")
    assert result.exit_code == 3
    verdict = field(result.stdout, "Verdict")
    assert verdict.startswith("unknown: the search stopped at the node limit (5)")
    assert 1 <= int(field(result.stdout, "Nodes")) <= 5


def test_unknown_after_a_second_search_under_the_same_limit_says_each_stopped():
    """Klondike draw 3 follows a search that reaches its limit with its draw-1 relaxation, under
    the same limit: the positions are twice the limit, and the message says both stopped."""
    result = run("solve", "klondike-3", "--seed", "225", "--limit", "50000")
    assert result.exit_code == 3
    assert field(result.stdout, "Nodes") == "100,000"
    verdict = field(result.stdout, "Verdict")
    assert verdict.startswith("unknown: the searches stopped at the node limit (50,000 each)")


def test_a_no_win_proved_by_a_relaxation_says_how():
    """Klondike draw-3 deal 979 takes 82,287 positions to prove lost drawing three and 378
    drawing one: at a limit of 50,000 the draw-1 search proves it, and the verdict says so."""
    result = run("solve", "klondike-3", "--seed", "979", "--limit", "50000")
    assert result.exit_code == 0
    assert field(result.stdout, "Nodes") == "50,378"
    verdict = field(result.stdout, "Verdict")
    assert verdict.startswith("no win, proved drawing one card at a time")
    assert "every position reachable" not in result.stdout


def test_unknown_at_the_time_limit_names_it():
    # 145,000 positions cannot be searched in a microsecond on any machine.
    result = run("solve", "tripeaks", "--seed", str(NO_WIN_SEED), "--time-limit", "0.000001")
    assert result.exit_code == 3
    assert "stopped at the time limit (1e-06 s)" in field(result.stdout, "Verdict")


def test_json_has_the_verdict_the_line_and_says_full_information():
    result = run("solve", "tripeaks", "--seed", str(WON_SEED), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["full_information"] is True
    assert set(data) == {
        "full_information",
        "game",
        "preset",
        "options",
        "seed",
        "deal",
        "moves_played",
        "node_limit",
        "time_limit",
        "memory_limit_mb",
        "generic",
        "verdict",
        "line",
        "nodes",
        "seconds",
        "solver",
        "reason",
    }
    assert (data["game"], data["preset"], data["seed"], data["moves_played"]) == ("tripeaks", None, 2, 0)
    assert data["deal"] == patience_core.new_game("tripeaks", seed=WON_SEED).deal_text()
    assert data["verdict"] == "won"
    assert isinstance(data["nodes"], int)
    assert data["seconds"] >= 0
    game = patience_core.new_game("tripeaks", seed=WON_SEED)
    for move in data["line"]:
        game.play(move)
    assert game.is_won()


def test_json_of_an_unknown_verdict_still_prints_and_exits_3():
    result = run("solve", "par-pyramid", "--seed", "7", "--limit", "10", "--json")
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert (data["game"], data["preset"], data["verdict"], data["line"]) == (
        "pyramid",
        "par-pyramid",
        "unknown",
        [],
    )


def test_generic_runs_the_generic_solver_to_the_same_verdict():
    data = json.loads(run("solve", "tripeaks", "--seed", str(WON_SEED), "--generic", "--json").stdout)
    assert (data["solver"], data["verdict"], data["generic"]) == ("generic", "won", True)
    assert (
        json.loads(run("solve", "tripeaks", "--seed", str(WON_SEED), "--json").stdout)["solver"] != "generic"
    )


def test_a_typed_deal_is_solved_like_its_seed():
    deal = patience_core.new_game("tripeaks", seed=WON_SEED).deal_text()
    by_deal = json.loads(run("solve", "tripeaks", "--deal", deal, "--json").stdout)
    by_seed = json.loads(run("solve", "tripeaks", "--seed", str(WON_SEED), "--json").stdout)
    assert by_deal["seed"] is None
    assert (by_deal["verdict"], by_deal["line"]) == (by_seed["verdict"], by_seed["line"])
    check = field(run("solve", "tripeaks", "--deal", deal).stdout, "Check it")
    assert "--deal" in shlex.split(check)


# --- saved games ------------------------------------------------------------------------------


def save_after(moves: list[str], name: str, seed: int = WON_SEED) -> str:
    """Play ``moves`` of TriPeaks at the prompt and save there, as a player would."""
    script = "".join(f"{m}\n" for m in moves) + f"save {name}\nquit\n"
    result = run("play", "tripeaks", "--seed", str(seed), input=script)
    assert result.exit_code == 0, result.output
    return name


def test_a_saved_game_is_solved_from_where_it_stands():
    line = json.loads(run("solve", "tripeaks", "--seed", str(WON_SEED), "--json").stdout)["line"]
    path = save_after(line[:5], "mid.json")
    result = run("solve", "--record", path)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Full-information solve of TriPeaks, deal 2, from move 5 of {path}.")
    rest = numbered_line(result.stdout)
    game = patience_core.new_game("tripeaks", seed=WON_SEED)
    for move in line[:5] + rest:
        game.play(move)
    assert game.is_won()
    assert "Check it" not in result.stdout  # that command plays from the deal, not from here
    data = json.loads(run("solve", "tripeaks", "--from-record", path, "--json").stdout)
    assert (data["moves_played"], data["line"]) == (5, rest)


def test_a_saved_game_past_saving_has_no_win_though_its_deal_has():
    # Drawing 15 cards first loses TriPeaks deal 2, which is won from the deal.
    path = save_after(["draw"] * 15, "drawn.json")
    result = run("solve", "tripeaks", "--record", path)
    assert result.exit_code == 0
    assert field(result.stdout, "Verdict").startswith("no win")


def test_a_won_saved_game_is_already_won():
    line = json.loads(run("solve", "tripeaks", "--seed", str(WON_SEED), "--json").stdout)["line"]
    game = patience_core.new_game("tripeaks", seed=WON_SEED)
    for move in line:
        game.play(move)
    save_game(game, Path("won.json"))  # what 'save' at the prompt writes
    result = run("solve", "--record", "won.json")
    assert result.exit_code == 0
    assert field(result.stdout, "Verdict") == "won: the position is already won."
    assert numbered_line(result.stdout) == []


# --- ranges of deals --------------------------------------------------------------------------


def test_seeds_prints_a_summary_whose_counts_add_up():
    data = json.loads(run("solve", "tripeaks", "--seeds", "1..6", "--json").stdout)
    summary, deals = data["summary"], data["deals"]
    assert data["full_information"] is True
    assert data["seeds"] == {"first": 1, "last": 6}
    assert data["interrupted"] is False
    assert [d["seed"] for d in deals] == list(range(1, 7))
    assert summary["deals"] == 6 == summary["won"] + summary["no_win"] + summary["unknown"]
    assert summary["won"] == sum(d["verdict"] == "won" for d in deals)
    assert summary["nodes"] == sum(d["nodes"] for d in deals)
    assert summary["ms_median"] <= summary["ms_p90"] <= summary["ms_p99"] <= summary["ms_max"]
    assert summary["ms_max"] == max(d["ms"] for d in deals)
    slowest = max(deals, key=lambda d: d["ms"])
    assert summary["slowest_seed"] == slowest["seed"]
    assert summary["states_per_second"] > 0
    assert summary["peak_memory_mb"] > 0
    assert summary["peak_memory_of"] == "the whole process"
    for d in deals:  # each row is the solve of that deal on its own
        alone = patience_core.solve_full_information(patience_core.new_game("tripeaks", seed=d["seed"]))
        assert (d["verdict"], d["line"], d["nodes"], d["moves"]) == (
            alone.verdict,
            list(alone.line),
            alone.nodes,
            len(alone.line),
        )


def test_seeds_text_summary_matches_the_json():
    args = ("solve", "pyramid", "--seeds", "0..4", "--limit", "20000")
    data = json.loads(run(*args, "--json").stdout)["summary"]
    result = run(*args)
    assert result.exit_code == (3 if data["unknown"] else 0)
    out = result.stdout
    assert out.startswith("Full-information solves of Pyramid, deals 0..4.\n")
    assert field(out, "Deals") == (
        f"5; won {data['won']}, no win {data['no_win']}, unknown {data['unknown']}."
    )
    assert field(out, "Nodes").startswith(f"{data['nodes']:,} in ")
    assert field(out, "Time per deal").startswith("median ")
    assert "(the peak resident memory of the whole process)" in field(out, "Peak memory")
    assert "\r" not in result.output  # no progress bar when the output is not a terminal


def test_seeds_with_unknown_deals_lists_them_and_exits_3():
    result = run("solve", "tripeaks", "--seeds", "1..3", "--limit", "5")
    assert result.exit_code == 3
    assert field(result.stdout, "Deals") == "3; won 0, no win 0, unknown 3."
    assert field(result.stdout, "Unknown") == "deals 1, 2, 3."
    assert field(result.stdout, "Winnable") == "no deal was decided."


def test_seeds_summary_states_the_limits():
    out = run("solve", "tripeaks", "--seeds", "1..2", "--limit", "300000").stdout
    assert "Node limit: 300,000 a deal." in out.splitlines()
    out = run("solve", "tripeaks", "--seeds", "1..2", "--time-limit", "30").stdout
    assert "time limit: 30 s a deal, so the verdicts depend on the machine." in out


def test_seeds_take_options():
    data = json.loads(run("solve", "tripeaks", "--seeds", "1..2", "-o", "wrap=false", "--json").stdout)
    assert data["options"]["wrap"] is False
    alone = patience_core.solve_full_information(patience_core.new_game("tripeaks", seed=1, wrap=False))
    assert data["deals"][0]["nodes"] == alone.nodes


def stop_solving_at(monkeypatch, nth: int) -> list[int]:
    """Make the ``nth`` solve see a Ctrl-C; the seeds of the solves asked for, as they come."""
    real = patience_core.solve_full_information
    calls: list[int] = []

    def interrupted(game, **kwargs):
        calls.append(game.deal.seed)
        if len(calls) == nth:
            raise KeyboardInterrupt
        return real(game, **kwargs)

    monkeypatch.setattr(patience_core, "solve_full_information", interrupted)
    return calls


def test_ctrl_c_stops_and_prints_the_summary_of_the_deals_done(monkeypatch):
    calls = stop_solving_at(monkeypatch, 3)
    result = run("solve", "tripeaks", "--seeds", "1..5")
    assert result.exit_code == 130
    assert "Interrupted after 2 of 5 deals: the figures cover deals 1..2." in result.stdout
    assert field(result.stdout, "Deals").startswith("2; ")
    calls.clear()
    data = json.loads(run("solve", "tripeaks", "--seeds", "1..5", "--json").stdout)
    assert data["interrupted"] is True
    assert [d["seed"] for d in data["deals"]] == [1, 2]


# --- help and mistakes ------------------------------------------------------------------------


def test_help_says_the_solver_sees_every_card():
    text = " ".join(run("solve", "--help").stdout.split())
    assert "full information" in text
    assert "sees every card" in text
    assert "Exit code 0 when decided" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "--seed", "1"], "nope"),
        ([], "name a game to solve"),
        (["tripeaks", "--seed", "1", "--deal", "x"], "not --seed and --deal"),
        (["tripeaks", "--seed", "1", "--seeds", "1..2"], "not --seed and --seeds"),
        (
            ["tripeaks", "--seeds", "1-5"],
            "FIRST..LAST (both included), such as 1..1000, or as one number; not '1-5'",
        ),
        (["tripeaks", "--seeds", "5..1"], "the first deal number comes after the last in '5..1': write 1..5"),
        (["tripeaks", "--seeds", f"1..{2**64}"], "a deal number is at most"),
        (["tripeaks", "--seeds", "1..2", "-o", "wrap=maybe"], "option 'wrap'"),
        (["tripeaks", "--seed", "1", "-o", "nope=1"], "nope"),
        (["tripeaks", "--seed", "1", "--limit", "0"], "--limit"),
        (["tripeaks", "--seed", "1", "--time-limit", "0"], "--time-limit"),
        (["tripeaks", "--deal", "AS AS"], "deal"),
        (["--record", "missing.json"], "no saved game at missing.json"),
    ],
)
def test_mistakes_are_one_line_naming_the_problem(args, message):
    result = run("solve", *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_record_mistakes(tmp_path):
    path = save_after(["4D"], "one.json")
    for args, message in [
        (["pyramid", "--record", path], f"{path} is a game of tripeaks, not pyramid"),
        (["--record", path, "-o", "wrap=false"], "drop -o with --record"),
        (["--record", path, "--seed", "3"], "not --seed and --record"),
    ]:
        result = run("solve", *args)
        assert result.exit_code == 1
        assert message in result.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "patience-game"', encoding="utf-8")
    result = run("solve", "--record", str(broken))
    assert result.exit_code == 1
    assert "truncated" in result.stderr


EXE = Path(sysconfig.get_path("scripts")) / "patience"


@pytest.mark.skipif(
    not EXE.exists() or not hasattr(os, "openpty"), reason="needs the installed command and a terminal"
)
def test_at_a_terminal_a_progress_bar_shows_and_ctrl_c_prints_the_summary(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PATIENCE_HOME=str(tmp_path), COLUMNS="100")
    main, terminal = os.openpty()
    proc = subprocess.Popen(
        [str(EXE), "solve", "pyramid", "--seeds", "1..100000"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        preexec_fn=interruptible,
    )
    os.close(terminal)
    out = b""
    deadline = time.monotonic() + 60
    try:
        # Wait for the bar to count two deals done, then press Ctrl-C.
        while not re.search(rb"\b([2-9]|\d\d+)/100000", out) and time.monotonic() < deadline:
            if select.select([main], [], [], 0.2)[0]:
                out += os.read(main, 65536)
        proc.send_signal(signal.SIGINT)
        stop = time.monotonic() + 60  # every read has a deadline: a command that goes on fails below
        while time.monotonic() < stop:
            if not select.select([main], [], [], 0.2)[0]:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the command has ended and closed the terminal
                break
            if not chunk:
                break
            out += chunk
        assert proc.wait(timeout=60) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    text = out.decode("utf-8", "replace")
    assert "Solving pyramid" in text  # the progress bar
    match = re.search(r"Interrupted after (\d+) of 100000 deals: the figures cover deals 1\.\.(\d+)\.", text)
    assert match
    assert int(match[1]) == int(match[2]) >= 2
    assert f"Deals: {match[1]}; won " in text
    assert "Traceback" not in text


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(
    not EXE.exists() or not Path("/proc/self/stat").exists(), reason="needs the command and /proc"
)
@pytest.mark.parametrize(
    "args",
    [
        # One long search whose keys are long integers (minutes at this limit).
        ["klondike-3", "--seed", "225", "--limit", "20000000"],
        # Many short searches, most of which end before their first memory check.
        ["freecell", "--seeds", "1..100000"],
    ],
)
def test_ctrl_c_in_a_compiled_search_exits_130_without_aborting(tmp_path, args):
    # A compiled search stopped by Python's Ctrl-C handler in the middle of long-integer
    # arithmetic made mypyc's runtime abort with "fatal: out of memory" (exit 134). The core
    # now holds a Ctrl-C until the search's next memory check.
    proc = subprocess.Popen(
        [str(EXE), "solve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PATIENCE_HOME": str(tmp_path)},
        preexec_fn=interruptible,
    )
    # Past the start-up (well under a second of CPU): the search is under way.
    _, text = ctrl_c(proc, lambda: _cpu_seconds(proc.pid) >= 2.5)
    assert proc.returncode == 130, text[-500:]
    assert "fatal" not in text
    assert "Traceback" not in text


# --- issue 16, finding 4: ranges of any size, walked lazily ------------------------------------


def test_a_range_of_any_size_is_solved_lazily_and_ctrl_c_keeps_what_was_done(monkeypatch):
    calls = stop_solving_at(monkeypatch, 4)
    result = run("solve", "tripeaks", "--seeds", "0..18446744073709551615", "--plain", "--limit", "1000")
    assert result.exit_code == 130
    assert "deals 0..18446744073709551615." in result.stdout
    assert "Interrupted after 3 of 18446744073709551616 deals: the figures cover deals 0..2." in result.stdout
    assert calls == [0, 1, 2, 3]
    calls.clear()
    data = json.loads(run("solve", "tripeaks", "--seeds", "0..18446744073709551615", "--json").stdout)
    assert data["seeds"] == {"first": 0, "last": 18446744073709551615}
    assert [d["seed"] for d in data["deals"]] == [0, 1, 2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--limit", "0"], "--limit is the number of positions to search, from 1 to 1,000,000,000,000"),
        (["--limit", "1" + "0" * 30], "--limit is the number of positions"),
        (["--time-limit", "nan"], "--time-limit is a number of seconds above 0"),
        (["--time-limit", "1e300"], "at most 10,000,000"),
        (["--memory-limit", "0"], "--memory-limit is a number of megabytes from 1 to 10,000,000"),
        (["--memory-limit", "inf"], "--memory-limit is a number of megabytes"),
        (["-o", "passes=1000000000000"], "option 'passes' accepts a whole number >= 1 and <= 5"),
    ],
)
def test_every_number_has_a_documented_bound(args, message):
    result = run("solve", "pyramid", "--seed", "1", *args)
    assert result.exit_code == 1
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1

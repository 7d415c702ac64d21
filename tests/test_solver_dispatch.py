"""The solver dispatch: a specialised solver that fails or answers nonsense is passed over with
a warning (issue 16, finding 1), and running out of memory ends in ``unknown (out of memory)``
with what was searched (finding 7)."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
import warnings

import attrs
import pytest
from command import EXE, patience

import patience_core
from patience_core import Game, SolveResult, solve_full_information
from patience_core.engine.deal import Deal
from patience_core.solver import DEFAULT_NODE_LIMIT, UNKNOWN, WON, PluginWarning, memory


def game_with_solver(solver, game_id: str = "tripeaks", seed: int = 2) -> Game:
    spec, _ = patience_core.find_game(game_id)
    spec = attrs.evolve(spec, solver=solver, plugin="test-solver")
    return Game(spec, spec.defaults(), Deal.from_seed(seed))


def _exit(game, node_limit, time_limit):
    sys.exit(3)


def _interrupt(game, node_limit, time_limit):
    raise KeyboardInterrupt


def _bug(game, node_limit, time_limit):
    raise RuntimeError("a bug in the plugin")


@pytest.mark.parametrize(
    ("solver", "problem"),
    [
        (lambda g, n, t: "garbage", "returned 'garbage', not a SolveResult"),
        (lambda g, n, t: SolveResult("maybe"), "returned the verdict 'maybe'"),  # type: ignore[arg-type]
        (lambda g, n, t: SolveResult(WON, ["4D"]), "not a tuple of move text"),  # type: ignore[arg-type]
        (lambda g, n, t: SolveResult(WON, ("KS",)), "move 1 ('KS') is not legal"),
        (lambda g, n, t: SolveResult(WON, ("4D",)), "a line that does not win"),
        (lambda g, n, t: SolveResult(UNKNOWN, ("4D",)), "a verdict other than won"),
        (lambda g, n, t: SolveResult(UNKNOWN, nodes=-1), "returned -1 nodes"),
        (lambda g, n, t: SolveResult(UNKNOWN, seconds=float("nan")), "returned nan seconds"),
        (_exit, "failed (Escaped: raised SystemExit(3))"),
        (_interrupt, "failed (Escaped: raised KeyboardInterrupt())"),
        (_bug, "failed (RuntimeError: a bug in the plugin)"),
    ],
)
def test_a_bad_solver_is_passed_over_with_a_warning(solver, problem):
    game = game_with_solver(solver)
    before = game.snapshot()
    with pytest.warns(PluginWarning) as warned:
        result = solve_full_information(game, node_limit=100_000)
    message = str(warned[0].message)
    assert message.startswith("plugin 'test-solver': its solver ")
    assert problem in message
    assert message.endswith("; another solver answers instead")
    assert result.verdict == WON
    assert result.solver == "build-on-waste"  # the next in turn answers
    assert game.snapshot() == before


def test_a_sound_answer_is_taken_as_it_is():
    answer = solve_full_information(patience_core.new_game("tripeaks", seed=2))
    game = game_with_solver(lambda g, n, t: attrs.evolve(answer, solver="mine"))
    assert solve_full_information(game).solver == "mine"


def test_a_solver_that_runs_out_of_memory_ends_unknown_saying_so():
    def greedy(game, node_limit, time_limit):
        memory.check_memory(123)  # a solver that checks, as the hook's solvers may
        raise MemoryError

    result = solve_full_information(game_with_solver(greedy))
    assert result.verdict == UNKNOWN
    assert result.reason == "out of memory: the system refused more memory"
    assert result.nodes == 123
    assert result.solver == "test-solver"
    assert result.to_dict()["reason"] == result.reason


def test_the_generic_solver_stops_at_the_memory_limit_with_what_it_searched(monkeypatch):
    monkeypatch.setattr(memory, "usage", lambda: (10**12, None))
    # Its own check, not the CPU timer, which fires about as soon (0.1 s) and has its own test.
    monkeypatch.setattr(memory, "_start_timer", lambda: False)
    game = patience_core.new_game("par-pyramid", seed=7)
    result = solve_full_information(game, generic=True, memory_limit_mb=100)
    assert result.verdict == UNKNOWN
    assert result.nodes == memory.CHECK_EVERY  # it stopped at its first check
    assert result.reason.startswith("out of memory: the process used 953,674 MB of memory, above the limit")


def test_limits_are_checked():
    game = patience_core.new_game("tripeaks", seed=1)
    for bad in ({"node_limit": 0}, {"node_limit": 10**13}, {"node_limit": 2.5}, {"time_limit": -1.0}):
        with pytest.raises(ValueError, match="limit"):
            solve_full_information(game, **bad)
    for bad_mb in (0, -5, float("inf"), float("nan"), "100"):
        with pytest.raises(ValueError, match="memory_limit_mb"):
            solve_full_information(game, memory_limit_mb=bad_mb)


def _under(limit_mb: int, *args: str) -> subprocess.CompletedProcess[str]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb * 2**20, limit_mb * 2**20))

    return patience(*args, preexec_fn=limited, timeout=300)


@pytest.mark.skipif(not EXE.exists() or sys.platform != "linux", reason="needs the command and Linux")
@pytest.mark.parametrize(("limit_mb", "generic"), [(100, True), (80, False)])
def test_under_an_address_space_limit_the_solver_ends_unknown_out_of_memory(limit_mb, generic):
    args = ["solve", "par-pyramid", "--seed", "7", "--limit", "100000000"]
    result = _under(limit_mb, *args, *(["--generic"] if generic else []))
    assert "Traceback" not in result.stdout + result.stderr
    assert "MemoryError" not in result.stderr
    assert "SystemError" not in result.stderr
    assert result.returncode == 3, result.stderr
    assert "Verdict: unknown (out of memory): the search stopped" in result.stdout
    if generic:  # the generic solver checks as it goes: it says what it searched
        assert "address space (ulimit -v)" in result.stdout
        assert "Nodes: 0" not in result.stdout


@pytest.mark.skipif(not EXE.exists() or sys.platform != "linux", reason="needs the command and Linux")
def test_memory_limit_is_respected_before_the_system_says_no():
    result = _under(
        4000,
        "solve",
        "par-pyramid",
        "--seed",
        "7",
        "--limit",
        "100000000",
        "--generic",
        "--memory-limit",
        "60",
    )
    assert result.returncode == 3, result.stderr
    line = next(x for x in result.stdout.splitlines() if x.startswith("Verdict: "))
    assert line.startswith("Verdict: unknown (out of memory): the search stopped after ")
    assert "above the limit of 60 MB; a higher --memory-limit may decide it." in line


def _declining(limits):
    def solver(game, node_limit, time_limit):
        limits.append(node_limit)  # declines, so the next solver answers

    return solver


def test_a_games_own_solver_runs_to_the_limit_its_spec_declares_when_none_is_given():
    seen: list[int] = []
    spec, _ = patience_core.find_game("tripeaks")
    spec = attrs.evolve(spec, solver=_declining(seen), plugin="test-solver", solver_node_limit=7_777)
    game = Game(spec, spec.defaults(), Deal.from_seed(2))
    assert patience_core.solver.default_node_limit(spec) == 7_777
    assert patience_core.solver.default_node_limit(spec, generic=True) == DEFAULT_NODE_LIMIT
    answer = solve_full_information(game)
    assert seen == [7_777]  # the own solver gets the declared limit...
    assert answer.verdict == WON  # ...the next solver, the core's
    assert answer.solver == "build-on-waste"
    solve_full_information(game, node_limit=1_234)
    assert seen == [7_777, 1_234]  # a limit given is every solver's


def test_a_spec_refuses_a_solver_node_limit_that_is_not_a_positive_whole_number():
    spec, _ = patience_core.find_game("tripeaks")
    for bad in (0, -5, 2.5, "20"):
        with pytest.raises(ValueError, match="solver_node_limit is a whole number"):
            attrs.evolve(spec, solver_node_limit=bad)


def test_patience_solve_uses_the_klondike_family_solvers_own_default_limit():
    # docs/solver.md measures the Klondike family at its solver's own limit of 20,000,000
    # positions: `patience solve` without --limit runs to the same, and says so
    klondike = patience("solve", "klondike", "--seed", "1", "--json")
    assert json.loads(klondike.stdout)["node_limit"] == 20_000_000
    tripeaks = patience("solve", "tripeaks", "--seed", "1", "--json")
    assert json.loads(tripeaks.stdout)["node_limit"] == DEFAULT_NODE_LIMIT
    generic = patience("solve", "klondike", "--seed", "1", "--generic", "--limit", "500", "--json")
    assert json.loads(generic.stdout)["node_limit"] == 500
    summary = patience("solve", "klondike-3", "--seeds", "1..2")
    assert "Node limit: 20,000,000 a deal" in summary.stdout
    # Thumb and Pouch keeps the core's: its searches to 20,000,000 need gigabytes
    thumb = patience("solve", "thumb-and-pouch", "--seed", "1", "--json")
    assert json.loads(thumb.stdout)["node_limit"] == DEFAULT_NODE_LIMIT


# --- Ctrl-C while a search runs -----------------------------------------------------------------

needs_main_thread_timer = pytest.mark.skipif(
    not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread(),
    reason="Ctrl-C is held in the main thread of systems with a CPU timer",
)


@pytest.fixture
def python_ctrl_c():
    """Python's own Ctrl-C handler, even in a run that inherited SIGINT ignored (a background job)."""
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, saved)


def press_ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.01)  # the handler runs at the next bytecode; give the signal time to arrive


def search_under_a_memory_limit(steps: list[str], done: list[str], *, spin: float = 0.0) -> None:
    """Run ``steps`` ("check" or "ctrl-c") as a search would inside a solve, then spin for
    ``spin`` seconds of CPU; each step is added to ``done`` as it finishes."""
    with memory.memory_limit():
        for step in steps:
            if step == "check":
                memory.check_memory(len(done) * memory.CHECK_EVERY)
            else:
                press_ctrl_c()
            done.append(step)
        start = time.process_time()
        while time.process_time() - start < spin:
            pass


@needs_main_thread_timer
def test_ctrl_c_in_a_search_that_checks_its_memory_is_raised_at_its_next_check(python_ctrl_c):
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        search_under_a_memory_limit(["check", "ctrl-c", "check", "check"], done)
    assert done == ["check", "ctrl-c"]  # held through the Ctrl-C, raised at the next check
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@needs_main_thread_timer
def test_ctrl_c_in_code_that_never_checks_is_raised_at_once(python_ctrl_c):
    with memory.memory_limit():
        with pytest.raises(KeyboardInterrupt):
            press_ctrl_c()
        memory.check_memory(0)  # nothing held


@needs_main_thread_timer
def test_a_ctrl_c_held_after_the_last_check_is_raised_as_the_search_ends(python_ctrl_c):
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        search_under_a_memory_limit(["check", "ctrl-c"], done)  # no check after the Ctrl-C
    assert done == ["check", "ctrl-c"]
    with memory.memory_limit():
        memory.check_memory(0)  # nothing left over for the next search


@needs_main_thread_timer
def test_a_ctrl_c_held_for_a_search_that_stopped_checking_is_raised_by_the_timer(monkeypatch, python_ctrl_c):
    monkeypatch.setattr(memory, "HOLD_SECONDS", 0.05)
    start = time.process_time()
    with pytest.raises(KeyboardInterrupt):
        # checked once, then handed over to code that does not check
        search_under_a_memory_limit(["check", "ctrl-c"], [], spin=10)
    assert time.process_time() - start < 5


@needs_main_thread_timer
def test_ctrl_c_in_a_games_own_solver_that_checks_reaches_the_caller_not_a_plugin_warning(python_ctrl_c):
    def checking(game, node_limit, time_limit):
        for nodes in range(0, 1 << 20, memory.CHECK_EVERY):
            memory.check_memory(nodes)
            if nodes == 2 * memory.CHECK_EVERY:
                press_ctrl_c()
        return None

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a PluginWarning would blame the solver
        with pytest.raises(KeyboardInterrupt):
            solve_full_information(game_with_solver(checking))

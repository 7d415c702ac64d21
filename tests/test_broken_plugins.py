"""A plugin's failure is the plugin's alone (issue 16, finding 1).

Each broken plugin of :mod:`broken_plugins` is installed as a real distribution and the real
``patience`` command runs with it: no plugin takes over another's id, silences the program,
breaks the solver for every game, or turns ``patience show`` into a traceback.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from broken_plugins import install
from command import EXE, interruptible, needs_exe, one_line_error
from command import patience as run

pytestmark = needs_exe


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def patience(tmp_path: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    result = run(*args, home=tmp_path / "home", env=env)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_a_plugin_that_registers_a_taken_id_takes_over_nothing(tmp_path):
    env = install(tmp_path / "site", "evil_tripeaks")
    error = one_line_error(patience(tmp_path, env, "show", "tripeaks", "--seed", "1", "--plain"))
    assert "'tripeaks' is registered by 2 plugins (aaa-evil, tripeaks)" in error
    assert "aaa-evil:tripeaks, tripeaks:tripeaks" in error
    real = patience(tmp_path, env, "show", "tripeaks:tripeaks", "--seed", "1", "--plain")
    assert real.returncode == 0, real.stderr
    assert real.stdout.startswith("TriPeaks, deal 1.")
    evil = patience(tmp_path, env, "show", "aaa-evil:tripeaks", "--seed", "1", "--plain")
    assert evil.stdout.startswith("Evil TriPeaks, deal 1.")
    listing = patience(tmp_path, env, "games", "--plain")
    assert listing.returncode == 0
    [warning] = [line for line in listing.stderr.splitlines() if "tripeaks" in line]
    assert warning.startswith("Warning: plugins 'aaa-evil' and 'tripeaks': game id 'tripeaks'")
    assert "evil-tripeaks 6.6.6" in warning
    assert "patience-tripeaks" in warning
    assert "pyramid - Pyramid" in listing.stdout  # the others are untouched
    # What is played and saved under the qualified id plays on under it.
    played = patience(
        tmp_path, env, "play", "tripeaks:tripeaks", "--seed", "2", "--moves", "4D 5S", "--plain"
    )
    assert played.returncode == 0, played.stderr
    solved = patience(tmp_path, env, "solve", "tripeaks:tripeaks", "--seed", "2")
    assert "Check it: patience play tripeaks:tripeaks --seed 2" in solved.stdout


def test_a_preset_cannot_shadow_a_game(tmp_path):
    env = install(tmp_path / "site", "shadow_preset")
    error = one_line_error(patience(tmp_path, env, "show", "pyramid", "--seed", "1"))
    assert "aaa-shadow:pyramid, pyramid:pyramid" in error
    assert patience(tmp_path, env, "show", "shadow", "--seed", "1").returncode == 0
    assert patience(tmp_path, env, "show", "par-pyramid", "--seed", "1").returncode == 0


@pytest.mark.parametrize(
    ("module", "plugin", "raised"),
    [
        ("exit_on_import", "exit-import", "SystemExit(3)"),
        ("exit_in_hook", "exit-hook", "SystemExit(5)"),
        ("interrupt_in_hook", "interrupt-hook", "KeyboardInterrupt()"),
    ],
)
def test_a_plugin_that_exits_or_interrupts_is_recorded_and_goes_on(tmp_path, module, plugin, raised):
    env = install(tmp_path / "site", module)
    listing = patience(tmp_path, env, "games")
    assert listing.returncode == 0
    assert "tripeaks - TriPeaks" in listing.stdout
    assert f"Warning: plugin '{plugin}': " in listing.stderr
    assert raised in listing.stderr
    shown = patience(tmp_path, env, "show", "tripeaks", "--seed", "1", "--plain")
    assert shown.returncode == 0
    assert shown.stdout.startswith("TriPeaks, deal 1.")


def test_a_solver_hook_answering_garbage_leaves_every_game_solvable(tmp_path):
    env = install(tmp_path / "site", "garbage_solver")
    for game in ("tripeaks", "golf", "pyramid"):
        result = patience(tmp_path, env, "solve", game, "--seed", "2", "--limit", "20000")
        assert result.returncode in (0, 3), result.stderr
        assert "Verdict: " in result.stdout
        if game != "pyramid":  # Pyramid's own solver answers before any hook is asked
            assert "Solver: build-on-waste" in result.stdout
            assert (
                "Warning: plugin 'garbage-solver': its solver returned 'garbage', not a SolveResult;"
                " another solver answers instead" in result.stderr
            )


def test_broken_games_are_refused_with_a_warning_and_bad_solvers_passed_over(tmp_path):
    env = install(tmp_path / "site", "broken_games")
    listing = patience(tmp_path, env, "games", "--plain")
    assert listing.returncode == 0
    assert "game 'cyclic' fails on a trial deal: LayoutError" in listing.stderr
    assert "game 'junk-moves': legal_moves returned list, not a list of moves" in listing.stderr
    assert "cyclic -" not in listing.stdout
    for game in ("cyclic", "junk-moves"):
        error = one_line_error(patience(tmp_path, env, "show", game, "--seed", "1"))
        assert f"game '{game}' is not served: plugin 'broken-games'" in error
    for game, problem in (
        ("garbage-solver", "its solver returned 'garbage', not a SolveResult"),
        ("lying-solver", "its solver 'liar' returned a line whose move 1 ('KS') is not legal"),
    ):
        result = patience(tmp_path, env, "solve", game, "--seed", "2")
        assert result.returncode == 0, result.stderr
        assert "Verdict: won" in result.stdout
        assert "Solver: build-on-waste" in result.stdout
        assert f"Warning: plugin 'broken-games': {problem}" in result.stderr


def test_an_observer_that_exits_is_a_one_line_error(tmp_path):
    env = install(tmp_path / "site", "observer_exit")
    error = one_line_error(patience(tmp_path, env, "play", "tripeaks", "--seed", "1", "--moves", "draw"))
    assert "plugin 'observer-exit': move_played: raised SystemExit(7)" in error


def test_a_game_whose_rules_never_return_is_refused_by_name_and_the_rest_works(tmp_path):
    """Second audit, finding 1: a legal_moves that never returns on the trial deal froze
    ``patience games``, ``patience play`` and ``patience serve`` (which never listened)."""
    env = install(tmp_path / "site", "hanging_game")
    start = time.monotonic()
    listing = patience(tmp_path, env, "games", "--plain")
    assert listing.returncode == 0
    assert time.monotonic() - start < 60
    assert "plugin 'hanging-game': game 'hangs' takes more than 5 s on a trial deal" in listing.stderr
    assert "tripeaks - TriPeaks" in listing.stdout
    error = one_line_error(patience(tmp_path, env, "play", "hangs", "--seed", "1", "--moves", "draw"))
    assert "game 'hangs' is not served: plugin 'hanging-game'" in error
    proc = subprocess.Popen(
        [str(EXE), "serve", "--port", str(free_port())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**env, "PATIENCE_HOME": str(tmp_path / "home")},
        preexec_fn=interruptible,
    )
    try:
        out = proc.stdout.readline() if proc.stdout else ""  # said once it listens
        assert out.startswith("Patience is served at http://127.0.0.1:"), out
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Warning: plugin 'hanging-game': game 'hangs' takes more than 5 s" in err  # said at the start
    assert "Traceback" not in err


def test_ids_that_are_words_of_the_command_are_refused(tmp_path):
    """Second audit, finding 13: plugin ids reset, repair, add collided with patience stats."""
    env = install(tmp_path / "site", "reserved_ids")
    listing = patience(tmp_path, env, "games", "--plain")
    assert "game 'reset': the id 'reset' is a word of the patience command" in listing.stderr
    assert "game 'fine': the id 'repair' is a word of the patience command" in listing.stderr
    assert patience(tmp_path, env, "stats", "reset", "--yes").stdout.startswith("No statistics")

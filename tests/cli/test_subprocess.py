"""The installed ``patience`` executable, driven through a pipe as a script or a person would."""

import json
import os
import subprocess
import sysconfig
from pathlib import Path

import pytest

import patience_core

EXE = Path(sysconfig.get_path("scripts")) / "patience"


def patience(*args, stdin="", home):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "PATIENCE_PLUGINS")}
    env["PATIENCE_HOME"] = str(home)
    return subprocess.run(
        [str(EXE), *args], input=stdin, capture_output=True, text=True, env=env, timeout=60, check=False
    )


@pytest.mark.skipif(not EXE.exists(), reason="the patience command is not installed next to this interpreter")
def test_a_piped_session_play_undo_illegal_save_resume_quit(tmp_path):
    home = tmp_path / "home"
    game = patience_core.new_game("tripeaks", seed=3)
    first = str(game.legal_moves()[0])
    game.play(first)
    second = str(game.legal_moves()[0])
    save = tmp_path / "mine.json"

    commands = [first, second, "undo", "KS+AS", "save " + str(save), "quit"]
    result = patience("play", "tripeaks", "--seed", "3", stdin="\n".join(commands) + "\n", home=home)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert f"Took back {second}." in result.stdout
    assert "illegal move KS+AS: play one card at a time onto the waste" in result.stdout
    assert f"Saved to {save}." in result.stdout
    assert json.loads(save.read_text())["moves"] == [first]
    assert json.loads((home / "autosave.json").read_text())["moves"] == [first]

    result = patience("play", "--resume", str(save), "--plain", stdin=f"{second}\nquit\n", home=home)
    assert result.returncode == 0, result.stderr
    assert "TriPeaks, deal 3." in result.stdout
    assert "Moves played: 1." in result.stdout
    assert "Moves played: 2." in result.stdout

    result = patience("play", "--resume", "--json", stdin="quit\n", home=home)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["moves"] == [first, second]  # the autosave of the last session


@pytest.mark.skipif(not EXE.exists(), reason="the patience command is not installed next to this interpreter")
def test_errors_exit_non_zero_without_a_traceback(tmp_path):
    for args in (("play", "nosuch"), ("show", "tripeaks", "-o", "x=1"), ("play", "--resume", "none.json")):
        result = patience(*args, home=tmp_path)
        assert result.returncode == 1
        assert result.stderr.startswith("Error: ")
        assert "Traceback" not in result.stderr
    result = patience("play", "tripeaks", "-s", "1", "--moves", "draw 9H", home=tmp_path)
    assert result.returncode == 1
    assert "move 2 (9H) is illegal" in result.stderr
    result = patience("--version", home=tmp_path)
    first, second = result.stdout.strip().splitlines()
    assert first == f"patience {patience_core.__version__}"
    assert second.startswith("Solvers: searches")

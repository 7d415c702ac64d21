"""The root application: version, help on every command and option, completion, and its limits."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from cli_helpers import all_game_ids, run

import patience_core
from patience_core.cli import app
from patience_core.cli.common import complete_game, complete_option

CLI_SOURCE = Path(patience_core.__file__).parent / "cli"


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    first, second = result.stdout.strip().splitlines()
    assert first == f"patience {patience_core.__version__}"
    assert second.startswith("Solvers: searches")


COMMAND_NAMES = ("games", "show", "play", "replay", "stats", "solve", "simulate", "bench", "serve")


def test_no_arguments_shows_the_commands():
    result = run()
    for command in COMMAND_NAMES:
        assert command in result.output


def _commands():
    group = typer.main.get_command(app)
    return group, sorted(group.commands.items())


def test_every_command_and_option_has_help():
    group, commands = _commands()
    assert [name for name, _ in commands] == sorted(COMMAND_NAMES)
    for name, command in commands:
        assert command.help, f"{name} has no help"
        for param in command.params:
            if param.name == "help":
                continue
            assert getattr(param, "help", None), f"{name} {param.name} has no help"
    for param in group.params:
        assert param.help or param.name == "help", f"patience {param.name} has no help"


def test_help_of_each_command_runs():
    for name in COMMAND_NAMES:
        result = run(name, "--help")
        assert result.exit_code == 0
        assert "Usage:" in result.output


def test_shell_completion_is_offered():
    result = run("--help")
    assert "--install-completion" in result.output
    assert "--show-completion" in result.output


def test_game_completion_lists_games_and_presets():
    ids = [gid for gid, _ in complete_game("")]
    assert sorted(ids) == all_game_ids()
    assert [gid for gid, _ in complete_game("par")] == ["par-pyramid"]


def test_option_completion_uses_the_game_on_the_line():
    ctx = typer.Context(typer.main.get_command(app))
    ctx.params["game"] = "tripeaks"
    names = [name for name, _ in complete_option(ctx, [], "")]
    assert names == [f"{o.name}=" for o in patience_core.find_game("tripeaks")[0].options]
    assert [n for n, _ in complete_option(ctx, [], "wr")] == ["wrap="]
    ctx.params["game"] = None  # as while the line is being typed: the words name the game
    assert [n for n, _ in complete_option(ctx, ["play", "par-pyramid", "-o"], "w")] == ["win="]
    assert [n for n, _ in complete_option(ctx, ["par-pyramid"], "win=")] == ["win=pyramid", "win=all"]
    ctx.params["game"] = "tripeaks"
    assert [n for n, _ in complete_option(ctx, [], "wrap=f")] == ["wrap=false"]
    ctx.params["game"] = "no-such-game"
    assert complete_option(ctx, [], "") == []


def test_completion_through_the_shell_protocol():
    env = {
        "_PATIENCE_COMPLETE": "complete_bash",
        "COMP_WORDS": "patience play tripeaks -o w",
        "COMP_CWORD": "4",
    }
    assert run(env=env, prog_name="patience").stdout.split() == ["wrap="]
    env.update(COMP_WORDS="patience show p", COMP_CWORD="2")
    ids = [s.id for s in patience_core.games()] + [p.id for s in patience_core.games() for p in s.presets]
    assert sorted(run(env=env, prog_name="patience").stdout.split()) == sorted(i for i in ids if i[0] == "p")
    assert "par-pyramid" in ids


def test_the_cli_names_no_game():
    """Nothing in the CLI may name a particular game: it must work for games it has never seen."""
    for path in CLI_SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        for name in ("tripeaks", "pyramid", "golf"):
            assert name not in text, f"{path.name} names {name}"


def test_importing_the_engine_does_not_import_the_cli_libraries():
    code = (
        "import sys, patience_core; patience_core.games();"
        " print(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(
    "args",
    [
        ("show", "nosuch"),
        ("play", "nosuch", "--moves", "draw"),
    ],
)
def test_unknown_game_lists_the_installed_ones(args):
    result = run(*args)
    assert result.exit_code == 1
    assert "unknown game 'nosuch'" in result.stderr
    ids = all_game_ids()
    if len(", ".join(ids)) <= 240:
        for gid in ids:
            assert re.search(rf"\b{re.escape(gid)}\b", result.stderr)
    else:  # too many for one line: their number, and the command that lists them all
        assert f"{len(ids)} games are installed (`patience games` lists them)" in result.stderr
        listing = run("games", "--plain").stdout
        for gid in ids:
            assert re.search(rf"\b{re.escape(gid)}\b", listing)

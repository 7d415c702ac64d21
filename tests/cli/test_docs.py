"""The examples of docs/cli.md run, and say what the command says."""

import shlex
from pathlib import Path

import pytest
from cli_helpers import run

DOC = Path(__file__).parents[2] / "docs" / "cli.md"
# Commands that need a person at a terminal, a file made earlier, or a shell.
SKIP = ("--install-completion", "--resume", "replay", "reset")


def examples():
    """Each ``$ patience ...`` line of the page with the output lines shown under it."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines):
        text = line.strip()
        if not text.startswith("$ patience "):
            continue
        shown = []
        for after in lines[n + 1 :]:
            if not after.startswith("    ") or after.strip().startswith("$ "):
                break
            shown.append(after.strip())
        yield n + 1, shlex.split(text[2:])[1:], shown


def runnable():
    out = []
    for line, args, shown in examples():
        interactive = args[0] == "play" and "--moves" not in args
        if interactive or any(word in args for word in SKIP):
            continue
        out.append(pytest.param(args, shown, id=f"line{line}"))
    return out


def test_the_page_has_examples():
    assert len(runnable()) >= 15


@pytest.mark.parametrize(("args", "shown"), runnable())
def test_example(args, shown):
    result = run(*args)
    if shown and shown[0].startswith("Error: "):
        assert result.exit_code == 1
        assert result.stderr.strip() == shown[0]
    else:
        assert result.exit_code == 0, result.output
        printed = [line.strip() for line in result.stdout.splitlines()]
        for line in shown:
            assert line in printed


def test_the_readme_screen_is_what_the_command_draws():
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8").splitlines()
    start = readme.index("    TriPeaks, deal 2")
    end = next(n for n in range(start, len(readme)) if readme[n].startswith("    Legal moves:"))
    screen = [line[4:] for line in readme[start : end + 1]]
    result = run("play", "tripeaks", "--seed", "2", "--moves", "4D 5S 4H")
    assert result.stdout.splitlines()[: len(screen)] == screen

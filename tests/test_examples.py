"""The examples of the docs are true: the tutorial's files are the Golf package in the repository,
its commands print what the page shows, the embedding example app runs, and the docs' links
lead somewhere.

The Python examples on the pages themselves run as doctests (pytest collects ``docs/*.md``).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import patience_core

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
TUTORIAL = DOCS / "writing-a-plugin.md"
EMBEDDING = DOCS / "embedding.md"
GOLF = DOCS / "examples" / "patience-golf"
HINT_BOT = DOCS / "examples" / "hint_bot.py"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.MULTILINE | re.DOTALL)


def blocks(page: Path) -> list[tuple[str, str, str]]:
    """Each fenced block of ``page``: its language, its text, and the line before it."""
    text = page.read_text(encoding="utf-8")
    out = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        out.append((match[1], match[2], before))
    return out


def page_files(page: Path) -> dict[str, str]:
    """The files a page shows whole: a block after a line ending in "`PATH`:"."""
    files = {}
    for lang, text, before in blocks(page):
        named = re.search(r"`([^`]+)`:$", before)
        if lang in ("toml", "python") and named and not text.startswith(">>>"):
            files[named[1]] = text
    return files


def snippets(page: Path) -> list[str]:
    """The page's Python blocks that are neither doctests nor whole files."""
    files = set(page_files(page).values())
    return [
        text
        for lang, text, _ in blocks(page)
        if lang == "python" and not text.startswith(">>>") and text not in files
    ]


def commands(page: Path) -> list[tuple[str, str]]:
    """Each ``$ command`` of the page's console blocks, with the output shown under it."""
    out = []
    for lang, text, _ in blocks(page):
        if lang != "console":
            continue
        for part in re.split(r"^\$ ", text, flags=re.MULTILINE)[1:]:
            command, _, shown = part.partition("\n")
            out.append((command, shown))
    return out


def run(command: str, home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATIENCE_HOME": str(home),
        "PATIENCE_PLUGINS": "golf",  # as in the tutorial's environment, where Golf is the only game
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": "100",
    }
    for name in ("NO_COLOR", "FORCE_COLOR"):
        env.pop(name, None)
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    return subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, cwd=cwd, timeout=120, check=False
    )


# --- the tutorial ------------------------------------------------------------------------------


def test_the_tutorial_makes_exactly_the_files_of_the_golf_package_and_shows_the_castles():
    files = page_files(TUTORIAL)
    golf = {p: t for p, t in files.items() if not p.startswith("patience-castle/")}
    assert sorted(golf) == ["pyproject.toml", "src/patience_golf/__init__.py", "tests/test_golf.py"]
    for path, text in golf.items():
        assert (GOLF / path).read_text(encoding="utf-8") == text, f"{path} differs from the page"
    castle = {p: t for p, t in files.items() if p.startswith("patience-castle/")}
    assert sorted(castle) == ["patience-castle/src/patience_castle/__init__.py"]
    for path, text in castle.items():
        assert (GOLF.parent / path).read_text(encoding="utf-8") == text, f"{path} differs from the page"


def test_the_golf_game_code_is_short():
    code = [
        line
        for line in (GOLF / "src" / "patience_golf" / "__init__.py").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert len(code) < 80


def test_golf_is_installed_from_the_package_and_needs_nothing_else():
    spec, _ = patience_core.find_game("my-golf")
    assert spec.plugin == "golf"
    rules_file = Path(sys.modules[spec.rules.__module__].__file__).resolve()
    assert rules_file == (GOLF / "src" / "patience_golf" / "__init__.py").resolve()


SHELL = [
    pytest.param(command, shown, id=command.split("|")[-1].strip()[:60])
    for command, shown in commands(TUTORIAL)
    if command.startswith(("patience ", "printf "))
]


def test_the_tutorial_shows_the_commands_of_every_step():
    run_here = [c for c, _ in commands(TUTORIAL)]
    for needed in ("python -m pip install -e .", "patience games", "python -m pytest"):
        assert needed in run_here
    played = " ".join(run_here)
    for needed in ("patience show", "| patience play", "patience solve", "patience simulate"):
        assert needed in played


@pytest.mark.parametrize(("command", "shown"), SHELL)
def test_a_tutorial_command_prints_what_the_page_shows(command, shown, tmp_path):
    result = run(command, tmp_path / "home", tmp_path)
    assert result.returncode == 0, result.stderr
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(shown, result.stdout, flags), (
        f"$ {command}\n--- the page shows:\n{shown}\n--- the command prints:\n{result.stdout}"
    )


# --- the embedding example app ------------------------------------------------------------------


def test_the_hint_bot_prints_what_the_embedding_guide_shows(tmp_path):
    """docs/examples/hint_bot.py is the code on the page, and prints what the page shows."""
    assert page_files(EMBEDDING)["docs/examples/hint_bot.py"] == HINT_BOT.read_text(encoding="utf-8")
    shown = [c for c in commands(EMBEDDING) if "hint_bot.py" in c[0]]
    assert len(shown) == 1
    command, output = shown[0]
    result = subprocess.run(
        [sys.executable, *command.split()[1:]],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == output
    lines = result.stdout.splitlines()
    game_id, deals = command.split()[2], int(command.split()[4])
    size = len(patience_core.new_game(game_id).rules.layout)
    won = 0
    for seed, line in enumerate(lines[:-1], 1):
        match = re.fullmatch(rf"deal {seed}: (won|lost) after (\d+) moves, cards left (\d+)", line)
        assert match, line
        assert (match[1] == "won") == (match[3] == "0")
        assert int(match[2]) >= size - int(match[3])  # each card gone from the layout took a move
        won += match[1] == "won"
    assert seed == deals
    assert lines[-1] == f"{game_id}: the hint player won {won} of {deals} deals ({won / deals:.0%})"


def test_the_embedding_guide_snippets_run(capsys, monkeypatch):
    """Python blocks without prompts run as they stand, from the repository's root."""
    monkeypatch.chdir(ROOT)
    found = snippets(EMBEDDING)
    assert found
    for code in found:
        exec(compile(code, str(EMBEDDING), "exec"), {"__name__": "snippet"})
    assert "refused:" in capsys.readouterr().out


def test_the_hint_bot_names_a_bad_game(tmp_path):
    result = subprocess.run(
        [sys.executable, str(HINT_BOT), "nosuchgame", "--deals", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode != 0
    assert "unknown game 'nosuchgame'" in result.stderr


# --- links ----------------------------------------------------------------------------------------

PAGES = [
    "index.md",
    "writing-a-plugin.md",
    "embedding.md",
    "players.md",
    "web.md",
    "limits.md",
    "golf.md",
    "black-hole.md",
    "all-in-a-row.md",
    "all-in-a-row-ii.md",
    "golf-relatives.md",
    "elevator.md",
    "triangle.md",
    "giza.md",
    "pharaohs.md",
    "pyramid-relatives.md",
]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("page", PAGES)
def test_every_link_of_the_page_leads_to_a_file(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    links = [m[1] for m in LINK.finditer(text) if not m[1].startswith(("http://", "https://"))]
    assert links or page != "index.md"
    missing = [link for link in links if not (DOCS / link).exists()]
    assert not missing, f"{page} links to missing files: {missing}"


# --- the limits page ------------------------------------------------------------------------------


def test_the_limits_page_lists_every_option_of_the_games_that_ship_with_what_it_accepts():
    text = (DOCS / "limits.md").read_text(encoding="utf-8")
    rows = {tuple(cell.strip(" `") for cell in line.split("|")[1:4]) for line in text.splitlines()}
    shipped = [s for s in patience_core.games() if s.plugin in ("tripeaks", "pyramid", "golf-family")]
    assert {"tripeaks", "pyramid", "golf", "black-hole", "triangle"} <= {s.id for s in shipped}
    for spec in shipped:
        for option in spec.options:
            assert (spec.id, option.name, option.accepts()) in rows, (spec.id, option.name)

"""Every page of the docs works with exactly the install line it shows.

Each page with Python examples shows the ``python -m pip install`` line its examples need. Here
each distinct line is run in a new virtual environment (nothing else installed), and the
examples of every page that shows it run there (``python -m doctest``), from the repository's
root. The tutorial is followed as a newcomer would: Patience with its kit extra, then the Golf
package the page writes (``docs/examples/patience-golf``, which the tutorial's own tests keep
identical to the page), then the TriPeaks plugin its last section asks for; its own tests then
run there, in a folder of their own, as the tutorial runs them.

The environments are built side by side, one process each, which keeps this to about a minute.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

# The first test waits for every environment to be built (each install bounded at 900 s):
# about two minutes on a quiet machine, far longer on a loaded one, past the suite's 300 s.
pytestmark = pytest.mark.timeout(1800)

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
TUTORIAL = DOCS / "writing-a-plugin.md"
INSTALL = re.compile(r"^\$ (python -m pip install .+)$", re.MULTILINE)
CONSOLE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)


def install_lines(page: Path) -> list[str]:
    """The install lines of the page's console blocks, in order."""
    text = page.read_text(encoding="utf-8")
    return [line for block in CONSOLE.findall(text) for line in INSTALL.findall(block)]


def pages_with_examples() -> list[Path]:
    return sorted(p for p in DOCS.glob("*.md") if ">>> " in p.read_text(encoding="utf-8"))


def test_every_page_with_examples_shows_its_install_line():
    for page in pages_with_examples():
        assert install_lines(page), f"{page.name} has examples but shows no install line"


def environments(root: Path = ROOT) -> dict[tuple[str, ...], list[Path]]:
    """Each distinct list of install lines (with the paths of the checkout at ``root`` put in),
    and its pages."""
    out: dict[tuple[str, ...], list[Path]] = {}
    for page in pages_with_examples():
        lines = install_lines(page)
        if page == TUTORIAL:
            # path/to/patience is this checkout; "." is the folder the tutorial made.
            golf = root / "docs" / "examples" / "patience-golf"
            lines = [
                line.replace("path/to/patience", str(root)).replace(" -e .", f" -e {shlex.quote(str(golf))}")
                for line in lines
            ]
        else:
            lines = lines[:1]
        out.setdefault(tuple(lines), []).append(page)
    return out


def build(path: Path, lines: tuple[str, ...], root: Path) -> str | None:
    """Make a virtual environment at ``path`` with exactly ``lines`` run in the checkout at
    ``root``; None, or what went wrong."""
    # a link to the interpreter, not a copy: a copy being written while another thread starts a
    # process can be held open by that process, and running it then fails ("Text file busy").
    # No pip of its own: each line runs this interpreter's pip aimed at the new environment
    # (pip's --python), which installs there exactly as the environment's own pip would, and
    # spares unpacking pip into every environment (some 3 s of CPU each).
    venv.EnvBuilder(with_pip=False, symlinks=True).create(path)
    python = path / "bin" / "python"
    # Plain Python searches (compiled ones give the same results, tests/test_builds.py): the
    # compiler would triple the time these installs take.
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PATIENCE_PURE_BUILD": "1"}
    env.pop("PYTHONPATH", None)
    for line in lines:
        words = shlex.split(line)
        assert words[:4] == ["python", "-m", "pip", "install"], line
        done = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(python), *words[3:], "-q"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        if done.returncode:
            return f"{line}: {done.stderr[-2000:]}"
    return None


# What an install writes into the tree it installs (editable installs build in place): left
# out of the copy, and never written into this checkout, whose own install would read them.
BUILT_HERE = (".git", "build", "*.egg-info", "__pycache__", "*.so", "_build.json", ".*_cache", ".hypothesis")


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of this checkout's files, as a newcomer's clone has them, to install from."""
    root = tmp_path_factory.mktemp("clone") / "patience"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns(*BUILT_HERE))
    return root


@pytest.fixture(scope="module")
def built(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ...], Path]:
    envs = environments(checkout)
    base = tmp_path_factory.mktemp("venvs")
    paths = {lines: base / f"env{n}" for n, lines in enumerate(envs)}
    with ThreadPoolExecutor(max_workers=len(paths)) as pool:
        problems = list(pool.map(lambda item: build(item[1], item[0], checkout), paths.items()))
    failed = [p for p in problems if p]
    assert not failed, failed[0]
    return paths


def run_alone(python: Path, args: list[str], cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """``python`` with ``args`` in ``cwd``, as a newcomer's shell runs it: a data folder of its
    own, and none of the variables by which this run points Python, pytest, hypothesis or
    Patience elsewhere, or colours the output."""
    env = {**os.environ, "PATIENCE_HOME": str(home), "PYTHONIOENCODING": "utf-8"}
    for name in (
        "PYTHONPATH",
        "PATIENCE_PLUGINS",
        "PYTEST_ADDOPTS",
        "HYPOTHESIS_PROFILE",
        "NO_COLOR",
        "FORCE_COLOR",
    ):
        env.pop(name, None)
    return subprocess.run([str(python), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("page", pages_with_examples(), ids=lambda p: p.name)
def test_a_page_works_with_exactly_its_install_line(page, checkout, built, tmp_path):
    lines = next(
        lines for lines, pages in environments(checkout).items() if page.name in {p.name for p in pages}
    )
    python = built[lines] / "bin" / "python"
    doctest = ["-m", "doctest", "-o", "ELLIPSIS", "-o", "NORMALIZE_WHITESPACE"]
    done = run_alone(python, [*doctest, str(checkout / "docs" / page.name)], checkout, tmp_path / "home")
    assert done.returncode == 0, f"{page.name} with only {lines}:\n{done.stdout[-3000:]}{done.stderr[-2000:]}"


def test_the_environments_hold_only_what_their_lines_install(built):
    """The check has teeth: a page's examples would fail where its games are not installed."""
    lines = next(lines for lines in built if lines == ("python -m pip install -e .",))
    python = built[lines] / "bin" / "python"
    code = "import patience_core; print(sorted(s.id for s in patience_core.games()))"
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_tutorials_tests_pass_with_only_the_kit_extra(checkout, built, tmp_path):
    """The tutorial's `python -m pytest`, in the folder of the plugin it writes, with only what
    the tutorial installs: the `kit` extra (pytest and hypothesis) is all the conformance kit
    needs, and none of the repository's own test tools comes with it."""
    lines = next(lines for lines in built if any("[kit]" in line for line in lines))
    python = built[lines] / "bin" / "python"
    # the plugin's folder on its own, as the tutorial makes it: inside the repository, pytest
    # would take the repository's settings
    folder = tmp_path / "patience-golf"
    shutil.copytree(checkout / "docs" / "examples" / "patience-golf", folder)
    done = run_alone(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider"], folder, tmp_path / "home")
    assert done.returncode == 0, f"{done.stdout[-3000:]}{done.stderr[-2000:]}"
    assert re.search(r"\b6 passed\b", done.stdout), done.stdout[-500:]
    code = "import importlib.util as u; print([m for m in ('playwright', 'mypy', 'xdist') if u.find_spec(m)])"
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_ci_runs_exactly_the_readmes_test_line():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    (line,) = [text.strip() for text in readme if "scripts/test-setup.sh" in text and text.startswith("    ")]
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1] == line


def test_the_test_setup_installs_every_package_of_the_repository():
    script = (ROOT / "scripts" / "test-setup.sh").read_text(encoding="utf-8")
    found = [*ROOT.glob("plugins/*/pyproject.toml"), *ROOT.glob("docs/examples/*/pyproject.toml")]
    packages = sorted(p.parent.relative_to(ROOT).as_posix() for p in found)
    assert len(packages) >= 8
    for package in packages:
        named = re.search(rf"(^|[\s'\"]){re.escape(package)}([\s'\"]|$)", script)
        assert named, f"{package} is not installed for the tests"

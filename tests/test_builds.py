"""The compiled and the plain-Python builds of the searches: the same results, the right one loaded.

Where the install found a C compiler the searches run compiled (mypyc); these tests then
compare them with fresh plain-Python copies of the same sources on fixed deals of every game.
Where there is none, both sides are plain Python and the comparison still checks the loader.
"""

from __future__ import annotations

import gc
import importlib.machinery
import importlib.util
import json
import sys
from pathlib import Path

import pytest
from searches import SEARCHES, use_plain_python

import patience_core
from patience_core.solver import builds

ROOT = Path(__file__).resolve().parents[1]


def _mypyc_build():
    spec = importlib.util.spec_from_file_location("mypyc_build", ROOT / "mypyc_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# (game, options, deals): every game and the variants each search treats apart.
DEALS = [
    ("tripeaks", {}, [*range(1, 9), 176, 238]),
    ("tripeaks", {"wrap": False}, range(1, 7)),
    ("tripeaks", {"free_start": True}, range(1, 5)),
    ("ricochet", {}, [1, 2, 3, 21]),  # 21 is lost
    ("golf", {}, range(0, 6)),
    ("golf", {"kings": "wrap"}, range(0, 3)),
    ("dead-king-golf", {}, range(0, 3)),
    ("black-hole", {}, range(1, 4)),
    ("all-in-a-row", {}, range(1, 4)),
    ("elevator", {}, range(1, 4)),
    ("my-golf", {"wrap": True}, range(0, 3)),
    ("toy-golf", {}, range(1, 5)),
    ("pyramid", {}, range(1, 9)),
    ("pyramid", {"win": "all"}, range(1, 5)),
    # deal 2 searches 148,143 positions (most of this test's time as plain Python); 12 and 18 are won
    ("pyramid", {"pair_with_covered": True}, [1, 3, 4, 12, 18]),
    ("par-pyramid", {}, range(1, 7)),
    ("king-tut", {}, range(1, 5)),  # draw 3, passes without limit: 3 and 4 are lost
    ("triangle", {}, range(1, 4)),
    ("pyramid", {"face_down": True}, range(1, 3)),
    ("cheops", {}, range(1, 5)),
    ("robert", {}, [4, 8, 11]),  # lost, each in 6,000 to 21,000 positions
    ("wasatch", {}, [14, 31, 8]),  # won by the short search, by a beam; unknown at this limit
    ("four-leaf-clovers", {}, [2, 3, 29]),  # 29 won by a shuffled search, after the usual order
]


@pytest.mark.parametrize(("game_id", "options", "seeds"), DEALS, ids=lambda v: str(v))
def test_compiled_and_plain_python_give_the_same_verdicts_nodes_and_lines(
    monkeypatch, game_id, options, seeds
):
    for seed in seeds:
        game = patience_core.new_game(game_id, seed=seed, **options)
        loaded = patience_core.solve_full_information(game, node_limit=300_000)
        with monkeypatch.context() as patch:
            use_plain_python(patch)
            plain = patience_core.solve_full_information(game, node_limit=300_000)
        assert (loaded.verdict, loaded.nodes, loaded.line) == (plain.verdict, plain.nodes, plain.line), (
            game_id,
            options,
            seed,
        )
        assert loaded.solver == plain.solver != "generic"


# A deal of each compiled search (the plugins' own tests cover theirs in more depth).
SOLVES = [
    ("tripeaks", 1),
    ("all-in-a-row", 1),  # the column search
    ("pyramid", 1),
    ("ricochet", 1),
    ("robert", 8),
    ("wasatch", 14),
    ("four-leaf-clovers", 1),
    ("klondike", 1),
    ("freecell", 1),
    ("spider", 1),
]


@pytest.mark.parametrize(("game_id", "seed"), SOLVES)
def test_a_solve_leaves_nothing_alive_once_done(game_id, seed):
    """A compiled search that leaks keeps some of what it made for good: mypyc 1.20 leaks the
    left operand of ``bytes + bytes`` (docs/solver.md), which once kept every waste of
    Robert's search (this check then grew by 142,614 blocks on Robert's deal 8) and a column a
    move of FreeCell's. Solving the same deal again must leave nothing behind."""
    game = patience_core.new_game(game_id, seed=seed)
    patience_core.solve_full_information(game, node_limit=20_000)  # fills what caches there are
    gc.collect()
    before = sys.getallocatedblocks()
    for _ in range(3):
        patience_core.solve_full_information(game, node_limit=20_000)
    gc.collect()
    assert sys.getallocatedblocks() - before < 1_000


def test_the_install_compiled_the_searches_where_a_compiler_works():
    """CI has a compiler, so this proves that its install really compiles (and that the other
    tests compare two builds); an install that could not says why at import."""
    problem = _mypyc_build()._compiler_problem()
    report = builds.report()
    assert set(SEARCHES) <= set(report)
    for name in SEARCHES:
        build = report[name]
        folder = Path(sys.modules[name].__file__ or "").parent
        note = json.loads((folder / builds.BUILD_FILE).read_text())["note"]
        if problem is None and "PATIENCE_PURE_BUILD" not in note:  # a compiler works: it must have
            assert build.compiled, (name, build)
            assert str(sys.modules[name].__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
        if not build.compiled:
            assert build.reason


def test_no_compiler_means_plain_python_with_a_note(tmp_path, monkeypatch, capsys):
    source = tmp_path / "pkg" / "hot.py"
    source.parent.mkdir()
    source.write_text("def f() -> int:\n    return 1\n")
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    monkeypatch.delenv("PATIENCE_PURE_BUILD", raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel", "--dist-dir", str(tmp_path)])
    modules, commands = _mypyc_build().extensions([str(source)], "hot")
    assert (modules, commands) == ([], {})
    record = json.loads((source.parent / builds.BUILD_FILE).read_text())
    assert record["compiled"] == {}
    assert "no working C compiler" in record["note"]
    assert "plain Python" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["egg_info", "dist_info"])
def test_reading_the_metadata_neither_compiles_nor_writes_a_record(tmp_path, monkeypatch, capsys, command):
    # pip asks each package for its requirements and its metadata before it builds it: each
    # of those calls once ran the type check of every compiled module (a few seconds a package)
    source = tmp_path / "pkg" / "hot.py"
    source.parent.mkdir()
    source.write_text("def f() -> int:\n    return 1\n")
    monkeypatch.setattr(sys, "argv", ["setup.py", command, "--output-dir", str(tmp_path)])
    build = _mypyc_build()
    monkeypatch.setattr(build, "_compiler_problem", lambda: pytest.fail("probed the compiler"))
    assert build.extensions([str(source)], "hot") == ([], {})
    assert not (source.parent / builds.BUILD_FILE).exists()
    assert capsys.readouterr().err == ""


def _fake_package(tmp_path: Path, monkeypatch, name: str) -> Path:
    """A package with a hot module, an 'extension' beside it and the install's record."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    source = folder / "hot.py"
    source.write_text("WHO = 'plain'\n")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (folder / f"hot{suffix}").write_bytes(b"not a real extension")
    record = {"compiled": {"hot": builds.source_hash(source)}, "note": ""}
    (folder / builds.BUILD_FILE).write_text(json.dumps(record))
    monkeypatch.syspath_prepend(str(tmp_path))
    # Forgotten again after the test, so the report names only the real searches.
    monkeypatch.setattr(builds, "_BUILDS", dict(builds._BUILDS))
    for module in (name, f"{name}.hot"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    return source


def test_an_edited_source_is_never_shadowed_by_its_stale_compiled_module(tmp_path, monkeypatch):
    source = _fake_package(tmp_path, monkeypatch, "stalepkg")
    source.write_text("WHO = 'edited'\n")  # an edit after the install
    module = builds.load("stalepkg.hot")
    assert module.WHO == "edited"
    build = builds.report()["stalepkg.hot"]
    assert not build.compiled
    assert "hot.py was edited after it was compiled; install again" in build.reason


def test_a_compiled_module_that_does_not_load_falls_back_to_its_source(tmp_path, monkeypatch):
    _fake_package(tmp_path, monkeypatch, "brokenpkg")
    module = builds.load("brokenpkg.hot")
    assert module.WHO == "plain"
    assert "does not load" in builds.report()["brokenpkg.hot"].reason


def test_choose():
    source = ROOT / "src" / "patience_core" / "blocks" / "build_on_waste" / "search.py"
    ext = source.with_suffix(".so")
    now = builds.source_hash(source)
    assert builds.choose(source, ext, now, False) == builds.Build(True, "")
    assert builds.choose(source, ext, now, True) == builds.Build(False, "PATIENCE_PURE is set")
    assert not builds.choose(source, None, now, False).compiled
    assert not builds.choose(source, ext, None, False).compiled
    assert not builds.choose(source, ext, "0" * 64, False).compiled


def test_version_and_bench_say_which_build_runs():
    line = builds.describe()
    assert line.startswith("searches")
    assert ("compiled (mypyc)" in line) == any(b.compiled for b in builds.report().values())
    from patience_core import bench

    result = bench.run(bench.Workload("tiny", range(1, 2), range(1, 2), 100), ["tripeaks"])
    assert result.to_dict()["build"] == line


def test_mypy_is_asked_for_only_by_an_install_that_will_compile(monkeypatch):
    build = _mypyc_build()
    monkeypatch.setattr(sys, "argv", ["setup.py", "egg_info"])  # pip asking for requirements
    monkeypatch.setattr(build, "_compiler_problem", lambda: None)
    monkeypatch.delenv("PATIENCE_PURE_BUILD", raising=False)
    assert build.build_requires() == [build.MYPY]
    monkeypatch.setenv("PATIENCE_PURE_BUILD", "1")
    assert build.build_requires() == []
    monkeypatch.delenv("PATIENCE_PURE_BUILD")
    monkeypatch.setattr(build, "_compiler_problem", lambda: "no working C compiler")
    assert build.build_requires() == []


def test_the_packages_ask_for_mypy_through_the_build_helper_not_their_static_requirements():
    for project in [ROOT, *sorted((ROOT / "plugins").iterdir())]:
        pyproject = (project / "pyproject.toml").read_text(encoding="utf-8")
        assert "mypy" not in pyproject.split("[project]")[0].split("#")[0]
        setup = project / "setup.py"
        if setup.exists() and "extensions(" in setup.read_text(encoding="utf-8"):
            assert "setup_requires=build_requires()" in setup.read_text(encoding="utf-8")

"""Which build of the hot search modules runs: compiled with mypyc, or plain Python.

The searches (:mod:`patience_core.blocks.build_on_waste.search` and ``.search_columns``,
``patience_pyramid.search``) are typed
Python that the install compiles with mypyc when it finds a working C compiler (``setup.py``
and ``mypyc_build.py`` at the top of the repository). The install writes ``_build.json`` beside
them: the SHA-256 of each source it compiled, or why it compiled nothing. :func:`load` imports
the compiled module only while its source is still the one compiled: after an edit the source
runs instead, and :func:`report` says so (the cure is to install again, which recompiles). It
never rebuilds by itself. ``PATIENCE_PURE=1`` in the environment runs plain Python on purpose.
Both builds search the same positions in the same order and give the same lines; the tests
check that on deals of every game.

>>> from patience_core.solver import builds
>>> sorted(builds.report())[0]
'patience_core.blocks.build_on_waste.search'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Final, NamedTuple

BUILD_FILE: Final = "_build.json"
PURE_ENV: Final = "PATIENCE_PURE"


class Build(NamedTuple):
    """How one hot module runs: ``compiled`` or not, and why not."""

    compiled: bool
    reason: str  # empty when compiled

    def describe(self) -> str:
        return "compiled (mypyc)" if self.compiled else f"plain Python ({self.reason})"


_BUILDS: dict[str, Build] = {}


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file, as the install records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def choose(source: Path, extension: Path | None, recorded: str | None, pure_wanted: bool) -> Build:
    """Whether to import the compiled module, from what is on disk.

    ``recorded``: the hash of the source the extension was compiled from (None if unknown).
    """
    if pure_wanted:
        return Build(False, f"{PURE_ENV} is set")
    if extension is None:
        return Build(False, "not compiled at install")
    if recorded is None:
        return Build(False, "the compiled module has no record of its source; install again")
    if recorded != source_hash(source):
        return Build(False, f"{source.name} was edited after it was compiled; install again to recompile")
    return Build(True, "")


def load(name: str) -> ModuleType:
    """Import the hot module ``name``: compiled when that is up to date, its source otherwise."""
    if name in sys.modules and name in _BUILDS:
        return sys.modules[name]
    package, _, short = name.rpartition(".")
    folder = Path(importlib.import_module(package).__file__ or "").parent
    source = folder / f"{short}.py"
    extension = next(
        (
            folder / f"{short}{suffix}"
            for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if (folder / f"{short}{suffix}").exists()
        ),
        None,
    )
    record = _read_record(folder)
    recorded = record.get("compiled", {}).get(short)
    pure_wanted = os.environ.get(PURE_ENV, "") not in ("", "0")
    build = choose(source, extension, recorded, pure_wanted)
    if extension is None and not pure_wanted and record.get("note"):
        build = Build(False, str(record["note"]))  # why the install compiled nothing
    module: ModuleType | None = None
    if build.compiled:
        try:
            module = importlib.import_module(name)
        except ImportError as error:  # built for another interpreter, or its library is gone
            build = Build(False, f"the compiled module does not load ({error})")
        else:
            if not str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
                build = Build(False, "the compiled module is not the one imported")
    if not build.compiled:
        module = _exec_source(name, source)
        sys.modules[name] = module
    _BUILDS[name] = build
    assert module is not None
    return module


def load_pure(name: str) -> ModuleType:
    """A fresh plain-Python copy of the hot module ``name``, whatever build runs (for tests)."""
    package, _, short = name.rpartition(".")
    folder = Path(importlib.import_module(package).__file__ or "").parent
    return _exec_source(f"{name}_pure", folder / f"{short}.py")


def report() -> dict[str, Build]:
    """Each hot module loaded so far and how it runs."""
    return dict(_BUILDS)


def describe() -> str:
    """One line for people: which build runs the searches."""
    builds = report()
    if not builds:
        return "no search loaded"
    kinds = {b.describe() for b in builds.values()}
    if len(kinds) == 1:
        return f"searches {kinds.pop()}"
    parts = [f"{name.rpartition('.')[2]} {b.describe()}" for name, b in sorted(builds.items())]
    return "searches: " + "; ".join(parts)


def _read_record(folder: Path) -> dict:
    try:
        data = json.loads((folder / BUILD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _exec_source(name: str, source: Path) -> ModuleType:
    loader = importlib.machinery.SourceFileLoader(name, str(source))
    spec = importlib.util.spec_from_file_location(name, source, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module

"""Build helper for ``setup.py``: compile the hot search modules with mypyc when a C compiler works.

Everything else stays plain Python, and so do these modules when there is no working compiler,
no mypyc or a failed compile: the install then goes on without them and says why, never fails.
Beside the modules it writes ``_build.json``, the SHA-256 of each source compiled (or the note
saying why nothing was), which ``patience_core.solver.builds`` compares with the sources at
import time, so that an edit made after the install is never shadowed by a stale compiled
module. ``PATIENCE_PURE_BUILD=1`` installs plain Python on purpose.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools.command.build_ext import build_ext

BUILD_FILE = "_build.json"
MYPY = "mypy>=1.11,<2"
"""The mypy whose mypyc compiles the searches."""


def _say(message: str) -> None:
    print(f"patience build: {message}", file=sys.stderr)


def _compiler_problem() -> str | None:
    """None when a C compiler builds a test file here, else what went wrong."""
    from distutils.ccompiler import new_compiler  # setuptools provides distutils
    from distutils.sysconfig import customize_compiler

    try:
        compiler: Any = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder, "probe.c")
            source.write_text("int probe(void) { return 0; }\n")
            compiler.compile([str(source)], output_dir=folder)
    except Exception as error:  # any failure means: no usable compiler
        return f"no working C compiler ({type(error).__name__}: {str(error).strip()[:120]})"
    return None


def _write_records(sources: list[Path], compiled: bool, note: str, into: Path | None = None) -> None:
    folders: dict[Path, dict[str, str]] = {}
    for source in sources:
        hashes = folders.setdefault(into or source.parent, {})
        if compiled:
            hashes[source.stem] = hashlib.sha256(source.read_bytes()).hexdigest()
    for folder, hashes in folders.items():
        record = {"compiled": hashes, "note": note}
        (folder / BUILD_FILE).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


_BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "bdist", "install", "develop"}
"""The setup commands that build modules; the rest (``egg_info``, ``dist_info``: pip's first two
calls of each install) only read metadata, and need no compiler and no type check."""


def _building() -> bool:
    return bool(_BUILDS & set(sys.argv[1:]))


def _pure_wanted() -> bool:
    return os.environ.get("PATIENCE_PURE_BUILD", "") not in ("", "0")


def build_requires() -> list[str]:
    """``setup_requires`` for ``setup()``: mypy (which brings mypyc) only when it will compile.

    pip installs these into the build environment after the static ``[build-system]``
    requirements (setuptools' PEP 517 backend hands them over), so an install of plain Python
    (``PATIENCE_PURE_BUILD=1``, or no C compiler) never fetches nor unpacks mypy.
    """
    if _building() or _pure_wanted() or _compiler_problem() is not None:
        return []  # building: already installed, or not needed
    return [MYPY]


def extensions(sources: list[str], group: str) -> tuple[list[Any], dict[str, type]]:
    """``ext_modules`` and ``cmdclass`` for ``setup()``: the compiled modules, or none."""
    if not _building():
        return [], {}
    paths = [Path(s) for s in sources]
    if _pure_wanted():
        problem: str | None = "PATIENCE_PURE_BUILD was set at install"
    else:
        problem = _compiler_problem()
    modules: list[Any] = []
    if problem is None:
        try:
            from mypyc.build import mypycify

            # Only the modules named are checked: the packages they sit in import libraries
            # that the isolated build environment lacks. A cache of our own, not the lint's.
            options = ["--ignore-missing-imports", "--follow-imports=silent", "--cache-dir=build/mypyc-cache"]
            modules = mypycify([*sources, *options], opt_level="3", group_name=group)
        except (Exception, SystemExit) as error:  # mypy reports type errors by exiting
            problem = f"mypyc could not compile them ({type(error).__name__}: {str(error).strip()[:120]})"
    if problem is not None:
        _say(f"the searches will run as plain Python: {problem}")
        _write_records(paths, False, f"not compiled at install: {problem}")
        return [], {}

    class BuildExt(build_ext):
        """build_ext that records what it compiled, and falls back to plain Python on failure."""

        def run(self) -> None:
            try:
                super().run()
            except Exception as error:  # a compiler that fails on the real thing
                note = f"not compiled at install: the C build failed ({type(error).__name__})"
                _say(f"the searches will run as plain Python: {note}")
                for ext in self.extensions:
                    for inplace in (0, 1):
                        self.inplace = inplace
                        Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
                _write_records(paths, False, note)
                return
            _write_records(paths, True, "")
            if not self.inplace:  # a wheel: the record goes beside the modules in it too
                for ext in self.extensions:
                    folder = Path(self.get_ext_fullpath(ext.name)).parent
                    ours = [p for p in paths if ext.name.endswith("." + p.stem)]
                    if ours:
                        _write_records(ours, True, "", folder)
            _say("compiled the searches with mypyc")

    return modules, {"build_ext": BuildExt}

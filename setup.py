"""Compiles the hot search modules with mypyc where a C compiler works (see mypyc_build.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mypyc_build import build_requires, extensions

ext_modules, cmdclass = extensions(
    [
        "src/patience_core/blocks/build_on_waste/search.py",
        "src/patience_core/blocks/build_on_waste/search_columns.py",
    ],
    "patience_core_searches",
)
setup(ext_modules=ext_modules, cmdclass=cmdclass, setup_requires=build_requires())

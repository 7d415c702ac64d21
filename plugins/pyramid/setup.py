"""Compiles the Pyramid and Baroness searches with mypyc where a C compiler works (the
repository's mypyc_build.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
try:
    from mypyc_build import build_requires, extensions
except ImportError:  # built outside the repository: plain Python, said at import (_build.json absent)
    setup()
else:
    sources = ["src/patience_pyramid/search.py", "src/patience_pyramid/baroness_search.py"]
    ext_modules, cmdclass = extensions(sources, "patience_pyramid_search")
    setup(ext_modules=ext_modules, cmdclass=cmdclass, setup_requires=build_requires())

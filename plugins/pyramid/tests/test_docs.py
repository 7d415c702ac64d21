"""The Pyramid page's examples run, so what it shows is what the engine does."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[3] / "docs" / "pyramid.md"


def test_the_pyramid_page_examples_run():
    result = doctest.testfile(
        str(PAGE),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted > 10
    assert result.failed == 0

"""Short searches in other orders before the long one (patience_core.solver.tries)."""

from __future__ import annotations

import time

from patience_core.solver.tries import MIN_LIMIT, short_limit, with_tries


def recorder(ends_at: dict[int, int]):
    """A search that ends (won or proved) after ``ends_at[order]`` positions, else uses its
    whole limit; and the calls made."""
    calls: list[tuple[int, int]] = []

    def search(limit: int, order: int) -> tuple[bool, int]:
        calls.append((limit, order))
        need = ends_at.get(order)
        if need is not None and need <= limit:
            return True, need
        return False, limit

    return search, calls


def test_the_first_short_search_that_ends_ends_them_all():
    search, calls = recorder({3: 40})
    assert with_tries(search, 200_000, 10) == 10_000 + 10_000 + 40
    assert calls == [(10_000, 1), (10_000, 2), (10_000, 3)]


def test_the_long_search_takes_the_positions_the_short_ones_left():
    search, calls = recorder({0: 5})
    assert with_tries(search, 200_000, 4) == 4 * 10_000 + 5
    assert calls == [(10_000, 1), (10_000, 2), (10_000, 3), (10_000, 4), (160_000, 0)]


def test_short_searches_stop_before_the_limit_and_with_none_the_usual_order_runs_alone():
    search, calls = recorder({})
    assert with_tries(search, 200_000, 30) == 200_000
    assert calls[-1] == (10_000, 0)  # nineteen short searches, then the ten thousand left
    assert len(calls) == 20
    search, calls = recorder({})
    assert with_tries(search, 200_000, 0) == 200_000
    assert calls == [(200_000, 0)]


def test_no_short_search_below_the_least_limit_nor_past_the_deadline():
    search, calls = recorder({})
    with_tries(search, MIN_LIMIT - 1, 10)
    assert calls == [(MIN_LIMIT - 1, 0)]
    search, calls = recorder({})
    with_tries(search, 200_000, 10, deadline=time.perf_counter() - 1)
    assert calls == [(200_000, 0)]


def test_a_short_search_takes_a_twentieth_of_the_limit_at_most():
    assert short_limit(2_000_000) == 100_000
    assert short_limit(400_000) == 20_000
    assert short_limit(3) == 1

"""Layouts: the shape builders, reading order, coverage (T2, P1), validation errors, and the
precomputed masks against a naive computation."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import Layout, LayoutError, Spot
from patience_core.engine.layout import bits

# --- naive answers, computed from the declared ids alone ----------------------------------------


def naive_blockers(layout: Layout) -> dict[str, set[str]]:
    return {spot.id: set(spot.covered_by) for spot in layout.spots}


def mask_of(layout: Layout, ids: set[str]) -> int:
    return sum(1 << i for i, spot in enumerate(layout.spots) if spot.id in ids)


def naive_covered(layout: Layout, present: int) -> int:
    here = {spot.id for i, spot in enumerate(layout.spots) if present >> i & 1}
    return mask_of(layout, {sid for sid, over in naive_blockers(layout).items() if over & here})


def naive_free(layout: Layout, present: int) -> int:
    here = {spot.id for i, spot in enumerate(layout.spots) if present >> i & 1}
    return mask_of(
        layout, {sid for sid, over in naive_blockers(layout).items() if sid in here and not over & here}
    )


def naive_below_all(layout: Layout, pid: str) -> set[str]:
    over = naive_blockers(layout)
    seen: set[str] = set()
    todo = list(over[pid])
    while todo:
        nxt = todo.pop()
        if nxt not in seen:
            seen.add(nxt)
            todo += over[nxt]
    return seen


def row_ids(layout: Layout) -> list[list[str]]:
    return [[layout.spots[p].id for p in row] for row in layout.rows()]


SHAPES = {
    "pyramid-1": Layout.pyramid(1),
    "pyramid-4": Layout.pyramid(4),
    "pyramid-7": Layout.pyramid(7),
    "peaks-1x2": Layout.peaks(1, 2),
    "peaks-2x3": Layout.peaks(2, 3),
    "peaks-3x4": Layout.peaks(3, 4),
    "peaks-4x4": Layout.peaks(4, 4),
    "columns-1x1": Layout.columns(1, 1),
    "columns-4x3": Layout.columns(4, 3),  # exactly one lookup table
    "columns-13x1": Layout.columns(13, 1),  # one past it, nothing covered
    "columns-7x5": Layout.columns(7, 5),
    "columns-10x5": Layout.columns(10, 5),  # five tables
    "three-pyramids": Layout.beside(*[Layout.pyramid(3)] * 3),
    "mixed": Layout.beside(Layout.pyramid(2), Layout.columns(2, 3), Layout.peaks(2, 3), gap=1),
}


# --- builders ------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_positions_are_numbered_in_reading_order(shape):
    """Top row first, left to right: sorted by (y, x), which is also the deal order."""
    places = [(spot.y, spot.x) for spot in shape.spots]
    assert places == sorted(places)
    assert len(set(places)) == len(places)
    assert {spot.id: i for i, spot in enumerate(shape.spots)} == dict(shape.index)
    assert shape.full == (1 << len(shape)) - 1
    assert [p for row in shape.rows() for p in row] == list(range(len(shape)))


@pytest.mark.parametrize("rows", [1, 2, 5, 7])
def test_pyramid_sizes_and_ids(rows):
    layout = Layout.pyramid(rows)
    assert len(layout) == rows * (rows + 1) // 2
    assert [len(r) for r in layout.rows()] == list(range(1, rows + 1))
    assert row_ids(layout) == [[f"r{r}c{c}" for c in range(1, r + 1)] for r in range(1, rows + 1)]
    assert layout.group("pyramid") == layout.full
    assert layout.name == f"pyramid-{rows}"


def test_p1_pyramid_coverage_each_card_by_the_two_below_it():
    """P1: seven rows of 1..7; each card is covered by the two cards of the row below that
    touch it; the bottom 7 are free at the start."""
    layout = Layout.pyramid(7)
    rows = layout.rows()
    assert [len(r) for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    for r, row in enumerate(rows):
        for c, pos in enumerate(row):
            expected = {rows[r + 1][c], rows[r + 1][c + 1]} if r < 6 else set()
            assert set(layout.blockers_of(pos)) == expected, layout.spots[pos].id
    assert bits(layout.free_mask(layout.full)) == rows[6]


def test_t1_t2_tripeaks_coverage_exactly_as_the_rules_page_gives_it():
    """T1: rows of 3, 6, 9, 10. T2: peak i by row-2 cards 2i, 2i+1; row-2 card j (i = j div 2,
    k = j mod 2) by row-3 cards 3i+k, 3i+k+1; row-3 card m by row-4 cards m, m+1."""
    layout = Layout.peaks(3, 4)
    r1, r2, r3, r4 = layout.rows()
    assert [len(r) for r in (r1, r2, r3, r4)] == [3, 6, 9, 10]
    expected: dict[int, set[int]] = {}
    for i in range(3):
        expected[r1[i]] = {r2[2 * i], r2[2 * i + 1]}
    for j in range(6):
        i, k = divmod(j, 2)
        expected[r2[j]] = {r3[3 * i + k], r3[3 * i + k + 1]}
    for m in range(9):
        expected[r3[m]] = {r4[m], r4[m + 1]}
    for pos in r4:
        expected[pos] = set()
    assert {pos: set(layout.blockers_of(pos)) for pos in range(28)} == expected
    assert bits(layout.free_mask(layout.full)) == r4  # T4: only the bottom 10 are free


def test_tripeaks_peak_groups_hold_each_pyramid_with_the_bottom_cards_it_stands_on():
    layout = Layout.peaks(3, 4)
    r1, r2, r3, r4 = layout.rows()
    for p in range(3):
        expected = {r1[p], *r2[2 * p : 2 * p + 2], *r3[3 * p : 3 * p + 3], *r4[3 * p : 3 * p + 4]}
        assert set(bits(layout.group(f"peak{p + 1}"))) == expected
    with pytest.raises(KeyError):
        layout.group("peak4")


@pytest.mark.parametrize(("peaks", "height"), [(1, 2), (2, 3), (3, 4), (4, 4), (2, 5)])
def test_peaks_sizes(peaks, height):
    layout = Layout.peaks(peaks, height)
    sizes = [peaks * r for r in range(1, height)] + [peaks * (height - 1) + 1]
    assert [len(r) for r in layout.rows()] == sizes
    assert len(layout) == sum(sizes)
    assert len(layout.groups) == peaks
    assert all(m.bit_count() == height * (height + 1) // 2 for _, m in layout.groups)


def test_columns_sizes_ids_and_coverage():
    layout = Layout.columns(7, 5)
    assert len(layout) == 35
    assert row_ids(layout)[0] == [f"c{c}r1" for c in range(1, 8)]  # the top row of every column first
    for c in range(1, 8):
        for r in range(1, 6):
            pos = layout.index[f"c{c}r{r}"]
            below = [layout.index[f"c{c}r{r + 1}"]] if r < 5 else []
            assert layout.blockers_of(pos) == below
        assert set(bits(layout.group(f"c{c}"))) == {layout.index[f"c{c}r{r}"] for r in range(1, 6)}
    assert [layout.spots[p].id for p in bits(layout.free_mask(layout.full))] == [
        f"c{c}r5" for c in range(1, 8)
    ]


@pytest.mark.parametrize("name", ["pyramid-4", "pyramid-7", "peaks-2x3", "peaks-3x4", "peaks-4x4"])
def test_overlapping_cards_are_drawn_half_a_card_apart_one_row_down(name):
    """Coordinates are in half card widths: a covering card lies one row down and one half-width
    to the side; cards of one row never overlap."""
    shape = SHAPES[name]
    for pos, spot in enumerate(shape.spots):
        for over in shape.blockers_of(pos):
            below = shape.spots[over]
            assert below.y == spot.y + 1
            assert abs(below.x - spot.x) == 1
    for row in shape.rows():
        xs = [shape.spots[p].x for p in row]
        assert all(b - a >= 2 for a, b in itertools.pairwise(xs))


def test_beside_puts_free_standing_shapes_side_by_side_as_groups():
    """T16: three free-standing pyramids are one line for a plugin author."""
    three = Layout.beside(*[Layout.pyramid(4)] * 3, gap=2)
    assert len(three) == 30
    assert [name for name, _ in three.groups] == ["p1", "p2", "p3"]
    masks = [m for _, m in three.groups]
    assert sum(masks) == three.full  # disjoint and covering everything
    assert all(m.bit_count() == 10 for m in masks)
    assert [s.id for s in three.spots[:3]] == ["p1.r1c1", "p2.r1c1", "p3.r1c1"]
    assert three.free_mask(three.full).bit_count() == 12
    for pos in range(30):  # no coverage crosses from one pyramid to another
        group = next(m for m in masks if m >> pos & 1)
        assert three.blockers[pos] & ~group == 0
    spans = [[three.spots[p].x for p in bits(m)] for m in masks]
    for left, right in itertools.pairwise(spans):
        assert min(right) - (max(left) + 2) == 2  # a card is 2 wide; the gap is 2
    assert min(spans[0]) == 0


def test_moved_shifts_and_renames_with_coverage():
    spots = Layout.pyramid(2).moved(dx=10, dy=1, prefix="x.")
    assert [(s.id, s.x, s.y, s.covered_by) for s in spots] == [
        ("x.r1c1", 11, 1, ("x.r2c1", "x.r2c2")),
        ("x.r2c1", 10, 2, ()),
        ("x.r2c2", 12, 2, ()),
    ]


def test_covers_blockers_of_and_repr():
    layout = Layout.pyramid(3)
    r2c1 = layout.index["r2c1"]
    assert [layout.spots[p].id for p in layout.blockers_of(r2c1)] == ["r3c1", "r3c2"]
    assert [layout.spots[p].id for p in layout.covers(layout.index["r3c2"])] == ["r2c1", "r2c2"]
    assert layout.covers(0) == []
    assert repr(layout) == "<Layout 'pyramid-3': 6 positions>"
    assert bits(0b101001) == [0, 3, 5]
    assert bits(0) == []


# --- validation ----------------------------------------------------------------------------------


def test_unknown_position_is_named():
    with pytest.raises(LayoutError) as info:
        Layout.declare([Spot("top", 0, 0, ("ghost",)), Spot("low", 0, 1)])
    assert "'top'" in str(info.value)
    assert "'ghost'" in str(info.value)


def test_a_position_cannot_cover_itself():
    with pytest.raises(LayoutError, match="'solo' cannot cover itself"):
        Layout.declare([Spot("solo", 0, 0, ("solo",))])


@pytest.mark.parametrize(
    ("spots", "cycle"),
    [
        ([Spot("top", 0, 0, ("low",)), Spot("low", 1, 1, ("top",))], {"top", "low"}),
        (
            [
                Spot("extra", 9, 0, ("top",)),
                Spot("top", 0, 0, ("mid",)),
                Spot("mid", 1, 1, ("low",)),
                Spot("low", 2, 2, ("top",)),
                Spot("aside", 9, 9),
            ],
            {"top", "mid", "low"},
        ),
    ],
    ids=["two", "three"],
)
def test_a_coverage_cycle_is_refused_naming_its_positions(spots, cycle):
    with pytest.raises(LayoutError) as info:
        Layout.declare(spots)
    message = str(info.value)
    assert "cycle" in message
    named = set(message.split(": ", 1)[1].split(" is covered by "))
    assert named == cycle


def test_shared_coverage_without_a_cycle_is_fine():
    diamond = Layout.declare(
        [
            Spot("top", 1, 0, ("left", "right")),
            Spot("left", 0, 1, ("low",)),
            Spot("right", 2, 1, ("low",)),
            Spot("low", 1, 2),
        ]
    )
    assert diamond.below_all(diamond.index["top"]) == mask_of(diamond, {"left", "right", "low"})


def test_two_positions_on_one_spot_are_named():
    with pytest.raises(LayoutError) as info:
        Layout.declare([Spot("one", 2, 3), Spot("two", 2, 3)])
    assert "'one'" in str(info.value)
    assert "'two'" in str(info.value)
    assert "(2, 3)" in str(info.value)


def test_a_duplicate_id_is_named():
    with pytest.raises(LayoutError, match="'twin' is declared twice"):
        Layout.declare([Spot("twin", 0, 0), Spot("twin", 2, 0)])


def test_a_group_naming_an_unknown_position_is_named():
    with pytest.raises(LayoutError) as info:
        Layout.declare([Spot("a", 0, 0)], groups={"peak": ["a", "nowhere"]})
    assert "'peak'" in str(info.value)
    assert "'nowhere'" in str(info.value)


@pytest.mark.parametrize(
    "build",
    [
        lambda: Layout.declare([]),
        lambda: Layout.pyramid(0),
        lambda: Layout.peaks(0, 4),
        lambda: Layout.peaks(3, 1),
        lambda: Layout.columns(0, 3),
        lambda: Layout.columns(3, 0),
    ],
)
def test_empty_shapes_are_refused(build):
    with pytest.raises(LayoutError):
        build()


# --- the precomputed masks against the naive computation -----------------------------------------


@st.composite
def random_layouts(draw: st.DrawFn) -> Layout:
    """Any acyclic coverage: edges only go forward in a random order, which need not be reading order."""
    n = draw(st.integers(1, 30))
    order = draw(st.permutations(range(n)))
    rank = {p: i for i, p in enumerate(order)}
    spots = []
    for p in range(n):
        later = [q for q in range(n) if rank[q] > rank[p]]
        over = draw(st.lists(st.sampled_from(later), max_size=3, unique=True)) if later else []
        spots.append(Spot(f"s{p}", x=p, y=draw(st.integers(0, 4)), covered_by=tuple(f"s{q}" for q in over)))
    return Layout.declare(spots)


def _present(layout: Layout) -> st.SearchStrategy[int]:
    return st.one_of(st.integers(0, layout.full), st.just(layout.full), st.just(0))


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
@given(data=st.data())
def test_masks_match_the_naive_computation_on_every_shape(shape, data):
    present = data.draw(_present(shape))
    assert shape.covered_mask(present) == naive_covered(shape, present)
    assert shape.free_mask(present) == naive_free(shape, present)


@given(layout=random_layouts(), data=st.data())
def test_masks_match_the_naive_computation_on_random_layouts(layout, data):
    present = data.draw(_present(layout))
    assert layout.covered_mask(present) == naive_covered(layout, present)
    assert layout.free_mask(present) == naive_free(layout, present)
    pos = data.draw(st.integers(0, len(layout) - 1))
    assert layout.below_all(pos) == mask_of(layout, naive_below_all(layout, layout.spots[pos].id))


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_below_all_is_everything_that_must_go_first(shape):
    for pos, spot in enumerate(shape.spots):
        assert shape.below_all(pos) == mask_of(shape, naive_below_all(shape, spot.id))
        # The position is free once everything below it is gone, and not before.
        assert shape.free_mask(shape.full & ~shape.below_all(pos)) >> pos & 1
        for b in bits(shape.below_all(pos)):
            blocked = shape.full & ~shape.below_all(pos) | 1 << b
            if b in shape.blockers_of(pos):
                assert not shape.free_mask(blocked) >> pos & 1


def test_below_all_on_the_tripeaks_and_pyramid_tops():
    tripeaks = Layout.peaks(3, 4)
    for p in range(3):
        peak = tripeaks.group(f"peak{p + 1}")
        top = tripeaks.rows()[0][p]
        assert tripeaks.below_all(top) == peak & ~(1 << top)
    pyramid = Layout.pyramid(7)
    assert pyramid.below_all(0) == pyramid.full & ~1
    assert all(pyramid.below_all(p) == 0 for p in pyramid.rows()[-1])

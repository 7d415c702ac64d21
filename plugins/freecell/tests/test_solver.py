"""The solver: verdicts on fixed deals, every winning line replayed by the referee, "no win"
checked against a plain exhaustive search, both builds alike, and the limits."""

from __future__ import annotations

import random
import runpy
from pathlib import Path

import pytest
from checker import replay, winnable
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from patience_core import Deal
from patience_core.solver import builds
from patience_core.solver.memory import MemoryLimitReached
from patience_freecell import VARIANTS, Position, Variant, microsoft_position, solve
from patience_freecell import solver as freecell_solver
from patience_freecell.rules import BAKERS_DOZEN, BELEAGUERED_CASTLE, FREECELL, Move
from patience_freecell.solver import (
    DEFAULT_THREADS,
    FREECELL_THREADS,
    NO_CELL_THREADS,
    SINGLE_CARD_THREADS,
    carry,
    default_threads,
    line_moves,
)

FEW_CELLS = [
    Variant("freecell-1", "FreeCell, one cell", (7, 7, 7, 7, 6, 6, 6, 6), 1),
    Variant("freecell-0", "FreeCell, no cell", (7, 7, 7, 7, 6, 6, 6, 6), 0),
    Variant("bakers-game-1", "Baker's Game, one cell", (7, 7, 7, 7, 6, 6, 6, 6), 1, build="suit"),
    Variant("kings-1", "kings only, one cell", (7, 7, 7, 7, 6, 6, 6, 6), 1, empty="kings"),
]


def assert_wins(variant, position, found):
    assert found.verdict == "won", found
    assert replay(variant, position, found.moves).won()


@pytest.mark.parametrize("number", [1, 2, 9, 81, 617, 11983, 18180, 31999])
def test_microsoft_deals_are_won_by_lines_that_replay_in_runs_and_in_single_cards(number):
    position = microsoft_position(number)
    runs = solve(position, line="runs")
    assert_wins(FREECELL, position, runs)
    single = solve(position, line="single")
    assert_wins(FREECELL, position, single)
    assert all(m.count == 1 for m in single.moves)
    assert single.nodes == runs.nodes
    assert single.length >= runs.length
    assert any(m.count > 1 for m in runs.moves)


def test_deal_1941_where_the_purposeful_threads_run_dry_is_won_by_the_thread_that_frees_cards():
    """Deal 1941 needed the most positions of 1..32000 (docs/solver.md): FreeCell's first
    eight threads run dry and the complete thread won after 538,660 positions. The ninth,
    which also moves cards into cells and empty columns for no named purpose, wins it. Solved
    in run moves: the single-card form is the same search (the deals above check both)."""
    position = microsoft_position(1941)
    found = solve(position, line="runs")
    assert_wins(FREECELL, position, found)
    assert found.nodes < 50_000
    assert solve(position, threads=FREECELL_THREADS[:8], node_limit=100_000).verdict == "unknown"


def test_deal_11982_is_proved_lost():
    found = solve(microsoft_position(11982))
    assert found.verdict == "no win"
    assert found.moves == ()
    assert 1000 < found.nodes < 2_000_000


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_seeded_deals_of_every_variant_are_decided_and_won_lines_replay(variant_id):
    variant = VARIANTS[variant_id]
    verdicts = set()
    for seed in range(1, 7):
        position = variant.deal(Deal.from_seed(seed).indices)
        found = solve(position, variant, node_limit=200_000)
        verdicts.add(found.verdict)
        if found.won:
            assert_wins(variant, position, found)
        else:
            assert found.moves == ()
    assert "won" in verdicts


def _endgame(variant: Variant, seed: int, keep: int) -> Position:
    """The ``keep`` highest ranks of each suit in play, laid out at random; the rest home."""
    chooser = random.Random(seed)
    low = 13 - keep
    playing = [c for c in Deal.from_seed(seed).indices if c % 13 >= low]
    cells: list[int | None] = [None] * variant.cells
    for j in range(variant.cells):
        if playing and chooser.random() < 0.4:
            cells[j] = playing.pop()
    columns: list[list[int]] = [[] for _ in variant.columns]
    for card in playing:
        columns[chooser.randrange(len(columns))].append(card)
    return Position(tuple(map(tuple, columns)), tuple(cells), (low, low, low, low))


@pytest.mark.parametrize("variant", list(VARIANTS.values()) + FEW_CELLS, ids=lambda v: v.id)
def test_verdicts_on_small_positions_agree_with_an_exhaustive_search(variant):
    verdicts = set()
    for seed in range(1, 16):
        position = _endgame(variant, seed, 3 if len(variant.columns) > 8 else 4)
        expected = winnable(variant, position)
        assert expected is not None
        found = solve(position, variant)
        assert found.verdict == ("won" if expected else "no win"), (variant.id, seed)
        alone = solve(position, variant, threads=())
        assert alone.verdict == found.verdict, (variant.id, seed)
        # Short searches with shifted seeds, of 3,000 positions each: each whole in itself.
        tried = solve(position, variant, tries=3, node_limit=60_000)
        assert tried.verdict in (found.verdict, "unknown"), (variant.id, seed)
        if tried.won:
            assert_wins(variant, position, tried)
        if found.won:
            assert_wins(variant, position, found)
            assert_wins(variant, position, alone)
        verdicts.add(found.verdict)
    if variant.id == "bakers-dozen":  # elsewhere the empty columns make every such endgame a win
        assert verdicts == {"won", "no win"}, verdicts  # both answers are checked


@settings(deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(1, 10**9))
def test_any_small_position_gets_the_verdict_an_exhaustive_search_gives(variant_id, seed):
    variant = VARIANTS[variant_id]
    position = _endgame(variant, seed, 3)
    expected = winnable(variant, position)
    assume(expected is not None)  # the plain search gave up: nothing to compare
    found = solve(position, variant)
    assert found.verdict == ("won" if expected else "no win")
    if found.won:
        assert_wins(variant, position, found)


@pytest.mark.parametrize(
    ("count", "cells", "empty"),
    [(1, 0, 0), (5, 4, 0), (10, 4, 1), (20, 4, 2), (8, 1, 2), (13, 0, 4), (12, 2, 2), (3, 2, 0)],
)
def test_a_run_is_carried_by_single_moves_through_cells_and_empty_columns(count, cells, empty):
    """The most a supermove may carry, (cells + 1) x 2^(empty columns), spelt out and replayed."""
    ranks = "KQJT98765432A"
    run = " ".join(ranks[k] + "HS"[k % 2] for k in range(13))  # red and black in turn
    run_cards = run.split()[-count:]
    from patience_core.engine.cards import parse_card_index

    # The target is the run's top card's colour's opposite, one rank higher.
    target_suit = "D" if run_cards[0][1] == "S" else "C"
    top_of_target = parse_card_index(ranks[13 - count - 1] + target_suit) if count < 13 else None
    columns = [tuple(parse_card_index(c) for c in run_cards)]
    columns.append((top_of_target,) if top_of_target is not None else ())
    columns += [()] * empty
    rest = [c for c in range(52) if c not in columns[0] and c not in columns[1]]
    filler = [c for c in rest if c % 13 == 0][: 8 - len(columns)]
    columns += [(c,) for c in filler]
    variant = Variant("v", "v", (7, 7, 7, 7, 6, 6, 6, 6), cells)
    position = Position(tuple(columns), (None,) * cells, (0, 0, 0, 0))
    limit = (cells + 1) << empty if top_of_target is not None else (cells + 1) << max(empty - 1, 0)
    if count <= limit:
        free = [f"c{j + 1}" for j in range(cells)]
        spare = [f"t{3 + k}" for k in range(empty)]
        moves = carry(count, "t1", "t2", free, spare)
        table = replay(variant, position, moves)
        assert table.columns[1][-count:] == list(columns[0])


def test_the_limits_answer_unknown():
    position = microsoft_position(11982)
    assert solve(position, node_limit=500).verdict == "unknown"
    assert solve(position, time_limit=0.0001).verdict == "unknown"


def test_the_memory_check_is_called_as_the_search_starts_and_every_16384_positions_and_stops_it():
    calls: list[int] = []
    found = solve(microsoft_position(11982), check_memory=calls.append)
    assert calls[0] == 0  # as the search starts: the core holds a Ctrl-C for a search that checks
    assert calls[1:] == [16384 * k for k in range(1, found.nodes // 16384 + 1)]

    def refuse(nodes: int) -> None:
        if nodes:
            raise MemoryLimitReached(nodes, 900 * 2**20, 800 * 2**20)

    stopped = solve(microsoft_position(11982), check_memory=refuse)
    assert stopped.verdict == "unknown"
    assert stopped.nodes == 16384
    assert stopped.reason.startswith("out of memory: the process used 900 MB")


def test_bad_requests_are_refused():
    with pytest.raises(ValueError, match="moves single cards only"):
        solve(BAKERS_DOZEN.deal(range(52)), BAKERS_DOZEN, line="runs")
    with pytest.raises(ValueError, match="has 8 columns and 4 cells; this position has 13 and 0"):
        solve(BAKERS_DOZEN.deal(range(52)), FREECELL)
    with pytest.raises(ValueError, match="'runs' or 'single'"):
        solve(microsoft_position(1), line="both")  # type: ignore[arg-type]


def test_a_won_position_is_won_at_once():
    position = Position(((),) * 8, (None,) * 4, (13, 13, 13, 13))
    assert solve(position).verdict == "won"
    nearly = Position(((),) * 7 + ((51,),), (None,) * 4, (13, 13, 13, 12))
    found = solve(nearly)
    assert found.moves == (Move("t8", "f4"),)


# Deal 11982's proof took a minute as plain Python; Seahaven Towers' seeded deal 3 below is a
# complete search too ("no win" in 16,209 positions).
@pytest.mark.parametrize("numbers", [(1, 2, 3, 617)])
def test_compiled_and_plain_python_give_the_same_verdicts_nodes_and_lines(monkeypatch, numbers):
    for number in numbers:
        position = microsoft_position(number)
        loaded = solve(position)
        with monkeypatch.context() as patch:
            patch.setattr(freecell_solver, "_search", builds.load_pure("patience_freecell.search"))
            plain = solve(position)
        assert (loaded.verdict, loaded.nodes, loaded.moves) == (plain.verdict, plain.nodes, plain.moves)
    for variant in VARIANTS.values():
        position = variant.deal(Deal.from_seed(3).indices)
        loaded = solve(position, variant, node_limit=20_000)
        with monkeypatch.context() as patch:
            patch.setattr(freecell_solver, "_search", builds.load_pure("patience_freecell.search"))
            plain = solve(position, variant, node_limit=20_000)
        assert (loaded.verdict, loaded.nodes, loaded.moves) == (plain.verdict, plain.nodes, plain.moves)


def test_the_search_is_loaded_compiled_where_the_install_compiled_it():
    report = builds.report()
    assert "patience_freecell.search" in report
    build = report["patience_freecell.search"]
    assert build.compiled or build.reason


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_step_taken_back_restores_the_position_exactly(variant_id):
    """A thread moves one position forward and back in place: undoing must restore it."""
    search = freecell_solver._search
    variant = VARIANTS[variant_id]
    chooser = random.Random(variant_id)
    position = variant.deal(Deal.from_seed(5).indices)
    rules = search.rules_for(
        len(variant.columns),
        variant.cells,
        freecell_solver._BUILDS[variant.build],
        freecell_solver._EMPTY[variant.empty],
    )
    pos = search.Position(
        [bytes(c) for c in position.columns], [-1] * variant.cells, list(position.foundations)
    )
    for _ in range(60):
        steps: list[int] = []
        search.generate_all(rules, pos, steps)
        if not steps:
            break
        before = pos.copy()
        taken = [search.apply_step(rules, pos, chooser.choice(steps))]
        search.auto_moves(rules, pos, taken)
        after = pos.copy()
        for step in reversed(taken):
            search.undo_step(rules, pos, step)
        assert (pos.cols, pos.cells, pos.found) == (before.cols, before.cells, before.found)
        for step in taken:
            search.apply_step(rules, pos, step)
        assert (pos.cols, pos.cells, pos.found) == (after.cols, after.cells, after.found)


@pytest.mark.parametrize(
    ("variant", "threads", "others", "seed", "most"),
    [
        # Beleaguered Castle's seeded deal 38: the threads tuned on FreeCell leave it unknown at
        # 300,000 positions; the thread that moves cards between parents wins it at once.
        (BELEAGUERED_CASTLE, NO_CELL_THREADS, DEFAULT_THREADS, 38, 5_000),
        # Baker's Dozen's seeded deal 4: won in a few hundred positions by the threads that dig
        # out the low cards; the threads for games with empty columns need over four times as
        # many (unknown at 20,000 before dead positions were left unsearched).
        (BAKERS_DOZEN, SINGLE_CARD_THREADS, NO_CELL_THREADS, 4, 1_000),
    ],
    ids=["beleaguered-castle", "bakers-dozen"],
)
def test_games_without_cells_run_threads_of_their_own(variant, threads, others, seed, most):
    assert default_threads(FREECELL) == FREECELL_THREADS
    assert default_threads(variant) == threads
    position = variant.deal(Deal.from_seed(seed).indices)
    found = solve(position, variant, node_limit=20_000)
    assert found.won
    assert found.nodes < most
    assert_wins(variant, position, found)
    other = solve(position, variant, threads=others, node_limit=20_000)
    assert other.verdict == "unknown" or other.nodes > 4 * found.nodes


def _cards(text: str) -> tuple[int, ...]:
    """Cards as rank and suit letters (``"JC QC"``), suits clubs, diamonds, hearts, spades."""
    return tuple("CDHS".index(t[-1]) * 13 + "A23456789TJQK".index(t[0]) for t in text.split())


@pytest.mark.parametrize(
    ("variant", "columns", "home", "dead"),
    [
        # each queen lies over the jack of its suit, and every king is under a queen: no queen
        # can ever move, and none can go home before its jack
        (BAKERS_DOZEN, ["KC JD QD", "KD JH QH", "KH KS JS QS", "JC QC"], 10, True),
        # the same with a queen free to go onto the king of spades
        (BAKERS_DOZEN, ["KC JD QD", "KD JH QH", "KH JS QS", "KS", "JC QC"], 10, False),
        # every column's bottom card is held too, so no column can be emptied for a queen
        (
            BELEAGUERED_CASTLE,
            ["KC JD QD", "KD JH QH", "KH JS QS", "KS JC QC", "9C TC", "9D TD", "9H TH", "9S TS"],
            8,
            True,
        ),
        # a column that can be emptied (its ten goes home, then the jack): no proof
        (
            BELEAGUERED_CASTLE,
            ["KC JD QD", "KD JH QH", "KH JS QS", "KS JC QC", "9C TC", "9D TD", "9H TH", "TS 9S"],
            8,
            False,
        ),
    ],
)
def test_a_position_found_dead_has_no_win(variant, columns, home, dead):
    search = freecell_solver._search
    rules = search.rules_for(
        len(variant.columns), 0, freecell_solver._BUILDS[variant.build], freecell_solver._EMPTY[variant.empty]
    )
    cols = [_cards(c) for c in columns] + [()] * (len(variant.columns) - len(columns))
    position = Position(tuple(cols), (), (home,) * 4)
    assert search.dead(rules, search.Position([bytes(c) for c in cols], [], [home] * 4)) == dead
    assert winnable(variant, position) is not dead
    assert solve(position, variant).verdict == ("no win" if dead else "won")


@pytest.mark.parametrize(
    "variant", [BELEAGUERED_CASTLE, BAKERS_DOZEN], ids=["beleaguered-castle", "bakers-dozen"]
)
def test_a_rated_group_enters_its_best_rated_position_first_when_some_are_dead(variant):
    """Each position a RATED group yields is entered in the order of its own rating, the dead
    ones (never entered) leaving no rating behind to shift the others' onto the wrong ones."""
    search = freecell_solver._search
    rules = search.rules_for(
        len(variant.columns), 0, freecell_solver._BUILDS[variant.build], freecell_solver._EMPTY[variant.empty]
    )
    weights = [3, 0, 4, 1, 2, 0]  # no noise: the order is the ratings' alone
    program = [search.GROUP, search.RATED, search.COL_HOME, search.DIG, search.SEQ, search.RELOCATE]
    frames_with_dead = 0
    for seed in range(1, 9):
        position = variant.deal(Deal.from_seed(seed).indices)
        root = search.Position([bytes(c) for c in position.columns], [], list(position.foundations))
        search.auto_moves(rules, root, [])
        thread = search.Thread(root, program, 0, weights)
        seen = {root.key()}
        for _ in range(400):
            if not thread.children[-1]:
                before = len(seen)
                if thread.fill(rules, seen, []):
                    break
                children = thread.children[-1]
                frames_with_dead += len(seen) - before > len(children)
                ratings = []
                for steps in children:
                    for step in steps:
                        search.apply_step(rules, thread.pos, step)
                    ratings.append(search.rate(rules, thread.pos, weights))
                    for step in reversed(steps):
                        search.undo_step(rules, thread.pos, step)
                assert ratings == sorted(ratings), (seed, ratings)
            if thread.advance(rules) < 0:
                break
    assert frames_with_dead  # the case the order could go wrong in was met


def _canonical(pos) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
    return tuple(sorted(pos.cols)), tuple(sorted(c for c in pos.cells if c >= 0))


@pytest.mark.parametrize("variant_id", ["freecell", "bakers-game", "eight-off", "beleaguered-castle"])
def test_the_searchs_shortcuts_agree_with_reading_the_whole_position(variant_id):
    """Along random walks that go forward and back, for every position each move group yields:
    - rate_moved (helped by the parent's scan) gives what rate gives card by card;
    - a scan that kept what it found in unchanged columns finds what a new scan finds;
    - the key (what lies on each card) is equal exactly when the columns and cells are, in
      any order;
    - where _may_send_home says no card can go home, auto_moves sends none."""
    search = freecell_solver._search
    variant = VARIANTS[variant_id]
    rules = search.rules_for(
        len(variant.columns),
        variant.cells,
        freecell_solver._BUILDS[variant.build],
        freecell_solver._EMPTY[variant.empty],
    )
    rng = random.Random(variant_id)
    keys: dict[bytes, tuple] = {}
    canon: dict[tuple, bytes] = {}
    checked = 0
    for seed in range(1, 6):
        position = variant.deal(Deal.from_seed(seed).indices)
        pos = search.Position(*freecell_solver.search_position(position, variant)[:3])
        search.auto_moves(rules, pos, [])
        scan = search.Scan()
        history = []
        for _ in range(80):
            scan.update(rules, pos)
            new = search.Scan()
            new.update(rules, pos)
            assert scan.lows[: rules.ncols] == new.lows
            assert (scan.free_cells, scan.empty_cols, scan.room) == (new.free_cells, new.empty_cols, new.room)
            for i, col in enumerate(pos.cols):
                for card in col:
                    assert scan.where(pos.cols, card) == new.where(pos.cols, card) == i
                    assert scan.depth(pos.cols, card, i) == new.depth(pos.cols, card, i)
            children: list[list[int]] = []
            for group in range(search.GROUPS):
                search.generate(rules, pos, scan, group, children)
            if not children:
                break
            for macro in children:
                child = pos.copy()
                steps = [search.apply_step(rules, child, m) for m in macro]
                if not search._may_send_home(rules, child, steps):
                    spare = child.copy()
                    sent: list[int] = []
                    search.auto_moves(rules, spare, sent)
                    assert not sent
                search.auto_moves(rules, child, steps)
                key, shape = child.key(), _canonical(child)
                assert keys.setdefault(key, shape) == shape
                assert canon.setdefault(shape, key) == key
                for weights in ([3, 1, 3, 2, 2, 0], [1, 2, 4, 1, 0, 0]):
                    expected = search.rate(rules, child, weights)
                    assert search.rate_moved(rules, child, weights, scan) == expected
                checked += 1
            if history and rng.random() < 0.3:
                pos = history.pop()  # back: the same column objects as before
                continue
            history.append(pos.copy())
            for m in rng.choice(children):
                search.apply_step(rules, pos, m)
            search.auto_moves(rules, pos, [])
    assert checked > 300
    assert len(keys) < checked  # some positions were met twice


@pytest.mark.parametrize("variant_id", ["freecell", "eight-off", "seahaven-towers", "forecell"])
def test_a_won_line_named_from_its_steps_alone_is_the_line_read_pile_by_pile(variant_id):
    """solve names the search's steps as run moves from the cards they carry (_runs_line);
    line_moves follows the piles: the same moves, foundations named by suit."""
    variant = VARIANTS[variant_id]
    search = freecell_solver._search
    compared = 0
    for n in range(1, 16):
        position = (
            microsoft_position(n) if variant_id == "freecell" else variant.deal(Deal.from_seed(n).indices)
        )
        steps: list[int] = []
        status, _ = search.search(
            *freecell_solver.search_position(position, variant),
            [t.program() for t in freecell_solver.default_threads(variant)],
            [t.seed for t in freecell_solver.default_threads(variant)],
            [list(t.weights) for t in freecell_solver.default_threads(variant)],
            True,
            freecell_solver.QUOTA,
            freecell_solver.COMPLETE_QUOTA,
            20_000,
            0.0,
            steps,
            lambda nodes: None,
        )
        if status != search.WON:
            continue
        expected = line_moves(position, variant, steps, False)
        assert freecell_solver._runs_line(len(position.columns), steps) == expected
        assert any(m.dst.startswith("f") for m in expected)
        compared += 1
    assert compared >= 8


CHOOSE = Path(__file__).resolve().parents[3] / "scripts" / "choose_freecell_threads.py"


@pytest.mark.parametrize("deal", [1, 6, 385, 530])
def test_the_reckoning_that_chose_freecells_threads_gives_the_searchs_own_count(deal):
    # docs/solver.md chose FreeCell's threads from each thread's count alone: the choice is
    # only as good as this reckoning of a portfolio's positions from those counts
    script = runpy.run_path(str(CHOOSE))
    assert set(FREECELL_THREADS) <= set(script["candidates"]())
    counts = [script["alone"](deal, thread, 20_000) for thread in FREECELL_THREADS]
    counts = [n if n > 0 else script["NEVER"] for n in counts]  # not won within the limit
    order = range(len(FREECELL_THREADS))
    reckoned = script["reckon"](counts, order, freecell_solver.QUOTA, freecell_solver.COMPLETE_QUOTA)
    found = solve(microsoft_position(deal))
    assert found.won
    assert found.nodes == reckoned


def test_adding_a_thread_takes_the_candidate_and_place_with_the_fewest_positions_in_all(capsys):
    # the ninth thread was chosen so: three candidates, the first alone to begin with; the
    # third wins the deal the first is slow on, the second only what the first wins anyway
    script = runpy.run_path(str(CHOOSE))
    never = script["NEVER"]
    rows = [[10_000, never, 300], [100, 100, never], [150, 120, never]]
    assert script["add"](rows, rows, [0]) == [0, 2]
    assert "try [0, 2]" in capsys.readouterr().out


def test_bakers_dozen_tries_short_searches_with_other_seeds_before_the_long_one():
    # Seeded deal 150: the four threads leave it unknown at 2,000,000 positions; the first
    # short search, the same threads with their seeds shifted, wins it in a few hundred.
    position = BAKERS_DOZEN.deal(Deal.from_seed(150).indices)
    usual = solve(position, BAKERS_DOZEN, node_limit=100_000, tries=0)
    assert usual.verdict == "unknown"
    found = solve(position, BAKERS_DOZEN, node_limit=100_000)
    assert found.won
    assert found.nodes < 5_000  # the first short search (5,000 positions at this limit)
    assert_wins(BAKERS_DOZEN, position, found)

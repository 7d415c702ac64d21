"""The full-information solvers against an independent exhaustive search.

``bfs_verdict`` is written differently on purpose: breadth-first, through the public ``Game``
API only (``copy``, ``legal_moves``, ``play``), keyed on the whole state (``snapshot``), with no
pruning and no game knowledge. Positions come from random play on random deals, stopped when
few enough cards are left for it to finish; both verdicts must agree, and a winning line must
replay to a win through ``Game.play``.
"""

from __future__ import annotations

import json
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searches import BUILDS, use_plain_python

import patience_core
from patience_core import Game, solve_full_information
from patience_core.solver import NO_WIN, UNKNOWN, WON, generic_solve, generic_solve_with_tries

BFS_LIMIT = 20_000


@pytest.fixture(params=BUILDS)
def build(request, monkeypatch):
    """The cross-checks run on the build the install made (compiled where it could) and on
    plain Python: both must be sound, not only the same."""
    if request.param == "plain Python":
        use_plain_python(monkeypatch)
    return request.param


REFERENCE: dict[tuple[str, str, int | None], str | None] = {}
"""The reference searches' verdicts by position: they do not use the searches a build changes, so
both builds' runs of a test (sent to one worker together, conftest.py) search each position once."""


def reference(kind: str, game: Game, limit: int | None = None) -> str | None:
    """The verdict of breadth-first search (``kind`` "bfs", None past ``limit``) or of the generic
    solver ("generic", at its default limit or ``limit``) on ``game``'s position."""
    key = (kind, json.dumps(game.to_dict("full"), sort_keys=True), limit)
    if key not in REFERENCE:
        if kind == "bfs":
            REFERENCE[key] = bfs_verdict(game, limit or BFS_LIMIT)
        else:
            REFERENCE[key] = (generic_solve(game, node_limit=limit) if limit else generic_solve(game)).verdict
    return REFERENCE[key]


def bfs_verdict(game: Game, limit: int = BFS_LIMIT) -> str | None:
    """'won' or 'no win' by plain breadth-first search over full states; None past ``limit``."""
    start = game.copy()
    if start.is_won():
        return WON
    seen = {start.snapshot()}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        for move in position.legal_moves():
            child = position.copy()
            child.play(move)
            if child.is_won():
                return WON
            snap = child.snapshot()
            if snap not in seen:
                seen.add(snap)
                if len(seen) > limit:
                    return None
                queue.append(child)
    return NO_WIN


def position(game_id: str, seed: int, salt: int, options: dict, stop_at: int) -> Game:
    """Random play (cards preferred) from deal ``seed`` until at most ``stop_at`` cards remain
    in play, or the game ends."""
    game = patience_core.new_game(game_id, seed=seed, **options)
    rng = random.Random(salt)
    prefer_cards = (0.5, 0.8, 0.95)[salt % 3]
    while not game.is_over():
        left = game.table.layout_left() + game.table.stock_left()
        if left <= stop_at:
            break
        moves = game.legal_moves()
        cards = [m for m in moves if not m.word]
        game.play(rng.choice(cards if cards and rng.random() < prefer_cards else moves))
    return game


def check_line(game: Game, result) -> None:
    replay = game.copy()
    for text in result.line:
        replay.play(text)
    assert replay.is_won() == (result.verdict == WON), f"the line {result.line} does not replay to a win"
    if result.verdict != WON:
        assert result.line == ()


# (game, options, cards left in the layout and stock when the comparison starts)
CASES = [
    ("tripeaks", {}, 22),
    ("tripeaks", {"wrap": False}, 22),
    ("tripeaks", {"free_start": True}, 22),
    ("tripeaks", {"wrap": False, "free_start": True, "open_peaks": True}, 22),
    ("pyramid", {}, 17),
    ("pyramid", {"win": "all"}, 17),
    ("pyramid", {"pair_with_covered": True}, 17),
    ("pyramid", {"passes": 2}, 17),
    ("par-pyramid", {}, 17),
    ("par-pyramid", {"win": "all"}, 17),
    ("king-tut", {}, 17),
    ("pyramid", {"draw": 3, "passes": 2}, 17),
    ("pyramid", {"draw": 2, "reach": "top", "passes": "unlimited", "win": "all"}, 15),
    ("cheops", {}, 17),
    ("toy-golf", {}, 16),
    ("golf", {"kings": "wrap"}, 12),
    ("black-hole", {}, 14),
    ("all-in-a-row", {}, 14),
    ("toy-pairs", {"win": "layout", "passes": 1}, 14),
]


def candidates(game_id: str, options: dict, stop_at: int):
    """Small positions of both kinds: from random play (mostly lost), and a few moves before
    the end of winning lines the solver finds on whole deals (won)."""
    for seed in range(1, 80):
        yield position(game_id, seed, seed * 7, options, stop_at)
        game = patience_core.new_game(game_id, seed=seed, **options)
        result = solve_full_information(game, node_limit=5_000)
        if result.verdict == WON:
            for text in result.line:
                if game.table.layout_left() + game.table.stock_left() <= stop_at:
                    break
                game.play(text)
            yield game


@pytest.mark.parametrize(("game_id", "options", "stop_at"), CASES)
def test_every_solver_agrees_with_breadth_first_search(build, game_id, options, stop_at):
    verdicts = []
    for game in candidates(game_id, options, stop_at):
        expected = reference("bfs", game)
        if expected is None:
            continue
        before = game.snapshot()
        # The generic search also with its moves shuffled, and after short shuffled searches
        # (each whole in itself, so any of them may answer).
        shuffled = (generic_solve(game, shuffle=seed) for seed in (1, 2))
        tried = generic_solve_with_tries(game, node_limit=50_000, try_nodes=500)
        for result in (solve_full_information(game), generic_solve(game), *shuffled, tried):
            assert result.verdict == expected, (game_id, options, result, game.to_dict("full"))
            check_line(game, result)
        assert game.snapshot() == before, "solving changed the game"
        verdicts.append(expected)
        if len(verdicts) >= 8 and min(verdicts.count(WON), verdicts.count(NO_WIN)) >= 2:
            break
    assert min(verdicts.count(WON), verdicts.count(NO_WIN)) >= 2, (
        f"the comparison must see both verdicts, twice each; it saw {verdicts}"
    )


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), salt=st.integers(0, 2**16), case=st.sampled_from(CASES))
def test_agreement_on_random_positions(seed, salt, case):
    game_id, options, stop_at = case
    game = position(game_id, seed, salt, options, stop_at)
    expected = reference("bfs", game)
    if expected is not None:
        result = solve_full_information(game)
        assert result.verdict == expected
        check_line(game, result)


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("tripeaks", {}), ("tripeaks", {"wrap": False}), ("pyramid", {}), ("par-pyramid", {})],
)
def test_lines_replay_on_whole_deals(build, game_id, options, long_profile):
    won = 0
    for seed in range(1, 41):
        # Plain Python searches some five times slower: it stops at two wins and ten deals
        # (tests/test_builds.py compares the two builds position by position).
        if build == "plain Python" and not long_profile and won >= 2 and seed > 10:
            break
        game = patience_core.new_game(game_id, seed=seed, **options)
        result = solve_full_information(game, node_limit=200_000)
        check_line(game, result)
        won += result.verdict == WON
    assert won >= 2, "too few wins to test lines on"


def test_specialised_solvers_are_used():
    assert solve_full_information(patience_core.new_game("tripeaks", seed=1)).solver == "build-on-waste"
    assert solve_full_information(patience_core.new_game("toy-golf", seed=1)).solver == "build-on-waste"
    assert solve_full_information(patience_core.new_game("pyramid", seed=1)).solver == "pyramid"
    assert solve_full_information(patience_core.new_game("cheops", seed=1)).solver == "pyramid"
    assert (
        solve_full_information(patience_core.new_game("toy-pairs", seed=1), node_limit=100).solver
        == "generic"
    )
    assert (
        solve_full_information(patience_core.new_game("tripeaks", seed=1), generic=True).solver == "generic"
    )


def test_limits_give_unknown_and_change_nothing():
    game = patience_core.new_game("tripeaks", seed=176)  # a deal without a win: its proof is long
    before = game.to_dict("full")
    for result in (
        solve_full_information(game, node_limit=50),
        solve_full_information(game, node_limit=50, generic=True),
        solve_full_information(patience_core.new_game("pyramid", seed=2), node_limit=50),
    ):
        assert result.verdict == UNKNOWN
        assert result.line == ()
        assert result.nodes >= 49
    assert game.to_dict("full") == before
    with pytest.raises(ValueError, match="node_limit"):
        solve_full_information(game, node_limit=0)


def test_a_won_game_is_won_with_no_moves():
    game = patience_core.new_game("tripeaks", seed=2)
    line = solve_full_information(game).line
    for text in line:
        game.play(text)
    result = solve_full_information(game)
    assert result.verdict == WON
    assert result.line == ()


def test_suits_do_not_matter_to_the_pyramid_key():
    """Two deals equal but for the suits of two same-rank stock cards search the same way."""
    a = patience_core.new_game("pyramid", seed=5)
    text = a.deal_text().split()
    stock = text[28:]
    # swap the suits of the first two same-rank stock cards
    for i, x in enumerate(stock):
        for j in range(i + 1, len(stock)):
            if stock[j][0] == x[0]:
                stock[i], stock[j] = stock[j], stock[i]
                break
        else:
            continue
        break
    b = patience_core.new_game("pyramid", deal=" ".join(text[:28] + stock))
    ra, rb = solve_full_information(a), solve_full_information(b)
    assert (ra.verdict, ra.nodes) == (rb.verdict, rb.nodes)


@pytest.mark.parametrize(
    ("game_id", "options", "seeds"),
    [
        ("tripeaks", {}, range(1, 41)),
        ("tripeaks", {"wrap": False}, range(1, 25)),
        ("tripeaks", {"free_start": True}, [*range(1, 12), 28]),
    ],
)
def test_no_win_on_whole_deals_is_confirmed_by_the_generic_solver(build, game_id, options, seeds):
    """An unsound pruning shows as a false "no win": every one the fast solver gives on these
    deals must be confirmed by the generic search, which prunes nothing."""
    proofs = 0
    for seed in seeds:
        game = patience_core.new_game(game_id, seed=seed, **options)
        fast = solve_full_information(game)
        assert fast.decided
        if fast.verdict == NO_WIN:
            assert reference("generic", game) == NO_WIN, f"deal {seed} {options}: no win not confirmed"
            proofs += 1
    assert proofs >= 1


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("pyramid", {}), ("pyramid", {"win": "all"}), ("par-pyramid", {}), ("cheops", {})],
)
def test_pyramid_verdicts_match_the_generic_solver_on_larger_positions(build, game_id, options):
    """Positions too large for breadth-first search but within the generic solver's reach: the
    verdicts of the pruned, suit-free search must match the plain one."""
    compared = 0
    for seed in range(1, 40):
        game = position(game_id, seed, seed, options, 25)
        plain = reference("generic", game, 150_000)
        if plain != UNKNOWN:
            fast = solve_full_information(game)
            assert fast.verdict == plain, (seed, options)
            check_line(game, fast)
            compared += 1
    assert compared >= 10


def test_house_rule_pair_whose_free_card_is_the_higher_rank():
    """Regression: under pair_with_covered, a free queen may take the ace only it covers; the
    pair must be found from the free card, whatever its rank."""
    game = patience_core.new_game("par-pyramid", seed=7924, pair_with_covered=True)
    line = (
        "TS+3D draw draw 7S+6H draw 9D+4C draw draw draw draw 7C+6S draw draw draw draw KD draw draw "
        "draw QD+AH draw draw draw draw draw draw QS+AS draw draw draw QC+AC JS+2D 8S+5H KS draw 8D+5S "
        "TD+3S redeal draw KH TC+3C draw draw draw draw draw draw QH+AD draw TH+3H draw JH+2S draw draw "
        "draw 9C+4D draw draw"
    )
    for move in line.split():
        game.play(move)
    assert generic_solve(game).verdict == WON
    result = solve_full_information(game)
    assert result.verdict == WON
    check_line(game, result)


@pytest.mark.parametrize(
    ("game_id", "seed", "without", "at_most"),
    [("tripeaks", 444, 158_517, 10_000), ("tripeaks", 238, 98_048, 40_000), ("golf", 8, 438_311, 1_000)],
)
def test_argument_3_every_card_left_needs_a_card_to_go_on(build, game_id, seed, without, at_most):
    """The build-on-waste solver's argument 3 cuts these no-win proofs (from ``without``
    positions, the count before it); this fails if the argument is dropped. Its soundness is
    checked by the cross-checks above."""
    result = solve_full_information(patience_core.new_game(game_id, seed=seed))
    assert result.verdict == NO_WIN
    assert result.nodes <= at_most < without


def test_argument_3_proves_no_win_at_the_root():
    """Three sixes left in the layout need three cards among fives, sevens and the top."""
    from patience_core.blocks.build_on_waste.search import _enough_below

    left, ahead = [0] * 14, [0] * 14
    left[6] = 3
    left[5] = 1
    ahead[7] = 1
    assert not _enough_below(6, left, ahead, 9, [5, 7])
    assert _enough_below(6, left, ahead, 5, [5, 7])  # the top is a five: one more
    assert _enough_below(9, left, ahead, 0, [8, 10])  # no nine left: nothing needed


def _walk_by_hand(left: list[int], top: int, wrap: bool, last: int) -> bool:
    """Whether a walk of ranks from ``top`` lands on each rank ``left[r]`` times and ends on a rank
    of ``last``: tried step by step."""
    seen: set[tuple[tuple[int, ...], int]] = set()

    def go(state: tuple[int, ...], t: int) -> bool:
        if not any(state):
            return bool(last >> t & 1)
        if (state, t) in seen:
            return False
        seen.add((state, t))
        for r in (t - 1, t + 1):
            r = (r - 1) % 13 + 1 if wrap else r
            if 1 <= r <= 13 and state[r] and go((*state[:r], state[r] - 1, *state[r + 1 :]), r):
                return True
        return False

    return go(tuple(left), top)


@pytest.mark.parametrize("wrap", [True, False])
def test_argument_4_the_walk_bound_is_exact_on_ranks(wrap):
    """The column search's argument 4 says a walk of ranks exists exactly when one does."""
    from patience_core.blocks.build_on_waste.search_columns import cycle_shifts, walk_exists

    rng = random.Random(4)
    shifts = cycle_shifts()
    answers = []
    for _ in range(3000):
        centre = rng.randint(1, 13)
        left = [0] * 14
        for _ in range(rng.randint(1, 9)):
            left[(centre + rng.randint(-2, 3) - 1) % 13 + 1] += 1
        top = (centre + rng.randint(-2, 3) - 1) % 13 + 1
        last = rng.choice([-1, rng.getrandbits(14) << 1 & 0x3FFE])
        expected = _walk_by_hand(left, top, wrap, last)
        assert walk_exists(left, top, wrap, shifts, last) == expected, (left, top, wrap, bin(last))
        answers.append(expected)
    assert answers.count(True) > 100
    assert answers.count(False) > 100


def test_arguments_4_and_6_cut_a_no_win_proof(build):
    """All in a Row deal 1 has no win; the walk bound (argument 4) and a card waiting for its
    twin (argument 6) cut its proof from 28,552 and 34,169 positions (each dropped alone) to
    15,742: this fails if either is dropped."""
    result = solve_full_information(patience_core.new_game("all-in-a-row", seed=1))
    assert result.verdict == NO_WIN
    assert result.nodes <= 20_000


def test_argument_5_identical_columns_number_alike():
    """Positions that differ only in which of two columns with the same ranks (as far as they
    go) holds the cards get one number; every other pair of positions gets two."""
    from itertools import product

    from patience_core.blocks.build_on_waste.solver import column_weights

    ranks = [[5, 7, 2], [5, 7], [5, 8], [3]]
    weights = column_weights(ranks)
    depth = 3
    numbers: dict[int, tuple[tuple[int, ...], ...]] = {}
    kinds = set()
    for heights in product(*(range(len(column) + 1) for column in ranks)):
        number = sum(weights[c * (depth + 1) + k] for c, k in enumerate(heights))
        left = tuple(sorted(tuple(column[:k]) for column, k in zip(ranks, heights, strict=True)))
        assert numbers.setdefault(number, left) == left, "two different positions share a number"
        kinds.add(left)
    assert len(numbers) == len(kinds) == 46  # of 72 positions: alike ones share their number


def test_column_search_no_win_is_confirmed_by_the_generic_solver(build):
    """Every Black Hole no win of deals 1..60 (short proofs) confirmed by the generic search."""
    proofs = 0
    for seed in range(1, 61):
        game = patience_core.new_game("black-hole", seed=seed)
        fast = solve_full_information(game)
        assert fast.decided
        check_line(game, fast)
        if fast.verdict == NO_WIN:
            assert reference("generic", game, 300_000) == NO_WIN, f"deal {seed}"
            proofs += 1
    assert proofs >= 3


def test_pruning_6_an_earlier_pass_dominates(build):
    """Pyramid's pruning 6 (a position entered in an earlier pass dominates it in a later one)
    cuts Par Pyramid deal 3's proof from 152,544 positions; this fails if it is dropped."""
    result = solve_full_information(patience_core.new_game("par-pyramid", seed=3))
    assert result.verdict == NO_WIN
    assert result.nodes <= 100_000


def test_black_hole_deal_493_is_decided_well_within_the_default_limit():
    """Black Hole deal 493 took the earlier search 20.1 million positions; the column search
    wins it in about 330,000, and the line replays to a win."""
    game = patience_core.new_game("black-hole", seed=493)
    result = solve_full_information(game)
    assert result.verdict == WON
    assert result.nodes <= 500_000
    for move in result.line:
        game.play(move)
    assert game.status() == "won"

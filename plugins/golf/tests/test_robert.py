"""Robert and Wasatch, rules R1-R6 of docs/golf-relatives.md, and their PySolFC deals."""

from __future__ import annotations

import functools
import random
import time

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_core
from patience_core import Deal, Game
from patience_core.engine.cards import CARD_TEXT
from patience_core.testing import conformance_tests
from patience_golf_family import robert, robert_search

TestRobertConformance = conformance_tests("robert", max_examples=4, steps=20)
TestWasatchConformance = conformance_tests("wasatch", max_examples=4, steps=20)

RANKS = "A23456789TJQK"


def dealt(first: list[str]) -> Deal:
    """``first`` (the foundation card, the waste card, then the stock from the next to draw),
    then every other card in deck order."""
    rest = [CARD_TEXT[c] for c in range(52) if CARD_TEXT[c] not in first]
    return Deal.parse(" ".join(first + rest))


def new(first: list[str], game_id: str = "robert") -> Game:
    return patience_core.new_game(game_id, deal=dealt(first))


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def test_r1_one_card_on_the_foundation_one_on_the_waste_the_rest_the_stock():
    game = new(["7D", "9C", "5S"])
    view = game.to_dict()
    assert [p["cards"] for p in view["piles"] if p["id"] == "f"] == [["7D"]]
    assert view["waste"] == ["9C"]
    assert view["stock"]["count"] == 50
    assert game.cards_left() == 51


def test_r2_the_waste_top_goes_on_the_foundation_one_rank_up_or_down_k_and_a_neighbours():
    game = new(["7D", "8C", "6S", "KH", "AS", "2C"])
    assert moves(game) == ["w-f", "draw"]  # 8 on 7
    game.play("w-f")
    assert "w-f" not in moves(game)  # the waste is empty
    game.play("draw")  # 6S: not on 8
    assert game.why_illegal("w-f") is not None
    game.play("draw")  # KH
    game.play("draw")  # AS
    assert "w-f" not in moves(game)
    # K and A are neighbours: the ace goes on a king, a king on an ace.
    game = new(["KD", "AC", "QS"])
    game.play("w-f")
    assert game.to_dict()["waste"] == []
    game = new(["AD", "KC"])
    assert "w-f" in moves(game)


def test_r3_draw_turns_one_card_in_robert_three_in_wasatch_only_the_top_in_reach():
    game = new(["7D", "2C", "3S", "4H", "8S"])
    game.play("draw")
    assert game.to_dict()["waste"] == ["2C", "3S"]
    game = new(["7D", "2C", "8S", "3S", "4H"], "wasatch")
    game.play("draw")
    assert game.to_dict()["waste"] == ["2C", "8S", "3S", "4H"]
    assert "w-f" not in moves(game)  # 8S is under the top, out of reach


def _through(game: Game) -> None:
    while "draw" in moves(game):
        game.play("draw")


def test_r4_the_waste_turned_over_twice_in_robert_without_limit_in_wasatch():
    game = new(["7D", "2C"])
    for _ in range(2):
        _through(game)
        assert moves(game)[-1] == "redeal"
        game.play("redeal")
        assert game.to_dict()["waste"] == []  # the stock starts again from its first card
        game.play("draw")
        assert game.to_dict()["waste"] == ["2C"]
    _through(game)
    assert "redeal" not in moves(game)
    assert game.why_illegal("redeal") == "no redeal left: the waste may be turned over 2 times in this game"
    game = new(["7D", "2C"], "wasatch")
    for _ in range(5):
        _through(game)
        game.play("redeal")
    assert "draw" in moves(game)


def test_r5_nothing_leaves_the_foundation():
    game = new(["7D", "8C"])
    game.play("w-f")
    assert game.why_illegal("f-w") is not None
    assert all(not m.startswith("f") for m in moves(game))


def test_r6_won_with_all_52_cards_home_lost_when_no_move_is_left():
    order = [RANKS[r] + suit for suit in "CDHS" for r in range(13)]  # A to K four times
    game = new(order)
    for _ in range(51):
        game.play("w-f")
        if game.status() == "playing":
            game.play("draw")
    assert game.status() == "won"
    assert game.cards_left() == 0
    # Two passes spent, the last with nothing played: lost.
    game = new(["7D", "2C", "3C"] + [f"{r}S" for r in "A2345TJQK"] + [f"{r}H" for r in "A2345TJQK"])
    while game.legal_moves():
        game.play(game.legal_moves()[-1])  # draw and redeal only
    assert game.status() == "lost"


def test_the_pysolfc_deal_is_its_talon_in_order():
    # PySolFC's Robert deal 5 (its shuffle as pysolrandom.py and Game.shuffle make it): the
    # first card dealt to the foundation, the second turned onto the waste.
    talon = robert.pysol_talon(5)
    assert talon[:3] == ("AH", "8S", "2D")
    game = patience_core.new_game("robert", deal=robert.pysol_deal(5))
    view = game.to_dict("full")
    assert [p["cards"] for p in view["piles"] if p["id"] == "f"] == [["AH"]]
    assert view["waste"] == ["8S"]
    assert view["stock"]["cards"][:2] == ["2D", "QS"]
    # From 32000 up PySolFC shuffles with the Mersenne Twister (Golf's 32000 has 7S first).
    assert robert.pysol_talon(32000)[0] == "7S"


def test_wasatch_auto_play_does_not_follow_draws_and_redeals_round_for_ever():
    import signal

    # The 6s and 8s lie where no waste top ever falls in any pass, three at a time, so nothing
    # fits on the foundation's 7: draws and redeals alone, round and round.
    near = [r + s for r in "68" for s in "CDHS"]
    rest = [CARD_TEXT[c] for c in range(52) if CARD_TEXT[c] not in near and CARD_TEXT[c] != "7D"]
    order = ["7D"]
    for i in range(51):
        order.append(near.pop() if i % 3 == 1 and near else rest.pop())
    game = patience_core.new_game("wasatch", deal=Deal.parse(" ".join(order)))
    assert game.rules.autoplay.finish_when_forced is False
    assert patience_core.new_game("robert", seed=1).rules.autoplay.finish_when_forced is True
    _through(game)
    assert moves(game) == ["redeal"]

    def stop(*_):
        raise TimeoutError("auto-play went round")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    try:
        assert game.auto_moves() == []
        # The core's look-ahead through forced moves stops by itself where a position comes
        # round again, even for rules that ask it to play out a forced ending.
        game.rules.autoplay = attrs.evolve(game.rules.autoplay, finish_when_forced=True)
        assert game.auto_moves() == []
        assert game.play_auto() == []
        assert moves(game) == ["redeal"]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# --- the solver -------------------------------------------------------------------------------


def walk_by_hand(counts: list[int], top: int) -> bool:
    """Whether the cards ``counts`` can follow ``top`` one rank up or down at a time, tried in
    every order."""
    if not any(counts):
        return True
    for r in (top % 13 + 1, (top + 11) % 13 + 1):
        if counts[r - 1]:
            counts[r - 1] -= 1
            found = walk_by_hand(counts, r)
            counts[r - 1] += 1
            if found:
                return True
    return False


@given(st.lists(st.integers(0, 2), min_size=13, max_size=13), st.integers(1, 13))
def test_the_walk_argument_says_what_trying_every_order_says(counts, top):
    assert robert.walk_exists(counts, top) == walk_by_hand(counts, top)


def near_the_end(seed: int, game_id: str, rest: int) -> Game:
    """A game with ``52 - rest`` cards played along a walk of ranks, ``rest`` cards left in the
    stock: on even seeds the walk's end shuffled (often won), on odd seeds any cards (lost)."""
    rng = random.Random(seed)
    while True:
        order = [rng.randrange(52)]
        while len(order) < 52:
            r = order[-1] % 13
            step = [(r + d) % 13 + 13 * s for d in (1, 12) for s in range(4)]
            free = [c for c in step if c not in order]
            if not free:
                break
            order.append(rng.choice(free))
        if len(order) == 52 or (seed % 2 and len(order) >= 52 - rest):
            break
    order = order[: 52 - rest]
    others = [c for c in range(52) if c not in order]
    rng.shuffle(others)
    if game_id == "robert":
        game = new([CARD_TEXT[c] for c in order + others], game_id)
        for _ in range(51 - rest):
            game.play("w-f")
            game.play("draw")
        return game
    # Three a draw, the last on top: each three of the walk lies in the stock the other way round.
    talon = order[:2] + [c for i in range(2, len(order), 3) for c in order[i : i + 3][::-1]]
    game = new([CARD_TEXT[c] for c in talon + others], game_id)
    game.play("w-f")
    for _ in range(2, len(order), 3):
        game.play("draw")
        for _ in range(3):
            game.play("w-f")
    return game


def won_by_trying_everything(game: Game) -> bool:
    """Breadth-first over whole games through the public API."""
    seen = {game.state_key()}
    frontier = [game]
    while frontier:
        nxt = []
        for g in frontier:
            if g.status() == "won":
                return True
            for move in g.legal_moves():
                child = g.copy()
                child.play(move)
                key = child.state_key()
                if key not in seen:
                    seen.add(key)
                    nxt.append(child)
        frontier = nxt
    return False


def agrees_with_trying_everything(game: Game) -> None:
    """The solver decides ``game`` as a search of every whole game does, and its line wins."""
    result = robert.solve_full_information(game, 1_000_000, None)
    assert result.decided
    assert result.won == won_by_trying_everything(game)
    for move in result.line:
        game.play(move)
    assert game.status() == ("won" if result.won else "playing")


@pytest.mark.parametrize("game_id", ["robert", "wasatch"])
@pytest.mark.parametrize("seed", range(12))
def test_the_solver_agrees_with_a_search_of_every_position_and_its_line_wins(game_id, seed):
    game = near_the_end(seed, game_id, rest=9 if game_id == "robert" else 8)
    assert game.cards_left() == (9 if game_id == "robert" else 8)
    agrees_with_trying_everything(game)


@pytest.mark.parametrize("game_id", ["robert", "wasatch"])
def test_robert_and_wasatch_declare_their_own_solver(game_id):
    game = patience_core.new_game(game_id, seed=2)
    result = patience_core.solve_full_information(game, node_limit=2_000)
    assert result.solver == "robert"


def through_passes(game: Game, redeals: int, draws: int) -> Game:
    """``game`` with the stock drawn out and the waste turned over ``redeals`` times, then
    ``draws`` draws into the pass."""
    for _ in range(redeals):
        _through(game)
        game.play("redeal")
    for _ in range(draws):
        if "draw" in moves(game):
            game.play("draw")
    return game


@pytest.mark.parametrize("redeals", [0, 1, 2])
@pytest.mark.parametrize("seed", range(16))
def test_robert_in_each_pass_agrees_with_a_search_of_every_position(redeals, seed):
    # Positions in the first, the second and the last pass, some part-way through it.
    game = through_passes(near_the_end(seed, "robert", rest=10), redeals, seed % 4)
    assert game.table.passes_used == redeals
    agrees_with_trying_everything(game)


def clears_by_hand(stack: list[int], top: int, queue: list[int]) -> bool:
    """Whether the waste ``stack`` and the stock ``queue`` can all go home in one pass, drawing
    one at a time: tried every way."""
    return _clears(tuple(stack), top, tuple(queue))


@functools.cache
def _clears(stack: tuple[int, ...], top: int, queue: tuple[int, ...]) -> bool:
    if not stack and not queue:
        return True
    if stack and (stack[-1] - top) % 13 in (1, 12) and _clears(stack[:-1], stack[-1], queue):
        return True
    return bool(queue) and _clears(stack + queue[:1], top, queue[1:])


ranks_ = st.lists(st.integers(1, 13), max_size=7)


@given(ranks_, st.integers(1, 13), ranks_)
def test_the_last_pass_gives_up_only_waste_the_stock_cannot_bring_down(stack, top, queue):
    # Argument 4: a waste whose gaps need more cards than the stock holds is lost; and the
    # last pass's verdict is that of trying every way.
    search = robert_search._Search(1, 10**9, 0.0)
    if stack and search.need(bytes(stack)) + search.least_cost(1 << top, stack[-1]) > len(queue):
        assert not clears_by_hand(stack, top, queue)
    ends = search.run_pass(bytes(stack), 1 << top, bytes(queue), 0)
    assert (b"" in ends) == clears_by_hand(stack, top, queue)


@given(st.lists(ranks_, min_size=1, max_size=12), st.integers(1, 13))
def test_passes_that_begin_alike_share_work_and_lose_nothing(talons, top):
    # Argument 5: the sweep over sorted talons says for each what a pass of its own says.
    search = robert_search._Search(1, 10**9, 0.0)
    items = sorted({(len(q), 1 << top, bytes(q)) for q in talons})
    swept = {q: layer for q, _, layer in search.sweep(items, 0)}
    for _, _, q in items:
        alone = robert_search._Search(1, 10**9, 0.0).run_pass(b"", 1 << top, q, 0)
        assert (b"" in swept.get(q, {})) == (b"" in alone)
        assert (b"" in alone) == clears_by_hand([], top, list(q))


@given(st.lists(ranks_, min_size=1, max_size=12), st.sampled_from([0b110, 1 << 7, 0b10000000010]))
def test_without_a_limit_on_redeals_the_sweep_gives_every_end_a_pass_of_its_own_gives(talons, tops):
    # Argument 6 runs each batch of pass ends of one length through the sweep (argument 5):
    # every end of every talon, with its tops, as a pass of its own leaves them, three a draw.
    search = robert_search._Search(3, 10**9, 0.0)
    items = sorted({(0, tops, bytes(q)) for q in talons})
    swept = {q: layer for q, _, layer in search.sweep(items, None)}
    assert set(swept) == {q for _, _, q in items}
    for _, _, q in items:
        assert swept[q] == robert_search._Search(3, 10**9, 0.0).run_pass(b"", tops, q, None)


def test_wasatch_tries_short_searches_in_other_orders_before_the_long_one():
    # Deal 14: one search, the shortest pass end first, meets no win in 2,000,000 positions
    # (whether ends of one length go one at a time or together); the first short search, in
    # another order, wins after 2,532 (docs/golf-relatives.md).
    game = patience_core.new_game("wasatch", seed=14)
    result = robert.solve_full_information(game, 1_000_000, None)
    assert result.won
    assert result.nodes < 50_000  # within the first short search
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_wasatch_tries_beams_that_win_where_whole_searches_stall():
    # Argument 8: deal 31, which one whole search had not won in 100,000,000 positions
    # (docs/golf-relatives.md), is won by a beam within 300,000; the usual order alone is not.
    game = patience_core.new_game("wasatch", seed=31)
    result = robert.solve_full_information(game, 300_000, None)
    assert result.won
    orders: list[int] = []  # the searches of the schedule, in the order they ran

    def recorded(attempt, positions: int, deadline: float) -> int:
        def logged(budget: int, order: int) -> tuple[bool, int]:
            orders.append(order)
            return attempt(budget, order)

        return robert_search.tries_then_long(logged, positions, deadline)

    line, _ = robert_search.search_line(*robert.talon(game.table), None, 3, 300_000, 0.0, recorded)
    assert line == list(result.line)
    assert orders[-1] >= 2  # the search that won is a beam
    with pytest.raises(robert_search.Stop):
        robert_search.search_line(*robert.talon(game.table), None, 3, 300_000, 0.0)
    for move in result.line:
        game.play(move)
    assert game.status() == "won"


def test_wasatch_schedule_a_short_whole_search_then_the_beams_then_the_long_one():
    calls: list[tuple[int, int]] = []

    def attempt(positions: int, order: int) -> tuple[bool, int]:
        calls.append((positions, order))
        return False, positions // 2  # no search ends; each takes half its positions

    robert_search.tries_then_long(attempt, 2_000_000, 0.0)
    # the short search, the beam by length (35%), the beam by play-out (50%), the long search
    assert calls == [(100_000, 1), (700_000, 2), (1_000_000, 3), (1_100_000, 0)]
    calls.clear()
    robert_search.tries_then_long(attempt, robert_search.MIN_LIMIT - 1, 0.0)
    assert calls == [(robert_search.MIN_LIMIT - 1, 0)]  # below it, the long search alone
    calls.clear()
    robert_search.tries_then_long(lambda p, o: (calls.append((p, o)) or o == 2, p // 2), 2_000_000, 0.0)
    assert [order for _, order in calls] == [1, 2]  # a win by a beam ends the schedule
    calls.clear()
    robert_search.tries_then_long(attempt, 2_000_000, time.perf_counter() - 1)
    assert calls == [(2_000_000, 0)]  # past the deadline no short search or beam starts


def beam_first(found: list[bool], order: int = 2):
    """A schedule of one beam alone (``order`` 2 the beam by length, 3 the one by play-out),
    then the long search; ``found`` says whether the beam won."""

    def schedule(attempt, positions: int, deadline: float) -> int:
        ended, used = attempt(positions, order)
        found.append(ended)
        return used if ended else used + attempt(positions, 0)[1]

    return schedule


def wasatch_clears_by_hand(stack: tuple[int, ...], top: int, queue: tuple[int, ...]) -> bool:
    """Whether Wasatch's waste ``stack`` (bottom first) and stock ``queue`` (in the order drawn)
    can all go home, three a draw and no limit on redeals: every position tried once."""
    seen = set()
    todo = [(stack, top, queue)]
    while todo:
        position = todo.pop()
        if position in seen:
            continue
        seen.add(position)
        s, t, q = position
        if not s and not q:
            return True
        if s and (s[-1] - t) % 13 in (1, 12):
            todo.append((s[:-1], s[-1], q))
        todo.append((s + q[:3], t, q[3:]) if q else ((), t, s))
    return False


def replays_to_a_win(stack: bytes, top: int, queue: bytes, line: list[str]) -> bool:
    """Whether ``line`` (``w-f``, ``draw``, ``redeal``) is legal from the position and leaves
    no card."""
    s, q = list(stack), list(queue)
    for move in line:
        if move == "w-f":
            if not s or (s[-1] - top) % 13 not in (1, 12):
                return False
            top = s.pop()
        elif move == "draw" and q:
            s, q = s + q[:3], q[3:]
        elif move == "redeal" and not q:
            s, q = [], s
        else:
            return False
    return not s and not q


@pytest.mark.parametrize("order", [2, 3], ids=["by length", "by play-out"])
def test_a_beams_win_replays_to_a_win_and_a_beam_that_ends_proves_nothing(order):
    # Argument 8, on small Wasatch positions (a walk of ranks from the top, a few of its cards
    # swapped), with a beam two or six ends wide: what it wins, trying every position wins too,
    # and its line wins; when it ends without a win, the long search still gives the verdict
    # of trying everything.
    rng = random.Random(8)
    beam_wins = beam_ends = 0
    for n in range(80):
        top = rng.randint(1, 13)
        walk = [top]
        for _ in range(rng.randint(4, 11)):
            walk.append((walk[-1] + rng.choice((0, 11))) % 13 + 1)
        cards = walk[1:]
        for _ in range(rng.randint(0, 3)):
            a, b = rng.randrange(len(cards)), rng.randrange(len(cards))
            cards[a], cards[b] = cards[b], cards[a]
        stack, queue = bytes(cards[:1]), bytes(cards[1:])
        found: list[bool] = []
        limit = 4_000 if n % 2 else 12_000  # beams of 2 and 6 ends
        line, _ = robert_search.search_line(stack, queue, top, None, 3, limit, 0.0, beam_first(found, order))
        assert (line is not None) == wasatch_clears_by_hand(tuple(stack), top, tuple(queue))
        assert line is None or replays_to_a_win(stack, top, queue, line)
        if found:  # the first pass decided nothing, so the beam ran
            beam_wins += found[0]
            beam_ends += not found[0]
    assert beam_wins >= 10  # both cases met
    assert beam_ends >= 5


def clears_in_two_by_hand(stack: list[int], top: int, queue: list[int]) -> bool:
    """Whether the waste ``stack`` and the stock ``queue`` can all go home in this pass and one
    more, drawing one at a time: tried every way (each position once)."""
    return _clears_in_two(tuple(stack), top, tuple(queue))


@functools.cache
def _clears_in_two(stack: tuple[int, ...], top: int, queue: tuple[int, ...]) -> bool:
    if not queue and _clears((), top, stack):
        return True  # the waste turned over as the last pass's stock
    if stack and (stack[-1] - top) % 13 in (1, 12) and _clears_in_two(stack[:-1], stack[-1], queue):
        return True
    return bool(queue) and _clears_in_two(stack + queue[:1], top, queue[1:])


@given(ranks_, st.integers(1, 13), ranks_)
def test_the_pass_before_the_last_gives_up_only_what_two_passes_cannot_clear(stack, top, queue):
    # Argument 7; and the two passes' verdict is that of trying every way.
    search = robert_search._Search(1, 10**9, 0.0)
    if stack and not search.two_passes(bytes(stack), 1 << top, len(queue)):
        assert not clears_in_two_by_hand(stack, top, queue)
    ends = search.run_pass(bytes(stack), 1 << top, bytes(queue), 1)
    cleared = any(
        b"" in search.run_pass(b"", 1 << t, kept, 0)
        for kept, tops in ends.items()
        for t in range(1, 14)
        if tops & 1 << t
    )
    assert cleared == clears_in_two_by_hand(stack, top, queue)


def least_left_by_hand(talon: list[int]) -> int:
    """The least argument-4 need of what one pass through ``talon`` from any top can leave,
    tried every way."""
    search = robert_search._Search(1, 10**9, 0.0)
    best = 10**9

    def go(stack: list[int], top: int, rest: list[int]) -> None:
        nonlocal best
        if not rest:
            cost = search.need(bytes(stack)) + (
                search.least_cost(1 << top, stack[-1]) if stack and top else 0
            )
            best = min(best, cost)
        if stack and (not top or (stack[-1] - top) % 13 in (1, 12)):
            go(stack[:-1], stack[-1], rest)
        if rest:
            go([*stack, rest[0]], top, rest[1:])

    go([], 0, talon)
    return best


@given(st.lists(st.integers(1, 13), max_size=9))
def test_the_least_need_of_a_talon_is_that_of_trying_every_way(talon):
    assert robert_search._Search(1, 10**9, 0.0).rest_need(bytes(talon)) == least_left_by_hand(talon)


def test_the_pass_before_the_last_drops_positions_the_last_pass_would_meet():
    # Argument 7 at work on whole deals: the same verdicts in fewer positions.
    for seed in (1, 3):  # 1.1 and 3.3 million positions without it
        game = patience_core.new_game("robert", seed=seed)
        result = robert.solve_full_information(game, 2_000_000, None)
        assert result.verdict == "no win"
        assert result.nodes < 200_000


def test_the_play_out_that_ranks_a_beams_ends_plays_the_waste_top_whenever_it_fits():
    # Argument 8's second beam ranks ends by what a greedy play-out leaves: a talon that is a walk
    # from the top plays out one card a draw; three a draw, only each group's last card shows.
    assert robert_search._greedy_passes(bytes([2, 3, 4]), 1, 3, 1) == b""
    assert robert_search._greedy_passes(bytes([2, 3, 4]), 1, 3, 3) == bytes([2, 3, 4])
    assert robert_search._greedy_passes(bytes([5, 6, 2]), 1, 3, 3) == bytes([5, 6])  # 2 on the ace
    # Passes: the first plays the 2, which brings the 3 to the end of a group in the next.
    assert robert_search._greedy_passes(bytes([9, 9, 2, 3, 9, 9]), 1, 1, 3) == bytes([9, 9, 3, 9, 9])
    assert robert_search._greedy_passes(bytes([9, 9, 2, 3, 9, 9]), 1, 2, 3) == bytes([9, 9, 9, 9])

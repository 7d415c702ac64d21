"""The fast solver against an independent referee: every won line replays move by move under
the rules written out plainly (tests/referee.py), and verdicts agree with a brute-force search
over every legal move on positions small enough for it. Each of the solver's reductions is
also turned off in turn to show it changes no verdict, and the compiled and plain-Python
builds give the same verdicts, positions searched and lines.
"""

from __future__ import annotations

import random

import pytest
from klondike_positions import smalls
from klondike_referee import Illegal, State, exhaustive, replay

from patience_core.engine.cards import parse_card_index
from patience_core.solver import builds
from patience_core.solver.memory import MemoryLimitReached
from patience_klondike import (
    CANFIELD,
    CANFIELD_PYSOL,
    CANFIELD_SOLVITAIRE,
    KLONDIKE,
    KLONDIKE_3,
    THUMB_AND_POUCH,
    Column,
    Position,
    Variant,
    canfield_deal,
    klondike_deal,
    pysol_canfield,
    pysol_klondike,
    solve_full_information,
)
from patience_klondike import solver as solver_module

VARIANTS = {
    "klondike-draw-1": KLONDIKE,
    "klondike-draw-3": KLONDIKE_3,
    "klondike-draw-3-two-redeals": Variant(draw=3, redeals=2),
    "klondike-draw-1-one-pass": Variant(redeals=0),
    "klondike-draw-2-no-worry-back": Variant(draw=2, redeals=1, foundation_back=False),
    "canfield": CANFIELD,
    "canfield-pysol": CANFIELD_PYSOL,
    "canfield-solvitaire": CANFIELD_SOLVITAIRE,
    "thumb-and-pouch": THUMB_AND_POUCH,
    "same-suit": Variant(build="suit", empty="any", draw=3),
    "same-colour": Variant(build="colour", redeals=1),
}


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card_index(t) for t in text.split())


def col(down: str, up: str) -> Column:
    return Column(cards(down), cards(up))


class _Altered:
    """The search module with some of its reductions turned off (``prune``) or each group of
    moves in the order of ``seed``."""

    def __init__(self, module: object, prune: int | None = None, seed: int | None = None) -> None:
        self.module = module
        self.prune = prune
        self.seed = seed

    def __getattr__(self, name: str) -> object:
        return getattr(self.module, name)

    def search(self, *args: object) -> tuple[int, int]:
        # The solver passes the reductions (all of them) and the order last.
        *head, prune, order = args
        prune = prune if self.prune is None else self.prune
        order = order if self.seed is None else self.seed
        return self.module.search(*head, prune, order)  # type: ignore[attr-defined]


def solve_with(monkeypatch, prune: int, position: Position, variant: Variant, limit: int = 400_000):
    with monkeypatch.context() as patch:
        patch.setattr(solver_module, "_search", _Altered(solver_module._search, prune=prune))
        return solve_full_information(position, variant, node_limit=limit, tries=0)


# --- won lines replay under the referee --------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_won_line_replays_to_a_win_under_the_referee(name, long_profile):
    variant = VARIANTS[name]
    deal = canfield_deal if variant.fill_from_reserve else klondike_deal
    won = 0
    for seed in range(1, 9):
        position = deal(seed)
        result = solve_full_information(position, variant, node_limit=200_000)
        if result.verdict == "won":
            won += 1
            assert replay(position, variant, result.line).won(), (name, seed)
            if won == 3 and not long_profile:  # the long profile replays every win of deals 1..8
                break
    assert won >= 2, name  # a test that could fail: most of these deals are won


@pytest.mark.parametrize("draw", [1, 3])
def test_pysol_deals_solve_and_replay(draw):
    for number in (1, 2, 3):
        position = pysol_klondike(number, draw)
        variant = Variant(draw=draw)
        result = solve_full_information(position, variant)
        assert result.decided
        if result.won:
            assert replay(position, variant, result.line).won()
    position = pysol_canfield(1)
    result = solve_full_information(position, CANFIELD_PYSOL)
    assert result.won
    assert replay(position, CANFIELD_PYSOL, result.line).won()


def test_the_referee_refuses_an_illegal_move_in_a_line():
    position = klondike_deal(2)
    result = solve_full_information(position, KLONDIKE)
    line = list(result.line)
    line.insert(0, "t1-t2")  # t1's card does not build on t2's
    with pytest.raises(Illegal, match="move 1 of"):
        replay(position, KLONDIKE, line)
    with pytest.raises(Illegal):
        replay(position, KLONDIKE, ["redeal"])  # the stock is full


# --- verdicts against brute force --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_verdicts_agree_with_an_exhaustive_search_on_small_positions(name, long_profile):
    variant = VARIANTS[name]
    checked = {True: 0, False: 0}
    # A position too big for the brute force is skipped only after it has searched its limit:
    # 10,000 states keep the positions it decides and halve the time (the long test profile: 20,000).
    # The first 8 positions hold 4 to 8 decided wins in every variant (the long profile: 14).
    limit = 20_000 if long_profile else 10_000
    for position in smalls(seed=len(name), count=14 if long_profile else 8, left=5, variant=variant):
        truth = exhaustive(position, variant, limit=limit)
        if truth is None:
            continue
        result = solve_full_information(position, variant)
        assert result.decided
        assert result.won == truth, (name, str(position))
        if result.won:
            assert replay(position, variant, result.line).won()
        checked[truth] += 1
    # A few cards left scattered at random are always a win: the lost verdicts are checked
    # against the same search on positions built to lose (the rule tests below).
    assert checked[True] >= 3, checked


# --- each rule, on a position built to need it -------------------------------------------------------

# Two columns; clubs and diamonds home to the queen, hearts to nine, spades to ten. JS lies face
# down under JH, with TH and QS under it: JH can only move onto QC, which has to come back
# down from its foundation onto KD first.
WORRY = Position(
    (col("QS TH JS", "JH"), col("", "KD")),
    stock=cards("QH KH KS KC"),
    foundations=(12, 12, 9, 10),
)


def test_rule_foundation_cards_may_come_back_down():
    assert exhaustive(WORRY, KLONDIKE) is True
    result = solve_full_information(WORRY, KLONDIKE)
    assert result.won
    assert "f1-t2" in result.line  # QC back onto KD
    assert replay(WORRY, KLONDIKE, result.line).won()


def test_rule_without_coming_back_down_the_same_position_is_lost():
    variant = Variant(foundation_back=False)
    assert exhaustive(WORRY, variant) is False
    assert solve_full_information(WORRY, variant).verdict == "no win"


# KD with QS on it lies on face-down JH, JS and QD: neither can go up before those, so the
# two go together into the empty column.
KING = Position(
    (col("QD JS JH", "KD QS"), col("", "")),
    stock=cards("QC KC QH KH KS"),
    foundations=(11, 11, 10, 10),
)


def test_rule_a_king_with_its_run_goes_into_an_empty_column():
    result = solve_full_information(KING, KLONDIKE)
    assert result.won
    assert "t1-t2x2" in result.line
    assert replay(KING, KLONDIKE, result.line).won()


def test_rule_only_a_king_goes_into_an_empty_column():
    state = State.of(
        Position(
            (col("", "QS"), col("", "")), stock=cards("KC QD KD QH KH KS QC"), foundations=(11, 11, 11, 11)
        ),
        KLONDIKE,
    )
    assert "t1-t2" not in state.moves()
    with pytest.raises(Illegal):
        state.play("t1-t2")


def test_rule_part_of_a_run_moves_onto_the_twin_when_the_card_it_leaves_goes_up():
    # QD must go up first, but JS TH lie on it and neither can go up (TS and 9H lie under QD):
    # the two move onto QD's twin QH, and QD goes up.
    position = Position(
        (col("9H TS", "QD JS TH"), col("", "KS QH")),
        stock=cards("KD JH KH QS"),
        foundations=(13, 11, 8, 9),
    )
    assert exhaustive(position, KLONDIKE) is True
    result = solve_full_information(position, KLONDIKE)
    assert result.won
    assert replay(position, KLONDIKE, result.line).won()
    assert result.line[:2] == ("t1-t2x2", "t1-f2")


@pytest.mark.parametrize(
    ("draw", "redeals", "winnable"),
    [(3, None, True), (3, 1, True), (3, 0, False), (1, 0, True), (1, None, True)],
)
def test_rule_draw_one_or_three_and_the_redeals(draw, redeals, winnable):
    # TD is wanted first. Three a draw, it lies under KD and JD and only a redeal brings it up
    # (KD then goes to the empty column); one a draw, it comes straight up.
    position = Position(
        (col("", "9D"), col("", "")), stock=cards("TD KD JD"), waste=cards("QD"), foundations=(13, 8, 13, 13)
    )
    variant = Variant(draw=draw, redeals=redeals)
    assert exhaustive(position, variant) is winnable
    result = solve_full_information(position, variant)
    assert result.won is winnable
    assert result.decided
    if winnable:
        assert replay(position, variant, result.line).won()


def test_rule_canfield_fills_a_space_from_the_reserve_at_once():
    position = canfield_deal(5)
    state = State.of(position, CANFIELD)
    result = solve_full_information(position, CANFIELD)
    assert result.decided
    if result.won:
        end = replay(position, CANFIELD, result.line)
        assert end.won()
    # Emptying a column with the reserve not empty refills it from the reserve's top.
    top = state.reserve[-1]
    state.up[0] = []
    state.tidy()
    assert state.up[0] == [top]


def test_solvitaire_canfield_never_builds_onto_the_base_rank():
    base = 5
    variant = CANFIELD_SOLVITAIRE
    assert not variant.builds_on(parse_card_index("4C"), parse_card_index("5H"), base)
    assert variant.builds_on(parse_card_index("KC"), parse_card_index("AH"), base)
    assert CANFIELD.builds_on(parse_card_index("4C"), parse_card_index("5H"), base)


# --- each reduction changes no verdict ------------------------------------------------------------

ALL = -1
REDUCTIONS = {
    "dead positions": 1,
    "twins": 2,
    "waiting talon cards": 4,
    "draws in the waste": 8,
    "cards down only to take a card": 16,
    "tops home only when it pays": 32,
}


@pytest.mark.parametrize("reduction", sorted(REDUCTIONS))
@pytest.mark.parametrize("name", ["klondike-draw-1", "klondike-draw-3", "canfield", "thumb-and-pouch"])
def test_each_reduction_changes_no_verdict(monkeypatch, reduction, name):
    variant = VARIANTS[name]
    without = ALL & ~REDUCTIONS[reduction]
    for position in smalls(seed=7, count=10, left=6, variant=variant, columns=5):
        on = solve_with(monkeypatch, ALL, position, variant)
        off = solve_with(monkeypatch, without, position, variant)
        assert on.verdict == off.verdict, (reduction, name, str(position))
    deal = canfield_deal if variant.fill_from_reserve else klondike_deal
    for seed in range(1, 6):
        on = solve_with(monkeypatch, ALL, deal(seed), variant, limit=60_000)
        off = solve_with(monkeypatch, without, deal(seed), variant, limit=60_000)
        if on.decided and off.decided:
            assert on.verdict == off.verdict, (reduction, name, seed)


@pytest.mark.parametrize("name", ["klondike-draw-1", "klondike-draw-3", "canfield", "thumb-and-pouch"])
def test_shuffled_orders_give_the_exhaustive_searchs_verdicts(monkeypatch, name):
    """The short searches' orders (each group of moves shuffled) leave out no move: on small
    positions each of three orders gives the verdict of the exhaustive search, and its line
    replays."""
    variant = VARIANTS[name]
    checked = {True: 0, False: 0}
    for position in smalls(seed=3, count=8, left=5, variant=variant):
        truth = exhaustive(position, variant, limit=10_000)
        if truth is None:
            continue
        for seed in (1, 2, 3):
            with monkeypatch.context() as patch:
                patch.setattr(solver_module, "_search", _Altered(solver_module._search, seed=seed))
                result = solve_full_information(position, variant, tries=0)
            assert result.won == truth, (name, seed, str(position))
            if result.won:
                assert replay(position, variant, result.line).won()
        checked[truth] += 1
    assert checked[True] >= 2, checked


def test_a_shuffled_order_is_another_order(monkeypatch):
    """The orders differ: deal 3 (one card a draw) is won in other numbers of positions."""
    counts = set()
    for seed in (0, 1, 2, 3):
        with monkeypatch.context() as patch:
            patch.setattr(solver_module, "_search", _Altered(solver_module._search, seed=seed))
            result = solve_full_information(klondike_deal(3), KLONDIKE, node_limit=200_000, tries=0)
        assert result.won
        counts.add(result.nodes)
    assert len(counts) >= 3, counts


def test_thumb_and_pouch_tries_short_searches_in_shuffled_orders_before_the_long_one():
    """Deal 104: the usual order meets no win within 1,000,000 positions (50,000 here); the
    first short search, in the usual order, meets none in its 50,000, and the second, in a
    shuffled order, wins within a few hundred."""
    position = klondike_deal(104)
    assert solver_module.default_tries(THUMB_AND_POUCH) == 10
    alone = solve_full_information(position, THUMB_AND_POUCH, node_limit=50_000, tries=0)
    assert alone.verdict == "unknown"
    tried = solve_full_information(position, THUMB_AND_POUCH, node_limit=1_000_000)
    assert tried.won
    assert 50_000 < tried.nodes < 51_000
    assert replay(position, THUMB_AND_POUCH, tried.line).won()


def test_klondike_tries_short_searches_before_the_long_one():
    """Draw-3 deal 313: the usual order meets no win within 50,000 positions (it takes more than
    a million); the first short search, in the usual order, meets none in its 2,000, and a
    shuffled one wins within a few hundred."""
    assert solver_module.default_tries(KLONDIKE) == solver_module.default_tries(KLONDIKE_3) == 10
    assert solver_module.default_try_nodes(KLONDIKE) == 2_000
    assert solver_module.default_tries(CANFIELD) == 0
    position = klondike_deal(313)
    alone = solve_full_information(position, KLONDIKE_3, node_limit=50_000, tries=0)
    assert alone.verdict == "unknown"
    tried = solve_full_information(position, KLONDIKE_3)
    assert tried.won
    assert 2_000 < tried.nodes < 3_000
    assert replay(position, KLONDIKE_3, tried.line).won()


@pytest.mark.parametrize(
    ("argument", "bit", "deal", "draw", "share"),
    [
        (7, 1, 14, 3, 0.5),  # dead positions
        (10, 8, 14, 3, 0.9),  # draws in the waste
        (12, 16, 447, 1, 0.8),  # foundation cards down only to take a card
        (13, 32, 103, 3, 0.95),  # column tops home only when it pays
    ],
)
def test_a_reduction_cuts_a_no_win_proof(monkeypatch, argument, bit, deal, draw, share):
    """Each of these arguments is guarded by the positions it saves on a proof: with it, the
    proof takes less than ``share`` of the positions it takes without."""
    variant = KLONDIKE_3 if draw == 3 else KLONDIKE
    on = solve_with(monkeypatch, ALL, klondike_deal(deal), variant, limit=2_000_000)
    off = solve_with(monkeypatch, ALL & ~bit, klondike_deal(deal), variant, limit=2_000_000)
    assert on.verdict == off.verdict == "no win", argument
    assert on.nodes < off.nodes * share, (argument, on.nodes, off.nodes)


# --- compiled and plain Python ------------------------------------------------------------------------


def test_compiled_and_plain_python_give_the_same_verdicts_positions_and_lines(monkeypatch):
    plain = builds.load_pure("patience_klondike.search")
    jobs = [(klondike_deal(n), v) for n in (1, 2, 14) for v in (KLONDIKE, KLONDIKE_3)]
    jobs += [(canfield_deal(n), CANFIELD) for n in (1, 2)]
    for position, variant in jobs:
        loaded = solve_full_information(position, variant, node_limit=20_000)
        with monkeypatch.context() as patch:
            patch.setattr(solver_module, "_search", plain)
            pure = solve_full_information(position, variant, node_limit=20_000)
        assert (loaded.verdict, loaded.nodes, loaded.line) == (pure.verdict, pure.nodes, pure.line)
    # Thumb and Pouch's short searches, in shuffled orders (60,000 positions: ten of 3,000 first).
    for n in (104, 120):
        loaded = solve_full_information(klondike_deal(n), THUMB_AND_POUCH, node_limit=60_000)
        with monkeypatch.context() as patch:
            patch.setattr(solver_module, "_search", plain)
            pure = solve_full_information(klondike_deal(n), THUMB_AND_POUCH, node_limit=60_000)
        assert (loaded.verdict, loaded.nodes, loaded.line) == (pure.verdict, pure.nodes, pure.line)


def test_the_table_of_positions_searched_holds_exact_keys():
    """Keys past the set go in the table by quotient and home slot: each key added is found,
    and no other key is, however alike (the same low bits, the same quotient), in both builds."""
    rng = random.Random(7)
    keys = [rng.getrandbits(139) for _ in range(3000)]
    keys += [n << 100 for n in range(1, 1000)] + list(range(1000)) + [n << 20 | 5 for n in range(1000)]
    added = set(keys)
    others = [k ^ 1 << rng.randrange(139) for k in keys] + [(1 << 139) - 1 - n for n in range(100)]
    others = [k for k in others if k not in added]
    for module in (solver_module._search, builds.load_pure("patience_klondike.search")):
        seen = module.Seen(139, 16)
        for k in keys:
            seen.add(k)
        seen.add(keys[0])
        assert seen.count == len(added)
        assert seen.k >= 13
        assert all(k in seen for k in keys)
        assert not any(k in seen for k in others)


def test_the_table_searches_the_same_positions_as_a_set(monkeypatch):
    plain = builds.load_pure("patience_klondike.search")
    jobs = [(klondike_deal(n), v) for n in (1, 4, 14) for v in (KLONDIKE, KLONDIKE_3)]
    for position, variant in jobs:
        with monkeypatch.context() as patch:
            patch.setattr(solver_module, "_search", plain)
            # 4,000 positions: the table, from 64 keys on, doubles several times.
            in_set = solve_full_information(position, variant, node_limit=4_000)
            patch.setattr(plain, "_SET_MAX", 64)
            in_table = solve_full_information(position, variant, node_limit=4_000)
        assert (in_set.verdict, in_set.nodes, in_set.line) == (
            in_table.verdict,
            in_table.nodes,
            in_table.line,
        )


def test_klondikes_key_takes_two_words_a_slot_in_the_table_from_two_to_the_24_slots(monkeypatch):
    """The peak at the default limit (under 1 GB, docs/solver.md) counts on two 64-bit words a
    slot in the tables of 2 ** 24 and 2 ** 25 slots, which the last doubling holds both of: a
    bit more in the key would make the first three words a slot, half as much again."""
    plain = builds.load_pure("patience_klondike.search")
    bits: list[int] = []

    class Recording(plain.Seen):
        def __init__(self, keybits: int, set_max: int = -1) -> None:
            bits.append(keybits)
            super().__init__(keybits, set_max)

    monkeypatch.setattr(solver_module, "_search", plain)
    monkeypatch.setattr(plain, "Seen", Recording)
    for n in (1, 2, 3):
        for variant in (KLONDIKE, KLONDIKE_3):
            solve_full_information(klondike_deal(n), variant, node_limit=100)
    assert len(bits) == 6
    assert all((b - 24 + plain._SHIFT_BITS + 63) // 64 == 2 for b in bits), bits


# --- limits and errors -------------------------------------------------------------------------------


def test_a_node_limit_gives_unknown():
    result = solve_full_information(klondike_deal(14), KLONDIKE_3, node_limit=50)
    assert result.verdict == "unknown"
    assert result.nodes == 50
    assert result.line == ()


def test_check_memory_is_called_as_the_search_starts_and_every_16384_positions_and_may_stop_it():
    calls = []

    def check(nodes: int) -> None:
        calls.append(nodes)
        if len(calls) == 3:
            raise MemoryLimitReached(nodes, 10, 5)

    # Deal 18 with draw 3 takes more than 100,000 positions; deal 14 is won in a few hundred.
    # tries=0: one search, so one start.
    result = solve_full_information(klondike_deal(18), KLONDIKE_3, check_memory=check, tries=0)
    assert calls == [0, 16384, 32768]
    assert result.verdict == "unknown"
    assert result.nodes == 32768
    assert result.reason.startswith("out of memory")


def test_a_time_limit_gives_unknown():
    result = solve_full_information(klondike_deal(18), KLONDIKE, time_limit=0.0)  # about 10,000 positions
    assert result.verdict == "unknown"


def test_a_position_whose_face_up_cards_do_not_build_is_refused_in_one_line():
    position = Position((col("", "5H 4H"),), stock=tuple(c for c in range(52) if c not in cards("5H 4H")))
    with pytest.raises(ValueError, match="t1: 4H does not build on 5H") as info:
        solve_full_information(position, KLONDIKE)
    assert "\n" not in str(info.value)


def test_more_redeals_used_than_allowed_is_refused():
    position = Position(klondike_deal(1).columns, stock=klondike_deal(1).stock, passes_used=3)
    with pytest.raises(ValueError, match="3 redeals used"):
        solve_full_information(position, Variant(redeals=2))


def test_a_won_position_is_won_at_once():
    done = Position((col("", ""),), foundations=(13, 13, 13, 13))
    result = solve_full_information(done, KLONDIKE)
    assert result.won
    assert result.line == ()
    assert result.nodes == 1

"""TriPeaks rules T1-T16 of the rules page, the German text's worked example, and edge cases.

Each scenario is played on a deal built for it: ``deal`` places the cards a test names and fills
the rest of the layout and the stock with the unused cards in deck order (clubs A-K first).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest

import patience_core
from patience_core import Game, GameSpec, IllegalMoveError, Layout, OptionError, Scoring
from patience_core.blocks.build_on_waste.rules import BuildOnWaste
from patience_core.engine.cards import CARD_TEXT
from patience_core.engine.deal import Deal
from patience_core.testing import deal_with
from patience_tripeaks import LAYOUT

DECK = list(CARD_TEXT[:52])
RANKS = "A23456789TJQK"
ROW = {1: 3, 2: 6, 3: 9, 4: 10}
BOTTOM = [f"r4c{c}" for c in range(1, 11)]
# Every layout position, bottom row first: a removal order that respects the coverage.
ROWS_UP = [f"r{r}c{c}" for r in (4, 3, 2, 1) for c in range(1, ROW[r] + 1)]
# The same 28 positions peak by peak: peak 1 (with r4c4) first, then peak 2 (with r4c7), then 3.
PEAKS_IN_TURN = [
    *("r4c1", "r4c2", "r4c3", "r4c4", "r3c1", "r3c2", "r3c3", "r2c1", "r2c2", "r1c1"),
    *("r4c5", "r4c6", "r4c7", "r3c4", "r3c5", "r3c6", "r2c3", "r2c4", "r1c2"),
    *("r4c8", "r4c9", "r4c10", "r3c7", "r3c8", "r3c9", "r2c5", "r2c6", "r1c3"),
]
# Bottom-row cards of ranks 2, 3 and J: none fits on a 5, 6, 7, 8 or 9.
QUIET_BOTTOM = dict(zip(BOTTOM, ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "JC", "JD"], strict=True))
# Bottom-row cards of ranks 6, 7 and 8: none fits on a J, Q, K, A, 2 or 3.
MIDDLE_BOTTOM = dict(zip(BOTTOM, ["6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D"], strict=True))


def deal(cards: Mapping[str, str], stock: Sequence[str] = (), last: Sequence[str] = ()) -> Deal:
    """A deal with ``cards`` on the layout, the stock starting with ``stock`` and ending with ``last``."""
    placed = [*cards.values(), *stock, *last]
    used = set(placed)
    assert len(used) == len(placed), f"a test deal names a card twice: {sorted(placed)}"
    unused = [c for c in DECK if c not in used]
    middle = unused[28 - len(cards) :]  # deal_with fills the layout first, in deck order
    return deal_with(LAYOUT, cards, [*stock, *middle, *last])


def new(
    cards: Mapping[str, str], stock: Sequence[str] = (), last: Sequence[str] = (), **options: object
) -> Game:
    return patience_core.new_game("tripeaks", deal=deal(cards, stock, last), **options)


def chain(order: Sequence[str], start_rank: int) -> tuple[str, dict[str, str]]:
    """A start card of ``start_rank`` and layout cards along ``order`` ranking one up each (K, A wrap).

    Played in ``order`` from the start card, the whole layout goes in one run.
    """
    used: set[str] = set()

    def take(rank: int) -> str:
        card = next(RANKS[rank - 1] + s for s in "CDHS" if RANKS[rank - 1] + s not in used)
        used.add(card)
        return card

    start = take(start_rank)
    return start, {pos: take((start_rank + i) % 13 + 1) for i, pos in enumerate(order)}


def entry(game: Game, pos: str) -> dict:
    return next(e for e in game.to_dict("player")["layout"] if e["id"] == pos)


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def play_all(game: Game, texts: Sequence[str]) -> None:
    for text in texts:
        game.play(text)


def refused(game: Game, move: str) -> str:
    """Play ``move``, expect it refused without change, and return the message."""
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    return str(err.value)


# --- Layout -----------------------------------------------------------------------------------


def test_t1_four_rows_of_3_6_9_10_with_18_face_down_and_10_face_up():
    game = patience_core.new_game("tripeaks", seed=2024)
    layout = game.rules.layout
    assert len(layout) == 28
    assert [[layout.spots[p].id for p in row] for row in layout.rows()] == [
        [f"r{r}c{c}" for c in range(1, ROW[r] + 1)] for r in (1, 2, 3, 4)
    ]
    assert game.table.cards == game.deal.indices[:28]
    view = game.to_dict("player")["layout"]
    assert [e["id"] for e in view if e["face_up"]] == BOTTOM
    assert sum(1 for e in view if not e["face_up"]) == 18
    assert all(e["card"] is None for e in view if not e["face_up"])
    # The three pyramids touch and share the bottom row: neighbours share one bottom card.
    peaks = [layout.group(f"peak{i}") for i in (1, 2, 3)]
    ids = [s.id for s in layout.spots]
    shared = [[ids[p] for p in range(28) if (a & b) >> p & 1] for a, b in itertools.pairwise(peaks)]
    assert shared == [["r4c4"], ["r4c7"]]
    assert peaks[0] | peaks[1] | peaks[2] == layout.full


def test_t2_coverage_is_exactly_as_the_rules_page_states():
    """T2: peak i by row-2 cards 2i, 2i+1; row-2 card j by row-3 cards 3i+k, 3i+k+1; row-3 m by m, m+1."""

    def at(row: int, index: int) -> str:  # the rules page counts from 0, ids from 1
        return f"r{row}c{index + 1}"

    expected = {at(4, m): set() for m in range(10)}
    expected |= {at(1, i): {at(2, 2 * i), at(2, 2 * i + 1)} for i in range(3)}
    for j in range(6):
        i, k = divmod(j, 2)
        expected[at(2, j)] = {at(3, 3 * i + k), at(3, 3 * i + k + 1)}
    expected |= {at(3, m): {at(4, m), at(4, m + 1)} for m in range(9)}
    layout = patience_core.new_game("tripeaks", seed=0).rules.layout
    actual = {s.id: {layout.spots[p].id for p in layout.blockers_of(i)} for i, s in enumerate(layout.spots)}
    assert actual == expected


def test_t3_the_first_stock_card_starts_the_waste_and_23_stay_in_the_stock():
    for seed in (0, 1, 99, 123456789):
        game = patience_core.new_game("tripeaks", seed=seed)
        first, second = (CARD_TEXT[c] for c in game.deal.indices[28:30])
        view = game.to_dict("player")
        assert view["waste"] == [first]
        assert view["stock"]["count"] == 23
        assert game.to_dict("full")["stock"]["cards"] == [CARD_TEXT[c] for c in game.deal.indices[29:]]
        game.play("draw")
        assert game.to_dict("player")["waste"] == [first, second]
        # Turning the first card is part of the deal: it is no draw and costs nothing (T12).
        assert game.score() == -5


# --- Play -------------------------------------------------------------------------------------


def test_t4_only_uncovered_cards_are_free():
    # r3c1 (7H) fits on 6D by rank but stays covered by 9C after 6D, one of its two covers, goes.
    cards = {**QUIET_BOTTOM, "r4c1": "6D", "r4c2": "9C", "r3c1": "7H"}
    for open_peaks in (False, True):
        game = new(cards, stock=["5C"], open_peaks=open_peaks)
        assert [e["id"] for e in game.to_dict()["layout"] if e["free"]] == BOTTOM
        game.play("6D")
        assert not entry(game, "r3c1")["free"]
        message = refused(game, "7H")
        if open_peaks:
            assert "7H is covered by 9C" in message
        else:
            assert "not in sight" in message
        assert moves(game) == ["draw"]


def test_t5_a_free_card_one_rank_up_or_down_goes_on_the_waste_in_either_direction():
    cards = {**QUIET_BOTTOM, "r4c1": "9D", "r4c2": "TH", "r4c3": "9S", "r4c4": "8H", "r4c5": "JS"}
    game = new(cards, stock=["8C"])
    assert moves(game) == ["9D", "9S", "draw"]
    assert "8H does not fit on 8C: it needs a 7 or a 9" in refused(game, "8H")  # same rank
    assert "TH does not fit on 8C: it needs a 7 or a 9" in refused(game, "TH")  # two up
    play_all(game, ["9D", "TH", "9S", "8H"])  # 8, 9, 10, 9, 8: the direction changes at will
    assert game.to_dict()["waste"] == ["8C", "9D", "TH", "9S", "8H"]
    assert "JS does not fit on 8H" in refused(game, "JS")


@pytest.mark.parametrize(("start", "line"), [("QC", ["KD", "AH", "2S"]), ("2C", ["AD", "KH", "QS"])])
def test_t6_ranks_wrap_so_q_k_a_2_chain_both_ways(start: str, line: list[str]):
    # Not neighbours, so that no face-down card turns up on the way.
    game = new({**MIDDLE_BOTTOM, "r4c1": line[0], "r4c3": line[1], "r4c5": line[2]}, stock=[start])
    for card in line:
        assert moves(game) == [card, "draw"]
        game.play(card)
    assert game.to_dict()["waste"] == [start, *line]


def test_t13_without_wrap_k_and_a_are_not_neighbours():
    # The edge cases of the wrap at both ends: K on A and A on K.
    king_first = new({**MIDDLE_BOTTOM, "r4c1": "KD", "r4c2": "AH"}, stock=["QC"], wrap=False)
    king_first.play("KD")
    assert moves(king_first) == ["draw"]
    assert "AH does not fit on KD: it needs a Q" in refused(king_first, "AH")
    ace_first = new({**MIDDLE_BOTTOM, "r4c1": "AD", "r4c2": "KH"}, stock=["2C"], wrap=False)
    ace_first.play("AD")
    assert moves(ace_first) == ["draw"]
    assert "KH does not fit on AD: it needs a 2" in refused(ace_first, "KH")
    # With the default wrap both fit.
    wrapped = new({**MIDDLE_BOTTOM, "r4c1": "KD", "r4c2": "AH"}, stock=["QC"])
    wrapped.play("KD")
    assert moves(wrapped) == ["AH", "draw"]


@pytest.mark.parametrize(
    ("top", "card", "wrap"),
    [("KC", "AD", True), ("AC", "KD", True), ("KC", "AD", False), ("AC", "KD", False)],
)
def test_wrap_at_both_ends_on_the_first_waste_card(top: str, card: str, wrap: bool):
    game = new({**MIDDLE_BOTTOM, "r4c5": card}, stock=[top], wrap=wrap)
    assert moves(game) == ([card, "draw"] if wrap else ["draw"])


def test_t7_a_face_down_card_turns_up_once_both_cards_on_it_are_gone():
    game = new({**MIDDLE_BOTTOM, "r4c2": "4H", "r4c3": "3D", "r3c2": "2S"}, stock=["5C"])
    hidden = entry(game, "r3c2")
    assert (hidden["face_up"], hidden["card"], hidden["free"]) == (False, None, False)
    game.play("4H")
    assert entry(game, "r3c2")["card"] is None  # one of its two covers is still there
    game.play("3D")
    shown = entry(game, "r3c2")
    assert (shown["face_up"], shown["card"], shown["free"]) == (True, "2S", True)
    assert "2S" in moves(game)
    game.undo()
    assert entry(game, "r3c2")["card"] is None


def test_t8_draw_at_any_time_the_card_goes_to_the_waste_and_starts_a_new_run():
    game = new({**QUIET_BOTTOM, "r4c1": "4H", "r4c8": "KS"}, stock=["5C", "9D"])
    assert moves(game) == ["4H", "draw"]  # a card fits, and drawing is still allowed
    game.play("4H")
    game.play("draw")
    assert game.to_dict()["waste"] == ["5C", "4H", "9D"]  # 9D fits nothing and goes there anyway
    assert "KS does not fit on 9D" in refused(game, "KS")
    assert game.score() == 1 - 5


def test_t9_one_pass_no_redeal_and_no_play_from_the_waste():
    game = new(QUIET_BOTTOM, stock=["7C"])
    for _ in range(23):
        game.play("draw")
    assert game.to_dict()["stock"] == {"count": 0, "passes_used": 0, "passes": 1}
    assert moves(game) == []
    assert "the stock is empty" in refused(game, "draw")
    assert "no 'redeal' move" in refused(game, "redeal")
    waste = game.to_dict()["waste"]
    assert len(waste) == 24
    assert "is in the waste under" in refused(game, waste[0])
    assert "is the top of the waste" in refused(game, waste[-1])


# --- End --------------------------------------------------------------------------------------


def test_t10_won_when_the_28_are_gone_whatever_is_left_in_the_stock():
    start, cards = chain(ROWS_UP, 13)
    game = new(cards, stock=[start])
    for pos in ROWS_UP:
        assert not game.is_over()
        game.play(cards[pos])
    assert game.is_won()
    assert game.is_over()
    assert game.status() == "won"
    assert game.cards_left() == 0
    assert game.to_dict()["stock"]["count"] == 23
    # The game is over: no draw after the win (it would cost a won game points).
    assert moves(game) == []
    assert "the game is won" in refused(game, "draw")
    assert game.score() == sum(range(1, 29))


def test_t10_a_win_on_the_last_stock_card():
    start, cards = chain(ROWS_UP, 13)
    game = new(cards, last=[start])
    for _ in range(23):
        game.play("draw")
    assert game.to_dict()["waste"][-1] == start
    assert game.to_dict()["stock"]["count"] == 0
    assert not game.is_over()
    play_all(game, [cards[pos] for pos in ROWS_UP])
    assert game.status() == "won"
    assert game.cards_left() == 0


def test_t11_lost_when_the_stock_is_empty_and_nothing_fits():
    # Also the edge case of a loss with 0 in the stock, and cards_left() as the measure.
    game = new(QUIET_BOTTOM, stock=["7D"], last=["7C"])
    assert moves(game) == ["draw"]
    assert not game.is_over()  # nothing fits, but the stock is not empty
    for _ in range(23):
        game.play("draw")
    assert game.to_dict()["waste"][-1] == "7C"
    assert game.is_over()
    assert not game.is_won()
    assert game.status() == "lost"
    assert game.cards_left() == 28
    assert game.to_dict()["cards_left"] == 28
    assert game.score() == -115  # 23 draws: the score goes below zero


def test_t11_not_over_while_a_free_card_fits_an_empty_stock():
    game = new({**QUIET_BOTTOM, "r4c10": "6H"}, stock=["7D"], last=["5C"])
    for _ in range(23):
        game.play("draw")
    assert moves(game) == ["6H"]
    assert game.status() == "playing"
    game.play("6H")
    assert game.status() == "lost"
    assert game.cards_left() == 27


# --- Scoring ----------------------------------------------------------------------------------


def test_t12_the_nth_card_of_a_run_scores_n_and_a_draw_costs_5_and_ends_the_run():
    start, cards = chain(ROWS_UP, 13)
    fourth = cards[ROWS_UP[3]]
    spare = next(fourth[0] + s for s in "CDHS" if fourth[0] + s not in {start, *cards.values()})
    game = new(cards, stock=[start, spare])
    play_all(game, [cards[pos] for pos in ROWS_UP[:4]])
    assert game.score() == 1 + 2 + 3 + 4  # a run of 4 scores 10
    game.play("draw")
    assert game.to_dict()["waste"][-1] == spare  # a card of the rank just played: the chain goes on
    assert game.score() == 10 - 5
    game.play(cards[ROWS_UP[4]])
    assert game.score() == 10 - 5 + 1  # but the run starts again
    play_all(game, [cards[pos] for pos in ROWS_UP[5:]])
    assert game.status() == "won"
    assert game.score() == 10 - 5 + sum(range(1, 25))


def test_t12_the_score_may_go_below_zero():
    game = patience_core.new_game("tripeaks", seed=5)
    game.play("draw")
    game.play("draw")
    assert game.score() == -10


def test_t12_classic_profile_adds_15_15_and_30_for_the_peaks_cleared():
    start, cards = chain(PEAKS_IN_TURN, 13)
    runs = new(cards, stock=[start])
    classic = new(cards, stock=[start], scoring="classic")
    layout = classic.rules.layout
    for i in (1, 2, 3):
        peak = layout.index[f"r1c{i}"]
        # A peak is cleared when its top card goes: everything else of it lies below the top.
        assert layout.below_all(peak) | 1 << peak == layout.group(f"peak{i}")
    bonus = {10: 15, 19: 30, 28: 60}
    for n, pos in enumerate(PEAKS_IN_TURN, 1):
        runs.play(cards[pos])
        classic.play(cards[pos])
        assert runs.score() == n * (n + 1) // 2
        earned = max((b for k, b in bonus.items() if n >= k), default=0)
        assert classic.score() == runs.score() + earned, n
    assert classic.score() == 406 + 60


def test_scoring_profiles_declare_where_their_numbers_come_from():
    from patience_tripeaks import PROFILES

    assert set(PROFILES) == {"runs", "classic", "aisleriot", "aisleriot-multiplier", "pysol", "streaks"}
    assert PROFILES["runs"].per_draw == -5
    assert PROFILES["runs"].runs
    assert PROFILES["classic"].group_bonus == (15, 15, 30)
    assert "rule texts do not give" in PROFILES["classic"].source
    assert patience_core.new_game("tripeaks", seed=1).options["scoring"] == "runs"


# --- Variants ---------------------------------------------------------------------------------


def test_t14_open_peaks_deals_all_28_face_up():
    closed = patience_core.new_game("tripeaks", seed=31)
    opened = patience_core.new_game("tripeaks", seed=31, open_peaks=True)
    layout_cards = {CARD_TEXT[c] for c in opened.deal.indices[:28]}
    open_view = opened.to_dict("player")["layout"]
    assert all(e["face_up"] for e in open_view)
    assert {e["card"] for e in open_view} == layout_cards
    closed_view = closed.to_dict("player")["layout"]
    down = [e for e in closed_view if not e["face_up"]]
    assert len(down) == 18
    assert all(e["card"] is None for e in down)
    shown = {e["card"] for e in closed_view} - {None}
    assert len(shown) == 10
    # Face up is not free: the same ten cards are free, and the legal moves are the same.
    assert [e["free"] for e in open_view] == [e["free"] for e in closed_view]
    assert opened.legal_moves() == closed.legal_moves()


def test_t15_free_start_any_free_card_may_start_the_empty_waste_or_a_draw():
    cards = {**QUIET_BOTTOM, "r4c4": "KD", "r4c5": "QS", "r4c6": "8H"}
    game = new(cards, stock=["5C"], free_start=True)
    view = game.to_dict()
    assert view["waste"] == []
    assert view["stock"]["count"] == 24
    bottom_cards = [cards[pos] for pos in BOTTOM]
    assert moves(game) == [*bottom_cards, "draw"]  # every free card, whatever its rank
    game.play("8H")
    assert game.score() == 1
    assert moves(game) == ["draw"]  # from now on T5: nothing fits on 8H
    game.undo()
    game.play("draw")  # a draw may start the waste too
    assert game.to_dict()["waste"] == ["5C"]
    assert moves(game) == ["draw"]
    game.undo()
    game.play("KD")
    assert moves(game) == ["QS", "draw"]


def test_options_combine():
    game = patience_core.new_game("tripeaks", seed=8, wrap=False, open_peaks=True, free_start=True)
    assert game.to_dict()["waste"] == []
    assert all(e["face_up"] for e in game.to_dict()["layout"])
    assert len(game.legal_moves()) == 11
    assert game.rules.wrap is False


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"wrap": "yes"}, "'wrap' accepts true or false"),
        ({"open_peaks": 1}, "'open_peaks' accepts true or false"),
        ({"scoring": "vegas"}, "'scoring' accepts one of 'runs', 'classic'"),
        ({"redeals": 2}, "no option 'redeals'"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options: dict, named: str):
    with pytest.raises(OptionError, match=named):
        patience_core.new_game("tripeaks", seed=1, **options)


def test_t16_three_free_standing_pyramids_are_a_few_lines_of_layout_not_a_built_in_option():
    names = {o.name for o in patience_core.find_game("tripeaks")[0].options}
    assert names == {"wrap", "open_peaks", "free_start", "scoring", "rounds"}
    three = Layout.beside(*[Layout.pyramid(4)] * 3, name="three-pyramids")

    class ThreePyramids(BuildOnWaste):
        layout = three
        scoring = Scoring("runs", "runs", per_card=0, runs=True, per_draw=-5)

    spec = GameSpec("three-pyramids", "Three Pyramids", "A test layout.", ThreePyramids)
    game = Game(spec, {}, Deal.from_seed(3))
    assert len(three) == 30
    assert [three.group(f"p{i}").bit_count() for i in (1, 2, 3)] == [10, 10, 10]
    assert three.group("p1") & three.group("p2") == 0  # free-standing: no shared cards
    assert bin(three.free_mask(three.full)).count("1") == 12
    assert game.to_dict()["stock"]["count"] == 21
    game.play(game.legal_moves()[0])


# --- The worked example of the German rule text -------------------------------------------------


def test_the_worked_example_of_the_german_rule_text():
    """Waste 5C; 4H, 6S, 3D, KC free; 4H, 3D uncover 2S, which plays; draw KH; KC no, a Q or an A yes."""
    cards = {
        **dict(zip(BOTTOM, ["9C", "4H", "3D", "9D", "6S", "8C", "KC", "8D", "QD", "7C"], strict=True)),
        "r3c2": "2S",
    }
    game = new(cards, stock=["5C", "KH"])
    assert game.to_dict()["waste"] == ["5C"]
    assert moves(game) == ["4H", "6S", "draw"]
    game.play("4H")  # one lower
    game.play("3D")  # one lower again; 4H and 3D were neighbours, so what they covered turns up
    assert entry(game, "r3c2")["card"] == "2S"
    game.play("2S")
    assert moves(game) == ["draw"]  # nothing else fits
    game.play("draw")
    assert game.to_dict()["waste"][-1] == "KH"
    assert "KC does not fit on KH: it needs a Q or an A" in refused(game, "KC")
    assert moves(game) == ["QD", "draw"]
    assert game.score() == 1 + 2 + 3 - 5
    game.play("QD")
    assert game.score() == 1 + 2 + 3 - 5 + 1

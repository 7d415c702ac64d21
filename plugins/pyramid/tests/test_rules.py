"""One test (at least) per rule P1-P13 of the rules page, the worked example of the Norwegian
rule text, and the options, presets, scoring and move text of Pyramid.

Deals are laid out card by card with ``deal_with``: pyramid ids are ``r{row}c{column}`` from 1
(``r1c1`` the top, ``r7c1``..``r7c7`` the bottom row); the stock list starts with the first
card to be drawn.
"""

from __future__ import annotations

import pytest

import patience_core
from patience_core import Game, IllegalMoveError, Move, OptionError
from patience_core.testing import deal_with
from patience_pyramid import LAYOUT


def words(text: str) -> list[str]:
    return text.split()


ROWS = [[f"r{r}c{c}" for c in range(1, r + 1)] for r in range(1, 8)]
IDS = [pid for row in ROWS for pid in row]

# A pyramid that clears row by row without the stock (all six sums and all four kings), and a
# stock that clears in drawn + waste-top pairs: a drawn A, then a drawn Q, and so on.
CLEAR_PYRAMID = words("""
                KC
              6C  7C
            5C  8C  KD
          3C  TC  4C  9C
        AC  QC  2C  JC  KH
      4D  9D  5D  8D  6D  7D
    AD  QD  2D  JD  3D  TD  KS
""")
CLEAR_STOCK = words("AH QH AS QS 2H JH 2S JS 3H TH 3S TS 4H 9H 4S 9S 5H 8H 5S 8S 6H 7H 6S 7S")
# Clearing the pyramid: row 7, then 6, ... then the top king (16 moves).
CLEAR_LINE = words("AD+QD 2D+JD 3D+TD KS 4D+9D 5D+8D 6D+7D AC+QC 2C+JC KH 3C+TC 4C+9C 5C+8C KD 6C+7C KC")
# Clearing the stock after that: draw twice, remove the drawn card with the waste top.
STOCK_LINE = [
    move
    for a, b in zip(CLEAR_STOCK[::2], CLEAR_STOCK[1::2], strict=True)
    for move in ("draw", "draw", f"{b}+{a}")
]

# Nothing ever pairs: the bottom row is aces and twos whose partners (Q, J) lie higher up, no
# king is available, and no two stock cards in a row sum to 13 (ranks 2-6, then 8s and 10s).
BLOCKED_PYRAMID = words("KC KD KH KS QC QD QH QS JC JD JH JS 7C 7D 7H 7S 9C 9D 9H 9S TC")
BLOCKED_PYRAMID += words("AC AD AH AS 2C 2D 2H")  # the bottom row
BLOCKED_STOCK = words("2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 8C 8D 8H 8S TD TH TS")


def deal(pyramid: list[str] | dict[str, str], stock: list[str] = ()) -> patience_core.Deal:
    cards = dict(zip(IDS, pyramid, strict=True)) if isinstance(pyramid, list) else pyramid
    return deal_with(LAYOUT, cards, stock=stock)


def new(game_id: str = "pyramid", pyramid: list[str] | dict[str, str] | None = None, stock=(), **options):
    return patience_core.new_game(game_id, deal=deal(pyramid or {}, list(stock)), **options)


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def play(game: Game, moves: str | list[str]) -> None:
    for move in moves.split() if isinstance(moves, str) else moves:
        game.play(move)


def refused(game: Game, move: str) -> str:
    """Play ``move``, expect a refusal that changes nothing, and return its message."""
    before = game.to_dict("full")
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert game.to_dict("full") == before
    assert move not in legal(game)
    return str(err.value)


# --- layout -----------------------------------------------------------------------------------


def test_p1_seven_rows_face_up_each_card_covered_by_the_two_below():
    """P1: 28 cards face up in rows of 1..7; each covered by the two cards below that touch it;
    the bottom 7 are free at the start."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    assert [len(row) for row in game.table.layout.rows()] == [1, 2, 3, 4, 5, 6, 7]
    for r, row in enumerate(ROWS[:-1], 1):
        for c, pid in enumerate(row, 1):
            below = {LAYOUT.index[f"r{r + 1}c{c}"], LAYOUT.index[f"r{r + 1}c{c + 1}"]}
            assert set(LAYOUT.blockers_of(LAYOUT.index[pid])) == below, pid
    view = game.to_dict("player")
    assert [e["card"] for e in view["layout"]] == CLEAR_PYRAMID
    assert all(e["face_up"] and e["present"] for e in view["layout"])
    assert [e["id"] for e in view["layout"] if e["free"]] == ROWS[-1]


def test_p2_the_other_24_cards_are_the_stock_face_down():
    """P2: 24 cards in the stock, face down; the waste, drawn card and removed cards start empty."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    view = game.to_dict("player")
    assert view["stock"]["count"] == 24
    assert "cards" not in view["stock"]
    assert (view["drawn"], view["waste"], view["removed"]) == (None, [], [])
    shown = str(view)
    assert not [card for card in CLEAR_STOCK if card in shown]
    assert game.to_dict("full")["stock"]["cards"] == CLEAR_STOCK


# --- play -------------------------------------------------------------------------------------


def test_p3_a_card_is_free_only_when_both_cards_under_it_are_gone():
    """P3: seeing a card is not enough: both cards covering it must be gone."""
    game = new(pyramid={"r6c1": "KH", "r7c1": "KC", "r7c2": "KD"})
    assert "covered by KC and KD" in refused(game, "KH")
    game.play("KC")
    assert "KH is covered by KD" in refused(game, "KH")  # half uncovered, still not free
    game.play("KD")
    assert "KH" in legal(game)


def test_p4_pairs_sum_to_13_and_a_king_goes_alone():
    """P4: every rank sum to 13 (A+Q .. 6+7) removes a pair; a king goes alone, nothing else does."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    assert "make 14, not 13" in refused(game, "QD+2D")
    assert "make 4, not 13" in refused(game, "AD+3D")
    assert "pair AD with a Q" in refused(game, "AD")
    assert "3 cards" in refused(game, "AD+2D+TD")
    assert "make 14" in refused(game, "KS+AD")
    sums = set()
    for move in CLEAR_LINE:
        assert Move.parse(move) in game.legal_moves(), move
        game.play(move)
        cards = Move.parse(move).cards
        assert sum(c.rank for c in cards) == 13 or [c.rank for c in cards] == [13]
        sums.add(min(c.rank for c in cards))
    assert sums == {1, 2, 3, 4, 5, 6, 13}
    assert len(game.table.removed) == 28


def test_p5_pairs_of_pyramid_drawn_and_waste_top_cards():
    """P5: pyramid+pyramid, pyramid+drawn, pyramid+waste top and drawn+waste top are pairs."""
    game = new(pyramid={"r7c1": "5C", "r7c2": "8C", "r7c3": "5D"}, stock=["8D", "6H", "7S"])
    assert "8C+5C" in legal(game)  # pyramid + pyramid
    game.play("draw")
    assert game.to_dict()["drawn"] == "8D"
    assert "8D+5D" in legal(game)  # pyramid + drawn
    game.play("draw")
    assert game.to_dict()["waste"] == ["8D"]
    assert "8D+5D" in legal(game)  # pyramid + waste top
    game.play("8D+5D")
    game.play("draw")
    assert (game.to_dict()["drawn"], game.to_dict()["waste"]) == ("7S", ["6H"])
    assert "7S+6H" in legal(game)  # drawn + waste top
    game.play("6H+7S")
    assert game.to_dict()["removed"] == ["8D", "5D", "7S", "6H"]


def test_p6_draw_turns_the_drawn_card_and_only_the_waste_top_is_available():
    """P6: a draw shows the next stock card; a drawn card already showing goes on the waste
    first; only the waste's top card is available, and removing it frees the one below."""
    game = new(stock=["5H", "2C", "JD", "8C"])
    game.play("draw")
    view = game.to_dict()
    assert (view["drawn"], view["waste"], view["stock"]["count"]) == ("5H", [], 23)
    game.play("draw")
    assert (game.to_dict()["drawn"], game.to_dict()["waste"]) == ("2C", ["5H"])
    game.play("draw")
    assert (game.to_dict()["drawn"], game.to_dict()["waste"]) == ("JD", ["5H", "2C"])
    game.play("JD+2C")  # drawn + waste top: now 5H is the top again
    assert (game.to_dict()["drawn"], game.to_dict()["waste"]) == (None, ["5H"])
    game.play("draw")
    assert "8C+5H" in legal(game)


def test_p6_a_card_buried_in_the_waste_is_not_available():
    """P6: a card under the waste top cannot be used, even if it would make 13."""
    game = new(stock=["5H", "2C", "8C"])
    play(game, "draw draw draw")
    assert game.to_dict()["waste"] == ["5H", "2C"]
    message = refused(game, "8C+5H")
    assert "5H is in the waste under 2C" in message
    assert "only the top card of the waste" in message


def test_p7_a_card_may_not_pair_with_a_card_it_covers():
    """P7: a free ace may not pair with a queen lying under that ace, even when the ace is the
    queen's last cover: both cards must be available at the same time."""
    game = new(pyramid={"r6c1": "QS", "r7c1": "AH", "r7c2": "KD"})
    game.play("KD")  # now only AH covers QS
    message = refused(game, "AH+QS")
    assert "QS lies under AH" in message
    assert "pair_with_covered" in message


def test_p7_house_rule_pairs_a_card_with_a_card_covered_only_by_it():
    """P7 house rule: with ``pair_with_covered`` a free card pairs with a card only it covers."""
    game = new(pyramid={"r6c1": "QS", "r7c1": "AH", "r7c2": "KD"}, pair_with_covered=True)
    assert "QS is covered by AH and KD" in refused(game, "QS+AH")  # two covers: still refused
    game.play("KD")
    assert "QS+AH" in legal(game)
    game.play("AH+QS")
    assert game.to_dict()["removed"] == ["KD", "QS", "AH"]


def test_p7_house_rule_needs_the_covering_card_free():
    """P7 house rule: the covering card itself must be available."""
    game = new(
        pyramid={"r5c1": "QS", "r6c1": "AH", "r6c2": "KD", "r7c1": "KC", "r7c2": "KH", "r7c3": "KS"},
        pair_with_covered=True,
    )
    play(game, "KS KH KD")  # QS is now covered only by AH, which KC still covers
    assert "AH is covered by KC" in refused(game, "QS+AH")
    game.play("KC")
    assert "QS+AH" in legal(game)


def test_p8_removed_cards_never_return():
    """P8: removed cards stay removed, through draws and redeals."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, passes=2)
    play(game, "AD+QD draw draw QH+AH")
    gone = {"AD", "QD", "QH", "AH"}
    play(game, ["draw"] * 22 + ["redeal"])
    full = game.to_dict("full")
    assert set(full["removed"]) == gone
    assert not gone & {*full["stock"]["cards"], *full["waste"], full["drawn"]}
    assert full["stock"]["count"] == 22
    assert "AD has already been removed" in refused(game, "AD+QS")
    assert "QH has already been removed" in refused(game, "QH+AS")


# --- passes -----------------------------------------------------------------------------------


SWAPPED_PYRAMID = [{"AC": "3C", "AD": "3D"}.get(c, c) for c in BLOCKED_PYRAMID]
SWAPPED_STOCK = [{"3C": "AC", "3D": "AD"}.get(c, c) for c in BLOCKED_STOCK]


def test_p9_one_pass_and_the_last_cards_still_play():
    """P9: one pass by default: once the stock is empty there is no draw and no redeal, but the
    drawn card, the waste top and the free pyramid cards still play."""
    game = new(pyramid=SWAPPED_PYRAMID, stock=SWAPPED_STOCK)
    play(game, ["draw"] * 24)
    assert game.to_dict()["stock"]["count"] == 0
    assert legal(game) == {"TS+3C", "TS+3D", "TH+3C", "TH+3D"}
    assert "the stock is empty" in refused(game, "draw")
    assert "one pass" in refused(game, "redeal")
    play(game, "TS+3C TH+3D")  # the drawn card, then the waste top
    assert game.to_dict()["waste"][-1] == "TD"
    assert game.is_over()
    assert not game.is_won()


def test_p10_par_pyramid_turns_the_waste_over_twice():
    """P10: Par Pyramid turns the waste (drawn card on top first) over as the stock, exactly
    twice: three passes, the first card drawn being the first drawn again."""
    game = new("par-pyramid", pyramid=BLOCKED_PYRAMID, stock=BLOCKED_STOCK)
    assert game.options["passes"] == 3
    assert "not used up yet" in refused(game, "redeal")
    redeals = 0
    while game.legal_moves():
        move = game.legal_moves()[-1]  # nothing pairs here: always draw or redeal
        if move.word == "redeal":
            assert game.to_dict("full")["waste"] == BLOCKED_STOCK[:-1]
            assert game.to_dict("full")["drawn"] == BLOCKED_STOCK[-1]
        game.play(move)
        if move.word == "redeal":
            redeals += 1
            full = game.to_dict("full")
            assert full["stock"]["cards"] == BLOCKED_STOCK
            assert (full["waste"], full["drawn"], full["stock"]["passes_used"]) == ([], None, redeals)
    assert redeals == 2
    assert game.moves.count(Move.parse("draw")) == 3 * 24
    assert "no redeal left: all 3 passes" in refused(game, "redeal")


def test_p10_draw_and_redeal_refusals_say_what_is_left():
    """P9, P10: an empty stock is refused with what can still be done."""
    game = new(pyramid=BLOCKED_PYRAMID, stock=BLOCKED_STOCK, passes=2)
    play(game, ["draw"] * 24)
    assert "redeal to turn the waste over" in refused(game, "draw")
    play(game, ["redeal"] + ["draw"] * 24)
    assert "all 2 passes through it are used" in refused(game, "draw")
    assert "no redeal left: all 2 passes" in refused(game, "redeal")


def test_p10_redeal_with_only_a_drawn_card_left():
    """P10: the drawn card goes on the waste first, so a lone drawn card is turned over too."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, passes=2)
    play(game, STOCK_LINE[:-3])  # every stock pair but the last: waste empty, 6S and 7S to come
    play(game, "draw draw")
    play(game, "AD+QD 2D+JD 3D+TD 4D+9D 5D+8D")  # the rest of the stock can't be reached like this
    game.play("6D+7S")  # the drawn 7S goes with a free 6D: 6S stays on the waste
    assert (game.to_dict()["drawn"], game.to_dict()["waste"]) == (None, ["6S"])
    game.play("redeal")
    assert game.to_dict("full")["stock"]["cards"] == ["6S"]


# --- the end ----------------------------------------------------------------------------------


def test_p11_relaxed_win_when_the_pyramid_is_gone():
    """P11: by default the game is won as the 28th pyramid card goes, with 24 cards still in
    the stock; won, it is over."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    play(game, CLEAR_LINE[:-1])
    assert not game.is_won()
    assert not game.is_over()
    game.play(CLEAR_LINE[-1])
    assert game.is_won()
    assert game.is_over()
    assert game.status() == "won"
    assert game.to_dict()["stock"]["count"] == 24
    assert game.cards_left() == 0
    assert game.legal_moves() == []
    assert "the game is won: the layout is cleared" in refused(game, "draw")


def test_p12_strict_win_needs_all_52_cards_on_the_same_line_of_play():
    """P12: with ``win="all"`` the same line that wins P11 does not win: play goes on until
    all 52 cards are removed."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, win="all")
    play(game, CLEAR_LINE)
    assert not game.is_won()
    assert not game.is_over()
    assert game.cards_left() == 24
    assert legal(game) == {"draw"}
    play(game, STOCK_LINE[:-1])
    assert not game.is_won()
    assert game.cards_left() == 2
    game.play(STOCK_LINE[-1])
    assert game.is_won()
    assert game.is_over()
    assert game.cards_left() == 0
    assert len(game.to_dict()["removed"]) == 52


def test_p13_over_when_no_pair_no_king_no_draw_no_pass_is_left():
    """P13: the game ends (lost) only when no move is left: the last draw of the only pass ends
    a game where nothing pairs, but a pass still to come keeps it going."""
    game = new(pyramid=BLOCKED_PYRAMID, stock=BLOCKED_STOCK)
    for _ in range(24):
        assert not game.is_over()
        assert legal(game) == {"draw"}
        game.play("draw")
    assert game.is_over()
    assert not game.is_won()
    assert game.status() == "lost"
    assert game.legal_moves() == []
    assert game.cards_left() == 28

    two = new(pyramid=BLOCKED_PYRAMID, stock=BLOCKED_STOCK, passes=2)
    play(two, ["draw"] * 24)
    assert not two.is_over()
    assert legal(two) == {"redeal"}
    play(two, ["redeal"] + ["draw"] * 24)
    assert two.is_over()
    assert two.status() == "lost"


def test_worked_example_of_the_norwegian_rule_text():
    """The worked example: a free QH and a drawn AS make 13 and go together; the queen was the
    last card over KC, which then goes alone; elsewhere 6D and 7S are free and go together."""
    game = new(pyramid={"r6c1": "KC", "r7c1": "QH", "r7c2": "KD", "r7c6": "6D", "r7c7": "7S"}, stock=["AS"])
    game.play("KD")
    assert "KC is covered by QH" in refused(game, "KC")
    game.play("draw")
    assert game.to_dict()["drawn"] == "AS"
    assert "QH+AS" in legal(game)
    game.play("QH+AS")
    assert "KC" in legal(game)
    game.play("KC")
    assert "7S+6D" in legal(game)
    game.play("6D+7S")
    assert game.to_dict()["removed"] == ["KD", "QH", "AS", "KC", "7S", "6D"]


# --- options, presets, scoring, text ------------------------------------------------------------


def test_options_are_checked():
    with pytest.raises(OptionError, match="'passes' accepts a whole number >= 1"):
        patience_core.new_game("pyramid", seed=1, passes=0)
    with pytest.raises(OptionError, match="'win' accepts one of 'pyramid', 'all'"):
        patience_core.new_game("pyramid", seed=1, win="most")
    with pytest.raises(OptionError, match="fixes option 'passes' to 3"):
        patience_core.new_game("par-pyramid", seed=1, passes=2)


def test_par_pyramid_preset():
    game = patience_core.new_game("par-pyramid", seed=1)
    assert game.id == "par-pyramid"
    assert game.spec.id == "pyramid"
    assert game.options == {
        "passes": 3,
        "win": "pyramid",
        "pair_with_covered": False,
        "scoring": "match",
        "draw": 1,
        "face_down": False,
        "reach": "drawn",
        "turn_first": False,
    }
    strict = patience_core.new_game("par-pyramid", seed=1, win="all")  # the win is not fixed
    assert strict.options["win"] == "all"
    assert game.to_dict()["stock"]["passes"] == 3


def test_default_score_is_the_cards_removed():
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    assert game.score() == 0
    play(game, "AD+QD KS draw")
    assert game.score() == 3


@pytest.mark.parametrize(("pass_", "bonus"), [(1, 50), (2, 35), (3, 20)])
def test_match_score_clearing_the_pyramid_in_pass_1_2_or_3(pass_, bonus):
    """Par Pyramid scoring: 50, 35 or 20 for clearing in pass 1, 2 or 3, less the cards left in
    the stock and waste. With the strict win, play goes on to use them up; with the default
    relaxed win the game ends as the pyramid clears, scored as it stands."""
    relaxed = new("par-pyramid", pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    for _ in range(pass_ - 1):
        play(relaxed, ["draw"] * 24 + ["redeal"])
    play(relaxed, CLEAR_LINE)
    assert relaxed.is_won()
    assert relaxed.is_over()
    assert relaxed.score() == bonus - 24
    game = new("par-pyramid", pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, win="all")
    assert game.score() == -52
    for _ in range(pass_ - 1):
        play(game, ["draw"] * 24 + ["redeal"])
    play(game, CLEAR_LINE[:-1])
    assert game.score() == -1 - 24  # not cleared: minus everything left
    game.play(CLEAR_LINE[-1])
    assert game.score() == bonus - 24
    assert not game.is_over()  # Par Pyramid plays on to use up the stock
    play(game, STOCK_LINE[:6])
    assert game.score() == bonus - 20
    play(game, STOCK_LINE[6:])
    assert game.score() == bonus
    assert game.is_won()


def test_match_score_when_the_pyramid_is_not_cleared():
    game = new("par-pyramid", pyramid=BLOCKED_PYRAMID, stock=BLOCKED_STOCK)
    play(game, ["draw"] * 24 + ["redeal"] + ["draw"] * 24 + ["redeal"] + ["draw"] * 24)
    assert game.is_over()
    assert game.score() == -52


def test_move_text_either_order_canonical_print():
    game = new(pyramid={"r7c1": "QH"}, stock=["AS"])
    game.play("draw")
    assert str(game.play("as+qh")) == "QH+AS"
    assert [str(m) for m in game.moves] == ["draw", "QH+AS"]
    assert Move.parse("QH+AS") == Move.parse("AS+QH")


def test_refusals_never_name_stock_cards():
    """An illegal move naming a stock card says only that it is not in sight."""
    game = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK)
    assert refused(game, "QH+AD").endswith("QH is not in sight (face down or in the stock)")
    assert refused(game, "TD+3H").endswith("3H is not in sight (face down or in the stock)")
    assert refused(game, "6C+7S").endswith("6C is covered by 5C and 8C")  # the visible reason first
    assert "there is no 'pass' move" in refused(game, "pass")


def test_solver_key_merges_the_same_position_reached_in_another_order():
    """Positions with the same cards in the same places share a key, whatever the order of
    the moves that led there; a different position does not."""
    a = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, passes=2)
    b = new(pyramid=CLEAR_PYRAMID, stock=CLEAR_STOCK, passes=2)
    play(a, "KS AD+QD draw")
    play(b, "AD+QD KS draw")
    assert a.snapshot() != b.snapshot()  # the removed cards lie in another order
    assert a.state_key() == b.state_key()
    b.play("draw")
    assert a.state_key() != b.state_key()

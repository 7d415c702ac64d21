"""The family's rules F1-F8 (docs/freecell.md), each with a named test, and the referee of the
tests (checker.py) against the package's rules on random positions and moves."""

from __future__ import annotations

import random

import pytest
from checker import Illegal, Table
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_core import Deal
from patience_core.engine.cards import parse_card_index
from patience_core.engine.errors import IllegalMoveError, InvalidMoveError
from patience_freecell import VARIANTS, Move, Position, apply, legal_moves
from patience_freecell.rules import (
    BAKERS_DOZEN,
    BAKERS_GAME,
    BELEAGUERED_CASTLE,
    EIGHT_OFF,
    FORECELL,
    FREECELL,
    SEAHAVEN_TOWERS,
    STREETS_AND_ALLEYS,
    check,
    play,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card_index(t) for t in text.split())


def position(
    columns: list[str], cells: list[str | None] | None = None, found=(0, 0, 0, 0), ncells=4
) -> Position:
    held = [None if c is None else parse_card_index(c) for c in (cells or [])]
    held += [None] * (ncells - len(held))
    return Position(tuple(cards(c) for c in columns), tuple(held), found)


def legal(variant, pos, text: str) -> bool:
    return check(variant, pos, Move.parse(text)) == ""


# --- F1 the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "sizes", "dealt", "home"),
    [
        (FREECELL, [7, 7, 7, 7, 6, 6, 6, 6], 0, 0),
        (BAKERS_GAME, [7, 7, 7, 7, 6, 6, 6, 6], 0, 0),
        (EIGHT_OFF, [6] * 8, 4, 0),
        (SEAHAVEN_TOWERS, [5] * 10, 2, 0),
        (FORECELL, [6] * 8, 4, 0),
        (BAKERS_DOZEN, [4] * 13, 0, 0),
        (BELEAGUERED_CASTLE, [6] * 8, 0, 4),
        (STREETS_AND_ALLEYS, [7, 7, 7, 7, 6, 6, 6, 6], 0, 0),
    ],
    ids=lambda v: getattr(v, "id", str(v)),
)
def test_f1_each_game_deals_its_columns_cells_and_foundations(variant, sizes, dealt, home):
    pos = variant.deal(Deal.from_seed(11).indices)
    assert [len(c) for c in pos.columns] == sizes
    assert sum(c is not None for c in pos.cells) == dealt
    assert len(pos.cells) == variant.cells
    assert sum(pos.foundations) == home


# --- F2 building on columns -------------------------------------------------------------------


def test_f2_freecell_builds_down_in_alternate_colours():
    pos = position(["9S 8H", "9H", "5C", "5D", "6C", "6D", "KS", "KH"])
    assert legal(FREECELL, pos, "t1-t2") is False  # 8H on 9H: same colour
    pos = position(["9S", "8H", "TD", "TH", "6C", "6D", "KS", "KH"])
    assert legal(FREECELL, pos, "t2-t1")  # 8H on 9S
    assert legal(FREECELL, pos, "t1-t4")  # 9S on TH
    pos = position(["9S", "8S", "TD", "TC", "6C", "6D", "KS", "KH"])
    assert not legal(FREECELL, pos, "t2-t1")  # 8S on 9S: same colour
    assert not legal(
        FREECELL, position(["9S", "7H", "TD", "TC", "6C", "6D", "KS", "KH"]), "t2-t1"
    )  # two ranks


def test_f2_baker_s_game_builds_by_suit_and_beleaguered_castle_by_rank_alone():
    pos = position(["9S", "8S", "8H", "TC", "6C", "6D", "KS", "KH"])
    assert legal(BAKERS_GAME, pos, "t2-t1")
    assert not legal(BAKERS_GAME, pos, "t3-t1")
    castle = position(["9S", "8S", "8H", "TC", "6C", "6D", "KS", "KH"], ncells=0, found=(0, 0, 0, 0))
    assert legal(STREETS_AND_ALLEYS, castle, "t2-t1")
    assert legal(STREETS_AND_ALLEYS, castle, "t3-t1")
    assert not legal(STREETS_AND_ALLEYS, castle, "t5-t1")


# --- F3 free cells ----------------------------------------------------------------------------


def test_f3_a_free_cell_takes_any_single_card_and_holds_one():
    pos = position(["9S 8H", "7C", "5C", "5D", "6C", "6D", "KS", "KH"], cells=["2C"])
    assert legal(FREECELL, pos, "t1-c2")
    assert not legal(FREECELL, pos, "t1-c1")  # taken
    assert not legal(FREECELL, pos, "t1-c2x2")  # one card
    assert legal(FREECELL, pos, "c1-t2") is False  # 2C does not go on 7C
    assert not legal(BAKERS_DOZEN, BAKERS_DOZEN.deal(range(52)), "t1-c1")  # no cells at all


# --- F4 foundations ---------------------------------------------------------------------------


def test_f4_foundations_build_up_by_suit_from_the_ace_and_never_give_back():
    pos = position(["AS", "2S", "AH", "3S", "6C", "6D", "KS", "KH"])
    assert legal(FREECELL, pos, "t1-f4")
    assert not legal(FREECELL, pos, "t1-f1")
    assert not legal(FREECELL, pos, "t2-f4")  # the 2 before the ace
    after = play(pos, Move("t1", "f4"))
    assert legal(FREECELL, after, "t2-f4")
    assert not legal(FREECELL, after, "t4-f4")
    assert check(FREECELL, after, Move("f4", "t1")) == "foundations never give a card back"


# --- F5 empty columns -------------------------------------------------------------------------


def test_f5_an_empty_column_takes_any_card_kings_only_or_nothing():
    cols = ["", "9S 8H", "KS QH", "5D", "6C", "6D", "7S", "7H"]
    pos = position(cols)
    assert legal(FREECELL, pos, "t2-t1")
    kings = position(cols, ncells=4)
    assert not legal(FORECELL, kings, "t2-t1")
    assert legal(FORECELL, kings, "t3-t1x2")
    dozen = BAKERS_DOZEN.deal(range(52))
    emptied = Position(((), *dozen.columns[1:]), (), (1, 1, 1, 1))
    for k in range(1, 13):
        assert not legal(BAKERS_DOZEN, emptied, f"t{k + 1}-t1")


# --- F6 runs ----------------------------------------------------------------------------------


def test_f6_a_run_moves_as_far_as_single_moves_could_carry_it():
    run = "KC QH JS TH 9S 8H 7C 6D 5S 4H"  # ten cards
    # four free cells, two empty columns: (4 + 1) x 2^2 = 20 onto a card, 10 into an empty column
    pos = position([run, "5C", "", "", "AS", "AD", "AC", "AH"])
    assert legal(FREECELL, pos, "t1-t3x10")
    assert legal(FREECELL, position(["8H 7C 6D 5S 4H 3C", "5C", "", "", "AS", "AD", "AC", "AH"]), "t1-t3x6")
    # three cells taken, one empty column: (1 + 1) x 2 = 4 onto a card, 2 into the empty column
    tight = position(
        ["QH JS TH 9S 8H 7C 6D", "9C", "", "2S", "AS", "AD", "AC", "AH"], cells=["2D", "2C", "2H"]
    )
    assert legal(FREECELL, tight, "t1-t2x3")  # 8H 7C 6D onto 9C
    assert legal(FREECELL, tight, "t1-t3x2")
    assert not legal(FREECELL, tight, "t1-t3x3")
    five = position(
        ["KD QS JH TS 9H 8S 7H", "TD", "", "2S", "AS", "AD", "AC", "AH"], cells=["2D", "2C", "2H"]
    )
    assert legal(FREECELL, five, "t1-t2x4") is False  # 9H 8S 7H? 9H does not go on TD
    five = position(
        ["KD QS JH TS 9H 8S 7H 6S", "JD", "", "2S", "AS", "AD", "AC", "AH"], cells=["2D", "2C", "2H"]
    )
    assert check(FREECELL, five, Move("t1", "t2", 5)).startswith("5 cards do not move as one here: at most 4")
    four = position(
        ["KD QS JH TS 9H 8S 7H 6S", "TC", "", "2S", "AS", "AD", "AC", "AH"], cells=["2D", "2C", "2H"]
    )
    assert legal(FREECELL, four, "t1-t2x4")


def test_f6_kings_only_games_carry_free_cells_plus_one_and_baker_s_dozen_one_card():
    pos = position(["KS QS JS TS 9S", "", "", "2S", "AS", "AD", "AC", "AH"], cells=["2D", "2C"], ncells=8)
    # Eight Off: six free cells, two empty columns (kings only, so no help): at most 7
    assert legal(EIGHT_OFF, pos, "t1-t2x5")
    crowded = position(
        ["KS QS JS TS 9S", "", "", "2S", "AS", "AD", "AC", "AH"],
        cells=["2D", "2C", "2H", "3D", "3C", "3H", "4D"],
        ncells=8,
    )
    assert legal(EIGHT_OFF, crowded, "t1-t2x2") is False
    assert not legal(EIGHT_OFF, crowded, "t1-t2x5")
    dozen = Position((cards("9S 8H"), cards("TD"), *((),) * 11), (), (0, 0, 0, 0))
    assert not legal(BAKERS_DOZEN, dozen, "t1-t2x2")


# --- F7 what moves ----------------------------------------------------------------------------


def test_f7_only_top_cards_and_runs_at_the_top_move():
    pos = position(["9S 8H 4C", "9C", "5C", "5D", "6C", "6D", "KS", "KH"])
    assert not legal(FREECELL, pos, "t1-t2x2")  # 8H 4C is no run
    assert not legal(FREECELL, pos, "t1-t2x9")
    assert check(FREECELL, pos, Move("t9", "t1")) == "there is no pile t9"
    assert check(FREECELL, pos, Move("c1", "t1")) == "c1 is empty"


# --- F8 the win -------------------------------------------------------------------------------


def test_f8_won_when_the_52_cards_are_home():
    pos = Position(((),) * 7 + (cards("KS"),), (None,) * 4, (13, 13, 13, 12))
    assert not pos.is_won()
    assert apply(FREECELL, pos, Move("t8", "f4")).is_won()


# --- moves and their text ---------------------------------------------------------------------


def test_move_text_round_trips_and_bad_text_is_refused():
    for text in ("t1-t4x3", "c2-f4", "t10-t13", "t3-c1"):
        assert str(Move.parse(text)) == text
    assert Move.parse(" T1-T4X3 ") == Move("t1", "t4", 3)
    for bad in ("t1", "t1-", "x1-t2", "t0-t1", "t1-t2x0", "t1-t2x", "t" * 100, "t1-t2 t3"):
        with pytest.raises(InvalidMoveError):
            Move.parse(bad)


def test_an_illegal_move_says_why_in_one_line_and_changes_nothing():
    pos = FREECELL.deal(range(52))
    with pytest.raises(IllegalMoveError) as error:
        apply(FREECELL, pos, Move("t1", "t2"))
    assert str(error.value) == "illegal move t1-t2: 7C does not go on AD"
    assert pos == FREECELL.deal(range(52))


# --- the referee against the rules -----------------------------------------------------------


def _positions(variant, seed: int, steps: int) -> list[Position]:
    chooser = random.Random(seed)
    pos = variant.deal(Deal.from_seed(seed).indices)
    seen = [pos]
    for _ in range(steps):
        moves = list(legal_moves(variant, pos))
        if not moves:
            break
        pos = play(pos, chooser.choice(moves))
        seen.append(pos)
    return seen


def _referee(variant, pos: Position, text: str) -> bool:
    table = Table(variant, pos.columns, pos.cells, pos.foundations)
    try:
        table.move(text)
    except Illegal:
        return False
    return True


@settings(deadline=None)
@given(
    st.sampled_from(sorted(VARIANTS)),
    st.integers(1, 10**6),
    st.integers(0, 60),
    st.sampled_from("tcf"),
    st.integers(1, 13),
    st.sampled_from("tcf"),
    st.integers(1, 13),
    st.integers(1, 14),
)
def test_the_referee_refuses_exactly_the_moves_the_rules_refuse(variant_id, seed, steps, a, i, b, j, n):
    variant = VARIANTS[variant_id]
    pos = _positions(variant, seed, steps)[-1]
    text = f"{a}{i}-{b}{j}" + (f"x{n}" if n > 1 else "")
    ours = check(variant, pos, Move.parse(text)) == ""
    assert _referee(variant, pos, text) == ours, (variant_id, text, str(pos))


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_legal_moves_are_exactly_the_moves_the_referee_allows(variant_id):
    variant = VARIANTS[variant_id]
    for seed in range(1, 4):
        for pos in _positions(variant, seed, 50)[::7]:
            listed = {str(m) for m in legal_moves(variant, pos)}
            piles = [f"t{k + 1}" for k in range(len(pos.columns))] + [
                f"c{k + 1}" for k in range(len(pos.cells))
            ]
            for src in piles:
                for dst in [*piles, "f1", "f2", "f3", "f4"]:
                    for count in range(1, 14):
                        text = f"{src}-{dst}" + (f"x{count}" if count > 1 else "")
                        assert (text in listed) == _referee(variant, pos, text), (variant_id, text)

"""Board text as Freecell Solver reads and writes it: read, write, round trips and refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_core import Deal
from patience_freecell import VARIANTS, BoardError, microsoft_position, parse_board, write_board
from patience_freecell.rules import FREECELL, SEAHAVEN_TOWERS, legal_moves, play

DEAL_24 = """4C 2C 9C 8C QS 4S 2H
5H QH 3C AC 3H 4H QD
QC 9S 6H 9H 3S KS 3D
5D 2S JC 5C JH 6D AS
2D KD 10H 10C 10D 8D
7H JS KH 10S KC 7C
AH 5S 6S AD 8H JD
7S 6C 7D 4D 8S 9D
"""

# A position in the middle of a game, as fc-solve -p prints it (its README's example, with the
# cards the example leaves out placed to make the 52).
MIDGAME = """Foundations: H-6 C-9 D-2 S-0
Freecells:  QS  3S  -  KD
: 8H 3D 2S
: KS QD JC
: AS 8D TD 7D JH TS 9D
: 7S 6D
: 5S
: KH QC JD TC 9H 8S 7H 6S 5D 4S
: KC QH JS TH 9S
: 4D
"""


def test_the_usual_eight_lines_with_10_or_t():
    position = parse_board(DEAL_24)
    assert position == microsoft_position(24)
    assert parse_board(DEAL_24.replace("10", "T")) == position
    assert write_board(position) == DEAL_24.replace("10", "T")


def test_a_middle_position_with_cells_foundations_and_colons():
    position = parse_board(MIDGAME)
    assert position.foundations == (9, 2, 6, 0)
    assert position.cells[2] is None
    assert len(position.cells) == 4
    assert position.columns[4] == (parse_board(MIDGAME).columns[4][0],)
    text = write_board(position)
    assert text.startswith("Foundations: H-6 C-9 D-2 S-0\nFreecells: QS 3S - KD\n: 8H 3D 2S\n")
    assert parse_board(text) == position


def test_founds_fc_lowercase_and_blank_lines_are_read():
    text = MIDGAME.replace("Foundations:", "Founds:").replace("Freecells:", "FC:").lower()
    assert parse_board("\n\n" + text + "\n\n") == parse_board(MIDGAME)


def test_an_empty_column_is_a_colon():
    position = parse_board(MIDGAME)
    moved = play(
        position, next(m for m in legal_moves(FREECELL, position) if m.src == "t5" and m.dst[0] == "c")
    )
    text = write_board(moved)
    assert "\n:\n" in text
    assert parse_board(text) == moved


def test_a_variant_with_other_columns_and_cells():
    position = SEAHAVEN_TOWERS.deal(Deal.from_seed(5).indices)
    text = write_board(position)
    assert text.count("\n") == 12
    assert text.startswith("Foundations: H-0 C-0 D-0 S-0\nFreecells: ")
    assert parse_board(text, SEAHAVEN_TOWERS) == position


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (DEAL_24.replace("QS", "QX", 1), "line 1, card 5: not a card: 'QX'"),
        (DEAL_24.replace("4S", "AS", 1), "line 4, card 7: AS is already on the board (line 1, card 6)"),
        (DEAL_24.replace(" 2H\n", "\n", 1), "1 card missing from the board: 2H"),
        (DEAL_24 + "AS\n", "line 9: more than the 8 columns of FreeCell"),
        ("\n".join(DEAL_24.splitlines()[:7]), "7 columns on the board; FreeCell has 8"),
        ("Foundations: H-X\n" + DEAL_24, "line 1: not a foundation: 'H-X'"),
        ("Foundations: S-A\n" + DEAL_24, "AS is on its foundation (height 1) and also line 5, card 7"),
        ("Freecells: - - - - -\n" + DEAL_24, "line 1: 5 cells listed; FreeCell has 4"),
        ("Freecells: AS\n" + DEAL_24, "AS is already on the board (line 1, cell 1)"),
        ("Stock: AS\n" + DEAL_24, "line 1: unknown line 'Stock'"),
        ("", "0 columns on the board; FreeCell has 8"),
        ("x" * 200_000, "a board is a few hundred characters, not 200,000"),
    ],
)
def test_bad_boards_are_refused_in_one_line_naming_the_problem(text, says):
    with pytest.raises(BoardError) as error:
        parse_board(text)
    message = str(error.value)
    assert says in message, message
    assert "\n" not in message
    assert len(message) < 200


def test_not_text_is_refused():
    with pytest.raises(BoardError, match="a board is text, not bytes"):
        parse_board(b"4C 2C")  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_positions_met_in_play_round_trip(variant_id):
    variant = VARIANTS[variant_id]
    chooser = random.Random(variant_id)
    for seed in range(1, 6):
        position = variant.deal(Deal.from_seed(seed).indices)
        for _ in range(40):
            assert parse_board(write_board(position), variant) == position
            moves = list(legal_moves(variant, position))
            if not moves:
                break
            position = play(position, chooser.choice(moves))


BOARD_WORDS = st.sampled_from(
    [
        "Foundations:",
        "Founds:",
        "Freecells:",
        "FC:",
        ":",
        "-",
        "H-5",
        "S-K",
        "C-0",
        "D-A",
        "10H",
        "TS",
        "AS",
        "KD",
        "2C",
        "QH",
        "9D",
        "1O",
        "♠A",
        "10♥",
        "x",
        "H-",
        "-5",
        "\t",
    ]
)


@settings(deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.lists(st.lists(BOARD_WORDS, max_size=9).map(" ".join), max_size=12).map("\n".join),
        st.lists(st.sampled_from([*DEAL_24.replace("10", "T").split(), "\n", " "]), max_size=80).map(
            " ".join
        ),
    )
)
def test_any_text_gives_a_position_or_one_line_of_error(text):
    try:
        position = parse_board(text)
    except BoardError as error:
        message = str(error)
    else:
        message = None
        assert sorted(c for col in position.columns for c in col) + sorted(
            c for c in position.cells if c is not None
        ) == sorted(set(range(52)) - {s * 13 + r for s in range(4) for r in range(position.foundations[s])})
    if message is not None:
        assert message
        assert "\n" not in message

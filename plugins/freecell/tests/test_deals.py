"""Numbered deals: Microsoft's (and FreeCell Pro's) card by card, PySolFC's against its own
dealing code, and the family's deals from our seeded shuffle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import Deal
from patience_core.engine.cards import CARD_TEXT, parse_card_index
from patience_freecell import VARIANTS, DealNumberError, microsoft_columns, microsoft_position, pysol_position
from patience_freecell.deals import (
    MAX_MICROSOFT_DEAL,
    PYSOL_GAMES,
    columns_from_deal_order,
    microsoft_deal_order,
    microsoft_draws,
    microsoft_order,
)
from patience_freecell.rules import BAKERS_DOZEN, BELEAGUERED_CASTLE, EIGHT_OFF, FREECELL, SEAHAVEN_TOWERS

# Deals 1 and 617 as published (Rosetta Code's "Deal cards for FreeCell", after Jim Horne's
# description of the algorithm): the rows as dealt, left to right.
DEAL_1 = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
"""
DEAL_617 = """
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
"""

# As make-microsoft-freecell-board -t N (Freecell Solver) prints them: a column a line, bottom
# card first. 3,000,000,000 is in FreeCell Pro's 2^31..2^32-1 range, 6,000,000,000 and the last
# number in its 2^32.. range.
COLUMNS = {
    11982: """AH 3D KD JC 6C JD KC
AS 3H 6H 5D 2C 7D 8D
4H QS 5S 5C TH 8H 2S
AC QC 4D 8C QH 9C 3S
2D 8S 9H 9D 6D 2H
6S 7H JH TD TC QD
TS AD 9S KH 4S 4C
JS KS 3C 7C 7S 5H""",
    1_000_000: """2D 9C KD JD 3H TC TS
6H 3D 5H 7S 4S AS AH
6S 7D 5D QD 3S 6D 9S
TH 7C QH 8D KC 8H 4H
JC QC JH 2H KH 2C
3C AC 6C AD 9D QS
4D 2S 9H 5C 7H 5S
TD 4C KS 8C 8S JS""",
    3_000_000_000: """8D TS JS TD JH JD JC
4D QS TH AD 4S TC 3C
9H KH QH 4C 5C KD AS
9D 5D 8S 4H KS 6S 9S
6H 2S 7H 3D KC 2C
9C 7C QC 7S QD 7D
6C 3H 8H AC 6D 3S
8C AH 2H 5H 2D 5S""",
    6_000_000_000: """2D 2C QS 8D KD 8C 4C
3D AH 2H 4H TS 6H QD
4D JS AD 6S JH JC JD
KH 3H KS AS TC 5D AC
TD 7C 9C 7H 3C 3S
QH 9H 9D 5S 7S 6C
5C 5H 2S KC 9S 4S
6D QC 8S TH 7D 8H""",
    MAX_MICROSOFT_DEAL: """TC 8S 8C 6C 5H 5C 9C
2S TD 6D 8D 9H 9S 6S
JS TH 3S JD 4H QC 3D
5S QS KD AH AS JH 4S
4D 4C 7D JC 2D AD
6H KH TS 7H QD QH
3H 2C KC 2H 5D 9D
7C KS 8H 3C AC 7S""",
}


def rows(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(("number", "published"), [(1, DEAL_1), (617, DEAL_617)])
def test_microsoft_deals_1_and_617_card_by_card(number, published):
    expected = rows(published)
    dealt = [CARD_TEXT[c] for c in microsoft_order(number)]
    for k, (ours, theirs) in enumerate(zip(dealt, expected, strict=True)):
        assert ours == theirs, f"deal {number}, card {k + 1} (row {k // 8 + 1}, column {k % 8 + 1})"
    columns = microsoft_columns(number)
    for k, card in enumerate(expected):
        assert CARD_TEXT[columns[k % 8][k // 8]] == card


@pytest.mark.parametrize("number", sorted(COLUMNS))
def test_microsoft_and_freecell_pro_deals_as_freecell_solver_prints_them(number):
    lines = [" ".join(CARD_TEXT[c] for c in col) for col in microsoft_columns(number)]
    assert lines == COLUMNS[number].splitlines()


def test_the_generator_draws_as_the_c_library_does():
    """srand(1); rand() gives 41, 18467, 6334 ... in Microsoft's C library."""
    assert microsoft_draws(1)[:5] == [41, 18467, 6334, 26500, 19169]
    assert all(d | 0x8000 == d for d in microsoft_draws(3_000_000_000))  # FreeCell Pro's bit 15
    assert all(1 <= d <= 0x10000 for d in microsoft_draws(6_000_000_000))


def test_deal_order_is_the_columns_bottom_card_first():
    order = microsoft_deal_order(1)
    assert [CARD_TEXT[c] for c in order[:7]] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert columns_from_deal_order(order) == microsoft_columns(1)
    assert sorted(order) == list(range(52))
    position = microsoft_position(1)
    assert position.columns == microsoft_columns(1)
    assert position.cells == (None,) * 4
    assert position.foundations == (0, 0, 0, 0)


@pytest.mark.parametrize("bad", [0, -1, -2, MAX_MICROSOFT_DEAL + 1, 10**40, 1.0, "12", True, None])
def test_numbers_outside_microsoft_and_freecell_pro_are_refused_in_one_line(bad):
    with pytest.raises(DealNumberError) as error:
        microsoft_order(bad)
    message = str(error.value)
    assert "\n" not in message
    assert len(message) < 300
    assert "1 to 8,589,934,591" in message
    assert "1 to 32,000" in message
    assert "1 to 1,000,000" in message


@given(st.integers(min_value=1, max_value=MAX_MICROSOFT_DEAL))
def test_every_number_deals_the_52_cards(number):
    assert sorted(microsoft_order(number)) == list(range(52))
    assert [len(col) for col in microsoft_columns(number)] == [7, 7, 7, 7, 6, 6, 6, 6]


# --- PySolFC's deals --------------------------------------------------------------------------

pysol_random = pytest.importorskip("pysol_cards.random", reason="the optional pysol extra")
# These lines transcribe where PySolFC's own startGame() and _shuffleHook() put each card
# (pysollib/games/freecell.py, bakersgame.py, bakersdozen.py, beleagueredcastle.py; the talon
# is dealt from its end). pysol-cards deals the layouts its own way; they must agree.
_PYSOL_SUIT = (0, 3, 2, 1)  # PySolFC's suits are clubs, spades, hearts, diamonds


def _talon(number: int) -> list:
    """PySolFC's construct_random (pysolrandom.py): Microsoft's generator below 32000, the
    Mersenne Twister seeded with the number from there."""
    from pysol_cards.cards import createCards
    from pysol_cards.random_base import RandomBase

    if number >= 32_000:
        return pysol_random.MTRandom(number).shuffle(createCards(1))
    return pysol_random.shuffle(createCards(1), number, RandomBase.DEALS_PYSOLFC)


def _ours(card) -> int:
    return _PYSOL_SUIT[card.suit] * 13 + card.rank - 1


def _pysolfc_layout(game: str, number: int):
    talon = _talon(number)
    if game == "bakers-dozen":  # BakersDozen._shuffleHook
        kings = [i for i, c in enumerate(talon) if c.rank == 13]
        for i in kings:
            j = i % 13
            while j < i:
                if talon[j].rank != 13:
                    talon[i], talon[j] = talon[j], talon[i]
                    break
                j += 13
        talon.reverse()
    if game == "beleaguered-castle":  # _shuffleHookMoveToBottom(cards, aces): aces dealt last
        aces = [c for c in talon if c.rank == 1]
        talon = sorted(aces, key=lambda c: c.suit, reverse=True) + [c for c in talon if c.rank != 1]
    ncols = {"seahaven-towers": 10, "bakers-dozen": 13}.get(game, 8)
    cols: list[list[int]] = [[] for _ in range(ncols)]
    ncells = {"eight-off": 8, "freecell": 4, "bakers-game": 4, "seahaven-towers": 4, "forecell": 4}.get(
        game, 0
    )
    cells: list[int | None] = [None] * ncells

    def deal_row(rows):
        for r in rows:
            if talon:
                cols[r].append(_ours(talon.pop()))

    rows = {
        "freecell": 6,
        "bakers-game": 6,
        "forecell": 6,
        "eight-off": 6,
        "seahaven-towers": 5,
        "bakers-dozen": 4,
        "beleaguered-castle": 6,
        "streets-and-alleys": 7,
    }[game]
    for _ in range(rows):
        deal_row(range(ncols))
    if game in ("freecell", "bakers-game"):
        deal_row(range(4))
    for j in {"forecell": [0, 1, 2, 3], "eight-off": [0, 2, 4, 6], "seahaven-towers": [1, 2]}.get(game, []):
        cells[j] = _ours(talon.pop())
    found = (1, 1, 1, 1) if game == "beleaguered-castle" else (0, 0, 0, 0)
    if game == "beleaguered-castle":
        assert sorted(c.suit for c in talon) == [0, 1, 2, 3]  # the aces, to their foundations
    else:
        assert not talon
    return tuple(map(tuple, cols)), tuple(cells), found


@pytest.mark.parametrize("game", sorted(PYSOL_GAMES))
@pytest.mark.parametrize("number", [1, 24, 617, 32_000, 32_001, 123_456_789, 10**20 - 1])
def test_pysolfc_deals_put_each_card_where_pysolfc_deals_it(game, number):
    position = pysol_position(VARIANTS[game], number)
    assert (position.columns, position.cells, position.foundations) == _pysolfc_layout(game, number)


def test_pysolfc_numbers_below_32000_are_microsofts_deals():
    for number in (1, 617, 11982, 31_999):
        assert pysol_position(FREECELL, number) == microsoft_position(number)
    for number in (32_000, 32_001):  # PySolFC's Mersenne Twister from 32000 on
        assert pysol_position(FREECELL, number) != microsoft_position(number)


def test_pysolfc_baker_s_dozen_24_as_freecell_solver_deals_it():
    """make_pysol_freecell_board.py -t 24 bakers_dozen (Freecell Solver's tests), a column a line."""
    expected = """KD 8H AC AS
KC 3D 8C 2S
QD TD 7D 9S
2H JH 6S QH
KH 3S 9D 2C
JD 3H TH 7S
7C QS JC AH
8D 4D 6H 7H
6D AD 3C 2D
KS TS 9C 5D
4H TC 6C QC
4S 5C 5S 5H
8S 9H JS 4C"""
    position = pysol_position(BAKERS_DOZEN, 24)
    assert [" ".join(CARD_TEXT[c] for c in col) for col in position.columns] == expected.splitlines()


@pytest.mark.parametrize("bad", [0, -5, 10**20, "7", 2.5])
def test_pysolfc_numbers_out_of_range_are_refused(bad):
    with pytest.raises(DealNumberError, match="PySolFC deal number"):
        pysol_position(FREECELL, bad)


# --- the family's deals from our seeded shuffle -----------------------------------------------


def test_a_seeded_deal_fills_the_columns_then_the_dealt_cells():
    cards = Deal.from_seed(7).indices
    position = EIGHT_OFF.deal(cards)
    assert [len(c) for c in position.columns] == [6] * 8
    assert position.columns[0] == tuple(cards[:6])
    assert position.cells == (*cards[48:], None, None, None, None)
    seahaven = SEAHAVEN_TOWERS.deal(cards)
    assert [len(c) for c in seahaven.columns] == [5] * 10
    assert seahaven.cells == (cards[50], cards[51], None, None)


def test_beleaguered_castle_starts_with_the_aces_home():
    cards = Deal.from_seed(3).indices
    position = BELEAGUERED_CASTLE.deal(cards)
    assert position.foundations == (1, 1, 1, 1)
    dealt = [c for col in position.columns for c in col]
    assert dealt == [c for c in cards if c % 13 != 0]


def test_baker_s_dozen_moves_each_column_s_kings_to_its_bottom():
    for seed in range(1, 40):
        cards = Deal.from_seed(seed).indices
        for k, column in enumerate(BAKERS_DOZEN.deal(cards).columns):
            dealt = cards[4 * k : 4 * k + 4]
            kings = [c for c in dealt if c % 13 == 12]
            assert column == (*kings, *(c for c in dealt if c % 13 != 12))


def test_variant_deals_refuse_what_is_not_52_cards():
    with pytest.raises(ValueError, match="52 card indices"):
        FREECELL.deal([parse_card_index("AS")] * 52)


@pytest.mark.parametrize("number", ["0", "-5", "1" * 40])
def test_a_bad_pysolfc_number_is_one_line_from_the_command_line(number):
    from typer.testing import CliRunner

    from patience_core.cli import app
    from patience_core.engine.errors import DealError

    assert issubclass(DealNumberError, DealError)
    commands = (
        ["play", "freecell", "--pysol", number, "--moves", "t1-c1"],
        ["solve", "bakers-dozen", "--pysol", number],
    )
    for args in commands:
        result = CliRunner().invoke(app, args, catch_exceptions=False)
        assert result.exit_code == 1
        assert "Traceback" not in result.output
        assert result.stderr.strip().startswith("Error: a PySolFC deal number is a whole number from 1 to")
        assert "\n" not in result.stderr.strip()

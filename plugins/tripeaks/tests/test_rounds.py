"""Progressive rounds (option ``rounds``, preset ``triple-peaks-rounds``): rules R1-R4 of
patience_tripeaks.rounds, after Aisleriot's triple-peaks.scm, and what the engine keeps across a
round: undo, records, the player view, every card once."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import patience_core
from patience_core import Game
from patience_core.engine.cards import CARD_TEXT, parse_card_index
from patience_core.engine.deal import Deal
from patience_core.engine.layout import bits
from patience_core.engine.solving import NO_WIN
from patience_core.players.seen import Seen
from patience_core.solver import solve_full_information
from patience_core.testing import (
    check_all,
    check_cards,
    check_hidden_cards_do_not_matter,
    check_player_view,
    conformance_tests,
    deal_with,
    never_seen,
)
from patience_tripeaks import LAYOUT
from patience_tripeaks.rounds import ProgressiveRounds, gathered, round_seed

TestTripleRoundsConformance = conformance_tests("triple-peaks-rounds")

DECK = list(CARD_TEXT[:52])
RANKS = "A23456789TJQK"
ROW = {1: 3, 2: 6, 3: 9, 4: 10}
# The 28 positions peak by peak, each card after the cards covering it.
PEAKS_IN_TURN = [
    *("r4c1", "r4c2", "r4c3", "r4c4", "r3c1", "r3c2", "r3c3", "r2c1", "r2c2", "r1c1"),
    *("r4c5", "r4c6", "r4c7", "r3c4", "r3c5", "r3c6", "r2c3", "r2c4", "r1c2"),
    *("r4c8", "r4c9", "r4c10", "r3c7", "r3c8", "r3c9", "r2c5", "r2c6", "r1c3"),
]


def chain_deal() -> tuple[Deal, list[str]]:
    """A deal that a player clears in one run after two draws, and that line.

    The waste starts with an A; 2 and 3 are played on it, two draws turn a 7 and a 3, and the
    other 26 layout cards go on in one run (4, 5, ... round and round)."""
    used: set[str] = set()

    def take(rank: int) -> str:
        card = next(RANKS[rank - 1] + s for s in "CDHS" if RANKS[rank - 1] + s not in used)
        used.add(card)
        return card

    start = take(1)
    layout = {pos: take((i + 1) % 13 + 1) for i, pos in enumerate(PEAKS_IN_TURN)}
    other, again = take(7), take(3)
    rest = [c for c in DECK if c not in used]
    deal = deal_with(LAYOUT, layout, [start, other, again, *rest])
    line = [layout[p] for p in PEAKS_IN_TURN[:2]] + ["draw", "draw"] + [layout[p] for p in PEAKS_IN_TURN[2:]]
    return deal, line


def cleared_once(game_id: str = "triple-peaks-rounds", **options: object) -> tuple[Game, list[str]]:
    deal, line = chain_deal()
    game = patience_core.new_game(game_id, deal=deal, **options)
    for text in line:
        game.play(text)
    return game, line


def aisleriot_gather(stock: Sequence[str], moves: Sequence[str], first: str) -> list[str]:
    """Aisleriot's slots 0, 1 and 2 (each list from its top) along ``moves``, and slot 0 after
    progressive-redeal's ``flip-deck 1 2`` and ``add-cards! 0 (get-cards 1)``: written from
    api.scm, apart from the plugin's code."""
    slot0, slot1, slot2 = list(stock), [], [first]

    def flip_deck() -> None:  # (flip-deck 1 2): the waste's top card first onto slot 1
        while slot2:
            slot1.insert(0, slot2.pop(0))

    for move in moves:
        if move == "draw":
            flip_deck()
            slot2.insert(0, slot0.pop(0))
        else:
            slot2.insert(0, move)
    flip_deck()
    return slot1 + slot0


# --- R1: a cleared layout deals a new round -------------------------------------------------


def test_r1_the_clearing_move_deals_a_new_round_of_28_a_waste_card_and_23_in_the_stock():
    game, _ = cleared_once()
    view = game.to_dict("player")
    assert all(e["present"] for e in view["layout"])
    assert sum(e["face_up"] for e in view["layout"]) == 10  # the bottom row, as at a deal
    assert len(view["waste"]) == 1
    assert view["stock"]["count"] == 23
    assert game.table.count("round") == 1
    check_cards(game)
    check_player_view(game)


def test_r1_the_cards_are_gathered_in_aisleriots_order():
    # On random play, at every position: the waste's runs, the last first, then the stock.
    for seed in range(6):
        game = patience_core.new_game("triple-peaks-rounds", seed=seed)
        rng = random.Random(seed)
        stock = [CARD_TEXT[c] for c in reversed(game.table.stock)]
        first = CARD_TEXT[game.table.waste[0]]
        while not game.is_over() and game.table.count("round") == 0:
            assert [CARD_TEXT[c] for c in gathered(game.table)] == aisleriot_gather(
                stock, [str(m) for m in game.moves], first
            )
            game.play(rng.choice(game.legal_moves()))


def test_r1_the_new_round_is_the_gathered_cards_shuffled():
    deal, line = chain_deal()
    game = patience_core.new_game("triple-peaks-rounds", deal=deal)
    for text in line[:-1]:
        game.play(text)
    cleared = game.table.cards
    last = game.table.where[parse_card_index(line[-1])]
    table = game.table.copy()
    table.present &= ~(1 << last)
    table.piles[1] += (cleared[last],)
    cards = gathered(table)
    order = Deal.from_seed(round_seed(cleared, 2)).indices
    game.play(line[-1])
    expected = tuple(cards[i] for i in order)
    t = game.table
    assert t.cards == expected[:28]
    assert t.waste == (expected[28],)  # the first card after the layout turns to the waste
    assert t.stock == expected[:28:-1]  # the rest, the next to be turned last


def test_r1_the_last_peak_scores_its_bonus_before_the_new_round():
    deal, line = chain_deal()
    game = patience_core.new_game("triple-peaks-rounds", deal=deal)
    for text in line[:-1]:
        game.play(text)
    before = game.score()
    game.play(line[-1])
    run = 26  # the 26th card of the run after the second draw
    assert game.score() == before + run + 30


# --- R2: the score carries over -------------------------------------------------------------


def test_r2_the_score_carries_over_and_the_new_waste_card_starts_a_new_run():
    game, _line = cleared_once()
    # 1 + 2 for the first two cards, two draws at -5 that stop at 0, 1..26 for the run, peaks
    # 15 + 15 + 30.
    carried = max(3 - 5, 0) + sum(range(1, 27)) + 60
    assert game.score() == carried
    fitting = [m for m in game.legal_moves() if not m.is_word]
    if fitting:
        game.play(fitting[0])
        assert game.score() == carried + 1
    else:
        game.play("draw")
        assert game.score() == carried - 5


def test_r2_multiplier_scoring_carries_over_and_restarts_its_run():
    game, _line = cleared_once("tripeaks", rounds=True, scoring="aisleriot-multiplier")
    carried = 1 + 2 + sum(2 ** (k - 1) for k in range(1, 27)) + 25 + 25 + 50
    assert game.score() == carried


def test_r2_a_draw_never_takes_the_carried_score_below_0():
    game = patience_core.new_game("triple-peaks-rounds", seed=3)
    while "draw" in [str(m) for m in game.legal_moves()]:
        game.play("draw")
        assert game.score() >= 0
    assert game.score() == 0


# --- R3: the game is never won and ends when no move is left ------------------------------------


def test_r3_a_cleared_layout_is_not_a_win_and_the_game_goes_on():
    game, _ = cleared_once()
    assert not game.is_won()
    assert not game.is_over()
    assert game.legal_moves()
    assert game.status() == "playing"


def test_r3_the_game_ends_lost_when_no_move_is_left_and_no_solver_finds_a_win():
    game, _ = cleared_once()
    rng = random.Random(1)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    assert game.status() == "lost"
    assert not game.legal_moves()
    assert not game.table.stock
    assert solve_full_information(game).verdict == NO_WIN
    fresh = patience_core.new_game("triple-peaks-rounds", seed=2)
    assert solve_full_information(fresh).verdict == NO_WIN


def test_r3_without_the_option_a_cleared_layout_still_wins():
    deal, line = chain_deal()
    game = patience_core.new_game("tripeaks", deal=deal, scoring="aisleriot")
    for text in line:
        game.play(text)
    assert game.status() == "won"
    assert not isinstance(game.rules, ProgressiveRounds)


# --- R4: deal text, records, undo --------------------------------------------------------------


def test_r4_the_deal_text_stays_round_ones():
    deal, _ = chain_deal()
    game, _ = cleared_once()
    assert game.deal_text() == str(deal)


def test_r4_a_record_saved_across_rounds_replays_exactly():
    game, _ = cleared_once()
    rng = random.Random(7)
    for _ in range(5):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    record = json.loads(json.dumps(game.to_record()))
    again = patience_core.load_game(record)
    assert again.snapshot() == game.snapshot()
    assert again.to_dict("full") == game.to_dict("full")
    assert again.score() == game.score()


def test_r4_undo_takes_a_round_back_exactly_and_replaying_deals_the_same_round():
    deal, line = chain_deal()
    game = patience_core.new_game("triple-peaks-rounds", deal=deal)
    for text in line[:-1]:
        game.play(text)
    before = game.snapshot(), game.to_dict("full"), game.score()
    game.play(line[-1])
    after = game.snapshot(), game.to_dict("full"), game.score()
    game.undo()
    assert (game.snapshot(), game.to_dict("full"), game.score()) == before
    game.redo()
    assert (game.snapshot(), game.to_dict("full"), game.score()) == after
    game.undo()
    game.play(line[-1])
    assert (game.snapshot(), game.to_dict("full"), game.score()) == after


def test_r4_the_next_round_depends_on_no_card_the_player_has_not_seen():
    # Two cards never seen (still in round 1's stock) swapped in the deal: the same views,
    # the same refusals, in round 2 too.
    game, _ = cleared_once()
    unseen = never_seen(game)
    assert len(unseen) >= 2
    # The cards left in round 1's stock, never turned, are now unseen again.
    leftover = {c for c in Deal.parse(game.deal_text()).indices[31:]}
    assert set(unseen) & leftover
    check_hidden_cards_do_not_matter(game, random.Random(0), (CARD_TEXT[unseen[0]], CARD_TEXT[unseen[1]]))
    # A card of round 1's layout lying face down in round 2 was seen: it is not unseen.
    t = game.table
    down = [t.cards[p] for p in bits(t.present & ~t.face_up_mask())]
    first_layout = set(Deal.parse(game.deal_text()).indices[:28])
    assert all(c not in unseen for c in down if c in first_layout)
    assert all(t.seen >> c & 1 for c in first_layout)
    check_all(game)


def test_r4_a_players_sample_of_the_hidden_cards_looks_like_round_two():
    # Players guess the hidden cards from what they saw (Seen.sample): in round 2 too, the cards
    # of round 1 are known and the sample shows what the player sees.
    game, _ = cleared_once()
    seen = Seen(game)
    assert seen.hidden == len(never_seen(game))
    for salt in range(3):
        assert seen.sample(random.Random(salt)).to_dict("player") == game.to_dict("player")

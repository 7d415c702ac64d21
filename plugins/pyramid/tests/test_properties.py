"""Random play over seeds and every option combination: the conformance kit (cards kept,
undo exact, player view hiding the stock, round trips) and Pyramid's own properties, checked
against the rules written out plainly in this file."""

from __future__ import annotations

import random
import re
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from patience_core import REDEAL, Game, Move
from patience_core.engine.cards import CARD_TEXT, RANK_OF
from patience_core.testing import conformance_tests, games

TestPyramidConformance = conformance_tests("pyramid")
TestParPyramidConformance = conformance_tests("par-pyramid")
TestPyramidHouseRuleConformance = conformance_tests("pyramid", pair_with_covered=True, passes=2)

CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")


def expected_moves(game: Game) -> list[str]:
    """P3-P13 written out from first principles, independent of the plugin's bitmask code."""
    t, rules = game.table, game.rules
    strict = game.options["win"] == "all"
    if (len(t.removed) == 52) if strict else not t.present:
        return []  # P13: a won game is over
    blockers = t.layout.blockers
    present = [p for p in range(28) if t.present >> p & 1]

    def covers(q: int) -> set[int]:
        return {p for p in present if blockers[q] >> p & 1}

    free = [p for p in present if not covers(p)]  # P3
    available = [t.cards[p] for p in free]  # P5, P6
    available += [c for c in (t.drawn, t.waste[-1] if t.waste else -1) if c >= 0]
    assert sorted(rules.available(t)) == sorted(available)
    moves = {Move.of_cards(c) for c in available if RANK_OF[c] == 13}  # P4
    moves |= {Move.of_cards(a, b) for a, b in combinations(available, 2) if RANK_OF[a] + RANK_OF[b] == 13}
    if game.options["pair_with_covered"]:  # P7 house rule, with a card in sight
        moves |= {
            Move.of_cards(t.cards[p], t.cards[q])
            for p in free
            for q in present
            if covers(q) == {p}
            and RANK_OF[t.cards[p]] + RANK_OF[t.cards[q]] == 13
            and not (game.options["face_down"] and blockers[q])  # the bottom row alone is dealt up
        }
    words = []
    if t.stock:  # cards left to draw
        words.append("draw")  # P6
    elif t.waste or t.drawn >= 0:
        if rules.passes is None:  # unlimited: a redeal after each pass that removed a card
            since = (
                game.moves[len(game.moves) - game.moves[::-1].index(REDEAL) :]
                if REDEAL in game.moves
                else game.moves
            )
            if any(not m.word for m in since):
                words.append("redeal")
        elif t.passes_used < rules.passes - 1:
            words.append("redeal")  # P9, P10
    return sorted(str(m) for m in moves) + words


def expected_score(game: Game, cleared_pass: int) -> int:
    t = game.table
    if game.options["scoring"] == "removed":
        return len(t.removed)
    off_pyramid = t.stock_left() + len(t.waste) + (t.drawn >= 0)
    if cleared_pass:
        return (50, 35, 20, *[0] * 10)[cleared_pass - 1] - off_pyramid
    return -(t.present.bit_count() + off_pyramid)


def visible(game: Game) -> set[str]:
    t = game.table
    cards = {t.cards[p] for p in range(28) if t.present >> p & 1}
    cards |= {*t.waste, *t.removed, t.drawn}
    return {CARD_TEXT[c] for c in cards if c >= 0}


def check_refusals_hide_the_stock(game: Game, rng: random.Random) -> None:
    """A refusal names no card the player cannot see, and reads the same however the unseen
    stock is ordered."""
    t = game.table
    other = game.copy()
    rest = list(t.stock)  # the cards not drawn yet
    rng.shuffle(rest)
    other.table.piles[other.table.stock_i] = tuple(rest)
    legal = game.legal_moves()
    candidates = [Move.of_cards(c) for c in range(52)]
    candidates += [Move.of_cards(a, b) for a, b in rng.sample(list(combinations(range(52), 2)), 60)]
    candidates += [Move.of_cards(a, b) for a in range(52) for b in range(a) if RANK_OF[a] + RANK_OF[b] == 13][
        :: rng.randint(3, 9)
    ]
    for move in candidates:
        if move in legal:
            continue
        reason = game.why_illegal(move)
        assert reason
        assert reason == other.why_illegal(move), f"the refusal of {move} depends on the stock order"
        named = set(CARD.findall(reason))
        leaked = named - visible(game) - {str(c) for c in move.cards}
        assert not leaked, f"refusing {move} names unseen cards {leaked}: {reason}"


def check_position(game: Game, cleared_pass: int) -> None:
    legal = [str(m) for m in game.legal_moves()]
    assert len(set(legal)) == len(legal), f"a move is listed twice: {legal}"
    words = [m for m in legal if m in ("draw", "redeal")]
    assert legal[len(legal) - len(words) :] == words, "word moves come last"
    assert sorted(legal[: len(legal) - len(words)]) + words == expected_moves(game)
    t = game.table
    strict = game.options["win"] == "all"
    won = len(t.removed) == 52 if strict else not t.present
    assert game.is_won() == won  # P11, P12
    assert game.is_over() == (won or not legal)  # P13
    assert game.cards_left() == (52 - len(t.removed) if strict else t.present.bit_count())
    assert game.rules.passes is None or 0 <= t.passes_used < game.rules.passes  # P9, P10
    assert game.score() == expected_score(game, cleared_pass)


def walk(game: Game, rng: random.Random, steps: int):
    """Random legal play that prefers removing cards, so pyramids get cleared now and then."""
    cleared_pass = 0
    yield cleared_pass
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            return
        cards = [m for m in legal if not m.word]
        move = rng.choice(cards if cards and rng.random() < 0.9 else legal)
        t = game.table
        before = (t.present, t.stock_left(), t.drawn, t.waste, t.removed, t.stock)
        game.play(move)
        check_applied(game, move, before)
        if not t.present and not cleared_pass:
            cleared_pass = t.passes_used + 1
        yield cleared_pass


def check_applied(game: Game, move: Move, before: tuple) -> None:
    """Each move does exactly what P4, P6, P8 and P10 say."""
    t = game.table
    present, stock_left, drawn, waste, removed, stock = before  # the stock's next card is its last
    if move.word == "draw" and game.options["draw"] == 1:
        assert t.drawn == stock[-1]
        assert t.waste == ((*waste, drawn) if drawn >= 0 else waste)
        assert t.stock_left() == stock_left - 1
    elif move.word == "draw":  # several cards onto the waste, in the order they are turned
        turned = stock[::-1][: game.options["draw"]]
        assert (t.drawn, t.waste, t.stock_left()) == (-1, waste + turned, stock_left - len(turned))
    elif move.word == "redeal":
        assert t.stock == (waste + ((drawn,) if drawn >= 0 else ()))[::-1]  # the waste's bottom drawn first
        assert (t.waste, t.drawn) == ((), -1)
    else:
        assert t.removed == removed + move.ids
        assert not {t.cards[p] for p in range(28) if t.present >> p & 1} & set(move.ids)
        assert t.drawn not in move.ids
        assert not set(t.waste) & set(move.ids)
        assert (t.present ^ present).bit_count() + (drawn != t.drawn) + len(waste) - len(t.waste) == len(
            move.ids
        )


@given(game=games("pyramid"), salt=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_random_play_follows_the_rules(game, salt, steps):
    """P3-P13 on random positions of every option combination: the legal moves are exactly
    those of the rules, each move does what it says, and the end, win, measure and score agree."""
    rng = random.Random(salt)
    for cleared_pass in walk(game, rng, steps):
        check_position(game, cleared_pass)
    check_refusals_hide_the_stock(game, rng)


@given(game=games("par-pyramid"), salt=st.integers(0, 2**32))
def test_par_pyramid_plays_to_the_end_with_at_most_two_redeals(game, salt):
    """P10, P13: every Par Pyramid game ends, after at most two redeals, with the match score."""
    rng = random.Random(salt)
    cleared_pass = 0
    for cleared_pass in walk(game, rng, 10_000):  # noqa: B007
        pass
    assert game.is_over()
    assert game.moves.count(Move.parse("redeal")) <= 2
    check_position(game, cleared_pass)
    assert game.score() <= 50

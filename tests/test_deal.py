"""Deals: the seeded shuffle against an independent implementation of its specification, frozen
test vectors, deal text and its errors, and seed checking."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience_core import Deal, DealError
from patience_core.engine.deal import MAX_SEED, SplitMix64, make_deal, parse_seeds

VECTORS = json.loads((Path(__file__).parent / "deal_vectors.json").read_text(encoding="utf-8"))["deals"]
VECTOR_SEEDS = [0, 1, 2, 3, 7, 42, 1000, 123456789, 2**32, 2**63, 2**64 - 1]
TWO64 = 1 << 64


# --- the specification, written out again without the module's code ---------------------------


def reference_outputs(seed: int) -> Iterator[int]:
    """SplitMix64: add the golden gamma to the state, then mix it (Steele, Lea and Flood)."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) % TWO64
        z = state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 % TWO64
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB % TWO64
        yield z ^ (z >> 31)


def reference_below(outputs: Iterator[int], n: int) -> int:
    """Uniform in 0..n-1: accept an output only below the largest multiple of n that fits in 64 bits."""
    bound = (TWO64 // n) * n
    for x in outputs:
        if x < bound:
            return x % n
    raise AssertionError("the generator ran dry")


def reference_deal(seed: int) -> str:
    """Fisher-Yates from the end over the ordered deck (clubs A-K, diamonds, hearts, spades)."""
    outputs = reference_outputs(seed)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = reference_below(outputs, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return " ".join("A23456789TJQK"[c % 13] + "CDHS"[c // 13] for c in deck)


# --- the generator -------------------------------------------------------------------------------


def test_splitmix64_gives_the_published_first_outputs_for_seed_0():
    published = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    outputs = reference_outputs(0)
    assert [next(outputs) for _ in range(3)] == published
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == published


class Scripted(SplitMix64):
    """A generator that returns chosen outputs, to reach the rejection branch."""

    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = iter(outputs)

    def next(self) -> int:
        return next(self.outputs)


@pytest.mark.parametrize(
    ("n", "outputs", "expected"),
    [
        (3, [TWO64 - 1, 5], 2),  # 2**64 % 3 == 1: the single top value is rejected
        (3, [TWO64 - 2, 5], (TWO64 - 2) % 3),  # just below the bound: accepted
        (52, [TWO64 - 1, TWO64 - 16, TWO64 - 17, 100], (TWO64 - 17) % 52),  # 2**64 % 52 == 16
        (2, [TWO64 - 1], 1),  # 2**64 % 2 == 0: nothing is rejected
    ],
)
def test_below_rejects_the_top_outputs_that_would_bias_it(n, outputs, expected):
    assert SplitMix64.below(Scripted(list(outputs)), n) == expected
    assert reference_below(iter(outputs), n) == expected


# --- seeds to deals --------------------------------------------------------------------------------


@given(st.one_of(st.integers(0, 5000), st.integers(0, 2**64 - 1)))
def test_the_shuffle_matches_its_specification(seed):
    assert str(Deal.from_seed(seed)) == reference_deal(seed)


@pytest.mark.parametrize("seed", VECTOR_SEEDS)
def test_the_frozen_test_vectors_still_deal_the_same(seed):
    """The shuffle must never change: these deals were written down once and are kept."""
    assert str(Deal.from_seed(seed)) == VECTORS[str(seed)]
    assert reference_deal(seed) == VECTORS[str(seed)]


def test_the_vector_file_holds_the_agreed_seeds():
    assert sorted(int(s) for s in VECTORS) == sorted(VECTOR_SEEDS)
    assert all(sorted(text.split()) == sorted(str(Deal.from_seed(0)).split()) for text in VECTORS.values())


def test_a_seed_always_gives_the_same_deal_and_different_seeds_differ():
    assert Deal.from_seed(99) == Deal.from_seed(99)
    assert len({str(Deal.from_seed(s)) for s in range(300)}) == 300
    deal = Deal.from_seed(42)
    assert deal.seed == 42
    assert repr(deal) == "Deal.from_seed(42)"
    assert len(deal) == 52


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, True, False, 1.0, "1", None])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(DealError) as info:
        Deal.from_seed(seed)
    assert repr(seed) in str(info.value)
    assert "0 to 18446744073709551615" in str(info.value)


def test_make_deal_takes_a_seed_or_a_deal_but_not_both():
    text = str(Deal.from_seed(5))
    assert make_deal(5, None) == Deal.from_seed(5)
    assert make_deal(None, text) == Deal.from_seed(5)
    deal = Deal.from_seed(6)
    assert make_deal(None, deal) is deal
    with pytest.raises(DealError, match="not both"):
        make_deal(5, text)
    with pytest.raises(DealError, match="not list"):
        make_deal(None, text.split())  # type: ignore[arg-type]
    with pytest.raises(DealError):
        make_deal(-5, None)
    drawn = make_deal(None, None)
    assert drawn.seed is not None
    assert 0 <= drawn.seed < 2**32
    assert drawn == Deal.from_seed(drawn.seed)


# --- deal text -------------------------------------------------------------------------------------


@given(st.permutations(range(52)))
def test_deal_text_round_trips(order):
    deal = Deal(tuple(order))
    text = str(deal)
    assert all(len(token) == 2 for token in text.split(" "))
    again = Deal.parse(text)
    assert again == deal
    assert again.indices == tuple(order)
    assert again.seed is None
    assert Deal.from_cards(deal.cards) == deal
    assert repr(again) == f"Deal.parse({text!r})"


def test_deal_text_accepts_commas_newlines_and_the_forms_people_type():
    deal = Deal.from_seed(3)
    cards = str(deal).split()
    loose = ", ".join(c.lower() for c in cards[:20]) + "\n" + "  ".join(cards[20:])
    assert Deal.parse(loose) == deal
    glyphs = " ".join(card.glyph for card in deal.cards)
    assert Deal.parse(glyphs) == deal
    assert Deal.parse(str(deal)) == Deal.from_seed(3)  # equality ignores the seed


def _cards() -> list[str]:
    return str(Deal.from_seed(11)).split()


def test_a_missing_card_is_named():
    cards = _cards()
    gone = cards.pop(17)
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(cards))
    message = str(info.value)
    assert "51 cards" in message
    assert f"missing: {gone}" in message
    assert "repeated" not in message


def test_a_repeated_card_is_named_with_the_card_it_replaced():
    cards = _cards()
    gone = cards[30]
    cards[30] = cards[2]
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(cards))
    message = str(info.value)
    assert f"repeated: {cards[2]}" in message
    assert f"missing: {gone}" in message


def test_53_cards_name_the_extra_card():
    cards = [*_cards(), "QS"]
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(cards))
    message = str(info.value)
    assert "53 cards" in message
    assert "repeated: QS" in message
    assert "missing" not in message


@pytest.mark.parametrize("bad", ["XX", "1H", "10", "Q"])
def test_an_unknown_token_is_named_with_its_place(bad):
    cards = _cards()
    cards[9] = bad
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(cards))
    message = str(info.value)
    assert "card 10 of the deal" in message
    assert repr(bad) in message


def test_empty_deal_text_is_refused():
    with pytest.raises(DealError, match="0 cards"):
        Deal.parse("")
    with pytest.raises(DealError, match="0 cards"):
        Deal.from_cards([])


# --- deal numbers in ranges: the one grammar of --seeds and the API ----------------------------


def test_seeds_are_read_as_lazy_ranges():
    assert parse_seeds("3..7") == range(3, 8)
    assert parse_seeds(" 12 ") == range(12, 13)
    assert parse_seeds("0 .. 2") == range(0, 3)
    everything = parse_seeds(f"0..{MAX_SEED}")
    assert everything.stop - everything.start == 2**64  # lazy: nothing was built


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1-10", "written FIRST..LAST"),
        ("a..b", "written FIRST..LAST"),
        ("-1..4", "written FIRST..LAST"),
        ("9..3", "comes after the last in '9..3': write 3..9"),
        ("²", "written FIRST..LAST"),
        ("①..3", "written FIRST..LAST"),
        ("٣", "written FIRST..LAST"),  # a digit to int(), but not to the grammar
        (f"0..{MAX_SEED + 1}", f"at most {MAX_SEED}"),
        ("9" * 5000, "(5000 characters)"),
        ("", "written FIRST..LAST"),
    ],
)
def test_bad_seeds_are_one_clear_line(text, says):
    with pytest.raises(DealError) as info:
        parse_seeds(text)
    message = str(info.value)
    assert says in message
    assert "\n" not in message
    assert len(message) < 200

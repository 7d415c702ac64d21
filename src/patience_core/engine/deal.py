"""Deals: the 52 cards in deal order, their text form, and the seeded shuffle.

Deal order is the layout positions in reading order (top row first, left to right), then the
stock from the first card to be turned to the last. The shuffle is specified in
``docs/deals.md`` so that any program can reproduce deal N; it must never change.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from patience_core.engine.cards import CARD_TEXT, CARDS, Card, parse_card_index
from patience_core.engine.errors import CardError, DealError, quoted

DECK_SIZE: Final = 52
_ALL: Final = frozenset(range(DECK_SIZE))
MAX_SEED: Final = 2**64 - 1
MAX_DEAL_TEXT: Final = 4000
"""The longest deal text read: 52 cards take 155 characters, with room for any spacing."""
MAX_DEAL_CARDS: Final = 200
"""Cards read from a deal before it is refused as far too many."""
_MASK64: Final = 2**64 - 1


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014): 64-bit outputs from a 64-bit seed.

    >>> SplitMix64(0).next()
    16294208416658607535
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``, by rejecting the top ``2**64 mod n`` outputs."""
        limit = 2**64 - (2**64 % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_indices(seed: int) -> list[int]:
    """Card indices of deal ``seed``: Fisher-Yates from the end over the ordered deck."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealError(f"a seed is a whole number from 0 to {MAX_SEED}, not {quoted(seed)}")
    # SplitMix64.below, inlined: this runs for every new game.
    state = seed
    deck = list(range(DECK_SIZE))
    for i in range(DECK_SIZE - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n]
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


_LIMITS: Final = tuple(2**64 - (2**64 % n) if n else 0 for n in range(DECK_SIZE + 1))


@attrs.frozen(repr=False)
class Deal:
    """The 52 cards of one game in deal order, and the seed it came from, if any.

    Two deals are equal when their cards are; the seed is only remembered for display.

    >>> deal = Deal.from_seed(1)
    >>> Deal.parse(str(deal)) == deal
    True
    """

    indices: tuple[int, ...] = attrs.field()
    seed: int | None = attrs.field(default=None, eq=False)

    @indices.validator
    def _all_52_once(self, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]) -> None:
        if len(value) != DECK_SIZE or set(value) != _ALL:
            _checked(list(value))  # raises DealError naming what is wrong

    @classmethod
    def from_seed(cls, seed: int) -> Deal:
        """Deal number ``seed`` (0 to 2**64-1), the same on every machine and release."""
        return cls(tuple(shuffled_indices(seed)), seed)

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str | int]) -> Deal:
        """A deal from 52 cards (cards, card texts or indices) in deal order, checked like :meth:`parse`."""
        indices = []
        for pos, card in enumerate(cards):
            if pos >= MAX_DEAL_CARDS:
                raise DealError(f"a deal has each of the 52 cards exactly once; this one has more than {pos}")
            if isinstance(card, Card):
                indices.append(card.index)
            elif isinstance(card, int) and not isinstance(card, bool):
                if not 0 <= card < DECK_SIZE:
                    raise DealError(f"card {pos + 1} of the deal: {quoted(card)} is not a card index (0-51)")
                indices.append(card)
            else:
                try:
                    indices.append(parse_card_index(card))  # type: ignore[arg-type]  # refused if not text
                except CardError as err:
                    raise DealError(f"card {pos + 1} of the deal: {err}") from None
        return cls(_checked(indices))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read deal text: 52 card tokens separated by spaces (commas are taken as spaces)."""
        if not isinstance(text, str):
            raise DealError(f"deal text is text, not {type(text).__name__}")
        if len(text) > MAX_DEAL_TEXT:
            raise DealError(f"deal text is 52 cards; this is {len(text):,} characters, far too long for that")
        return cls.from_cards(text.replace(",", " ").split())

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.indices)

    def __str__(self) -> str:
        return " ".join(CARD_TEXT[i] for i in self.indices)

    def __repr__(self) -> str:
        if self.seed is not None:
            return f"Deal.from_seed({self.seed})"
        return f"Deal.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.indices)


def _checked(indices: list[int]) -> tuple[int, ...]:
    counts = Counter(indices)
    repeated = sorted(i for i, n in counts.items() if n > 1)
    missing = sorted(set(range(DECK_SIZE)) - counts.keys())
    problems = []
    if repeated:
        problems.append("repeated: " + " ".join(CARD_TEXT[i] for i in repeated))
    if missing:
        problems.append("missing: " + " ".join(CARD_TEXT[i] for i in missing))
    if problems or len(indices) != DECK_SIZE:
        raise DealError(
            f"a deal has each of the 52 cards exactly once; this one has {len(indices)} cards"
            + ("; " + "; ".join(problems) if problems else "")
        )
    return tuple(indices)


def make_deal(seed: int | None = None, deal: Deal | str | None = None) -> Deal:
    """The deal of a new game: from ``deal`` (deal text or a Deal) or ``seed``, else a random seed.

    >>> make_deal(7) == Deal.from_seed(7)
    True
    """
    if deal is not None and seed is not None:
        raise DealError("give a seed or a deal, not both")
    if isinstance(deal, Deal):
        return deal
    if isinstance(deal, str):
        return Deal.parse(deal)
    if deal is not None:
        raise DealError(f"a deal is deal text or a Deal, not {type(deal).__name__}")
    if seed is None:
        import secrets

        seed = secrets.randbits(32)  # short enough to type back in
    return Deal.from_seed(seed)


def span(seeds: Sequence[int]) -> int:
    """How many deal numbers ``seeds`` holds; unlike ``len``, right for a range of any size.

    >>> span(range(0, 2**64)), span(range(5, 1)), span([3, 1, 2])
    (18446744073709551616, 0, 3)
    """
    if isinstance(seeds, range):
        step = seeds.step
        return max(0, (seeds.stop - seeds.start + step - (1 if step > 0 else -1)) // step)
    return len(seeds)


_SEEDS: Final = re.compile(r"\s*([0-9]{1,20})\s*(?:\.\.\s*([0-9]{1,20})\s*)?\Z")


def parse_seeds(text: str) -> range:
    """Deal numbers written ``FIRST..LAST`` (both included) or one number ``N``: the one
    grammar of ``patience solve --seeds``, ``patience simulate --seeds`` and the web API.

    The range is lazy, so ``0..18446744073709551615`` costs nothing until it is walked (take
    its size with :func:`span`: ``len`` of so large a range overflows). :class:`DealError`
    says what is wrong, quoting at most a few dozen characters.

    >>> parse_seeds("1..1000"), parse_seeds(" 7 ")
    (range(1, 1001), range(7, 8))
    """
    match = _SEEDS.match(text) if isinstance(text, str) else None
    if match is None:
        raise DealError(
            f"deal numbers are written FIRST..LAST (both included), such as 1..1000, or as one number;"
            f" not {quoted(text)}"
        )
    first = int(match[1])
    last = int(match[2]) if match[2] is not None else first
    if last > MAX_SEED:
        raise DealError(f"a deal number is at most {MAX_SEED}, not {last}")
    if first > last:
        raise DealError(
            f"the first deal number comes after the last in {quoted(text)}: write {last}..{first}"
        )
    return range(first, last + 1)

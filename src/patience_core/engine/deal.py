"""Decks and deals: the cards of a game in deal order, their text form, and the seeded shuffle.

A :class:`Deck` is the cards a game plays with: one standard deck of 52, or several, or runs
of chosen suits (eight runs of one suit). Deal order is the layout positions in reading order
(top row first, left to right), then each pile the rules declare in its order, from its bottom
card to its top, then the stock from the first card to be turned to the last. The shuffle is
specified in ``docs/deals.md`` so that any program can reproduce deal N; it must never change,
and for one deck it is the shuffle of every release.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

from patience_core.engine.cards import CARD_OF, CARD_TEXT, MAX_DECKS, SUIT_LETTERS, Card, parse_card_index
from patience_core.engine.errors import CardError, DealError, quoted

DECK_SIZE: Final = 52
MAX_SEED: Final = 2**64 - 1
MAX_DEAL_TEXT: Final = 4000
"""The longest deal text read: 104 cards take 311 characters, with room for any spacing."""
MAX_DEAL_CARDS: Final = 2 * DECK_SIZE * MAX_DECKS
"""Cards read from a deal before it is refused as far too many."""


@attrs.frozen(repr=False)
class Deck:
    """The cards a game plays with: their physical ids in the deck's ordered state (the order a
    shuffle starts from), each id ``copy * 52 + index``.

    >>> len(STANDARD), len(Deck.of(decks=2)), Deck.of("S", decks=2).name
    (52, 104, '2 decks of S')
    >>> str(Deck.of("HS", decks=2).cards[13:15])
    '(39, 40)'
    """

    cards: tuple[int, ...]
    name: str = "52 cards"

    @classmethod
    def of(cls, suits: str = SUIT_LETTERS, *, decks: int = 1) -> Deck:
        """``decks`` decks' worth of cards (52 each) made of runs A-K of ``suits`` repeated:
        ``Deck.of(decks=2)`` is two standard decks, ``Deck.of("S", decks=2)`` eight runs of spades.
        """
        if not suits or any(s not in SUIT_LETTERS for s in suits) or len(set(suits)) != len(suits):
            raise DealError(f"a deck's suits are some of {SUIT_LETTERS} once each, not {quoted(suits)}")
        runs = 4 * decks
        if decks < 1 or runs % len(suits) or runs // len(suits) > MAX_DECKS:
            raise DealError(
                f"{decks} decks of {suits} cannot be made of whole runs of at most {MAX_DECKS} copies"
            )
        copies = runs // len(suits)
        ids = sorted(
            copy * DECK_SIZE + SUIT_LETTERS.index(suit) * 13 + rank
            for copy in range(copies)
            for suit in suits
            for rank in range(13)
        )
        name = (
            "52 cards"
            if (suits, decks) == (SUIT_LETTERS, 1)
            else f"{decks} decks" + ("" if suits == SUIT_LETTERS else f" of {suits}")
        )
        return cls(tuple(ids), name)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Deck {self.name}>"


STANDARD: Final = Deck(tuple(range(DECK_SIZE)))
"""One deck of 52: the deck of every game unless its rules say otherwise."""
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


def shuffled_indices(seed: int, deck: Deck = STANDARD) -> list[int]:
    """Card ids of deal ``seed``: Fisher-Yates from the end over the ordered deck."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealError(f"a seed is a whole number from 0 to {MAX_SEED}, not {quoted(seed)}")
    # SplitMix64.below, inlined: this runs for every new game.
    state = seed
    cards = list(deck.cards)
    for i in range(len(cards) - 1, 0, -1):
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
        cards[i], cards[j] = cards[j], cards[i]
    return _in_order_of_copies(cards) if deck.cards[-1] >= DECK_SIZE else cards


def _in_order_of_copies(ids: list[int]) -> list[int]:
    """The same faces in the same places, copies numbered in the order they lie: copies of a
    face are alike, so a deal's text gives back the very ids it was written from."""
    seen = [0] * DECK_SIZE
    out = []
    for card in ids:
        face = card % DECK_SIZE
        out.append(seen[face] * DECK_SIZE + face)
        seen[face] += 1
    return out


_LIMITS: Final = tuple(2**64 - (2**64 % n) if n else 0 for n in range(MAX_DEAL_CARDS + 1))


@attrs.frozen(repr=False)
class Deal:
    """The cards of one game in deal order, and the seed it came from, if any.

    Two deals are equal when their cards are; the seed is only remembered for display. A deal
    holds each card of its ``deck`` exactly once (one standard deck unless given).

    >>> deal = Deal.from_seed(1)
    >>> Deal.parse(str(deal)) == deal
    True
    >>> two = Deal.from_seed(1, Deck.of(decks=2))
    >>> len(two), Deal.parse(str(two), two.deck) == two
    (104, True)
    """

    indices: tuple[int, ...] = attrs.field()
    seed: int | None = attrs.field(default=None, eq=False)
    deck: Deck = attrs.field(default=STANDARD, eq=False, kw_only=True)

    @indices.validator
    def _each_card_once(self, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]) -> None:
        if len(value) != len(self.deck) or sorted(value) != list(self.deck.cards):
            _checked(list(value), self.deck)  # raises DealError naming what is wrong

    @classmethod
    def from_seed(cls, seed: int, deck: Deck = STANDARD) -> Deal:
        """Deal number ``seed`` (0 to 2**64-1), the same on every machine and release."""
        return cls(tuple(shuffled_indices(seed, deck)), seed, deck=deck)

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str | int], deck: Deck = STANDARD) -> Deal:
        """A deal from the deck's cards (cards, card texts or ids) in deal order, checked like
        :meth:`parse`. Cards and texts name faces; copies are numbered in the order they lie."""
        ids = []
        plain = len(deck) == DECK_SIZE and deck.cards == STANDARD.cards
        for pos, card in enumerate(cards):
            if pos >= MAX_DEAL_CARDS:
                raise DealError(f"a deal has {len(deck)} cards; this one has more than {pos}")
            if isinstance(card, Card):
                ids.append(card.index)
            elif isinstance(card, int) and not isinstance(card, bool):
                if not 0 <= card < len(CARD_OF):
                    raise DealError(f"card {pos + 1} of the deal: {quoted(card)} is not a card id")
                ids.append(card)
            else:
                try:
                    ids.append(parse_card_index(card))  # type: ignore[arg-type]  # refused if not text
                except CardError as err:
                    raise DealError(f"card {pos + 1} of the deal: {err}") from None
        if not plain:
            ids = _in_order_of_copies([i % DECK_SIZE for i in ids])
        return cls(_checked(ids, deck), deck=deck)

    @classmethod
    def parse(cls, text: str, deck: Deck = STANDARD) -> Deal:
        """Read deal text: the deck's cards separated by spaces (commas are taken as spaces)."""
        if not isinstance(text, str):
            raise DealError(f"deal text is text, not {type(text).__name__}")
        if len(text) > MAX_DEAL_TEXT:
            raise DealError(
                f"deal text is {len(deck)} cards; this is {len(text):,} characters, far too long for that"
            )
        return cls.from_cards(text.replace(",", " ").split(), deck)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARD_OF[i] for i in self.indices)

    def __str__(self) -> str:
        return " ".join(CARD_TEXT[i] for i in self.indices)

    def __repr__(self) -> str:
        if self.seed is not None:
            return f"Deal.from_seed({self.seed})"
        return f"Deal.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.indices)


def _checked(indices: list[int], deck: Deck = STANDARD) -> tuple[int, ...]:
    counts = Counter(i % DECK_SIZE for i in indices)
    wanted = Counter(i % DECK_SIZE for i in deck.cards)
    repeated = sorted(i for i, n in counts.items() if n > wanted[i])
    missing = sorted(i for i, n in wanted.items() if counts[i] < n)
    problems = []
    if repeated:
        problems.append("repeated: " + " ".join(CARD_TEXT[i] for i in repeated))
    if missing:
        problems.append("missing: " + " ".join(CARD_TEXT[i] for i in missing))
    if problems or len(indices) != len(deck):
        each = (
            "each of the 52 cards exactly once"
            if len(deck) == DECK_SIZE
            else f"each card as often as {deck.name} hold it"
        )
        raise DealError(
            f"a deal has {each}; this one has {len(indices)} cards"
            + ("; " + "; ".join(problems) if problems else "")
        )
    if sorted(indices) != list(deck.cards):  # the faces are right but not the ids
        raise DealError(f"a deal of {deck.name} numbers the copies of each card in the order they lie")
    return tuple(indices)


def make_deal(
    seed: int | None = None,
    deal: Deal | str | None = None,
    deck: Deck = STANDARD,
    numbered: Callable[[int], Deal] | None = None,
) -> Deal:
    """The deal of a new game of ``deck``: from ``deal`` (deal text or a Deal) or ``seed``, else
    a random seed. ``numbered(seed)`` deals a game's own numbering (default: the seeded shuffle).

    >>> make_deal(7) == Deal.from_seed(7)
    True
    """
    if deal is not None and seed is not None:
        raise DealError("give a seed or a deal, not both")
    if isinstance(deal, Deal):
        if deal.deck.cards != deck.cards:
            raise DealError(f"this game plays with {deck.name}, not the {deal.deck.name} of that deal")
        return deal
    if isinstance(deal, str):
        return Deal.parse(deal, deck)
    if deal is not None:
        raise DealError(f"a deal is deal text or a Deal, not {type(deal).__name__}")
    if seed is None:
        import secrets

        seed = secrets.randbits(32)  # short enough to type back in
    return numbered(seed) if numbered is not None else Deal.from_seed(seed, deck)


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

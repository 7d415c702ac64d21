"""Piles: the places cards lie besides the coverage layout, and what each accepts, as data.

A game declares its piles (:class:`Pile`) in its rules, in the order they are dealt and drawn.
Each is of a kind the engine knows (:class:`Kind`): the stock, the waste, foundations, tableau
columns (a face-down part under a face-up part, drawn fanned), cells, reserves, and the hand
(a card drawn and kept apart from the waste). What a pile accepts and gives up is declared as
data wherever it can be:

- :class:`Build`, what may go on a card: a rank step (down, up, either, any), whether K and A
  are neighbours, and a suit relation (any, same suit, alternating colours, same colour, another
  suit);
- ``empty``: what an empty pile takes: any card, none, a rank (13 for kings only), or
  :data:`BASE`, the rank of the first card dealt to the first foundation (set by the deal);
- ``takes`` and ``gives``: how many cards arrive and leave at once (:class:`Reach`): one, a
  run, a run up to the number single moves through free cells and empty columns could carry
  (:data:`Reach.SUPER`), or any face-up group with whatever lies on it (:data:`Reach.GROUP`);
  ``run`` says what counts as a run when it differs from ``build``;
- ``suit`` fixes a foundation to one suit, ``capacity`` bounds a cell.

A rule block reads these declarations to list and check moves; a rules class overrides only
what data cannot say.

>>> down = Build(Step.DOWN, Suits.ALTERNATE)
>>> card = parse_card_index
>>> down.fits(card("7H"), card("8S")), down.fits(card("7H"), card("8D"))
(True, False)
>>> Pile("t1", Kind.TABLEAU, build=down, empty=13).describe()
'builds down in alternating colours; an empty one takes a K'
"""

from __future__ import annotations

import enum
import functools
import re
from typing import Any, Final

import attrs

from patience_core.engine.cards import RANK_OF, RED, SUIT_OF, parse_card_index, rank_word

SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
_PILE_ID: Final = re.compile(r"[a-z](?:[1-9][0-9]?)?\Z")
"""A pile id: one lowercase letter and an optional number 1-99 (``s``, ``w``, ``t3``, ``f12``)."""


class Kind(enum.StrEnum):
    """The kinds of pile the engine knows."""

    STOCK = "stock"
    """Face down; cards are drawn from its top (the last card of the pile)."""
    WASTE = "waste"
    """Face up; cards drawn from the stock land here; only its top is in reach."""
    FOUNDATION = "foundation"
    """Where cards are built up (or down) to win; face up."""
    TABLEAU = "tableau"
    """A column: a face-down part under a face-up part, drawn fanned."""
    CELL = "cell"
    """A free cell or a reserve place for a card or a few."""
    RESERVE = "reserve"
    """A pile dealt at the start and played off its top (a face-down part under a face-up top)."""
    HAND = "hand"
    """A card drawn and kept apart from the waste until the next draw."""


class Step(enum.IntEnum):
    """The rank of a card put on another, relative to it."""

    DOWN = -1
    """One rank lower (a 7 on an 8)."""
    UP = 1
    """One rank higher (an 8 on a 7: foundations)."""
    EITHER = 2
    """One rank lower or higher."""
    SAME = 0
    """The same rank."""
    ANY = 3
    """Any rank."""


class Suits(enum.StrEnum):
    """The suit of a card put on another, relative to it."""

    ANY = "any"
    SAME = "same"
    """The same suit."""
    ALTERNATE = "alternate"
    """The other colour: red on black, black on red."""
    COLOUR = "colour"
    """The same colour."""
    OTHER = "other"
    """Any suit but its own."""


class Reach(enum.StrEnum):
    """How many cards arrive at a pile or leave it at once."""

    NONE = "none"
    """None: a foundation that never gives a card back, a waste that takes none."""
    ONE = "one"
    """One card at a time."""
    RUN = "run"
    """A run of cards in sequence (by the pile's ``run``, else its ``build``), any length."""
    SUPER = "super"
    """A run as long as single moves through free cells and empty columns could carry:
    (free cells + 1) x 2^(empty columns), halved when the run goes to an empty column."""
    GROUP = "group"
    """Any face-up card with whatever lies on it, in sequence or not."""
    COMPLETE = "complete"
    """Only a complete run of 13 cards, King to Ace (a foundation that takes finished runs)."""


BASE: Final = "base"
"""``Pile.empty`` of a foundation whose first card's rank is set by the deal: the rank of the
first card dealt to the first foundation (see :meth:`Table.base_rank
<patience_core.engine.table.Table.base_rank>`)."""

Empty = int | str
"""What an empty pile takes: ``"any"``, ``"none"``, a rank 1-13, or :data:`BASE`."""


@attrs.frozen
class Build:
    """What may go on a card: a rank step, whether K and A are neighbours, a suit relation.

    >>> Build(Step.UP, Suits.SAME).fits(parse_card_index("2C"), parse_card_index("AC"))
    True
    >>> Build(Step.DOWN, Suits.ANY, wrap=True).fits(parse_card_index("KC"), parse_card_index("AD"))
    True
    """

    step: Step = Step.DOWN
    suits: Suits = Suits.ANY
    wrap: bool = False
    # Whether face a goes on face b, at a * 52 + b: asked on every legal-move listing.
    _table: bytes = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_table", _fits_table(self.step, self.suits, self.wrap))

    def fits(self, card: int, onto: int) -> bool:
        """Whether ``card`` may go on ``onto`` (card ids; copies of a card fit alike)."""
        return self._table[card % 52 * 52 + onto % 52] == 1

    def rank_after(self, rank: int) -> tuple[int, ...]:
        """The ranks that may go on a card of ``rank``, lowest first."""
        return tuple(r for r in range(1, 14) if _fits_rank(self.step, self.wrap, r, rank))

    def describe(self) -> str:
        """In words: ``builds down in alternating colours``."""
        step = {
            Step.DOWN: "down",
            Step.UP: "up",
            Step.EITHER: "up or down",
            Step.SAME: "by equal ranks",
            Step.ANY: "regardless of rank",
        }[self.step]
        suits = {
            Suits.ANY: "" if self.step != Step.ANY else " of any suit",
            Suits.SAME: " by suit",
            Suits.ALTERNATE: " in alternating colours",
            Suits.COLOUR: " by colour",
            Suits.OTHER: " in any other suit",
        }[self.suits]
        return f"builds {step}{suits}" + (", K and A neighbours" if self.wrap else "")


@functools.cache
def _fits_table(step: Step, suits: Suits, wrap: bool) -> bytes:
    """Whether face a goes on face b, at a * 52 + b; made once per rule (a game makes a Build
    per pile, and making the table took longer than dealing)."""
    return bytes(
        _fits_rank(step, wrap, RANK_OF[c], RANK_OF[o]) and _fits_suit(suits, c, o)
        for c in range(52)
        for o in range(52)
    )


def _fits_rank(step: Step, wrap: bool, rank: int, onto: int) -> bool:
    if step == Step.ANY:
        return True
    if step == Step.SAME:
        return rank == onto
    diff = rank - onto
    if wrap:
        diff = (diff + 6) % 13 - 6  # -6..6: K to A is +1
    if step == Step.EITHER:
        return diff in (-1, 1)
    return diff == step


def _fits_suit(suits: Suits, card: int, onto: int) -> bool:
    if suits == Suits.ANY:
        return True
    if suits == Suits.SAME:
        return SUIT_OF[card] == SUIT_OF[onto]
    if suits == Suits.ALTERNATE:
        return RED[card] != RED[onto]
    if suits == Suits.COLOUR:
        return RED[card] == RED[onto]
    return SUIT_OF[card] != SUIT_OF[onto]


class Fan(enum.StrEnum):
    """How a pile is drawn: how much of the cards under the top shows."""

    NONE = "none"
    """Squared: only the top card shows (and how many there are)."""
    DOWN = "down"
    """Fanned downwards, each card's top edge showing (a column)."""
    RIGHT = "right"
    """Fanned to the right (a waste of several cards in reach, a reserve)."""


def _check_pile_id(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _PILE_ID.match(value):
        raise ValueError(f"pile id {value!r} must be one lowercase letter and an optional number 1-99")


def _check_empty(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    ok = value in ("any", "none", BASE) or (type(value) is int and 1 <= value <= 13)
    if not ok:
        raise ValueError(f"what an empty pile takes is 'any', 'none', a rank 1-13 or 'base', not {value!r}")


@attrs.frozen
class Pile:
    """A pile as a game declares it.

    - ``id``: one letter and an optional number, used in move text (``t3-f1``).
    - ``kind``: a :class:`Kind`; ``name``: what people call it (default from the kind and id).
    - ``x``, ``y``: where its bottom card is drawn, in the layout's units (half card widths
      across, half card heights down); ``fan``: how it is drawn.
    - ``deal``: cards dealt to it at the start; ``deal_down``: how many of them, the bottom
      ones, lie face down.
    - ``build``: what may be put on its top card (None: nothing, though an empty pile may still
      take what ``empty`` says); ``empty``: what an empty pile takes.
    - ``takes`` and ``gives``: how many cards arrive and leave at once; ``run``: what counts
      as a run that moves together, when it is not ``build`` (a game may build down in any suit
      but moves runs of one suit).
    - ``suit``: the one suit a foundation takes (0-3, clubs diamonds hearts spades), or None.
    - ``capacity``: the most cards it holds (a free cell: 1), or None.
    """

    id: str = attrs.field(validator=_check_pile_id)
    kind: Kind = attrs.field(converter=Kind)
    x: float = 0
    y: float = 0
    fan: Fan = attrs.field(default=Fan.NONE, converter=Fan)
    deal: int = 0
    deal_down: int = 0
    build: Build | None = None
    empty: Empty = attrs.field(default="none", validator=_check_empty)
    takes: Reach = attrs.field(default=Reach.NONE, converter=Reach)
    gives: Reach = attrs.field(default=Reach.NONE, converter=Reach)
    run: Build | None = None
    suit: int | None = None
    capacity: int | None = None
    name: str = ""

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.deal_down <= self.deal:
            raise ValueError(f"pile {self.id!r}: deal_down must be between 0 and deal ({self.deal})")
        if self.suit is not None and self.suit not in (0, 1, 2, 3):
            raise ValueError(f"pile {self.id!r}: a foundation's suit is 0-3, not {self.suit!r}")

    @property
    def moves_as_run(self) -> Build | None:
        """What counts as a run that leaves this pile together: ``run``, else ``build``."""
        return self.run if self.run is not None else self.build

    @property
    def title(self) -> str:
        """What people call it: its ``name``, or the kind and number (``column 3``)."""
        if self.name:
            return self.name
        if self.kind == Kind.FOUNDATION and self.suit is not None:
            return f"{SUIT_NAMES[self.suit]} foundation"
        word = self.kind_word
        number = self.id[1:]
        return f"{word} {number}" if number else word

    @property
    def kind_word(self) -> str:
        """What a pile of its kind is called, whatever its own name: ``column``, ``foundation``."""
        return {Kind.TABLEAU: "column", Kind.CELL: "cell", Kind.HAND: "drawn card"}.get(
            self.kind, self.kind.value
        )

    @property
    def called(self) -> str:
        """Its title as a sentence names it: ``column 3``, ``the waste``, ``the clubs foundation``."""
        title = self.title
        return title if title[-1].isdigit() or title.startswith("the ") else f"the {title}"

    def describe(self) -> str:
        """What it accepts, in words."""
        parts = []
        if self.build is not None:
            parts.append(self.build.describe())
        if self.empty == "any":
            parts.append("an empty one takes any card")
        elif self.empty == BASE:
            parts.append("an empty one takes the rank of the first foundation card")
        elif type(self.empty) is int:
            parts.append(f"an empty one takes {rank_word(self.empty)}")
        if self.capacity is not None:
            parts.append(f"holds at most {self.capacity} card" + ("s" if self.capacity > 1 else ""))
        return "; ".join(parts) if parts else "takes no card"


def declared(piles: tuple[Pile, ...]) -> dict[str, int]:
    """Pile id to index, checking that each id is declared once."""
    index: dict[str, int] = {}
    for i, pile in enumerate(piles):
        if pile.id in index:
            raise ValueError(f"pile id {pile.id!r} is declared twice")
        index[pile.id] = i
    return index


__all__ = [
    "BASE",
    "Build",
    "Empty",
    "Fan",
    "Kind",
    "Pile",
    "Reach",
    "Step",
    "Suits",
    "declared",
    "parse_card_index",
]

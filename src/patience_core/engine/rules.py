"""What a game plugin implements: the :class:`Rules` of one game, and the conditions it
composes its end from.

A plugin subclasses :class:`Rules` (or a rule block of :mod:`patience_core.blocks`), declares
its layout, its piles, its deck and its scoring, and writes what a legal move is. The core
owns the state (:class:`~patience_core.engine.table.Table`), undo, text, views and saving;
the rules only look at the table and call its primitives.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

import attrs

from patience_core.engine.deal import STANDARD, Deal, Deck
from patience_core.engine.layout import Layout
from patience_core.engine.moves import Move
from patience_core.engine.piles import Kind, Pile
from patience_core.engine.scoring import Scoring
from patience_core.engine.table import HAND_PILE, STOCK_PILE, WASTE_PILE, Table


@attrs.frozen
class Condition:
    """A yes/no question about a position, composable with ``|`` and ``&``.

    ``test(rules, table, legal)`` answers it; ``legal`` is the list of legal moves when the
    caller already has it, else None (compute it with ``rules.legal_moves(table)``).

    >>> str(LAYOUT_CLEARED | ALL_REMOVED)
    'the layout is cleared or every card is removed'
    """

    description: str
    test: Callable[[Rules, Table, list[Move] | None], bool]

    def __call__(self, rules: Rules, table: Table, legal: list[Move] | None = None) -> bool:
        return self.test(rules, table, legal)

    def __or__(self, other: Condition) -> Condition:
        return Condition(f"{self} or {other}", lambda r, t, m: self.test(r, t, m) or other.test(r, t, m))

    def __and__(self, other: Condition) -> Condition:
        return Condition(f"{self} and {other}", lambda r, t, m: self.test(r, t, m) and other.test(r, t, m))

    def __str__(self) -> str:
        return self.description


@attrs.frozen
class AutoPlay:
    """Which moves a game may play by itself, when the player has auto-play on.

    - ``draw_when_only_move``: draw when drawing is the only legal move (nothing else fits).
    - ``finish_when_forced``: when every position from here to the end has exactly one legal
      move and no move of it turns up a card the player has not seen, play them all: the rest
      of the game is no choice.
    - ``safe_moves``: play the moves the rules call safe (:meth:`Rules.safe_moves`), such as
      a card to its foundation that no other card can need any more.

    An auto-played move is a normal move (in the record, undone by ``undo``). Auto-play never
    looks at more than the player sees: the legal moves, and the cards in sight.

    >>> AutoPlay().draw_when_only_move, AutoPlay.OFF.finish_when_forced
    (True, False)
    """

    draw_when_only_move: bool = True
    finish_when_forced: bool = True
    safe_moves: bool = True

    OFF: ClassVar[AutoPlay]


AutoPlay.OFF = AutoPlay(draw_when_only_move=False, finish_when_forced=False, safe_moves=False)


def _all_home(r: Rules, t: Table, m: list[Move] | None) -> bool:
    if t.present:
        return False
    piles, specs = t.piles, t.specs
    return all(not piles[i] for i, spec in enumerate(specs) if spec.kind != Kind.FOUNDATION)


LAYOUT_CLEARED = Condition("the layout is cleared", lambda r, t, m: not t.present)
ALL_REMOVED = Condition("every card is removed", lambda r, t, m: not t.present and not any(t.piles))
ALL_HOME = Condition("every card is on the foundations", _all_home)
NO_LEGAL_MOVE = Condition("no legal move is left", lambda r, t, m: not (r.legal_moves(t) if m is None else m))


class Rules:
    """The rules of one game with its options chosen. One instance serves one game session.

    Subclasses set ``layout`` (a coverage layout, if the game has one), ``piles`` and
    ``scoring`` (class attributes or in ``__init__``) and implement :meth:`legal_moves` and
    :meth:`apply`. The rest has defaults that fit most games; :meth:`illegal_reason` is worth
    writing for the words it gives a player.
    """

    layout: Layout = Layout.empty()
    """The coverage layout: which card covers which (none for a game of piles alone)."""
    piles: tuple[Pile, ...] = (STOCK_PILE, WASTE_PILE)
    """The piles besides the layout, in the order they are dealt (default: a stock and a waste)."""
    counters: tuple[str, ...] = ()
    """Names of whole numbers the rules keep on the table (:meth:`Table.count`), all 0 at the deal."""
    deck: Deck = STANDARD
    """The cards the game plays with (default: one deck of 52)."""
    scoring: Scoring
    win: Condition = LAYOUT_CLEARED
    """When the game is won."""
    over: Condition = LAYOUT_CLEARED | NO_LEGAL_MOVE
    """When the game is over, won or not; set it together with ``win``."""
    passes: int | None = 1
    """Passes through the stock allowed (None: no limit); shown to players."""
    repeats: ClassVar[bool] = False
    """True when a position may come back along a line of play (a card moved to and fro between
    columns, a stock turned round without end): such a game ends when no legal move is left or
    its player stops, and random play is stopped after a bound instead of running for ever."""
    undo_off: str | None = None
    """Why a player may not take a move back in this game (a scored game that turns undo off, as
    PySolFC's scored Three Peaks does), or None when undo is allowed. The places a person plays
    (the terminal, the server) then refuse undo and redo with this reason (a restart, which
    PySolFC allows, stays); ``Game.undo`` and ``Game.pop`` still work for programs (searches,
    tests)."""
    autoplay: AutoPlay = AutoPlay()
    """What the game may play by itself when the player turns auto-play on (``Game.auto_moves``);
    ``AutoPlay.OFF`` for a game where even a lone draw is a decision."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Rules written before piles said ``has_drawn_card = True``: they get the hand it meant.
        if cls.__dict__.get("has_drawn_card") is True and not any(p.kind == Kind.HAND for p in cls.piles):
            cls.piles = (*cls.piles, HAND_PILE)
            del cls.has_drawn_card  # the property below answers from the piles

    @property
    def has_drawn_card(self) -> bool:
        """True for games that keep a drawn card apart from the waste (a pile of kind hand)."""
        return any(pile.kind == Kind.HAND for pile in self.piles)

    # --- the deal ------------------------------------------------------------------------

    def deal_for(self, seed: int) -> Deal:
        """Deal number ``seed`` of this game: the seeded shuffle of its deck (docs/deals.md),
        unless the game keeps a numbering of its own that players know."""
        return Deal.from_seed(seed, self.deck)

    def deal_order(self, deal: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's cards in the order they are laid out: the layout positions in reading
        order, then each pile's dealt cards from the bottom, then the stock from its first card
        (default: the deal order itself).

        A game that sets a card aside before dealing (an ace that starts a pile, say) moves it
        here, so that its deal text stays the plain shuffle and a seed
        gives the same text in every game. Must return a permutation of ``deal`` and change
        nothing when applied to its own result.
        """
        return deal

    def dealt_face_up(self) -> int:
        """Bitmask of the layout positions dealt face up (default: all)."""
        return self.layout.full

    def deal_data(self, table: Table) -> Any:
        """Per-deal data the rules read on every move, computed once at the deal (default None).

        Kept as ``table.data`` and never changed by moves; copies of the table share it.
        Return a named value (a NamedTuple) and document it, so that a solver written for
        these rules can read it by name, as the rule blocks' solvers do
        (:mod:`patience_core.blocks`).
        """
        return None

    def start(self, table: Table) -> None:
        """Anything done at the deal before the first move, such as turning a card to the waste.

        Called after :meth:`deal_data`, so ``table.data`` is there.
        """

    # --- moves ------------------------------------------------------------------------------

    def legal_moves(self, table: Table) -> list[Move]:
        """Every legal move now, cards first, word moves (``draw``) last.

        :class:`~patience_core.engine.game.Game` asks only while the game is not won, so the rules
        need not check for a win here.
        """
        raise NotImplementedError

    def safe_moves(self, table: Table) -> list[Move]:
        """Legal moves that cannot hurt, which auto-play makes when the player has it on (default:
        none). A rule block names them, such as a card to its foundation that no card left
        could need."""
        return []

    def finish_moves(self, table: Table) -> list[Move] | None:
        """The moves that finish the game when nothing is left to decide or hide (every card in
        sight, the rest plain), for a player's ``finish``; None when the game is not at that
        point (default: never)."""
        return None

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        """Why ``move`` is illegal now, in words a player understands; None when it is legal.

        Must agree with :meth:`legal_moves` and must not mention cards the player cannot see.
        The default says only that the move is not among the legal moves, so a simple game
        need not write legality twice; a game that says why (which card covers it, which rank
        would fit) is kinder to its players.
        """
        if move in self.legal_moves(table):
            return None
        return f"{move} is not a legal move now"

    def apply(self, table: Table, move: Move) -> None:
        """Play a legal ``move`` by calling the table's primitives."""
        raise NotImplementedError

    # --- the end ----------------------------------------------------------------------------

    def is_won(self, table: Table) -> bool:
        return self.win.test(self, table, None)

    def is_over(self, table: Table, legal: list[Move] | None = None) -> bool:
        """Won, or ended without a win; ``legal`` saves recomputing the legal moves."""
        return self.over.test(self, table, legal)

    def cards_left(self, table: Table) -> int:
        """The measure of a lost game, 0 for a win; by default the layout cards still on the table."""
        return table.present.bit_count()

    # --- search -----------------------------------------------------------------------------

    def solver_key(self, table: Table) -> Hashable:
        """A key equal for positions with the same future; the solver's transposition table.

        The default is the whole state less the score (:meth:`Snapshot.position`). Games
        override it to merge positions that differ only in what cannot matter (suits, the
        order of dead cards).
        """
        return table.snapshot().position()

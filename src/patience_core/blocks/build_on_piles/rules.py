"""Rules of the games that build runs on piles: Klondike, FreeCell, Spider and their kin.

A game declares its piles (:class:`~patience_core.engine.piles.Pile`) with what each accepts
and gives up, and how its stock is dealt; :class:`BuildOnPiles` plays every move those
declarations allow:

- a card, or a run of cards, from the top of one pile onto another: the run is as long as
  the source pile's ``gives`` allows (one card, a run in sequence, a run as long as free cells
  and empty columns could carry, any face-up group), and its bottom card must fit the
  destination (its ``build`` on the top card, its ``empty`` rule on an empty pile, its
  ``suit``, its ``capacity``, and how many cards it ``takes`` at once);
- ``draw`` (``draw`` cards from the stock onto the waste), ``redeal`` (the waste turned over
  as the stock, as often as ``redeals`` allows) and ``deal`` (one stock card onto each column,
  for games that deal rows: ``deals_rows``).

A card turned face up by a move turns up as part of it (the table does that). What data
cannot say, a game writes in :meth:`BuildOnPiles.after_move` (done after every move, as part
of it: Spider's finished runs going home) or by overriding a method.

Auto-play (:meth:`BuildOnPiles.safe_moves`) sends home a card that no card left could need:
one on which no card that is not yet home could be built in a column. :meth:`finish_moves`
plays the rest once every card is in sight and the stock is empty.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Final

from patience_core.engine.cards import CARD_TEXT, RANK_OF, SUIT_OF, rank_word
from patience_core.engine.moves import DEAL, DRAW, REDEAL, Move
from patience_core.engine.piles import BASE, SUIT_NAMES, Kind, Pile, Reach
from patience_core.engine.rules import ALL_HOME, NO_LEGAL_MOVE, Condition, Rules
from patience_core.engine.scoring import Scoring
from patience_core.engine.table import Table

NO_SCORE: Final = Scoring("none", "no score: the game is won or lost", per_card=0)
FINISH_LIMIT: Final = 5_000
"""The most moves :meth:`BuildOnPiles.finish_moves` tries before it gives up."""


_ONTO: Final = 0  # a target with cards: onto its top card, by its build
_INTO_EMPTY: Final = 1  # an empty target: any card, or one rank
_WHOLE: Final = 2  # a target that takes only a whole run of one suit, K to A
_Target = tuple[int, str, int, int, int, Any, int | None, int]


class BuildOnPiles(Rules):
    """Moves between piles by the piles' declarations; see the module docstring.

    Class attributes (set them in a subclass, or per game in ``__init__``):

    - ``piles``: the piles, each with what it accepts and gives up.
    - ``draw``: cards turned from the stock onto the waste by one draw.
    - ``redeals``: how many times the waste may be turned over into the stock (None: no limit).
    - ``deals_rows``: the stock is dealt one card onto each column (``deal``) instead of
      drawn; ``deal_needs_full_columns``: not while a column is empty.
    """

    scoring = NO_SCORE
    draw: int = 1
    redeals: int | None = 0
    deals_rows: bool = False
    deal_needs_full_columns: bool = True
    win: Condition = ALL_HOME
    over: Condition = ALL_HOME | NO_LEGAL_MOVE
    repeats: ClassVar[bool] = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self._prepare()

    def _prepare(self) -> None:
        """Index the piles by kind, once per game. A subclass that chooses its piles in its own
        ``__init__`` sets ``self.piles`` before calling this class's ``__init__``."""
        piles = self.piles
        self._index = {pile.id: i for i, pile in enumerate(piles)}
        self._kinds = {kind: tuple(i for i, p in enumerate(piles) if p.kind == kind) for kind in Kind}
        self._sources = tuple(i for i, p in enumerate(piles) if p.gives != Reach.NONE)
        self._targets = tuple(i for i, p in enumerate(piles) if p.takes != Reach.NONE)
        self._columns = self._kinds[Kind.TABLEAU]
        self._stock = self._kinds[Kind.STOCK][0] if self._kinds[Kind.STOCK] else -1
        self._waste = self._kinds[Kind.WASTE][0] if self._kinds[Kind.WASTE] else -1
        self._foundations = self._kinds[Kind.FOUNDATION]
        # Columns of one kind are alike, and so are cells: the solver key sorts each group.
        groups: dict[tuple[Any, ...], list[int]] = {}
        for i, pile in enumerate(piles):
            if pile.kind in (Kind.TABLEAU, Kind.CELL):
                groups.setdefault(_alike(pile), []).append(i)
        self._alike_groups = tuple(tuple(g) for g in groups.values())
        self._fixed = tuple(i for i, p in enumerate(piles) if p.kind not in (Kind.TABLEAU, Kind.CELL))

    @property
    def passes(self) -> int | None:  # type: ignore[override]
        """Passes through the stock: the first and one per redeal (None: no limit)."""
        return None if self.redeals is None else self.redeals + 1

    # --- what may go where ---------------------------------------------------------------------

    def run_length(self, table: Table, i: int) -> int:
        """How many cards at the top of pile ``i`` could leave it together by its ``gives``
        (before the destination and the free cells are asked): 0 when none can."""
        pile = self.piles[i]
        cards = table.piles[i]
        up = len(cards) - table.down[i]
        if up <= 0 or pile.gives == Reach.NONE:
            return 0
        if pile.gives == Reach.ONE:
            return 1
        if pile.gives == Reach.GROUP:
            return up
        relation = pile.moves_as_run
        n = 1
        while n < up and relation is not None and relation.fits(cards[-n], cards[-n - 1]):
            n += 1
        return n

    def carry_limit(self, table: Table, dst: int) -> int:
        """How many cards single moves through free cells and empty columns could carry to
        pile ``dst``: (free cells + 1) x 2^(empty columns other than ``dst``)."""
        piles = table.piles
        cells = sum(1 for i in self._kinds[Kind.CELL] if not piles[i])
        empty = sum(1 for i in self._columns if i != dst and not piles[i] and self.piles[i].empty == "any")
        return (cells + 1) << empty

    def why_not_onto(self, table: Table, run: tuple[int, ...], dst: int) -> str | None:
        """Why the cards ``run`` (bottom first) may not go onto pile ``dst``; None when they may."""
        pile = self.piles[dst]
        cards = table.piles[dst]
        bottom = run[0]
        n = len(run)
        if pile.takes == Reach.NONE:
            return f"nothing is put on {pile.called}"
        if pile.takes == Reach.ONE and n > 1:
            return f"{pile.called} takes one card at a time"
        if pile.takes == Reach.COMPLETE and not _complete(run):
            return f"{pile.called} takes only a whole run of one suit from K down to A"
        if pile.capacity is not None and len(cards) + n > pile.capacity:
            held = "one card" if pile.capacity == 1 else f"{pile.capacity} cards"
            return f"{pile.called} holds {held} at most"
        if pile.suit is not None and SUIT_OF[bottom] != pile.suit:
            return f"{pile.called} takes {SUIT_NAMES[pile.suit]} only"
        name = CARD_TEXT[bottom]
        if not cards:
            empty = pile.empty
            if empty == "any":
                return None
            if empty == "none":
                return f"an empty {pile.kind_word} stays empty in this game"
            rank = table.base_rank() if empty == BASE else int(empty)
            if RANK_OF[bottom] != rank:
                return f"an empty {pile.kind_word} takes {rank_word(rank)}, not {name}"
            return None
        if pile.takes == Reach.COMPLETE:
            return None
        top = cards[-1]
        if pile.build is None or not pile.build.fits(bottom, top):
            how = pile.build.describe() if pile.build is not None else "takes nothing on its top card"
            return f"{name} does not go on {CARD_TEXT[top]}: {pile.called} {how}"
        return None

    def accepts(self, table: Table, cards: tuple[int, ...], n: int, dst: int) -> bool:
        """Whether the top ``n`` of ``cards`` may go onto pile ``dst``: :meth:`why_not_onto`
        without its words, for the hot path (no slice, no text)."""
        pile = self.piles[dst]
        takes = pile.takes
        if takes == Reach.NONE or (takes == Reach.ONE and n > 1):
            return False
        if takes == Reach.COMPLETE and not _complete(cards[-n:]):
            return False
        onto = table.piles[dst]
        if pile.capacity is not None and len(onto) + n > pile.capacity:
            return False
        bottom = cards[-n]
        if pile.suit is not None and SUIT_OF[bottom] != pile.suit:
            return False
        if not onto:
            empty = pile.empty
            if empty == "any":
                return True
            if empty == "none":
                return False
            return RANK_OF[bottom] == (table.base_rank() if empty == BASE else int(empty))
        if takes == Reach.COMPLETE:
            return True
        return pile.build is not None and pile.build.fits(bottom, onto[-1])

    # --- moves ---------------------------------------------------------------------------------

    def legal_moves(self, table: Table) -> list[Move]:
        # The hot path of every search and playout: what :meth:`accepts` says, with what depends
        # on the target alone worked out once per listing, not once per source (Eight Off
        # listed its moves in 125 microseconds with each pair of piles worked out whole).
        moves: list[Move] = []
        piles = table.piles
        specs = self.piles
        targets = self._open_targets(table)
        if not targets:
            return moves + self._word_moves(table)
        cells = empty = -1  # counted when a run first asks
        between = Move.between
        for i in self._sources:
            longest = self.run_length(table, i)
            if not longest:
                continue
            cards = piles[i]
            src_id = specs[i].id
            carried = specs[i].gives == Reach.SUPER
            for j, dst_id, how, room, spare, build, suit, top in targets:
                if j == i:
                    continue
                most = longest if longest < room else room
                if most > 1 and carried:
                    if cells < 0:
                        cells = sum(1 for k in self._kinds[Kind.CELL] if not piles[k])
                        empty = sum(1 for k in self._columns if not piles[k] and specs[k].empty == "any")
                    limit = (cells + 1) << (empty - spare)
                    if limit < most:
                        most = limit
                if how == _ONTO:
                    for n in range(1, most + 1):
                        card = cards[-n]
                        if (suit is None or SUIT_OF[card] == suit) and build.fits(card, top):
                            moves.append(between(src_id, dst_id, n))
                elif how == _INTO_EMPTY:
                    for n in range(1, most + 1):
                        card = cards[-n]
                        if (suit is None or SUIT_OF[card] == suit) and (not top or RANK_OF[card] == top):
                            moves.append(between(src_id, dst_id, n))
                else:  # a whole run of one suit, K to A
                    moves += [
                        between(src_id, dst_id, n)
                        for n in range(1, most + 1)
                        if self.accepts(table, cards, n, j)
                    ]
        moves += self._word_moves(table)
        return moves

    def _open_targets(self, table: Table) -> list[_Target]:
        """The piles that may take a card now, each with what :meth:`legal_moves` asks of it:
        its index and id, how it takes cards (onto its top card by its build, into it empty,
        or a whole run), how many it has room for, whether it is an empty column (which
        halves what free cells and columns carry), its build, its suit, and its top card (the
        rank an empty one takes, 0 for any)."""
        out: list[_Target] = []
        piles = table.piles
        for j in self._targets:
            dst = self.piles[j]
            takes = dst.takes
            onto = piles[j]
            room = 1 if takes == Reach.ONE else 1 << 30
            if dst.capacity is not None:
                room = min(room, dst.capacity - len(onto))
            if room <= 0:
                continue
            spare = 1 if not onto and j in self._columns and dst.empty == "any" else 0
            if takes == Reach.COMPLETE:
                out.append((j, dst.id, _WHOLE, room, spare, None, None, 0))
            elif onto:
                if dst.build is not None:
                    out.append((j, dst.id, _ONTO, room, spare, dst.build, dst.suit, onto[-1]))
            elif dst.empty != "none":
                rule = dst.empty
                rank = 0 if rule == "any" else table.base_rank() if rule == BASE else int(rule)
                out.append((j, dst.id, _INTO_EMPTY, room, spare, None, dst.suit, rank))
        return out

    def _word_moves(self, table: Table) -> list[Move]:
        piles = table.piles
        out = []
        if self._stock >= 0 and piles[self._stock]:
            if self.deals_rows:
                if not (self.deal_needs_full_columns and any(not piles[i] for i in self._columns)):
                    out.append(DEAL)
            elif self._waste >= 0:
                out.append(DRAW)
        elif self._can_redeal(table):
            out.append(REDEAL)
        return out

    def _can_redeal(self, table: Table) -> bool:
        if self._stock < 0 or self._waste < 0 or self.deals_rows:
            return False
        piles = table.piles
        if piles[self._stock] or not piles[self._waste]:
            return False
        return self.redeals is None or table.passes_used < self.redeals

    def illegal_reason(self, table: Table, move: Move) -> str | None:
        if move.word:
            if move in self._word_moves(table):
                return None
            return self._why_not_word(table, move.word)
        if not move.src:
            return self._why_not_cards(table, move)
        i, j = self._index.get(move.src), self._index.get(move.dst)
        if i is None or j is None:
            unknown = move.src if i is None else move.dst
            return f"there is no pile {unknown!r} in this game (its piles: {', '.join(self._index)})"
        if i == j:
            return "a move goes from one pile to another"
        src = self.piles[i]
        cards = table.piles[i]
        if src.gives == Reach.NONE:
            return f"cards never leave {src.called}"
        if not cards:
            return f"{src.called} is empty"
        up = len(cards) - table.down[i]
        n = move.count
        if n > up:
            shown = "no card" if up <= 0 else f"{up} face-up card" + ("s" if up > 1 else "")
            return f"{src.called} has {shown} to move"
        longest = self.run_length(table, i)
        if n > longest:
            if src.gives == Reach.ONE:
                return f"cards leave {src.called} one at a time"
            run = src.moves_as_run
            how = f" ({run.describe()})" if run is not None else ""
            return f"the top {n} cards of {src.called} are not a run that moves together{how}"
        dst = self.piles[j]
        if src.gives == Reach.SUPER and dst.takes != Reach.ONE and n > 1:
            limit = self.carry_limit(table, j)
            if n > limit:
                return (
                    f"{n} cards cannot move at once: the free cells and empty columns carry {limit}"
                    " at most now"
                )
        return self.why_not_onto(table, cards[-n:], j)

    def _why_not_cards(self, table: Table, move: Move) -> str:
        names = "+".join(CARD_TEXT[c] for c in move.ids)
        return f"{names} is not a move here: move cards between piles, such as t3-f1, or type help"

    def _why_not_word(self, table: Table, word: str) -> str:
        piles = table.piles
        if word == "draw" and self._stock >= 0 and not self.deals_rows:
            if piles[self._stock]:
                return "there is no waste to draw onto"
            if self._can_redeal(table):
                return "the stock is empty: redeal to turn the waste over"
            return "the stock is empty" + ("" if piles[self._waste] else " and so is the waste")
        if word == "redeal" and self._waste >= 0 and not self.deals_rows:
            if piles[self._stock]:
                return "the stock is not used up yet: redeal only turns the waste over when it is"
            if not piles[self._waste]:
                return "there is nothing to turn over: the waste is empty"
            return f"no redeal left: the waste may be turned over {self.redeals} times in this game"
        if word == "deal" and self.deals_rows:
            if not piles[self._stock]:
                return "the stock is empty"
            return "deal only when no column is empty: fill the empty columns first"
        words = ", ".join(str(m) for m in self._word_moves(table)) or "none now"
        return f"there is no {word!r} move here (word moves: {words}); move cards such as t3-f1"

    def apply(self, table: Table, move: Move) -> None:
        if move.src:
            table.move(self._index[move.src], self._index[move.dst], move.count)
        elif move is DRAW:
            table.draw(self.draw)
        elif move is REDEAL:
            table.redeal()
        elif move is DEAL:
            table.deal_to(self._columns)
        self.after_move(table)

    def after_move(self, table: Table) -> None:
        """What happens after every move, as part of it, that the piles' data cannot say (none
        by default): Spider's finished runs going home, a reserve filling an empty column."""

    # --- auto-play and the end -------------------------------------------------------------------

    def safe_moves(self, table: Table) -> list[Move]:
        """Moves to a foundation of a card that no card left could need: one on which no card
        still out could be built in a column (by the columns' build), such as a 5 of hearts
        once both black 4s are home."""
        out = []
        home = {c for i in self._foundations for c in table.piles[i]}
        for move in self.legal_moves(table):
            if not move.src or self.piles[self._index[move.dst]].kind != Kind.FOUNDATION or move.count != 1:
                continue
            card = table.piles[self._index[move.src]][-1]
            if self._needed(card, home, table):
                continue
            out.append(move)
        return out

    def _needed(self, card: int, home: set[int], table: Table) -> bool:
        """Whether some card not yet home could go on ``card`` in a column."""
        builds = {self.piles[i].build for i in self._columns} - {None}
        for build in builds:
            assert build is not None
            for other in self.deck.cards:
                if other not in home and other != card and build.fits(other, card):
                    return True
        return False

    def finish_moves(self, table: Table) -> list[Move] | None:
        """The moves that finish the game once nothing is hidden (every card face up, the stock
        empty): foundation moves first, then any move, within a bound; None when the game is
        not at that point or they do not win it."""
        if any(table.down) or (self._stock >= 0 and table.piles[self._stock]) or table.present:
            return None
        trial = table.copy()
        line: list[Move] = []
        seen: set[Hashable] = set()
        while not self.is_won(trial) and len(line) < FINISH_LIMIT:
            legal = self.legal_moves(trial)
            home = [m for m in legal if m.src and self.piles[self._index[m.dst]].kind == Kind.FOUNDATION]
            if not home:
                return None
            key = trial.snapshot().position()
            if key in seen:
                return None
            seen.add(key)
            move = home[0]
            self.apply(trial, move)
            line.append(move)
        return line if self.is_won(trial) else None

    def cards_left(self, table: Table) -> int:
        """Cards not yet on the foundations (0 is a win)."""
        home = sum(len(table.piles[i]) for i in self._foundations)
        return len(self.deck) - home - len(table.removed)

    def solver_key(self, table: Table) -> Hashable:
        piles, down = table.piles, table.down
        return (
            table.present,
            tuple([(down[i], piles[i]) for i in self._fixed]),
            tuple([tuple(sorted([(down[i], piles[i]) for i in group])) for group in self._alike_groups]),
            table.passes_used,
            tuple(table.counters),
        )


def _alike(pile: Pile) -> tuple[Any, ...]:
    """What makes two piles interchangeable: everything but their id, place and deal."""
    return (pile.kind, pile.build, pile.empty, pile.takes, pile.gives, pile.run, pile.suit, pile.capacity)


def _complete(run: tuple[int, ...]) -> bool:
    """A whole run of one suit from K (bottom) down to A (top)."""
    if len(run) != 13:
        return False
    suit = SUIT_OF[run[0]]
    return all(RANK_OF[c] == 13 - k and SUIT_OF[c] == suit for k, c in enumerate(run))

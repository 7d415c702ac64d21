"""The game session: one deal under one set of rules, played move by move.

``Game`` is the mutable object an app holds (python-chess's ``Board``): ``legal_moves``,
two doors for moves (``play`` checks the move and tells the observers; ``push`` applies a
move the caller knows is legal, silently, for searches and replays; ``undo``/``pop`` take
one back), the end, the score, and the state as JSON-safe dicts in a player view (nothing
hidden) or a full view (everything, and loadable).

The engine knows no plugins: a game is observed only when the layer that made it handed it
an :class:`Observer` (:func:`patience_core.new_game` does), and :meth:`Game.from_dict` finds
games by id through the :class:`Catalog` that :mod:`patience_core` installs with
:func:`set_catalog`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Hashable, Iterator, Mapping
from typing import Any, Final, Literal, Protocol

from patience_core.engine.cards import CARD_TEXT
from patience_core.engine.clock import Clock
from patience_core.engine.deal import Deal, make_deal
from patience_core.engine.errors import QUOTE_LIMIT, IllegalMoveError, RecordError, quoted
from patience_core.engine.moves import DECK, DRAW, Move
from patience_core.engine.record import check_fields
from patience_core.engine.resolve import resolve
from patience_core.engine.rules import Rules
from patience_core.engine.spec import GameSpec, OptionValue, Preset
from patience_core.engine.table import NO_CARD, Snapshot, Table

FORMAT: Final = "patience-game"
VERSION: Final = 2
"""The version of the views and records written: 2 adds the piles (``piles``) and decks of
more than 52 cards. Records of version 1 load as before."""
VERSIONS: Final = (1, 2)
"""The record versions :meth:`Game.from_dict` loads."""
View = Literal["player", "full"]
MAX_AUTO_MOVES: Final = 10_000
"""The most moves one call of :meth:`Game.play_auto` plays (far more than any game has)."""


class Observer(Protocol):
    """What a game tells about the moves played through :meth:`Game.play`.

    ``observing`` False lets the game skip the calls. The plugin registry's observer passes
    them to the ``move_played`` and ``game_finished`` hooks.
    """

    observing: bool

    def move_played(self, game: Game, move: Move) -> None: ...

    def game_finished(self, game: Game) -> None: ...


class Catalog(Protocol):
    """The installed games as the layer above the engine knows them: find a spec by game or
    preset id, and the observer of the games made from it."""

    @property
    def observer(self) -> Observer: ...

    def find(self, game_id: str) -> tuple[GameSpec, Preset | None]: ...


_catalog: Catalog | None = None


def set_catalog(catalog: Catalog | None) -> None:
    """Where :meth:`Game.from_dict` finds games by id, and who observes the games it loads.

    :mod:`patience_core` installs the plugin registry when it is imported; the engine on its
    own has none, and ``from_dict`` then needs its ``catalog`` argument.
    """
    global _catalog
    _catalog = catalog


class Game:
    """One game in play. Make it with :func:`patience_core.new_game`.

    >>> import patience_core
    >>> game = patience_core.new_game("tripeaks", seed=1)  # doctest: +SKIP
    >>> game.play("draw"); game.undo()                     # doctest: +SKIP
    """

    __slots__ = (
        "_cards_at_start",
        "_history",
        "_legal",
        "_observer",
        "_over",
        "_start",
        "_uid",
        "_undone",
        "clock",
        "deal",
        "options",
        "preset",
        "rules",
        "spec",
        "table",
    )

    def __init__(
        self,
        spec: GameSpec,
        options: Mapping[str, OptionValue],
        deal: Deal,
        preset: Preset | None = None,
        *,
        observer: Observer | None = None,
        rules: Rules | None = None,
    ) -> None:
        """A game of ``spec`` with ``options`` (checked already: :meth:`GameSpec.resolve`)
        on ``deal``. Apps call :func:`patience_core.new_game`, which checks the options and
        passes the plugins' observer; a game made here directly is observed by ``observer``
        alone (None: by nothing). ``rules``: the rules already made for these options."""
        self.spec = spec
        self.preset = preset
        self.options: dict[str, OptionValue] = dict(options)
        self.rules: Rules = rules if rules is not None else spec.rules(self.options)
        rules = self.rules
        if deal.deck.cards != rules.deck.cards:
            deal = Deal(deal.indices, deal.seed, deck=rules.deck)  # checked against the game's deck
        self.deal = deal
        laid_out = rules.deal_order(deal.indices)
        self.table = Table(
            rules.layout, laid_out, rules.scoring, rules.dealt_face_up(), rules.piles, rules.counters
        )
        self.table.data = rules.deal_data(self.table)
        rules.start(self.table)
        self._start = self.table.state()
        self._cards_at_start = rules.cards_left(self.table)
        self._history: list[tuple[Move, tuple[Any, ...]]] = []
        self._legal: list[Move] | None = None
        self._over: bool | None = None  # is_over() for the position _legal is of; None: not known
        self._observer = observer
        self._undone: list[Move] = []  # what redo plays again, the next last
        self.clock = Clock()
        """The playing time: running from the deal (or the load) until the game ends."""
        self._uid: str | None = None

    @classmethod
    def new(
        cls,
        spec: GameSpec,
        options: Mapping[str, OptionValue],
        *,
        seed: int | None = None,
        deal: Deal | str | None = None,
        preset: Preset | None = None,
        observer: Observer | None = None,
    ) -> Game:
        """A game of ``spec`` with ``options`` (checked already) on deal number ``seed`` (the
        game's own numbering), on ``deal`` (a Deal or deal text of the game's deck), or on a
        random deal."""
        rules = spec.rules(dict(options))
        dealt = make_deal(seed, deal, rules.deck, rules.deal_for)
        return cls(spec, options, dealt, preset, observer=observer, rules=rules)

    # --- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move now: card moves first, then word moves such as ``draw``.

        None once the game is won: a won game is over, whatever the stock still holds.
        """
        legal = self._legal
        return list(self._legal_now() if legal is None else legal)

    def _legal_now(self) -> list[Move]:
        # Every change of the table sets _legal to None, so a position's legal moves and
        # whether it is over are computed once, here and in is_over.
        legal = self._legal
        if legal is None:
            rules, table = self.rules, self.table
            legal = self._legal = [] if rules.is_won(table) else rules.legal_moves(table)
            self._over = None
        return legal

    def parse_move(self, text: str) -> Move:
        """The move written ``text``: move text, or a shorthand the legal moves make plain.

        A pile move may be written short: ``t3-f`` (to the one foundation that takes it),
        ``7H-t3`` (the 7 of hearts with whatever lies on it), ``t1-t4`` for a run of several
        cards when only one run fits, or a card alone (``7H``) when exactly one legal move
        plays it. Such text is read against the legal moves now and gives the move it stands
        for; anything else is read as move text. :class:`InvalidMoveError` if it is neither.
        """
        if isinstance(text, Move):
            return text
        return resolve(text, self._legal_now(), self.table)

    def is_legal(self, move: Move | str) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: Move | str) -> str | None:
        """Why ``move`` is illegal now, or None when it is legal."""
        if not isinstance(move, Move):
            move = self.parse_move(move)  # refuses what is not move text
        if self.rules.is_won(self.table):
            return f"the game is won: {self.rules.win}"
        return self.rules.illegal_reason(self.table, move)

    def play(self, move: Move | str) -> Move:
        """Play a move (a :class:`Move` or move text) and return it: check it, push it, and
        tell the observers.

        Raises :class:`IllegalMoveError` saying why when the move is not legal, and
        :class:`InvalidMoveError` when the text is not a move; the game is unchanged then.
        """
        legal = self._legal
        if move.__class__ is not Move or legal is None or move not in legal:
            move = self.checked(move)
        # push, inlined: this is the public API's hot path (random playouts, the bench).
        table = self.table
        self._history.append((move, table.state()))
        self.rules.apply(table, move)
        self._legal = None
        undone = self._undone
        if undone:  # a new move ends what redo would replay, unless it is the move redo plays
            if undone[-1] == move:
                undone.pop()
            else:
                undone.clear()
        self._played(move)
        return move

    def _played(self, move: Move) -> None:
        # After a move made through play or redo: the new position's legal moves and end
        # (_legal_now and is_over, inlined: the caller asks for them next), the clock stopped
        # at the end, the observers told.
        rules, table = self.rules, self.table
        legal = self._legal = [] if rules.is_won(table) else rules.legal_moves(table)
        over = self._over = rules.is_over(table, legal)
        if over:
            self.clock.stop()
        observer = self._observer
        if observer is not None and observer.observing:
            observer.move_played(self, move)
            if over:
                observer.game_finished(self)

    def checked(self, move: Move | str) -> Move:
        """``move`` as a :class:`Move` if it is legal now; else :class:`IllegalMoveError`
        saying why (or :class:`InvalidMoveError` for text that is no move). Changes nothing."""
        if move.__class__ is not Move:
            move = self.parse_move(move)  # type: ignore[arg-type]
        legal = self._legal
        if legal is None or move not in legal:
            reason = self.why_illegal(move)
            if reason is not None:
                raise IllegalMoveError(f"illegal move {move}: {reason}", move=move, reason=reason)
        return move  # type: ignore[return-value]

    def push(self, move: Move | str) -> Move:
        """Apply ``move`` (a :class:`Move` or move text) without checking it and without
        telling any observer; return it.

        For code that knows the move is legal: searches, replays, samples, players
        (python-chess's ``Board.push``). A move that is not legal leaves the game in a state
        its rules never reach; check first with :meth:`checked` or :meth:`is_legal`.
        """
        if move.__class__ is not Move:
            move = Move.parse(move)  # type: ignore[arg-type]
        table = self.table
        self._history.append((move, table.state()))  # type: ignore[arg-type]
        self.rules.apply(table, move)  # type: ignore[arg-type]
        self._legal = None
        return move  # type: ignore[return-value]

    def pop(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when no move was played.

        The other half of :meth:`push`, for searches: it keeps nothing for :meth:`redo`.
        """
        if not self._history:
            raise IndexError("no move to undo")
        move, state = self._history.pop()
        self.table.restore(state)
        self._legal = None
        return move

    def undo(self) -> Move:
        """Take back the last move, keep it for :meth:`redo`, and return it; ``IndexError``
        when no move was played. Taking back the end of a game starts its clock again."""
        move = self.pop()
        self._undone.append(move)
        self.clock.start()
        return move

    def redo(self) -> Move:
        """Play again the last move taken back with :meth:`undo` (or :meth:`restart`) and return
        it; ``IndexError`` when there is none. A move played after an undo, other than the one
        redo would play, ends what redo can replay (as in any editor).

        >>> import patience_core
        >>> game = patience_core.new_game("tripeaks", seed=1)
        >>> game.play("draw"); game.undo(); game.redo()
        Move.parse('draw')
        Move.parse('draw')
        Move.parse('draw')
        """
        if not self._undone:
            raise IndexError("no move to redo")
        move = self._undone.pop()
        table = self.table
        self._history.append((move, table.state()))
        self.rules.apply(table, move)
        self._legal = None
        self._played(move)
        return move

    @property
    def undone(self) -> list[Move]:
        """The moves :meth:`redo` would play again, the next first."""
        return self._undone[::-1]

    # --- auto-play -------------------------------------------------------------------------------

    def auto_moves(self, *, safe_only: bool = False) -> list[Move]:
        """The moves auto-play would make now, in order, by the rules' policy
        (:class:`~patience_core.engine.rules.AutoPlay`): a move the rules call safe, or a draw
        when drawing is the only legal move, or the whole rest of the game when every step of it
        is forced and none turns up a card the player has not seen. Nothing is played;
        :meth:`play_auto` plays them. With ``safe_only``, only the safe move: what plays as a
        game opens, before the player has looked at the deal.

        It decides from what the player sees: the legal moves and the cards in sight. Looking
        ahead, it stops at the first move that would turn up an unseen card, so whether it
        plays says nothing about a hidden card.
        """
        rules = self.rules
        policy = rules.autoplay
        if self.is_over():
            return []
        if policy.safe_moves:
            safe = rules.safe_moves(self.table)
            if safe:
                return safe[:1]
        if safe_only:
            return []
        legal = self._legal_now()
        if policy.finish_when_forced and len(legal) == 1:
            trial = self.copy()
            unseen = trial.table.unseen()
            forced: list[Move] = []
            # Forced moves may go round (draw, redeal, draw... with nothing to play): a
            # position met again, or a run as long as auto-play may ever be, ends nothing.
            seen = {trial.state_key()}
            while not trial.is_over():
                step = trial._legal_now()
                if len(step) != 1 or len(forced) >= MAX_AUTO_MOVES:
                    break
                forced.append(trial.push(step[0]))
                if trial.table.unseen() < unseen:
                    break  # a card came into sight: what follows depends on it
                key = trial.state_key()
                if key in seen:
                    break
                seen.add(key)
            else:
                if trial.table.unseen() == unseen:
                    return forced
        if policy.draw_when_only_move and len(legal) == 1 and legal[0] is DRAW:
            return [DRAW]
        return []

    def play_auto(self, *, safe_only: bool = False) -> list[Move]:
        """Play what auto-play plays (:meth:`auto_moves`, with ``safe_only`` only safe moves),
        again after each step, through :meth:`play` (so they are normal moves, seen by the
        observers), and return them. Apps call it after each move of the player's when
        auto-play is on, and with ``safe_only`` as a game opens; the API never plays a move by
        itself."""
        played: list[Move] = []
        while len(played) < MAX_AUTO_MOVES:
            moves = self.auto_moves(safe_only=safe_only)
            if not moves:
                break
            for move in moves:
                played.append(self.play(move))
        return played

    def finish_moves(self) -> list[Move]:
        """The moves that finish the game now that nothing is left to decide (every card in sight
        and the rest plain, as the rules judge it): what a player's ``finish`` plays; empty
        when the game is not at that point."""
        if self.is_over():
            return []
        return list(self.rules.finish_moves(self.table) or [])

    def peek(self) -> Move:
        """The last move played."""
        if not self._history:
            raise IndexError("no move played yet")
        return self._history[-1][0]

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, first to last."""
        return [m for m, _ in self._history]

    def restart(self) -> None:
        """Back to the deal, as if no move had been played; :meth:`redo` plays the moves again.
        The clock keeps running: the time spent on the deal so far still counts."""
        self._undone += [move for move, _ in reversed(self._history)]
        self.table.restore(self._start)
        self._history.clear()
        self._legal = None
        self.clock.start()

    # --- the end and the measures ----------------------------------------------------------------

    def is_won(self) -> bool:
        return self.rules.is_won(self.table)

    def is_over(self) -> bool:
        over = self._over
        if over is None or self._legal is None:
            over = self._over = self.rules.is_over(self.table, self._legal_now())
        return over

    def status(self) -> str:
        """``won``, ``lost`` (over without a win) or ``playing``."""
        if self.is_won():
            return "won"
        return "lost" if self.is_over() else "playing"

    def cards_left(self) -> int:
        """Layout cards still on the table (0 is a win in most games)."""
        return self.rules.cards_left(self.table)

    def cards_at_start(self) -> int:
        """What :meth:`cards_left` was at the deal, so what it counts down from: the layout's
        cards in most games, every card where every card must go."""
        return self._cards_at_start

    def score(self) -> int:
        return self.rules.scoring.score(self.table)

    def deal_text(self) -> str:
        return str(self.deal)

    @property
    def id(self) -> str:
        """The id the game was made with: the preset's when there is one."""
        return self.preset.id if self.preset else self.spec.id

    @property
    def uid(self) -> str:
        """This game's identity: 32 hex digits, made when first asked for (a new deal is a new
        game). A record that holds it as ``uid`` (as ``patience play`` saves them) gives it back
        through :meth:`from_dict`, so that statistics count a game once whatever its copies;
        a record without one gets one made from its content, the same for every copy."""
        if self._uid is None:
            self._uid = secrets.token_hex(16)
        return self._uid

    # --- copies and keys ---------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent game at the same position with the same history, to try moves on:
        no observer sees it."""
        other = Game.__new__(Game)
        other.spec, other.preset, other.options = self.spec, self.preset, dict(self.options)
        other.rules, other.deal, other._start = self.rules, self.deal, self._start
        other._cards_at_start = self._cards_at_start
        other.table = self.table.copy()
        other._history = list(self._history)
        other._legal = None
        other._over = None
        other._observer = None
        other._undone = []
        other.clock = Clock(self.clock.seconds, running=False)
        other._uid = self._uid
        return other

    def state_key(self) -> Hashable:
        """The rules' key of the position (full information): equal for positions with the same future."""
        return self.rules.solver_key(self.table)

    def snapshot(self) -> Snapshot:
        """The exact state as a hashable tuple; equal snapshots are the same position."""
        return self.table.snapshot()

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __repr__(self) -> str:
        seed = f" seed={self.deal.seed}" if self.deal.seed is not None else ""
        return f"<Game {self.id}{seed} moves={len(self._history)} {self.status()}>"

    # --- views -------------------------------------------------------------------------------

    def to_dict(self, view: View = "player") -> dict[str, Any]:
        """The state as JSON-safe data.

        ``view="player"`` holds what a player may see: no face-down card, no stock order, no
        deal or seed. ``view="full"`` adds them and the deal, and loads back with
        :meth:`from_dict`. Both are the position alone, so two views of one position are
        equal: the playing time and the moves :meth:`redo` would replay are in
        :meth:`to_record`. Each layout position carries its drawing coordinates and the ids of
        the positions lying on it (``covered_by``), so an app can draw any game from the view
        alone.
        """
        if view not in ("player", "full"):
            raise ValueError(f"view is 'player' or 'full', not {view!r}")
        full = view == "full"
        t = self.table
        free = t.free_mask()
        up = t.face_up_mask()
        layout = []
        for pos, spot in enumerate(t.layout.spots):
            entry: dict[str, Any] = {
                "id": spot.id,
                "x": spot.x,
                "y": spot.y,
                "covered_by": list(spot.covered_by),
            }
            present = bool(t.present >> pos & 1)
            shows = bool(up >> pos & 1)
            entry["present"] = present
            entry["face_up"] = present and shows
            entry["free"] = present and bool(free >> pos & 1)
            entry["card"] = CARD_TEXT[t.cards[pos]] if present and (shows or full) else None
            if entry["card"] is not None and t.cards[pos] >= DECK:
                entry["copy"] = t.cards[pos] // DECK + 1  # which of two 7S a click or a move means
            layout.append(entry)
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "view": view,
            "game": self.spec.id,
            "preset": self.preset.id if self.preset else None,
            "options": dict(self.options),
        }
        if full:
            out["seed"] = self.deal.seed
            out["deal"] = self.deal_text()
        out.update(
            moves=[str(m) for m in self.moves],
            status=self.status(),
            cards_left=self.cards_left(),
            cards_at_start=self._cards_at_start,
            score=self.score(),
            layout=layout,
            stock={
                "count": t.stock_left(),
                "passes_used": t.passes_used,
                "passes": self.rules.passes,
            },
            has_drawn_card=self.rules.has_drawn_card,
            drawn=CARD_TEXT[t.drawn] if t.drawn != NO_CARD else None,
            waste=[CARD_TEXT[c] for c in t.waste],
            removed=[CARD_TEXT[c] for c in t.removed],
            legal_moves=[str(m) for m in self.legal_moves()],
        )
        if full:
            out["stock"]["cards"] = [CARD_TEXT[c] for c in reversed(t.stock)]
        out["piles"] = self._piles_view(full)
        return out

    def _piles_view(self, full: bool) -> list[dict[str, Any]]:
        """Each pile as the view shows it: where it is drawn, how many cards, how many face
        down, and the cards bottom first, face-down ones as null unless ``full``."""
        t = self.table
        out = []
        for i, spec in enumerate(t.specs):
            pile = t.piles[i]
            down = len(pile) if i == t.stock_i else t.down[i]
            cards: list[str | None] = [CARD_TEXT[c] for c in pile]
            if not full:
                cards[:down] = [None] * down
            out.append(
                {
                    "id": spec.id,
                    "kind": spec.kind.value,
                    "name": spec.title,
                    "x": spec.x,
                    "y": spec.y,
                    "fan": spec.fan.value,
                    "count": len(pile),
                    "down": down,
                    "cards": cards,
                }
            )
        return out

    def to_record(self) -> dict[str, Any]:
        """The game's record, to save and load back with :meth:`from_dict`: the full view, the
        moves :meth:`redo` would play again (``undone``, the next first), the playing time
        so far (``seconds``) and the game's identity (``uid``). It reveals every card.

        >>> import patience_core
        >>> record = patience_core.new_game("tripeaks", seed=1).to_record()
        >>> record["view"], record["seconds"] < 60
        ('full', True)
        """
        record = self.to_dict("full")
        record["undone"] = [str(m) for m in self.undone]
        record["seconds"] = round(self.clock.seconds, 3)
        record["uid"] = self.uid  # the same game, however many times it is saved and resumed
        return record

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, catalog: Catalog | None = None) -> Game:
        """Load a full view (or a game record): replay its moves on its deal and check the result.

        The game is found by id in ``catalog`` (default: the one :func:`set_catalog`
        installed, the plugin registry) and observed by its observer. Raises
        :class:`RecordError` naming the problem for anything else: a player view (which hides
        cards), another format or version, an unknown game, a bad deal, an illegal move, or a
        stated position that its moves do not reach.
        """
        catalog = catalog or _catalog
        if catalog is None:
            raise RecordError("no games to load into: give Game.from_dict a catalog of games")

        if not isinstance(data, Mapping):
            raise RecordError("a saved game is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a saved game (format {quoted(data.get('format'))}, expected {FORMAT!r})")
        version = data.get("version")
        if version not in VERSIONS or type(version) is not int:
            raise RecordError(
                f"saved game version {quoted(version)} is not supported (this program reads versions"
                f" {', '.join(map(str, VERSIONS))})"
            )
        if data.get("view", "full") != "full":
            raise RecordError("a player view hides cards and cannot be loaded; save with view='full'")
        check_fields(data)  # each field of the right type and size before any is used
        seed = data.get("seed")
        try:
            game_id = data["preset"] if data.get("preset") else data["game"]
            spec, preset = catalog.find(game_id)
            named = data["options"]
            if version == 1:  # the rules it was played by (GameSpec.since_version_1)
                named = {**spec.since_version_1, **named}
                if preset is not None and preset.id in spec.changed_since_version_1:
                    named, preset = {**preset.options, **named}, None
            options = spec.resolve(named, preset.options if preset else None)
            rules = spec.rules(options)
            deal = Deal.parse(data["deal"], rules.deck)
            if seed is not None:
                numbered = rules.deal_for(seed)
                if numbered != deal:
                    raise RecordError(f"saved game: the deal is not deal #{seed}")
                deal = numbered
            game = cls(spec, options, deal, preset, rules=rules)
        except RecordError:
            raise
        except ValueError as err:  # unknown game, bad option, bad deal
            raise RecordError(f"saved game: {err}") from None
        if game.spec.id != data["game"]:
            raise RecordError(f"saved game: preset {game.id!r} is not a preset of {data['game']!r}")
        if str(deal) != data["deal"]:
            raise RecordError("saved game: its deal text is not written as records write it")
        for n, text in enumerate(data["moves"], 1):
            try:
                move = game.push(game.checked(text))
            except ValueError as err:
                shown = text if len(text) <= QUOTE_LIMIT else quoted(text)
                raise RecordError(f"saved game: move {n} ({shown}) cannot be played: {err}") from None
            if str(move) != text:  # the record schema's move text: what to_dict writes
                raise RecordError(
                    f"saved game: move {n} ({text}) is not written as records write it ({move})"
                )
        undone = data.get("undone", [])  # both checked by check_fields above
        game.clock = Clock(data.get("seconds", 0.0))
        if undone:
            trial = game.copy()
            for n, text in enumerate(undone, 1):
                try:
                    trial.push(trial.checked(text))
                except ValueError as err:
                    raise RecordError(
                        f"saved game: move {n} to redo ({text}) cannot be played: {err}"
                    ) from None
            game._undone = trial.moves[len(game._history) :][::-1]
        if game.is_over():
            game.clock.stop()
        stated = {k: v for k, v in data.items() if k in STATE_KEYS}
        if stated:
            actual = game.to_dict("full")
            for key, value in stated.items():
                if actual[key] != value:
                    raise RecordError(f"saved game: its {key!r} does not match what its moves give")
        game._uid = data.get("uid") or _uid_of(data)
        game._observer = catalog.observer  # observed from here on, not while its moves replay
        return game


def _uid_of(data: Mapping[str, Any]) -> str:
    """The identity of a record saved before games had one: the same for every copy of it."""
    fields = {k: data.get(k) for k in ("game", "preset", "options", "seed", "deal", "moves", "saved_at")}
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:32]


STATE_KEYS: Final = frozenset(
    {
        "status",
        "cards_left",
        "cards_at_start",
        "score",
        "layout",
        "stock",
        "drawn",
        "waste",
        "removed",
        "legal_moves",
        "piles",
    }
)
"""The keys of a full view that its moves determine; :meth:`Game.from_dict` checks them."""

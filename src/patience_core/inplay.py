"""A game in play: what happens to it between the player and the statistics, for every front end.

The terminal (``cli/session.py``) reads and draws, the server (``web/games.py``) stores and
answers HTTP; both hold each game in an :class:`InPlay`, which decides the rest the same way:

- **Changes**: undo, redo and restart are refused with :class:`NotNow` when there is nothing
  to do, and undo and redo in a game whose rules turn undo off (``Rules.undo_off``, PySolFC's
  scored Three Peaks, which still lets a game restart); the words say why; auto-play follows
  a move of the player's when it is on, never an undo or a restart; a game abandoned for a new
  deal takes no more changes.
- **Help**: "still winnable?" and revealing the deal (the record downloaded before the end)
  look at the hidden cards, so the game is *assisted*: counted apart in the statistics. A
  game the demo played in is not the player's: it is not counted.
- **Results**: a game counts when it ends, won or lost, in the statistics of the player's
  data folder, once whatever its copies (by its ``uid``). Its result is that of its latest
  end: a game lost, taken back from the end and then won counts as one game won (the loss is
  replaced in place), and so the other way round. A game abandoned for a new deal with moves
  played and no result yet counts as a loss, as PySolFC and Microsoft's collection count it.
  Quitting, or closing the page, abandons nothing: the game is kept to resume.
- **A result the statistics cannot take** (a full disk, a read-only file) is *pending*: the
  front end keeps it (the terminal as a file in ``unrecorded/``, the server in its games
  file) and tries again later; it is never said to be counted before it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

import patience_core
from patience_core import Game, IllegalMoveError, InvalidMoveError, Move
from patience_core.engine.errors import quoted
from patience_core.solver import still_winnable_full_information
from patience_core.solver.winnable import Winnable
from patience_core.userdata.common import UserError
from patience_core.userdata.records import record_of
from patience_core.userdata.stats import Store
from patience_core.userdata.unrecorded import count_kept

NOT_COUNTED_DEMO: Final = "the demo played in this game"
"""Why a game is not counted once the demo has played in it."""


class NotNow(ValueError):
    """What the game refuses now (nothing to undo, the game is over): one line, nothing changed."""


class RulesFailed(Exception):
    """The game's rules (a plugin's code) answered what no game answers, after their trial deal."""


def told(err: BaseException) -> str:
    """An exception in a message: its type and a few dozen characters of what it says."""
    text = str(err)
    return f"{type(err).__name__}: {quoted(text, 120)[1:-1] if len(text) > 120 else text}"


def rules_failed(game: Game, err: BaseException) -> str:
    """The one line that ends a game whose plugin's rules failed in it."""
    return f"the game stopped: plugin {game.spec.plugin!r} failed in its rules: {told(err)}"


class Tally(Protocol):
    """Where results go: :class:`Statistics`, or a test's own."""

    def record(self, game: Game, *, assisted: bool, abandoned: bool) -> None:
        """Count the result; :class:`UserError` when it cannot be counted now."""


class Statistics:
    """The statistics file of a data folder, and the results kept there to count later.

    Before a new result, the results kept from before are counted (oldest first, so a kept
    result never replaces a newer one); :class:`UserError` when the file cannot be written.
    """

    def __init__(self, store: Store | None = None, folder: Path | None = None) -> None:
        self.store = store or Store()
        self.folder = folder

    def record(self, game: Game, *, assisted: bool, abandoned: bool) -> None:
        count_kept(self.store, self.folder)
        self.store.record(game, assisted=assisted, abandoned=abandoned)


@attrs.frozen
class Result:
    """What became of a result when the game ended or was abandoned."""

    counted: bool
    """It is in the statistics now."""
    abandoned: bool = False
    why_not: str | None = None
    """Why it does not count at all (the demo played, a script's moves), or None."""
    error: str | None = None
    """Why the statistics could not take it (it is pending: kept and tried again), or None."""


@attrs.frozen
class Played:
    """What a line of moves did: the moves played, auto-play's after them, and the refusal of
    the first that could not be played (None when all were)."""

    played: list[Move]
    auto_played: list[Move]
    refused: ValueError | None


@attrs.define(eq=False)
class InPlay:
    """One game in play and what its result is to become.

    ``counts``: results of this front end go to the statistics (the terminal: a person at it,
    or ``--count``). ``settled``: the end the game is at has been dealt with (counted, kept, or
    found not to count); a game loaded already over was settled where it ended. ``pending``:
    a result the statistics could not take yet, for :meth:`retry`.
    """

    game: Game
    tally: Tally | None = None
    counts: bool = True
    demoed: bool = False
    assisted: bool = False
    abandoned: bool = False
    settled: bool = attrs.field(default=attrs.Factory(lambda self: self.game.is_over(), takes_self=True))
    ended: bool = attrs.field(default=attrs.Factory(lambda self: self.game.is_over(), takes_self=True))
    """An end of the game was reached (and counted, when it counts): an abandonment adds nothing."""
    pending: bool = False
    why_not_counted: str = "the moves came from a pipe (patience play --count counts them)"
    """Why results are not counted when ``counts`` is off, in the front end's words."""
    _opening: list[Move] | None = attrs.field(default=None, init=False, repr=False)

    # --- what the game's result is to be ----------------------------------------------------------

    @property
    def counted(self) -> bool:
        """Whether this game's result goes to the statistics."""
        return self.counts and not self.demoed

    def _open(self) -> None:
        if self.abandoned:
            raise NotNow("the game was abandoned for a new deal: it takes no more moves")

    def _after(self) -> None:
        # Taken back from the end: the next end is settled again.
        if not self.game.is_over():
            self.settled = False

    def check_rules(self) -> None:
        """Raise :class:`RulesFailed` when the rules' legal moves are not distinct moves: the
        trial deal checks that shape when a game is registered, and rules may change after it."""
        legal = self.game.legal_moves()
        if not isinstance(legal, list) or not all(isinstance(m, Move) for m in legal):
            raise RulesFailed(f"legal_moves returned {quoted(legal)}, not a list of moves")
        if len(set(legal)) != len(legal):
            raise RulesFailed("legal_moves lists a move twice")

    # --- changes ----------------------------------------------------------------------------------

    def play(self, texts: Sequence[str | Move], *, auto: bool = False) -> Played:
        """Play moves in turn through ``Game.play``, stopping at the first that cannot be
        played (a move after the end is refused too); then, with ``auto``, what auto-play
        plays. Nothing is refused as a whole: the moves before a refusal stay played."""
        self._open()
        game = self.game
        played: list[Move] = []
        refused: ValueError | None = None
        for text in texts:
            if game.is_over():
                reason = f"the game is over ({game.status()})"
                refused = IllegalMoveError(
                    f"{reason}, so {text} was not played", move=str(text), reason=reason
                )
                break
            try:
                played.append(game.play(text))
            except (IllegalMoveError, InvalidMoveError) as err:
                refused = err
                break
        auto_played = self.auto_play() if auto and played else []
        self._after()
        return Played(played, auto_played, refused)

    def auto_play(self, *, opening: bool = False) -> list[Move]:
        """Play what auto-play plays now (safe moves home, draws that are the only move, a
        forced ending); with ``opening``, only the safe moves, as a game opens: a draw or a
        forced ending waits for the player's first move, so the deal is seen as dealt."""
        if self.game.is_over():
            return []
        return self.game.play_auto(safe_only=opening)

    def play_for_demo(self, move: Move | str) -> Move:
        """A move the demo chose: from now on the game is not the player's to count."""
        self._open()
        self.demoed = True
        move = self.game.play(move)
        self._after()
        return move

    def _undo_allowed(self) -> None:
        why = self.game.rules.undo_off
        if why:
            raise NotNow(f"no move is taken back in this game: {why}")

    def undo(self) -> Move:
        self._open()
        self._undo_allowed()
        if not self.game.moves:
            raise NotNow("nothing to undo: no move has been played yet")
        move = self.game.undo()
        self._after()
        return move

    def redo(self) -> Move:
        self._open()
        self._undo_allowed()
        if not self.game.undone:
            raise NotNow("nothing to redo: no move was taken back since the last move")
        move = self.game.redo()
        self._after()
        return move

    def restart(self) -> None:
        self._open()
        if not self.game.moves:
            raise NotNow("already at the start of the deal")
        self.game.restart()
        self._after()

    # --- help that looks at the hidden cards ---------------------------------------------------------

    def still_winnable(self, time_limit: float) -> Winnable:
        """Whether the game can still be won, SEEING THE HIDDEN CARDS: the game is assisted
        from now on."""
        return still_winnable_full_information(self.assisting_copy(), time_limit=time_limit)

    def assisting_copy(self) -> Game:
        """A copy of the game for a search that sees the hidden cards ("still winnable?"): the
        game is assisted from now on. The server searches the copy without holding the game."""
        if self.game.is_over():
            raise NotNow(f"the game is over ({self.game.status()})")
        self.assisted = True
        return self.game.copy()

    def reveal(self) -> dict[str, Any]:
        """The game record before the end (it shows every card): the game is assisted."""
        if not self.game.is_over():
            self.assisted = True
        return self.record()

    def record(self) -> dict[str, Any]:
        """The game record, with ``assisted`` when help was used, as saves and downloads keep it."""
        data = record_of(self.game)
        if self.assisted:
            data["assisted"] = True
        return data

    # --- results ------------------------------------------------------------------------------------

    def has_result(self) -> bool:
        """Whether an end of this game was reached before (its result stands)."""
        return self.ended

    def settle(self) -> Result | None:
        """Count the end the game is at, once: None when it is not over or was settled. The
        terminal's one step; the server keeps the game between :meth:`conclude` and :meth:`flush`."""
        result = self.conclude()
        return self.flush() if result is not None and self.pending else result

    def conclude(self) -> Result | None:
        """Note the end the game is at, once: the result is now *pending* (for :meth:`flush`)
        when it counts; a result that does not count, or None when there is no new end."""
        if not self.game.is_over() or self.settled:
            return None
        self.settled = self.ended = True
        return self._owe(abandoned=False)

    def abandon(self) -> Result | None:
        """Leave the game for a new deal: a loss when :meth:`abandon_counts`, then pending
        for :meth:`flush` (None when it counts for nothing). It takes no more changes after."""
        counts = self.abandon_counts()
        self.abandoned = True
        return self._owe(abandoned=True) if counts else None

    def abandon_counts(self) -> bool:
        """Whether abandoning the game now would count as a loss: moves played, not over, no
        result yet, and its results count."""
        game = self.game
        if game.is_over() or self.ended or not self.counted or self.abandoned:
            return False
        return self.player_moved()

    def opening(self) -> list[Move]:
        """The moves auto-play plays at the deal, safe moves only (the aces of a Klondike deal,
        say): what an app with auto-play on plays as the game opens, before the player does
        anything."""
        if self._opening is None:
            trial = self.game.copy()
            trial.restart()
            self._opening = trial.play_auto(safe_only=True)
        return self._opening

    def player_moved(self) -> bool:
        """Whether the game has a move of the player's: a move beyond what auto-play plays at
        the deal (those decide nothing, so a game left after them is not a loss).

        >>> import patience_core
        >>> game = patience_core.new_game("klondike", seed=3)
        >>> inplay = InPlay(game)
        >>> inplay.player_moved(), inplay.auto_play(opening=True) == inplay.opening() != []
        (False, True)
        >>> inplay.player_moved()
        False
        """
        moves = self.game.moves
        if not moves:
            return False
        opening = self.opening()
        return len(moves) > len(opening) or moves != opening[: len(moves)]

    def abandon_question(self) -> str:
        """The question before a new deal abandons a game in progress, saying what it counts."""
        moves = len(self.game.moves)
        if self.abandon_counts():
            counts = " It counts as a loss in the statistics."
        elif self.counted and self.ended:
            counts = " Its result stands in the statistics."
        else:
            counts = ""
        return f"Abandon this game ({moves} moves played)?{counts}"

    def _owe(self, *, abandoned: bool) -> Result:
        if not self.counted:
            why = NOT_COUNTED_DEMO if self.demoed else self.why_not_counted
            return Result(False, abandoned, why_not=why)
        self.pending = True
        return Result(False, abandoned)

    def flush(self) -> Result | None:
        """Hand a pending result to the statistics: counted, or still pending with the reason
        (None when nothing is pending). Safe to repeat: a game is counted once."""
        if not self.pending:
            return None
        abandoned = self.abandoned and not self.game.is_over()
        if self.tally is None:
            return Result(False, abandoned, error="no statistics are kept here")
        try:
            self.tally.record(self.game, assisted=self.assisted, abandoned=abandoned)
        except UserError as err:
            return Result(False, abandoned, error=str(err))
        self.pending = False
        return Result(True, abandoned)

    # --- keeping and resuming -------------------------------------------------------------------------

    @classmethod
    def resume(cls, data: Mapping[str, Any], **kwargs: Any) -> InPlay:
        """A game from its record (every move replayed and checked), with the help it had; a
        game that had ended was counted where it ended."""
        game = patience_core.load_game(data)
        game.clock.stop()
        kwargs.setdefault("assisted", data.get("assisted") is True)
        return cls(game, **kwargs)

    def new_deal(self, seed: int | None = None, *, make: Callable[..., Game] | None = None) -> InPlay:
        """A new deal of the same game and options, with the same front end's settings."""
        options: dict[str, Any] = dict(self.game.options)
        game_id = patience_core.REGISTRY.id_of(self.game.spec, self.game.preset)
        game = (make or patience_core.new_game)(game_id, seed=seed, **options)
        return InPlay(game, self.tally, counts=self.counts, why_not_counted=self.why_not_counted)

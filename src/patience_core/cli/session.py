"""The play loop: one game at a time, commands from a person at a terminal or from a pipe.

Nothing here knows any particular game: moves are move text the game parses, numbers pick
from the game's own list of legal moves, and the picture comes from :mod:`.render`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from rich.console import Console
from rich.text import Text

from patience_core import Game, IllegalMoveError, InvalidMoveError, Move
from patience_core.cli.common import CliError, describe_game, new_deal_like, warn
from patience_core.cli.records import autosave_path, save_game
from patience_core.cli.render import Renderer
from patience_core.cli.unrecorded import count_result
from patience_core.engine.errors import quoted
from patience_core.players import hint


def suggest(game: Game) -> str | None:
    """A good next move in ``game`` and why, in one sentence; None when the game is over.

    The one place the prompt's ``hint`` asks. The hint never reads a hidden card: it samples
    them (:func:`patience_core.players.hint`), in at most half a second, as in
    ``QH+AS wins in 37 of 40 samples (...)``.
    """
    if game.is_over():
        return None
    return f"{hint(game).explanation}."


HELP: Final = """\
Type a move, a move number, or a command.
  4H           play a card: rank A 2-9 T J Q K (10 works too), suit C D H S
  QH+AS        play cards together, where the game has such moves
  draw         turn a card from the stock (redeal turns the waste over, where allowed)
  3            play move number 3 of the list of legal moves
  4H 5S draw   several moves in a row; stops at the first that is not legal
  undo         take back the last move
  hint         suggest a move
  moves        list the legal moves
  board        show the table again
  restart      start this deal again from the beginning
  save [FILE]  save the game to FILE (default: GAME-DEAL.json here)
  help         show this help
  quit         leave; an unfinished game is kept for 'patience play --resume'"""

_QUIT: Final = frozenset({"quit", "q", "exit"})
_YES: Final = frozenset({"y", "yes", "new"})
_NO: Final = frozenset({"n", "no", "quit", "q", "exit"})


def result_text(game: Game) -> str:
    """How a game stands, in one sentence: won, lost or not finished, with cards left and score."""
    measures = f"cards left {game.cards_left()}, score {game.score()}"
    if game.is_won():
        return f"You won! {measures[0].upper()}{measures[1:]}."
    if game.is_over():
        why = "no legal move is left" if not game.legal_moves() else "the game is over"
        return f"Game over, lost: {why}. {measures[0].upper()}{measures[1:]}."
    return f"Not finished: {measures}."


class Session:
    """An interactive or piped game session.

    ``interactive``: a person at a terminal (prompts; the screen is redrawn when it can be).
    Otherwise each line read is echoed after ``>`` so that the output reads as a transcript.
    """

    def __init__(
        self,
        game: Game,
        console: Console,
        renderer: Renderer,
        *,
        interactive: bool,
        read: Callable[[str], str | None] | None = None,
        save_path: Path | None = None,
        from_autosave: bool = False,
    ) -> None:
        self.game = game
        self.console = console
        self.renderer = renderer
        self.interactive = interactive
        self.redraw = interactive and console.is_terminal and not renderer.plain
        self._read = read or (_read_terminal if interactive else _read_pipe)
        self.save_path = save_path
        self.from_autosave = from_autosave
        # A game loaded already finished was counted when it ended.
        self.recorded = game.is_over()
        self.changed = False
        self.unrecorded = False
        """Whether a game finished here could not be counted in the statistics."""
        self.notes: list[Text] = []

    # --- output ----------------------------------------------------------------------------

    def note(self, text: str, style: str = "") -> None:
        self.notes.append(Text(text, style=style))

    def refresh(self, *, position: bool) -> None:
        """Show what happened: the position when it changed (always, on a redrawn screen), then the notes."""
        if self.redraw:
            self.console.clear()
            position = True
        else:  # a transcript reads in order: what happened, then where it led
            self._print_notes()
        if position:
            for line in self.renderer.position(self.game, title=describe_game(self.game)):
                self.console.print(line)
        self._print_notes()

    def _print_notes(self) -> None:
        for note in self.notes:
            self.console.print(note)
        self.notes.clear()

    def read(self, prompt: str) -> str | None:
        line = self._read(prompt)
        if line is not None and not self.interactive:
            self.console.print(Text(f"> {line}", style="dim"))
        return line

    # --- the loop -------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the player quits or input ends."""
        if self.interactive and not self.game.moves:
            self.note("Type a move (such as 4H or draw), a move number, or help.")
        self.refresh(position=True)
        while True:
            if self.game.is_over():
                if not self.finish():
                    return
                continue
            prompt = "Your move: " if self.renderer.plain else "Your move (number, move, or help): "
            line = self.read(prompt)
            if line is None:
                self.quit()
                return
            words = line.split()
            if not words:
                if self.redraw:
                    self.refresh(position=True)
                continue
            if words[0].lower() in _QUIT:
                self.quit()
                return
            changed = self.handle(words)
            self.refresh(position=changed)

    def handle(self, words: list[str]) -> bool:
        """Carry out one line; True when the position changed."""
        command, args = words[0].lower(), words[1:]
        game = self.game
        if command in ("help", "?", "h"):
            self.note(HELP)
        elif command in ("undo", "u"):
            if not game.moves:
                self.note("Nothing to undo: no move has been played yet.")
                return False
            self.note(f"Took back {game.undo()}.")
            self.changed = True
            return True
        elif command == "hint":
            hint = suggest(game)
            self.note(f"Hint: {hint}" if hint else "Hints are not available yet.")
        elif command in ("moves", "m"):
            self.notes.append(self.renderer.legal_moves([str(m) for m in game.legal_moves()]))
        elif command in ("board", "b"):
            return True
        elif command == "restart":
            if not game.moves:
                self.note("Already at the start of the deal.")
                return False
            game.restart()
            self.changed = True
            self.note("Back at the start of the deal.")
            return True
        elif command == "save":
            self.save(Path(" ".join(args)) if args else None)
        else:
            return self.play(words)
        return False

    def play(self, words: list[str]) -> bool:
        """Play moves (move text or numbers) in turn, stopping at the first that cannot be played."""
        game = self.game
        try:
            # Numbers refer to the list on the screen, so all are read before any move is played.
            texts = [self.pick(word) for word in words]
        except CliError as err:
            self.note(str(err), style="bold red")
            return False
        before = game.to_dict("player")
        played, refused = play_words(game, texts)
        error = None if refused is None else str(refused)
        if played:
            self.changed = True
        names = " ".join(str(m) for m in played)
        if error and played:
            self.note(f"Played {names}, then stopped: {error}", style="bold red")
        elif error:
            self.note(error, style="bold red")
        elif len(played) > 1 or any(word.isdigit() for word in words) or self.renderer.plain:
            self.note(f"Played {names}.")
        if played and self.renderer.plain:
            # Read aloud, the whole table after every move is too much: say what changed.
            self.notes += self.renderer.after_move(before, game.to_dict("player"), game.rules.has_drawn_card)
            return False
        return bool(played)

    def pick(self, word: str) -> str:
        """Move text for a word: a number picks from the legal moves shown, anything else is move text."""
        if not (word.isascii() and word.isdigit()):  # not '²' or '①', which int() refuses
            return word
        legal = self.game.legal_moves()
        n = int(word) if len(word) <= 9 else 0  # no list is that long
        if not 1 <= n <= len(legal):
            shown = n if len(word) <= 9 else quoted(word, 12)
            if not legal:
                raise CliError(f"there is no move {shown}: no move is legal")
            raise CliError(f"there is no move {shown}: choose a number from 1 to {len(legal)}")
        return str(legal[n - 1])

    # --- saving, quitting and the end ---------------------------------------------------------------

    def default_save_path(self) -> Path:
        if self.save_path is not None:
            return self.save_path
        deal = self.game.deal.seed if self.game.deal.seed is not None else "typed-deal"
        return Path(f"{self.game.id}-{deal}.json")

    def save(self, path: Path | None) -> None:
        path = path or self.default_save_path()
        try:
            save_game(self.game, path)
        except CliError as err:
            self.note(f"Not saved: {err}", style="bold red")
            return
        self.save_path = path
        self.note(f"Saved to {path}. Continue it with: patience play --resume {path}")

    def quit(self) -> None:
        """Leave; an unfinished game that changed here is kept as the autosave."""
        game = self.game
        if game.is_over() or not (self.changed or self.from_autosave) or not game.moves:
            self.console.print("Bye.")
            return
        try:
            save_game(game, autosave_path())
        except CliError as err:
            warn(f"the unfinished game could not be kept: {err}")
            return
        self.console.print("Bye. Your game is kept: continue it with 'patience play --resume'.")

    def finish(self) -> bool:
        """The end of a game: count it once, say how it ended, offer a new deal. False to leave."""
        game = self.game
        if not self.recorded:
            self.recorded = True
            self.unrecorded |= not count_result(game)  # kept to count later, and said so
            if self.from_autosave:
                _remove(autosave_path())
                self.from_autosave = False
        self.console.print(Text(result_text(game), style="bold"))
        while True:
            if not self.interactive:  # a question in a transcript is a line of its own
                self.console.print("Play a new deal? (y/n)")
            answer = self.read("Play a new deal? (y/n): ")
            if answer is None or answer.strip().lower() in _NO:
                self.console.print("Bye.")
                return False
            if answer.strip().lower() in _YES:
                break
            self.console.print("Answer y for a new deal or n to leave.")
        self.game = new_deal_like(game)
        self.recorded = False
        self.changed = False
        self.save_path = None
        self.note(f"A new deal: {describe_game(self.game)}.")
        self.refresh(position=True)
        return True


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as err:
        warn(f"could not remove {path}: {err.strerror or err}")


def _read_terminal(prompt: str) -> str | None:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None


def _read_pipe(prompt: str) -> str | None:
    line = sys.stdin.readline()
    return line.rstrip("\r\n") if line else None


def play_words(game: Game, words: list[str]) -> tuple[list[Move], ValueError | None]:
    """Play move texts in turn through ``Game.play``: the moves played, and the refusal of the
    first that could not be played (None when all were). A move after the end is refused with
    an :class:`IllegalMoveError` too. The prompt and ``--moves`` share this."""
    played: list[Move] = []
    for word in words:
        if game.is_over():
            reason = f"the game is over ({game.status()})"
            return played, IllegalMoveError(f"{reason}, so {word} was not played", move=word, reason=reason)
        try:
            played.append(game.play(word))
        except (IllegalMoveError, InvalidMoveError) as err:
            return played, err
    return played, None


def play_moves(game: Game, text: str) -> str | None:
    """Play the moves of ``text`` in turn; None when all were legal, else why the first was not,
    numbered as in ``--moves``."""
    words = text.replace(",", " ").split()
    played, error = play_words(game, words)
    if error is None:
        return None
    n = len(played) + 1
    word = words[n - 1]
    if not isinstance(error, IllegalMoveError):
        return f"move {n}: {error}"
    if game.is_over():
        return f"move {n} ({word}) comes after the end of the game ({game.status()})"
    return f"move {n} ({word}) is illegal: {error.reason}"

"""The play loop: one game at a time, commands from a person at a terminal or from a pipe.

Nothing here knows any particular game: moves are move text the game parses, numbers pick
from the game's own list of legal moves, and the picture comes from :mod:`.render`.
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.text import Text

import patience_core
from patience_core import Game, IllegalMoveError, Move
from patience_core.cli.common import CliError, describe_game, error, new_deal_like, warn
from patience_core.cli.render import THEMES, Renderer, clock_text
from patience_core.cli.settings import Settings, save_settings
from patience_core.engine.errors import quoted
from patience_core.engine.piles import Kind
from patience_core.inplay import NOT_COUNTED_DEMO, InPlay, NotNow, Result, Statistics
from patience_core.players import PlayerError, Seen, get_player, hint, sees_hidden_cards
from patience_core.solver import NOT_WINNABLE, WINNABLE
from patience_core.userdata.common import data_dir
from patience_core.userdata.records import autosave_path, save_game
from patience_core.userdata.unrecorded import keep, kept_message

DEMO_PACE: Final = 0.7
"""Seconds between two moves of a demo or a replay at a terminal: slow enough to follow."""
WINNABLE_SECONDS: Final = 0.5
"""How long "still winnable?" may think after each move."""


def suggest(game: Game) -> str | None:
    """A good next move in ``game`` and why, in one sentence; None when the game is over.

    The one place the prompt's ``hint`` asks. The hint never reads a hidden card: it samples
    them (:func:`patience_core.players.hint`), in at most half a second, as in
    ``QH+AS won most often when I tried the unseen cards: 37 of 40 tries; ...``.
    """
    if game.is_over():
        return None
    return f"{hint(game).explanation}."


# (command, what it does): the help, two columns where the width allows.
COMMANDS: Final = (
    ("undo, redo", "take back, play again"),
    ("hint", "suggest a move, and why"),
    ("moves", "list the legal moves"),
    ("board", "show the table again"),
    ("restart", "this deal from the start"),
    ("new [N]", "a new deal (asks first)"),
    ("demo [NAME]", "a player finishes it"),
    ("winnable", "still winnable? (solver)"),
    ("home, finish", "cards home; play the end"),
    ("save [FILE]", "save the game"),
    ("set NAME VAL", "auto, theme, winnable"),
    ("help", "this help"),
    ("quit", "leave; the game is kept"),
)
MOVES_HELP: Final = (
    "Moves: a card (4H, 10h), cards together (QH+AS), draw, redeal, or a move's number;"
    " several in a row (4H 5S draw) stop at the first that is not legal."
)

_QUIT: Final = frozenset({"quit", "q", "exit"})
_YES: Final = frozenset({"y", "yes"})
_NO: Final = frozenset({"n", "no"})


def help_lines(renderer: Renderer) -> list[Text]:
    """The help, fitted to the width: two columns when they fit, else one."""
    lines = renderer.sentences(MOVES_HELP)
    name_width = max(len(name) for name, _ in COMMANDS) + 2
    entries = [f"{name:<{name_width}}{what}" for name, what in COMMANDS]
    widest = max(len(e) for e in entries)
    column = widest + 2
    if not renderer.plain and column + widest <= renderer.width:
        half = (len(entries) + 1) // 2
        rights = entries[half:] + [""] * (2 * half - len(entries))
        for left, right in zip(entries[:half], rights, strict=True):
            lines.append(Text(f"{left:<{column}}{right}".rstrip()))
    else:
        for name, what in COMMANDS:
            lines += renderer.sentences(
                f"{name}: {what}." if renderer.plain else f"{name:<{name_width}}{what}"
            )
    return lines


def result_text(game: Game) -> str:
    """How a game stands, in one sentence: won, lost or not finished, with cards left, score and time."""
    measures = f"cards left {game.cards_left()}, score {game.score()}, time {clock_text(game.clock.seconds)}"
    if game.is_won():
        return f"You won! {measures[0].upper()}{measures[1:]}."
    if game.is_over():
        why = "no legal move is left" if not game.legal_moves() else "the game is over"
        return f"Game over, lost: {why}. {measures[0].upper()}{measures[1:]}."
    return f"Not finished: {measures}."


def sentence(text: str) -> str:
    """A refusal as the terminal says it: ``Nothing to undo: ...`` with a full stop."""
    return f"{text[:1].upper()}{text[1:]}."


class Session:
    """An interactive or piped game session: it reads commands and draws; what happens to the
    game in play (checks, auto-play, help, results) is :class:`~patience_core.inplay.InPlay`'s.

    ``interactive``: a person at a terminal (prompts; the screen is redrawn when it can be).
    Otherwise each line read is echoed after ``>`` so that the output reads as a transcript.
    ``settings``: auto-play, theme, "still winnable?" (``set`` changes and keeps them).
    ``count``: whether a finished game goes into the statistics (see :mod:`.stats`).
    ``assisted``: a resumed game had "still winnable?" asked (its record says so).
    """

    def __init__(
        self,
        game: Game,
        console: Console,
        renderer: Renderer,
        *,
        interactive: bool,
        settings: Settings | None = None,
        count: bool | None = None,
        keep_settings: bool = True,
        read: Callable[[str], str | None] | None = None,
        save_path: Path | None = None,
        from_autosave: bool = False,
        height: int | None = None,
        assisted: bool = False,
    ) -> None:
        self.console = console
        self.renderer = renderer
        self.interactive = interactive
        self.settings = settings or Settings()
        self.count = interactive if count is None else count
        self.keep_settings = keep_settings
        self.redraw = interactive and console.is_terminal and not renderer.plain
        self.height = height or (console.height if console.is_terminal else 10_000)
        self._read = read or (_read_terminal if interactive else _read_pipe)
        self.save_path = save_path
        self.from_autosave = from_autosave
        # A game loaded already finished was counted when it ended.
        self.inplay = InPlay(game, Statistics(), counts=self.count, assisted=assisted)
        self.changed = False
        self.unrecorded = False
        """Whether a game finished here could not be counted in the statistics."""
        self.notes: list[Text] = []
        self.show_help = False

    @property
    def game(self) -> Game:
        return self.inplay.game

    # --- output ----------------------------------------------------------------------------

    def note(self, text: str, style: str = "") -> None:
        """Say ``text`` after the next picture; at a terminal it is wrapped at words to the width
        (a transcript keeps each note on one line, for programs to read)."""
        if not self.interactive:
            self.notes.append(Text(text, style=style))
            return
        for line in self.renderer.sentences(text):
            self.notes.append(Text(line.plain, style=style))

    def position_lines(self) -> list[Text]:
        # A redrawn screen holds the table, the notes below it and the prompt (the renderer keeps
        # a line for one note); a transcript is read, not fitted to a screen.
        height = self.height - max(len(self.notes) - 1, 0) if self.redraw else None
        return self.renderer.position(self.game, title=describe_game(self.game), height=height)

    def refresh(self, *, position: bool) -> None:
        """Show what happened: the position when it changed (always, on a redrawn screen), then
        the notes. On a redrawn screen too small for both, the help is shown alone."""
        if self.redraw:
            self.console.clear()
            lines = self.position_lines()
            if self.show_help and len(lines) + len(self.notes) + 2 > self.height:
                lines = [Text("Type board to see the table again.", style="dim")]
            for line in lines:
                self.console.print(line)
        else:  # a transcript reads in order: what happened, then where it led
            self._print_notes()
            if position:
                for line in self.position_lines():
                    self.console.print(line)
        self.show_help = False
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

    def _examples(self) -> str:
        """Two moves of this game as a player types them: a card or pile move, and a word."""
        legal = self.game.legal_moves()
        card = next((m for m in legal if not m.word), None)
        word = next((m for m in legal if m.word), None)
        shown = [str(m) for m in (card, word) if m is not None]
        return " or ".join(shown) if shown else "4H or draw"

    # --- the loop -------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the player quits or input ends."""
        if self.interactive and not self.game.moves:
            self.note(f"Type a move (such as {self._examples()}), a move number, or help.")
        self.after_change()
        self.refresh(position=True)
        while True:
            self.inplay.check_rules()  # a plugin's rules that turn bad end the game in one line
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
            self.notes += help_lines(self.renderer)
            self.show_help = True
        elif command in ("undo", "u"):
            try:
                self.note(f"Took back {self.inplay.undo()}.")
            except NotNow as err:
                self.note(sentence(str(err)))
                return False
            self.changed = True
            self.after_change(auto=False)
            return True
        elif command == "redo":
            try:
                self.note(f"Played {self.inplay.redo()} again.")
            except NotNow as err:
                self.note(sentence(str(err)))
                return False
            self.changed = True
            self.after_change()
            return True
        elif command == "hint":
            hint_text = suggest(game)
            self.note(f"Hint: {hint_text}" if hint_text else "Hints are not available yet.")
        elif command in ("moves", "m"):
            self.notes += self.renderer.legal_moves([str(m) for m in game.legal_moves()])
        elif command in ("board", "b"):
            return True
        elif command == "restart":
            try:
                self.inplay.restart()
            except NotNow as err:
                self.note(sentence(str(err)))
                return False
            self.changed = True
            self.note("Back at the start of the deal; redo plays the moves again.")
            self.after_change(auto=False)
            return True
        elif command == "new":
            return self.new_deal(args)
        elif command == "demo":
            return self.demo(args[0] if args else "hint")
        elif command == "winnable":
            self.say_winnable(asked=True)
        elif command == "home":
            return self.send_home(args)
        elif command == "finish":
            return self.finish_game()
        elif command == "save":
            self.save(Path(" ".join(args)) if args else None)
        elif command == "set":
            self.set(args)
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
        outcome = self.inplay.play(texts)
        played, refused = outcome.played, outcome.refused
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
        if played:
            self.after_change()
        if played and self.renderer.plain:
            # Read aloud, the whole table after every move is too much: say what changed.
            self.notes += self.renderer.after_move(before, game.to_dict("player"), game.rules.has_drawn_card)
            return False
        return bool(played)

    def send_home(self, args: list[str]) -> bool:
        """``home 7H`` (or ``home t3``, ``home w``): that card to its foundation, as a double
        click does; ``home`` alone: every card that can go home, again until none can (a right
        click in Windows Solitaire)."""
        game = self.game
        foundations = {spec.id for spec in game.table.specs if spec.kind == Kind.FOUNDATION}
        if not foundations:
            self.note("There are no foundations in this game: home has nowhere to send a card.")
            return False
        if args:
            letter = min(foundations)[0]
            changed = False
            for word in args:  # in turn: a card may go home only once the one before has
                try:
                    move: Move | None = game.parse_move(f"{word}-{letter}")
                except ValueError:
                    move = None
                if move is None or move.dst not in foundations or move not in game.legal_moves():
                    self.note(
                        f"{quoted(word, 12)} cannot go home now: no foundation takes it", style="bold red"
                    )
                    return changed
                changed = self.play([str(move)]) or changed
            return changed
        sent: list[Move] = []
        while not game.is_over() and len(sent) < 4 * len(game.rules.deck):
            move = next(
                (m for m in game.legal_moves() if m.dst in foundations and m.src not in foundations), None
            )
            if move is None:
                break
            sent += self.inplay.play([move]).played
        if not sent:
            self.note("No card can go home now.")
            return False
        self.changed = True
        self.note(f"Sent home: {' '.join(str(m) for m in sent)}.")
        self.after_change()
        return True

    def finish_game(self) -> bool:
        """``finish``: play the rest of the game when nothing is left to decide or hide."""
        moves = self.game.finish_moves()
        if not moves:
            self.note(
                "Finish plays the end once every card is face up and the stock is empty, and only"
                " when that end is won; play on for now."
            )
            return False
        outcome = self.inplay.play(moves)
        self.changed = True
        self.note(f"Finished in {len(outcome.played)} moves.")
        self.after_change()
        return True

    def after_change(self, *, auto: bool = True) -> None:
        """After a move: auto-play (not after an undo, which would play the move again), then
        "still winnable?" when it is on."""
        game = self.game
        if auto and self.settings.auto and not game.is_over():
            auto_played = self.inplay.auto_play()
            if auto_played:
                self.changed = True
                self.note(f"Auto-played: {' '.join(str(m) for m in auto_played)}.")
        if self.settings.still_winnable and not game.is_over():
            self.say_winnable(asked=False)

    def say_winnable(self, *, asked: bool) -> None:
        game = self.game
        if game.is_over():
            self.note("The game is over.")
            return
        answer = self.inplay.still_winnable(WINNABLE_SECONDS)
        words = {
            WINNABLE: "yes, this deal can still be won",
            NOT_WINNABLE: "no, this deal cannot be won any more",
        }.get(answer, "the solver could not tell in time")
        why = " (the solver looked at the hidden cards; this game is counted apart)" if asked else ""
        self.note(f"Still winnable: {words}{why}.")

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

    # --- new deals, demos, settings ----------------------------------------------------------------

    def new_deal(self, args: list[str]) -> bool:
        """``new``, ``new N`` or ``new winnable``: a new deal of this game, asking first when a
        game in progress would be abandoned."""
        game = self.game
        try:
            seed = _new_seed(game, args)
        except (CliError, ValueError) as err:
            self.note(str(err), style="bold red")
            return False
        if game.moves and not game.is_over():
            if not self.confirm(f"{self.inplay.abandon_question()} (y/n)"):
                self.note("Carrying on with this game.")
                return False
            if self.inplay.abandon() is not None:
                self.told(self.inplay.flush())
        options: dict[str, Any] = dict(game.options)
        self.start(patience_core.new_game(game.id, seed=seed, **options))
        return True

    def start(self, game: Game) -> None:
        self.inplay = InPlay(game, Statistics(), counts=self.count)
        self.changed = False
        self.save_path = None
        self.from_autosave = False
        self.note(f"A new deal: {describe_game(game)}.")
        self.after_change()

    def demo(self, name: str) -> bool:
        """A player plays the rest, move by move at a readable pace; any key (or Ctrl-C) stops it."""
        try:
            player = get_player(name)
        except PlayerError as err:
            self.note(str(err), style="bold red")
            return False
        game = self.game
        if game.is_over():
            self.note("The game is over: there is nothing left to play.")
            return False
        full = sees_hidden_cards(player)
        self.note(
            f"Demo: the {name} player plays the rest"
            + (" SEEING EVERY HIDDEN CARD" if full else "")
            + (". Press any key to stop it." if self.interactive else ".")
        )
        self.inplay.demoed = True
        self.changed = True
        rng = random.Random(" ".join([game.id, *(str(m) for m in game.moves)]))
        with _keys(self.interactive) as key_pressed:
            try:
                while not game.is_over():
                    move: Move = player.choose_seeing_all(game) if full else player.choose(Seen(game, rng))  # type: ignore[attr-defined]
                    self.inplay.play_for_demo(move)
                    self.note(f"Demo plays {move}.")
                    if self.interactive:
                        self.refresh(position=True)
                        if key_pressed(DEMO_PACE):
                            self.note("Demo stopped: your move.")
                            return True
            except KeyboardInterrupt:
                self.note("Demo stopped: your move.")
        return True

    def set(self, args: list[str]) -> None:
        if not args:
            self.note(f"Settings: {self.settings.describe()}. Change one with: set NAME VALUE.")
            return
        if len(args) != 2:
            self.note("set takes a setting and a value, such as: set auto off", style="bold red")
            return
        try:
            self.settings = self.settings.changed(args[0], args[1])
            if self.keep_settings:
                save_settings(self.settings)
        except CliError as err:
            self.note(str(err), style="bold red")
            return
        self.renderer.theme = THEMES["plain" if self.renderer.plain else self.settings.theme]
        self.note(f"Settings: {self.settings.describe()}.")

    def confirm(self, question: str) -> bool:
        while True:
            if not self.interactive:
                self.console.print(question)
            answer = self.read(question + " ")
            if answer is None or answer.strip().lower() in _NO:
                return False
            if answer.strip().lower() in _YES:
                return True
            self.console.print("Answer y or n.")

    # --- saving, quitting and the end ---------------------------------------------------------------

    def default_save_path(self) -> Path:
        if self.save_path is not None:
            return self.save_path
        deal = self.game.deal.seed if self.game.deal.seed is not None else "typed-deal"
        return Path(f"{self.game.id}-{deal}.json")

    def save(self, path: Path | None) -> None:
        path = path or self.default_save_path()
        try:
            save_game(self.game, path, assisted=self.inplay.assisted)
        except CliError as err:
            self.note(f"Not saved: {err}", style="bold red")
            return
        self.save_path = path
        if self.game.is_over():
            self.note(f"Saved to {path}. Replay it with: patience replay {path}")
        else:
            self.note(f"Saved to {path}. Continue it with: patience play --resume {path}")

    def quit(self) -> None:
        """Leave; an unfinished game that changed here is kept as the autosave."""
        game = self.game
        if game.is_over() or not (self.changed or self.from_autosave) or not game.moves:
            self.console.print("Bye.")
            return
        game.clock.stop()
        try:
            save_game(game, autosave_path(), assisted=self.inplay.assisted)
        except CliError as err:
            warn(f"the unfinished game could not be kept: {err}")
            return
        self.console.print("Bye. Your game is kept: continue it with 'patience play --resume'.")

    def finish(self) -> bool:
        """The end of a game: count it once, say how it ended, then take commands for what is
        next (new, undo, replay, save, forget, quit). False to leave."""
        game = self.game
        result = self.inplay.settle()
        if result is not None:
            self.told(result)
            if self.from_autosave:  # the kept game is this one, finished: keep that
                self._keep_finished()
        self.console.print(Text(result_text(game), style="bold"))
        while True:
            options = "new for a new deal, undo, replay to watch it again, save [FILE]"
            if self.from_autosave:
                options += ", forget to remove the kept game"
            question = f"Type {options}, or quit."
            if not self.interactive:  # a question in a transcript is a line of its own
                self.console.print(question)
            answer = self.read("What next? (new, undo, replay, save, quit): ")
            words = (answer or "quit").split() or ["?"]
            command = words[0].lower()
            if command in _QUIT | _NO:
                self.console.print("Bye.")
                return False
            if command in _YES or command == "new":
                if len(words) == 1:
                    self.start(new_deal_like(self.game))
                elif not self.new_deal(words[1:]):
                    self._print_notes()
                    continue
                self.refresh(position=True)
                return True
            if command in ("undo", "u"):
                self.handle(["undo"])
                self.refresh(position=True)
                return True
            if command == "replay":
                self.replay()
            elif command == "save":
                self.save(Path(" ".join(words[1:])) if len(words) > 1 else None)
                self._print_notes()
            elif command == "forget" and self.from_autosave:
                _remove(autosave_path())
                self.from_autosave = False
                self.console.print("The kept game is removed.")
            else:
                self.console.print(question)

    def told(self, result: Result | None) -> None:
        """Say what became of a result: not counted (and why), or not counted yet (an error:
        the result is kept in a file to count later)."""
        if result is None or result.counted:
            return
        if result.why_not is not None:
            why = result.why_not
            if why == NOT_COUNTED_DEMO:
                why = "the demo finished this game" if self.game.is_over() else "the demo played in this game"
            self.console.print(f"Not counted in the statistics: {why}.")
            return
        if result.error is not None:
            self.unrecorded = True  # said as an error now; the exit code says it too
            where = keep(self.game, assisted=self.inplay.assisted, abandoned=result.abandoned)
            self.inplay.pending = False  # kept: the file is counted later
            error(kept_message(result.error, where, data_dir()))

    def _keep_finished(self) -> None:
        try:
            save_game(self.game, autosave_path(), assisted=self.inplay.assisted)
        except CliError as err:
            warn(f"the kept game could not be updated: {err}")

    def replay(self) -> None:
        """Watch the game again from the deal, move by move (at a readable pace at a terminal)."""
        game = self.game
        trial = game.copy()
        while trial.moves:
            trial.pop()
        renderer = self.renderer
        with _keys(self.interactive) as key_pressed:
            for n, move in enumerate(game.moves, 1):
                trial.push(move)
                if self.redraw:
                    self.console.clear()
                for line in renderer.position(
                    trial, title=f"Replay, move {n}: {move}", legal=False, clock=False
                ):
                    self.console.print(line)
                if self.interactive and key_pressed(DEMO_PACE):
                    self.console.print("Replay stopped.")
                    return
        self.console.print(Text(f"Replayed {len(game.moves)} moves. {result_text(game)}", style="bold"))


def _new_seed(game: Game, args: list[str]) -> int | None:
    """The deal ``new`` asks for: none (random), a number, or ``winnable`` (the next winnable deal
    from a random number, decided by the full-information solver)."""
    if not args:
        return None
    word = args[0].lower()
    if word == "winnable":
        from patience_core.solver import next_winnable_deal_full_information

        start = random.SystemRandom().randrange(2**32)
        options: dict[str, Any] = dict(game.options)
        return next_winnable_deal_full_information(game.id, start, **options)
    seeds = patience_core.parse_seeds(word)
    if len(seeds) != 1:
        raise CliError("new takes one deal number, such as: new 42")
    return seeds[0]


@contextlib.contextmanager
def _keys(active: bool) -> Iterator[Callable[[float], bool]]:
    """``key_pressed(seconds)``: wait that long and say whether a key was pressed meanwhile.

    At a terminal the keys are read one at a time (no Enter needed) while the context lasts;
    otherwise nothing is read and nothing waited for.
    """
    if not active or not sys.stdin.isatty():
        yield lambda seconds: False
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)

    def key_pressed(seconds: float) -> bool:
        ready, _, _ = select.select([fd], [], [], seconds)
        if ready:
            os.read(fd, 64)  # the key, and any bytes of the same key press
            return True
        return False

    try:
        tty.setcbreak(fd)
        yield key_pressed
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


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
    outcome = InPlay(game, counts=False).play(words)
    return outcome.played, outcome.refused


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

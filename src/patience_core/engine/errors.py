"""The exceptions of the engine. Every user mistake is a ``ValueError`` subclass whose message
names the problem, so ``except ValueError`` catches them all."""

from __future__ import annotations

import reprlib


class CardError(ValueError):
    """Text that is not a card."""


class DealError(ValueError):
    """A deal that is not the 52 cards exactly once, or a bad seed."""


class LayoutError(ValueError):
    """A layout declaration that is not sound: unknown positions, cycles, shared spots."""


class InvalidMoveError(ValueError):
    """Text that is not a move at all (not a card, a pair or a word)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow now; the message says why.

    The game is left exactly as it was. ``move`` is the move refused and ``reason`` the
    rules' words for why, without the "illegal move ..." prefix.
    """

    def __init__(self, message: str, *, move: object = None, reason: str = "") -> None:
        super().__init__(message)
        self.move = move
        self.reason = reason or message


class OptionError(ValueError):
    """An unknown option or a value the option does not accept."""


class UnknownGameError(ValueError):
    """A game or preset id that no installed plugin provides; the message lists those that exist."""


class AmbiguousGameError(UnknownGameError):
    """A game or preset id that two or more plugins register, so that none is served under it;
    the message names the qualified ids (``plugin:id``) that choose one."""


class RecordError(ValueError):
    """A saved game or state dict that cannot be loaded: corrupt, wrong version or tampered."""


class PluginError(Exception):
    """A plugin that could not be loaded or registered something invalid.

    Collected rather than raised, so one broken plugin does not hide the others; see
    :func:`patience_core.plugin_errors`.
    """

    def __init__(self, plugin: str, message: str, *, others: tuple[str, ...] = ()) -> None:
        who = f"plugin {plugin!r}" if not others else "plugins " + " and ".join(map(repr, (plugin, *others)))
        super().__init__(f"{who}: {message}")
        self.plugin = plugin
        self.plugins = (plugin, *others)
        """Every plugin the problem is about: two or more when they register the same id."""


QUOTE_LIMIT = 40
"""At most this many characters of a user's input are quoted back in an error message."""


class _Short(reprlib.Repr):
    """``repr`` that stays short whatever it is given: deep nesting, long lists, huge numbers."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 6
        self.maxstring = self.maxother = self.maxlong = limit

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:  # repr of a number this long is slow, and refused past 4,300 digits
            return f"<a number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it is quoted in an error message: ``repr`` of at most ``limit`` characters.

    Safe on anything a parser may be handed: nested values, huge numbers, odd objects.

    >>> quoted("draw")
    "'draw'"
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> quoted(10**5000)
    '<a number of about 5001 digits>'
    """
    if isinstance(text, str):
        n = min(len(text), limit)
        while len(repr(text[:n])) > limit + 2:  # escapes (\x1f, \U0001019d) count too
            n = n * 2 // 3
        if n < len(text):
            return repr(text[:n])[:-1] + f"...{repr(text[:n])[-1]} ({len(text)} characters)"
    try:
        shown = _Short(limit).repr(text)
    except Exception:  # a __repr__ that fails says nothing useful anyway
        shown = f"<{type(text).__name__}>"
    return shown if len(shown) <= limit + 2 else shown[:limit] + "..."

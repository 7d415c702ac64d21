"""The exceptions of the engine. Every user mistake is a ``ValueError`` subclass whose message
names the problem, so ``except ValueError`` catches them all."""

from __future__ import annotations


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


class RecordError(ValueError):
    """A saved game or state dict that cannot be loaded: corrupt, wrong version or tampered."""


class PluginError(Exception):
    """A plugin that could not be loaded or registered something invalid.

    Collected rather than raised, so one broken plugin does not hide the others; see
    :func:`patience_core.plugin_errors`.
    """

    def __init__(self, plugin: str, message: str) -> None:
        super().__init__(f"plugin {plugin!r}: {message}")
        self.plugin = plugin


QUOTE_LIMIT = 40
"""At most this many characters of a user's input are quoted back in an error message."""


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it is quoted in an error message: ``repr`` of at most ``limit`` characters.

    >>> quoted("draw")
    "'draw'"
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"
    shown = repr(text)
    return shown if len(shown) <= limit + 2 else shown[:limit] + "..."

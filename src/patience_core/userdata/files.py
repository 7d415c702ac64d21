"""The files the command reads: regular files only, read within a bound, path errors in one line.

A path typed by a person may name a folder, a named pipe that never ends (reading it waits for
ever), a device such as ``/dev/zero`` (which never ends either, whatever size it reports), a
name too long for the system or with a NUL in it. Each is one clear line, and nothing is read
past the bound a file of its kind could need.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from patience_core.userdata.common import UserError

_KINDS = (
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "named pipe"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISREG, "file"),
)


def show_path(path: Path | str) -> str:
    """A path as a message shows it: whole, unless it is very long; then its end, where the
    file's own name is (a few dozen characters at most, control characters escaped).

    >>> show_path("games/saved-2.json")
    'games/saved-2.json'
    >>> show_path("/a/very/long/folder" * 6 + "/saved.json")
    '.../very/long/folder/a/very/long/folder/saved.json'
    >>> show_path("x" * 100)
    "...'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' (100 characters)"
    """
    text = str(path)
    if len(text) <= 80 and text.isprintable():
        return text
    tail = text[-48:]
    if "/" in tail[:-1] and tail.isprintable():
        return "..." + tail[tail.index("/") :]
    return f"...{tail!a} ({len(text)} characters)"


def why(err: OSError | ValueError) -> str:
    """What an error about a path says, in a few words."""
    if isinstance(err, ValueError):  # os functions refuse a NUL in a name this way
        return "the name holds a NUL character" if "null" in str(err) else str(err)
    if err.errno == errno.ENAMETOOLONG:
        return "the name is too long for this system"
    return err.strerror or str(err)


def file_kind(path: Path) -> str | None:
    """``file``, ``folder``, ``named pipe``, ``device``, ``socket`` or ``other``; None when there
    is nothing at ``path``. :class:`UserError` for a path the system cannot even look up."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as err:
        raise UserError(f"cannot use {show_path(path)}: {why(err)}") from None
    return next((name for test, name in _KINDS if test(mode)), "other")


def read_file(path: Path, what: str, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them whatever its
    reported size; :class:`UserError` in one line naming ``what`` should have been there."""
    where = show_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a named pipe must not wait for a writer
    except (FileNotFoundError, NotADirectoryError):
        raise UserError(f"no {what} at {where}") from None
    except (OSError, ValueError) as err:
        if isinstance(err, IsADirectoryError):
            raise UserError(f"{where} is a folder, not {article(what)}") from None
        raise UserError(f"cannot read {where}: {why(err)}") from None
    try:
        info = os.fstat(fd)
        kind = next((name for test, name in _KINDS if test(info.st_mode)), "other")
        if kind == "folder":
            raise UserError(f"{where} is a folder, not {article(what)}")
        if kind != "file":
            raise UserError(f"{where} is not {article(what)}: it is {article(kind)}, not a file")
        if info.st_size > limit:
            raise UserError(
                f"{where} is not {article(what)}: it is {info.st_size} bytes, far too large for one"
            )
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the size reported is a hint: read no more than the bound
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise UserError(f"{where} is not {article(what)}: it is larger than {limit} bytes, far too large")
        return b"".join(chunks)
    except OSError as err:
        raise UserError(f"cannot read {where}: {why(err)}") from None
    finally:
        os.close(fd)


def article(noun: str) -> str:
    """``a saved game``, ``an other``.

    >>> article("saved game"), article("other")
    ('a saved game', 'an other')
    """
    return ("an " if noun[:1] in "aeiou" else "a ") + noun

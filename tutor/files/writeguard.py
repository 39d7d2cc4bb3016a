"""What tutor may write to, or open as a database, without hanging or destroying anything.

The writing side of :mod:`tutor.files.guard`. A file tutor writes (``tutor play --save``,
``tutor history export FILE``, the analysis cache of ``tutor export``) may be a new file, a
regular file, a pipe that someone reads, or one of tutor's own standard streams
(``/dev/stdout``, ``/dev/stderr``, whatever they are: a terminal, a pipe, a file). Anything else
is refused with the reason before it is opened: a folder, a socket, a device such as
``/dev/zero`` or ``/dev/full`` (opening some devices does something by itself). A pipe is
opened without waiting (``O_NONBLOCK``), so a pipe no one reads fails at once ("a pipe with no
reader") instead of waiting for ever; ``pipes=False`` refuses every pipe but the standard
streams, for a file written long after it was named (a hand played for minutes first).

A history database must be a regular file or not exist yet (SQLite makes it), and so must the
files SQLite keeps beside it (``-wal``, ``-shm``, ``-journal``): :func:`database_problem`.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

__all__ = ["UnwritableFile", "database_problem", "refusal", "write_output"]

_SIDECARS = ("-wal", "-shm", "-journal")


class UnwritableFile(ValueError):
    """A file tutor will not write, or could not: the message names it and says why."""


def _standard_stream(info: os.stat_result) -> bool:
    """Whether ``info`` is tutor's own standard output or error (a terminal, a pipe, a file)."""
    for fd in (1, 2):
        try:
            mine = os.fstat(fd)
        except OSError:
            continue
        if (mine.st_dev, mine.st_ino) == (info.st_dev, info.st_ino):
            return True
    return False


def _kind(info: os.stat_result, *, pipes: bool) -> str | None:
    """Why a file of this kind is not written to ("a folder, not a file"), or None if it may be."""
    mode = info.st_mode
    if stat.S_ISREG(mode) or _standard_stream(info):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return None if pipes else ("a pipe, and the file is written only at the end: give a "
                                   "file name (or /dev/stdout)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return (f"a device, not a file; tutor writes only to files{', pipes' if pipes else ''} "
                f"and its standard output (/dev/stdout)")
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "not a regular file"


def refusal(path: str | Path, *, pipes: bool = True) -> str | None:
    """Why ``path`` is not written to, as words after "PATH is " (``"a folder, not a file"``),
    or None when it may be: nothing there yet (or a link to nowhere), a regular file, a standard
    stream, or (unless ``pipes`` is False) a pipe. Opens nothing."""
    try:
        info = os.stat(path)
    except OSError:
        return None  # nothing there (or nothing reachable): opening it says why, if anything
    return _kind(info, pipes=pipes)


def write_output(path: str | Path, data: bytes, *, pipes: bool = True) -> None:
    """Write ``data`` to ``path`` (made, or emptied first), never waiting on a pipe no one reads.

    Raises :class:`UnwritableFile` naming ``path`` when :func:`refusal` refuses it, when it is a
    pipe with no reader, and when opening or writing fails (a full disk, no permission)."""
    why = refusal(path, pipes=pipes)
    if why is not None:
        raise UnwritableFile(f"{path} is {why}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as err:
        raise UnwritableFile(_open_words(path, err)) from None
    try:
        info = os.fstat(fd)
        why = _kind(info, pipes=pipes)  # the path may have been swapped since the stat above
        if why is not None:
            raise UnwritableFile(f"{path} is {why}")
        if not stat.S_ISREG(info.st_mode):  # a reader is there: now wait for it as a pipe does
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as err:
        raise UnwritableFile(f"{path}: cannot write it ({err.strerror or err})") from None
    finally:
        os.close(fd)


def _open_words(path: str | Path, err: OSError) -> str:
    if err.errno == errno.ENXIO:  # O_NONBLOCK on a pipe with no reader; a socket says the same
        if refusal(path) is not None:
            return f"{path} is a socket, not a file"
        return (f"{path} is a pipe with no reader (start the program that reads it first, or "
                f"give a file name)")
    if err.errno == errno.EISDIR:
        return f"{path} is a folder, not a file"
    return f"{path}: cannot write it ({err.strerror or err})"


def database_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be opened as a history database, in one line naming it, or None.

    The file, and each file SQLite keeps beside it, must be a regular file or not exist yet: a
    pipe, device or folder is refused before SQLite opens it (where it would wait on the pipe,
    or fail as "disk I/O error")."""
    for name in (str(path), *(f"{path}{tail}" for tail in _SIDECARS)):
        try:
            info = os.stat(name)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            continue
        what = ("a folder" if stat.S_ISDIR(info.st_mode) else "a pipe" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        if name == str(path):
            return (f"{path} is {what}, not a history file (a history is an SQLite file; give "
                    f"--db a file name)")
        return (f"{name} is {what}, where SQLite keeps a file beside the history {path}; move "
                f"it away")
    return None

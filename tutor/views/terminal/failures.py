"""How a ``tutor`` command ends when something goes wrong: one clear line and an exit status.

:func:`run` wraps the whole command once (``tutor.cli.main``). While it runs, standard output
and standard error are :class:`~tutor.views.terminal.safe_text.TerminalText` streams (control characters
escaped, symbols kept to what the terminal can show), and:

- Ctrl-C ends it with ``tutor: interrupted`` and status 130, as shells expect;
- standard output that is closed, full (``/dev/full``) or a pipe whose reader has gone ends it
  with one line (none for a closed pipe, as in ``tutor replay … | head``) and status 1;
- an error from the file system (a name too long, a folder that cannot be read) names the file
  and the reason, status 1;
- a :class:`~tutor.engine.cards.TutorError` that no command caught (``tutor rules nope``) is
  its message, status 2;
- anything else is a bug in tutor: one line asking for a report, status 70; set
  ``TUTOR_DEBUG=1`` to see the traceback instead.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable
from typing import TextIO

from tutor.engine.cards import TutorError
from tutor.files.text import one_line
from tutor.views.terminal.safe_text import Sink, TerminalText

__all__ = ["OutputError", "Streams", "run"]

INTERRUPTED = 130
INTERNAL = 70


class OutputError(Exception):
    """Standard output could not be written (closed, full, or a pipe whose reader has gone)."""

    def __init__(self, err: OSError | None) -> None:
        super().__init__(str(err) if err else "standard output is closed")
        self.err = err


class _Output(TerminalText):
    """Standard output: a failure to write is an :class:`OutputError`, told apart from any other."""

    def __init__(self, stream: Sink | None) -> None:
        super().__init__(stream if stream is not None else _Closed())
        self.closed_at_start = stream is None

    def write(self, text: str) -> int:
        if self.closed_at_start and text:
            raise OutputError(None)
        try:
            return super().write(text)
        except OSError as err:
            raise OutputError(err) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as err:
            raise OutputError(err) from None


class _Closed:
    encoding = "utf-8"

    def write(self, text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


class Streams:
    """The two streams a command writes to; ``ascii_only`` follows the command's ``--ascii``."""

    def __init__(self, out: _Output, err: TerminalText) -> None:
        self.out = out
        self.err = err

    @property
    def ascii_only(self) -> bool:
        return self.out.ascii_only

    @ascii_only.setter
    def ascii_only(self, value: bool) -> None:
        self.out.ascii_only = self.err.ascii_only = value


def run(body: Callable[[Streams], int], prog: str = "tutor") -> int:
    """Run ``body`` with safe standard streams, and turn each way it can fail into one line."""
    real_out, real_err = sys.stdout, sys.stderr
    streams = Streams(_Output(real_out), TerminalText(real_err if real_err is not None else _Closed()))
    sys.stdout, sys.stderr = streams.out, streams.err
    try:
        code = body(streams)
        streams.out.flush()
        return code
    except KeyboardInterrupt:
        _say(streams, f"\n{prog}: interrupted")
        return INTERRUPTED
    except OutputError as err:
        _silence(real_out)
        if err.err is None:
            _say(streams, f"{prog}: standard output is closed, so there is nowhere to print to")
        elif not isinstance(err.err, BrokenPipeError):  # the reader chose to stop: nothing to say
            _say(streams, f"{prog}: cannot write to standard output: {err.err.strerror or err.err}")
        return 1
    except TutorError as err:
        _say(streams, f"{prog}: {one_line(str(err))}")
        return 2
    except OSError as err:
        _say(streams, f"{prog}: {_os_words(err)}")
        return 1
    except Exception as err:
        if os.environ.get("TUTOR_DEBUG"):
            raise
        _say(streams, f"{prog}: internal error ({type(err).__name__}: {one_line(str(err))}); please "
                      f"report it, with TUTOR_DEBUG=1 set for the details")
        return INTERNAL
    finally:
        sys.stdout, sys.stderr = real_out, real_err


def _say(streams: Streams, line: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        streams.err.write(line + "\n")
        streams.err.flush()


def _silence(real_out: TextIO | None) -> None:
    """Point standard output at /dev/null, so that Python's own flush at exit cannot fail again."""
    if real_out is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, real_out.fileno())
        os.close(devnull)


def _os_words(err: OSError) -> str:
    name = one_line(str(err.filename)) if err.filename is not None else "a file"
    if err.errno == errno.ENAMETOOLONG:
        return f"{name[:80]}…: the file name is too long for this file system"
    if err.errno in (errno.EACCES, errno.EPERM):
        return f"{name}: permission denied (tutor cannot read or write it)"
    return f"{name}: {err.strerror or err}"

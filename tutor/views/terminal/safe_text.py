"""Everything the command line prints passes through :class:`TerminalText`.

It does two things to the text on its way to the terminal:

- control characters that come from the user's files (an escape in a quoted title, a note, a
  player's name or a file name) are written out as ``\\x1b`` and the like, so that a file can
  never clear the screen, set the window title or write the clipboard; newlines and tabs,
  which tutor prints itself, pass;
- characters that the terminal's encoding cannot show (``♥``, ``»``, ``—`` on a Latin-1 or
  ASCII terminal) become ASCII (``H``, ``>``, ``-``), and with ``--ascii`` everything does, so
  a non-UTF-8 terminal gets readable text rather than a ``UnicodeEncodeError``.
"""

from __future__ import annotations

import codecs
import io
import unicodedata
from typing import Protocol

from tutor.files.text import escape_controls

__all__ = ["ASCII", "Sink", "TerminalText", "display_width", "to_ascii"]

#: ASCII for each character tutor prints that is not ASCII.
ASCII = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "🃏": "Jo", "»": ">", "«": "<", "—": "-", "–": "-", "−": "-", "…": "...", "·": ".",
    "×": "x", "→": "->", "←": "<-", "’": "'", "‘": "'", "“": '"', "”": '"', "✓": "+", "✗": "x",
    "≥": ">=", "≤": "<=", "•": "*", "é": "e", "è": "e", "ï": "i", "\u00a0": " ", "\u2009": " ",
    "\u202f": " ", "═": "=", "─": "-", "│": "|", "\ufe0f": "",
}
_TABLE = str.maketrans(ASCII)


def to_ascii(text: str) -> str:
    """``text`` in ASCII: tutor's symbols by the table above, anything else by its base letter
    (``ü`` → ``u``) or ``?``."""
    text = text.translate(_TABLE)
    if text.isascii():
        return text
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    if len(plain) == len(text):
        return plain
    return "".join(c if c.isascii() else (unicodedata.normalize("NFKD", c).encode("ascii", "ignore")
                                          .decode("ascii") or "?") for c in text)


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: wide characters (``🃏``) take two, combining
    marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or char == "\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


class Sink(Protocol):
    """Where the text goes: any object with ``write`` and ``flush`` (a text file, say)."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


class TerminalText(io.TextIOBase):
    """A text stream that escapes control characters and keeps to what ``stream`` can encode."""

    def __init__(self, stream: Sink, *, ascii_only: bool = False) -> None:
        super().__init__()
        self.stream = stream
        self.ascii_only = ascii_only
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            self._encoder = codecs.lookup(encoding).name
        except LookupError:
            self._encoder = "ascii"
        self._utf = self._encoder.replace("-", "").replace("_", "") in ("utf8", "utf16", "utf32")

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "ascii" if self.ascii_only else self._encoder

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def fileno(self) -> int:
        """The terminal's file number, so that ``input()`` keeps line editing at the quiz prompt."""
        fileno = getattr(self.stream, "fileno", None)
        if fileno is None:
            raise io.UnsupportedOperation("fileno")
        return int(fileno())

    def write(self, text: str) -> int:
        safe = escape_controls(text)
        if self.ascii_only:
            safe = to_ascii(safe)
        elif not self._utf and not safe.isascii():
            safe = self._encodable(safe)
        self.stream.write(safe)
        return len(text)

    def _encodable(self, text: str) -> str:
        try:
            text.encode(self._encoder)
            return text
        except UnicodeEncodeError:
            return "".join(self._char(c) for c in text)

    def _char(self, char: str) -> str:
        try:
            char.encode(self._encoder)
            return char
        except UnicodeEncodeError:
            return to_ascii(char)

    def flush(self) -> None:
        self.stream.flush()

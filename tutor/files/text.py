"""Text from a file made safe to show: control characters written out, never sent raw.

A hand file's title, notes and player names, and the names of files themselves, are the user's
(or anyone's) text. Sent raw to a terminal, an escape character (``\\x1b``) can clear the screen,
set the window title or write the clipboard, and a newline in a file name forges extra
``FILE:LINE:`` lines. These functions write such characters as ``\\x1b``, ``\\n`` and so on.
"""

from __future__ import annotations

import re

__all__ = ["escape_controls", "one_line"]

# C0 controls, DEL and C1 controls; the bidirectional overrides and isolates, which reorder
# what is shown; the Unicode line and paragraph separators.
_CONTROLS = "\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
_ANY = re.compile(f"[{_CONTROLS}]")
_KEEP = frozenset("\n\t")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def one_line(text: str) -> str:
    """``text`` with every control character escaped, newlines and tabs included: one line."""
    return _ANY.sub(_escape, text)


def escape_controls(text: str) -> str:
    """``text`` with every control character escaped except newline and tab (for prose)."""
    return _ANY.sub(lambda m: m.group() if m.group() in _KEEP else _escape(m), text)

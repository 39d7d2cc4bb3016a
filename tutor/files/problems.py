"""A file's problems as values: each with its path, line, message and the rule that decides.

Every reader of tutor's files (hand files, match files, the lesson checks) reports through
these, and every front end prints them the same way (``FILE:LINE: message``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine.cards import TutorError
from tutor.engine.hand import Hand
from tutor.files.text import one_line

__all__ = ["FileProblem", "FileProblems", "HandFileError", "LoadedHand", "Where"]

Where = tuple[str | int, ...]


@dataclass(frozen=True)
class FileProblem:
    """One problem in one file, at one line."""

    path: str
    line: int
    message: str
    rule: str = ""

    def __str__(self) -> str:
        """``FILE:LINE: message`` (``FILE: message`` for the file as a whole, line 0), one line:
        control characters in the path or message are shown escaped, so that a file name holding
        a newline cannot forge a second ``FILE:LINE:`` line or a terminal escape."""
        where = f"{self.path}:{self.line}" if self.line > 0 else self.path
        return one_line(f"{where}: {self.message}")


class FileProblems(TutorError):
    """A file that cannot be read; ``problems`` lists every problem with its line, and the
    message is those problems, one ``FILE:LINE: message`` line each."""

    def __init__(self, problems: list[FileProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class HandFileError(FileProblems):
    """A hand file that cannot be read; ``problems`` lists every problem with its line."""


@dataclass(frozen=True)
class LoadedHand:
    """A hand and where each part of it stands in its file."""

    hand: Hand
    path: str
    lines: Mapping[Where, int]

    def line_of(self, where: Where) -> int:
        """The line of the most precise part of ``where`` that the file has."""
        for n in range(len(where), 0, -1):
            line = self.lines.get(where[:n])
            if line is not None:
                return line
        return 1

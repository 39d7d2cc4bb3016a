"""The history's rows as read back: a question, an answer, each value checked as it is read.

A file tutor did not write (edited by hand, damaged on disk) may hold anything in any column;
each value is checked here, and one that is not what tutor writes is a
:func:`~tutor.teach.history_file.damaged` error naming the file, the row and the value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tutor.teach.history_file import damaged, stored_time, stored_words
from tutor.teach.quiz import QuestionKind

__all__ = ["QUESTION_COLUMNS", "Answer", "StoredQuestion", "stored_answer", "stored_question"]


@dataclass(frozen=True)
class StoredQuestion:
    """A question as the history keeps it: enough to show its topics and to ask it again."""

    key: str
    kind: QuestionKind
    trick: int | None
    place: str | None
    topics: tuple[str, ...]
    rulings: tuple[str, ...]
    prompt: str
    title: str
    hand: str


@dataclass(frozen=True)
class Answer:
    """One answer: to which question, when, right or not, in how many seconds, what was given."""

    uid: str
    question: str
    at: datetime
    correct: bool
    seconds: float | None
    given: tuple[str, ...]


QUESTION_COLUMNS = "q.key, q.kind, q.trick, q.place, q.topics, q.rulings, q.prompt, d.title, d.hand"


def stored_question(row: Sequence[object], path: Path) -> StoredQuestion:
    """A question row as read back, every value checked (a damaged file is named, not a crash)."""
    key, kind, trick, place, topics, rulings, prompt, title, hand = row
    where = f"question {str(key)[:60]!r}"
    try:
        known_kind = QuestionKind(kind)
    except ValueError:
        raise damaged(path, f"{where}: {kind!r} is not a kind of question") from None
    if trick is not None and (not isinstance(trick, int) or isinstance(trick, bool)):
        raise damaged(path, f"{where}: the trick {trick!r} is not a number")
    return StoredQuestion(
        str(key), known_kind, trick, None if place is None else str(place),
        stored_words(path, topics, f"{where}: its topics"),
        stored_words(path, rulings, f"{where}: its rulings"),
        str(prompt), str(title), str(hand),
    )


def stored_answer(row: Sequence[object], path: Path) -> tuple[Answer, StoredQuestion]:
    """An answer row (``uid, answered_at, correct, seconds, given``, then :data:`QUESTION_COLUMNS`)."""
    uid, at, ok, seconds, given, *question = row
    q = stored_question(question, path)
    where = f"answer {str(uid)[:40]!r}"
    if seconds is not None and (not isinstance(seconds, int | float) or isinstance(seconds, bool)):
        raise damaged(path, f"{where}: its seconds {str(seconds)[:40]!r} are not a number")
    return (Answer(str(uid), q.key, stored_time(path, at, f"{where}: its time"), bool(ok), seconds,
                   stored_words(path, given, f"{where}: what was given")), q)

"""The quiz widget's history: open the ``db=`` it is given, and draw the learner's progress."""

from __future__ import annotations

from pathlib import Path

from tutor.teach.memory import History
from tutor.teach.progress import progress
from tutor.views.shared.progress import progress_chart


def open_history(db: str | Path | History | None, learner: str) -> History | None:
    """``None`` (no history), an open :class:`History`, or a history file's path to open."""
    if db is None or isinstance(db, History):
        return db
    return History(db, learner=learner)


def chart_html(history: History | None) -> str:
    """The progress chart of the history's learner, or nothing without a history."""
    return "" if history is None else str(progress_chart(progress(history)))

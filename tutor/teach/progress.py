"""A learner's progress per topic: answered, right, due now, and the trend, from the history.

The trend compares the later half of a topic's answers with the earlier half: ``better`` or
``worse`` when the share right moved by more than a tenth, ``steady`` otherwise, and ``new``
while a topic has fewer than four answers (too few to say).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tutor.teach.memory import History

__all__ = ["TREND_WORDS", "Progress", "TopicProgress", "progress", "trend"]

#: The trend words, as ``--json`` gives them and as the terminal and the widget draw them.
TREND_WORDS: dict[str, str] = {"better": "↑", "worse": "↓", "steady": "→", "new": "·"}


def trend(results: list[bool]) -> str:
    """``better``, ``worse``, ``steady`` or ``new`` for answers oldest first (True: right).

    >>> trend([False, False, True, True]), trend([True, True, True, False]), trend([True])
    ('better', 'worse', 'new')
    """
    if len(results) < 4:
        return "new"
    half = len(results) // 2
    early, late = results[:-half], results[-half:]
    change = sum(late) / len(late) - sum(early) / len(early)
    return "better" if change > 0.1 else "worse" if change < -0.1 else "steady"


@dataclass(frozen=True)
class TopicProgress:
    answered: int
    right: int
    due: int
    trend: str

    def to_json(self) -> dict[str, Any]:
        return {"answered": self.answered, "right": self.right, "due": self.due, "trend": self.trend}


@dataclass(frozen=True)
class Progress:
    """The whole history of one learner in numbers; ``topics`` sorted by name."""

    learner: str
    answered: int
    right: int
    due: int
    topics: dict[str, TopicProgress] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"answered": N, "right": N, "due": N, "topics": {TOPIC: {...}}}``."""
        return {
            "answered": self.answered, "right": self.right, "due": self.due,
            "topics": {t: p.to_json() for t, p in self.topics.items()},
        }


def progress(history: History, now: datetime | None = None) -> Progress:
    """Count every answer of the history's learner by topic, and what is due at ``now``."""
    results: dict[str, list[bool]] = {}
    answered = right = 0
    for answer, q in history.answers():
        answered += 1
        right += answer.correct
        for topic in q.topics:
            results.setdefault(topic, []).append(answer.correct)
    due = history.due(now)
    due_by_topic: dict[str, int] = {}
    for q in due:
        for topic in q.topics:
            due_by_topic[topic] = due_by_topic.get(topic, 0) + 1
    topics = {
        t: TopicProgress(len(rs), sum(rs), due_by_topic.get(t, 0), trend(rs))
        for t, rs in sorted(results.items())
    }
    return Progress(history.learner, answered, right, len(due), topics)

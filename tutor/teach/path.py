"""The learning path's rule: where a lesson goes, from its topics and whether it asks a decision.

A lesson's stage is :func:`~tutor.teach.topics.stage_of` its tags; the stages come in the order
of :data:`~tutor.engine.hand.LEVELS`. Within a stage, the lessons that teach a rule (no
``decision:``) come first, then those that ask a decision; each group keeps the order the lessons
had (their ``order``), so a lesson added with a higher ``order`` goes to the end of its group.
The numbers then run from 1 along the whole path. ``scripts/place_lessons.py`` writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.hand import LEVELS
from tutor.teach.topics import stage_of

__all__ = ["Place", "place"]


@dataclass(frozen=True)
class Place:
    """One lesson as the rule sees it, and where it goes: ``stage`` and ``order``."""

    name: str
    tags: tuple[str, ...]
    decides: bool
    was: int | None
    stage: str = ""
    order: int = 0


def place(lessons: Sequence[Place]) -> list[Place]:
    """The lessons along the path, each with its stage and number (a lesson whose first tag is
    no topic raises ValueError, naming it)."""
    staged = []
    for i, lesson in enumerate(lessons):
        stage = stage_of(lesson.tags)
        if stage is None:
            raise ValueError(f"{lesson.name}: its first tag, {lesson.tags[0] if lesson.tags else 'none'!r}, "
                             f"is not a topic of docs/topics.md, so it has no stage")
        key = (list(LEVELS).index(stage), lesson.decides,
               lesson.was if lesson.was is not None else 1 << 30, i)
        staged.append((key, stage, lesson))
    staged.sort(key=lambda t: t[0])
    return [Place(lesson.name, lesson.tags, lesson.decides, lesson.was, stage, n)
            for n, (_, stage, lesson) in enumerate(staged, 1)]

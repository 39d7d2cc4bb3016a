"""The whole check of a shipped lesson (``tutor check``: the file, the solver's verification, the
single-dummy claims and the computer bidder's count), run once per test process and shared.

Several files need each shipped lesson to check clean (test_decision, test_verify,
test_course_lessons, test_defence_lessons); each ran the same solver work again, a minute of it
over the hands. Those tests are one group of tests/conftest.py's XDIST_GROUPS (scripts/test.sh's
``--dist loadgroup``), so one worker checks each lesson once. The answer is a pure function of the
file: the solver and the single-dummy sampler are seeded.
"""

from __future__ import annotations

import functools
from pathlib import Path

from tutor.engine.replay import Replay
from tutor.files.problems import FileProblem
from tutor.teach.lessoncheck import check_lesson


@functools.cache
def _checked(path: Path) -> tuple[Replay | None, tuple[FileProblem, ...]]:
    rep, problems = check_lesson(path)
    return rep, tuple(problems)


def checked(path: Path) -> tuple[Replay | None, list[FileProblem]]:
    """``check_lesson(path)``, worked out once a process (a fresh list each call)."""
    rep, problems = _checked(Path(path).resolve())
    return rep, list(problems)

"""The whole check of a shipped lesson (``tutor check``: the file, the solver's verification, the
single-dummy claims and the computer bidder's count), run once per test process and shared; and
the small readers the lesson tests share (a lesson replayed, a note's words, the solver's value
of each card at a place of the play).

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
from tutor.files import handfile
from tutor.files.problems import FileProblem
from tutor.solve import analyse
from tutor.teach.lessoncheck import check_lesson

HANDS = Path(__file__).resolve().parent.parent / "hands"


@functools.cache
def _checked(path: Path) -> tuple[Replay | None, tuple[FileProblem, ...]]:
    rep, problems = check_lesson(path)
    return rep, tuple(problems)


def checked(path: Path) -> tuple[Replay | None, list[FileProblem]]:
    """``check_lesson(path)``, worked out once a process (a fresh list each call)."""
    rep, problems = _checked(Path(path).resolve())
    return rep, list(problems)


def lesson(name: str, text: str | None = None) -> Replay:
    """The shipped lesson ``hands/NAME.yaml`` replayed (``text``: the file's text changed), which
    must load without a problem."""
    rp, problems = handfile.check(HANDS / f"{name}.yaml", text)
    assert problems == [], problems
    assert rp is not None
    return rp


def note_text(rp: Replay, place: str) -> str:
    """The note at ``place`` ("intro", "3.2"), its lines joined as a reader sees them."""
    return " ".join(rp.hand.notes[place].split())


def options_at(rp: Replay, place: str) -> dict[str, int]:
    """The solver's value of every legal card at a card of the play ("2.3")."""
    t, c = (int(x) for x in place.split("."))
    index = sum(len(trick) for trick in rp.hand.play[: t - 1]) + c - 1
    return {str(p): v for p, v in analyse(rp).plays[index].options.items()}

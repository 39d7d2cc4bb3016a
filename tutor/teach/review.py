"""A review quiz: the questions the history says are due, then new ones on the weakest topics.

>>> import tempfile
>>> from datetime import timedelta
>>> from tutor.teach.memory import History
>>> with History(tempfile.mkdtemp() + "/h.sqlite3") as history:
...     first = review_quiz(history, seed=3, count=2)
...     _ = history.record(first[0], correct=False)          # missed: due at the next session
...     later = history.clock() + timedelta(hours=1)
...     again = review_quiz(history, seed=4, count=2, now=later)
>>> question_key(again[0]) == question_key(first[0])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from tutor.engine.replay import Replay, build
from tutor.files.handfile import loads
from tutor.teach.memory import History, StoredQuestion, locator, question_key
from tutor.teach.quiz import BASIC_KINDS, Question, QuestionKind, make_quiz, matches_topic, questions_from

__all__ = ["rebuild", "review_quiz", "weakest_topics"]


def rebuild(stored: StoredQuestion) -> Question | None:
    """The question again, from the deal the history keeps (``None`` if tutor no longer asks it)."""
    try:
        rp = build(loads(stored.hand, f"<history {stored.key}>"))
    except ValueError:  # a deal this tutor reads differently now: skip it rather than stop the quiz
        return None
    return _find(rp, stored)


def _find(rp: Replay, stored: StoredQuestion) -> Question | None:
    # The rng only orders a score question's wrong choices; seed it by the key to keep them stable.
    for q in questions_from(rp, random.Random(stored.key), [stored.kind]):
        if locator(q) == (stored.trick, stored.place):
            return q
    return None


def weakest_topics(history: History, *, most: int = 2) -> list[str]:
    """The topics this learner gets wrong most often (by share of wrong answers), worst first."""
    tally: dict[str, list[int]] = {}
    for answer, q in history.answers():
        for topic in q.topics:
            right_wrong = tally.setdefault(topic, [0, 0])
            right_wrong[0 if answer.correct else 1] += 1
    wrong = [(w / (r + w), w, t) for t, (r, w) in tally.items() if w]
    wrong.sort(key=lambda x: (-x[0], -x[1], x[2]))
    return [t for _share, _w, t in wrong[:most]]


def review_quiz(
    history: History,
    replays: Sequence[Replay] = (),
    *,
    seed: int = 0,
    count: int = 5,
    topics: Sequence[str] = (),
    kinds: Sequence[QuestionKind] = BASIC_KINDS,
    now: datetime | None = None,
) -> list[Question]:
    """Up to ``count`` questions: what is due first (longest overdue first), then new questions.

    New questions are ones this learner has never answered, on the weakest topics when there are
    any (else on ``topics``, or any topic), from ``replays`` or random deals by ``seed``.
    """
    out: list[Question] = []
    seen: set[str] = set()
    for stored in history.due(now):
        if len(out) >= count:
            break
        if stored.kind not in kinds or (topics and not matches_topic(stored.topics, topics)):
            continue
        q = rebuild(stored)
        if q is not None:
            out.append(q)
            seen.add(stored.key)
    if len(out) >= count:
        return out
    known = history.known() | seen
    weak = list(topics) or weakest_topics(history)
    for wanted in ([weak, []] if weak and not topics else [weak]):
        need = count - len(out)
        if need <= 0:
            break
        # Random deals: a seed of its own for each session (the same --seed every day would deal the
        # questions already answered). Hand files: every question they hold, to skip the known.
        session_seed = seed if replays else random.Random(f"{seed}/{len(known)}").randrange(2**31)
        extra = len(known) if replays else need
        fresh = make_quiz(replays, seed=session_seed, count=need + extra + 5, topics=wanted, kinds=kinds)
        for q in fresh:
            key = question_key(q)
            if key not in known and len(out) < count:
                out.append(q)
                known.add(key)
    return out


"""A review's mistakes kept in the quiz history, to be asked again when they are due.

Each decision the review marked ``?`` or ``??`` becomes a hand file that stops there and asks it
(:func:`~tutor.teach.handreview.lesson.mistake_hand`), stored as a lesson decision question
(:data:`~tutor.teach.quiz.QuestionKind.DECISION`) with the topic ``own-mistakes`` besides the
decision's own, and recorded as missed: the scheduler brings a missed question back at the next
session. ``tutor quiz --review``, the widget's review, ``tutor progress`` and the history's
export and import then carry it like any other question.
"""

from __future__ import annotations

from tutor.engine.replay import Replay, build
from tutor.files.handfile import dumps, loads
from tutor.teach.handreview.lesson import mistake_hand
from tutor.teach.handreview.value import Review
from tutor.teach.memory import History, question_key
from tutor.teach.quiz import Question, decision_question

__all__ = ["mistake_questions", "remember"]


def mistake_questions(rep: Replay, review: Review) -> list[Question]:
    """Each marked decision of ``review`` as a question from the seat's view (read back from
    its hand file's text, as the history will rebuild it)."""
    out = []
    for v in review.marked:
        hand = mistake_hand(rep, v)
        if hand is None:
            continue
        q = decision_question(build(loads(dumps(hand), f"<review of {rep.hand.title}>")))
        if q is not None:
            out.append(q)
    return out


def remember(history: History, rep: Replay, review: Review) -> list[str]:
    """Record each marked decision as a missed question; the keys of those recorded."""
    keys = []
    for q in mistake_questions(rep, review):
        history.record(q, correct=False, given=sorted(c.key for c in q.choices if c.key not in q.answer))
        keys.append(question_key(q))
    return keys

"""The quiz widget with a history (db=): answers kept as `tutor quiz` keeps them, progress drawn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import html5lib
import pytest

from tutor.teach.memory import History, question_key
from tutor.views.widgets import QuizWidget


def _chart_rows(html: str) -> dict[str, str]:
    doc = html5lib.parse(html, namespaceHTMLElements=False)
    return {
        tr.get("data-topic"): "".join(tr.find("td[@class='tw-counts']").itertext())
        for tr in doc.iter("tr") if tr.get("class") == "tw-progress-row"
    }


def _head(html: str) -> str:
    doc = html5lib.parse(html, namespaceHTMLElements=False)
    head = next(d for d in doc.iter("div") if d.get("class") == "tw-progress-head")
    return "".join(head.itertext())


def test_each_answer_is_kept_and_the_chart_follows(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    quiz = QuizWidget(seed=5, count=3, db=db, learner="ann")
    assert "No answers yet" in quiz.progress_html.value
    first = quiz.question
    assert first is not None and not first.multiple
    quiz.choice_buttons[next(iter(first.answer))].click()
    quiz.next()
    second = quiz.question
    assert second is not None and second.multiple
    quiz.check_button.click()  # nothing marked: wrong
    rows = _chart_rows(quiz.progress_html.value)
    for topic in second.topics - first.topics:
        assert rows[topic] == "0/1"
    for topic in first.topics - second.topics:
        assert rows[topic] == "1/1"
    assert _head(quiz.progress_html.value) == "Progress of ann: 1 of 2 right · 0 due now"
    with History(db, learner="ann") as history:
        answers = history.answers()
        assert [(q.key, a.correct) for a, q in answers] == [
            (question_key(first), True), (question_key(second), False)]
        assert answers[1][0].given == ()


def test_review_asks_what_is_due_first(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    yesterday = datetime.now(UTC) - timedelta(days=1)
    with History(db, learner="ann", clock=lambda: yesterday) as history:
        missed = QuizWidget(seed=9, count=2).session.questions[1]
        history.record(missed, correct=False)
    quiz = QuizWidget(seed=1, count=2, db=db, learner="ann", review=True)
    assert question_key(quiz.session.questions[0]) == question_key(missed)
    assert _head(quiz.progress_html.value) == "Progress of ann: 0 of 1 right · 1 due now"
    plain = QuizWidget(seed=1, count=2)
    assert plain.history is None and plain.progress_html.value == ""
    with pytest.raises(ValueError, match="review=True asks what a history says is due: give it db= too"):
        QuizWidget(seed=1, count=2, review=True)

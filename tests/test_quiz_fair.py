"""The terminal quiz and the quiz widget ask "who wins?" fairly, as the lesson site does
(tutor.teach.asking): the right answer's place among the choices says nothing, and a lesson
where one seat wins most tricks asks fewer of those.

In the order played the leader's choice came first and the leader wins most tricks: over the
shipped lessons the first choice was right in about 64% of the four-choice questions.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.replay import Replay
from tutor.files.handfile import check
from tutor.teach.asking import FEWEST, asked_in
from tutor.teach.quiz import Question, QuestionKind, make_quiz
from tutor.views.widgets.quiz import QuizWidget

HANDS = sorted((Path(__file__).parent.parent / "hands").glob("*.yaml"))
EVERY = 10_000  # more than all the "who wins?" questions of the shipped lessons


@cache
def replays() -> tuple[Replay, ...]:
    out = []
    for path in HANDS:
        rp, problems = check(path)
        assert rp is not None and not problems, problems
        out.append(rp)
    return tuple(out)


@cache
def who_wins() -> tuple[Question, ...]:
    return tuple(make_quiz(replays(), seed=1, count=EVERY, kinds=[QuestionKind.WHO_WINS]))


def _spread(places: Counter[int], choices: int) -> None:
    total = sum(places.values())
    # Each place is right 1/n of the time; with ~180 four-choice questions one standard
    # deviation is about 3.2 points, so 1/n + 10 points (three of them) means the place tells.
    assert total > 150, total
    assert max(places.values()) <= (1 / choices + 0.10) * total, places


def test_the_quizs_order_puts_the_answer_at_every_place_alike() -> None:
    places: Counter[int] = Counter()
    for q in who_wins():
        keys = [c.key for c in q.choices]
        if len(keys) == 4:
            (right,) = q.answer
            places[keys.index(right)] += 1
    _spread(places, 4)


def test_the_widgets_buttons_put_the_answer_at_every_place_alike() -> None:
    four = [q for q in who_wins() if len(q.choices) == 4]
    widget = QuizWidget(questions=four)
    places: Counter[int] = Counter()
    for i, q in enumerate(four):
        widget.index = i
        keys = list(widget.choice_buttons)  # in the order the row shows them
        (right,) = q.answer
        places[keys.index(right)] += 1
    _spread(places, 4)


def test_the_terminals_choices_put_the_answer_at_every_place_alike(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quiz", *map(str, HANDS), "--kind", "who-wins", "--count", str(EVERY), "--seed", "1",
                 "--show-answers", "--ascii"]) == 0
    places: Counter[int] = Counter()
    for block in capsys.readouterr().out.split("\nQuestion ")[1:]:
        labels = re.findall(r"^    [A-Z0-9]+\) (.+)$", block, re.MULTILINE)
        answer = re.search(r"^  Answer: (.+) wins\.$", block, re.MULTILINE)
        assert answer is not None, block
        if len(labels) == 4:
            places[labels.index(answer.group(1))] += 1
    _spread(places, 4)


@pytest.mark.parametrize("index", range(len(HANDS)), ids=[p.stem for p in HANDS])
def test_no_seat_answers_most_of_a_lessons_quiz(index: int) -> None:
    rp = replays()[index]
    asked = [q for q in who_wins() if q.deal == rp.hand]
    assert {q.trick.number for q in asked if q.trick is not None} == set(asked_in(rp))
    answers = Counter(next(iter(q.answer)) for q in asked)
    if answers:
        (_, most), = answers.most_common(1)
        assert most <= max(FEWEST, sum(answers.values()) - most), answers

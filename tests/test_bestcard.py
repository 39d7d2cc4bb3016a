"""The quiz's best-card question: every answer checked against the solver, position by position."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.files.handfile import check
from tutor.solve import Solver, deal_of
from tutor.teach.bestcard import is_clear_minority
from tutor.teach.quiz import QuestionKind, best_card_questions, make_quiz
from tutor.views.widgets import QuizWidget

HANDS = Path(__file__).resolve().parent.parent / "hands"
LESSONS = sorted(p for p in HANDS.glob("*.yaml") if "two-handed" not in p.stem)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_best_card_answer_agrees_with_the_solver(path: Path) -> None:
    rep, _ = check(path)
    assert rep is not None
    questions = best_card_questions(rep)
    deal = deal_of(rep)
    solver = Solver()
    positions = list(deal.positions())
    card_steps = [i for i, s in enumerate(rep.steps) if s.play is not None and s.seat is not None]
    for q in questions:
        assert q.turn is not None and q.kind is QuestionKind.BEST_CARD
        pos, _play = positions[card_steps.index(q.turn.index)]
        options = solver.options(pos)
        # the cards offered are exactly the engine's legal cards
        assert {c.key for c in q.choices} == {str(c) for c in q.turn.legal()}
        by_card: dict[str, list[int]] = {}
        for play, value in options.items():
            by_card.setdefault(str(play.card), []).append(value)
        more = pos.team[pos.to_move] != pos.minimise
        values = {c: (max(v) if more else min(v)) for c, v in by_card.items()}
        best = max(values.values()) if more else min(values.values())
        assert q.answer == {c for c, v in values.items() if v == best}
        assert is_clear_minority(len(q.answer), len(values))
        assert q.check(q.answer).correct
        wrong = next(c.key for c in q.choices if c.key not in q.answer)
        feedback = q.check([wrong])
        assert not feedback.correct
        label = next(c.label for c in q.choices if c.key == wrong)
        assert f"{label} {values[wrong]}" in feedback.reasons[0]


def test_lessons_offer_best_card_questions_and_none_for_two_handed() -> None:
    total = 0
    for path in LESSONS:
        rep, _ = check(path)
        assert rep is not None
        total += len(best_card_questions(rep))
    assert total >= 5
    two, _ = check(HANDS / "two-handed-table-cards.yaml")
    assert two is not None and best_card_questions(two) == []


def test_a_deciding_card_is_asked_as_the_contract() -> None:
    rep, _ = check(HANDS / "joker-only-when-void.yaml")
    assert rep is not None
    (q,) = [q for q in best_card_questions(rep) if q.turn and q.turn.trick == 3]
    assert q.prompt == "Trick 3 of West seven no-trumps: North to play. Which card beats the contract?"
    assert q.answer == {"7D"} and q.answer_words() == "the best card is 7♦"
    assert q.check_text("AD").reasons[1] == (
        "In the game North played A♦: North's A♦ cost a trick: the 7♦ kept East–West to 6."
    )


def test_best_card_is_not_in_a_quiz_unless_asked() -> None:
    replays = [r for r in (check(p)[0] for p in LESSONS[:3]) if r is not None]
    assert all(q.kind is not QuestionKind.BEST_CARD for q in make_quiz(replays, count=20))
    quiz = make_quiz(replays, count=5, kinds=[QuestionKind.BEST_CARD])
    assert quiz and all(q.kind is QuestionKind.BEST_CARD for q in quiz)


def test_quiz_widget_asks_and_explains_a_best_card_question() -> None:
    rep, _ = check(HANDS / "joker-only-when-void.yaml")
    assert rep is not None
    w = QuizWidget([rep], kinds=[QuestionKind.BEST_CARD], count=2)
    q = w.question
    assert q is not None and q.kind is QuestionKind.BEST_CARD
    assert set(w.choice_buttons) == {c.key for c in q.choices}
    wrong = next(k for k in w.choice_buttons if k not in q.answer)
    fb = w.answer([wrong])
    assert not fb.correct and "With best play after each card" in w.feedback
    assert w.asked == 1 and w.right == 0


def test_tutor_quiz_shows_best_card_answers() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tutor", "quiz", str(HANDS / "joker-only-when-void.yaml"),
         "--kind", "best-card", "--show-answers", "--count", "2"],
        capture_output=True, text=True, check=True,
    ).stdout
    out = " ".join(out.split())  # long lines are wrapped
    assert "Which card beats the contract?" in out
    assert "Answer: the best card is 7♦." in out
    assert "East–West take (East–West need 7): Q♥ 9, 10♥ 9, 9♥ 9, 6♥ 9, J♣ 9, A♦ 7, Q♦ 7, 7♦ 6." in out

"""The replay widget stops before a lesson's decision and asks it (state set as a browser would)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tutor.views.widgets import ReplayWidget

HANDS = Path(__file__).resolve().parent.parent / "hands"


#: (lesson, the step before the decision's, the key to press, right?, the answer's words)
CASES = [
    ("count-then-bid", 0, "a", True, "seven hearts"),
    ("misere-which-three-to-put-away", 7, "c", False,
     "the 10 of clubs, the 8 of clubs and the king of diamonds"),
    ("misere-nominate-the-joker", 9, "b", False, "hearts"),
    ("misere-defence-on-souths-nine", None, "a", True, "the 7 of hearts"),
]


@pytest.mark.parametrize(("name", "before", "key", "right", "words"), CASES, ids=[c[0] for c in CASES])
def test_the_widget_asks_then_goes_on(name: str, before: int | None, key: str, right: bool,
                                      words: str) -> None:
    w = ReplayWidget.from_file(HANDS / f"{name}.yaml")
    at = w.replay.decision_step()
    assert at is not None and (before is None or at - 1 == before)
    w.step = at - 1
    w.next()
    assert w.deciding and w.step == at - 1
    assert w.replay.hand.decision is not None
    assert w.replay.hand.decision.question in html.unescape(w.text)
    assert list(w.decision_buttons) == list("abcd"[: len(w.replay.hand.decision.choices)])
    w.decision_buttons[key].click()
    assert not w.deciding and w.step == at and w.decided == key
    head = f"Right: {words}." if right else f"Not this one: the answer is {words}."
    assert head in w.feedback
    explanation = w.replay.hand.decision.explained_by(w.replay.hand.notes).split()[:6]
    assert " ".join(explanation) in " ".join(w.feedback.split())
    assert w.decision_buttons == {}
    w.step = at - 1
    w.next()  # answered once: the widget goes on without asking again
    assert not w.deciding and w.step == at


def test_next_again_shows_the_answer_and_back_leaves_the_question() -> None:
    w = ReplayWidget.from_file(HANDS / "hearts-or-no-trumps.yaml")
    w.next()
    assert w.deciding
    w.back()
    assert not w.deciding and w.step == 0
    w.next()
    w.next()
    assert w.decided == "shown" and w.step == 1 and "The answer: eight hearts." in w.feedback


def test_a_decision_is_answered_only_while_asked() -> None:
    w = ReplayWidget.from_file(HANDS / "hearts-or-no-trumps.yaml")
    with pytest.raises(ValueError, match="not asking a decision"):
        w.decide("a")
    w.next()
    with pytest.raises(ValueError, match="'z' is not a choice"):
        w.decide("z")


def test_a_lesson_without_a_decision_steps_as_before() -> None:
    w = ReplayWidget.from_file(HANDS / "first-night-seven-hearts.yaml")
    for n in range(1, 6):
        w.next()
        assert w.step == n and not w.deciding


#: (lesson, the control the learner uses to get past the decision: "last" or a Go-to label)
JUMPS = [
    ("count-then-bid", "last"),
    ("count-then-bid", "The result"),
    ("misere-which-three-to-put-away", "Trick 1"),
    ("misere-defence-what-to-throw", "Trick 9"),
    ("misere-defence-what-to-throw", "last"),
]


@pytest.mark.parametrize(("name", "control"), JUMPS, ids=[f"{n}-{c}" for n, c in JUMPS])
def test_last_and_go_to_stop_at_an_unanswered_decision(name: str, control: str) -> None:
    w = ReplayWidget.from_file(HANDS / f"{name}.yaml")
    at = w.replay.decision_step()
    assert at is not None

    def jump() -> None:
        if control == "last":
            w.last_button.click()
        else:
            w.trick_picker.value = dict(w.trick_picker.options)[control]

    jump()
    assert w.deciding and w.step == at - 1
    assert w.decision_buttons
    w.decision_buttons["a"].click()
    w.first_button.click()
    jump()  # answered: the jump goes where it was asked to
    assert not w.deciding and w.step > at - 1


def test_go_to_a_trick_before_the_decision_does_not_ask() -> None:
    w = ReplayWidget.from_file(HANDS / "misere-defence-what-to-throw.yaml")
    at = w.replay.decision_step()
    w.trick_picker.value = dict(w.trick_picker.options)["Trick 8"]  # the decision is trick 8's 3rd card
    assert not w.deciding and at is not None and w.step == at - 2

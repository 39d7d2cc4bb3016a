"""The replay widget stops before a lesson's decision and asks it (state set as a browser would)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tutor.engine.replay import build
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.teach.quiz import QuestionKind
from tutor.views.widgets import QuizWidget, ReplayWidget

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
    decision = w.replay.hand.decision
    assert decision is not None
    at = w.replay.decision_step()
    assert at is not None and (before is None or at - 1 == before)
    w.step = at - 1
    w.next()
    assert w.deciding and w.step == at - 1
    assert decision.question in html.unescape(w.text)
    assert list(w.decision_buttons) == list("abcd"[: len(decision.choices)])
    explanation = " ".join(decision.explained_by(w.replay.hand.notes).split()[:6])
    if not right:
        # answered in place: told at once, the answer kept back, the same question asked again
        w.decision_buttons[key].click()
        assert w.deciding and w.step == at - 1 and w.decided == "" and w.tried == [key]
        assert "Not " in w.feedback and words not in w.feedback
        assert explanation not in " ".join(w.feedback.split())
        assert w.decision_buttons[key].disabled and not w.decision_buttons["abcd"[decision.answer]].disabled
        key = "abcd"[decision.answer]
    w.decision_buttons[key].click()
    assert not w.deciding and w.step == at and w.decided == key
    assert f"Right: {words}." in w.feedback if right else "Right: " in w.feedback
    assert explanation in " ".join(w.feedback.split())
    assert w.decision_buttons == {}
    w.step = at - 1
    w.next()  # answered once: the widget goes on without asking again
    assert not w.deciding and w.step == at


def test_a_wrong_call_is_told_with_the_solvers_figures_for_it() -> None:
    w = ReplayWidget.from_file(HANDS / "count-then-bid.yaml")  # tricks: {7H: 7, 8H: 7}
    w.next()
    assert not w.decide("b")  # eight hearts
    assert "Not eight hearts." in w.feedback and "7 tricks, 1 short of the 8 it needs" in w.feedback
    assert "seven hearts" not in w.feedback.lower()
    w.next()  # Next after a wrong try shows the answer
    assert w.decided == "shown" and "The answer: seven hearts." in w.feedback


DECIDING = sorted(p.stem for p in HANDS.glob("*.yaml") if "\ndecision:" in p.read_text("utf-8"))


def _cards_drawn(markup: str) -> set[str]:
    """The cards drawn, by code (a joker played as a suit, ``Jo:S``, is the joker)."""
    return {c.split(":")[0] for c in re.findall(r'data-card="([^"]+)"', markup)}


@pytest.mark.parametrize("name", DECIDING)
def test_only_the_deciding_seat_is_shown_until_the_answer(name: str) -> None:
    """Even with every hand asked for (show="all"), the table at the decision draws only what the
    deciding seat knows (tutor.teach.seatview); the answer opens the rest."""
    w = ReplayWidget.from_file(HANDS / f"{name}.yaml", show="all")
    w.last_button.click()  # stops at the unanswered decision
    view = w.seat_view
    assert w.deciding and view is not None
    known = {*view.hand, *view.played, *view.kitty, *view.discard,
             *(c for cards in view.open_hands.values() for c in cards),
             *(c for cards in view.table_cards.values() for c in cards)}
    drawn = _cards_drawn(w.table.value + w.history.value)
    assert drawn <= {str(c) for c in known}, f"drawn but not known to {view.seat.word}"
    assert {str(c) for c in view.hand} <= drawn
    if not view.seen_kitty:
        assert "Kitty:" not in w.table.value
    assert w.show_picker.disabled
    state = w.replay.states[view.step - 1]
    unseen = {str(c) for s, cards in state.hands.items() if not view.sees(s) for c in cards}
    w.next()  # the answer
    assert not w.deciding and not w.show_picker.disabled
    assert unseen & _cards_drawn(w.table.value), "the other hands open after the answer"


#: (lesson, the seat its intro seats the learner in)
SEATED = [("count-then-bid", "S"), ("defence-partners-ace-of-clubs", "E"),
          ("joker-leads-trumps", "W"), ("canadian-two-jokers", "N")]


@pytest.mark.parametrize(("name", "seat"), SEATED)
def test_a_lesson_opens_with_the_intro_seats_hand_only(name: str, seat: str) -> None:
    w = ReplayWidget.from_file(HANDS / f"{name}.yaml")
    assert w.show == seat and w.show_picker.value == seat
    hand = {str(c) for c in w.replay.hand.hands[Seat.parse(seat)]}
    assert _cards_drawn(w.table.value) == hand
    assert ReplayWidget.from_file(HANDS / f"{name}.yaml", show="all").show == "all"


def test_a_lesson_without_a_seat_in_its_intro_opens_with_every_hand() -> None:
    text = (HANDS / "first-night-seven-hearts.yaml").read_text("utf-8").replace("You are South", "South is")
    w = ReplayWidget(build(handfile.loads(text)))
    assert w.show == "all"


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


@pytest.mark.parametrize("name", DECIDING)
def test_the_quiz_widget_draws_the_deciding_seats_hand_only(name: str) -> None:
    rp = ReplayWidget.from_file(HANDS / f"{name}.yaml").replay
    q = QuizWidget([rp], kinds=[QuestionKind.DECISION], count=1)
    question = q.question
    assert question is not None and question.view is not None
    assert _cards_drawn(q.question_html.value) == {str(c) for c in question.view.hand}

"""The widgets driven as a browser would: set their state, click their buttons, read what they show."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import traitlets

from tutor.engine.cards import Card
from tutor.engine.play import IllegalPlay
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import Replay, StepKind, build
from tutor.files import handfile
from tutor.teach.playalong import turn_at
from tutor.teach.quiz import QuestionKind, make_quiz
from tutor.views.widgets import QuizWidget, ReplayWidget

EXAMPLE = Path(__file__).parent / "data" / "spec-example.yaml"
MISERE_SEED = 22  # random_hand(22): an Australian misère by East, West sits out


@pytest.fixture
def example() -> Replay:
    result, problems = handfile.check(EXAMPLE)
    assert result is not None and not problems
    return result


def _current(w: ReplayWidget) -> list[str]:
    return re.findall(r'class="card [a-z]+ current[^"]*"[^>]*data-card="([^"]+)"', w.table.value)


def _backs(w: ReplayWidget) -> int:
    return w.table.value.count("card back")


def test_next_shows_the_next_card_and_its_ruling(example: Replay) -> None:
    w = ReplayWidget(example, step=example.step_of_trick(1))
    assert _current(w) == ["9C"]
    w.next_button.click()
    assert _current(w) == ["AC"]
    assert "South follows suit with the ace of clubs." in w.ruling.value
    assert f"Step {example.step_of_trick(1) + 2} of {len(example.steps)}" in w.ruling.value


def test_trick_end_marks_the_winner_and_counts_it(example: Replay) -> None:
    w = ReplayWidget(example, step=example.step_of_trick(1) + 4)
    assert example.steps[w.step].kind is StepKind.TRICK
    assert re.search(r'class="card black winner"[^>]*data-card="AC"', w.table.value)
    assert "South wins" in w.table.value
    assert "South wins with the ace of clubs" in w.ruling.value
    assert "North–South 1</b> · <b>East–West 0" in w.header.value


def test_first_back_last_and_their_ends(example: Replay) -> None:
    w = ReplayWidget(example)
    assert w.first_button.disabled and w.back_button.disabled and not w.next_button.disabled
    assert "Contract: <b>not yet bid" in w.header.value
    w.last_button.click()
    assert w.step == len(example.steps) - 1
    assert w.next_button.disabled and w.last_button.disabled
    assert "Score: <b>North–South +60, East–West −320" in w.header.value
    assert "the contract is set" in w.ruling.value and "contract-set" not in w.ruling.value
    w.back_button.click()
    assert w.step == len(example.steps) - 2
    w.first_button.click()
    assert w.step == 0


def test_jump_to_a_trick_and_earlier_tricks_listed(example: Replay) -> None:
    w = ReplayWidget(example)
    labels = [label for label, _ in w.trick_picker.options]
    assert labels[:2] == ["The deal", "End of the auction"] and "Trick 10" in labels
    w.trick_picker.value = dict(w.trick_picker.options)["Trick 6"]
    assert w.step == example.step_of_trick(6)
    assert _current(w) == ["Jo:S"]
    assert "names spades" in w.ruling.value
    assert w.history.value.count("<li") == 5
    w.next_button.click()  # the picker follows the step
    assert w.trick_picker.label == "Trick 6"


def test_step_and_show_are_validated(example: Replay) -> None:
    w = ReplayWidget(example)
    with pytest.raises(traitlets.TraitError, match="outside this hand"):
        w.step = len(example.steps)
    with pytest.raises(traitlets.TraitError, match="'all' or a seat"):
        w.show = "X"


def test_one_seat_shown_others_revealed_as_played_all_at_the_end(example: Replay) -> None:
    w = ReplayWidget(example, show="S")
    assert _backs(w) == 30  # three hidden hands of ten
    assert 'data-card="AS"' in w.table.value  # South's own cards face up
    w.step = example.step_of_trick(1) + 3  # East, South, West and North have played to trick 1
    assert _backs(w) == 27
    assert 'data-card="9C"' in w.table.value
    w.last_button.click()
    assert _backs(w) == 0


def test_author_notes_show_as_text_not_markup(example: Replay) -> None:
    hand = dataclasses.replace(example.hand, title="Notes <b>bold</b>",
                               notes={"1.2": "South wins it cheaply? <script>x</script>"})
    w = ReplayWidget(build(hand), step=example.step_of_trick(1) + 1)
    assert "South wins it cheaply? &lt;script&gt;x&lt;/script&gt;" in w.ruling.value
    assert "Notes &lt;b&gt;bold&lt;/b&gt;" in w.header.value
    assert "<script>" not in w.text


def test_play_along_refuses_an_illegal_card_with_the_engines_reason(example: Replay) -> None:
    w = ReplayWidget(example, play_as="S")
    assert w.show == "S"
    while w.awaiting is None:
        w.next_button.click()
    before = w.step
    w.next_button.click()  # Next waits for the learner's card
    assert w.step == before and "Your turn, South" in w.feedback
    south = example.steps[before + 1].seat
    assert south is not None
    assert set(w.pick_buttons) == {str(c) for c in example.states[before].hands[south]}
    turn = turn_at(example, before + 1)
    assert turn is not None
    with pytest.raises(IllegalPlay) as err:
        turn.judge(Card.parse("5D"))
    w.pick_buttons["5D"].click()
    assert w.step == before
    assert "Refused." in w.feedback and str(err.value) in w.feedback
    w.pick_buttons["AC"].click()
    assert w.step == before + 1
    assert "same card South played" in w.feedback and "follows suit with the ace of clubs" in w.feedback
    assert (w.picks, w.matches) == (1, 1)


def test_play_along_legal_but_different_card_is_compared(example: Replay) -> None:
    w = ReplayWidget(example, play_as="S", step=example.step_of_trick(2) - 1)
    assert w.awaiting is not None and w.awaiting.actual == turn_at(example, w.step + 1).actual
    w.pick("AS")  # South led 5H at the table; a lead may be any card
    assert "at the table South played 5♥" in w.feedback
    assert "South leads the ace of spades" in w.feedback
    assert _current(w) == ["5H"]  # the hand goes on with the card really played
    assert (w.picks, w.matches) == (1, 0)
    with pytest.raises(ValueError, match="not the learner's turn"):
        w.pick("AS")


def test_play_along_back_does_not_count_a_card_again(example: Replay) -> None:
    """Going Back over a turn and playing it again leaves the count as it was."""
    w = ReplayWidget(example, play_as="S", step=example.step_of_trick(2) - 1)
    w.pick("AS")
    assert (w.picks, w.matches) == (1, 0)
    w.back_button.click()
    assert w.awaiting is not None
    w.pick("5H")  # the card played at the table, this time
    assert (w.picks, w.matches) == (1, 0)
    assert "counted the first time" in w.feedback


def test_misere_three_seats_and_play_along_only_for_players() -> None:
    rp = build(random_hand(MISERE_SEED))
    assert rp.contract is not None and rp.contract.bid.is_misere and not rp.problems
    out = rp.contract.declarer.partner
    w = ReplayWidget(rp)
    w.trick_picker.value = dict(w.trick_picker.options)["Trick 2"]
    w.step += 2
    assert "sits out" in w.table.value
    assert out.value not in [v for _label, v in w.play_picker.options]
    with pytest.raises(traitlets.TraitError, match="a seat that plays"):
        w.play_as = out.value
    w.last_button.click()
    assert w.table.value.count('class="trick-card') == 3


def test_partial_hand_walks_to_its_end_without_a_score() -> None:
    rp = build(random_hand(5, tricks=3))
    assert not rp.problems and not rp.complete
    w = ReplayWidget(rp)
    while not w.next_button.disabled:
        w.next_button.click()
    assert "Score: <b>—" in w.header.value
    assert w.history.value.count("<li") == 2  # trick 3 is in the middle


def test_quiz_widget_feedback_and_tally() -> None:
    w = QuizWidget(seed=3, count=3, kinds=[QuestionKind.WHO_WINS])
    q = w.question
    assert q is not None and "Question 1 of 3" in w.text
    wrong = next(k for k in w.choice_buttons if k not in q.answer)
    w.choice_buttons[wrong].click()
    assert "Not quite" in w.feedback and q.ruling.text in w.feedback
    assert (w.right, w.asked) == (0, 1) and "Tally: 0 of 1 right" in w.tally_html.value
    assert all(b.disabled for b in w.choice_buttons.values())
    w.next_button.click()
    q2 = w.question
    assert q2 is not None and q2 is not q and w.feedback == ""
    w.choice_buttons[next(iter(q2.answer))].click()
    assert "Right." in w.feedback and "Tally: 1 of 2 right" in w.tally_html.value


def test_quiz_widget_which_cards_with_toggles() -> None:
    w = QuizWidget(seed=2, count=2, kinds=[QuestionKind.LEGAL_PLAYS])
    q = w.question
    assert q is not None and q.multiple
    w.selected = sorted(q.answer)  # as the browser sets the synced list
    assert all(w.choice_buttons[k].value == (k in q.answer) for k in w.choice_buttons)
    w.check_button.click()
    assert "Right." in w.feedback and w.right == 1
    w.next_button.click()
    q = w.question
    assert q is not None
    extra = next(c.key for c in q.choices if c.key not in q.answer)
    for k in (*q.answer, extra):
        w.choice_buttons[k].value = True  # clicking the toggles sets ``selected``
    assert set(w.selected) == set(q.answer) | {extra}
    w.check_button.click()
    assert "Not quite" in w.feedback and f"Not {extra}:" in w.feedback
    with pytest.raises(traitlets.TraitError, match="not one of the choices"):
        w.selected = ["ZZ"]


def test_quiz_widget_topic_restarts_with_matching_questions() -> None:
    w = QuizWidget(seed=4, count=3)
    w.topic_picker.value = "misere"
    assert w.topic == "misere" and w.index == 0 and w.asked == 0
    assert all(q.contract.bid.is_misere for q in w.session.questions)
    assert "misère" in w.text or "Misère" in w.text or "misere" in w.text


def test_quiz_widget_from_hand_files_and_the_end(example: Replay) -> None:
    w = QuizWidget(questions=make_quiz([example], kinds=[QuestionKind.SCORE]))
    assert w.topic_picker.disabled
    w.choice_buttons[next(iter(w.question.answer))].click()  # type: ignore[union-attr]
    w.next_button.click()
    assert "end of the quiz: 1 of 1 right" in w.text and w.next_button.disabled


@pytest.mark.parametrize("seed", range(8))
def test_playing_along_with_the_table_cards_reaches_the_end(seed: int) -> None:
    rp = build(random_hand(seed))
    assert not rp.problems
    seat = rp.steps[-1].seat or rp.hand.dealer
    w = ReplayWidget(rp, play_as=seat.value)
    while w.step < len(rp.steps) - 1:
        turn = w.awaiting
        if turn is None:
            w.next_button.click()
        else:
            w.pick_buttons[str(turn.actual.card)].click()
    assert w.picks == w.matches == sum(1 for s in rp.steps if s.kind is StepKind.CARD and s.seat == seat)
    assert _backs(w) == 0


def test_play_along_shows_the_authors_note_for_the_card(example: Replay) -> None:
    hand = dataclasses.replace(example.hand, notes={"1.2": "South has only the one club."})
    rp = build(hand)
    w = ReplayWidget(rp, play_as="S", step=rp.step_of_trick(1))
    assert "South has only the one club." not in w.text
    w.pick("AC")
    assert "South has only the one club." in w.ruling.value
    assert "tw-allowed" in w.feedback_html.value


def test_a_thrown_in_hand_steps_to_its_end_and_asks_nothing() -> None:
    text = EXAMPLE.read_text().replace("[8NT, pass, pass, pass]", "[pass, pass, pass, pass]")
    rp = build(handfile.loads(text[: text.index("discard:")]))
    assert not rp.problems and rp.contract is None
    w = ReplayWidget(rp, play_as="S")
    w.last_button.click()
    assert "thrown in" in w.ruling.value and w.awaiting is None
    assert make_quiz([rp]) == []


def test_play_along_jump_to_a_trick_the_learner_leads_stops_before_the_lead() -> None:
    """Going to a trick that the learner's seat leads asks for that lead instead of showing it."""
    first_night = Path(__file__).parent.parent / "hands" / "first-night-seven-hearts.yaml"
    rp, problems = handfile.check(first_night)
    assert rp is not None and not problems
    w = ReplayWidget(rp, play_as="S")  # South leads every trick of this hand
    w.trick_picker.value = dict(w.trick_picker.options)["Trick 3"]
    turn = w.awaiting
    assert turn is not None and turn.seat.value == "S"
    assert rp.steps[w.step + 1].trick == 3 and rp.steps[w.step + 1].position == 1
    w.pick("AC")
    assert rp.steps[w.step].play is not None and str(rp.steps[w.step].play) == "AC"
    # Watching (no play-along), the same jump shows the lead already on the table.
    watch = ReplayWidget(rp)
    watch.trick_picker.value = dict(watch.trick_picker.options)["Trick 3"]
    assert rp.steps[watch.step].trick == 3 and rp.steps[watch.step].position == 1


def test_quiz_widget_marks_the_chosen_and_the_right_answer_and_starts_again() -> None:
    w = QuizWidget(seed=3, count=3, kinds=[QuestionKind.WHO_WINS])
    q = w.question
    assert q is not None and "led" in q.prompt
    wrong = next(k for k in w.choice_buttons if k not in q.answer)
    right = next(iter(q.answer))
    w.choice_buttons[wrong].click()
    chosen, answer = w.choice_buttons[wrong], w.choice_buttons[right]
    assert "tw-chosen" in chosen._dom_classes and chosen.button_style == "danger"
    assert chosen.description.endswith("✗")
    assert "tw-right-answer" in answer._dom_classes and answer.button_style == "success"
    assert answer.description.endswith("✓")
    w.next_button.click()
    w.restart_button.click()
    assert w.index == 0 and (w.right, w.asked) == (0, 0) and w.question is q
    assert not any(b.disabled for b in w.choice_buttons.values())


def test_quiz_widget_shows_a_busy_sign_while_a_topic_builds_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tutor.views.widgets.quiz as quiz_module

    w = QuizWidget(seed=4, count=2)
    seen: list[tuple[bool, str, bool]] = []
    real = quiz_module.make_quiz

    def watched(*args: object, **kw: object) -> object:
        seen.append((w.busy, w.busy_html.value, w.topic_picker.disabled))
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(quiz_module, "make_quiz", watched)
    w.topic_picker.value = "joker"
    assert seen and seen[0][0] and "Building questions on joker" in seen[0][1] and seen[0][2]
    assert not w.busy and w.busy_html.value == "" and not w.topic_picker.disabled


def test_a_short_quiz_widget_says_fewer_questions_were_available(example: Replay) -> None:
    w = QuizWidget([example], count=30, kinds=[QuestionKind.SCORE])
    assert len(w.session.questions) == 1
    assert "Only 1 question was available, of the 30 asked for." in w.tally_html.value


def test_quiz_widget_offers_cards_in_the_order_of_the_hand_and_its_reasons() -> None:
    """The card toggles, the hand drawn and the feedback list the cards in one order: trumps first."""
    w = QuizWidget(seed=2, count=4, kinds=[QuestionKind.LEGAL_PLAYS])
    q = w.question
    assert q is not None and q.turn is not None
    assert list(w.choice_buttons) == [c.key for c in q.choices]
    # the toggles are the hand, drawn once: no picture of the hand above them
    assert "tw-quiz-hand" not in w.question_html.value


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_which_cards_draws_the_hand_once_and_says_the_rule_once(seed: int) -> None:
    w = QuizWidget(seed=seed, count=10, kinds=[QuestionKind.LEGAL_PLAYS])
    while (q := w.question) is not None and sum(c.key not in q.answer for c in q.choices) < 2:
        w.next()  # a question with two cards or more that may not be played
    assert q is not None and q.multiple and q.trick is not None
    drawn = re.findall(r'data-card="([^"]+)"', w.question_html.value)
    assert sorted(drawn) == sorted(str(p.card) for p in q.trick.plays)  # the hand is the toggles only
    assert [c.key for c in q.choices] == list(w.choice_buttons)
    for b in w.choice_buttons.values():
        b.value = True  # every card marked
    w.check_button.click()
    reasons = re.findall(r'<div class="tw-reason">(.*?)</div>', w.feedback, re.S)
    illegal = [c.key for c in q.choices if c.key not in q.answer]
    assert 0 < len(reasons) < len(illegal)  # the rule said once, not one sentence a card
    assert "The same goes for" in w.feedback

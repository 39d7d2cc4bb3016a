"""The review judges the contractor's nomination of the joker's suit (issue 27: "every decision
of that seat"), retry can start from it, and a marked one comes back as a joker decision.

Small on purpose: two shipped lessons, few layouts, a fixed seed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tutor.engine.cards import Suit
from tutor.engine.hand import RulesSpec
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.engine.steps import StepKind
from tutor.files.handfile import check
from tutor.solve import Solver
from tutor.teach.handreview import review_hand
from tutor.teach.handreview.lesson import mistake_hand
from tutor.teach.handreview.nomination import judge_nomination
from tutor.teach.handreview.table import marks
from tutor.teach.handreview.value import Option, Verdict
from tutor.teach.players.retry import decisions, retry
from tutor.teach.players.takeover import hand_until

HANDS = Path(__file__).resolve().parent.parent / "hands"
MISERE = "misere-nominate-the-joker"        # Australian misère: South must name the joker's suit
NO_TRUMPS = "joker-nominated-in-no-trumps"  # East's no-trumps: naming or keeping, both allowed


def _replay(name: str) -> Replay:
    rep, problems = check(HANDS / f"{name}.yaml")
    assert rep is not None and not problems
    return rep


def test_the_misere_nomination_is_judged_over_every_suit_and_the_wildcard() -> None:
    rep = _replay(MISERE)
    v, why = judge_nomination(rep, Seat.S, layouts=12, seed=0)
    assert v is not None and why == "" and v.kind == "nomination" and v.place == "joker"
    assert v.done.code == "H"  # the lesson's nomination
    assert {o.code for o in v.options} == {"S", "C", "D", "H", "wildcard"}
    # double-dummy on the true layout, as the lesson's decision says: diamonds lose the misère
    dd = {o.code: o.double_dummy for o in v.options}
    assert dd == {"S": 0, "C": 0, "H": 0, "D": 1, "wildcard": None}
    # keeping the joker loses an Australian misère by rule: not played, made in no layout, last,
    # with no trick figure, the rule named
    kept = next(o for o in v.options if o.code == "wildcard")
    assert (kept.make, kept.expected) == (0.0, None) and "misere_needs_joker_nominated" in v.ruling
    assert v.options[-1] is kept
    # the best option is first, and the mark is BEN's rule on the loss in tricks (misère: fewer)
    assert v.loss == pytest.approx(max(0.0, (v.done.expected or 0) - (v.options[0].expected or 0)))
    assert "South's nomination, the joker as a heart" in v.words


def test_in_no_trumps_keeping_the_wildcard_is_a_choice_valued_by_the_solver() -> None:
    rep = _replay(NO_TRUMPS)
    v, _why = judge_nomination(rep, Seat.E, layouts=8, seed=0)
    assert v is not None and v.done.code == "H"
    kept = next(o for o in v.options if o.code == "wildcard")
    assert kept.double_dummy is not None and kept.make is not None and v.ruling == ""
    # the true layout's value of each choice is the solver's, with that nomination
    start = build(dataclasses.replace(rep.hand, joker=None, play=(), notes={}, claims={},
                                      decision=None, par=None))
    from tutor.solve import deal_of
    assert kept.double_dummy == Solver().value(deal_of(start).start)


@pytest.mark.parametrize(("name", "seat", "overrides"), [
    (MISERE, Seat.E, {}),                               # not the contractor
    (MISERE, Seat.S, {"joker_nomination": False}),      # the rules give no nomination
    (NO_TRUMPS, Seat.E, {"joker_nomination_in_no_trumps": False}),  # only in misère there
])
def test_no_nomination_no_verdict(name: str, seat: Seat, overrides: dict[str, object]) -> None:
    rep = _replay(name)
    if overrides:
        spec = RulesSpec(rep.hand.rules_spec.preset, {**rep.hand.rules_spec.overrides, **overrides})
        rep = build(dataclasses.replace(rep.hand, rules_spec=spec, joker=None, notes={}, claims={},
                                        decision=None, par=None, summary=None))
    assert judge_nomination(rep, seat, layouts=4, seed=0) == (None, "")


def test_a_hand_that_stops_before_the_nomination_has_none_to_judge() -> None:
    """A no-trumps hand typed in up to the discard: no nomination was made, so none is judged
    (not read as the joker kept). (An Australian misère typed in so far is different: the
    engine reads no ``joker:`` as the joker kept, and the misère lost.)"""
    rep = _replay(NO_TRUMPS)
    stopped = build(dataclasses.replace(rep.hand, joker=None, play=(), notes={}, claims={},
                                        decision=None, par=None, summary=None))
    assert not stopped.problems
    assert not any(s.kind is StepKind.NOMINATE for s in stopped.steps)
    assert judge_nomination(stopped, Seat.E, layouts=4, seed=0) == (None, "")


def test_kept_where_the_rule_loses_the_misere_is_said_without_a_trick_figure() -> None:
    rep = _replay(MISERE)
    kept = build(dataclasses.replace(rep.hand, joker=None, notes={}, claims={}, decision=None,
                                     par=None, summary=None))
    v, _why = judge_nomination(kept, Seat.S, layouts=8, seed=0)
    assert v is not None and v.done.code == "wildcard" and v.mark == "??"
    assert "keeping the joker as the wildcard ??: by rule it lost the misère; the joker as a " in v.words
    assert "tricks on average" not in v.words  # no trick figure for a misère lost by rule


def test_the_nomination_is_judged_on_the_discards_layouts() -> None:
    """One review, one set of layouts before play: the discard's line and the nomination's
    line give the nomination made the same make chance."""
    rep = _replay(MISERE)
    review = review_hand(rep, Seat.S, layouts=12, seed=3)
    assert review.discard is not None and review.nomination is not None
    assert review.discard.done.make == pytest.approx(review.nomination.done.make)


def test_the_review_puts_the_nomination_between_the_discard_and_the_first_card() -> None:
    rep = _replay(MISERE)
    review = review_hand(rep, Seat.S, layouts=8, seed=0)
    kinds = [v.kind for v in review.decisions]
    assert kinds[kinds.index("discard") + 1] == "nomination"
    assert kinds[kinds.index("nomination") + 1] == "play"
    out = review.to_json()
    nomination = out["nomination"]
    assert isinstance(nomination, dict) and nomination["joker"] == "H"
    assert set(nomination["make"]) == {"S", "C", "D", "H", "wildcard"}


def test_retry_from_the_nomination_leaves_the_learner_to_name_the_suit() -> None:
    rep = _replay(MISERE)
    names = [d.at for d in decisions(rep, Seat.S)]
    assert names[names.index("discard") + 1] == "joker"
    # the hand just before the nomination has the discard and no suit named yet
    step = next(d.step for d in decisions(rep, Seat.S) if d.at == "joker")
    assert rep.steps[step].kind is StepKind.NOMINATE
    before = hand_until(rep, step - 1)
    assert before.discard == rep.hand.discard and before.joker is None
    game = retry(rep, Seat.S, "joker")
    assert game.nominating(Seat.S)


def test_a_kept_joker_is_a_decision_at_the_first_card() -> None:
    """No-trumps with the joker kept records no nomination step: the decision is still there,
    just before the first card, and retrying it asks for the nomination."""
    rep = _replay(NO_TRUMPS)
    kept = build(dataclasses.replace(rep.hand, joker=None, play=rep.hand.play[:3], notes={},
                                     claims={}, decision=None, par=None, summary=None))
    assert not kept.problems
    mine = decisions(kept, Seat.E)
    joker = next(d for d in mine if d.at == "joker")
    assert kept.steps[joker.step].kind is StepKind.CARD
    assert retry(kept, Seat.E, "joker").nominating(Seat.E)


def _verdict(done: str, best: str) -> Verdict:
    def option(code: str) -> Option:
        return Option(code, code, 0.0, 1.0, 0)
    return Verdict(kind="nomination", place="joker", index=0, trick=None, seat=Seat.S,
                   done=option(done), best=option(best), options=(option(best), option(done)),
                   mark="?", loss=0.3, words="South's nomination: the words.")


def test_a_marked_nomination_comes_back_as_a_joker_decision() -> None:
    rep = _replay(MISERE)
    hand = mistake_hand(rep, _verdict("H", "C"))
    assert hand is not None and hand.decision is not None
    assert hand.decision.kind == "joker" and hand.joker is not None and hand.joker.value == "C"
    assert [s.value for s in hand.decision.choices] == ["C", "H"]  # type: ignore[union-attr]
    assert hand.decision.explanation == "South's nomination: the words."
    assert not build(hand).problems
    # a joker decision asks which suit: keeping the wildcard cannot be asked as one
    assert mistake_hand(rep, _verdict("wildcard", "C")) is None


def _named_diamonds() -> Replay:
    """The nomination lesson with the joker named a diamond, the choice its decision refutes
    (beside a lone 4♦, the joker is forced to win the second diamond trick), play left out."""
    rep = _replay(MISERE)
    out = build(dataclasses.replace(rep.hand, joker=Suit.DIAMONDS, play=(), notes={}, claims={},
                                    decision=None, par=None, summary=None))
    assert not out.problems
    return out


def test_the_practice_table_marks_name_the_nomination() -> None:
    rep = _named_diamonds()
    review = review_hand(rep, Seat.S, layouts=12, seed=0)
    assert review.nomination is not None and review.nomination.mark is not None
    got = marks(rep, review)
    assert got["joker"] == review.nomination.mark


def test_a_marked_nomination_is_kept_as_a_question_from_the_seats_view() -> None:
    from tutor.teach.handreview.remember import mistake_questions

    rep = _named_diamonds()
    review = review_hand(rep, Seat.S, layouts=12, seed=0)
    assert review.nomination is not None and review.nomination.mark == "??"
    questions = mistake_questions(rep, dataclasses.replace(review, calls=(), discard=None, plays=()))
    [q] = questions
    assert "Which suit does South name for the joker?" in q.prompt
    # asked from South's view: its hand after the discard, the kitty it took, no hand laid open
    assert q.view is not None and q.view.seat is Seat.S and not q.view.open_hands
    discard = rep.hand.discard or ()
    assert sorted(map(str, q.view.hand)) == sorted(
        str(c) for c in (*rep.hand.hands[Seat.S], *rep.hand.kitty) if c not in discard)
    assert q.view.discard == discard and not q.view.tricks
    best = review.nomination.best.code
    assert [c.plain for c in q.choices] == sorted([best, "D"], key=lambda x: "SCDH".index(x))
    assert q.answer == frozenset(c.key for c in q.choices if c.plain == best)


def test_a_saved_lesson_keeps_a_costliest_nomination_in_the_notes_and_asks_a_card() -> None:
    from tutor.teach.handreview.lesson import lesson_hand

    rep = _named_diamonds()
    review = review_hand(rep, Seat.S, layouts=8, seed=0)
    assert review.nomination is not None and review.nomination.mark == "??"
    # the discard, judged with diamonds named, is marked too: where it is the costliest it is
    # asked, and the nomination's words go with it in the discard's note
    lesson, at = lesson_hand(rep, review)
    assert "South's nomination, the joker as a diamond ??" in lesson.notes["discard"]
    assert not build(lesson).problems
    # where the nomination is the costliest it is not asked (the check verifies it double-dummy)
    alone = dataclasses.replace(review, calls=(), discard=None)
    assert alone.costliest(1)[0].kind == "nomination"
    lesson, at = lesson_hand(rep, alone)
    assert at is None and lesson.decision is None
    assert "South's nomination, the joker as a diamond ??" in lesson.notes["discard"]
    intro = lesson.notes["intro"]
    assert "The costliest mark, the joker's nomination (??), is in the discard's note" in intro
    assert not build(lesson).problems

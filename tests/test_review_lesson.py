"""A reviewed call as a quiz item and as a lesson's decision: what follows it is the judgement the
review made (issue 27).

The review judges a call by what follows it: the computer bidder continues the auction, the
contract is played after the computer's discard. The quiz item of a marked call shows, after the
answer, the auction the review followed on the actual cards; ``--save-lesson`` asks the costliest
marked decision, a call or the discard as well as a card, where ``tutor check`` verifies it, and
says in the intro why not where it cannot.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.auction import Bid, Strain, run_auction
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.files.handfile import check, dumps, loads
from tutor.files.verify_decision import calls_after
from tutor.teach.handreview import Review, review_hand
from tutor.teach.handreview.calls import judge_calls
from tutor.teach.handreview.discard import judge_discard
from tutor.teach.handreview.following import Table, follow
from tutor.teach.handreview.lesson import lesson_hand, mistake_hand
from tutor.teach.lessoncheck import check_lesson
from tutor.teach.players.discard import choose_discard
from tutor.teach.quiz import decision_question

HANDS = Path(__file__).resolve().parent.parent / "hands"


def _replay(name: str) -> Replay:
    rep, problems = check(HANDS / f"{name}.yaml")
    assert rep is not None and not problems
    return rep


def test_a_marked_calls_item_goes_on_as_the_review_followed_it() -> None:
    """West's opening pass, asked again with 6♣ the better call: after 6♣ the computer bidder
    (North, East, then South) takes the auction to 8♥ by South on the actual cards; with
    everyone passing after it, as the item used to show, it would have been 6♣ by West."""
    rep = _replay("defence-partners-ace-of-clubs")
    hand = rep.hand
    v = next(judge_calls(rep, Seat.W, layouts=2, seed=0))
    assert v.index == 0 and v.done.code == "pass"
    six_clubs = Bid.of(6, Strain.CLUBS)
    v = dataclasses.replace(v, best=next(o for o in v.options if o.code == "6C"), mark="?")
    truth = follow(hand, 0, six_clubs, Table(hand, Seat.W, hand.hands, tuple(hand.kitty)))
    passes = run_auction(calls_after(hand, 0, six_clubs), hand.rules, hand.dealer).contract
    assert passes is not None and (truth.bid, truth.declarer) != (passes.bid, passes.declarer)

    item = mistake_hand(rep, v)
    assert item is not None and item.auction[0] == six_clubs
    after = build(loads(dumps(item), "<item>"))
    contract = after.contract
    assert contract is not None and (contract.bid, contract.declarer) == (truth.bid, truth.declarer)
    assert (str(contract.bid), contract.declarer) == ("8H", Seat.S)
    held = [*hand.hands[Seat.S], *hand.kitty]
    assert item.discard == choose_discard(Seat.S, held, contract.bid, hand.rules).choice

    q = decision_question(after)  # asked from West's view only: its hand, no call yet
    assert q is not None and q.view is not None and q.seat == Seat.W
    assert set(q.view.hand) == set(hand.hands[Seat.W])
    assert q.view.calls == () and q.view.contract is None and not q.view.kitty
    assert [c.plain for c in q.choices] == ["6C", "pass"] and q.answer == {"a"}


def _passes_check_and_exports(lesson_text: str, tmp_path: Path) -> None:
    out = tmp_path / "lesson.yaml"
    out.write_text(lesson_text, "utf-8")
    rep, problems = check_lesson(out)
    assert rep is not None and not problems, problems
    assert main(["export", str(out), "-o", str(tmp_path / "site"), "-q"]) == 0


def test_the_costliest_call_is_asked_where_tutor_check_verifies_it(tmp_path: Path) -> None:
    """South's 7♥ ?? (8♥ the better call): 8♥ then passes makes, worth more than 7♥, so the
    saved lesson asks the call, with what each choice's contract takes, and plays on after
    8♥ as the review followed it (before, it asked nothing: no card was marked)."""
    rep = _replay("first-night-seven-hearts")
    review = review_hand(rep, Seat.S, layouts=8, seed=0)
    assert review.costliest(1)[0].kind == "call"
    lesson, at = lesson_hand(rep, review)
    assert at is not None and at.kind == "call"
    d = lesson.decision
    assert d is not None and d.at == "auction" and d.call == 0
    assert [str(c) for c in d.choices] == ["7H", "8H"] and d.answer == 1
    assert dict(d.tricks) == {0: 10, 1: 10}
    assert [str(c) for c in lesson.auction] == ["8H", "pass", "pass", "pass"]
    assert len(lesson.play) == 10 and lesson.discard is not None
    words = lesson.notes["auction"]
    assert "South called 7♥ here, and the review marked it ??" in words and "(+300)" in words
    assert "not asked" not in lesson.notes["intro"]
    _passes_check_and_exports(dumps(lesson), tmp_path)


def test_a_pass_asked_as_the_costliest_call(tmp_path: Path) -> None:
    """North's second call, a pass ? (8♦ better): with everyone passing 8♦ makes (+280) where
    the pass leaves partner's 7♦ (+180); the lesson asks that pass (call 6 of the auction), and
    its note says North passed there."""
    rep = _replay("defence-left-bower-on-the-ace")
    review = review_hand(rep, Seat.N, layouts=4, seed=0)
    lesson, at = lesson_hand(rep, review)
    assert at is not None and at.kind == "call" and at.done.code == "pass"
    d = lesson.decision
    assert d is not None and d.call == 5 and [str(c) for c in d.choices] == ["8D", "pass"]
    assert d.answer == 0 and dict(d.tricks) == {0: 10, 1: 9}
    assert "North passed here, and the review marked it ?" in lesson.notes["auction"]
    assert "7♦ by South stands and takes 9 tricks, made (+180)" in lesson.notes["auction"]
    out = tmp_path / "lesson.yaml"
    out.write_text(dumps(lesson), "utf-8")
    checked, problems = check_lesson(out)
    assert checked is not None and not problems, problems


def test_a_call_tutor_check_would_judge_otherwise_falls_back_to_a_card(tmp_path: Path) -> None:
    """North's 8♥ ?? (9♠ better by expected score): with everyone passing after it, 9♠ is set
    and 8♥ is not, so the lesson asks North's costliest card that can be verified, and the
    intro says why the call is in the notes and not asked."""
    rep = _replay("australian-auction")
    review = review_hand(rep, Seat.N, layouts=4, seed=0)
    top = review.costliest(1)[0]
    assert (top.kind, top.done.code, top.best.code) == ("call", "8H", "9S")
    lesson, at = lesson_hand(rep, review)
    assert at is not None and at.kind == "play" and lesson.decision is not None
    assert lesson.decision.at == at.place
    intro = " ".join(lesson.notes["intro"].split())
    assert "The costliest mark, North's 8♥ in the auction (??), is in the notes and not asked" in intro
    assert "9♠ by North takes" in intro and "not the better one by that rule" in intro
    assert [str(c) for c in lesson.auction] == [str(c) for c in rep.hand.auction]
    _passes_check_and_exports(dumps(lesson), tmp_path)


def test_the_costliest_discard_is_asked_where_tutor_check_verifies_it(tmp_path: Path) -> None:
    """North's discard 5♠ 6♥ 7♥ ? (6♥ 7♥ 10♥ better, 8 tricks against 7 on the actual cards, a
    best discard there): the lesson puts away the better three, asks it, and plays on."""
    rep = _replay("defence-partners-discard-asks-for-hearts")
    v, _why = judge_discard(rep, Seat.N, layouts=4, seed=0)
    assert v is not None and v.mark and v.best.code == "6H 7H 10H"
    review = Review(Seat.N, rep.hand.title, 4, 0, (), v, ())
    lesson, at = lesson_hand(rep, review)
    assert at is v and lesson.decision is not None and lesson.decision.at == "discard"
    assert lesson.discard is not None and sorted(map(str, lesson.discard)) == ["10H", "6H", "7H"]
    assert "North put away 5♠ 6♥ 7♥ here" in lesson.notes["discard"]
    assert len(lesson.play) == 10
    _passes_check_and_exports(dumps(lesson), tmp_path)


def test_a_discard_tutor_check_would_refuse_is_in_the_notes_with_why(tmp_path: Path) -> None:
    """South's discard 7♦ 6♦ 5♦ ?? (6♣ 9♠ 10♠ better single-dummy): with all hands open another
    discard takes a trick more, so `tutor check` would refuse it as the answer; the intro says so."""
    rep = _replay("defence-joker-gone-left-bower-held")
    review = review_hand(rep, Seat.S, layouts=4, seed=0)
    assert review.costliest(1)[0].kind == "discard"
    lesson, at = lesson_hand(rep, review)
    assert at is None or at.kind == "play"
    intro = " ".join(lesson.notes["intro"].split())
    assert "The costliest mark, the discard (??), is in the notes and not asked" in intro
    assert "is not among the best discards" in intro
    assert lesson.discard == rep.hand.discard and "discard" in lesson.notes
    _passes_check_and_exports(dumps(lesson), tmp_path)


def test_the_terminal_says_the_call_is_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.yaml"
    assert main(["review", str(HANDS / "first-night-seven-hearts.yaml"), "--seat", "S", "--layouts", "8",
                 "--save-lesson", str(out)]) == 0
    assert "asking South's call;" in capsys.readouterr().err

"""``tutor quiz`` asks a lesson's decision, and the history remembers it like any question."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.replay import Replay
from tutor.files import handfile
from tutor.teach.memory import History, question_key
from tutor.teach.quiz import QuestionKind, decision_question, make_quiz, questions_from
from tutor.teach.review import rebuild

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
DECIDING = sorted(p for p in HANDS.glob("*.yaml") if handfile.load(p).decision is not None)


def _replay(path: Path) -> Replay:
    rp, problems = handfile.check(path)
    assert rp is not None and not problems
    return rp


def test_every_strategy_lesson_asks_a_decision() -> None:
    # the strategy course: the lessons of the strategy topics (docs/topics.md), in every stage
    topics = {"bidding-judgement", "counting-trumps", "joker-play", "kitty-decision", "misere-defence",
              "suit-defence", "no-trump-technique", "game-end", "auction-variations", "declarer-play",
              "kitty-odds", "misere-bidding", "sacrifice", "competitive-bidding", "no-trumps-defence",
              "open-misere-defence", "signals"}
    strategy = sorted(p for p in HANDS.glob("*.yaml") if topics & set(handfile.load(p).tags))
    assert len(strategy) >= 16 and strategy == DECIDING


#: (lesson, an answer typed, right?, a topic the question has besides the lesson's tags)
TYPED = [
    ("count-then-bid", "7h", True, "bidding"),
    ("count-then-bid", "b", False, "bidding"),
    ("partners-diamonds-or-your-hearts", "PASS", False, "bidding"),
    ("misere-which-three-to-put-away", "kd 8c 10c", True, "kitty"),       # a discard in any order
    ("misere-which-three-to-put-away", "8C 9S KD", False, "kitty"),
    ("misere-nominate-the-joker", "hearts", True, "joker-nomination"),
    ("misere-nominate-the-joker", "D", False, "joker-nomination"),
    ("no-trumps-long-suit-and-two-aces", "KS", True, "opening-lead"),
    ("defence-partners-ace-of-clubs", "JD", False, "suit-defence"),
]


@pytest.mark.parametrize(("name", "typed", "right", "topic"), TYPED, ids=lambda v: str(v))
def test_the_decision_is_asked_and_explained_by_the_lesson(name: str, typed: str, right: bool,
                                                            topic: str) -> None:
    rp = _replay(HANDS / f"{name}.yaml")
    q = decision_question(rp)
    assert q is not None and q.kind is QuestionKind.DECISION
    decision = rp.hand.decision
    assert decision is not None
    assert q.prompt.endswith(decision.question)
    assert [c.key for c in q.choices] == list("abcd"[: len(decision.choices)])
    feedback = q.check_text(typed)
    assert feedback.correct is right
    assert feedback.reasons == (" ".join(decision.explained_by(rp.hand.notes).split()),)
    assert topic in q.topics and set(rp.hand.tags) <= q.topics
    assert rp.hand.title not in q.source  # the title states the lesson's point: the answer


def test_a_typed_answer_that_is_no_choice_is_refused() -> None:
    q = decision_question(_replay(HANDS / "count-then-bid.yaml"))
    assert q is not None
    with pytest.raises(ValueError, match="answer with a letter"):
        q.parse("9H")


@pytest.mark.parametrize("path", DECIDING, ids=lambda p: p.stem)
def test_each_decision_is_one_question_and_comes_back_from_the_history(path: Path, tmp_path: Path) -> None:
    rp = _replay(path)
    (q,) = questions_from(rp, random.Random(0), [QuestionKind.DECISION])
    assert rp.hand.decision is not None
    assert question_key(q).endswith(f"/decision/{rp.hand.decision.at}")
    with History(tmp_path / "h.sqlite3", clock=lambda: datetime(2025, 1, 6, 9, tzinfo=UTC)) as history:
        history.record(q, correct=False, given=["b"])
        (stored,) = history.due(datetime(2025, 1, 8, tzinfo=UTC))
    again = rebuild(stored)
    assert again is not None and question_key(again) == question_key(q)
    assert again.answer == q.answer and again.prompt == q.prompt


def test_a_random_deal_asks_no_decision() -> None:
    assert make_quiz(seed=3, count=2)  # the basic kinds: no decision among them
    assert make_quiz(seed=3, count=2, kinds=[QuestionKind.DECISION], max_deals=5) == []


def test_tutor_quiz_on_a_lesson_file_asks_its_decision(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    path = str(HANDS / "hearts-or-no-trumps.yaml")
    status = main(["quiz", path, "--count", "40", "--seed", "1", "--show-answers"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Eight hearts or eight no-trumps?" in out and "a) 8♥" in out and "b) 8NT" in out
    assert "Answer: 8♥." in out
    status = main(["quiz", path, "--kind", "decision", "--answers", "b", "--db",
                   str(tmp_path / "h.sqlite3")])
    out = capsys.readouterr().out
    assert status == 0 and "Not quite: 8♥." in out and "Score: 0 of 1 right" in out

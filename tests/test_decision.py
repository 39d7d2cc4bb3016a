"""A lesson's ``decision:``: read with clear errors, checked against the hand, verified by the
solver and held against the computer bidder's count (``tutor check``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped_lessons import checked

from tutor.engine.auction import Bid
from tutor.engine.cards import Suit
from tutor.engine.play import Play
from tutor.files import handfile
from tutor.files.schema import schema
from tutor.teach.lessoncheck import check_lesson

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"


def _without(name: str, *drop: str) -> str:
    """A lesson's text without some top-level keys (and always without its decision)."""
    out: list[str] = []
    skipping = False
    for line in (HANDS / f"{name}.yaml").read_text("utf-8").splitlines():
        if line and not line[0].isspace():
            skipping = line.split(":", 1)[0] in (*drop, "decision")
        if not skipping:
            out.append(line)
    return "\n".join(out) + "\n"


def _problems(text: str) -> list[handfile.FileProblem]:
    return check_lesson("lesson.yaml", text)[1]


def _line(text: str, marker: str) -> int:
    """The last line holding ``marker`` (the decision is written last)."""
    return max(i for i, line in enumerate(text.splitlines(), 1) if marker in line)


# --- reading: the shape, each mistake at its line ----------------------------------------------

AUCTION = "count-then-bid"
GOOD = """decision:
  at: auction
  question: Seven hearts or eight?
  choices: [7H, 8H]
  answer: 7H
"""

#: (what is written, the line to blame (a piece of it), what the message says)
SHAPES = [
    ("decision: 7H\n", "decision: 7H", "decision must be a mapping"),
    (GOOD + "  answers: 7H\n", "answers:", "unknown key 'answers'"),
    (GOOD.replace("  answer: 7H\n", ""), "decision:", "decision has no answer"),
    (GOOD.replace("at: auction", "at: bidding"), "at: bidding", "at: must be auction, discard, joker"),
    (GOOD.replace("[7H, 8H]", "[7H]"), "choices:", "at least two"),
    (GOOD.replace("[7H, 8H]", "[7H, 8Q]"), "choices:", "choice 2"),
    (GOOD.replace("[7H, 8H]", "[7H, 7H]"), "choices:", "offered twice"),
    (GOOD.replace("answer: 7H", "answer: 6H"), "answer: 6H", "not among the choices"),
    (GOOD + "  tricks: {7H: 7, 9H: 7}\n", "tricks:", "9H is not among the choices"),
    (GOOD + "  tricks: {7H: eleven}\n", "tricks:", "a number of tricks from 0 to 10"),
    (GOOD + "  call: 0\n", "call: 0", "the call's number in the auction, from 1"),
    (GOOD.replace("[7H, 8H]", "[7H, pass]").replace("answer: 7H", "answer: pass"), "answer: pass",
     "pass is called 3 times in the auction"),
    (GOOD.replace("[7H, 8H]", "[6H, 8H]").replace("answer: 7H", "answer: 8H"), "answer: 8H",
     "not called in the auction"),
    (GOOD + "  call: 2\n", "answer: 7H", "call 2 of the auction is pass"),
    ("decision:\n  at: \"1.1\"\n  question: Which card?\n  choices: [Jo, AS]\n  answer: AS\n",
     "answer: AS", "card 1.1 of the play is Jo"),
    ("decision:\n  at: \"11.1\"\n  question: Which card?\n  choices: [Jo, AS]\n  answer: Jo\n",
     "at: \"11.1\"", "a card that the hand does not play"),
    ("decision:\n  at: \"1.1\"\n  question: Which card?\n  choices: [Jo, AS]\n  answer: Jo\n"
     "  tricks: {Jo: 7}\n", "tricks:", "belongs to a decision in the auction or the joker"),
    ("decision:\n  at: \"1.1\"\n  question: Which card?\n  choices: [Jo, AS]\n  answer: Jo\n  call: 1\n",
     "call: 1", "belongs to a decision in the auction"),
    ("decision:\n  at: discard\n  question: Which?\n  choices: [7C, 6C]\n  answer: [7C, 6C, 5D]\n",
     "choices:", "a list of the cards put away"),
    ("decision:\n  at: discard\n  question: Which?\n  choices: [[7C, 6C, 5D], [KD, 9H, QS]]\n"
     "  answer: [KD, 9H, QS]\n", "answer:", "the hand's discard is 7C 6C 5D"),
    ("decision:\n  at: joker\n  question: Which suit?\n  choices: [H, D]\n  answer: H\n",
     "answer: H", "the hand's joker: is no suit"),
    # checked against the replay: a call that could not be made, a discard not from hand and kitty
    (GOOD.replace("[7H, 8H]", "[7H, 8H, 6Z]"), "choices:", "choice 3"),
    ("decision:\n  at: discard\n  question: Which?\n  choices: [[7C, 6C, 5D], [7C, 6C, 4H]]\n"
     "  answer: [7C, 6C, 5D]\n", "choices:", "4H is not in South's hand or the kitty"),
    ("decision:\n  at: discard\n  question: Which?\n  choices: [[7C, 6C, 5D], [7C, 6C]]\n"
     "  answer: [7C, 6C, 5D]\n", "choices:", "a discard is 3 different cards"),
]


@pytest.mark.parametrize(("block", "blame", "message"), SHAPES, ids=[s[2] for s in SHAPES])
def test_a_badly_written_decision_is_reported_at_its_line(block: str, blame: str, message: str) -> None:
    text = _without(AUCTION) + block
    problems = _problems(text)
    assert problems and message in problems[0].message, problems
    assert problems[0].line == _line(text, blame), (problems[0], blame)
    assert str(problems[0]).startswith(f"lesson.yaml:{problems[0].line}: decision")


def test_the_calls_offered_must_be_legal_where_asked() -> None:
    text = _without("partners-diamonds-or-your-hearts") + (
        "decision:\n  at: auction\n  question: Raise?\n  choices: [8D, 7S]\n  answer: 8D\n")
    (problem,) = _problems(text)
    assert "choice 2, 7S" in problem.message and problem.line == _line(text, "choices:")
    assert "outrank" in problem.message or "higher" in problem.message, problem.message


def test_a_good_decision_reads_and_round_trips() -> None:
    hand = handfile.loads(_without(AUCTION) + GOOD + "  tricks: {7H: 7, 8H: 7}\n")
    d = hand.decision
    assert d is not None and d.kind == "auction" and d.call == 0
    assert d.right == Bid.parse("7H") and dict(d.tricks) == {0: 7, 1: 7}
    assert d.explained_by(hand.notes).startswith("Seven hearts. The joker")   # the auction note
    again = handfile.loads(handfile.dumps(hand))
    assert again.decision == d


@pytest.mark.parametrize("path", sorted(HANDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_decision_round_trips(path: Path) -> None:
    hand = handfile.load(path)
    assert handfile.loads(handfile.dumps(hand)).decision == hand.decision


def test_the_kinds_of_choice() -> None:
    names = ("misere-nominate-the-joker", "misere-which-three-to-put-away", "misere-defence-on-souths-nine")
    kinds = {handfile.load(HANDS / f"{n}.yaml").decision.right.__class__  # type: ignore[union-attr]
             for n in names}
    assert kinds == {Suit, tuple, Play}


def test_the_schema_describes_the_decision() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    validator = jsonschema.Draft202012Validator(schema())
    good = yaml.safe_load(_without(AUCTION) + GOOD)
    assert not list(validator.iter_errors(good))
    bad = yaml.safe_load(_without(AUCTION) + GOOD.replace("[7H, 8H]", "[[7H], 8H]"))
    assert list(validator.iter_errors(bad))
    unquoted = yaml.safe_load(_without(AUCTION) + GOOD.replace("at: auction", "at: 1.1"))
    assert list(validator.iter_errors(unquoted))  # a card's place is quoted, as notes' keys are


# --- verified by the solver ----------------------------------------------------------------------

NO_PLAY = ("play", "par", "notes")

#: (lesson, keys dropped, what replaces them and the decision, what the solver says)
REFUTED = [
    # a card: the answer must be a best card, and every other choice must cost tricks
    ("australian-auction", (), "decision:\n  at: \"1.1\"\n  question: Lead?\n  choices: [Jo, 7S]\n"
     "  answer: Jo\n", "answer:", "is not a best card"),
    ("defence-partners-jack-of-clubs", (), "decision:\n  at: \"1.3\"\n  question: Trump?\n"
     "  choices: [8H, QH, 5D]\n  answer: 8H\n", "choices:", "choice 2, East's Q♥, is as good as the answer"),
    ("defence-partners-ace-of-clubs", (), "decision:\n  at: \"1.3\"\n  question: Trump?\n"
     "  choices: [7S, AC]\n  answer: 7S\n", "choices:", "is not a card East may play there"),
    # a discard: among the best, and every other choice worse
    ("misere-which-three-to-put-away", (*NO_PLAY, "discard"),
     "discard: [8C, 9S, KD]\ndecision:\n  at: discard\n"
     "  question: Which?\n  choices: [[8C, 9S, KD], [10C, 8C, KD]]\n  answer: [8C, 9S, KD]\n",
     "answer:", "is not among the best discards"),
    ("misere-which-three-to-put-away", (), "decision:\n  at: discard\n  question: Which?\n"
     "  choices: [[10C, 8C, KD], [10C, 8C, 9S]]\n  answer: [10C, 8C, KD]\n", "choices:",
     "is among South's best discards"),
    # the joker: the best suit to name, every other choice worse, tricks as stated
    ("misere-nominate-the-joker", (*NO_PLAY, "joker"), "joker: D\ndecision:\n  at: joker\n"
     "  question: Which suit?\n  choices: [H, D]\n  answer: D\n", "answer:", "is not the best nomination"),
    ("misere-nominate-the-joker", (), "decision:\n  at: joker\n  question: Which suit?\n"
     "  choices: [H, S]\n  answer: H\n", "choices:", "naming spades, does as well as the answer"),
    ("misere-nominate-the-joker", (), "decision:\n  at: joker\n  question: Which suit?\n"
     "  choices: [H, D]\n  answer: H\n  tricks: {D: 2}\n", "tricks:", "take 1, not 2"),
    # a call: the answer's contract makes, the others fail, or take what tricks: says
    (AUCTION, (*NO_PLAY, "auction", "discard"), "auction: [8H, pass, pass, pass]\ndiscard: [7C, 6C, 5D]\n"
     "decision:\n  at: auction\n  question: Seven or eight?\n  choices: [7H, 8H]\n  answer: 8H\n",
     "answer:", "8♥ by South, goes down: the contractor's side takes 7 tricks"),
    (AUCTION, (), GOOD.replace("[7H, 8H]", "[7H, 8H, 6H]"), "choices:",
     "choice 3, 6♥ by South, makes too"),
    (AUCTION, (), GOOD + "  tricks: {8H: 8}\n", "tricks:", "takes 7 tricks with best play after the "
     "best discard, not 8"),
    ("auction-a-pass-not-final", (), "decision:\n  at: auction\n  question: Pass?\n"
     "  choices: [pass, 8H]\n  answer: 8H\n  tricks: {pass: 7}\n", "tricks:",
     "after pass (7♦ by East) the contractor's side takes 8 tricks"),
]


@pytest.mark.parametrize(("name", "drop", "block", "blame", "message"), REFUTED,
                         ids=[r[4] for r in REFUTED])
def test_a_decision_the_solver_refutes_is_reported(name: str, drop: tuple[str, ...], block: str,
                                                   blame: str, message: str) -> None:
    text = _without(name, *drop) + block
    problems = _problems(text)
    assert problems and {p.rule for p in problems} == {"solver"}, problems
    found = [p for p in problems if message in p.message]
    assert len(found) == 1, problems
    assert found[0].line == _line(text, blame)


# --- the computer bidder's count -----------------------------------------------------------------

#: (lesson, the decision block, what the computer bidder says; "" when it agrees or does not count)
BIDDER = [
    # six diamonds fails (five tricks), but the computer bidder counts six and would bid it
    (AUCTION, GOOD.replace("[7H, 8H]", "[7H, 8H, 6D]"), "the lesson says 6♦ fails, but the computer "
     "bidder (South) counts 6 tricks in diamonds"),
    (AUCTION, GOOD, ""),
    # partner holds the bid: the computer bidder never bids over partner, so it counts nothing
    ("partners-diamonds-or-your-hearts",
     "decision:\n  at: auction\n  question: Raise?\n  choices: [8D, pass]\n"
     "  answer: 8D\n  tricks: {pass: 10}\n", ""),
    # a raise of the final bid: it would raise to what it counts (eight), not to nine
    ("your-seven-hearts-stands", "decision:\n  at: auction\n  question: Raise?\n  choices: [pass, 8H, 9H]\n"
     "  answer: 8H\n  tricks: {pass: 8}\n", ""),
]


@pytest.mark.parametrize(("name", "block", "message"), BIDDER, ids=[f"{b[0]}-{b[2][:30]}" for b in BIDDER])
def test_the_computer_bidder_is_held_to_the_answer(name: str, block: str, message: str) -> None:
    text = _without(name) + block
    problems = [p for p in _problems(text) if p.rule == "computer bidder"]
    if not message:
        assert problems == []
        return
    (problem,) = problems
    assert message in problem.message
    assert problem.line == _line(text, "answer:")


def test_every_shipped_lesson_passes_the_whole_check() -> None:
    for path in sorted(HANDS.glob("*.yaml")):
        assert checked(path)[1] == [], path

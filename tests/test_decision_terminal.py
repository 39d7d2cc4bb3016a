"""A lesson's decision in the terminal, from one seat (issue 29): `tutor replay` asks it showing
only what the deciding seat knows, says right or wrong at once, allows one more try or
"reveal", then prints the whole deal; the quiz's decision question shows the seat's view only,
and the deal after the answer."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.engine.cards import Card
from tutor.engine.replay import Replay, build
from tutor.files import handfile
from tutor.teach.decide import Asking
from tutor.teach.quiz import decision_question
from tutor.teach.seatview import SeatView, seat_view
from tutor.views.terminal.decide import quiz_lines

HANDS = Path(__file__).resolve().parent.parent / "hands"
DECIDING = sorted(p.stem for p in HANDS.glob("*.yaml") if "\ndecision:" in p.read_text("utf-8"))

_SUITS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}
_RANK = r"(?:10|[2-9AKQJ])"


@cache
def _replay(name: str) -> Replay:
    return build(handfile.load(HANDS / f"{name}.yaml"))


def cards_shown(text: str) -> set[str]:
    """Every card a text draws, by code: single cards (K♦, 10♥), hands grouped by suit
    (♠ A K  ♥ 10 8) and the joker (Jo)."""
    found = {f"{r}{_SUITS[s]}" for r, s in re.findall(rf"\b({_RANK})([♠♥♣♦])", text)}
    for suit, ranks in re.findall(rf"([♠♥♣♦])((?: {_RANK}(?![♠♥♣♦\w]))+)", text):
        found |= {f"{r}{_SUITS[suit]}" for r in ranks.split()}
    if re.search(r"\bJo\b", text):
        found.add("Jo")
    return found


def known(view: SeatView) -> set[str]:
    """The cards the deciding seat may see: its hand, the cards played, the kitty once taken,
    the hands and table cards the rules lay open."""
    cards: set[Card] = {*view.hand, *view.played, *view.kitty, *view.discard}
    for shown in (*view.open_hands.values(), *view.table_cards.values()):
        cards |= set(shown)
    return {str(c) for c in cards}


def _drawn_lines(lines: list[str]) -> str:
    """The lines that draw cards: not the auction's calls nor the contract (7♥ there is a bid)."""
    return "\n".join(line for line in lines if "auction so far" not in line and "Contract:" not in line)


@pytest.mark.parametrize("name", DECIDING)
def test_the_quiz_question_shows_only_the_deciding_seats_view(name: str) -> None:
    rp = _replay(name)
    q = decision_question(rp)
    assert q is not None and q.view is not None
    before = quiz_lines(q, answered=False)
    choices = [c.label for c in q.choices] if q.choices[0].card is not None or " " in q.choices[0].plain \
        else []  # cards and discards draw cards; calls and suits do not
    text = "\n".join([q.prompt, _drawn_lines(before), *choices])
    shown = cards_shown(text)
    assert shown <= known(q.view), f"the question shows {sorted(shown - known(q.view))}"
    assert {str(c) for c in q.view.hand} <= cards_shown(_drawn_lines(before)), "the seat's own hand"
    after = "\n".join(quiz_lines(q, answered=True))
    assert {str(c) for c in rp.hand.kitty} <= cards_shown(after), "the whole deal after the answer"


@pytest.mark.parametrize("name", DECIDING)
def test_tutor_replay_asks_from_the_seat_then_prints_the_whole_deal(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rp = _replay(name)
    assert rp.hand.decision is not None
    view = seat_view(rp, rp.hand.decision)
    assert main(["replay", str(HANDS / f"{name}.yaml"), "--answers", "reveal"]) == 0
    out = capsys.readouterr().out
    question, _, rest = out.partition("  > reveal\n")
    assert rest, "the decision was asked"
    lines = question.splitlines()
    intro = [i for i, line in enumerate(lines) if line.startswith("  »")]
    drawn = _drawn_lines([line for i, line in enumerate(lines) if i not in intro and
                          not line.startswith("    ") and "to decide" not in line])
    assert cards_shown(drawn) <= known(view)
    assert "The answer: " in rest
    assert f"  {'Kitty':<6} " in rest and "Trick 1 (" in rest, "then the whole hand"


#: (lesson, the answers typed, what is said, in order)
DIALOGUES = [
    ("count-then-bid", "b;a", ["Not eight hearts.", "takes 7 tricks, 1 short of the 8 it needs",
                               "Try once more, or type reveal.", "Right: seven hearts.", "Why: "]),
    ("count-then-bid", "b;b", ["Not eight hearts.", "Not eight hearts either: the answer is seven hearts.",
                               "Why: "]),
    ("defence-partners-ace-of-clubs", "6H;JD", [
        "Not the 6 of hearts.", "Try once more",
        "Not the jack of diamonds either: the answer is the 7 of spades."]),
    ("hearts-or-no-trumps", "9H;8nt;reveal", [
        "cannot read '9H': answer with a letter (a, b) or a choice as written (8H, 8NT)",
        "Not eight no-trumps.", "The answer: eight hearts."]),
    ("misere-nominate-the-joker", "hearts", ["Right: hearts.", "the contractor takes 0 tricks"]),
    ("misere-which-three-to-put-away", "KD 8C 10C", ["Right: the 10 of clubs, the 8 of clubs and the "
                                                     "king of diamonds."]),
]


@pytest.mark.parametrize(("name", "answers", "said"), DIALOGUES)
def test_right_or_wrong_at_once_one_more_try_then_the_answer(
        name: str, answers: str, said: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(HANDS / f"{name}.yaml"), "--answers", answers]) == 0
    out = " ".join(capsys.readouterr().out.split())
    at = 0
    for words in said:
        found = out.find(" ".join(words.split()), at)
        assert found >= 0, f"{words!r} not said (after what came before)"
        at = found
    # the lesson's explanation (Why:) comes with the answer, never with a wrong first try
    final = next(w for w in said if w.startswith(("Right", "The answer")) or " either: " in w)
    assert out.index("Why: ") > out.index(final)


def test_the_whole_hand_without_asking(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(HANDS / "count-then-bid.yaml")
    assert main(["replay", path, "--whole"]) == 0
    whole = capsys.readouterr().out
    assert "to decide" not in whole and whole.startswith("Count your tricks")
    assert main(["replay", path]) == 0  # input not from a terminal: nothing asked, as before
    assert capsys.readouterr().out == whole


@pytest.mark.parametrize(("tries", "answers", "final"), [
    (None, [1, 1, 0], [False, False, True]),  # the widget: as many tries as wanted
    (2, [1, 1], [False, True]),               # the terminal: one more, then the answer
    (2, [0], [True]),
])
def test_asking_ends_when_found_or_out_of_tries(tries: int | None, answers: list[int],
                                               final: list[bool]) -> None:
    rp = _replay("count-then-bid")
    assert rp.hand.decision is not None
    asking = Asking(rp, rp.hand.decision, tries=tries)
    got = [asking.answer(i) for i in answers]
    assert [v.final for v in got] == final
    assert all(bool(v.explanation) == v.final for v in got), "the explanation only with the answer"
    with pytest.raises(ValueError, match="answered"):
        asking.answer(0)

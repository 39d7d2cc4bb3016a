"""Nothing before a lesson's decision names its answer: the title, the intro and the notes up to
the question (``tutor check``, :mod:`tutor.files.spoilers`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.auction import parse_call
from tutor.engine.cards import Suit, parse_card
from tutor.engine.decision import Choice, LessonDecision
from tutor.engine.play import Play
from tutor.files.spoilers import named_alone
from tutor.teach.lessoncheck import check_lesson

HANDS = Path(__file__).resolve().parent.parent / "hands"


def _calls(*codes: str) -> tuple[Choice, ...]:
    return tuple(parse_call(c) for c in codes)


def _cards(*codes: str) -> tuple[Choice, ...]:
    return tuple(Play.parse(c) for c in codes)


def _discards(*groups: str) -> tuple[Choice, ...]:
    return tuple(tuple(parse_card(c) for c in g.split()) for g in groups)


BID = LessonDecision("auction", "Seven hearts (200) or eight (300)?", _calls("7H", "8H"), 0)
SCORE = LessonDecision("auction", "?", _calls("6S", "7NT", "8S"), 0)
RAISE = LessonDecision("auction", "?", _calls("8H", "8D", "pass"), 1)
CARD = LessonDecision("1.3", "?", _cards("7S", "6H", "10H", "JD"), 0)
BURY = LessonDecision("discard", "?", _discards("10C 8C KD", "10C 9S KD", "8C 9S KD"), 0)
JOKER = LessonDecision("joker", "?", (Suit.HEARTS, Suit.DIAMONDS), 0)

#: (decision, the text, read as an intro or a note (else as a title), gives the answer away?)
CASES = [
    (BID, "Count your tricks, then bid: seven hearts, not eight", False, True),
    (BID, "Count your tricks, then bid: seven hearts or eight?", False, False),
    (BID, "Seven hearts (200) or eight (300)?", False, False),
    (BID, "7♥, not 8♥", False, True),
    (BID, "South bids seven hearts.", True, True),
    (BID, "Eight hearts would go one off.", True, False),         # the wrong choice, named alone
    (BID, "Seven hearts is worth 200 and eight hearts 300.", True, False),
    (SCORE, "At 460, six spades is enough: bid to the score", False, True),
    (SCORE, "At 460: six spades, seven no-trumps or eight spades?", False, False),
    (SCORE, "At 460, with the game in reach: how high do you bid?", False, False),
    (RAISE, "Reading partner's bid: raise the diamonds, not your own hearts", False, True),
    (RAISE, "Reading partner's bid: partner's diamonds or your own hearts?", False, False),
    (RAISE, "You hold five hearts; partner opened in diamonds.", True, False),  # strains in notes: no
    (RAISE, "South raises to eight diamonds.", True, True),
    (CARD, "Throw the 7 of spades", False, True),
    (CARD, "Defence: keep the 7♠", False, True),
    (CARD, "Defence: partner's ace of clubs, and you are out of clubs", False, False),
    (CARD, "East throws the 7 of spades on partner's ace.", True, True),
    (CARD, "East holds the 7 of spades and the 6, 10 of hearts and jack of diamonds.", True, False),
    (CARD, "East holds the 7 of spades and three trumps.", True, False),  # held, not played
    (CARD, "Never trump with the 10 of hearts.", True, False),     # a wrong choice, rejected
    (CARD, "East plays the 7 of spades, not the 10 of hearts.", True, True),
    (CARD, "East could play the 7 of spades or trump with the 10 of hearts.", True, False),
    # "trumps" as the noun after a suit names nothing played: held, not done
    (CARD, "With hearts trumps the 7 of spades is East's lowest card.", True, False),
    (CARD, "Hearts are trumps, the 7 of spades a loser.", True, False),
    (CARD, "Hearts as trumps: the 7 of spades is no trump.", True, False),
    (CARD, "East trumps with the 7 of spades.", True, True),  # the verb
    (BURY, "South buries the 10 of clubs, the 8 of clubs and the king of diamonds.", True, True),
    (BURY, "South holds the 10 of clubs, the 8 of clubs and the king of diamonds.", True, False),
    (BURY, "Misère: put away 10♣ 8♣ K♦", False, True),
    (BURY, "Misère: which three cards do you put away?", False, False),
    (JOKER, "Misère with the joker: name it a heart", False, True),
    (JOKER, "Misère with the joker: hearts or diamonds?", False, False),
    (JOKER, "Misère with the joker: which suit do you name for it?", False, False),
]


@pytest.mark.parametrize(("decision", "text", "played", "spoils"), CASES, ids=[c[1][:50] for c in CASES])
def test_what_gives_the_answer_away(decision: LessonDecision, text: str, played: bool, spoils: bool) -> None:
    assert named_alone(text, decision, played=played) is spoils


def _replace(name: str, old: str, new: str) -> str:
    text = (HANDS / f"{name}.yaml").read_text("utf-8")
    assert old in text
    return text.replace(old, new, 1)


def _line(text: str, marker: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if marker in line)


#: (lesson, what is written instead, the line to blame (a piece of it), what the message says)
FILES = [
    ("count-then-bid",
     ('title: "Count your tricks, then bid: seven hearts or eight?"',
      'title: "Count your tricks, then bid: seven hearts, not eight"'),
     "title:", "the title gives the decision's answer away: it names seven hearts"),
    ("misere-defence-on-souths-nine",
     ("    want.\n", "    want: play the 7 of hearts.\n"),
     "intro:", "the intro gives the decision's answer away: it names the 7 of hearts"),
    ("misere-defence-what-to-throw",
     ('title: "Defending misère: what do you throw while partner leads?"',
      'title: "Defending misère: throw the A♥"'),
     "title:", "it names the ace of hearts, and no other choice"),
]


@pytest.mark.parametrize(("name", "change", "blame", "message"), FILES, ids=[f[0] for f in FILES])
def test_tutor_check_reports_a_spoiler_at_its_line(name: str, change: tuple[str, str], blame: str,
                                                   message: str) -> None:
    text = _replace(name, *change)
    problems = check_lesson("lesson.yaml", text)[1]
    found = [p for p in problems if "gives the decision's answer away" in p.message]
    assert len(found) == 1, problems
    assert found[0].line == _line(text, blame)
    assert message in found[0].message

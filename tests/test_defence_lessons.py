"""The course's defence and declarer-play lessons (issue 30): what their notes say, checked.

``tutor check`` verifies each lesson's ``par:``, its claims (``only``, ``best``, ``make:``) and its
decision (``tests/test_verify.py``, ``tests/test_chance_claims.py``). This file checks the rest
of what the notes state: what the cards a note rejects come to, the hand the intro describes,
who holds what and what has gone when the question is asked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shipped_lessons import checked, lesson, note_text, options_at

from tutor.engine.cards import Card
from tutor.engine.play import effective_suit
from tutor.engine.replay import Replay
from tutor.engine.seats import Seat, Side
from tutor.solve import apply, deal_of
from tutor.teach.topics import stage_of

HANDS = Path(__file__).resolve().parent.parent / "hands"
OVER_TRUMP = "defence-over-trump-with-the-king"
KEEP_THREE = "no-trumps-defence-keep-three-winners"
OPEN_MISERE = "open-misere-defence-under-the-lone-club"
CROSS = "declarer-play-cross-to-partners-void"
SIGNAL = "defence-partners-discard-asks-for-hearts"
VOID = "no-trumps-defence-lead-into-the-void"
NEW = (OVER_TRUMP, KEEP_THREE, OPEN_MISERE, CROSS, SIGNAL, VOID)


_RANK = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "10": "10", "9": "9", "8": "8",
         "7": "7", "6": "6", "5": "5", "4": "4"}
_GROUP = re.compile(r"((?:(?:ace|king|queen|jack|10|9|8|7|6|5|4)(?:, | and )?)+) of "
                    r"(spades|clubs|diamonds|hearts)")


def cards_named(text: str) -> list[str]:
    """The cards a sentence names: "the ace, jack and 9 of hearts" -> AH, JH, 9H."""
    out = ["Jo"] if "the joker" in text else []
    for ranks, suit in _GROUP.findall(text):
        out += [_RANK[w] + suit[0].upper() for w in re.findall(r"ace|king|queen|jack|10|9|8|7|6|5|4", ranks)]
    return out


def _held(rp: Replay, before_trick: int, seat: Seat) -> list[str]:
    """The cards ``seat`` holds as trick ``before_trick`` starts."""
    deal = deal_of(rp)
    pos = deal.start
    for play in deal.plays[: (before_trick - 1) * len(pos.seats)]:
        pos = apply(pos, play)
    return sorted(str(c) for c in pos.hands[pos.seats.index(seat)])


@pytest.mark.parametrize("name", NEW)
def test_the_lesson_checks_clean_with_every_claim(name: str) -> None:
    rep, problems = checked(HANDS / f"{name}.yaml")
    assert rep is not None and problems == []
    hand = rep.hand
    assert hand.par is not None and hand.decision is not None
    assert hand.level == stage_of(hand.tags) and hand.order is not None  # placed by the path's rule


#: (lesson, card, what the cards the notes reject or prefer come to, double-dummy).
ALTERNATIVES = {
    # "the king sets it; the jack used there, or a diamond thrown, lets it make"
    (OVER_TRUMP, "6.4"): {"KH": 6, "JH": 7, "6D": 7, "7D": 7, "9D": 7},
    # South trumping partner's king of spades costs the seventh trick
    (OVER_TRUMP, "6.3"): {"8H": 6, "10D": 7},
    # the right bower under the joker would have been wasted
    (OVER_TRUMP, "2.4"): {"9H": 7, "JH": 8},
    # a diamond led before the right bower lets North trump it
    (OVER_TRUMP, "7.1"): {"JH": 6, "6D": 7},
    # "throw the ace of clubs [...] or the ace of diamonds [...]: either way South makes eight
    # tricks" (the queen and the jack equal)
    (KEEP_THREE, "7.4"): {"JC": 6, "QC": 6, "AC": 8, "AD": 8},
    (KEEP_THREE, "8.4"): {"AC": 6, "QC": 7},
    # in misère the value is South's tricks: the 5 of clubs gives South four, a high club none
    (OPEN_MISERE, "7.1"): {"5C": 4, "9C": 0, "KC": 0, "AC": 0},
    (OPEN_MISERE, "7.2"): {"6C": 4, "8C": 0},
    # "drawing trumps, or the queen of diamonds, would hold North–South to five"
    (CROSS, "3.1"): {"6S": 6, "9S": 6, "JH": 5, "AH": 5, "KH": 5, "8H": 5, "4H": 5, "QD": 5},
    # any heart sets seven diamonds; a club for East to trump, or a trump, lets it make
    (SIGNAL, "4.1"): {"8H": 6, "5H": 6, "4H": 6, "8C": 7, "9C": 7, "KD": 7, "6D": 7},
    # "the 10 of hearts would have made seven diamonds"
    (SIGNAL, "3.1"): {"7C": 6, "10H": 7},
    (SIGNAL, "4.3"): {"AH": 6, "QH": 7},
    # "A small diamond, or a spade, lets it make"
    (VOID, "3.1"): {"AD": 6, "5D": 8, "9D": 8, "AS": 7, "6S": 7, "5H": 7, "JC": 7, "9C": 7},
}


@pytest.mark.parametrize(("name", "key"), sorted(ALTERNATIVES), ids=str)
def test_the_cards_a_note_weighs_come_to_what_it_says(name: str, key: str) -> None:
    options = options_at(lesson(name), key)
    for card, value in ALTERNATIVES[(name, key)].items():
        assert options[card] == value, f"{card}: {options[card]} (all: {options})"


#: (lesson, note, seat, the words that start and end the description of the seat's ten cards).
DESCRIBED = [
    (OVER_TRUMP, "intro", Seat.W, "You hold", "East opened"),
    (KEEP_THREE, "intro", Seat.E, "You hold", "West opened"),
    (OPEN_MISERE, "intro", Seat.W, "You hold", "North opened"),
    (SIGNAL, "intro", Seat.W, "You hold", "Your partner"),
    (VOID, "intro", Seat.N, "You hold", "West opened"),
]


@pytest.mark.parametrize(("name", "place", "seat", "start", "end"), DESCRIBED, ids=str)
def test_the_hand_described_is_the_hand_dealt(name: str, place: str, seat: Seat, start: str,
                                             end: str) -> None:
    rp = lesson(name)
    note = note_text(rp, place)
    text = note[note.index(start):note.index(end)]
    assert sorted(cards_named(text)) == sorted(str(c) for c in rp.hand.hands[seat]), text


# --- over-trumping last ----------------------------------------------------------------------

def _trumps(rp: Replay, cards: list[str]) -> list[str]:
    ctx = rp.context
    assert ctx is not None and ctx.trumps is not None
    return [c for c in cards if effective_suit(Card.parse(c), ctx) is ctx.trumps]


def test_west_plays_last_and_the_joker_and_left_bower_have_gone() -> None:
    rp = lesson(OVER_TRUMP)
    sixth = rp.tricks[5]
    assert [str(p.card) for p in sixth.plays] == ["KS", "8C", "8H", "KH"]
    assert sixth.seats[-1] is Seat.W and sixth.winner is Seat.W
    gone = [str(p.card) for t in rp.tricks[:5] for p in t.plays]
    assert {"Jo", "JD"} <= set(gone)
    # West holds the right bower and the king, and the right bower is then the best trump left
    assert _trumps(rp, _held(rp, 6, Seat.W)) == ["JH", "KH"]
    assert "AH" in _held(rp, 6, Seat.S)
    # "it draws North's last trump, the 7 of hearts": North's only trump at trick 7
    assert _trumps(rp, _held(rp, 7, Seat.N)) == ["7H"]
    assert not [c for c in _held(rp, 7, Seat.N) if c.endswith("D")]   # North trumps a diamond


def test_the_over_trump_lesson_is_set_by_one() -> None:
    rp = lesson(OVER_TRUMP)
    assert rp.result is not None
    assert dict(rp.result.score) == {Side.NS: -200, Side.EW: 40}
    assert rp.tricks[7].winner is Seat.E and str(rp.tricks[7].plays[2].card) == "QD"
    assert "56% of the layouts" in note_text(rp, "6.4")
    assert "set by one, North–South lose 200 and East–West score 40" in note_text(rp, "outro")


# --- keeping three winners in no-trumps ------------------------------------------------------

def test_east_needs_all_three_last_tricks_and_holds_three_winners_to_be() -> None:
    rp = lesson(KEEP_THREE)
    won = [t.winner for t in rp.tricks[:7]]
    # "South's sixth trick, with three still to play, and East–West have taken one"
    assert won.count(Seat.S) == 6 and won.count(Seat.E) + won.count(Seat.W) == 1
    assert _held(rp, 7, Seat.E) == ["AC", "AD", "JC", "QC"]
    # the two kings the aces must capture are South's, and South leads the club
    assert _held(rp, 8, Seat.S) == ["8D", "KC", "KD"]
    assert [t.winner for t in rp.tricks[7:]] == [Seat.E, Seat.E, Seat.E]
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: -220, Side.EW: 40}
    assert "52% of the layouts" in note_text(rp, "7.4")


# --- open misère: under the contractor's lone club -------------------------------------------

def test_south_has_one_club_and_the_last_diamonds_and_west_only_clubs() -> None:
    rp = lesson(OPEN_MISERE)
    assert all(len(t.plays) == 3 and Seat.N not in t.seats for t in rp.tricks)
    # "The defence has won the first six tricks"
    assert all(t.winner in (Seat.E, Seat.W) for t in rp.tricks[:6])
    assert _held(rp, 7, Seat.S) == ["7C", "8D", "9D", "QD"]
    assert _held(rp, 7, Seat.W) == sorted(["AC", "KC", "9C", "5C"])
    # "the last three diamonds in play": no defender holds a diamond at trick 7
    assert not [c for seat in (Seat.E, Seat.W) for c in _held(rp, 7, seat) if c.endswith("D")]
    # the shown hand the intro describes: South's nine cards after the first trick
    note = note_text(rp, "intro")
    text = note[note.index("hand went down"):note.index("The defence")]
    assert sorted(cards_named(text)) == _held(rp, 2, Seat.S)
    seventh = rp.tricks[6]
    assert [str(p.card) for p in seventh.plays] == ["5C", "6C", "7C"] and seventh.winner is Seat.S
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: -500, Side.EW: 0}
    assert "44% of the layouts" in note_text(rp, "7.1")


# --- crossing to partner's void --------------------------------------------------------------

def test_south_shows_the_spade_void_and_the_top_trumps_are_out() -> None:
    rp = lesson(CROSS)
    second = rp.tricks[1]
    assert str(second.plays[1].card) == "5D" and second.seats[1] is Seat.S   # South shows the void
    assert not [c for c in _held(rp, 3, Seat.S) if c.endswith("S")]
    north = _trumps(rp, _held(rp, 1, Seat.N))
    assert sorted(north) == sorted(["JH", "AH", "KH", "8H", "4H"])   # "five of the thirteen"
    assert not [c for c in _held(rp, 1, Seat.N) if c.endswith("C")]  # "no club"
    others = [c for seat in (Seat.E, Seat.S, Seat.W) for c in _trumps(rp, _held(rp, 1, seat))]
    assert len(others) == 8 and {"Jo", "JD"} <= set(others)
    third, fourth = rp.tricks[2], rp.tricks[3]
    assert third.winner is Seat.S and str(third.plays[2].card) == "7H"
    assert fourth.leader is Seat.S and str(fourth.plays[0].card) == "QC" and fourth.winner is Seat.N
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: 100, Side.EW: 40}
    assert "87% of the layouts" in note_text(rp, "3.1")


# --- partner's discard -----------------------------------------------------------------------

def test_east_throws_a_high_heart_on_a_club_and_holds_the_ace() -> None:
    rp = lesson(SIGNAL)
    third = rp.tricks[2]
    assert [str(p.card) for p in third.plays] == ["7C", "9H", "QC", "KC"] and third.seats[1] is Seat.E
    east = _held(rp, 3, Seat.E)
    assert not [c for c in east if c.endswith("C")]                     # out of clubs
    assert {"AH", "QH", "9H", "4D"} <= set(east)                        # and a trump, not used
    # "South may be out of them too": South's queen was its last club
    assert not [c for c in _held(rp, 4, Seat.S) if c.endswith("C")]
    fourth = rp.tricks[3]
    assert str(fourth.plays[0].card) == "8H" and fourth.winner is Seat.E
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: -180, Side.EW: 40}
    assert "49% of the layouts" in note_text(rp, "4.1")


# --- no-trumps: leading into the contractor's void -------------------------------------------

def test_east_shows_the_diamond_void_and_keeps_the_joker() -> None:
    rp = lesson(VOID)
    second = rp.tricks[1]
    assert [str(p.card) for p in second.plays] == ["KD", "QS", "6D", "4D"] and second.seats[1] is Seat.E
    east = _held(rp, 3, Seat.E)
    assert "Jo" in east and not [c for c in east if c.endswith("D")]
    # only East, with no diamond, may play the joker on the ace: West still has the queen
    assert "QD" in _held(rp, 3, Seat.W)
    third = rp.tricks[2]
    assert str(third.plays[1].card) == "7H" and third.winner is Seat.N
    assert [t.winner.side for t in rp.tricks].count(Side.NS) == 4
    assert rp.result is not None and dict(rp.result.score) == {Side.NS: 40, Side.EW: -220}
    assert "90% of the layouts" in note_text(rp, "3.1")

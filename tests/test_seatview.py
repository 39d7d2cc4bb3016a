"""What the deciding seat could know at a lesson's decision (tutor.teach.seatview): its own hand
then, the calls and cards so far, the kitty only once it has taken it, and only the hands the
rules open."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.engine.decision import LessonDecision
from tutor.engine.replay import Replay, build
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.teach.seatview import SeatViewError, seat_view

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def _replay(name: str) -> Replay:
    return build(handfile.load(HANDS / f"{name}.yaml"))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def _at(at: str) -> LessonDecision:
    """A decision asked at a card of the play (the question and choices do not matter here)."""
    return LessonDecision(at, "Which card?", (), 0)


def _own(name: str) -> LessonDecision:
    decision = _replay(name).hand.decision
    assert decision is not None
    return decision


# lesson, the seat asked, its hand (cards, any order), the kitty it has seen, its discard
@pytest.mark.parametrize(("name", "seat", "hand", "kitty", "discard"), [
    # the auction: South's ten as dealt, no kitty (it is still face down)
    ("count-then-bid", Seat.S, "Jo AS KS AH KH 10H 8H 7C 6C 5D", "", ""),
    # a defender never sees the kitty
    ("defence-partners-ace-of-clubs", Seat.E, "AS KS JS 8S 7S 10H 6H KD QD JD", "", ""),
    # the contractor's discard: its ten and the kitty, thirteen to choose from
    ("no-trumps-what-to-bury", Seat.S, None, "9H 8H 8D", ""),
    # the contractor in the play, after the kitty: it knows the kitty and what it put away
    ("no-trumps-long-suit-and-two-aces", Seat.S, None, "JD 10D 9D", "4D 10D 9D"),
    ("misere-nominate-the-joker", Seat.S, None, "9S 8D KC", "9S 8D KC"),
])
def test_the_seat_sees_its_hand_and_the_kitty_only_once_taken(
        name: str, seat: Seat, hand: str | None, kitty: str, discard: str) -> None:
    rp = _replay(name)
    view = seat_view(rp, _own(name))
    assert view.seat is seat
    if hand is not None:
        assert sorted(map(str, view.hand)) == sorted(map(str, _cards(hand)))
    assert view.kitty == _cards(kitty)
    assert view.seen_kitty is bool(kitty)
    assert view.discard == _cards(discard)
    assert not view.open_hands
    assert not any(view.sees(s) for s in rp.table.seats if s is not seat)


def test_the_contractor_discarding_holds_the_kitty_with_its_hand() -> None:
    rp = _replay("no-trumps-what-to-bury")
    view = seat_view(rp, _own("no-trumps-what-to-bury"))
    assert len(view.hand) == 13
    assert set(rp.hand.kitty) <= set(view.hand)


# lesson (or open misère with a card asked of it), the calls before the decision
@pytest.mark.parametrize(("name", "calls"), [
    ("count-then-bid", []),  # South speaks first
    ("defence-partners-ace-of-clubs", ["pass", "pass", "pass", "7H"]),
    ("partners-diamonds-or-your-hearts", None),
    ("game-end-at-460", None),
])
def test_calls_so_far_only(name: str, calls: list[str] | None) -> None:
    rp = _replay(name)
    decision = _own(name)
    view = seat_view(rp, decision)
    if calls is None:  # an auction decision: every call before the one asked, none after
        assert decision.call is not None
        calls = [str(c) for c in rp.hand.auction[: decision.call]]
    assert [str(c) for c in view.calls] == calls
    assert rp.auction is not None
    assert view.callers == rp.auction.callers[: len(calls)]
    if decision.kind == "auction":
        assert view.contract is None and view.tricks == ()


# lesson, the decision's place, the cards played before it in order
@pytest.mark.parametrize(("name", "at", "played"), [
    ("defence-partners-ace-of-clubs", "1.3", "AC 6C"),
    ("defence-joker-gone-left-bower-held", "3.1", "Jo 6H 5H 4H QC KC 7C 10C"),
    ("no-trumps-long-suit-and-two-aces", "1.1", ""),
    ("open-misere", "2.2", "4H 10H 8H 10C"),
])
def test_cards_played_so_far_only(name: str, at: str, played: str) -> None:
    view = seat_view(_replay(name), _at(at))
    assert view.played == _cards(played)
    trick, card = (int(x) for x in at.split("."))
    assert len(view.tricks) == (trick if card > 1 else trick - 1)


# open misère: the contractor South's hand is laid open after the first trick, not before
@pytest.mark.parametrize(("at", "seat", "open_seats"), [
    ("1.2", Seat.W, set()),
    ("1.3", Seat.E, set()),
    ("2.1", Seat.W, {Seat.S}),
    ("2.2", Seat.E, {Seat.S}),
    ("2.3", Seat.S, set()),  # South's own hand is its own, not an opened one
])
def test_open_misere_opens_the_contractor_after_trick_one_only(
        at: str, seat: Seat, open_seats: set[Seat]) -> None:
    rp = _replay("open-misere")
    view = seat_view(rp, _at(at))
    assert view.seat is seat
    assert set(view.open_hands) == open_seats
    for s in open_seats:  # the open hand as it stands then: nine cards after one trick
        assert len(view.open_hands[s]) == 9
        assert view.sees(s)
    assert view.out == {Seat.N}


def test_the_two_handed_game_shows_only_the_face_up_table_cards() -> None:
    rp = _replay("two-handed-table-cards")
    view = seat_view(rp, _at("1.1"))
    state = rp.states[view.step - 1]
    assert state.piles is not None
    for s, piles in state.piles.items():
        assert view.table_cards[s] == tuple(p.up for p in piles if p.up is not None)
        assert not set(p.down for p in piles if p.down is not None) & set(view.table_cards[s])


def test_a_decision_the_hand_never_reaches_is_an_error() -> None:
    with pytest.raises(SeatViewError, match="never gets there"):
        seat_view(_replay("count-then-bid"), _at("11.1"))

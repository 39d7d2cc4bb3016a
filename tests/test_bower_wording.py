"""The rulings a learner reads on the left bower and the led joker say the rule once, plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Card
from tutor.engine.play import IllegalPlay, Play, PlayContext, judge_play
from tutor.engine.replay import StepKind, build
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.teach.playalong import turns

HEARTS = PlayContext.of(Bid.parse("7H"))
SPADES = PlayContext.of(Bid.parse("8S"))
HANDS = Path(__file__).resolve().parent.parent / "hands"


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_trumping_its_printed_suit_with_the_left_bower_is_explained_once() -> None:
    hand = cards("JD 7S 6S 5S 9C")
    ruling = judge_play(Seat.E, hand, [Play(Card.parse("7D"))], Play(Card.parse("JD")), HEARTS)
    assert ruling.kind is Kind.LEFT_BOWER_IS_TRUMP
    assert ruling.text == (
        "East has no diamonds: the jack of diamonds (the left bower) is a heart this hand, "
        "not a diamond. So East may play any card, and trumps with it."
    )
    assert ruling.text.count("this hand") == 1


def test_the_joker_led_in_a_suit_contract_reminds_of_the_left_bower() -> None:
    ruling = judge_play(Seat.N, cards("Jo AS 4H"), [], Play(Card.parse("Jo")), SPADES)
    assert ruling.kind is Kind.JOKER_IS_TRUMP
    assert ruling.text.endswith(
        "the others must follow spades (the jack of clubs is a spade this hand)."
    )


# The reminder "(the jack of diamonds is a heart this hand)" helps only while someone still
# holds the left bower; once it has fallen (or was put away with the kitty) it is noise.

def test_the_lead_reminder_stops_once_the_left_bower_is_out() -> None:
    hand = cards("AH 7D 9C")
    for lead in ("AH", "7D"):
        live = judge_play(Seat.N, hand, [], Play(Card.parse(lead)), HEARTS)
        gone = judge_play(Seat.N, hand, [], Play(Card.parse(lead)), HEARTS, left_bower_out=True)
        assert "jack of diamonds" in live.text
        assert "jack of diamonds" not in gone.text
        assert gone.text == live.text[: live.text.index(" (")] + "."


def test_the_void_reminder_in_trumps_stops_once_the_left_bower_is_out() -> None:
    hand = cards("7D 9C")
    lead = [Play(Card.parse("AH"))]
    live = judge_play(Seat.E, hand, lead, Play(Card.parse("9C")), HEARTS)
    gone = judge_play(Seat.E, hand, lead, Play(Card.parse("9C")), HEARTS, left_bower_out=True)
    assert live.text == (
        "East has no hearts (the jack of diamonds is a heart this hand), so may play any card, "
        "and discards the 9 of clubs."
    )
    assert gone.text == "East has no hearts, so may play any card, and discards the 9 of clubs."


def test_a_refusal_names_the_left_bower_only_to_its_holder() -> None:
    lead = [Play(Card.parse("AH"))]
    try:
        judge_play(Seat.E, cards("5H 9C"), lead, Play(Card.parse("9C")), HEARTS)
    except IllegalPlay as err:
        assert "jack of diamonds" not in str(err)
    else:
        raise AssertionError("9C may not be played holding 5H")
    with pytest.raises(IllegalPlay, match=r"holds 5H, JD \(the jack of diamonds is a heart this hand\)"):
        judge_play(Seat.E, cards("5H JD 9C"), lead, Play(Card.parse("9C")), HEARTS)
    # Diamonds led: the holder of the left bower is told why it is not one of the diamonds.
    with pytest.raises(IllegalPlay, match=r"holds 5D \(the jack of diamonds is a heart this hand, not a"):
        judge_play(Seat.E, cards("5D JD 9C"), [Play(Card.parse("AD"))], Play(Card.parse("9C")), HEARTS)


def test_replay_drops_the_reminder_after_the_left_bower_falls() -> None:
    replayed = build(handfile.load(HANDS / "first-night-seven-hearts.yaml"))
    fell = next(
        t.number for t in replayed.tricks if Card.parse("JD") in t.cards
    )
    for step in replayed.steps:
        if step.kind is StepKind.CARD and step.trick is not None:
            said = "jack of diamonds is a heart" in step.ruling.text
            if step.trick > fell:
                assert not said, step.ruling.text
    assert any(
        "jack of diamonds is a heart" in s.ruling.text for s in replayed.steps if s.trick == 1
    )


def test_play_along_asks_the_engine_with_the_left_bower_gone() -> None:
    replayed = build(handfile.load(HANDS / "first-night-seven-hearts.yaml"))
    late = [t for t in turns(replayed) if t.trick >= 5]
    assert late and all(t.left_bower_out for t in late)
    for turn in late:
        for card in turn.hand:
            pick = turn.pick(card)
            said = pick.ruling.text if pick.ruling else pick.refusal
            assert said is not None and "jack of diamonds is a heart" not in said, said
    early = next(turns(replayed))
    assert not early.left_bower_out
    assert "jack of diamonds is a heart" in early.judge(early.actual.card).text

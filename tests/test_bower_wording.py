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


def test_the_joker_led_reminds_of_the_left_bower_only_its_holder() -> None:
    ruling = judge_play(Seat.N, cards("Jo AS JC 4H"), [], Play(Card.parse("Jo")), SPADES)
    assert ruling.kind is Kind.JOKER_IS_TRUMP
    assert ruling.text.endswith(
        "the others must follow spades (the jack of clubs is a spade this hand)."
    )
    other = judge_play(Seat.N, cards("Jo AS 4H"), [], Play(Card.parse("Jo")), SPADES)
    assert other.text.endswith("the others must follow spades.")


# The reminder "(the jack of diamonds is a heart this hand)" said to a player without that card
# reads as if they held it: it goes only to the player who holds the left bower.

@pytest.mark.parametrize("lead", ["AH", "7D"])
def test_the_lead_reminder_goes_only_to_the_holder(lead: str) -> None:
    holder = judge_play(Seat.N, cards("AH 7D JD 9C"), [], Play(Card.parse(lead)), HEARTS)
    other = judge_play(Seat.N, cards("AH 7D 9C"), [], Play(Card.parse(lead)), HEARTS)
    assert "jack of diamonds" in holder.text
    assert "jack of diamonds" not in other.text
    assert other.text == holder.text[: holder.text.index(" (")] + "."


def test_a_player_void_in_trumps_is_never_told_of_the_left_bower() -> None:
    lead = [Play(Card.parse("AH"))]
    said = judge_play(Seat.E, cards("7D 9C"), lead, Play(Card.parse("9C")), HEARTS)
    assert said.text == "East has no hearts, so may play any card, and discards the 9 of clubs."


def test_a_refusal_names_the_left_bower_only_to_its_holder() -> None:
    lead = [Play(Card.parse("AH"))]
    try:
        judge_play(Seat.E, cards("5H 9C"), lead, Play(Card.parse("9C")), HEARTS)
    except IllegalPlay as err:
        assert "jack of diamonds" not in str(err)
    else:
        raise AssertionError("9C may not be played holding 5H")
    told = r"holds the 5 of hearts and the jack of diamonds \(the jack of diamonds is a heart this hand\)"
    with pytest.raises(IllegalPlay, match=told):
        judge_play(Seat.E, cards("5H JD 9C"), lead, Play(Card.parse("9C")), HEARTS)
    # Diamonds led: the holder of the left bower is told why it is not one of the diamonds.
    told = r"holds the 5 of diamonds \(the jack of diamonds is a heart this hand, not a"
    with pytest.raises(IllegalPlay, match=told):
        judge_play(Seat.E, cards("5D JD 9C"), [Play(Card.parse("AD"))], Play(Card.parse("9C")), HEARTS)


def test_a_refusal_has_no_parenthesis_inside_a_parenthesis() -> None:
    with pytest.raises(IllegalPlay) as err:
        judge_play(Seat.E, cards("6C JC"), [Play(Card.parse("9C"))], Play(Card.parse("JC")), SPADES)
    said = str(err.value)
    assert said.endswith("so cannot play the jack of clubs, the left bower: it is a spade this hand")
    depth = 0
    for ch in said:
        depth += (ch == "(") - (ch == ")")
        assert depth <= 1, said


def test_replay_reminds_only_the_holder_of_the_left_bower() -> None:
    replayed = build(handfile.load(HANDS / "first-night-seven-hearts.yaml"))
    for i, step in enumerate(replayed.steps):
        if step.kind is StepKind.CARD and step.seat is not None:
            held = replayed.states[i - 1].hands[step.seat]
            if "jack of diamonds is a heart" in step.ruling.text:
                assert Card.parse("JD") in held, step.ruling.text

"""The rulings a learner reads on the left bower and the led joker say the rule once, plainly."""

from __future__ import annotations

from tutor.auction import Bid
from tutor.cards import Card
from tutor.play import Play, PlayContext, judge_play
from tutor.rulings import Kind
from tutor.seats import Seat

HEARTS = PlayContext.of(Bid.parse("7H"))
SPADES = PlayContext.of(Bid.parse("8S"))


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

"""The led joker in no-trumps and misère: the three readings of the setting joker_lead.

The Australian rules page: the joker "may be led to force others to play a chosen suit (if it
hasn't been led before)" and "cannot be led once all four suits have been played, except for the
last trick". That is ``not-yet-led``, the default of the Australian and New Zealand presets.
"""

from __future__ import annotations

import pytest

from tutor.engine.auction import Bid
from tutor.engine.cards import Suit, parse_card
from tutor.engine.play import IllegalPlay, Play, PlayContext, joker_lead_suits, judge_play, legal_plays
from tutor.engine.rules import preset
from tutor.engine.seats import Seat

S, H, C, D = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


def cards(text: str) -> list:  # type: ignore[type-arg]
    return [parse_card(t) for t in text.split()]


def test_presets_read_the_joker_lead_as_their_sources_do() -> None:
    assert preset("australian").joker_lead == "not-yet-led"
    assert preset("new-zealand").joker_lead == "not-yet-led"
    for name in ("american", "avondale", "canadian", "west-seventh-street"):
        assert preset(name).joker_lead == "not-shown-void", name
    assert preset("australian", {"joker_lead": "unless-void"}).joker_lead == "unless-void"


@pytest.mark.parametrize(
    ("reading", "hand", "shown_void", "led_before", "allowed"),
    [
        # Australian: any suit not led before, void or not; shown voids do not matter.
        ("not-yet-led", "Jo 9H 10H", set(), set(), [S, H, C, D]),
        ("not-yet-led", "Jo 9H 10H", {S}, {H, C}, [S, D]),
        ("not-yet-led", "Jo 9H 10H", set(), {S, H, C}, [D]),
        ("not-yet-led", "Jo 9H 10H", set(), {S, H, C, D}, []),
        # American: any suit its leader has not shown void in, led before or not.
        ("not-shown-void", "Jo 9H 10H", {S}, {H, C}, [H, C, D]),
        ("not-shown-void", "Jo 9H 10H", set(), {S, H, C, D}, [S, H, C, D]),
        # The house rule: any time, any suit its leader still holds.
        ("unless-void", "Jo 9H 10H", set(), {S, H, C, D}, [H]),
    ],
)
def test_suits_a_led_joker_may_name(
    reading: str, hand: str, shown_void: set[Suit], led_before: set[Suit], allowed: list[Suit]
) -> None:
    ctx = PlayContext.of(Bid.parse("8NT"), joker_lead=reading)
    assert set(joker_lead_suits(cards(hand), ctx, shown_void, led_before=led_before)) == set(allowed)


def test_australian_joker_may_not_name_a_suit_already_led() -> None:
    ctx = PlayContext.of(Bid.parse("8NT"), joker_lead="not-yet-led")
    hand = cards("Jo 9H 10H")
    ruling = judge_play(Seat.N, hand, [], Play.parse("Jo:S"), ctx, led_before={H})
    assert "names spades" in ruling.text
    with pytest.raises(IllegalPlay, match="hearts have already been led this hand"):
        judge_play(Seat.N, hand, [], Play.parse("Jo:H"), ctx, led_before={H})


def test_australian_joker_after_all_four_suits_only_to_the_last_trick() -> None:
    ctx = PlayContext.of(Bid.parse("8NT"), joker_lead="not-yet-led")
    every = {S, H, C, D}
    with pytest.raises(IllegalPlay, match="all four suits have been led"):
        judge_play(Seat.N, cards("Jo 9H"), [], Play.parse("Jo:D"), ctx, led_before=every)
    assert [str(c) for c in legal_plays(cards("Jo 9H"), [], ctx, led_before=every)] == ["9H"]
    # The last trick: the joker is the only card left, and is led.
    last = judge_play(Seat.N, cards("Jo"), [], Play.parse("Jo"), ctx, led_before=every)
    assert "last card" in last.text
    # The American reading lets the same joker lead, naming a suit not shown void.
    american = PlayContext.of(Bid.parse("8NT"), joker_lead="not-shown-void")
    assert "Jo" in [str(c) for c in legal_plays(cards("Jo 9H"), [], american, led_before=every)]

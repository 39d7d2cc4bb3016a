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


def _joker_led_late(spec_overrides: dict[str, object]):  # type: ignore[no-untyped-def]
    """A random Australian hand where the joker is led, naming a suit, after the first trick."""
    from tutor.engine.cards import Joker
    from tutor.engine.hand import RulesSpec
    from tutor.engine.randomdeal import random_hand

    for seed in range(3000):
        hand = random_hand(seed, RulesSpec("australian", spec_overrides))
        for t, trick in enumerate(hand.play):
            if t > 0 and trick and isinstance(trick[0].card, Joker) and trick[0].names is not None:
                return hand, t
    raise AssertionError("no random hand leads the joker after the first trick")


def test_replayed_hands_lead_the_joker_only_to_a_suit_not_yet_led() -> None:
    import dataclasses

    from tutor.engine.play import PlayContext, led_suit
    from tutor.engine.replay import build

    hand, t = _joker_led_late({"joker_nomination": False})
    rp = build(hand)
    assert not rp.problems
    ctx = rp.context
    assert isinstance(ctx, PlayContext) and ctx.joker_lead == "not-yet-led"
    before = {led_suit(list(trick[:1]), ctx) for trick in hand.play[:t]}
    named = hand.play[t][0].names
    assert named is not None and named not in before
    # The same hand with the joker naming a suit already led is refused, and the message says why.
    first = next(s for s in before if s is not None)
    lead = dataclasses.replace(hand.play[t][0], names=first)
    bad = dataclasses.replace(hand, play=(*hand.play[:t], (lead, *hand.play[t][1:]), *hand.play[t + 1:]))
    problems = build(bad).problems
    assert problems and "have already been led this hand" in problems[0].message

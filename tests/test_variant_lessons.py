"""The lessons of the later presets teach what the engine rules (tests/test_lessons.py checks
every lesson's form; these check each one's teaching point)."""

from __future__ import annotations

from pathlib import Path

from tutor.engine.cards import Card, Joker
from tutor.engine.replay import Replay, StepKind
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat, Side
from tutor.files import handfile

HANDS = Path(__file__).resolve().parent.parent / "hands"


def replay_of(name: str) -> Replay:
    rp, problems = handfile.check(HANDS / f"{name}.yaml")
    assert problems == [] and rp is not None
    return rp


def test_canadian_first_joker_takes_the_second() -> None:
    rp = replay_of("canadian-two-jokers")
    assert rp.rules.name == "canadian" and len(rp.hand.kitty) == 6 and len(rp.hand.discard or ()) == 6
    first = rp.tricks[0]
    assert [p.card for p in first.plays[:2]] == [Joker(2), Joker(1)]
    assert first.winner is Seat.E and first.ruling is not None
    assert "highest trump of all" in first.ruling.text
    assert "second-highest trump" in first.rulings[0].text
    assert rp.result is not None and rp.result.made and rp.result.score[Side.NS] == 300


def test_new_zealand_misere_with_the_joker_put_away() -> None:
    rp = replay_of("new-zealand-misere-joker-away")
    # The Australian rules, with the variation "misère at any time" so that East may open with it.
    assert rp.rules.with_settings({"misere_any_time": False}).settings() == (
        replay_of("misere-partner-sits-out").rules.settings()
    )
    assert rp.rules.differences() == {"misere_any_time": True}
    assert Joker() in (rp.hand.discard or ())
    assert not any(s.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED for s in rp.steps)
    # 3.2 and 6.2: East plays the highest diamond that still loses.
    for key, card in (("3.2", "5D"), ("6.2", "7D")):
        step = next(s for s in rp.steps if s.kind is StepKind.CARD and s.note_key == key)
        assert step.seat is Seat.E and step.play is not None and step.play.card == Card.parse(card)
    assert all(t.winner is not Seat.E for t in rp.tricks)
    assert rp.result is not None and rp.result.ruling.kind is Kind.MISERE_MADE
    assert rp.result.score[Side.EW] == 250


def test_west_seventh_street_inkle_is_overbid_by_partner() -> None:
    rp = replay_of("west-seventh-street-inkle")
    assert rp.auction is not None
    assert [str(c) for c in rp.auction.calls] == ["6D", "pass", "9D", "pass"]
    assert "inkle diamonds" in rp.auction.rulings[0].text
    assert "South must overbid it or pass" in rp.auction.rulings[0].text
    assert "five to the middle" in rp.steps[0].ruling.text
    assert rp.contract is not None and rp.contract.declarer is Seat.S
    assert rp.result is not None and rp.result.score[Side.NS] == 380
    assert rp.tricks_won()[Side.NS] == 10
    # Had South passed too, the inkle would have thrown the hand in.
    from dataclasses import replace

    from tutor.engine.auction import parse_call
    from tutor.engine.replay import build

    passed = replace(rp.hand, auction=tuple(parse_call(c) for c in ("6D", "pass", "pass", "pass")),
                     discard=None, play=())
    again = build(passed)
    assert again.auction is not None and again.auction.thrown_in
    assert "same dealer" in again.auction.rulings[-1].text


def test_west_seventh_street_grand_nullo_exchange() -> None:
    rp = replay_of("west-seventh-street-grand-nullo")
    assert rp.contract is not None and rp.contract.bid.kind.value == "grand-nullo"
    assert rp.contract.declarer is Seat.W
    exchange = [s for s in rp.steps if s.ruling.kind is Kind.NULLO_EXCHANGE]
    assert [s.seat for s in exchange] == [Seat.E, Seat.E]
    assert exchange[0].ruling.cards == rp.hand.discard  # East picks up West's five discards
    assert exchange[1].ruling.cards == rp.hand.partner_discard
    assert Card.parse("9D") in (rp.hand.partner_discard or ())  # East sheds a card of their own
    assert rp.tricks[0].leader is Seat.W and all(len(t.plays) == 4 for t in rp.tricks)
    assert all(t.winner is not None and t.winner.side is Side.NS for t in rp.tricks)
    assert rp.result is not None and rp.result.made and rp.result.score[Side.EW] == 510


def test_the_joker_loses_its_power_after_a_discard() -> None:
    rp = replay_of("joker-loses-power-after-a-discard")
    assert rp.rules.joker_loses_power and rp.rules.differences() == {"joker_loses_power": True}
    first, second = rp.tricks[0], rp.tricks[1]
    assert first.plays[1].card == Card.parse("4H")  # East discards, keeping the joker
    assert second.plays[1].card == Joker() and second.powerless == (1,)
    assert second.rulings[1].kind is Kind.JOKER_LOST_POWER
    assert second.winner is Seat.N
    # Under the plain Australian rules the same joker would have won the trick.
    from dataclasses import replace

    from tutor.engine.hand import RulesSpec
    from tutor.engine.replay import build

    plain = build(replace(rp.hand, rules_spec=RulesSpec("australian"), play=rp.hand.play[:2]))
    assert plain.problems == () and plain.tricks[1].winner is Seat.E
    assert rp.result is not None and rp.result.score[Side.EW] == 0

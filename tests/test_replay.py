"""Replaying whole hands: the steps a front end walks, and hand-level rules."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from tutor.engine.auction import Pass, parse_call
from tutor.engine.cards import Suit
from tutor.engine.hand import Hand, RulesSpec
from tutor.engine.randomdeal import random_hand
from tutor.engine.replay import StepKind, Walker, build
from tutor.engine.rulings import Kind
from tutor.engine.seats import Seat
from tutor.files import handfile
from tutor.views.terminal.replay import format_replay

DATA = Path(__file__).parent / "data"
EXAMPLE = handfile.load(DATA / "spec-example.yaml")


def find(spec: RulesSpec, wanted: object, tricks: int = 10, limit: int = 3000) -> Hand:
    """The first random hand (by seed) for which ``wanted(hand, replay)`` holds."""
    for seed in range(limit):
        hand = random_hand(seed, spec, tricks=tricks)
        if wanted(hand, build(hand)):  # type: ignore[operator]
            return hand
    raise AssertionError("no such random hand")


def test_the_steps_of_a_hand_in_order() -> None:
    rp = build(EXAMPLE)
    kinds = [s.kind for s in rp.steps]
    assert kinds[0] is StepKind.DEAL
    assert kinds[1:5] == [StepKind.CALL] * 4
    assert kinds[5:8] == [StepKind.AUCTION, StepKind.KITTY, StepKind.DISCARD]
    assert kinds[-1] is StepKind.RESULT
    assert kinds.count(StepKind.CARD) == 40 and kinds.count(StepKind.TRICK) == 10
    assert [s.note_key for s in rp.steps if s.kind is StepKind.CARD][:2] == ["1.1", "1.2"]
    # Avondale: the player left of the dealer (North dealt) leads the first trick.
    assert rp.tricks[0].leader.value == "E"
    assert rp.steps[8].ruling.text.startswith("East leads first, sitting left of the dealer.")


def test_walker_jumps_to_a_trick() -> None:
    rp = build(EXAMPLE)
    w = Walker(rp)
    w.goto_trick(6)
    assert w.step.kind is StepKind.CARD and w.step.trick == 6 and w.step.position == 1
    assert str(w.step.play) == "Jo:S"
    assert w.step.ruling.kind is Kind.JOKER_LED_NAMES_SUIT
    assert len(w.state.tricks) == 6 and not w.state.tricks[-1].complete


def test_a_thrown_in_hand() -> None:
    hand = replace(EXAMPLE, auction=(Pass(),) * 4, discard=None, play=())
    rp = build(hand)
    assert rp.problems == ()
    assert rp.auction is not None and rp.auction.thrown_in
    assert rp.steps[-1].ruling.kind is Kind.THROWN_IN
    rp = build(replace(hand, discard=EXAMPLE.discard))
    assert [p.message for p in rp.problems] == [
        "everyone passed, so the hand is thrown in: there is no discard"
    ]


def test_too_many_tricks() -> None:
    hand = replace(EXAMPLE, play=(*EXAMPLE.play, EXAMPLE.play[0]))
    assert "the hand has 11 tricks; there are only 10" in [p.message for p in build(hand).problems]


def test_joker_nomination_is_checked() -> None:
    nt = replace(EXAMPLE, rules_spec=RulesSpec("australian"), joker=Suit.SPADES)
    # East holds the joker (from the kitty) in 8NT: Australian rules allow nominating it.
    rp = build(nt)
    nominate = [s for s in rp.steps if s.kind is StepKind.NOMINATE]
    assert len(nominate) == 1 and nominate[0].ruling.kind is Kind.JOKER_NOMINATED
    assert rp.context is not None and rp.context.joker_suit is Suit.SPADES
    # Trick 6 leads the joker written Jo:S: nominated as a spade, it leads spades.
    assert rp.problems == ()
    assert rp.tricks[5].rulings[0].kind is Kind.JOKER_NOMINATED_SUIT
    wrong = build(replace(nt, joker=Suit.HEARTS))
    assert "trick 6, card 1 (East plays Jo:S)" in wrong.problems[0].message
    suit = replace(nt, auction=tuple(parse_call(c) for c in ("8H", "pass", "pass", "pass")))
    assert "the joker cannot be nominated in eight hearts" in build(suit).problems[0].message


def test_misere_three_card_tricks_and_partner_sitting_out() -> None:
    spec = RulesSpec("australian")
    hand = find(spec, lambda h, rp: rp.contract.bid.kind.value == "misere" and rp.complete)
    rp = build(hand)
    out = [s for s in rp.steps if s.kind is StepKind.SIT_OUT]
    assert len(out) == 1
    partner = rp.contract.declarer.partner  # type: ignore[union-attr]
    assert out[0].ruling.text.endswith("takes no part, so each trick has three cards.")
    assert all(len(t.plays) == 3 and partner not in t.seats for t in rp.tricks)
    assert rp.states[-1].sitting_out == partner


def test_open_misere_hand_is_shown_after_the_first_trick() -> None:
    hand = find(RulesSpec("australian"), lambda h, rp: rp.contract.bid.kind.value == "open-misere",
                tricks=2)
    rp = build(hand)
    i = next(i for i, s in enumerate(rp.steps) if s.kind is StepKind.SHOW)
    assert rp.steps[i - 1].kind is StepKind.TRICK and rp.steps[i - 1].trick == 1
    assert rp.states[i - 1].shown == frozenset() and rp.states[i].shown == {rp.contract.declarer}  # type: ignore[union-attr]
    assert rp.result is None  # stopped after two tricks: a partial hand gets no score


def test_misere_joker_kept_without_nomination_loses() -> None:
    # The rules page: "Failing to nominate the joker in Misere results in an automatic loss."
    hand = find(RulesSpec("australian"), lambda h, rp: h.joker is not None and rp.contract.bid.is_misere,
                tricks=0)
    rp = build(replace(hand, joker=None))
    assert rp.problems == ()
    kept = [s for s in rp.steps if s.ruling.kind is Kind.MISERE_JOKER_NOT_NOMINATED]
    assert len(kept) == 1 and "loses the misère whatever the tricks" in kept[0].ruling.text


def test_first_leader_skips_a_partner_sitting_out() -> None:
    spec = RulesSpec("avondale", {"misere": True})
    hand = find(spec, lambda h, rp: rp.contract.bid.is_misere
                and rp.contract.declarer.partner == h.dealer.next(), tricks=1)
    rp = build(hand)
    assert rp.tricks[0].leader == hand.dealer.next().next()
    assert "the player left of the dealer sits out" in rp.tricks[0].rulings[0].text


def test_terminal_tells_the_hand() -> None:
    text = format_replay(build(EXAMPLE))
    assert "Trick 1 (East leads)" in text
    assert "Trick 2 (South leads)" in text
    assert "Score: North–South +60, East–West −320" in text
    assert "♣" in text and "♣" not in format_replay(build(EXAMPLE), symbols=False)


def test_replay_json_lists_every_step_with_its_ruling() -> None:
    out = subprocess.run([sys.executable, "-m", "tutor", "replay", "--json", str(DATA / "spec-example.yaml")],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert len(data["steps"]) == len(build(EXAMPLE).steps)
    assert all(s["kind"] and s["text"] for s in data["steps"])
    assert data["tricks"][5]["rulings"][0]["kind"] == "joker-led-names-suit"


def test_the_state_records_the_suits_each_seat_has_shown_void_in() -> None:
    rp = build(handfile.load(Path(__file__).parent.parent / "hands" / "first-night-seven-hearts.yaml"))
    assert all(not v for v in rp.states[0].shown_void.values())
    # West discards the 7 of spades on the ace of clubs, the second card of trick 3.
    at = next(i for i, s in enumerate(rp.steps) if s.trick == 3 and s.position == 2)
    assert rp.states[at - 1].shown_void[Seat.W] == frozenset()
    assert rp.states[at].shown_void[Seat.W] == frozenset({Suit.CLUBS})
    assert rp.states[at].shown_void[Seat.N] == frozenset()
    assert rp.states[-1].shown_void[Seat.W] >= {Suit.CLUBS}
